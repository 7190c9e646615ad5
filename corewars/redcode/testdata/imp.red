;redcode
;name Imp
;author A. K. Dewdney
;assert 1
        mov.i   0, 1
