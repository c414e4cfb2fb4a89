* ENCODING=ISO-8859-1
NAME          
ROWS
 N  obj1    
 E  c1      
 G  c2      
 L  c3      
 E  c4      
 L  c5      
 L  c6      
 G  c7      
 E  c8      
 L  c9      
 L  c10     
 L  c11     
 G  c12     
 G  c13     
 L  c14     
 L  c15     
 G  c16     
 G  c17     
 G  c18     
 G  c19     
 E  c20     
 L  c21     
 G  c22     
 L  c23     
 G  c24     
 G  c25     
 E  c26     
 E  c27     
 L  c28     
 G  c29     
 E  c30     
 L  c31     
 L  c32     
 L  c33     
 L  c34     
 E  c35     
 L  c36     
 E  c37     
 G  c38     
 G  c39     
 G  c40     
 L  c41     
 L  c42     
 E  c43     
 E  c44     
 G  c45     
 G  c46     
 L  c47     
 L  c48     
 E  c49     
 G  c50     
 G  c51     
 L  c52     
 G  c53     
 G  c54     
 L  c55     
 L  c56     
 G  c57     
 L  c58     
 G  c59     
 L  c60     
 G  c61     
 G  c62     
 G  c63     
 L  c64     
 L  c65     
 G  c66     
 L  c67     
 E  c68     
 L  c69     
 L  c70     
 E  c71     
 E  c72     
 G  c73     
 G  c74     
 L  c75     
 G  c76     
 L  c77     
 G  c78     
 G  c79     
 L  c80     
 G  c81     
 L  c82     
 G  c83     
 E  c84     
 G  c85     
 E  c86     
 E  c87     
 G  c88     
 E  c89     
 L  c90     
 E  c91     
 L  c92     
 G  c93     
 G  c94     
 L  c95     
 L  c96     
 L  c97     
 L  c98     
 G  c99     
 G  c100    
 G  c101    
 E  c102    
 E  c103    
 L  c104    
 G  c105    
 L  c106    
 G  c107    
 L  c108    
 E  c109    
 L  c110    
 E  c111    
 E  c112    
 E  c113    
 G  c114    
 G  c115    
 G  c116    
 L  c117    
 E  c118    
 L  c119    
 G  c120    
 L  c121    
 L  c122    
 G  c123    
COLUMNS
    MARK0000  'MARKER'                 'INTORG'
    x_0_0     c27                             1
    x_0_0     c32                             1
    x_0_0     c41                             1
    x_0_0     c43                             1
    x_0_0     c73                             1
    x_0_0     c112                            1
    x_0_0     c116                            1
    x_0_1     c12                             1
    x_0_1     c15                             1
    x_0_1     c27                             1
    x_0_1     c37                             1
    x_0_1     c41                             1
    x_0_1     c57                             1
    x_0_1     c71                             1
    x_0_1     c73                             1
    x_0_1     c112                            1
    x_0_1     c121                            1
    x_0_2     c15                             1
    x_0_2     c27                             1
    x_0_2     c41                             1
    x_0_2     c57                             1
    x_0_2     c71                             1
    x_0_2     c73                             1
    x_0_2     c75                             1
    x_0_2     c81                             1
    x_0_2     c113                            1
    x_0_2     c117                            1
    x_0_2     c120                            1
    x_0_3     c15                             1
    x_0_3     c26                             1
    x_0_3     c27                             1
    x_0_3     c38                             1
    x_0_3     c57                             1
    x_0_3     c66                             1
    x_0_3     c75                             1
    x_0_3     c90                             1
    x_0_3     c97                             1
    x_0_3     c120                            1
    x_0_4     c19                             1
    x_0_4     c21                             1
    x_0_4     c27                             1
    x_0_4     c38                             1
    x_0_4     c49                             1
    x_0_4     c75                             1
    x_0_4     c97                             1
    x_0_4     c120                            1
    x_0_5     c4                              1
    x_0_5     c27                             1
    x_0_5     c38                             1
    x_0_5     c48                             1
    x_0_5     c53                             1
    x_0_5     c97                             1
    x_1_0     c32                             1
    x_1_0     c43                             1
    x_1_0     c45                             1
    x_1_0     c56                             1
    x_1_0     c70                             1
    x_1_0     c88                             1
    x_1_0     c109                            1
    x_1_0     c111                            1
    x_1_0     c116                            1
    x_1_1     c6                              1
    x_1_1     c8                              1
    x_1_1     c12                             1
    x_1_1     c36                             1
    x_1_1     c37                             1
    x_1_1     c56                             1
    x_1_1     c62                             1
    x_1_1     c88                             1
    x_1_1     c107                            1
    x_1_1     c111                            1
    x_1_1     c118                            1
    x_1_1     c121                            1
    x_1_2     c6                              1
    x_1_2     c31                             1
    x_1_2     c40                             1
    x_1_2     c56                             1
    x_1_2     c62                             1
    x_1_2     c64                             1
    x_1_2     c81                             1
    x_1_2     c88                             1
    x_1_2     c91                             1
    x_1_2     c105                            1
    x_1_2     c111                            1
    x_1_2     c113                            1
    x_1_2     c117                            1
    x_1_2     c118                            1
    x_1_3     c6                              1
    x_1_3     c7                              1
    x_1_3     c26                             1
    x_1_3     c31                             1
    x_1_3     c47                             1
    x_1_3     c59                             1
    x_1_3     c62                             1
    x_1_3     c66                             1
    x_1_3     c69                             1
    x_1_3     c90                             1
    x_1_3     c91                            -1
    x_1_3     c105                            1
    x_1_3     c111                            1
    x_1_4     c5                              1
    x_1_4     c19                             1
    x_1_4     c21                             1
    x_1_4     c31                             1
    x_1_4     c46                             1
    x_1_4     c49                             1
    x_1_4     c59                             1
    x_1_4     c69                             1
    x_1_4     c105                            1
    x_1_4     c111                            1
    x_1_5     c4                              1
    x_1_5     c48                             1
    x_1_5     c53                             1
    x_1_5     c59                             1
    x_1_5     c69                             1
    x_1_5     c80                             1
    x_1_5     c100                            1
    x_1_5     c111                            1
    x_2_0     c22                             1
    x_2_0     c25                             1
    x_2_0     c30                             1
    x_2_0     c32                             1
    x_2_0     c43                             1
    x_2_0     c44                             1
    x_2_0     c45                             1
    x_2_0     c52                             1
    x_2_0     c70                             1
    x_2_0     c106                            1
    x_2_0     c109                            1
    x_2_0     c116                            1
    x_2_1     c12                             1
    x_2_1     c14                             1
    x_2_1     c18                             1
    x_2_1     c25                             1
    x_2_1     c30                             1
    x_2_1     c36                             1
    x_2_1     c37                             1
    x_2_1     c44                             1
    x_2_1     c77                             1
    x_2_1     c103                            1
    x_2_1     c106                            1
    x_2_1     c107                            1
    x_2_1     c121                            1
    x_2_1     c123                            1
    x_2_2     c2                              1
    x_2_2     c14                             1
    x_2_2     c25                             1
    x_2_2     c30                             1
    x_2_2     c40                             1
    x_2_2     c64                             1
    x_2_2     c81                             1
    x_2_2     c98                             1
    x_2_2     c103                           -1
    x_2_2     c106                            1
    x_2_2     c108                            1
    x_2_2     c113                            1
    x_2_2     c115                            1
    x_2_2     c117                            1
    x_2_2     c123                            1
    x_2_3     c2                              1
    x_2_3     c7                              1
    x_2_3     c14                             1
    x_2_3     c16                             1
    x_2_3     c26                             1
    x_2_3     c28                             1
    x_2_3     c30                             1
    x_2_3     c33                             1
    x_2_3     c47                             1
    x_2_3     c66                             1
    x_2_3     c83                             1
    x_2_3     c90                             1
    x_2_3     c108                            1
    x_2_3     c123                            1
    x_2_4     c2                              1
    x_2_4     c5                              1
    x_2_4     c19                             1
    x_2_4     c21                             1
    x_2_4     c28                             1
    x_2_4     c30                             1
    x_2_4     c46                             1
    x_2_4     c49                             1
    x_2_4     c83                             1
    x_2_4     c89                             1
    x_2_4     c94                             1
    x_2_4     c95                             1
    x_2_4     c108                            1
    x_2_5     c4                              1
    x_2_5     c24                             1
    x_2_5     c28                             1
    x_2_5     c30                             1
    x_2_5     c48                             1
    x_2_5     c53                             1
    x_2_5     c80                             1
    x_2_5     c83                             1
    x_2_5     c89                             1
    x_2_5     c96                             1
    x_2_5     c100                            1
    x_3_0     c9                              1
    x_3_0     c22                             1
    x_3_0     c43                             1
    x_3_0     c45                             1
    x_3_0     c52                             1
    x_3_0     c60                             1
    x_3_0     c63                             1
    x_3_0     c70                             1
    x_3_0     c84                             1
    x_3_0     c93                             1
    x_3_1     c3                              1
    x_3_1     c18                             1
    x_3_1     c36                             1
    x_3_1     c37                             1
    x_3_1     c60                             1
    x_3_1     c63                             1
    x_3_1     c77                             1
    x_3_1     c84                             1
    x_3_1     c85                             1
    x_3_1     c107                            1
    x_3_1     c114                            1
    x_3_1     c122                            1
    x_3_2     c3                              1
    x_3_2     c23                             1
    x_3_2     c29                             1
    x_3_2     c40                             1
    x_3_2     c42                             1
    x_3_2     c60                             1
    x_3_2     c61                             1
    x_3_2     c63                             1
    x_3_2     c64                             1
    x_3_2     c84                             1
    x_3_2     c85                             1
    x_3_2     c98                             1
    x_3_2     c113                            1
    x_3_2     c115                            1
    x_3_3     c3                              1
    x_3_3     c7                              1
    x_3_3     c16                             1
    x_3_3     c26                             1
    x_3_3     c29                             1
    x_3_3     c33                             1
    x_3_3     c42                             1
    x_3_3     c47                             1
    x_3_3     c51                             1
    x_3_3     c54                             1
    x_3_3     c55                             1
    x_3_3     c68                             1
    x_3_3     c84                             1
    x_3_3     c85                             1
    x_3_3     c104                            1
    x_3_4     c5                              1
    x_3_4     c29                             1
    x_3_4     c42                             1
    x_3_4     c46                             1
    x_3_4     c49                             1
    x_3_4     c51                             1
    x_3_4     c55                             1
    x_3_4     c68                            -1
    x_3_4     c78                             1
    x_3_4     c82                             1
    x_3_4     c84                             1
    x_3_4     c94                             1
    x_3_4     c95                             1
    x_3_5     c4                              1
    x_3_5     c24                             1
    x_3_5     c51                             1
    x_3_5     c55                             1
    x_3_5     c80                             1
    x_3_5     c84                             1
    x_3_5     c96                             1
    x_3_5     c100                            1
    x_3_5     c101                            1
    x_3_5     c110                            1
    x_4_0     c9                              1
    x_4_0     c22                             1
    x_4_0     c34                             1
    x_4_0     c43                             1
    x_4_0     c50                             1
    x_4_0     c52                             1
    x_4_0     c72                             1
    x_4_0     c93                             1
    x_4_1     c18                             1
    x_4_1     c34                             1
    x_4_1     c37                             1
    x_4_1     c50                             1
    x_4_1     c72                             1
    x_4_1     c74                             1
    x_4_1     c77                             1
    x_4_1     c114                            1
    x_4_1     c119                            1
    x_4_1     c122                            1
    x_4_2     c17                             1
    x_4_2     c23                             1
    x_4_2     c34                             1
    x_4_2     c50                             1
    x_4_2     c61                             1
    x_4_2     c72                             1
    x_4_2     c74                             1
    x_4_2     c92                             1
    x_4_2     c98                             1
    x_4_2     c102                            1
    x_4_2     c113                            1
    x_4_2     c115                            1
    x_4_2     c119                            1
    x_4_3     c11                             1
    x_4_3     c16                             1
    x_4_3     c17                             1
    x_4_3     c20                             1
    x_4_3     c26                             1
    x_4_3     c33                             1
    x_4_3     c54                             1
    x_4_3     c72                             1
    x_4_3     c74                             1
    x_4_3     c92                             1
    x_4_3     c99                             1
    x_4_3     c104                            1
    x_4_3     c119                            1
    x_4_4     c1                              1
    x_4_4     c11                             1
    x_4_4     c17                             1
    x_4_4     c49                             1
    x_4_4     c72                             1
    x_4_4     c78                             1
    x_4_4     c82                             1
    x_4_4     c92                             1
    x_4_4     c94                             1
    x_4_4     c95                             1
    x_4_4     c99                             1
    x_4_5     c1                              1
    x_4_5     c4                              1
    x_4_5     c11                             1
    x_4_5     c24                             1
    x_4_5     c72                             1
    x_4_5     c96                             1
    x_4_5     c99                             1
    x_4_5     c101                            1
    x_4_5     c110                            1
    x_5_0     c9                              1
    x_5_0     c39                             1
    x_5_0     c43                             1
    x_5_0     c65                             1
    x_5_0     c86                             1
    x_5_0     c93                             1
    x_5_1     c37                             1
    x_5_1     c39                             1
    x_5_1     c65                             1
    x_5_1     c67                             1
    x_5_1     c79                             1
    x_5_1     c86                             1
    x_5_1     c114                            1
    x_5_1     c122                            1
    x_5_2     c10                             1
    x_5_2     c23                             1
    x_5_2     c39                             1
    x_5_2     c61                             1
    x_5_2     c65                             1
    x_5_2     c67                             1
    x_5_2     c76                             1
    x_5_2     c79                             1
    x_5_2     c86                             1
    x_5_2     c113                            1
    x_5_3     c10                             1
    x_5_3     c13                             1
    x_5_3     c20                             1
    x_5_3     c26                             1
    x_5_3     c54                             1
    x_5_3     c58                             1
    x_5_3     c67                             1
    x_5_3     c76                             1
    x_5_3     c79                             1
    x_5_3     c86                             1
    x_5_3     c87                             1
    x_5_3     c104                            1
    x_5_4     c10                             1
    x_5_4     c13                             1
    x_5_4     c35                             1
    x_5_4     c49                             1
    x_5_4     c58                             1
    x_5_4     c76                             1
    x_5_4     c78                             1
    x_5_4     c82                             1
    x_5_4     c86                             1
    x_5_5     c4                              1
    x_5_5     c13                             1
    x_5_5     c58                             1
    x_5_5     c86                             1
    x_5_5     c101                            1
    x_5_5     c110                            1
    MARK0001  'MARKER'                 'INTEND'
RHS
    rhs       c1                              1
    rhs       c2                              1
    rhs       c3                              2
    rhs       c4                              3
    rhs       c5                              2
    rhs       c6                              2
    rhs       c7                              1
    rhs       c8                              1
    rhs       c9                              2
    rhs       c10                             2
    rhs       c11                             2
    rhs       c12                             1
    rhs       c13                             1
    rhs       c14                             2
    rhs       c15                             2
    rhs       c16                             1
    rhs       c17                             1
    rhs       c18                             1
    rhs       c19                             1
    rhs       c20                             1
    rhs       c21                             2
    rhs       c22                             1
    rhs       c23                             2
    rhs       c24                             1
    rhs       c25                             1
    rhs       c26                             3
    rhs       c27                             3
    rhs       c28                             2
    rhs       c29                             1
    rhs       c30                             3
    rhs       c31                             2
    rhs       c32                             2
    rhs       c33                             2
    rhs       c34                             2
    rhs       c36                             2
    rhs       c37                             3
    rhs       c38                             1
    rhs       c39                             1
    rhs       c40                             1
    rhs       c41                             2
    rhs       c42                             2
    rhs       c43                             3
    rhs       c44                             1
    rhs       c45                             1
    rhs       c46                             1
    rhs       c47                             2
    rhs       c48                             2
    rhs       c49                             3
    rhs       c50                             1
    rhs       c51                             1
    rhs       c52                             2
    rhs       c53                             1
    rhs       c54                             1
    rhs       c55                             2
    rhs       c56                             2
    rhs       c57                             1
    rhs       c58                             2
    rhs       c59                             1
    rhs       c60                             2
    rhs       c61                             1
    rhs       c62                             1
    rhs       c63                             1
    rhs       c64                             2
    rhs       c65                             2
    rhs       c66                             1
    rhs       c67                             2
    rhs       c69                             2
    rhs       c70                             2
    rhs       c71                             1
    rhs       c72                             3
    rhs       c73                             1
    rhs       c74                             1
    rhs       c75                             2
    rhs       c76                             1
    rhs       c77                             2
    rhs       c78                             1
    rhs       c79                             1
    rhs       c80                             2
    rhs       c81                             1
    rhs       c82                             2
    rhs       c83                             1
    rhs       c84                             3
    rhs       c85                             1
    rhs       c86                             3
    rhs       c87                             1
    rhs       c88                             1
    rhs       c89                             1
    rhs       c90                             2
    rhs       c92                             2
    rhs       c93                             1
    rhs       c94                             1
    rhs       c95                             2
    rhs       c96                             2
    rhs       c97                             2
    rhs       c98                             2
    rhs       c99                             1
    rhs       c100                            1
    rhs       c101                            1
    rhs       c104                            2
    rhs       c105                            1
    rhs       c106                            2
    rhs       c107                            1
    rhs       c108                            2
    rhs       c109                            1
    rhs       c110                            2
    rhs       c111                            3
    rhs       c112                            1
    rhs       c113                            3
    rhs       c114                            1
    rhs       c115                            1
    rhs       c116                            1
    rhs       c117                            2
    rhs       c118                            1
    rhs       c119                            2
    rhs       c120                            1
    rhs       c121                            2
    rhs       c122                            2
    rhs       c123                            1
BOUNDS
 BV bnd       x_0_0   
 BV bnd       x_0_1   
 BV bnd       x_0_2   
 BV bnd       x_0_3   
 BV bnd       x_0_4   
 BV bnd       x_0_5   
 BV bnd       x_1_0   
 BV bnd       x_1_1   
 BV bnd       x_1_2   
 BV bnd       x_1_3   
 BV bnd       x_1_4   
 BV bnd       x_1_5   
 BV bnd       x_2_0   
 BV bnd       x_2_1   
 BV bnd       x_2_2   
 BV bnd       x_2_3   
 BV bnd       x_2_4   
 BV bnd       x_2_5   
 BV bnd       x_3_0   
 BV bnd       x_3_1   
 BV bnd       x_3_2   
 BV bnd       x_3_3   
 BV bnd       x_3_4   
 BV bnd       x_3_5   
 BV bnd       x_4_0   
 BV bnd       x_4_1   
 BV bnd       x_4_2   
 BV bnd       x_4_3   
 BV bnd       x_4_4   
 BV bnd       x_4_5   
 BV bnd       x_5_0   
 BV bnd       x_5_1   
 BV bnd       x_5_2   
 BV bnd       x_5_3   
 BV bnd       x_5_4   
 BV bnd       x_5_5   
ENDATA
