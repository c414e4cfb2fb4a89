NAME        
ROWS
 N  NoObj   
 L  r0      
 L  r1      
 L  r2      
 E  r3      
 L  r4      
 L  r5      
 L  r6      
 L  r7      
 L  r8      
 L  r9      
 L  r10     
 L  r11     
 E  r12     
 L  r13     
 L  r14     
 L  r15     
 L  r16     
 L  r17     
 L  r18     
 L  r19     
 L  r20     
 E  r21     
 E  r22     
 L  r23     
 L  r24     
 L  r25     
 L  r26     
 L  r27     
 L  r28     
 L  r29     
 E  r30     
 E  r31     
 L  r32     
 L  r33     
 L  r34     
 L  r35     
 L  r36     
 L  r37     
 E  r38     
 L  r39     
 E  r40     
 L  r41     
 L  r42     
 L  r43     
 L  r44     
 L  r45     
 L  r46     
 E  r47     
 L  r48     
 L  r49     
 E  r50     
 L  r51     
 L  r52     
 L  r53     
 L  r54     
 E  r55     
 E  r56     
 L  r57     
 E  r58     
 L  r59     
 L  r60     
 E  r61     
 E  r62     
 E  r63     
 L  r64     
 L  r65     
 L  r66     
 E  r67     
 L  r68     
 L  r69     
 E  r70     
 E  r71     
 L  r72     
 L  r73     
 L  r74     
 L  r75     
 E  r76     
 L  r77     
 L  r78     
 L  r79     
 L  r80     
 E  r81     
 L  r82     
 L  r83     
 L  r84     
 L  r85     
 L  r86     
 L  r87     
 L  r88     
 L  r89     
 L  r90     
 L  r91     
 L  r92     
 L  r93     
 L  r94     
 L  r95     
 L  r96     
 L  r97     
 L  r98     
 L  r99     
 L  r100    
 L  r101    
 L  r102    
 L  r103    
 E  r104    
 E  r105    
 L  r106    
 E  r107    
 L  r108    
 L  r109    
 L  r110    
 L  r111    
 L  r112    
 L  r113    
 L  r114    
 L  r115    
 L  r116    
 L  r117    
 L  r118    
 L  r119    
 L  r120    
 L  r121    
 L  r122    
 L  r123    
 L  r124    
 L  r125    
 L  r126    
 L  r127    
 E  r128    
 L  r129    
 L  r130    
 L  r131    
 L  r132    
 L  r133    
 L  r134    
 L  r135    
 L  r136    
 L  r137    
 L  r138    
 L  r139    
 L  r140    
 L  r141    
 L  r142    
 L  r143    
 L  r144    
 L  r145    
 E  r146    
 E  r147    
 L  r148    
 L  r149    
 L  r150    
 L  r151    
 L  r152    
 L  r153    
 L  r154    
COLUMNS
    MARK0000  'MARKER'                 'INTORG'
    c0        r31       1
    c0        r40       1
    c0        r61       1
    c0        r101      1
    c1        r26       1
    c1        r40       1
    c1        r61       1
    c1        r86       1
    c1        r128      1
    c2        r7        1
    c2        r19       1
    c2        r40       1
    c2        r61       1
    c2        r67       1
    c3        r40       1
    c3        r44       1
    c3        r61       1
    c3        r105      1
    c3        r151      1
    c4        r40       1
    c4        r61       1
    c4        r76       1
    c4        r83       1
    c4        r122      1
    c5        r21       1
    c5        r40       1
    c5        r48       1
    c5        r61       1
    c5        r72       1
    c6        r40       1
    c6        r53       1
    c6        r61       1
    c6        r71       1
    c6        r136      1
    c7        r40       1
    c7        r61       1
    c7        r80       1
    c7        r129      1
    c7        r147      1
    c8        r36       1
    c8        r40       1
    c8        r61       1
    c8        r107      1
    c9        r26       1
    c9        r31       1
    c9        r61       1
    c9        r62       1
    c9        r85       1
    c10       r19       1
    c10       r49       1
    c10       r62       1
    c10       r63       1
    c10       r91       1
    c10       r101      1
    c10       r128      1
    c11       r8        1
    c11       r44       1
    c11       r62       1
    c11       r63       1
    c11       r67       1
    c11       r86       1
    c11       r106      1
    c12       r7        1
    c12       r52       1
    c12       r62       1
    c12       r63       1
    c12       r105      1
    c12       r122      1
    c12       r141      1
    c13       r42       1
    c13       r62       1
    c13       r63       1
    c13       r72       1
    c13       r76       1
    c13       r112      1
    c13       r151      1
    c14       r21       1
    c14       r62       1
    c14       r63       1
    c14       r83       1
    c14       r88       1
    c14       r95       1
    c14       r136      1
    c15       r48       1
    c15       r62       1
    c15       r63       1
    c15       r71       1
    c15       r98       1
    c15       r113      1
    c15       r129      1
    c16       r36       1
    c16       r51       1
    c16       r53       1
    c16       r62       1
    c16       r63       1
    c16       r108      1
    c16       r147      1
    c17       r34       1
    c17       r62       1
    c17       r80       1
    c17       r81       1
    c17       r107      1
    c18       r31       1
    c18       r55       1
    c18       r61       1
    c18       r91       1
    c18       r142      1
    c19       r47       1
    c19       r55       1
    c19       r69       1
    c19       r85       1
    c19       r106      1
    c19       r128      1
    c19       r154      1
    c20       r29       1
    c20       r47       1
    c20       r49       1
    c20       r52       1
    c20       r55       1
    c20       r67       1
    c20       r102      1
    c21       r8        1
    c21       r15       1
    c21       r47       1
    c21       r55       1
    c21       r94       1
    c21       r105      1
    c21       r112      1
    c22       r25       1
    c22       r47       1
    c22       r55       1
    c22       r76       1
    c22       r88       1
    c22       r141      1
    c22       r144      1
    c23       r21       1
    c23       r42       1
    c23       r47       1
    c23       r55       1
    c23       r79       1
    c23       r90       1
    c23       r113      1
    c24       r30       1
    c24       r43       1
    c24       r55       1
    c24       r65       1
    c24       r71       1
    c24       r95       1
    c24       r108      1
    c25       r34       1
    c25       r55       1
    c25       r63       1
    c25       r77       1
    c25       r98       1
    c25       r109      1
    c25       r147      1
    c26       r51       1
    c26       r55       1
    c26       r81       1
    c26       r89       1
    c26       r107      1
    c27       r31       1
    c27       r60       1
    c27       r61       1
    c27       r146      1
    c27       r154      1
    c28       r29       1
    c28       r47       1
    c28       r120      1
    c28       r127      1
    c28       r128      1
    c28       r142      1
    c28       r146      1
    c29       r22       1
    c29       r67       1
    c29       r68       1
    c29       r69       1
    c29       r74       1
    c29       r94       1
    c29       r146      1
    c30       r16       1
    c30       r22       1
    c30       r97       1
    c30       r102      1
    c30       r105      1
    c30       r144      1
    c30       r146      1
    c31       r5        1
    c31       r15       1
    c31       r22       1
    c31       r46       1
    c31       r76       1
    c31       r90       1
    c31       r146      1
    c32       r4        1
    c32       r17       1
    c32       r21       1
    c32       r22       1
    c32       r25       1
    c32       r65       1
    c32       r146      1
    c33       r30       1
    c33       r37       1
    c33       r71       1
    c33       r77       1
    c33       r79       1
    c33       r99       1
    c33       r146      1
    c34       r43       1
    c34       r63       1
    c34       r64       1
    c34       r87       1
    c34       r89       1
    c34       r146      1
    c34       r147      1
    c35       r33       1
    c35       r81       1
    c35       r107      1
    c35       r109      1
    c35       r146      1
    c36       r31       1
    c36       r61       1
    c36       r104      1
    c36       r115      1
    c36       r120      1
    c37       r47       1
    c37       r60       1
    c37       r74       1
    c37       r104      1
    c37       r111      1
    c37       r119      1
    c37       r128      1
    c38       r24       1
    c38       r50       1
    c38       r67       1
    c38       r97       1
    c38       r104      1
    c38       r127      1
    c38       r150      1
    c39       r5        1
    c39       r11       1
    c39       r50       1
    c39       r54       1
    c39       r68       1
    c39       r104      1
    c39       r105      1
    c40       r16       1
    c40       r17       1
    c40       r50       1
    c40       r57       1
    c40       r76       1
    c40       r104      1
    c40       r132      1
    c41       r12       1
    c41       r21       1
    c41       r46       1
    c41       r99       1
    c41       r104      1
    c41       r114      1
    c41       r137      1
    c42       r4        1
    c42       r30       1
    c42       r45       1
    c42       r64       1
    c42       r71       1
    c42       r104      1
    c42       r110      1
    c43       r33       1
    c43       r37       1
    c43       r39       1
    c43       r63       1
    c43       r104      1
    c43       r124      1
    c43       r147      1
    c44       r23       1
    c44       r81       1
    c44       r87       1
    c44       r104      1
    c44       r107      1
    c45       r3        1
    c45       r31       1
    c45       r61       1
    c45       r103      1
    c45       r119      1
    c46       r3        1
    c46       r6        1
    c46       r47       1
    c46       r92       1
    c46       r115      1
    c46       r128      1
    c46       r150      1
    c47       r3        1
    c47       r50       1
    c47       r54       1
    c47       r59       1
    c47       r67       1
    c47       r111      1
    c47       r123      1
    c48       r3        1
    c48       r14       1
    c48       r24       1
    c48       r50       1
    c48       r57       1
    c48       r105      1
    c48       r117      1
    c49       r3        1
    c49       r10       1
    c49       r11       1
    c49       r50       1
    c49       r66       1
    c49       r76       1
    c49       r114      1
    c50       r3        1
    c50       r12       1
    c50       r21       1
    c50       r93       1
    c50       r110      1
    c50       r118      1
    c50       r132      1
    c51       r3        1
    c51       r9        1
    c51       r30       1
    c51       r39       1
    c51       r71       1
    c51       r78       1
    c51       r137      1
    c52       r3        1
    c52       r23       1
    c52       r45       1
    c52       r63       1
    c52       r145      1
    c52       r147      1
    c52       r149      1
    c53       r3        1
    c53       r73       1
    c53       r81       1
    c53       r107      1
    c53       r124      1
    c54       r6        1
    c54       r31       1
    c54       r38       1
    c54       r41       1
    c54       r61       1
    c55       r35       1
    c55       r38       1
    c55       r47       1
    c55       r84       1
    c55       r103      1
    c55       r123      1
    c55       r128      1
    c56       r1        1
    c56       r38       1
    c56       r50       1
    c56       r67       1
    c56       r82       1
    c56       r92       1
    c56       r117      1
    c57       r2        1
    c57       r10       1
    c57       r27       1
    c57       r38       1
    c57       r58       1
    c57       r59       1
    c57       r105      1
    c58       r14       1
    c58       r32       1
    c58       r38       1
    c58       r50       1
    c58       r76       1
    c58       r93       1
    c58       r125      1
    c59       r9        1
    c59       r12       1
    c59       r21       1
    c59       r38       1
    c59       r66       1
    c59       r126      1
    c59       r133      1
    c60       r18       1
    c60       r30       1
    c60       r38       1
    c60       r71       1
    c60       r96       1
    c60       r118      1
    c60       r145      1
    c61       r38       1
    c61       r63       1
    c61       r73       1
    c61       r75       1
    c61       r78       1
    c61       r134      1
    c61       r147      1
    c62       r38       1
    c62       r81       1
    c62       r107      1
    c62       r139      1
    c62       r149      1
    c63       r31       1
    c63       r35       1
    c63       r56       1
    c63       r61       1
    c63       r152      1
    c64       r0        1
    c64       r1        1
    c64       r30       1
    c64       r41       1
    c64       r56       1
    c64       r128      1
    c64       r143      1
    c65       r27       1
    c65       r30       1
    c65       r56       1
    c65       r67       1
    c65       r84       1
    c65       r116      1
    c65       r135      1
    c66       r20       1
    c66       r30       1
    c66       r32       1
    c66       r56       1
    c66       r82       1
    c66       r105      1
    c66       r140      1
    c67       r2        1
    c67       r30       1
    c67       r56       1
    c67       r76       1
    c67       r126      1
    c67       r130      1
    c67       r131      1
    c68       r21       1
    c68       r30       1
    c68       r56       1
    c68       r96       1
    c68       r125      1
    c68       r138      1
    c68       r148      1
    c69       r13       1
    c69       r30       1
    c69       r56       1
    c69       r71       1
    c69       r133      1
    c69       r134      1
    c69       r153      1
    c70       r18       1
    c70       r28       1
    c70       r56       1
    c70       r63       1
    c70       r100      1
    c70       r139      1
    c70       r147      1
    c71       r56       1
    c71       r75       1
    c71       r81       1
    c71       r107      1
    c71       r121      1
    c72       r0        1
    c72       r31       1
    c72       r61       1
    c72       r70       1
    c73       r70       1
    c73       r81       1
    c73       r128      1
    c73       r135      1
    c73       r152      1
    c74       r20       1
    c74       r67       1
    c74       r70       1
    c74       r81       1
    c74       r143      1
    c75       r70       1
    c75       r81       1
    c75       r105      1
    c75       r116      1
    c75       r131      1
    c76       r70       1
    c76       r76       1
    c76       r81       1
    c76       r140      1
    c76       r148      1
    c77       r13       1
    c77       r21       1
    c77       r70       1
    c77       r81       1
    c77       r130      1
    c78       r28       1
    c78       r70       1
    c78       r71       1
    c78       r81       1
    c78       r138      1
    c79       r70       1
    c79       r81       1
    c79       r121      1
    c79       r147      1
    c79       r153      1
    c80       r70       1
    c80       r81       1
    c80       r100      1
    c80       r107      1
    MARK0001  'MARKER'                 'INTEND'
RHS
    RHS_V     r0        1
    RHS_V     r1        1
    RHS_V     r2        1
    RHS_V     r3        1
    RHS_V     r4        1
    RHS_V     r5        1
    RHS_V     r6        1
    RHS_V     r7        1
    RHS_V     r8        1
    RHS_V     r9        1
    RHS_V     r10       1
    RHS_V     r11       1
    RHS_V     r12       1
    RHS_V     r13       1
    RHS_V     r14       1
    RHS_V     r15       1
    RHS_V     r16       1
    RHS_V     r17       1
    RHS_V     r18       1
    RHS_V     r19       1
    RHS_V     r20       1
    RHS_V     r21       1
    RHS_V     r22       1
    RHS_V     r23       1
    RHS_V     r24       1
    RHS_V     r25       1
    RHS_V     r26       1
    RHS_V     r27       1
    RHS_V     r28       1
    RHS_V     r29       1
    RHS_V     r30       1
    RHS_V     r31       1
    RHS_V     r32       1
    RHS_V     r33       1
    RHS_V     r34       1
    RHS_V     r35       1
    RHS_V     r36       1
    RHS_V     r37       1
    RHS_V     r38       1
    RHS_V     r39       1
    RHS_V     r40       1
    RHS_V     r41       1
    RHS_V     r42       1
    RHS_V     r43       1
    RHS_V     r44       1
    RHS_V     r45       1
    RHS_V     r46       1
    RHS_V     r47       1
    RHS_V     r48       1
    RHS_V     r49       1
    RHS_V     r50       1
    RHS_V     r51       1
    RHS_V     r52       1
    RHS_V     r53       1
    RHS_V     r54       1
    RHS_V     r55       1
    RHS_V     r56       1
    RHS_V     r57       1
    RHS_V     r58       1
    RHS_V     r59       1
    RHS_V     r60       1
    RHS_V     r61       1
    RHS_V     r62       1
    RHS_V     r63       1
    RHS_V     r64       1
    RHS_V     r65       1
    RHS_V     r66       1
    RHS_V     r67       1
    RHS_V     r68       1
    RHS_V     r69       1
    RHS_V     r70       1
    RHS_V     r71       1
    RHS_V     r72       1
    RHS_V     r73       1
    RHS_V     r74       1
    RHS_V     r75       1
    RHS_V     r76       1
    RHS_V     r77       1
    RHS_V     r78       1
    RHS_V     r79       1
    RHS_V     r80       1
    RHS_V     r81       1
    RHS_V     r82       1
    RHS_V     r83       1
    RHS_V     r84       1
    RHS_V     r85       1
    RHS_V     r86       1
    RHS_V     r87       1
    RHS_V     r88       1
    RHS_V     r89       1
    RHS_V     r90       1
    RHS_V     r91       1
    RHS_V     r92       1
    RHS_V     r93       1
    RHS_V     r94       1
    RHS_V     r95       1
    RHS_V     r96       1
    RHS_V     r97       1
    RHS_V     r98       1
    RHS_V     r99       1
    RHS_V     r100      1
    RHS_V     r101      1
    RHS_V     r102      1
    RHS_V     r103      1
    RHS_V     r104      1
    RHS_V     r105      1
    RHS_V     r106      1
    RHS_V     r107      1
    RHS_V     r108      1
    RHS_V     r109      1
    RHS_V     r110      1
    RHS_V     r111      1
    RHS_V     r112      1
    RHS_V     r113      1
    RHS_V     r114      1
    RHS_V     r115      1
    RHS_V     r116      1
    RHS_V     r117      1
    RHS_V     r118      1
    RHS_V     r119      1
    RHS_V     r120      1
    RHS_V     r121      1
    RHS_V     r122      1
    RHS_V     r123      1
    RHS_V     r124      1
    RHS_V     r125      1
    RHS_V     r126      1
    RHS_V     r127      1
    RHS_V     r128      1
    RHS_V     r129      1
    RHS_V     r130      1
    RHS_V     r131      1
    RHS_V     r132      1
    RHS_V     r133      1
    RHS_V     r134      1
    RHS_V     r135      1
    RHS_V     r136      1
    RHS_V     r137      1
    RHS_V     r138      1
    RHS_V     r139      1
    RHS_V     r140      1
    RHS_V     r141      1
    RHS_V     r142      1
    RHS_V     r143      1
    RHS_V     r144      1
    RHS_V     r145      1
    RHS_V     r146      1
    RHS_V     r147      1
    RHS_V     r148      1
    RHS_V     r149      1
    RHS_V     r150      1
    RHS_V     r151      1
    RHS_V     r152      1
    RHS_V     r153      1
    RHS_V     r154      1
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
 BV BOUND     c36     
 BV BOUND     c37     
 BV BOUND     c38     
 BV BOUND     c39     
 BV BOUND     c40     
 BV BOUND     c41     
 BV BOUND     c42     
 BV BOUND     c43     
 BV BOUND     c44     
 BV BOUND     c45     
 BV BOUND     c46     
 BV BOUND     c47     
 BV BOUND     c48     
 BV BOUND     c49     
 BV BOUND     c50     
 BV BOUND     c51     
 BV BOUND     c52     
 BV BOUND     c53     
 BV BOUND     c54     
 BV BOUND     c55     
 BV BOUND     c56     
 BV BOUND     c57     
 BV BOUND     c58     
 BV BOUND     c59     
 BV BOUND     c60     
 BV BOUND     c61     
 BV BOUND     c62     
 BV BOUND     c63     
 BV BOUND     c64     
 BV BOUND     c65     
 BV BOUND     c66     
 BV BOUND     c67     
 BV BOUND     c68     
 BV BOUND     c69     
 BV BOUND     c70     
 BV BOUND     c71     
 BV BOUND     c72     
 BV BOUND     c73     
 BV BOUND     c74     
 BV BOUND     c75     
 BV BOUND     c76     
 BV BOUND     c77     
 BV BOUND     c78     
 BV BOUND     c79     
 BV BOUND     c80     
ENDATA
