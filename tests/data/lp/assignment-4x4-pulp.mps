*SENSE:Minimize
NAME          assign
ROWS
 N  OBJ
 E  row_0
 E  row_1
 E  row_2
 E  row_3
 E  col_0
 E  col_1
 E  col_2
 E  col_3
 L  nb
COLUMNS
    MARK      'MARKER'                 'INTORG'
    x_0_0     row_0      1.000000000000e+00
    x_0_0     col_0      1.000000000000e+00
    x_0_0     nb         1.000000000000e+00
    x_0_0     OBJ        3.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_0_1     row_0      1.000000000000e+00
    x_0_1     col_1      1.000000000000e+00
    x_0_1     OBJ        1.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_0_2     row_0      1.000000000000e+00
    x_0_2     col_2      1.000000000000e+00
    x_0_2     OBJ        4.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_0_3     row_0      1.000000000000e+00
    x_0_3     col_3      1.000000000000e+00
    x_0_3     OBJ        1.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_1_0     row_1      1.000000000000e+00
    x_1_0     col_0      1.000000000000e+00
    x_1_0     OBJ        5.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_1_1     row_1      1.000000000000e+00
    x_1_1     col_1      1.000000000000e+00
    x_1_1     nb         1.000000000000e+00
    x_1_1     OBJ        9.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_1_2     row_1      1.000000000000e+00
    x_1_2     col_2      1.000000000000e+00
    x_1_2     OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_1_3     row_1      1.000000000000e+00
    x_1_3     col_3      1.000000000000e+00
    x_1_3     OBJ        6.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_2_0     row_2      1.000000000000e+00
    x_2_0     col_0      1.000000000000e+00
    x_2_0     OBJ        5.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_2_1     row_2      1.000000000000e+00
    x_2_1     col_1      1.000000000000e+00
    x_2_1     OBJ        3.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_2_2     row_2      1.000000000000e+00
    x_2_2     col_2      1.000000000000e+00
    x_2_2     OBJ        5.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_2_3     row_2      1.000000000000e+00
    x_2_3     col_3      1.000000000000e+00
    x_2_3     OBJ        8.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_3_0     row_3      1.000000000000e+00
    x_3_0     col_0      1.000000000000e+00
    x_3_0     OBJ        9.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_3_1     row_3      1.000000000000e+00
    x_3_1     col_1      1.000000000000e+00
    x_3_1     OBJ        7.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_3_2     row_3      1.000000000000e+00
    x_3_2     col_2      1.000000000000e+00
    x_3_2     OBJ        9.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_3_3     row_3      1.000000000000e+00
    x_3_3     col_3      1.000000000000e+00
    x_3_3     OBJ        3.000000000000e+00
    MARK      'MARKER'                 'INTEND'
RHS
    RHS       row_0      1.000000000000e+00
    RHS       row_1      1.000000000000e+00
    RHS       row_2      1.000000000000e+00
    RHS       row_3      1.000000000000e+00
    RHS       col_0      1.000000000000e+00
    RHS       col_1      1.000000000000e+00
    RHS       col_2      1.000000000000e+00
    RHS       col_3      1.000000000000e+00
    RHS       nb         1.000000000000e+00
BOUNDS
 BV BND       x_0_0   
 BV BND       x_0_1   
 BV BND       x_0_2   
 BV BND       x_0_3   
 BV BND       x_1_0   
 BV BND       x_1_1   
 BV BND       x_1_2   
 BV BND       x_1_3   
 BV BND       x_2_0   
 BV BND       x_2_1   
 BV BND       x_2_2   
 BV BND       x_2_3   
 BV BND       x_3_0   
 BV BND       x_3_1   
 BV BND       x_3_2   
 BV BND       x_3_3   
ENDATA
