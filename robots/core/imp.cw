title Imp
# The smallest moving program: the move copies itself into the next cell,
# which is where execution goes next, so the imp crawls up the core one cell
# per time slice, overwriting whatever is in its way. It is a "self move":
# switching the option "allow self move" off kills it at once.
imp:    move imp, next
next:   data 0
