* ENCODING=ISO-8859-1
NAME          
ROWS
 N  obj1    
 E  c1      
 E  c2      
 E  c3      
 E  c4      
 E  c5      
 E  c6      
 E  c7      
 E  c8      
 E  c9      
 E  c10     
 E  c11     
 E  c12     
 E  c13     
 E  c14     
 E  c15     
 E  c16     
 E  c17     
 E  c18     
 E  c19     
 E  c20     
 E  c21     
 E  c22     
 E  c23     
 E  c24     
 E  c25     
 E  c26     
 E  c27     
 E  c28     
 E  c29     
 E  c30     
 E  c31     
 E  c32     
 E  c33     
 E  c34     
 E  c35     
 E  c36     
 E  c37     
 E  c38     
 E  c39     
 E  c40     
 E  c41     
 E  c42     
 E  c43     
 E  c44     
 E  c45     
 E  c46     
 E  c47     
 E  c48     
 E  c49     
 E  c50     
 E  c51     
 E  c52     
 E  c53     
 E  c54     
 E  c55     
 E  c56     
 E  c57     
 E  c58     
 E  c59     
 E  c60     
 E  c61     
 E  c62     
 E  c63     
 E  c64     
 E  c65     
 E  c66     
 E  c67     
 E  c68     
 E  c69     
 E  c70     
COLUMNS
    MARK0000  'MARKER'                 'INTORG'
    x_r0c0d1  c5                              1
    x_r0c0d1  c26                             1
    x_r0c0d1  c38                             1
    x_r0c0d1  c45                             1
    x_r0c0d1  c69                             1
    x_r0c0d2  c2                              1
    x_r0c0d2  c37                             1
    x_r0c0d2  c45                             1
    x_r0c0d2  c47                             1
    x_r0c0d3  c12                             1
    x_r0c0d3  c45                             1
    x_r0c0d3  c48                             1
    x_r0c0d3  c57                             1
    x_r0c0d4  c39                             1
    x_r0c0d4  c45                             1
    x_r0c0d4  c49                             1
    x_r0c0d4  c62                             1
    x_r0c1d1  c1                              1
    x_r0c1d1  c26                             1
    x_r0c1d1  c65                             1
    x_r0c1d1  c69                             1
    x_r0c1d2  c2                              1
    x_r0c1d2  c37                             1
    x_r0c1d2  c41                             1
    x_r0c1d2  c65                             1
    x_r0c1d3  c12                             1
    x_r0c1d3  c14                             1
    x_r0c1d3  c48                             1
    x_r0c1d3  c65                             1
    x_r0c1d4  c4                              1
    x_r0c1d4  c39                             1
    x_r0c1d4  c49                             1
    x_r0c1d4  c65                             1
    x_r0c2d1  c33                             1
    x_r0c2d1  c40                             1
    x_r0c2d1  c52                             1
    x_r0c2d1  c69                             1
    x_r0c2d2  c3                              1
    x_r0c2d2  c37                             1
    x_r0c2d2  c40                             1
    x_r0c2d2  c56                             1
    x_r0c2d3  c12                             1
    x_r0c2d3  c22                             1
    x_r0c2d3  c31                             1
    x_r0c2d3  c40                             1
    x_r0c2d3  c44                             1
    x_r0c2d4  c29                             1
    x_r0c2d4  c36                             1
    x_r0c2d4  c39                             1
    x_r0c2d4  c40                             1
    x_r0c3d1  c9                              1
    x_r0c3d1  c27                             1
    x_r0c3d1  c33                             1
    x_r0c3d1  c69                             1
    x_r0c3d2  c27                             1
    x_r0c3d2  c37                             1
    x_r0c3d2  c56                             1
    x_r0c3d2  c59                             1
    x_r0c3d3  c12                             1
    x_r0c3d3  c16                             1
    x_r0c3d3  c27                             1
    x_r0c3d3  c31                             1
    x_r0c3d4  c27                             1
    x_r0c3d4  c36                             1
    x_r0c3d4  c39                             1
    x_r0c3d4  c68                             1
    x_r1c0d1  c5                              1
    x_r1c0d1  c19                             1
    x_r1c0d1  c26                             1
    x_r1c0d1  c43                             1
    x_r1c0d2  c2                              1
    x_r1c0d2  c15                             1
    x_r1c0d2  c43                             1
    x_r1c0d2  c47                             1
    x_r1c0d3  c13                             1
    x_r1c0d3  c43                             1
    x_r1c0d3  c48                             1
    x_r1c0d3  c57                             1
    x_r1c0d4  c6                              1
    x_r1c0d4  c43                             1
    x_r1c0d4  c49                             1
    x_r1c0d4  c62                             1
    x_r1c1d1  c1                              1
    x_r1c1d1  c10                             1
    x_r1c1d1  c19                             1
    x_r1c1d1  c26                             1
    x_r1c1d2  c2                              1
    x_r1c1d2  c10                             1
    x_r1c1d2  c15                             1
    x_r1c1d2  c41                             1
    x_r1c1d3  c10                             1
    x_r1c1d3  c13                             1
    x_r1c1d3  c14                             1
    x_r1c1d3  c48                             1
    x_r1c1d4  c4                              1
    x_r1c1d4  c6                              1
    x_r1c1d4  c10                             1
    x_r1c1d4  c49                             1
    x_r1c2d1  c19                             1
    x_r1c2d1  c23                             1
    x_r1c2d1  c33                             1
    x_r1c2d1  c52                             1
    x_r1c2d2  c3                              1
    x_r1c2d2  c15                             1
    x_r1c2d2  c23                             1
    x_r1c2d2  c56                             1
    x_r1c2d3  c13                             1
    x_r1c2d3  c23                             1
    x_r1c2d3  c31                             1
    x_r1c2d3  c44                             1
    x_r1c2d4  c6                              1
    x_r1c2d4  c23                             1
    x_r1c2d4  c29                             1
    x_r1c2d4  c36                             1
    x_r1c3d1  c7                              1
    x_r1c3d1  c9                              1
    x_r1c3d1  c19                             1
    x_r1c3d1  c33                             1
    x_r1c3d2  c7                              1
    x_r1c3d2  c15                             1
    x_r1c3d2  c56                             1
    x_r1c3d2  c59                             1
    x_r1c3d3  c7                              1
    x_r1c3d3  c13                             1
    x_r1c3d3  c16                             1
    x_r1c3d3  c31                             1
    x_r1c3d4  c6                              1
    x_r1c3d4  c7                              1
    x_r1c3d4  c36                             1
    x_r1c3d4  c68                             1
    x_r2c0d1  c5                              1
    x_r2c0d1  c8                              1
    x_r2c0d1  c46                             1
    x_r2c0d1  c66                             1
    x_r2c0d2  c47                             1
    x_r2c0d2  c53                             1
    x_r2c0d2  c54                             1
    x_r2c0d2  c66                             1
    x_r2c0d3  c11                             1
    x_r2c0d3  c35                             1
    x_r2c0d3  c57                             1
    x_r2c0d3  c66                             1
    x_r2c0d4  c17                             1
    x_r2c0d4  c34                             1
    x_r2c0d4  c62                             1
    x_r2c0d4  c66                             1
    x_r2c1d1  c1                              1
    x_r2c1d1  c8                              1
    x_r2c1d1  c46                             1
    x_r2c1d1  c51                             1
    x_r2c1d1  c64                             1
    x_r2c1d2  c41                             1
    x_r2c1d2  c51                             1
    x_r2c1d2  c53                             1
    x_r2c1d2  c54                             1
    x_r2c1d3  c11                             1
    x_r2c1d3  c14                             1
    x_r2c1d3  c35                             1
    x_r2c1d3  c51                             1
    x_r2c1d4  c4                              1
    x_r2c1d4  c17                             1
    x_r2c1d4  c34                             1
    x_r2c1d4  c51                             1
    x_r2c2d1  c42                             1
    x_r2c2d1  c46                             1
    x_r2c2d1  c52                             1
    x_r2c2d1  c67                             1
    x_r2c2d2  c3                              1
    x_r2c2d2  c42                             1
    x_r2c2d2  c53                             1
    x_r2c2d2  c55                             1
    x_r2c2d3  c11                             1
    x_r2c2d3  c18                             1
    x_r2c2d3  c42                             1
    x_r2c2d3  c44                             1
    x_r2c2d4  c29                             1
    x_r2c2d4  c34                             1
    x_r2c2d4  c42                             1
    x_r2c2d4  c50                             1
    x_r2c3d1  c9                              1
    x_r2c3d1  c28                             1
    x_r2c3d1  c46                             1
    x_r2c3d1  c67                             1
    x_r2c3d2  c28                             1
    x_r2c3d2  c53                             1
    x_r2c3d2  c55                             1
    x_r2c3d2  c59                             1
    x_r2c3d3  c11                             1
    x_r2c3d3  c16                             1
    x_r2c3d3  c18                             1
    x_r2c3d3  c28                             1
    x_r2c3d4  c20                             1
    x_r2c3d4  c28                             1
    x_r2c3d4  c34                             1
    x_r2c3d4  c50                             1
    x_r2c3d4  c68                             1
    x_r3c0d1  c5                              1
    x_r3c0d1  c8                              1
    x_r3c0d1  c32                             1
    x_r3c0d1  c60                             1
    x_r3c0d2  c30                             1
    x_r3c0d2  c47                             1
    x_r3c0d2  c54                             1
    x_r3c0d2  c60                             1
    x_r3c0d3  c35                             1
    x_r3c0d3  c57                             1
    x_r3c0d3  c60                             1
    x_r3c0d3  c70                             1
    x_r3c0d4  c17                             1
    x_r3c0d4  c25                             1
    x_r3c0d4  c60                             1
    x_r3c0d4  c62                             1
    x_r3c1d1  c1                              1
    x_r3c1d1  c8                              1
    x_r3c1d1  c21                             1
    x_r3c1d1  c32                             1
    x_r3c1d2  c21                             1
    x_r3c1d2  c30                             1
    x_r3c1d2  c41                             1
    x_r3c1d2  c54                             1
    x_r3c1d2  c63                             1
    x_r3c1d3  c14                             1
    x_r3c1d3  c21                             1
    x_r3c1d3  c35                             1
    x_r3c1d3  c70                             1
    x_r3c1d4  c4                              1
    x_r3c1d4  c17                             1
    x_r3c1d4  c21                             1
    x_r3c1d4  c25                             1
    x_r3c2d1  c32                             1
    x_r3c2d1  c52                             1
    x_r3c2d1  c61                             1
    x_r3c2d1  c67                             1
    x_r3c2d2  c3                              1
    x_r3c2d2  c30                             1
    x_r3c2d2  c55                             1
    x_r3c2d2  c61                             1
    x_r3c2d3  c18                             1
    x_r3c2d3  c44                             1
    x_r3c2d3  c61                             1
    x_r3c2d3  c70                             1
    x_r3c2d4  c25                             1
    x_r3c2d4  c29                             1
    x_r3c2d4  c50                             1
    x_r3c2d4  c61                             1
    x_r3c3d1  c9                              1
    x_r3c3d1  c24                             1
    x_r3c3d1  c32                             1
    x_r3c3d1  c67                             1
    x_r3c3d2  c24                             1
    x_r3c3d2  c30                             1
    x_r3c3d2  c55                             1
    x_r3c3d2  c59                             1
    x_r3c3d3  c16                             1
    x_r3c3d3  c18                             1
    x_r3c3d3  c24                             1
    x_r3c3d3  c58                             1
    x_r3c3d3  c70                             1
    x_r3c3d4  c24                             1
    x_r3c3d4  c25                             1
    x_r3c3d4  c50                             1
    x_r3c3d4  c68                             1
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
BOUNDS
 BV bnd       x_r0c0d1
 BV bnd       x_r0c0d2
 BV bnd       x_r0c0d3
 BV bnd       x_r0c0d4
 BV bnd       x_r0c1d1
 BV bnd       x_r0c1d2
 BV bnd       x_r0c1d3
 BV bnd       x_r0c1d4
 BV bnd       x_r0c2d1
 BV bnd       x_r0c2d2
 BV bnd       x_r0c2d3
 BV bnd       x_r0c2d4
 BV bnd       x_r0c3d1
 BV bnd       x_r0c3d2
 BV bnd       x_r0c3d3
 BV bnd       x_r0c3d4
 BV bnd       x_r1c0d1
 BV bnd       x_r1c0d2
 BV bnd       x_r1c0d3
 BV bnd       x_r1c0d4
 BV bnd       x_r1c1d1
 BV bnd       x_r1c1d2
 BV bnd       x_r1c1d3
 BV bnd       x_r1c1d4
 BV bnd       x_r1c2d1
 BV bnd       x_r1c2d2
 BV bnd       x_r1c2d3
 BV bnd       x_r1c2d4
 BV bnd       x_r1c3d1
 BV bnd       x_r1c3d2
 BV bnd       x_r1c3d3
 BV bnd       x_r1c3d4
 BV bnd       x_r2c0d1
 BV bnd       x_r2c0d2
 BV bnd       x_r2c0d3
 BV bnd       x_r2c0d4
 BV bnd       x_r2c1d1
 BV bnd       x_r2c1d2
 BV bnd       x_r2c1d3
 BV bnd       x_r2c1d4
 BV bnd       x_r2c2d1
 BV bnd       x_r2c2d2
 BV bnd       x_r2c2d3
 BV bnd       x_r2c2d4
 BV bnd       x_r2c3d1
 BV bnd       x_r2c3d2
 BV bnd       x_r2c3d3
 BV bnd       x_r2c3d4
 BV bnd       x_r3c0d1
 BV bnd       x_r3c0d2
 BV bnd       x_r3c0d3
 BV bnd       x_r3c0d4
 BV bnd       x_r3c1d1
 BV bnd       x_r3c1d2
 BV bnd       x_r3c1d3
 BV bnd       x_r3c1d4
 BV bnd       x_r3c2d1
 BV bnd       x_r3c2d2
 BV bnd       x_r3c2d3
 BV bnd       x_r3c2d4
 BV bnd       x_r3c3d1
 BV bnd       x_r3c3d2
 BV bnd       x_r3c3d3
 BV bnd       x_r3c3d4
ENDATA
