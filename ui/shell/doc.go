// Package shell is what the arena window's two modes share: the mode bar that switches
// between the RoboCom window (ui/robowin) and the Core War window (ui/corewin), the team
// palette, and the settings remembered between runs, written atomically.
package shell
