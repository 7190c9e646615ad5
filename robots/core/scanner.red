;redcode-94
;name Scanner
;author RoboCom Arena samples
;strategy A scanner: looks at every seventh cell for anything that is not
;strategy an empty cell, and wipes what it finds by copying an empty cell
;strategy over it. 7 and the core size 8000 have no common factor, so it
;strategy looks at every cell in turn, skipping its own code; a warrior
;strategy that sits still, even a one-cell "jmp 0", is found and wiped. The
;strategy wiped cells look empty again, so no time is lost on them later.
;strategy Its weakness: every bomb a stone like the Dwarf drops is one more
;strategy thing to wipe, and the Dwarf wins most rounds against it.
;assert CORESIZE % 7 != 0        ; or it sees only some of the cells
step    equ     7
length  equ     (blank-ptr+1)

        org     scan
ptr     dat     #0,     #0              ; B: the cell looked at, counted from ptr
scan    add.ab  #step,  ptr
        sne.i   blank,  @ptr            ; anything there?
        jmp     scan                    ;   no: look further
        slt.ab  #length-1, ptr          ; our own code (ptr.B < length)?
        jmp     scan                    ;   yes: leave it
        mov.i   blank,  @ptr            ; wipe it
        jmp     scan
blank   dat.f   $0,     $0              ; an empty cell, as the core starts
        end
