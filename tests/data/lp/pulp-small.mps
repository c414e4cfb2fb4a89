*SENSE:Maximize
NAME          small
ROWS
 N  OBJ
 E  a_0
 E  a_1
 E  b_0
 E  b_1
 L  nb
COLUMNS
    MARK      'MARKER'                 'INTORG'
    x_0_0     a_0        1.000000000000e+00
    x_0_0     b_0        1.000000000000e+00
    x_0_0     nb         1.000000000000e+00
    x_0_0     OBJ        3.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_0_1     a_0        1.000000000000e+00
    x_0_1     b_1        1.000000000000e+00
    x_0_1     OBJ        1.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_1_0     a_1        1.000000000000e+00
    x_1_0     b_0        1.000000000000e+00
    x_1_0     OBJ       -2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_1_1     a_1        1.000000000000e+00
    x_1_1     b_1        1.000000000000e+00
    x_1_1     nb         1.000000000000e+00
    x_1_1     OBJ        5.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    z         nb         1.000000000000e+00
    z         OBJ        2.000000000000e+00
RHS
    RHS       a_0        1.000000000000e+00
    RHS       a_1        1.000000000000e+00
    RHS       b_0        1.000000000000e+00
    RHS       b_1        1.000000000000e+00
    RHS       nb         2.000000000000e+00
BOUNDS
 BV BND       x_0_0   
 BV BND       x_0_1   
 BV BND       x_1_0   
 BV BND       x_1_1   
 FX BND       z          1.000000000000e+00
ENDATA
