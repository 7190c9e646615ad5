;redcode-94
;name Duck
;assert 1
JMP 0
