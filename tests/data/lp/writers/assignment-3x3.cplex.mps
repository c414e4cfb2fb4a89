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
COLUMNS
    MARK0000  'MARKER'                 'INTORG'
    x_0_0     obj1                            4
    x_0_0     c1                              1
    x_0_0     c4                              1
    x_0_1     obj1                            1
    x_0_1     c1                              1
    x_0_1     c5                              1
    x_0_2     obj1                            3
    x_0_2     c1                              1
    x_0_2     c6                              1
    x_1_0     obj1                            2
    x_1_0     c2                              1
    x_1_0     c4                              1
    x_1_1     c2                              1
    x_1_1     c5                              1
    x_1_2     obj1                            5
    x_1_2     c2                              1
    x_1_2     c6                              1
    x_2_0     obj1                            3
    x_2_0     c3                              1
    x_2_0     c4                              1
    x_2_1     obj1                            2
    x_2_1     c3                              1
    x_2_1     c5                              1
    x_2_2     obj1                            2
    x_2_2     c3                              1
    x_2_2     c6                              1
    MARK0001  'MARKER'                 'INTEND'
RHS
    rhs       obj1                           -7
    rhs       c1                              1
    rhs       c2                              1
    rhs       c3                              1
    rhs       c4                              1
    rhs       c5                              1
    rhs       c6                              1
BOUNDS
 BV bnd       x_0_0   
 BV bnd       x_0_1   
 BV bnd       x_0_2   
 BV bnd       x_1_0   
 BV bnd       x_1_1   
 BV bnd       x_1_2   
 BV bnd       x_2_0   
 BV bnd       x_2_1   
 BV bnd       x_2_2   
QMATRIX
    x_0_0     x_1_1                           3
    x_1_1     x_0_0                           3
ENDATA
