NAME model
ROWS
 N  OBJ
 L  R0      
 L  R1      
 L  R2      
 E  R3      
 L  R4      
 L  R5      
 L  R6      
 L  R7      
 L  R8      
 L  R9      
 L  R10     
 L  R11     
 E  R12     
 L  R13     
 L  R14     
 L  R15     
 L  R16     
 L  R17     
 L  R18     
 L  R19     
 L  R20     
 E  R21     
 E  R22     
 L  R23     
 L  R24     
 L  R25     
 L  R26     
 L  R27     
 L  R28     
 L  R29     
 E  R30     
 E  R31     
 L  R32     
 L  R33     
 L  R34     
 L  R35     
 L  R36     
 L  R37     
 E  R38     
 L  R39     
 E  R40     
 L  R41     
 L  R42     
 L  R43     
 L  R44     
 L  R45     
 L  R46     
 E  R47     
 L  R48     
 L  R49     
 E  R50     
 L  R51     
 L  R52     
 L  R53     
 L  R54     
 E  R55     
 E  R56     
 L  R57     
 E  R58     
 L  R59     
 L  R60     
 E  R61     
 E  R62     
 E  R63     
 L  R64     
 L  R65     
 L  R66     
 E  R67     
 L  R68     
 L  R69     
 E  R70     
 E  R71     
 L  R72     
 L  R73     
 L  R74     
 L  R75     
 E  R76     
 L  R77     
 L  R78     
 L  R79     
 L  R80     
 E  R81     
 L  R82     
 L  R83     
 L  R84     
 L  R85     
 L  R86     
 L  R87     
 L  R88     
 L  R89     
 L  R90     
 L  R91     
 L  R92     
 L  R93     
 L  R94     
 L  R95     
 L  R96     
 L  R97     
 L  R98     
 L  R99     
 L  R100    
 L  R101    
 L  R102    
 L  R103    
 E  R104    
 E  R105    
 L  R106    
 E  R107    
 L  R108    
 L  R109    
 L  R110    
 L  R111    
 L  R112    
 L  R113    
 L  R114    
 L  R115    
 L  R116    
 L  R117    
 L  R118    
 L  R119    
 L  R120    
 L  R121    
 L  R122    
 L  R123    
 L  R124    
 L  R125    
 L  R126    
 L  R127    
 E  R128    
 L  R129    
 L  R130    
 L  R131    
 L  R132    
 L  R133    
 L  R134    
 L  R135    
 L  R136    
 L  R137    
 L  R138    
 L  R139    
 L  R140    
 L  R141    
 L  R142    
 L  R143    
 L  R144    
 L  R145    
 E  R146    
 E  R147    
 L  R148    
 L  R149    
 L  R150    
 L  R151    
 L  R152    
 L  R153    
 L  R154    
COLUMNS
    MARKER    'MARKER'                 'INTORG'
    x[0,0]    R31       1
    x[0,0]    R40       1
    x[0,0]    R61       1
    x[0,0]    R101      1
    x[0,1]    R26       1
    x[0,1]    R40       1
    x[0,1]    R61       1
    x[0,1]    R86       1
    x[0,1]    R128      1
    x[0,2]    R7        1
    x[0,2]    R19       1
    x[0,2]    R40       1
    x[0,2]    R61       1
    x[0,2]    R67       1
    x[0,3]    R40       1
    x[0,3]    R44       1
    x[0,3]    R61       1
    x[0,3]    R105      1
    x[0,3]    R151      1
    x[0,4]    R40       1
    x[0,4]    R61       1
    x[0,4]    R76       1
    x[0,4]    R83       1
    x[0,4]    R122      1
    x[0,5]    R21       1
    x[0,5]    R40       1
    x[0,5]    R48       1
    x[0,5]    R61       1
    x[0,5]    R72       1
    x[0,6]    R40       1
    x[0,6]    R53       1
    x[0,6]    R61       1
    x[0,6]    R71       1
    x[0,6]    R136      1
    x[0,7]    R40       1
    x[0,7]    R61       1
    x[0,7]    R80       1
    x[0,7]    R129      1
    x[0,7]    R147      1
    x[0,8]    R36       1
    x[0,8]    R40       1
    x[0,8]    R61       1
    x[0,8]    R107      1
    x[1,0]    R26       1
    x[1,0]    R31       1
    x[1,0]    R61       1
    x[1,0]    R62       1
    x[1,0]    R85       1
    x[1,1]    R19       1
    x[1,1]    R49       1
    x[1,1]    R62       1
    x[1,1]    R63       1
    x[1,1]    R91       1
    x[1,1]    R101      1
    x[1,1]    R128      1
    x[1,2]    R8        1
    x[1,2]    R44       1
    x[1,2]    R62       1
    x[1,2]    R63       1
    x[1,2]    R67       1
    x[1,2]    R86       1
    x[1,2]    R106      1
    x[1,3]    R7        1
    x[1,3]    R52       1
    x[1,3]    R62       1
    x[1,3]    R63       1
    x[1,3]    R105      1
    x[1,3]    R122      1
    x[1,3]    R141      1
    x[1,4]    R42       1
    x[1,4]    R62       1
    x[1,4]    R63       1
    x[1,4]    R72       1
    x[1,4]    R76       1
    x[1,4]    R112      1
    x[1,4]    R151      1
    x[1,5]    R21       1
    x[1,5]    R62       1
    x[1,5]    R63       1
    x[1,5]    R83       1
    x[1,5]    R88       1
    x[1,5]    R95       1
    x[1,5]    R136      1
    x[1,6]    R48       1
    x[1,6]    R62       1
    x[1,6]    R63       1
    x[1,6]    R71       1
    x[1,6]    R98       1
    x[1,6]    R113      1
    x[1,6]    R129      1
    x[1,7]    R36       1
    x[1,7]    R51       1
    x[1,7]    R53       1
    x[1,7]    R62       1
    x[1,7]    R63       1
    x[1,7]    R108      1
    x[1,7]    R147      1
    x[1,8]    R34       1
    x[1,8]    R62       1
    x[1,8]    R80       1
    x[1,8]    R81       1
    x[1,8]    R107      1
    x[2,0]    R31       1
    x[2,0]    R55       1
    x[2,0]    R61       1
    x[2,0]    R91       1
    x[2,0]    R142      1
    x[2,1]    R47       1
    x[2,1]    R55       1
    x[2,1]    R69       1
    x[2,1]    R85       1
    x[2,1]    R106      1
    x[2,1]    R128      1
    x[2,1]    R154      1
    x[2,2]    R29       1
    x[2,2]    R47       1
    x[2,2]    R49       1
    x[2,2]    R52       1
    x[2,2]    R55       1
    x[2,2]    R67       1
    x[2,2]    R102      1
    x[2,3]    R8        1
    x[2,3]    R15       1
    x[2,3]    R47       1
    x[2,3]    R55       1
    x[2,3]    R94       1
    x[2,3]    R105      1
    x[2,3]    R112      1
    x[2,4]    R25       1
    x[2,4]    R47       1
    x[2,4]    R55       1
    x[2,4]    R76       1
    x[2,4]    R88       1
    x[2,4]    R141      1
    x[2,4]    R144      1
    x[2,5]    R21       1
    x[2,5]    R42       1
    x[2,5]    R47       1
    x[2,5]    R55       1
    x[2,5]    R79       1
    x[2,5]    R90       1
    x[2,5]    R113      1
    x[2,6]    R30       1
    x[2,6]    R43       1
    x[2,6]    R55       1
    x[2,6]    R65       1
    x[2,6]    R71       1
    x[2,6]    R95       1
    x[2,6]    R108      1
    x[2,7]    R34       1
    x[2,7]    R55       1
    x[2,7]    R63       1
    x[2,7]    R77       1
    x[2,7]    R98       1
    x[2,7]    R109      1
    x[2,7]    R147      1
    x[2,8]    R51       1
    x[2,8]    R55       1
    x[2,8]    R81       1
    x[2,8]    R89       1
    x[2,8]    R107      1
    x[3,0]    R31       1
    x[3,0]    R60       1
    x[3,0]    R61       1
    x[3,0]    R146      1
    x[3,0]    R154      1
    x[3,1]    R29       1
    x[3,1]    R47       1
    x[3,1]    R120      1
    x[3,1]    R127      1
    x[3,1]    R128      1
    x[3,1]    R142      1
    x[3,1]    R146      1
    x[3,2]    R22       1
    x[3,2]    R67       1
    x[3,2]    R68       1
    x[3,2]    R69       1
    x[3,2]    R74       1
    x[3,2]    R94       1
    x[3,2]    R146      1
    x[3,3]    R16       1
    x[3,3]    R22       1
    x[3,3]    R97       1
    x[3,3]    R102      1
    x[3,3]    R105      1
    x[3,3]    R144      1
    x[3,3]    R146      1
    x[3,4]    R5        1
    x[3,4]    R15       1
    x[3,4]    R22       1
    x[3,4]    R46       1
    x[3,4]    R76       1
    x[3,4]    R90       1
    x[3,4]    R146      1
    x[3,5]    R4        1
    x[3,5]    R17       1
    x[3,5]    R21       1
    x[3,5]    R22       1
    x[3,5]    R25       1
    x[3,5]    R65       1
    x[3,5]    R146      1
    x[3,6]    R30       1
    x[3,6]    R37       1
    x[3,6]    R71       1
    x[3,6]    R77       1
    x[3,6]    R79       1
    x[3,6]    R99       1
    x[3,6]    R146      1
    x[3,7]    R43       1
    x[3,7]    R63       1
    x[3,7]    R64       1
    x[3,7]    R87       1
    x[3,7]    R89       1
    x[3,7]    R146      1
    x[3,7]    R147      1
    x[3,8]    R33       1
    x[3,8]    R81       1
    x[3,8]    R107      1
    x[3,8]    R109      1
    x[3,8]    R146      1
    x[4,0]    R31       1
    x[4,0]    R61       1
    x[4,0]    R104      1
    x[4,0]    R115      1
    x[4,0]    R120      1
    x[4,1]    R47       1
    x[4,1]    R60       1
    x[4,1]    R74       1
    x[4,1]    R104      1
    x[4,1]    R111      1
    x[4,1]    R119      1
    x[4,1]    R128      1
    x[4,2]    R24       1
    x[4,2]    R50       1
    x[4,2]    R67       1
    x[4,2]    R97       1
    x[4,2]    R104      1
    x[4,2]    R127      1
    x[4,2]    R150      1
    x[4,3]    R5        1
    x[4,3]    R11       1
    x[4,3]    R50       1
    x[4,3]    R54       1
    x[4,3]    R68       1
    x[4,3]    R104      1
    x[4,3]    R105      1
    x[4,4]    R16       1
    x[4,4]    R17       1
    x[4,4]    R50       1
    x[4,4]    R57       1
    x[4,4]    R76       1
    x[4,4]    R104      1
    x[4,4]    R132      1
    x[4,5]    R12       1
    x[4,5]    R21       1
    x[4,5]    R46       1
    x[4,5]    R99       1
    x[4,5]    R104      1
    x[4,5]    R114      1
    x[4,5]    R137      1
    x[4,6]    R4        1
    x[4,6]    R30       1
    x[4,6]    R45       1
    x[4,6]    R64       1
    x[4,6]    R71       1
    x[4,6]    R104      1
    x[4,6]    R110      1
    x[4,7]    R33       1
    x[4,7]    R37       1
    x[4,7]    R39       1
    x[4,7]    R63       1
    x[4,7]    R104      1
    x[4,7]    R124      1
    x[4,7]    R147      1
    x[4,8]    R23       1
    x[4,8]    R81       1
    x[4,8]    R87       1
    x[4,8]    R104      1
    x[4,8]    R107      1
    x[5,0]    R3        1
    x[5,0]    R31       1
    x[5,0]    R61       1
    x[5,0]    R103      1
    x[5,0]    R119      1
    x[5,1]    R3        1
    x[5,1]    R6        1
    x[5,1]    R47       1
    x[5,1]    R92       1
    x[5,1]    R115      1
    x[5,1]    R128      1
    x[5,1]    R150      1
    x[5,2]    R3        1
    x[5,2]    R50       1
    x[5,2]    R54       1
    x[5,2]    R59       1
    x[5,2]    R67       1
    x[5,2]    R111      1
    x[5,2]    R123      1
    x[5,3]    R3        1
    x[5,3]    R14       1
    x[5,3]    R24       1
    x[5,3]    R50       1
    x[5,3]    R57       1
    x[5,3]    R105      1
    x[5,3]    R117      1
    x[5,4]    R3        1
    x[5,4]    R10       1
    x[5,4]    R11       1
    x[5,4]    R50       1
    x[5,4]    R66       1
    x[5,4]    R76       1
    x[5,4]    R114      1
    x[5,5]    R3        1
    x[5,5]    R12       1
    x[5,5]    R21       1
    x[5,5]    R93       1
    x[5,5]    R110      1
    x[5,5]    R118      1
    x[5,5]    R132      1
    x[5,6]    R3        1
    x[5,6]    R9        1
    x[5,6]    R30       1
    x[5,6]    R39       1
    x[5,6]    R71       1
    x[5,6]    R78       1
    x[5,6]    R137      1
    x[5,7]    R3        1
    x[5,7]    R23       1
    x[5,7]    R45       1
    x[5,7]    R63       1
    x[5,7]    R145      1
    x[5,7]    R147      1
    x[5,7]    R149      1
    x[5,8]    R3        1
    x[5,8]    R73       1
    x[5,8]    R81       1
    x[5,8]    R107      1
    x[5,8]    R124      1
    x[6,0]    R6        1
    x[6,0]    R31       1
    x[6,0]    R38       1
    x[6,0]    R41       1
    x[6,0]    R61       1
    x[6,1]    R35       1
    x[6,1]    R38       1
    x[6,1]    R47       1
    x[6,1]    R84       1
    x[6,1]    R103      1
    x[6,1]    R123      1
    x[6,1]    R128      1
    x[6,2]    R1        1
    x[6,2]    R38       1
    x[6,2]    R50       1
    x[6,2]    R67       1
    x[6,2]    R82       1
    x[6,2]    R92       1
    x[6,2]    R117      1
    x[6,3]    R2        1
    x[6,3]    R10       1
    x[6,3]    R27       1
    x[6,3]    R38       1
    x[6,3]    R58       1
    x[6,3]    R59       1
    x[6,3]    R105      1
    x[6,4]    R14       1
    x[6,4]    R32       1
    x[6,4]    R38       1
    x[6,4]    R50       1
    x[6,4]    R76       1
    x[6,4]    R93       1
    x[6,4]    R125      1
    x[6,5]    R9        1
    x[6,5]    R12       1
    x[6,5]    R21       1
    x[6,5]    R38       1
    x[6,5]    R66       1
    x[6,5]    R126      1
    x[6,5]    R133      1
    x[6,6]    R18       1
    x[6,6]    R30       1
    x[6,6]    R38       1
    x[6,6]    R71       1
    x[6,6]    R96       1
    x[6,6]    R118      1
    x[6,6]    R145      1
    x[6,7]    R38       1
    x[6,7]    R63       1
    x[6,7]    R73       1
    x[6,7]    R75       1
    x[6,7]    R78       1
    x[6,7]    R134      1
    x[6,7]    R147      1
    x[6,8]    R38       1
    x[6,8]    R81       1
    x[6,8]    R107      1
    x[6,8]    R139      1
    x[6,8]    R149      1
    x[7,0]    R31       1
    x[7,0]    R35       1
    x[7,0]    R56       1
    x[7,0]    R61       1
    x[7,0]    R152      1
    x[7,1]    R0        1
    x[7,1]    R1        1
    x[7,1]    R30       1
    x[7,1]    R41       1
    x[7,1]    R56       1
    x[7,1]    R128      1
    x[7,1]    R143      1
    x[7,2]    R27       1
    x[7,2]    R30       1
    x[7,2]    R56       1
    x[7,2]    R67       1
    x[7,2]    R84       1
    x[7,2]    R116      1
    x[7,2]    R135      1
    x[7,3]    R20       1
    x[7,3]    R30       1
    x[7,3]    R32       1
    x[7,3]    R56       1
    x[7,3]    R82       1
    x[7,3]    R105      1
    x[7,3]    R140      1
    x[7,4]    R2        1
    x[7,4]    R30       1
    x[7,4]    R56       1
    x[7,4]    R76       1
    x[7,4]    R126      1
    x[7,4]    R130      1
    x[7,4]    R131      1
    x[7,5]    R21       1
    x[7,5]    R30       1
    x[7,5]    R56       1
    x[7,5]    R96       1
    x[7,5]    R125      1
    x[7,5]    R138      1
    x[7,5]    R148      1
    x[7,6]    R13       1
    x[7,6]    R30       1
    x[7,6]    R56       1
    x[7,6]    R71       1
    x[7,6]    R133      1
    x[7,6]    R134      1
    x[7,6]    R153      1
    x[7,7]    R18       1
    x[7,7]    R28       1
    x[7,7]    R56       1
    x[7,7]    R63       1
    x[7,7]    R100      1
    x[7,7]    R139      1
    x[7,7]    R147      1
    x[7,8]    R56       1
    x[7,8]    R75       1
    x[7,8]    R81       1
    x[7,8]    R107      1
    x[7,8]    R121      1
    x[8,0]    R0        1
    x[8,0]    R31       1
    x[8,0]    R61       1
    x[8,0]    R70       1
    x[8,1]    R70       1
    x[8,1]    R81       1
    x[8,1]    R128      1
    x[8,1]    R135      1
    x[8,1]    R152      1
    x[8,2]    R20       1
    x[8,2]    R67       1
    x[8,2]    R70       1
    x[8,2]    R81       1
    x[8,2]    R143      1
    x[8,3]    R70       1
    x[8,3]    R81       1
    x[8,3]    R105      1
    x[8,3]    R116      1
    x[8,3]    R131      1
    x[8,4]    R70       1
    x[8,4]    R76       1
    x[8,4]    R81       1
    x[8,4]    R140      1
    x[8,4]    R148      1
    x[8,5]    R13       1
    x[8,5]    R21       1
    x[8,5]    R70       1
    x[8,5]    R81       1
    x[8,5]    R130      1
    x[8,6]    R28       1
    x[8,6]    R70       1
    x[8,6]    R71       1
    x[8,6]    R81       1
    x[8,6]    R138      1
    x[8,7]    R70       1
    x[8,7]    R81       1
    x[8,7]    R121      1
    x[8,7]    R147      1
    x[8,7]    R153      1
    x[8,8]    R70       1
    x[8,8]    R81       1
    x[8,8]    R100      1
    x[8,8]    R107      1
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
    RHS1      R70       1
    RHS1      R71       1
    RHS1      R72       1
    RHS1      R73       1
    RHS1      R74       1
    RHS1      R75       1
    RHS1      R76       1
    RHS1      R77       1
    RHS1      R78       1
    RHS1      R79       1
    RHS1      R80       1
    RHS1      R81       1
    RHS1      R82       1
    RHS1      R83       1
    RHS1      R84       1
    RHS1      R85       1
    RHS1      R86       1
    RHS1      R87       1
    RHS1      R88       1
    RHS1      R89       1
    RHS1      R90       1
    RHS1      R91       1
    RHS1      R92       1
    RHS1      R93       1
    RHS1      R94       1
    RHS1      R95       1
    RHS1      R96       1
    RHS1      R97       1
    RHS1      R98       1
    RHS1      R99       1
    RHS1      R100      1
    RHS1      R101      1
    RHS1      R102      1
    RHS1      R103      1
    RHS1      R104      1
    RHS1      R105      1
    RHS1      R106      1
    RHS1      R107      1
    RHS1      R108      1
    RHS1      R109      1
    RHS1      R110      1
    RHS1      R111      1
    RHS1      R112      1
    RHS1      R113      1
    RHS1      R114      1
    RHS1      R115      1
    RHS1      R116      1
    RHS1      R117      1
    RHS1      R118      1
    RHS1      R119      1
    RHS1      R120      1
    RHS1      R121      1
    RHS1      R122      1
    RHS1      R123      1
    RHS1      R124      1
    RHS1      R125      1
    RHS1      R126      1
    RHS1      R127      1
    RHS1      R128      1
    RHS1      R129      1
    RHS1      R130      1
    RHS1      R131      1
    RHS1      R132      1
    RHS1      R133      1
    RHS1      R134      1
    RHS1      R135      1
    RHS1      R136      1
    RHS1      R137      1
    RHS1      R138      1
    RHS1      R139      1
    RHS1      R140      1
    RHS1      R141      1
    RHS1      R142      1
    RHS1      R143      1
    RHS1      R144      1
    RHS1      R145      1
    RHS1      R146      1
    RHS1      R147      1
    RHS1      R148      1
    RHS1      R149      1
    RHS1      R150      1
    RHS1      R151      1
    RHS1      R152      1
    RHS1      R153      1
    RHS1      R154      1
BOUNDS
 BV BND1      x[0,0]  
 BV BND1      x[0,1]  
 BV BND1      x[0,2]  
 BV BND1      x[0,3]  
 BV BND1      x[0,4]  
 BV BND1      x[0,5]  
 BV BND1      x[0,6]  
 BV BND1      x[0,7]  
 BV BND1      x[0,8]  
 BV BND1      x[1,0]  
 BV BND1      x[1,1]  
 BV BND1      x[1,2]  
 BV BND1      x[1,3]  
 BV BND1      x[1,4]  
 BV BND1      x[1,5]  
 BV BND1      x[1,6]  
 BV BND1      x[1,7]  
 BV BND1      x[1,8]  
 BV BND1      x[2,0]  
 BV BND1      x[2,1]  
 BV BND1      x[2,2]  
 BV BND1      x[2,3]  
 BV BND1      x[2,4]  
 BV BND1      x[2,5]  
 BV BND1      x[2,6]  
 BV BND1      x[2,7]  
 BV BND1      x[2,8]  
 BV BND1      x[3,0]  
 BV BND1      x[3,1]  
 BV BND1      x[3,2]  
 BV BND1      x[3,3]  
 BV BND1      x[3,4]  
 BV BND1      x[3,5]  
 BV BND1      x[3,6]  
 BV BND1      x[3,7]  
 BV BND1      x[3,8]  
 BV BND1      x[4,0]  
 BV BND1      x[4,1]  
 BV BND1      x[4,2]  
 BV BND1      x[4,3]  
 BV BND1      x[4,4]  
 BV BND1      x[4,5]  
 BV BND1      x[4,6]  
 BV BND1      x[4,7]  
 BV BND1      x[4,8]  
 BV BND1      x[5,0]  
 BV BND1      x[5,1]  
 BV BND1      x[5,2]  
 BV BND1      x[5,3]  
 BV BND1      x[5,4]  
 BV BND1      x[5,5]  
 BV BND1      x[5,6]  
 BV BND1      x[5,7]  
 BV BND1      x[5,8]  
 BV BND1      x[6,0]  
 BV BND1      x[6,1]  
 BV BND1      x[6,2]  
 BV BND1      x[6,3]  
 BV BND1      x[6,4]  
 BV BND1      x[6,5]  
 BV BND1      x[6,6]  
 BV BND1      x[6,7]  
 BV BND1      x[6,8]  
 BV BND1      x[7,0]  
 BV BND1      x[7,1]  
 BV BND1      x[7,2]  
 BV BND1      x[7,3]  
 BV BND1      x[7,4]  
 BV BND1      x[7,5]  
 BV BND1      x[7,6]  
 BV BND1      x[7,7]  
 BV BND1      x[7,8]  
 BV BND1      x[8,0]  
 BV BND1      x[8,1]  
 BV BND1      x[8,2]  
 BV BND1      x[8,3]  
 BV BND1      x[8,4]  
 BV BND1      x[8,5]  
 BV BND1      x[8,6]  
 BV BND1      x[8,7]  
 BV BND1      x[8,8]  
ENDATA
