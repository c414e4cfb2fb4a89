NAME model
ROWS
 N  OBJ
 E  R0      
 E  R1      
 E  R2      
 E  R3      
 E  R4      
 E  R5      
 E  R6      
 E  R7      
 E  R8      
 E  R9      
 E  R10     
 E  R11     
 E  R12     
 E  R13     
 E  R14     
 E  R15     
 E  R16     
 E  R17     
 E  R18     
 E  R19     
 E  R20     
 E  R21     
 E  R22     
 E  R23     
 E  R24     
 E  R25     
 E  R26     
 E  R27     
 E  R28     
 E  R29     
 E  R30     
 E  R31     
 E  R32     
 E  R33     
 E  R34     
 E  R35     
 E  R36     
 E  R37     
 E  R38     
 E  R39     
 E  R40     
 E  R41     
 E  R42     
 E  R43     
 E  R44     
 E  R45     
 E  R46     
 E  R47     
 E  R48     
 E  R49     
 E  R50     
 E  R51     
 E  R52     
 E  R53     
 E  R54     
 E  R55     
 E  R56     
 E  R57     
 E  R58     
 E  R59     
 E  R60     
 E  R61     
 E  R62     
 E  R63     
 E  R64     
 E  R65     
 E  R66     
 E  R67     
 E  R68     
 E  R69     
COLUMNS
    MARKER    'MARKER'                 'INTORG'
    x[r0c0d1]  R4        1
    x[r0c0d1]  R25       1
    x[r0c0d1]  R37       1
    x[r0c0d1]  R44       1
    x[r0c0d1]  R68       1
    x[r0c0d2]  R1        1
    x[r0c0d2]  R36       1
    x[r0c0d2]  R44       1
    x[r0c0d2]  R46       1
    x[r0c0d3]  R11       1
    x[r0c0d3]  R44       1
    x[r0c0d3]  R47       1
    x[r0c0d3]  R56       1
    x[r0c0d4]  R38       1
    x[r0c0d4]  R44       1
    x[r0c0d4]  R48       1
    x[r0c0d4]  R61       1
    x[r0c1d1]  R0        1
    x[r0c1d1]  R25       1
    x[r0c1d1]  R64       1
    x[r0c1d1]  R68       1
    x[r0c1d2]  R1        1
    x[r0c1d2]  R36       1
    x[r0c1d2]  R40       1
    x[r0c1d2]  R64       1
    x[r0c1d3]  R11       1
    x[r0c1d3]  R13       1
    x[r0c1d3]  R47       1
    x[r0c1d3]  R64       1
    x[r0c1d4]  R3        1
    x[r0c1d4]  R38       1
    x[r0c1d4]  R48       1
    x[r0c1d4]  R64       1
    x[r0c2d1]  R32       1
    x[r0c2d1]  R39       1
    x[r0c2d1]  R51       1
    x[r0c2d1]  R68       1
    x[r0c2d2]  R2        1
    x[r0c2d2]  R36       1
    x[r0c2d2]  R39       1
    x[r0c2d2]  R55       1
    x[r0c2d3]  R11       1
    x[r0c2d3]  R21       1
    x[r0c2d3]  R30       1
    x[r0c2d3]  R39       1
    x[r0c2d3]  R43       1
    x[r0c2d4]  R28       1
    x[r0c2d4]  R35       1
    x[r0c2d4]  R38       1
    x[r0c2d4]  R39       1
    x[r0c3d1]  R8        1
    x[r0c3d1]  R26       1
    x[r0c3d1]  R32       1
    x[r0c3d1]  R68       1
    x[r0c3d2]  R26       1
    x[r0c3d2]  R36       1
    x[r0c3d2]  R55       1
    x[r0c3d2]  R58       1
    x[r0c3d3]  R11       1
    x[r0c3d3]  R15       1
    x[r0c3d3]  R26       1
    x[r0c3d3]  R30       1
    x[r0c3d4]  R26       1
    x[r0c3d4]  R35       1
    x[r0c3d4]  R38       1
    x[r0c3d4]  R67       1
    x[r1c0d1]  R4        1
    x[r1c0d1]  R18       1
    x[r1c0d1]  R25       1
    x[r1c0d1]  R42       1
    x[r1c0d2]  R1        1
    x[r1c0d2]  R14       1
    x[r1c0d2]  R42       1
    x[r1c0d2]  R46       1
    x[r1c0d3]  R12       1
    x[r1c0d3]  R42       1
    x[r1c0d3]  R47       1
    x[r1c0d3]  R56       1
    x[r1c0d4]  R5        1
    x[r1c0d4]  R42       1
    x[r1c0d4]  R48       1
    x[r1c0d4]  R61       1
    x[r1c1d1]  R0        1
    x[r1c1d1]  R9        1
    x[r1c1d1]  R18       1
    x[r1c1d1]  R25       1
    x[r1c1d2]  R1        1
    x[r1c1d2]  R9        1
    x[r1c1d2]  R14       1
    x[r1c1d2]  R40       1
    x[r1c1d3]  R9        1
    x[r1c1d3]  R12       1
    x[r1c1d3]  R13       1
    x[r1c1d3]  R47       1
    x[r1c1d4]  R3        1
    x[r1c1d4]  R5        1
    x[r1c1d4]  R9        1
    x[r1c1d4]  R48       1
    x[r1c2d1]  R18       1
    x[r1c2d1]  R22       1
    x[r1c2d1]  R32       1
    x[r1c2d1]  R51       1
    x[r1c2d2]  R2        1
    x[r1c2d2]  R14       1
    x[r1c2d2]  R22       1
    x[r1c2d2]  R55       1
    x[r1c2d3]  R12       1
    x[r1c2d3]  R22       1
    x[r1c2d3]  R30       1
    x[r1c2d3]  R43       1
    x[r1c2d4]  R5        1
    x[r1c2d4]  R22       1
    x[r1c2d4]  R28       1
    x[r1c2d4]  R35       1
    x[r1c3d1]  R6        1
    x[r1c3d1]  R8        1
    x[r1c3d1]  R18       1
    x[r1c3d1]  R32       1
    x[r1c3d2]  R6        1
    x[r1c3d2]  R14       1
    x[r1c3d2]  R55       1
    x[r1c3d2]  R58       1
    x[r1c3d3]  R6        1
    x[r1c3d3]  R12       1
    x[r1c3d3]  R15       1
    x[r1c3d3]  R30       1
    x[r1c3d4]  R5        1
    x[r1c3d4]  R6        1
    x[r1c3d4]  R35       1
    x[r1c3d4]  R67       1
    x[r2c0d1]  R4        1
    x[r2c0d1]  R7        1
    x[r2c0d1]  R45       1
    x[r2c0d1]  R65       1
    x[r2c0d2]  R46       1
    x[r2c0d2]  R52       1
    x[r2c0d2]  R53       1
    x[r2c0d2]  R65       1
    x[r2c0d3]  R10       1
    x[r2c0d3]  R34       1
    x[r2c0d3]  R56       1
    x[r2c0d3]  R65       1
    x[r2c0d4]  R16       1
    x[r2c0d4]  R33       1
    x[r2c0d4]  R61       1
    x[r2c0d4]  R65       1
    x[r2c1d1]  R0        1
    x[r2c1d1]  R7        1
    x[r2c1d1]  R45       1
    x[r2c1d1]  R50       1
    x[r2c1d1]  R63       1
    x[r2c1d2]  R40       1
    x[r2c1d2]  R50       1
    x[r2c1d2]  R52       1
    x[r2c1d2]  R53       1
    x[r2c1d3]  R10       1
    x[r2c1d3]  R13       1
    x[r2c1d3]  R34       1
    x[r2c1d3]  R50       1
    x[r2c1d4]  R3        1
    x[r2c1d4]  R16       1
    x[r2c1d4]  R33       1
    x[r2c1d4]  R50       1
    x[r2c2d1]  R41       1
    x[r2c2d1]  R45       1
    x[r2c2d1]  R51       1
    x[r2c2d1]  R66       1
    x[r2c2d2]  R2        1
    x[r2c2d2]  R41       1
    x[r2c2d2]  R52       1
    x[r2c2d2]  R54       1
    x[r2c2d3]  R10       1
    x[r2c2d3]  R17       1
    x[r2c2d3]  R41       1
    x[r2c2d3]  R43       1
    x[r2c2d4]  R28       1
    x[r2c2d4]  R33       1
    x[r2c2d4]  R41       1
    x[r2c2d4]  R49       1
    x[r2c3d1]  R8        1
    x[r2c3d1]  R27       1
    x[r2c3d1]  R45       1
    x[r2c3d1]  R66       1
    x[r2c3d2]  R27       1
    x[r2c3d2]  R52       1
    x[r2c3d2]  R54       1
    x[r2c3d2]  R58       1
    x[r2c3d3]  R10       1
    x[r2c3d3]  R15       1
    x[r2c3d3]  R17       1
    x[r2c3d3]  R27       1
    x[r2c3d4]  R19       1
    x[r2c3d4]  R27       1
    x[r2c3d4]  R33       1
    x[r2c3d4]  R49       1
    x[r2c3d4]  R67       1
    x[r3c0d1]  R4        1
    x[r3c0d1]  R7        1
    x[r3c0d1]  R31       1
    x[r3c0d1]  R59       1
    x[r3c0d2]  R29       1
    x[r3c0d2]  R46       1
    x[r3c0d2]  R53       1
    x[r3c0d2]  R59       1
    x[r3c0d3]  R34       1
    x[r3c0d3]  R56       1
    x[r3c0d3]  R59       1
    x[r3c0d3]  R69       1
    x[r3c0d4]  R16       1
    x[r3c0d4]  R24       1
    x[r3c0d4]  R59       1
    x[r3c0d4]  R61       1
    x[r3c1d1]  R0        1
    x[r3c1d1]  R7        1
    x[r3c1d1]  R20       1
    x[r3c1d1]  R31       1
    x[r3c1d2]  R20       1
    x[r3c1d2]  R29       1
    x[r3c1d2]  R40       1
    x[r3c1d2]  R53       1
    x[r3c1d2]  R62       1
    x[r3c1d3]  R13       1
    x[r3c1d3]  R20       1
    x[r3c1d3]  R34       1
    x[r3c1d3]  R69       1
    x[r3c1d4]  R3        1
    x[r3c1d4]  R16       1
    x[r3c1d4]  R20       1
    x[r3c1d4]  R24       1
    x[r3c2d1]  R31       1
    x[r3c2d1]  R51       1
    x[r3c2d1]  R60       1
    x[r3c2d1]  R66       1
    x[r3c2d2]  R2        1
    x[r3c2d2]  R29       1
    x[r3c2d2]  R54       1
    x[r3c2d2]  R60       1
    x[r3c2d3]  R17       1
    x[r3c2d3]  R43       1
    x[r3c2d3]  R60       1
    x[r3c2d3]  R69       1
    x[r3c2d4]  R24       1
    x[r3c2d4]  R28       1
    x[r3c2d4]  R49       1
    x[r3c2d4]  R60       1
    x[r3c3d1]  R8        1
    x[r3c3d1]  R23       1
    x[r3c3d1]  R31       1
    x[r3c3d1]  R66       1
    x[r3c3d2]  R23       1
    x[r3c3d2]  R29       1
    x[r3c3d2]  R54       1
    x[r3c3d2]  R58       1
    x[r3c3d3]  R15       1
    x[r3c3d3]  R17       1
    x[r3c3d3]  R23       1
    x[r3c3d3]  R57       1
    x[r3c3d3]  R69       1
    x[r3c3d4]  R23       1
    x[r3c3d4]  R24       1
    x[r3c3d4]  R49       1
    x[r3c3d4]  R67       1
    MARKER    'MARKER'                 'INTEND'
RHS
    RHS1      R0        1
    RHS1      R1        1
    RHS1      R2        1
    RHS1      R3        1
    RHS1      R4        1
    RHS1      R5        1
    RHS1      R6        1
    RHS1      R7        1
    RHS1      R8        1
    RHS1      R9        1
    RHS1      R10       1
    RHS1      R11       1
    RHS1      R12       1
    RHS1      R13       1
    RHS1      R14       1
    RHS1      R15       1
    RHS1      R16       1
    RHS1      R17       1
    RHS1      R18       1
    RHS1      R19       1
    RHS1      R20       1
    RHS1      R21       1
    RHS1      R22       1
    RHS1      R23       1
    RHS1      R24       1
    RHS1      R25       1
    RHS1      R26       1
    RHS1      R27       1
    RHS1      R28       1
    RHS1      R29       1
    RHS1      R30       1
    RHS1      R31       1
    RHS1      R32       1
    RHS1      R33       1
    RHS1      R34       1
    RHS1      R35       1
    RHS1      R36       1
    RHS1      R37       1
    RHS1      R38       1
    RHS1      R39       1
    RHS1      R40       1
    RHS1      R41       1
    RHS1      R42       1
    RHS1      R43       1
    RHS1      R44       1
    RHS1      R45       1
    RHS1      R46       1
    RHS1      R47       1
    RHS1      R48       1
    RHS1      R49       1
    RHS1      R50       1
    RHS1      R51       1
    RHS1      R52       1
    RHS1      R53       1
    RHS1      R54       1
    RHS1      R55       1
    RHS1      R56       1
    RHS1      R57       1
    RHS1      R58       1
    RHS1      R59       1
    RHS1      R60       1
    RHS1      R61       1
    RHS1      R62       1
    RHS1      R63       1
    RHS1      R64       1
    RHS1      R65       1
    RHS1      R66       1
    RHS1      R67       1
    RHS1      R68       1
    RHS1      R69       1
BOUNDS
 BV BND1      x[r0c0d1]
 BV BND1      x[r0c0d2]
 BV BND1      x[r0c0d3]
 BV BND1      x[r0c0d4]
 BV BND1      x[r0c1d1]
 BV BND1      x[r0c1d2]
 BV BND1      x[r0c1d3]
 BV BND1      x[r0c1d4]
 BV BND1      x[r0c2d1]
 BV BND1      x[r0c2d2]
 BV BND1      x[r0c2d3]
 BV BND1      x[r0c2d4]
 BV BND1      x[r0c3d1]
 BV BND1      x[r0c3d2]
 BV BND1      x[r0c3d3]
 BV BND1      x[r0c3d4]
 BV BND1      x[r1c0d1]
 BV BND1      x[r1c0d2]
 BV BND1      x[r1c0d3]
 BV BND1      x[r1c0d4]
 BV BND1      x[r1c1d1]
 BV BND1      x[r1c1d2]
 BV BND1      x[r1c1d3]
 BV BND1      x[r1c1d4]
 BV BND1      x[r1c2d1]
 BV BND1      x[r1c2d2]
 BV BND1      x[r1c2d3]
 BV BND1      x[r1c2d4]
 BV BND1      x[r1c3d1]
 BV BND1      x[r1c3d2]
 BV BND1      x[r1c3d3]
 BV BND1      x[r1c3d4]
 BV BND1      x[r2c0d1]
 BV BND1      x[r2c0d2]
 BV BND1      x[r2c0d3]
 BV BND1      x[r2c0d4]
 BV BND1      x[r2c1d1]
 BV BND1      x[r2c1d2]
 BV BND1      x[r2c1d3]
 BV BND1      x[r2c1d4]
 BV BND1      x[r2c2d1]
 BV BND1      x[r2c2d2]
 BV BND1      x[r2c2d3]
 BV BND1      x[r2c2d4]
 BV BND1      x[r2c3d1]
 BV BND1      x[r2c3d2]
 BV BND1      x[r2c3d3]
 BV BND1      x[r2c3d4]
 BV BND1      x[r3c0d1]
 BV BND1      x[r3c0d2]
 BV BND1      x[r3c0d3]
 BV BND1      x[r3c0d4]
 BV BND1      x[r3c1d1]
 BV BND1      x[r3c1d2]
 BV BND1      x[r3c1d3]
 BV BND1      x[r3c1d4]
 BV BND1      x[r3c2d1]
 BV BND1      x[r3c2d2]
 BV BND1      x[r3c2d3]
 BV BND1      x[r3c2d4]
 BV BND1      x[r3c3d1]
 BV BND1      x[r3c3d2]
 BV BND1      x[r3c3d3]
 BV BND1      x[r3c3d4]
ENDATA
