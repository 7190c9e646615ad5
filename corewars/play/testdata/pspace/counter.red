;redcode-94
;name Counter
;assert 1
; Counts its rounds in p-space cell 1 and dies from its second round on: against Duck a
; battle whose rounds keep p-space (as pMARS's do) is a draw, then Duck's wins; one whose
; rounds start with empty p-space is three draws. The p-space tests of corewars/play,
; corewars/redcodeengine, ui/corewin and cmd/robocom play it.
        ldp.ab #1, count  ; count.b = p-space cell 1
        add.ab #1, count
        stp.b  count, #1
        slt.ab #1, count  ; a round after the first: skip the loop, die
        jmp    0
        dat    0, 0
count   dat    0, 0
