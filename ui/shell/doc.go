// Package shell is the top of the arena window, above both modes: the mode bar that switches
// between the RoboCom window (ui/robowin) and the Core War window (ui/corewin). What the two
// windows share is below them, in ui/kit.
package shell
