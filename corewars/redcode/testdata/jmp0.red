;redcode
;name Loop
;assert 1
        jmp 0
