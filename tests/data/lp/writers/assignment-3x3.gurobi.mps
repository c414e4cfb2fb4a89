NAME model
ROWS
 N  OBJ
 E  R0      
 E  R1      
 E  R2      
 E  R3      
 E  R4      
 E  R5      
COLUMNS
    MARKER    'MARKER'                 'INTORG'
    x[0,0]    OBJ       4
    x[0,0]    R0        1
    x[0,0]    R3        1
    x[0,1]    OBJ       1
    x[0,1]    R0        1
    x[0,1]    R4        1
    x[0,2]    OBJ       3
    x[0,2]    R0        1
    x[0,2]    R5        1
    x[1,0]    OBJ       2
    x[1,0]    R1        1
    x[1,0]    R3        1
    x[1,1]    R1        1
    x[1,1]    R4        1
    x[1,2]    OBJ       5
    x[1,2]    R1        1
    x[1,2]    R5        1
    x[2,0]    OBJ       3
    x[2,0]    R2        1
    x[2,0]    R3        1
    x[2,1]    OBJ       2
    x[2,1]    R2        1
    x[2,1]    R4        1
    x[2,2]    OBJ       2
    x[2,2]    R2        1
    x[2,2]    R5        1
    MARKER    'MARKER'                 'INTEND'
RHS
    RHS1      OBJ       -7
    RHS1      R0        1
    RHS1      R1        1
    RHS1      R2        1
    RHS1      R3        1
    RHS1      R4        1
    RHS1      R5        1
BOUNDS
 BV BND1      x[0,0]  
 BV BND1      x[0,1]  
 BV BND1      x[0,2]  
 BV BND1      x[1,0]  
 BV BND1      x[1,1]  
 BV BND1      x[1,2]  
 BV BND1      x[2,0]  
 BV BND1      x[2,1]  
 BV BND1      x[2,2]  
QUADOBJ
    x[0,0]    x[1,1]    3
ENDATA
