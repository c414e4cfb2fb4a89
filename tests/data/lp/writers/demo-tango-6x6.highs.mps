NAME        
ROWS
 N  NoObj   
 E  r0      
 G  r1      
 L  r2      
 E  r3      
 L  r4      
 L  r5      
 G  r6      
 E  r7      
 L  r8      
 L  r9      
 L  r10     
 G  r11     
 G  r12     
 L  r13     
 L  r14     
 G  r15     
 G  r16     
 G  r17     
 G  r18     
 E  r19     
 L  r20     
 G  r21     
 L  r22     
 G  r23     
 G  r24     
 E  r25     
 E  r26     
 L  r27     
 G  r28     
 E  r29     
 L  r30     
 L  r31     
 L  r32     
 L  r33     
 E  r34     
 L  r35     
 E  r36     
 G  r37     
 G  r38     
 G  r39     
 L  r40     
 L  r41     
 E  r42     
 E  r43     
 G  r44     
 G  r45     
 L  r46     
 L  r47     
 E  r48     
 G  r49     
 G  r50     
 L  r51     
 G  r52     
 G  r53     
 L  r54     
 L  r55     
 G  r56     
 L  r57     
 G  r58     
 L  r59     
 G  r60     
 G  r61     
 G  r62     
 L  r63     
 L  r64     
 G  r65     
 L  r66     
 E  r67     
 L  r68     
 L  r69     
 E  r70     
 E  r71     
 G  r72     
 G  r73     
 L  r74     
 G  r75     
 L  r76     
 G  r77     
 G  r78     
 L  r79     
 G  r80     
 L  r81     
 G  r82     
 E  r83     
 G  r84     
 E  r85     
 E  r86     
 G  r87     
 E  r88     
 L  r89     
 E  r90     
 L  r91     
 G  r92     
 G  r93     
 L  r94     
 L  r95     
 L  r96     
 L  r97     
 G  r98     
 G  r99     
 G  r100    
 E  r101    
 E  r102    
 L  r103    
 G  r104    
 L  r105    
 G  r106    
 L  r107    
 E  r108    
 L  r109    
 E  r110    
 E  r111    
 E  r112    
 G  r113    
 G  r114    
 G  r115    
 L  r116    
 E  r117    
 L  r118    
 G  r119    
 L  r120    
 L  r121    
 G  r122    
COLUMNS
    MARK0000  'MARKER'                 'INTORG'
    c0        r26       1
    c0        r31       1
    c0        r40       1
    c0        r42       1
    c0        r72       1
    c0        r111      1
    c0        r115      1
    c1        r11       1
    c1        r14       1
    c1        r26       1
    c1        r36       1
    c1        r40       1
    c1        r56       1
    c1        r70       1
    c1        r72       1
    c1        r111      1
    c1        r120      1
    c2        r14       1
    c2        r26       1
    c2        r40       1
    c2        r56       1
    c2        r70       1
    c2        r72       1
    c2        r74       1
    c2        r80       1
    c2        r112      1
    c2        r116      1
    c2        r119      1
    c3        r14       1
    c3        r25       1
    c3        r26       1
    c3        r37       1
    c3        r56       1
    c3        r65       1
    c3        r74       1
    c3        r89       1
    c3        r96       1
    c3        r119      1
    c4        r18       1
    c4        r20       1
    c4        r26       1
    c4        r37       1
    c4        r48       1
    c4        r74       1
    c4        r96       1
    c4        r119      1
    c5        r3        1
    c5        r26       1
    c5        r37       1
    c5        r47       1
    c5        r52       1
    c5        r96       1
    c6        r31       1
    c6        r42       1
    c6        r44       1
    c6        r55       1
    c6        r69       1
    c6        r87       1
    c6        r108      1
    c6        r110      1
    c6        r115      1
    c7        r5        1
    c7        r7        1
    c7        r11       1
    c7        r35       1
    c7        r36       1
    c7        r55       1
    c7        r61       1
    c7        r87       1
    c7        r106      1
    c7        r110      1
    c7        r117      1
    c7        r120      1
    c8        r5        1
    c8        r30       1
    c8        r39       1
    c8        r55       1
    c8        r61       1
    c8        r63       1
    c8        r80       1
    c8        r87       1
    c8        r90       1
    c8        r104      1
    c8        r110      1
    c8        r112      1
    c8        r116      1
    c8        r117      1
    c9        r5        1
    c9        r6        1
    c9        r25       1
    c9        r30       1
    c9        r46       1
    c9        r58       1
    c9        r61       1
    c9        r65       1
    c9        r68       1
    c9        r89       1
    c9        r90       -1
    c9        r104      1
    c9        r110      1
    c10       r4        1
    c10       r18       1
    c10       r20       1
    c10       r30       1
    c10       r45       1
    c10       r48       1
    c10       r58       1
    c10       r68       1
    c10       r104      1
    c10       r110      1
    c11       r3        1
    c11       r47       1
    c11       r52       1
    c11       r58       1
    c11       r68       1
    c11       r79       1
    c11       r99       1
    c11       r110      1
    c12       r21       1
    c12       r24       1
    c12       r29       1
    c12       r31       1
    c12       r42       1
    c12       r43       1
    c12       r44       1
    c12       r51       1
    c12       r69       1
    c12       r105      1
    c12       r108      1
    c12       r115      1
    c13       r11       1
    c13       r13       1
    c13       r17       1
    c13       r24       1
    c13       r29       1
    c13       r35       1
    c13       r36       1
    c13       r43       1
    c13       r76       1
    c13       r102      1
    c13       r105      1
    c13       r106      1
    c13       r120      1
    c13       r122      1
    c14       r1        1
    c14       r13       1
    c14       r24       1
    c14       r29       1
    c14       r39       1
    c14       r63       1
    c14       r80       1
    c14       r97       1
    c14       r102      -1
    c14       r105      1
    c14       r107      1
    c14       r112      1
    c14       r114      1
    c14       r116      1
    c14       r122      1
    c15       r1        1
    c15       r6        1
    c15       r13       1
    c15       r15       1
    c15       r25       1
    c15       r27       1
    c15       r29       1
    c15       r32       1
    c15       r46       1
    c15       r65       1
    c15       r82       1
    c15       r89       1
    c15       r107      1
    c15       r122      1
    c16       r1        1
    c16       r4        1
    c16       r18       1
    c16       r20       1
    c16       r27       1
    c16       r29       1
    c16       r45       1
    c16       r48       1
    c16       r82       1
    c16       r88       1
    c16       r93       1
    c16       r94       1
    c16       r107      1
    c17       r3        1
    c17       r23       1
    c17       r27       1
    c17       r29       1
    c17       r47       1
    c17       r52       1
    c17       r79       1
    c17       r82       1
    c17       r88       1
    c17       r95       1
    c17       r99       1
    c18       r8        1
    c18       r21       1
    c18       r42       1
    c18       r44       1
    c18       r51       1
    c18       r59       1
    c18       r62       1
    c18       r69       1
    c18       r83       1
    c18       r92       1
    c19       r2        1
    c19       r17       1
    c19       r35       1
    c19       r36       1
    c19       r59       1
    c19       r62       1
    c19       r76       1
    c19       r83       1
    c19       r84       1
    c19       r106      1
    c19       r113      1
    c19       r121      1
    c20       r2        1
    c20       r22       1
    c20       r28       1
    c20       r39       1
    c20       r41       1
    c20       r59       1
    c20       r60       1
    c20       r62       1
    c20       r63       1
    c20       r83       1
    c20       r84       1
    c20       r97       1
    c20       r112      1
    c20       r114      1
    c21       r2        1
    c21       r6        1
    c21       r15       1
    c21       r25       1
    c21       r28       1
    c21       r32       1
    c21       r41       1
    c21       r46       1
    c21       r50       1
    c21       r53       1
    c21       r54       1
    c21       r67       1
    c21       r83       1
    c21       r84       1
    c21       r103      1
    c22       r4        1
    c22       r28       1
    c22       r41       1
    c22       r45       1
    c22       r48       1
    c22       r50       1
    c22       r54       1
    c22       r67       -1
    c22       r77       1
    c22       r81       1
    c22       r83       1
    c22       r93       1
    c22       r94       1
    c23       r3        1
    c23       r23       1
    c23       r50       1
    c23       r54       1
    c23       r79       1
    c23       r83       1
    c23       r95       1
    c23       r99       1
    c23       r100      1
    c23       r109      1
    c24       r8        1
    c24       r21       1
    c24       r33       1
    c24       r42       1
    c24       r49       1
    c24       r51       1
    c24       r71       1
    c24       r92       1
    c25       r17       1
    c25       r33       1
    c25       r36       1
    c25       r49       1
    c25       r71       1
    c25       r73       1
    c25       r76       1
    c25       r113      1
    c25       r118      1
    c25       r121      1
    c26       r16       1
    c26       r22       1
    c26       r33       1
    c26       r49       1
    c26       r60       1
    c26       r71       1
    c26       r73       1
    c26       r91       1
    c26       r97       1
    c26       r101      1
    c26       r112      1
    c26       r114      1
    c26       r118      1
    c27       r10       1
    c27       r15       1
    c27       r16       1
    c27       r19       1
    c27       r25       1
    c27       r32       1
    c27       r53       1
    c27       r71       1
    c27       r73       1
    c27       r91       1
    c27       r98       1
    c27       r103      1
    c27       r118      1
    c28       r0        1
    c28       r10       1
    c28       r16       1
    c28       r48       1
    c28       r71       1
    c28       r77       1
    c28       r81       1
    c28       r91       1
    c28       r93       1
    c28       r94       1
    c28       r98       1
    c29       r0        1
    c29       r3        1
    c29       r10       1
    c29       r23       1
    c29       r71       1
    c29       r95       1
    c29       r98       1
    c29       r100      1
    c29       r109      1
    c30       r8        1
    c30       r38       1
    c30       r42       1
    c30       r64       1
    c30       r85       1
    c30       r92       1
    c31       r36       1
    c31       r38       1
    c31       r64       1
    c31       r66       1
    c31       r78       1
    c31       r85       1
    c31       r113      1
    c31       r121      1
    c32       r9        1
    c32       r22       1
    c32       r38       1
    c32       r60       1
    c32       r64       1
    c32       r66       1
    c32       r75       1
    c32       r78       1
    c32       r85       1
    c32       r112      1
    c33       r9        1
    c33       r12       1
    c33       r19       1
    c33       r25       1
    c33       r53       1
    c33       r57       1
    c33       r66       1
    c33       r75       1
    c33       r78       1
    c33       r85       1
    c33       r86       1
    c33       r103      1
    c34       r9        1
    c34       r12       1
    c34       r34       1
    c34       r48       1
    c34       r57       1
    c34       r75       1
    c34       r77       1
    c34       r81       1
    c34       r85       1
    c35       r3        1
    c35       r12       1
    c35       r57       1
    c35       r85       1
    c35       r100      1
    c35       r109      1
    MARK0001  'MARKER'                 'INTEND'
RHS
    RHS_V     r0        1
    RHS_V     r1        1
    RHS_V     r2        2
    RHS_V     r3        3
    RHS_V     r4        2
    RHS_V     r5        2
    RHS_V     r6        1
    RHS_V     r7        1
    RHS_V     r8        2
    RHS_V     r9        2
    RHS_V     r10       2
    RHS_V     r11       1
    RHS_V     r12       1
    RHS_V     r13       2
    RHS_V     r14       2
    RHS_V     r15       1
    RHS_V     r16       1
    RHS_V     r17       1
    RHS_V     r18       1
    RHS_V     r19       1
    RHS_V     r20       2
    RHS_V     r21       1
    RHS_V     r22       2
    RHS_V     r23       1
    RHS_V     r24       1
    RHS_V     r25       3
    RHS_V     r26       3
    RHS_V     r27       2
    RHS_V     r28       1
    RHS_V     r29       3
    RHS_V     r30       2
    RHS_V     r31       2
    RHS_V     r32       2
    RHS_V     r33       2
    RHS_V     r35       2
    RHS_V     r36       3
    RHS_V     r37       1
    RHS_V     r38       1
    RHS_V     r39       1
    RHS_V     r40       2
    RHS_V     r41       2
    RHS_V     r42       3
    RHS_V     r43       1
    RHS_V     r44       1
    RHS_V     r45       1
    RHS_V     r46       2
    RHS_V     r47       2
    RHS_V     r48       3
    RHS_V     r49       1
    RHS_V     r50       1
    RHS_V     r51       2
    RHS_V     r52       1
    RHS_V     r53       1
    RHS_V     r54       2
    RHS_V     r55       2
    RHS_V     r56       1
    RHS_V     r57       2
    RHS_V     r58       1
    RHS_V     r59       2
    RHS_V     r60       1
    RHS_V     r61       1
    RHS_V     r62       1
    RHS_V     r63       2
    RHS_V     r64       2
    RHS_V     r65       1
    RHS_V     r66       2
    RHS_V     r68       2
    RHS_V     r69       2
    RHS_V     r70       1
    RHS_V     r71       3
    RHS_V     r72       1
    RHS_V     r73       1
    RHS_V     r74       2
    RHS_V     r75       1
    RHS_V     r76       2
    RHS_V     r77       1
    RHS_V     r78       1
    RHS_V     r79       2
    RHS_V     r80       1
    RHS_V     r81       2
    RHS_V     r82       1
    RHS_V     r83       3
    RHS_V     r84       1
    RHS_V     r85       3
    RHS_V     r86       1
    RHS_V     r87       1
    RHS_V     r88       1
    RHS_V     r89       2
    RHS_V     r91       2
    RHS_V     r92       1
    RHS_V     r93       1
    RHS_V     r94       2
    RHS_V     r95       2
    RHS_V     r96       2
    RHS_V     r97       2
    RHS_V     r98       1
    RHS_V     r99       1
    RHS_V     r100      1
    RHS_V     r103      2
    RHS_V     r104      1
    RHS_V     r105      2
    RHS_V     r106      1
    RHS_V     r107      2
    RHS_V     r108      1
    RHS_V     r109      2
    RHS_V     r110      3
    RHS_V     r111      1
    RHS_V     r112      3
    RHS_V     r113      1
    RHS_V     r114      1
    RHS_V     r115      1
    RHS_V     r116      2
    RHS_V     r117      1
    RHS_V     r118      2
    RHS_V     r119      1
    RHS_V     r120      2
    RHS_V     r121      2
    RHS_V     r122      1
BOUNDS
 BV BOUND     c0      
 BV BOUND     c1      
 BV BOUND     c2      
 BV BOUND     c3      
 BV BOUND     c4      
 BV BOUND     c5      
 BV BOUND     c6      
 BV BOUND     c7      
 BV BOUND     c8      
 BV BOUND     c9      
 BV BOUND     c10     
 BV BOUND     c11     
 BV BOUND     c12     
 BV BOUND     c13     
 BV BOUND     c14     
 BV BOUND     c15     
 BV BOUND     c16     
 BV BOUND     c17     
 BV BOUND     c18     
 BV BOUND     c19     
 BV BOUND     c20     
 BV BOUND     c21     
 BV BOUND     c22     
 BV BOUND     c23     
 BV BOUND     c24     
 BV BOUND     c25     
 BV BOUND     c26     
 BV BOUND     c27     
 BV BOUND     c28     
 BV BOUND     c29     
 BV BOUND     c30     
 BV BOUND     c31     
 BV BOUND     c32     
 BV BOUND     c33     
 BV BOUND     c34     
 BV BOUND     c35     
ENDATA
