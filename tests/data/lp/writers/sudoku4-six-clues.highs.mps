NAME        
ROWS
 N  NoObj   
 E  r0      
 E  r1      
 E  r2      
 E  r3      
 E  r4      
 E  r5      
 E  r6      
 E  r7      
 E  r8      
 E  r9      
 E  r10     
 E  r11     
 E  r12     
 E  r13     
 E  r14     
 E  r15     
 E  r16     
 E  r17     
 E  r18     
 E  r19     
 E  r20     
 E  r21     
 E  r22     
 E  r23     
 E  r24     
 E  r25     
 E  r26     
 E  r27     
 E  r28     
 E  r29     
 E  r30     
 E  r31     
 E  r32     
 E  r33     
 E  r34     
 E  r35     
 E  r36     
 E  r37     
 E  r38     
 E  r39     
 E  r40     
 E  r41     
 E  r42     
 E  r43     
 E  r44     
 E  r45     
 E  r46     
 E  r47     
 E  r48     
 E  r49     
 E  r50     
 E  r51     
 E  r52     
 E  r53     
 E  r54     
 E  r55     
 E  r56     
 E  r57     
 E  r58     
 E  r59     
 E  r60     
 E  r61     
 E  r62     
 E  r63     
 E  r64     
 E  r65     
 E  r66     
 E  r67     
 E  r68     
 E  r69     
COLUMNS
    MARK0000  'MARKER'                 'INTORG'
    c0        r4        1
    c0        r25       1
    c0        r37       1
    c0        r44       1
    c0        r68       1
    c1        r1        1
    c1        r36       1
    c1        r44       1
    c1        r46       1
    c2        r11       1
    c2        r44       1
    c2        r47       1
    c2        r56       1
    c3        r38       1
    c3        r44       1
    c3        r48       1
    c3        r61       1
    c4        r0        1
    c4        r25       1
    c4        r64       1
    c4        r68       1
    c5        r1        1
    c5        r36       1
    c5        r40       1
    c5        r64       1
    c6        r11       1
    c6        r13       1
    c6        r47       1
    c6        r64       1
    c7        r3        1
    c7        r38       1
    c7        r48       1
    c7        r64       1
    c8        r32       1
    c8        r39       1
    c8        r51       1
    c8        r68       1
    c9        r2        1
    c9        r36       1
    c9        r39       1
    c9        r55       1
    c10       r11       1
    c10       r21       1
    c10       r30       1
    c10       r39       1
    c10       r43       1
    c11       r28       1
    c11       r35       1
    c11       r38       1
    c11       r39       1
    c12       r8        1
    c12       r26       1
    c12       r32       1
    c12       r68       1
    c13       r26       1
    c13       r36       1
    c13       r55       1
    c13       r58       1
    c14       r11       1
    c14       r15       1
    c14       r26       1
    c14       r30       1
    c15       r26       1
    c15       r35       1
    c15       r38       1
    c15       r67       1
    c16       r4        1
    c16       r18       1
    c16       r25       1
    c16       r42       1
    c17       r1        1
    c17       r14       1
    c17       r42       1
    c17       r46       1
    c18       r12       1
    c18       r42       1
    c18       r47       1
    c18       r56       1
    c19       r5        1
    c19       r42       1
    c19       r48       1
    c19       r61       1
    c20       r0        1
    c20       r9        1
    c20       r18       1
    c20       r25       1
    c21       r1        1
    c21       r9        1
    c21       r14       1
    c21       r40       1
    c22       r9        1
    c22       r12       1
    c22       r13       1
    c22       r47       1
    c23       r3        1
    c23       r5        1
    c23       r9        1
    c23       r48       1
    c24       r18       1
    c24       r22       1
    c24       r32       1
    c24       r51       1
    c25       r2        1
    c25       r14       1
    c25       r22       1
    c25       r55       1
    c26       r12       1
    c26       r22       1
    c26       r30       1
    c26       r43       1
    c27       r5        1
    c27       r22       1
    c27       r28       1
    c27       r35       1
    c28       r6        1
    c28       r8        1
    c28       r18       1
    c28       r32       1
    c29       r6        1
    c29       r14       1
    c29       r55       1
    c29       r58       1
    c30       r6        1
    c30       r12       1
    c30       r15       1
    c30       r30       1
    c31       r5        1
    c31       r6        1
    c31       r35       1
    c31       r67       1
    c32       r4        1
    c32       r7        1
    c32       r45       1
    c32       r65       1
    c33       r46       1
    c33       r52       1
    c33       r53       1
    c33       r65       1
    c34       r10       1
    c34       r34       1
    c34       r56       1
    c34       r65       1
    c35       r16       1
    c35       r33       1
    c35       r61       1
    c35       r65       1
    c36       r0        1
    c36       r7        1
    c36       r45       1
    c36       r50       1
    c36       r63       1
    c37       r40       1
    c37       r50       1
    c37       r52       1
    c37       r53       1
    c38       r10       1
    c38       r13       1
    c38       r34       1
    c38       r50       1
    c39       r3        1
    c39       r16       1
    c39       r33       1
    c39       r50       1
    c40       r41       1
    c40       r45       1
    c40       r51       1
    c40       r66       1
    c41       r2        1
    c41       r41       1
    c41       r52       1
    c41       r54       1
    c42       r10       1
    c42       r17       1
    c42       r41       1
    c42       r43       1
    c43       r28       1
    c43       r33       1
    c43       r41       1
    c43       r49       1
    c44       r8        1
    c44       r27       1
    c44       r45       1
    c44       r66       1
    c45       r27       1
    c45       r52       1
    c45       r54       1
    c45       r58       1
    c46       r10       1
    c46       r15       1
    c46       r17       1
    c46       r27       1
    c47       r19       1
    c47       r27       1
    c47       r33       1
    c47       r49       1
    c47       r67       1
    c48       r4        1
    c48       r7        1
    c48       r31       1
    c48       r59       1
    c49       r29       1
    c49       r46       1
    c49       r53       1
    c49       r59       1
    c50       r34       1
    c50       r56       1
    c50       r59       1
    c50       r69       1
    c51       r16       1
    c51       r24       1
    c51       r59       1
    c51       r61       1
    c52       r0        1
    c52       r7        1
    c52       r20       1
    c52       r31       1
    c53       r20       1
    c53       r29       1
    c53       r40       1
    c53       r53       1
    c53       r62       1
    c54       r13       1
    c54       r20       1
    c54       r34       1
    c54       r69       1
    c55       r3        1
    c55       r16       1
    c55       r20       1
    c55       r24       1
    c56       r31       1
    c56       r51       1
    c56       r60       1
    c56       r66       1
    c57       r2        1
    c57       r29       1
    c57       r54       1
    c57       r60       1
    c58       r17       1
    c58       r43       1
    c58       r60       1
    c58       r69       1
    c59       r24       1
    c59       r28       1
    c59       r49       1
    c59       r60       1
    c60       r8        1
    c60       r23       1
    c60       r31       1
    c60       r66       1
    c61       r23       1
    c61       r29       1
    c61       r54       1
    c61       r58       1
    c62       r15       1
    c62       r17       1
    c62       r23       1
    c62       r57       1
    c62       r69       1
    c63       r23       1
    c63       r24       1
    c63       r49       1
    c63       r67       1
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
ENDATA
