;redcode-94
;name Dwarf
;author RoboCom Arena samples
;strategy A stone: drops a DAT bomb on every fourth cell, going round the
;strategy core for as long as the round lasts. The bombs fall 7, 11, 15, ...
;strategy cells past its first cell: 4 divides the core size 8000, so they
;strategy never land on its own code, only (after 2000 bombs) on the bomb
;strategy cell itself, which stays a bomb. A warrior that keeps running
;strategy through four or more cells in a row is hit within 2000 bombs and
;strategy dies when it next executes the bombed cell.
;assert CORESIZE % 4 == 0        ; or the bombs reach its own code
step    equ     4

        org     loop
loop    add.ab  #step,  bomb            ; aim four cells further
        mov.i   bomb,   @bomb           ; drop the bomb where it points
        jmp     loop
bomb    dat     #0,     #0              ; the bomb, and the pointer in its B-field
        end
