title Imp Killer
# Watches a gate cell 30 cells below itself with `own`. Anything crawling up
# the core, such as an imp, takes the gate over; the killer then lays a slow
# stream of data bombs just ahead of it: one bomb every second time slice,
# each one cell further up (movei from its bomb store, loop). The imp moves
# one cell per slice, so it catches up with the stream, and because the gap
# shrinks by exactly one cell per bomb, some bomb lands in the very cell the
# imp executes next, whichever of the two programs moves first in a slice.
# The stream stops 9 cells below the killer; then it takes the gate back.
watch:  own [gate]         # is the gate still ours?
        jump watch         #   yes: keep watching
        move dinit, d      #   no: aim the stream 20 cells below the killer
        move sinit, s
        move count, n
fire:   movei s, d         # one bomb, both pointers one cell on
        loop n, fire
        move 0, [gate]     # the gate is ours again
        jump watch
gate:   data -39           # the gate: 30 cells below watch (9 - 39 = -30)
d:      data 0             # stream target, counts from this cell
s:      data 0             # bomb source, counts from this cell
n:      data 0             # bombs left
dinit:  data -30           # for d (cell 10): 10 - 30 = 20 cells below watch
sinit:  data 5             # for s (cell 11): 11 + 5 = the bomb store
count:  data 12            # 12 bombs: 20 .. 9 cells below watch
bombs:  data 0
        data 0
        data 0
        data 0
        data 0
        data 0
        data 0
        data 0
        data 0
        data 0
        data 0
        data 0
