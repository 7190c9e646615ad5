;redcode-94
;name Paper
;author RoboCom Arena samples
;strategy A replicator ("paper"): copies its eleven cells a long way ahead,
;strategy starts the copy as a new process with SPL, and copies itself again,
;strategy each time a further STEP cells on. Every copy does the same, so
;strategy copies soon sit all over the core. A bomb kills one copy, not the
;strategy warrior, and a copy that lands on an enemy's code overwrites it:
;strategy it never loses to a stone like the Dwarf and beats it in most
;strategy rounds.
;assert MAXPROCESSES > 1         ; the copies are new processes
step    equ     2365
length  equ     (last-ptr+1)

        org     start
ptr     dat     #0,     #0              ; A: next cell to copy, B: where it goes (both from ptr)
count   dat     #0,     #0              ; cells left to copy
init    dat     #0,     #step           ; the pointers' starting values
start   mov.f   init,   ptr
        mov.ab  #length, count
copy    mov.i   }ptr,   >ptr            ; one cell; both pointers move on
        djn.b   copy,   count
        sub.ab  #length-(start-ptr), ptr ; B now points at the copy's start
        spl     @ptr                    ; run the copy
        add.ab  #step,  init            ; the next copy goes further
last    jmp     start
        end
