NAME model
ROWS
 N  OBJ
 E  R0      
 G  R1      
 L  R2      
 E  R3      
 L  R4      
 L  R5      
 G  R6      
 E  R7      
 L  R8      
 L  R9      
 L  R10     
 G  R11     
 G  R12     
 L  R13     
 L  R14     
 G  R15     
 G  R16     
 G  R17     
 G  R18     
 E  R19     
 L  R20     
 G  R21     
 L  R22     
 G  R23     
 G  R24     
 E  R25     
 E  R26     
 L  R27     
 G  R28     
 E  R29     
 L  R30     
 L  R31     
 L  R32     
 L  R33     
 E  R34     
 L  R35     
 E  R36     
 G  R37     
 G  R38     
 G  R39     
 L  R40     
 L  R41     
 E  R42     
 E  R43     
 G  R44     
 G  R45     
 L  R46     
 L  R47     
 E  R48     
 G  R49     
 G  R50     
 L  R51     
 G  R52     
 G  R53     
 L  R54     
 L  R55     
 G  R56     
 L  R57     
 G  R58     
 L  R59     
 G  R60     
 G  R61     
 G  R62     
 L  R63     
 L  R64     
 G  R65     
 L  R66     
 E  R67     
 L  R68     
 L  R69     
 E  R70     
 E  R71     
 G  R72     
 G  R73     
 L  R74     
 G  R75     
 L  R76     
 G  R77     
 G  R78     
 L  R79     
 G  R80     
 L  R81     
 G  R82     
 E  R83     
 G  R84     
 E  R85     
 E  R86     
 G  R87     
 E  R88     
 L  R89     
 E  R90     
 L  R91     
 G  R92     
 G  R93     
 L  R94     
 L  R95     
 L  R96     
 L  R97     
 G  R98     
 G  R99     
 G  R100    
 E  R101    
 E  R102    
 L  R103    
 G  R104    
 L  R105    
 G  R106    
 L  R107    
 E  R108    
 L  R109    
 E  R110    
 E  R111    
 E  R112    
 G  R113    
 G  R114    
 G  R115    
 L  R116    
 E  R117    
 L  R118    
 G  R119    
 L  R120    
 L  R121    
 G  R122    
COLUMNS
    MARKER    'MARKER'                 'INTORG'
    x[0,0]    R26       1
    x[0,0]    R31       1
    x[0,0]    R40       1
    x[0,0]    R42       1
    x[0,0]    R72       1
    x[0,0]    R111      1
    x[0,0]    R115      1
    x[0,1]    R11       1
    x[0,1]    R14       1
    x[0,1]    R26       1
    x[0,1]    R36       1
    x[0,1]    R40       1
    x[0,1]    R56       1
    x[0,1]    R70       1
    x[0,1]    R72       1
    x[0,1]    R111      1
    x[0,1]    R120      1
    x[0,2]    R14       1
    x[0,2]    R26       1
    x[0,2]    R40       1
    x[0,2]    R56       1
    x[0,2]    R70       1
    x[0,2]    R72       1
    x[0,2]    R74       1
    x[0,2]    R80       1
    x[0,2]    R112      1
    x[0,2]    R116      1
    x[0,2]    R119      1
    x[0,3]    R14       1
    x[0,3]    R25       1
    x[0,3]    R26       1
    x[0,3]    R37       1
    x[0,3]    R56       1
    x[0,3]    R65       1
    x[0,3]    R74       1
    x[0,3]    R89       1
    x[0,3]    R96       1
    x[0,3]    R119      1
    x[0,4]    R18       1
    x[0,4]    R20       1
    x[0,4]    R26       1
    x[0,4]    R37       1
    x[0,4]    R48       1
    x[0,4]    R74       1
    x[0,4]    R96       1
    x[0,4]    R119      1
    x[0,5]    R3        1
    x[0,5]    R26       1
    x[0,5]    R37       1
    x[0,5]    R47       1
    x[0,5]    R52       1
    x[0,5]    R96       1
    x[1,0]    R31       1
    x[1,0]    R42       1
    x[1,0]    R44       1
    x[1,0]    R55       1
    x[1,0]    R69       1
    x[1,0]    R87       1
    x[1,0]    R108      1
    x[1,0]    R110      1
    x[1,0]    R115      1
    x[1,1]    R5        1
    x[1,1]    R7        1
    x[1,1]    R11       1
    x[1,1]    R35       1
    x[1,1]    R36       1
    x[1,1]    R55       1
    x[1,1]    R61       1
    x[1,1]    R87       1
    x[1,1]    R106      1
    x[1,1]    R110      1
    x[1,1]    R117      1
    x[1,1]    R120      1
    x[1,2]    R5        1
    x[1,2]    R30       1
    x[1,2]    R39       1
    x[1,2]    R55       1
    x[1,2]    R61       1
    x[1,2]    R63       1
    x[1,2]    R80       1
    x[1,2]    R87       1
    x[1,2]    R90       1
    x[1,2]    R104      1
    x[1,2]    R110      1
    x[1,2]    R112      1
    x[1,2]    R116      1
    x[1,2]    R117      1
    x[1,3]    R5        1
    x[1,3]    R6        1
    x[1,3]    R25       1
    x[1,3]    R30       1
    x[1,3]    R46       1
    x[1,3]    R58       1
    x[1,3]    R61       1
    x[1,3]    R65       1
    x[1,3]    R68       1
    x[1,3]    R89       1
    x[1,3]    R90       -1
    x[1,3]    R104      1
    x[1,3]    R110      1
    x[1,4]    R4        1
    x[1,4]    R18       1
    x[1,4]    R20       1
    x[1,4]    R30       1
    x[1,4]    R45       1
    x[1,4]    R48       1
    x[1,4]    R58       1
    x[1,4]    R68       1
    x[1,4]    R104      1
    x[1,4]    R110      1
    x[1,5]    R3        1
    x[1,5]    R47       1
    x[1,5]    R52       1
    x[1,5]    R58       1
    x[1,5]    R68       1
    x[1,5]    R79       1
    x[1,5]    R99       1
    x[1,5]    R110      1
    x[2,0]    R21       1
    x[2,0]    R24       1
    x[2,0]    R29       1
    x[2,0]    R31       1
    x[2,0]    R42       1
    x[2,0]    R43       1
    x[2,0]    R44       1
    x[2,0]    R51       1
    x[2,0]    R69       1
    x[2,0]    R105      1
    x[2,0]    R108      1
    x[2,0]    R115      1
    x[2,1]    R11       1
    x[2,1]    R13       1
    x[2,1]    R17       1
    x[2,1]    R24       1
    x[2,1]    R29       1
    x[2,1]    R35       1
    x[2,1]    R36       1
    x[2,1]    R43       1
    x[2,1]    R76       1
    x[2,1]    R102      1
    x[2,1]    R105      1
    x[2,1]    R106      1
    x[2,1]    R120      1
    x[2,1]    R122      1
    x[2,2]    R1        1
    x[2,2]    R13       1
    x[2,2]    R24       1
    x[2,2]    R29       1
    x[2,2]    R39       1
    x[2,2]    R63       1
    x[2,2]    R80       1
    x[2,2]    R97       1
    x[2,2]    R102      -1
    x[2,2]    R105      1
    x[2,2]    R107      1
    x[2,2]    R112      1
    x[2,2]    R114      1
    x[2,2]    R116      1
    x[2,2]    R122      1
    x[2,3]    R1        1
    x[2,3]    R6        1
    x[2,3]    R13       1
    x[2,3]    R15       1
    x[2,3]    R25       1
    x[2,3]    R27       1
    x[2,3]    R29       1
    x[2,3]    R32       1
    x[2,3]    R46       1
    x[2,3]    R65       1
    x[2,3]    R82       1
    x[2,3]    R89       1
    x[2,3]    R107      1
    x[2,3]    R122      1
    x[2,4]    R1        1
    x[2,4]    R4        1
    x[2,4]    R18       1
    x[2,4]    R20       1
    x[2,4]    R27       1
    x[2,4]    R29       1
    x[2,4]    R45       1
    x[2,4]    R48       1
    x[2,4]    R82       1
    x[2,4]    R88       1
    x[2,4]    R93       1
    x[2,4]    R94       1
    x[2,4]    R107      1
    x[2,5]    R3        1
    x[2,5]    R23       1
    x[2,5]    R27       1
    x[2,5]    R29       1
    x[2,5]    R47       1
    x[2,5]    R52       1
    x[2,5]    R79       1
    x[2,5]    R82       1
    x[2,5]    R88       1
    x[2,5]    R95       1
    x[2,5]    R99       1
    x[3,0]    R8        1
    x[3,0]    R21       1
    x[3,0]    R42       1
    x[3,0]    R44       1
    x[3,0]    R51       1
    x[3,0]    R59       1
    x[3,0]    R62       1
    x[3,0]    R69       1
    x[3,0]    R83       1
    x[3,0]    R92       1
    x[3,1]    R2        1
    x[3,1]    R17       1
    x[3,1]    R35       1
    x[3,1]    R36       1
    x[3,1]    R59       1
    x[3,1]    R62       1
    x[3,1]    R76       1
    x[3,1]    R83       1
    x[3,1]    R84       1
    x[3,1]    R106      1
    x[3,1]    R113      1
    x[3,1]    R121      1
    x[3,2]    R2        1
    x[3,2]    R22       1
    x[3,2]    R28       1
    x[3,2]    R39       1
    x[3,2]    R41       1
    x[3,2]    R59       1
    x[3,2]    R60       1
    x[3,2]    R62       1
    x[3,2]    R63       1
    x[3,2]    R83       1
    x[3,2]    R84       1
    x[3,2]    R97       1
    x[3,2]    R112      1
    x[3,2]    R114      1
    x[3,3]    R2        1
    x[3,3]    R6        1
    x[3,3]    R15       1
    x[3,3]    R25       1
    x[3,3]    R28       1
    x[3,3]    R32       1
    x[3,3]    R41       1
    x[3,3]    R46       1
    x[3,3]    R50       1
    x[3,3]    R53       1
    x[3,3]    R54       1
    x[3,3]    R67       1
    x[3,3]    R83       1
    x[3,3]    R84       1
    x[3,3]    R103      1
    x[3,4]    R4        1
    x[3,4]    R28       1
    x[3,4]    R41       1
    x[3,4]    R45       1
    x[3,4]    R48       1
    x[3,4]    R50       1
    x[3,4]    R54       1
    x[3,4]    R67       -1
    x[3,4]    R77       1
    x[3,4]    R81       1
    x[3,4]    R83       1
    x[3,4]    R93       1
    x[3,4]    R94       1
    x[3,5]    R3        1
    x[3,5]    R23       1
    x[3,5]    R50       1
    x[3,5]    R54       1
    x[3,5]    R79       1
    x[3,5]    R83       1
    x[3,5]    R95       1
    x[3,5]    R99       1
    x[3,5]    R100      1
    x[3,5]    R109      1
    x[4,0]    R8        1
    x[4,0]    R21       1
    x[4,0]    R33       1
    x[4,0]    R42       1
    x[4,0]    R49       1
    x[4,0]    R51       1
    x[4,0]    R71       1
    x[4,0]    R92       1
    x[4,1]    R17       1
    x[4,1]    R33       1
    x[4,1]    R36       1
    x[4,1]    R49       1
    x[4,1]    R71       1
    x[4,1]    R73       1
    x[4,1]    R76       1
    x[4,1]    R113      1
    x[4,1]    R118      1
    x[4,1]    R121      1
    x[4,2]    R16       1
    x[4,2]    R22       1
    x[4,2]    R33       1
    x[4,2]    R49       1
    x[4,2]    R60       1
    x[4,2]    R71       1
    x[4,2]    R73       1
    x[4,2]    R91       1
    x[4,2]    R97       1
    x[4,2]    R101      1
    x[4,2]    R112      1
    x[4,2]    R114      1
    x[4,2]    R118      1
    x[4,3]    R10       1
    x[4,3]    R15       1
    x[4,3]    R16       1
    x[4,3]    R19       1
    x[4,3]    R25       1
    x[4,3]    R32       1
    x[4,3]    R53       1
    x[4,3]    R71       1
    x[4,3]    R73       1
    x[4,3]    R91       1
    x[4,3]    R98       1
    x[4,3]    R103      1
    x[4,3]    R118      1
    x[4,4]    R0        1
    x[4,4]    R10       1
    x[4,4]    R16       1
    x[4,4]    R48       1
    x[4,4]    R71       1
    x[4,4]    R77       1
    x[4,4]    R81       1
    x[4,4]    R91       1
    x[4,4]    R93       1
    x[4,4]    R94       1
    x[4,4]    R98       1
    x[4,5]    R0        1
    x[4,5]    R3        1
    x[4,5]    R10       1
    x[4,5]    R23       1
    x[4,5]    R71       1
    x[4,5]    R95       1
    x[4,5]    R98       1
    x[4,5]    R100      1
    x[4,5]    R109      1
    x[5,0]    R8        1
    x[5,0]    R38       1
    x[5,0]    R42       1
    x[5,0]    R64       1
    x[5,0]    R85       1
    x[5,0]    R92       1
    x[5,1]    R36       1
    x[5,1]    R38       1
    x[5,1]    R64       1
    x[5,1]    R66       1
    x[5,1]    R78       1
    x[5,1]    R85       1
    x[5,1]    R113      1
    x[5,1]    R121      1
    x[5,2]    R9        1
    x[5,2]    R22       1
    x[5,2]    R38       1
    x[5,2]    R60       1
    x[5,2]    R64       1
    x[5,2]    R66       1
    x[5,2]    R75       1
    x[5,2]    R78       1
    x[5,2]    R85       1
    x[5,2]    R112      1
    x[5,3]    R9        1
    x[5,3]    R12       1
    x[5,3]    R19       1
    x[5,3]    R25       1
    x[5,3]    R53       1
    x[5,3]    R57       1
    x[5,3]    R66       1
    x[5,3]    R75       1
    x[5,3]    R78       1
    x[5,3]    R85       1
    x[5,3]    R86       1
    x[5,3]    R103      1
    x[5,4]    R9        1
    x[5,4]    R12       1
    x[5,4]    R34       1
    x[5,4]    R48       1
    x[5,4]    R57       1
    x[5,4]    R75       1
    x[5,4]    R77       1
    x[5,4]    R81       1
    x[5,4]    R85       1
    x[5,5]    R3        1
    x[5,5]    R12       1
    x[5,5]    R57       1
    x[5,5]    R85       1
    x[5,5]    R100      1
    x[5,5]    R109      1
    MARKER    'MARKER'                 'INTEND'
RHS
    RHS1      R0        1
    RHS1      R1        1
    RHS1      R2        2
    RHS1      R3        3
    RHS1      R4        2
    RHS1      R5        2
    RHS1      R6        1
    RHS1      R7        1
    RHS1      R8        2
    RHS1      R9        2
    RHS1      R10       2
    RHS1      R11       1
    RHS1      R12       1
    RHS1      R13       2
    RHS1      R14       2
    RHS1      R15       1
    RHS1      R16       1
    RHS1      R17       1
    RHS1      R18       1
    RHS1      R19       1
    RHS1      R20       2
    RHS1      R21       1
    RHS1      R22       2
    RHS1      R23       1
    RHS1      R24       1
    RHS1      R25       3
    RHS1      R26       3
    RHS1      R27       2
    RHS1      R28       1
    RHS1      R29       3
    RHS1      R30       2
    RHS1      R31       2
    RHS1      R32       2
    RHS1      R33       2
    RHS1      R35       2
    RHS1      R36       3
    RHS1      R37       1
    RHS1      R38       1
    RHS1      R39       1
    RHS1      R40       2
    RHS1      R41       2
    RHS1      R42       3
    RHS1      R43       1
    RHS1      R44       1
    RHS1      R45       1
    RHS1      R46       2
    RHS1      R47       2
    RHS1      R48       3
    RHS1      R49       1
    RHS1      R50       1
    RHS1      R51       2
    RHS1      R52       1
    RHS1      R53       1
    RHS1      R54       2
    RHS1      R55       2
    RHS1      R56       1
    RHS1      R57       2
    RHS1      R58       1
    RHS1      R59       2
    RHS1      R60       1
    RHS1      R61       1
    RHS1      R62       1
    RHS1      R63       2
    RHS1      R64       2
    RHS1      R65       1
    RHS1      R66       2
    RHS1      R68       2
    RHS1      R69       2
    RHS1      R70       1
    RHS1      R71       3
    RHS1      R72       1
    RHS1      R73       1
    RHS1      R74       2
    RHS1      R75       1
    RHS1      R76       2
    RHS1      R77       1
    RHS1      R78       1
    RHS1      R79       2
    RHS1      R80       1
    RHS1      R81       2
    RHS1      R82       1
    RHS1      R83       3
    RHS1      R84       1
    RHS1      R85       3
    RHS1      R86       1
    RHS1      R87       1
    RHS1      R88       1
    RHS1      R89       2
    RHS1      R91       2
    RHS1      R92       1
    RHS1      R93       1
    RHS1      R94       2
    RHS1      R95       2
    RHS1      R96       2
    RHS1      R97       2
    RHS1      R98       1
    RHS1      R99       1
    RHS1      R100      1
    RHS1      R103      2
    RHS1      R104      1
    RHS1      R105      2
    RHS1      R106      1
    RHS1      R107      2
    RHS1      R108      1
    RHS1      R109      2
    RHS1      R110      3
    RHS1      R111      1
    RHS1      R112      3
    RHS1      R113      1
    RHS1      R114      1
    RHS1      R115      1
    RHS1      R116      2
    RHS1      R117      1
    RHS1      R118      2
    RHS1      R119      1
    RHS1      R120      2
    RHS1      R121      2
    RHS1      R122      1
BOUNDS
 BV BND1      x[0,0]  
 BV BND1      x[0,1]  
 BV BND1      x[0,2]  
 BV BND1      x[0,3]  
 BV BND1      x[0,4]  
 BV BND1      x[0,5]  
 BV BND1      x[1,0]  
 BV BND1      x[1,1]  
 BV BND1      x[1,2]  
 BV BND1      x[1,3]  
 BV BND1      x[1,4]  
 BV BND1      x[1,5]  
 BV BND1      x[2,0]  
 BV BND1      x[2,1]  
 BV BND1      x[2,2]  
 BV BND1      x[2,3]  
 BV BND1      x[2,4]  
 BV BND1      x[2,5]  
 BV BND1      x[3,0]  
 BV BND1      x[3,1]  
 BV BND1      x[3,2]  
 BV BND1      x[3,3]  
 BV BND1      x[3,4]  
 BV BND1      x[3,5]  
 BV BND1      x[4,0]  
 BV BND1      x[4,1]  
 BV BND1      x[4,2]  
 BV BND1      x[4,3]  
 BV BND1      x[4,4]  
 BV BND1      x[4,5]  
 BV BND1      x[5,0]  
 BV BND1      x[5,1]  
 BV BND1      x[5,2]  
 BV BND1      x[5,3]  
 BV BND1      x[5,4]  
 BV BND1      x[5,5]  
ENDATA
