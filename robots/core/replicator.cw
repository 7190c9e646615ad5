title Replicator
# Copies itself cell by cell with movei to a random place, starts the copy
# with fork and copies itself again; every copy does the same, so the core
# fills with working copies, all threads of this one process. A process with
# more threads than the limit (info 6) crashes, so it only forks while it has
# fewer than half the limit: even if every thread passed that test at once,
# the total stays below the limit.
s:      data 0             # source pointer (counts from its own cell)
d:      data 0             # destination pointer (counts from its own cell)
n:      data 0             # cells left to copy
t:      data 0             # twice our thread count
m:      data 0             # the thread limit
start:  info 2, d          # a random place for the copy
        move 0, s          # copy from our first cell, s itself
        move 17, n         # the program is 17 cells long
copy:   movei s, d         # one cell per step; both pointers move on
        loop n, copy
        add -12, d         # d pointed past the copy (+17); its start is +5
        info 4, t
        add t, t
        info 6, m
        less t, m          # fewer than half the limit?
        fork [d]           #   yes: run the copy as a new thread
        jump start
