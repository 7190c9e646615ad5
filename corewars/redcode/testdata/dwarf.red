;redcode
;name Dwarf
;author A. K. Dewdney
;assert CORESIZE % 4 == 0
        dat     #0, #0
start   add.ab  #4, -1
        mov.i   -2, @-2
        jmp     -2
        end     start
