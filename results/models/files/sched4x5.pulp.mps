*SENSE:Minimize
NAME          sched4x5
ROWS
 N  OBJ
 E  job_0
 E  job_1
 E  job_2
 E  job_3
 L  slot_0
 L  slot_1
 L  slot_2
 L  slot_3
 L  slot_4
 L  prec_0_0_1_0
 L  prec_0_1_1_0
 L  prec_0_1_1_1
 L  prec_0_2_1_0
 L  prec_0_2_1_1
 L  prec_0_2_1_2
 L  prec_0_3_1_0
 L  prec_0_3_1_1
 L  prec_0_3_1_2
 L  prec_0_3_1_3
 L  prec_0_4_1_0
 L  prec_0_4_1_1
 L  prec_0_4_1_2
 L  prec_0_4_1_3
 L  prec_0_4_1_4
 L  prec_2_0_3_0
 L  prec_2_1_3_0
 L  prec_2_1_3_1
 L  prec_2_2_3_0
 L  prec_2_2_3_1
 L  prec_2_2_3_2
 L  prec_2_3_3_0
 L  prec_2_3_3_1
 L  prec_2_3_3_2
 L  prec_2_3_3_3
 L  prec_2_4_3_0
 L  prec_2_4_3_1
 L  prec_2_4_3_2
 L  prec_2_4_3_3
 L  prec_2_4_3_4
 E  release_3_0
COLUMNS
    MARK      'MARKER'                 'INTORG'
    x_0_0     job_0      1.000000000000e+00
    x_0_0     slot_0     1.000000000000e+00
    x_0_0     prec_0_0_1_0   1.000000000000e+00
    x_0_0     OBJ        3.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_0_1     job_0      1.000000000000e+00
    x_0_1     slot_1     1.000000000000e+00
    x_0_1     prec_0_1_1_0   1.000000000000e+00
    x_0_1     prec_0_1_1_1   1.000000000000e+00
    x_0_1     OBJ        6.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_0_2     job_0      1.000000000000e+00
    x_0_2     slot_2     1.000000000000e+00
    x_0_2     prec_0_2_1_0   1.000000000000e+00
    x_0_2     prec_0_2_1_1   1.000000000000e+00
    x_0_2     prec_0_2_1_2   1.000000000000e+00
    x_0_2     OBJ        9.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_0_3     job_0      1.000000000000e+00
    x_0_3     slot_3     1.000000000000e+00
    x_0_3     prec_0_3_1_0   1.000000000000e+00
    x_0_3     prec_0_3_1_1   1.000000000000e+00
    x_0_3     prec_0_3_1_2   1.000000000000e+00
    x_0_3     prec_0_3_1_3   1.000000000000e+00
    x_0_3     OBJ        1.200000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_0_4     job_0      1.000000000000e+00
    x_0_4     slot_4     1.000000000000e+00
    x_0_4     prec_0_4_1_0   1.000000000000e+00
    x_0_4     prec_0_4_1_1   1.000000000000e+00
    x_0_4     prec_0_4_1_2   1.000000000000e+00
    x_0_4     prec_0_4_1_3   1.000000000000e+00
    x_0_4     prec_0_4_1_4   1.000000000000e+00
    x_0_4     OBJ        1.500000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_1_0     job_1      1.000000000000e+00
    x_1_0     slot_0     1.000000000000e+00
    x_1_0     prec_0_0_1_0   1.000000000000e+00
    x_1_0     prec_0_1_1_0   1.000000000000e+00
    x_1_0     prec_0_2_1_0   1.000000000000e+00
    x_1_0     prec_0_3_1_0   1.000000000000e+00
    x_1_0     prec_0_4_1_0   1.000000000000e+00
    x_1_0     OBJ        1.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_1_1     job_1      1.000000000000e+00
    x_1_1     slot_1     1.000000000000e+00
    x_1_1     prec_0_1_1_1   1.000000000000e+00
    x_1_1     prec_0_2_1_1   1.000000000000e+00
    x_1_1     prec_0_3_1_1   1.000000000000e+00
    x_1_1     prec_0_4_1_1   1.000000000000e+00
    x_1_1     OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_1_2     job_1      1.000000000000e+00
    x_1_2     slot_2     1.000000000000e+00
    x_1_2     prec_0_2_1_2   1.000000000000e+00
    x_1_2     prec_0_3_1_2   1.000000000000e+00
    x_1_2     prec_0_4_1_2   1.000000000000e+00
    x_1_2     OBJ        3.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_1_3     job_1      1.000000000000e+00
    x_1_3     slot_3     1.000000000000e+00
    x_1_3     prec_0_3_1_3   1.000000000000e+00
    x_1_3     prec_0_4_1_3   1.000000000000e+00
    x_1_3     OBJ        4.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_1_4     job_1      1.000000000000e+00
    x_1_4     slot_4     1.000000000000e+00
    x_1_4     prec_0_4_1_4   1.000000000000e+00
    x_1_4     OBJ        5.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_2_0     job_2      1.000000000000e+00
    x_2_0     slot_0     1.000000000000e+00
    x_2_0     prec_2_0_3_0   1.000000000000e+00
    x_2_0     OBJ        4.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_2_1     job_2      1.000000000000e+00
    x_2_1     slot_1     1.000000000000e+00
    x_2_1     prec_2_1_3_0   1.000000000000e+00
    x_2_1     prec_2_1_3_1   1.000000000000e+00
    x_2_1     OBJ        8.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_2_2     job_2      1.000000000000e+00
    x_2_2     slot_2     1.000000000000e+00
    x_2_2     prec_2_2_3_0   1.000000000000e+00
    x_2_2     prec_2_2_3_1   1.000000000000e+00
    x_2_2     prec_2_2_3_2   1.000000000000e+00
    x_2_2     OBJ        1.200000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_2_3     job_2      1.000000000000e+00
    x_2_3     slot_3     1.000000000000e+00
    x_2_3     prec_2_3_3_0   1.000000000000e+00
    x_2_3     prec_2_3_3_1   1.000000000000e+00
    x_2_3     prec_2_3_3_2   1.000000000000e+00
    x_2_3     prec_2_3_3_3   1.000000000000e+00
    x_2_3     OBJ        1.600000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_2_4     job_2      1.000000000000e+00
    x_2_4     slot_4     1.000000000000e+00
    x_2_4     prec_2_4_3_0   1.000000000000e+00
    x_2_4     prec_2_4_3_1   1.000000000000e+00
    x_2_4     prec_2_4_3_2   1.000000000000e+00
    x_2_4     prec_2_4_3_3   1.000000000000e+00
    x_2_4     prec_2_4_3_4   1.000000000000e+00
    x_2_4     OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_3_0     job_3      1.000000000000e+00
    x_3_0     slot_0     1.000000000000e+00
    x_3_0     prec_2_0_3_0   1.000000000000e+00
    x_3_0     prec_2_1_3_0   1.000000000000e+00
    x_3_0     prec_2_2_3_0   1.000000000000e+00
    x_3_0     prec_2_3_3_0   1.000000000000e+00
    x_3_0     prec_2_4_3_0   1.000000000000e+00
    x_3_0     release_3_0   1.000000000000e+00
    x_3_0     OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_3_1     job_3      1.000000000000e+00
    x_3_1     slot_1     1.000000000000e+00
    x_3_1     prec_2_1_3_1   1.000000000000e+00
    x_3_1     prec_2_2_3_1   1.000000000000e+00
    x_3_1     prec_2_3_3_1   1.000000000000e+00
    x_3_1     prec_2_4_3_1   1.000000000000e+00
    x_3_1     OBJ        4.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_3_2     job_3      1.000000000000e+00
    x_3_2     slot_2     1.000000000000e+00
    x_3_2     prec_2_2_3_2   1.000000000000e+00
    x_3_2     prec_2_3_3_2   1.000000000000e+00
    x_3_2     prec_2_4_3_2   1.000000000000e+00
    x_3_2     OBJ        6.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_3_3     job_3      1.000000000000e+00
    x_3_3     slot_3     1.000000000000e+00
    x_3_3     prec_2_3_3_3   1.000000000000e+00
    x_3_3     prec_2_4_3_3   1.000000000000e+00
    x_3_3     OBJ        8.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x_3_4     job_3      1.000000000000e+00
    x_3_4     slot_4     1.000000000000e+00
    x_3_4     prec_2_4_3_4   1.000000000000e+00
    x_3_4     OBJ        1.000000000000e+01
    MARK      'MARKER'                 'INTEND'
RHS
    RHS       job_0      1.000000000000e+00
    RHS       job_1      1.000000000000e+00
    RHS       job_2      1.000000000000e+00
    RHS       job_3      1.000000000000e+00
    RHS       slot_0     1.000000000000e+00
    RHS       slot_1     1.000000000000e+00
    RHS       slot_2     1.000000000000e+00
    RHS       slot_3     1.000000000000e+00
    RHS       slot_4     1.000000000000e+00
    RHS       prec_0_0_1_0   1.000000000000e+00
    RHS       prec_0_1_1_0   1.000000000000e+00
    RHS       prec_0_1_1_1   1.000000000000e+00
    RHS       prec_0_2_1_0   1.000000000000e+00
    RHS       prec_0_2_1_1   1.000000000000e+00
    RHS       prec_0_2_1_2   1.000000000000e+00
    RHS       prec_0_3_1_0   1.000000000000e+00
    RHS       prec_0_3_1_1   1.000000000000e+00
    RHS       prec_0_3_1_2   1.000000000000e+00
    RHS       prec_0_3_1_3   1.000000000000e+00
    RHS       prec_0_4_1_0   1.000000000000e+00
    RHS       prec_0_4_1_1   1.000000000000e+00
    RHS       prec_0_4_1_2   1.000000000000e+00
    RHS       prec_0_4_1_3   1.000000000000e+00
    RHS       prec_0_4_1_4   1.000000000000e+00
    RHS       prec_2_0_3_0   1.000000000000e+00
    RHS       prec_2_1_3_0   1.000000000000e+00
    RHS       prec_2_1_3_1   1.000000000000e+00
    RHS       prec_2_2_3_0   1.000000000000e+00
    RHS       prec_2_2_3_1   1.000000000000e+00
    RHS       prec_2_2_3_2   1.000000000000e+00
    RHS       prec_2_3_3_0   1.000000000000e+00
    RHS       prec_2_3_3_1   1.000000000000e+00
    RHS       prec_2_3_3_2   1.000000000000e+00
    RHS       prec_2_3_3_3   1.000000000000e+00
    RHS       prec_2_4_3_0   1.000000000000e+00
    RHS       prec_2_4_3_1   1.000000000000e+00
    RHS       prec_2_4_3_2   1.000000000000e+00
    RHS       prec_2_4_3_3   1.000000000000e+00
    RHS       prec_2_4_3_4   1.000000000000e+00
    RHS       release_3_0   0.000000000000e+00
BOUNDS
 BV BND       x_0_0   
 BV BND       x_0_1   
 BV BND       x_0_2   
 BV BND       x_0_3   
 BV BND       x_0_4   
 BV BND       x_1_0   
 BV BND       x_1_1   
 BV BND       x_1_2   
 BV BND       x_1_3   
 BV BND       x_1_4   
 BV BND       x_2_0   
 BV BND       x_2_1   
 BV BND       x_2_2   
 BV BND       x_2_3   
 BV BND       x_2_4   
 BV BND       x_3_0   
 BV BND       x_3_1   
 BV BND       x_3_2   
 BV BND       x_3_3   
 BV BND       x_3_4   
ENDATA
