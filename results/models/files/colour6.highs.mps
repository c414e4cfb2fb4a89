NAME        
ROWS
 N  Obj     
 E  r0      
 E  r1      
 E  r2      
 E  r3      
 E  r4      
 E  r5      
 L  r6      
 L  r7      
 L  r8      
 L  r9      
 L  r10     
 L  r11     
 L  r12     
 L  r13     
 L  r14     
 L  r15     
 L  r16     
 L  r17     
 L  r18     
 L  r19     
 L  r20     
 L  r21     
 L  r22     
 L  r23     
 L  r24     
 L  r25     
 L  r26     
 L  r27     
 L  r28     
 L  r29     
COLUMNS
    MARK0000  'MARKER'                 'INTORG'
    c0        Obj       1
    c0        r0        1
    c0        r6        1
    c0        r9        1
    c1        Obj       2
    c1        r0        1
    c1        r7        1
    c1        r10       1
    c2        Obj       3
    c2        r0        1
    c2        r8        1
    c2        r11       1
    c3        Obj       1
    c3        r1        1
    c3        r6        1
    c3        r12       1
    c3        r15       1
    c4        Obj       2
    c4        r1        1
    c4        r7        1
    c4        r13       1
    c4        r16       1
    c5        Obj       3
    c5        r1        1
    c5        r8        1
    c5        r14       1
    c5        r17       1
    c6        Obj       1
    c6        r2        1
    c6        r12       1
    c6        r18       1
    c6        r21       1
    c7        Obj       2
    c7        r2        1
    c7        r13       1
    c7        r19       1
    c7        r22       1
    c8        Obj       3
    c8        r2        1
    c8        r14       1
    c8        r20       1
    c8        r23       1
    c9        Obj       1
    c9        r3        1
    c9        r18       1
    c9        r24       1
    c10       Obj       2
    c10       r3        1
    c10       r19       1
    c10       r25       1
    c11       Obj       3
    c11       r3        1
    c11       r20       1
    c11       r26       1
    c12       Obj       1
    c12       r4        1
    c12       r9        1
    c12       r27       1
    c13       Obj       2
    c13       r4        1
    c13       r10       1
    c13       r28       1
    c14       Obj       3
    c14       r4        1
    c14       r11       1
    c14       r29       1
    c15       Obj       1
    c15       r5        1
    c15       r15       1
    c15       r21       1
    c15       r24       1
    c15       r27       1
    c16       Obj       2
    c16       r5        1
    c16       r16       1
    c16       r22       1
    c16       r25       1
    c16       r28       1
    c17       Obj       3
    c17       r5        1
    c17       r17       1
    c17       r23       1
    c17       r26       1
    c17       r29       1
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
ENDATA
