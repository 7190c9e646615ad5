;redcode-94
;name Imp
;author RoboCom Arena samples
;strategy The smallest warrior: one instruction that copies itself into the
;strategy next cell, which is where the warrior's process goes next, so it
;strategy crawls through the core one cell per cycle and never stops. It
;strategy cannot win: a warrior it runs over executes the copy and becomes
;strategy an imp too, so its battles end in ties.
;assert 1                       ; works with any settings
        org     imp
imp     mov.i   0,      1
        end
