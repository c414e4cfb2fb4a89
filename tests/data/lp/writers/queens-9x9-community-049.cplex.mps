* ENCODING=ISO-8859-1
NAME          
ROWS
 N  obj1    
 L  c1      
 L  c2      
 L  c3      
 E  c4      
 L  c5      
 L  c6      
 L  c7      
 L  c8      
 L  c9      
 L  c10     
 L  c11     
 L  c12     
 E  c13     
 L  c14     
 L  c15     
 L  c16     
 L  c17     
 L  c18     
 L  c19     
 L  c20     
 L  c21     
 E  c22     
 E  c23     
 L  c24     
 L  c25     
 L  c26     
 L  c27     
 L  c28     
 L  c29     
 L  c30     
 E  c31     
 E  c32     
 L  c33     
 L  c34     
 L  c35     
 L  c36     
 L  c37     
 L  c38     
 E  c39     
 L  c40     
 E  c41     
 L  c42     
 L  c43     
 L  c44     
 L  c45     
 L  c46     
 L  c47     
 E  c48     
 L  c49     
 L  c50     
 E  c51     
 L  c52     
 L  c53     
 L  c54     
 L  c55     
 E  c56     
 E  c57     
 L  c58     
 E  c59     
 L  c60     
 L  c61     
 E  c62     
 E  c63     
 E  c64     
 L  c65     
 L  c66     
 L  c67     
 E  c68     
 L  c69     
 L  c70     
 E  c71     
 E  c72     
 L  c73     
 L  c74     
 L  c75     
 L  c76     
 E  c77     
 L  c78     
 L  c79     
 L  c80     
 L  c81     
 E  c82     
 L  c83     
 L  c84     
 L  c85     
 L  c86     
 L  c87     
 L  c88     
 L  c89     
 L  c90     
 L  c91     
 L  c92     
 L  c93     
 L  c94     
 L  c95     
 L  c96     
 L  c97     
 L  c98     
 L  c99     
 L  c100    
 L  c101    
 L  c102    
 L  c103    
 L  c104    
 E  c105    
 E  c106    
 L  c107    
 E  c108    
 L  c109    
 L  c110    
 L  c111    
 L  c112    
 L  c113    
 L  c114    
 L  c115    
 L  c116    
 L  c117    
 L  c118    
 L  c119    
 L  c120    
 L  c121    
 L  c122    
 L  c123    
 L  c124    
 L  c125    
 L  c126    
 L  c127    
 L  c128    
 E  c129    
 L  c130    
 L  c131    
 L  c132    
 L  c133    
 L  c134    
 L  c135    
 L  c136    
 L  c137    
 L  c138    
 L  c139    
 L  c140    
 L  c141    
 L  c142    
 L  c143    
 L  c144    
 L  c145    
 L  c146    
 E  c147    
 E  c148    
 L  c149    
 L  c150    
 L  c151    
 L  c152    
 L  c153    
 L  c154    
 L  c155    
COLUMNS
    MARK0000  'MARKER'                 'INTORG'
    x_0_0     c32                             1
    x_0_0     c41                             1
    x_0_0     c62                             1
    x_0_0     c102                            1
    x_0_1     c27                             1
    x_0_1     c41                             1
    x_0_1     c62                             1
    x_0_1     c87                             1
    x_0_1     c129                            1
    x_0_2     c8                              1
    x_0_2     c20                             1
    x_0_2     c41                             1
    x_0_2     c62                             1
    x_0_2     c68                             1
    x_0_3     c41                             1
    x_0_3     c45                             1
    x_0_3     c62                             1
    x_0_3     c106                            1
    x_0_3     c152                            1
    x_0_4     c41                             1
    x_0_4     c62                             1
    x_0_4     c77                             1
    x_0_4     c84                             1
    x_0_4     c123                            1
    x_0_5     c22                             1
    x_0_5     c41                             1
    x_0_5     c49                             1
    x_0_5     c62                             1
    x_0_5     c73                             1
    x_0_6     c41                             1
    x_0_6     c54                             1
    x_0_6     c62                             1
    x_0_6     c72                             1
    x_0_6     c137                            1
    x_0_7     c41                             1
    x_0_7     c62                             1
    x_0_7     c81                             1
    x_0_7     c130                            1
    x_0_7     c148                            1
    x_0_8     c37                             1
    x_0_8     c41                             1
    x_0_8     c62                             1
    x_0_8     c108                            1
    x_1_0     c27                             1
    x_1_0     c32                             1
    x_1_0     c62                             1
    x_1_0     c63                             1
    x_1_0     c86                             1
    x_1_1     c20                             1
    x_1_1     c50                             1
    x_1_1     c63                             1
    x_1_1     c64                             1
    x_1_1     c92                             1
    x_1_1     c102                            1
    x_1_1     c129                            1
    x_1_2     c9                              1
    x_1_2     c45                             1
    x_1_2     c63                             1
    x_1_2     c64                             1
    x_1_2     c68                             1
    x_1_2     c87                             1
    x_1_2     c107                            1
    x_1_3     c8                              1
    x_1_3     c53                             1
    x_1_3     c63                             1
    x_1_3     c64                             1
    x_1_3     c106                            1
    x_1_3     c123                            1
    x_1_3     c142                            1
    x_1_4     c43                             1
    x_1_4     c63                             1
    x_1_4     c64                             1
    x_1_4     c73                             1
    x_1_4     c77                             1
    x_1_4     c113                            1
    x_1_4     c152                            1
    x_1_5     c22                             1
    x_1_5     c63                             1
    x_1_5     c64                             1
    x_1_5     c84                             1
    x_1_5     c89                             1
    x_1_5     c96                             1
    x_1_5     c137                            1
    x_1_6     c49                             1
    x_1_6     c63                             1
    x_1_6     c64                             1
    x_1_6     c72                             1
    x_1_6     c99                             1
    x_1_6     c114                            1
    x_1_6     c130                            1
    x_1_7     c37                             1
    x_1_7     c52                             1
    x_1_7     c54                             1
    x_1_7     c63                             1
    x_1_7     c64                             1
    x_1_7     c109                            1
    x_1_7     c148                            1
    x_1_8     c35                             1
    x_1_8     c63                             1
    x_1_8     c81                             1
    x_1_8     c82                             1
    x_1_8     c108                            1
    x_2_0     c32                             1
    x_2_0     c56                             1
    x_2_0     c62                             1
    x_2_0     c92                             1
    x_2_0     c143                            1
    x_2_1     c48                             1
    x_2_1     c56                             1
    x_2_1     c70                             1
    x_2_1     c86                             1
    x_2_1     c107                            1
    x_2_1     c129                            1
    x_2_1     c155                            1
    x_2_2     c30                             1
    x_2_2     c48                             1
    x_2_2     c50                             1
    x_2_2     c53                             1
    x_2_2     c56                             1
    x_2_2     c68                             1
    x_2_2     c103                            1
    x_2_3     c9                              1
    x_2_3     c16                             1
    x_2_3     c48                             1
    x_2_3     c56                             1
    x_2_3     c95                             1
    x_2_3     c106                            1
    x_2_3     c113                            1
    x_2_4     c26                             1
    x_2_4     c48                             1
    x_2_4     c56                             1
    x_2_4     c77                             1
    x_2_4     c89                             1
    x_2_4     c142                            1
    x_2_4     c145                            1
    x_2_5     c22                             1
    x_2_5     c43                             1
    x_2_5     c48                             1
    x_2_5     c56                             1
    x_2_5     c80                             1
    x_2_5     c91                             1
    x_2_5     c114                            1
    x_2_6     c31                             1
    x_2_6     c44                             1
    x_2_6     c56                             1
    x_2_6     c66                             1
    x_2_6     c72                             1
    x_2_6     c96                             1
    x_2_6     c109                            1
    x_2_7     c35                             1
    x_2_7     c56                             1
    x_2_7     c64                             1
    x_2_7     c78                             1
    x_2_7     c99                             1
    x_2_7     c110                            1
    x_2_7     c148                            1
    x_2_8     c52                             1
    x_2_8     c56                             1
    x_2_8     c82                             1
    x_2_8     c90                             1
    x_2_8     c108                            1
    x_3_0     c32                             1
    x_3_0     c61                             1
    x_3_0     c62                             1
    x_3_0     c147                            1
    x_3_0     c155                            1
    x_3_1     c30                             1
    x_3_1     c48                             1
    x_3_1     c121                            1
    x_3_1     c128                            1
    x_3_1     c129                            1
    x_3_1     c143                            1
    x_3_1     c147                            1
    x_3_2     c23                             1
    x_3_2     c68                             1
    x_3_2     c69                             1
    x_3_2     c70                             1
    x_3_2     c75                             1
    x_3_2     c95                             1
    x_3_2     c147                            1
    x_3_3     c17                             1
    x_3_3     c23                             1
    x_3_3     c98                             1
    x_3_3     c103                            1
    x_3_3     c106                            1
    x_3_3     c145                            1
    x_3_3     c147                            1
    x_3_4     c6                              1
    x_3_4     c16                             1
    x_3_4     c23                             1
    x_3_4     c47                             1
    x_3_4     c77                             1
    x_3_4     c91                             1
    x_3_4     c147                            1
    x_3_5     c5                              1
    x_3_5     c18                             1
    x_3_5     c22                             1
    x_3_5     c23                             1
    x_3_5     c26                             1
    x_3_5     c66                             1
    x_3_5     c147                            1
    x_3_6     c31                             1
    x_3_6     c38                             1
    x_3_6     c72                             1
    x_3_6     c78                             1
    x_3_6     c80                             1
    x_3_6     c100                            1
    x_3_6     c147                            1
    x_3_7     c44                             1
    x_3_7     c64                             1
    x_3_7     c65                             1
    x_3_7     c88                             1
    x_3_7     c90                             1
    x_3_7     c147                            1
    x_3_7     c148                            1
    x_3_8     c34                             1
    x_3_8     c82                             1
    x_3_8     c108                            1
    x_3_8     c110                            1
    x_3_8     c147                            1
    x_4_0     c32                             1
    x_4_0     c62                             1
    x_4_0     c105                            1
    x_4_0     c116                            1
    x_4_0     c121                            1
    x_4_1     c48                             1
    x_4_1     c61                             1
    x_4_1     c75                             1
    x_4_1     c105                            1
    x_4_1     c112                            1
    x_4_1     c120                            1
    x_4_1     c129                            1
    x_4_2     c25                             1
    x_4_2     c51                             1
    x_4_2     c68                             1
    x_4_2     c98                             1
    x_4_2     c105                            1
    x_4_2     c128                            1
    x_4_2     c151                            1
    x_4_3     c6                              1
    x_4_3     c12                             1
    x_4_3     c51                             1
    x_4_3     c55                             1
    x_4_3     c69                             1
    x_4_3     c105                            1
    x_4_3     c106                            1
    x_4_4     c17                             1
    x_4_4     c18                             1
    x_4_4     c51                             1
    x_4_4     c58                             1
    x_4_4     c77                             1
    x_4_4     c105                            1
    x_4_4     c133                            1
    x_4_5     c13                             1
    x_4_5     c22                             1
    x_4_5     c47                             1
    x_4_5     c100                            1
    x_4_5     c105                            1
    x_4_5     c115                            1
    x_4_5     c138                            1
    x_4_6     c5                              1
    x_4_6     c31                             1
    x_4_6     c46                             1
    x_4_6     c65                             1
    x_4_6     c72                             1
    x_4_6     c105                            1
    x_4_6     c111                            1
    x_4_7     c34                             1
    x_4_7     c38                             1
    x_4_7     c40                             1
    x_4_7     c64                             1
    x_4_7     c105                            1
    x_4_7     c125                            1
    x_4_7     c148                            1
    x_4_8     c24                             1
    x_4_8     c82                             1
    x_4_8     c88                             1
    x_4_8     c105                            1
    x_4_8     c108                            1
    x_5_0     c4                              1
    x_5_0     c32                             1
    x_5_0     c62                             1
    x_5_0     c104                            1
    x_5_0     c120                            1
    x_5_1     c4                              1
    x_5_1     c7                              1
    x_5_1     c48                             1
    x_5_1     c93                             1
    x_5_1     c116                            1
    x_5_1     c129                            1
    x_5_1     c151                            1
    x_5_2     c4                              1
    x_5_2     c51                             1
    x_5_2     c55                             1
    x_5_2     c60                             1
    x_5_2     c68                             1
    x_5_2     c112                            1
    x_5_2     c124                            1
    x_5_3     c4                              1
    x_5_3     c15                             1
    x_5_3     c25                             1
    x_5_3     c51                             1
    x_5_3     c58                             1
    x_5_3     c106                            1
    x_5_3     c118                            1
    x_5_4     c4                              1
    x_5_4     c11                             1
    x_5_4     c12                             1
    x_5_4     c51                             1
    x_5_4     c67                             1
    x_5_4     c77                             1
    x_5_4     c115                            1
    x_5_5     c4                              1
    x_5_5     c13                             1
    x_5_5     c22                             1
    x_5_5     c94                             1
    x_5_5     c111                            1
    x_5_5     c119                            1
    x_5_5     c133                            1
    x_5_6     c4                              1
    x_5_6     c10                             1
    x_5_6     c31                             1
    x_5_6     c40                             1
    x_5_6     c72                             1
    x_5_6     c79                             1
    x_5_6     c138                            1
    x_5_7     c4                              1
    x_5_7     c24                             1
    x_5_7     c46                             1
    x_5_7     c64                             1
    x_5_7     c146                            1
    x_5_7     c148                            1
    x_5_7     c150                            1
    x_5_8     c4                              1
    x_5_8     c74                             1
    x_5_8     c82                             1
    x_5_8     c108                            1
    x_5_8     c125                            1
    x_6_0     c7                              1
    x_6_0     c32                             1
    x_6_0     c39                             1
    x_6_0     c42                             1
    x_6_0     c62                             1
    x_6_1     c36                             1
    x_6_1     c39                             1
    x_6_1     c48                             1
    x_6_1     c85                             1
    x_6_1     c104                            1
    x_6_1     c124                            1
    x_6_1     c129                            1
    x_6_2     c2                              1
    x_6_2     c39                             1
    x_6_2     c51                             1
    x_6_2     c68                             1
    x_6_2     c83                             1
    x_6_2     c93                             1
    x_6_2     c118                            1
    x_6_3     c3                              1
    x_6_3     c11                             1
    x_6_3     c28                             1
    x_6_3     c39                             1
    x_6_3     c59                             1
    x_6_3     c60                             1
    x_6_3     c106                            1
    x_6_4     c15                             1
    x_6_4     c33                             1
    x_6_4     c39                             1
    x_6_4     c51                             1
    x_6_4     c77                             1
    x_6_4     c94                             1
    x_6_4     c126                            1
    x_6_5     c10                             1
    x_6_5     c13                             1
    x_6_5     c22                             1
    x_6_5     c39                             1
    x_6_5     c67                             1
    x_6_5     c127                            1
    x_6_5     c134                            1
    x_6_6     c19                             1
    x_6_6     c31                             1
    x_6_6     c39                             1
    x_6_6     c72                             1
    x_6_6     c97                             1
    x_6_6     c119                            1
    x_6_6     c146                            1
    x_6_7     c39                             1
    x_6_7     c64                             1
    x_6_7     c74                             1
    x_6_7     c76                             1
    x_6_7     c79                             1
    x_6_7     c135                            1
    x_6_7     c148                            1
    x_6_8     c39                             1
    x_6_8     c82                             1
    x_6_8     c108                            1
    x_6_8     c140                            1
    x_6_8     c150                            1
    x_7_0     c32                             1
    x_7_0     c36                             1
    x_7_0     c57                             1
    x_7_0     c62                             1
    x_7_0     c153                            1
    x_7_1     c1                              1
    x_7_1     c2                              1
    x_7_1     c31                             1
    x_7_1     c42                             1
    x_7_1     c57                             1
    x_7_1     c129                            1
    x_7_1     c144                            1
    x_7_2     c28                             1
    x_7_2     c31                             1
    x_7_2     c57                             1
    x_7_2     c68                             1
    x_7_2     c85                             1
    x_7_2     c117                            1
    x_7_2     c136                            1
    x_7_3     c21                             1
    x_7_3     c31                             1
    x_7_3     c33                             1
    x_7_3     c57                             1
    x_7_3     c83                             1
    x_7_3     c106                            1
    x_7_3     c141                            1
    x_7_4     c3                              1
    x_7_4     c31                             1
    x_7_4     c57                             1
    x_7_4     c77                             1
    x_7_4     c127                            1
    x_7_4     c131                            1
    x_7_4     c132                            1
    x_7_5     c22                             1
    x_7_5     c31                             1
    x_7_5     c57                             1
    x_7_5     c97                             1
    x_7_5     c126                            1
    x_7_5     c139                            1
    x_7_5     c149                            1
    x_7_6     c14                             1
    x_7_6     c31                             1
    x_7_6     c57                             1
    x_7_6     c72                             1
    x_7_6     c134                            1
    x_7_6     c135                            1
    x_7_6     c154                            1
    x_7_7     c19                             1
    x_7_7     c29                             1
    x_7_7     c57                             1
    x_7_7     c64                             1
    x_7_7     c101                            1
    x_7_7     c140                            1
    x_7_7     c148                            1
    x_7_8     c57                             1
    x_7_8     c76                             1
    x_7_8     c82                             1
    x_7_8     c108                            1
    x_7_8     c122                            1
    x_8_0     c1                              1
    x_8_0     c32                             1
    x_8_0     c62                             1
    x_8_0     c71                             1
    x_8_1     c71                             1
    x_8_1     c82                             1
    x_8_1     c129                            1
    x_8_1     c136                            1
    x_8_1     c153                            1
    x_8_2     c21                             1
    x_8_2     c68                             1
    x_8_2     c71                             1
    x_8_2     c82                             1
    x_8_2     c144                            1
    x_8_3     c71                             1
    x_8_3     c82                             1
    x_8_3     c106                            1
    x_8_3     c117                            1
    x_8_3     c132                            1
    x_8_4     c71                             1
    x_8_4     c77                             1
    x_8_4     c82                             1
    x_8_4     c141                            1
    x_8_4     c149                            1
    x_8_5     c14                             1
    x_8_5     c22                             1
    x_8_5     c71                             1
    x_8_5     c82                             1
    x_8_5     c131                            1
    x_8_6     c29                             1
    x_8_6     c71                             1
    x_8_6     c72                             1
    x_8_6     c82                             1
    x_8_6     c139                            1
    x_8_7     c71                             1
    x_8_7     c82                             1
    x_8_7     c122                            1
    x_8_7     c148                            1
    x_8_7     c154                            1
    x_8_8     c71                             1
    x_8_8     c82                             1
    x_8_8     c101                            1
    x_8_8     c108                            1
    MARK0001  'MARKER'                 'INTEND'
RHS
    rhs       c1                              1
    rhs       c2                              1
    rhs       c3                              1
    rhs       c4                              1
    rhs       c5                              1
    rhs       c6                              1
    rhs       c7                              1
    rhs       c8                              1
    rhs       c9                              1
    rhs       c10                             1
    rhs       c11                             1
    rhs       c12                             1
    rhs       c13                             1
    rhs       c14                             1
    rhs       c15                             1
    rhs       c16                             1
    rhs       c17                             1
    rhs       c18                             1
    rhs       c19                             1
    rhs       c20                             1
    rhs       c21                             1
    rhs       c22                             1
    rhs       c23                             1
    rhs       c24                             1
    rhs       c25                             1
    rhs       c26                             1
    rhs       c27                             1
    rhs       c28                             1
    rhs       c29                             1
    rhs       c30                             1
    rhs       c31                             1
    rhs       c32                             1
    rhs       c33                             1
    rhs       c34                             1
    rhs       c35                             1
    rhs       c36                             1
    rhs       c37                             1
    rhs       c38                             1
    rhs       c39                             1
    rhs       c40                             1
    rhs       c41                             1
    rhs       c42                             1
    rhs       c43                             1
    rhs       c44                             1
    rhs       c45                             1
    rhs       c46                             1
    rhs       c47                             1
    rhs       c48                             1
    rhs       c49                             1
    rhs       c50                             1
    rhs       c51                             1
    rhs       c52                             1
    rhs       c53                             1
    rhs       c54                             1
    rhs       c55                             1
    rhs       c56                             1
    rhs       c57                             1
    rhs       c58                             1
    rhs       c59                             1
    rhs       c60                             1
    rhs       c61                             1
    rhs       c62                             1
    rhs       c63                             1
    rhs       c64                             1
    rhs       c65                             1
    rhs       c66                             1
    rhs       c67                             1
    rhs       c68                             1
    rhs       c69                             1
    rhs       c70                             1
    rhs       c71                             1
    rhs       c72                             1
    rhs       c73                             1
    rhs       c74                             1
    rhs       c75                             1
    rhs       c76                             1
    rhs       c77                             1
    rhs       c78                             1
    rhs       c79                             1
    rhs       c80                             1
    rhs       c81                             1
    rhs       c82                             1
    rhs       c83                             1
    rhs       c84                             1
    rhs       c85                             1
    rhs       c86                             1
    rhs       c87                             1
    rhs       c88                             1
    rhs       c89                             1
    rhs       c90                             1
    rhs       c91                             1
    rhs       c92                             1
    rhs       c93                             1
    rhs       c94                             1
    rhs       c95                             1
    rhs       c96                             1
    rhs       c97                             1
    rhs       c98                             1
    rhs       c99                             1
    rhs       c100                            1
    rhs       c101                            1
    rhs       c102                            1
    rhs       c103                            1
    rhs       c104                            1
    rhs       c105                            1
    rhs       c106                            1
    rhs       c107                            1
    rhs       c108                            1
    rhs       c109                            1
    rhs       c110                            1
    rhs       c111                            1
    rhs       c112                            1
    rhs       c113                            1
    rhs       c114                            1
    rhs       c115                            1
    rhs       c116                            1
    rhs       c117                            1
    rhs       c118                            1
    rhs       c119                            1
    rhs       c120                            1
    rhs       c121                            1
    rhs       c122                            1
    rhs       c123                            1
    rhs       c124                            1
    rhs       c125                            1
    rhs       c126                            1
    rhs       c127                            1
    rhs       c128                            1
    rhs       c129                            1
    rhs       c130                            1
    rhs       c131                            1
    rhs       c132                            1
    rhs       c133                            1
    rhs       c134                            1
    rhs       c135                            1
    rhs       c136                            1
    rhs       c137                            1
    rhs       c138                            1
    rhs       c139                            1
    rhs       c140                            1
    rhs       c141                            1
    rhs       c142                            1
    rhs       c143                            1
    rhs       c144                            1
    rhs       c145                            1
    rhs       c146                            1
    rhs       c147                            1
    rhs       c148                            1
    rhs       c149                            1
    rhs       c150                            1
    rhs       c151                            1
    rhs       c152                            1
    rhs       c153                            1
    rhs       c154                            1
    rhs       c155                            1
BOUNDS
 BV bnd       x_0_0   
 BV bnd       x_0_1   
 BV bnd       x_0_2   
 BV bnd       x_0_3   
 BV bnd       x_0_4   
 BV bnd       x_0_5   
 BV bnd       x_0_6   
 BV bnd       x_0_7   
 BV bnd       x_0_8   
 BV bnd       x_1_0   
 BV bnd       x_1_1   
 BV bnd       x_1_2   
 BV bnd       x_1_3   
 BV bnd       x_1_4   
 BV bnd       x_1_5   
 BV bnd       x_1_6   
 BV bnd       x_1_7   
 BV bnd       x_1_8   
 BV bnd       x_2_0   
 BV bnd       x_2_1   
 BV bnd       x_2_2   
 BV bnd       x_2_3   
 BV bnd       x_2_4   
 BV bnd       x_2_5   
 BV bnd       x_2_6   
 BV bnd       x_2_7   
 BV bnd       x_2_8   
 BV bnd       x_3_0   
 BV bnd       x_3_1   
 BV bnd       x_3_2   
 BV bnd       x_3_3   
 BV bnd       x_3_4   
 BV bnd       x_3_5   
 BV bnd       x_3_6   
 BV bnd       x_3_7   
 BV bnd       x_3_8   
 BV bnd       x_4_0   
 BV bnd       x_4_1   
 BV bnd       x_4_2   
 BV bnd       x_4_3   
 BV bnd       x_4_4   
 BV bnd       x_4_5   
 BV bnd       x_4_6   
 BV bnd       x_4_7   
 BV bnd       x_4_8   
 BV bnd       x_5_0   
 BV bnd       x_5_1   
 BV bnd       x_5_2   
 BV bnd       x_5_3   
 BV bnd       x_5_4   
 BV bnd       x_5_5   
 BV bnd       x_5_6   
 BV bnd       x_5_7   
 BV bnd       x_5_8   
 BV bnd       x_6_0   
 BV bnd       x_6_1   
 BV bnd       x_6_2   
 BV bnd       x_6_3   
 BV bnd       x_6_4   
 BV bnd       x_6_5   
 BV bnd       x_6_6   
 BV bnd       x_6_7   
 BV bnd       x_6_8   
 BV bnd       x_7_0   
 BV bnd       x_7_1   
 BV bnd       x_7_2   
 BV bnd       x_7_3   
 BV bnd       x_7_4   
 BV bnd       x_7_5   
 BV bnd       x_7_6   
 BV bnd       x_7_7   
 BV bnd       x_7_8   
 BV bnd       x_8_0   
 BV bnd       x_8_1   
 BV bnd       x_8_2   
 BV bnd       x_8_3   
 BV bnd       x_8_4   
 BV bnd       x_8_5   
 BV bnd       x_8_6   
 BV bnd       x_8_7   
 BV bnd       x_8_8   
ENDATA
