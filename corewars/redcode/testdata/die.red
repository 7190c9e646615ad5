;redcode
;name Die
;assert 1
        dat 0, 0
