title Dwarf
# A bomber: drops a data bomb on every third cell, going round the core, and
# leaves its own cells alone (own). A process that executes a bomb dies, and
# the kill is the Dwarf's: it last wrote that cell. 3 and the core size 10000
# have no common factor, so the bombs reach every cell of the core.
next:   add 3, p
        own [p]            # is the target ours?
        jump next          #   yes: leave it
        move bomb, [p]     #   no: bomb it
        jump next
p:      data 0             # the target, counted from this cell
bomb:   data 0
