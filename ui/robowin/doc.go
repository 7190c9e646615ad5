// Package ui is the arena window's content, built with Gio: the board, the players and their
// picker, the controls, the history graph, the event log, the options editor and the help.
//
// It never imports gioui.org/app, so every piece lays out and is tested without a display
// (input.Router tests, headless golden images); cmd/robocom holds the small window loop.
//
// The simulation is reached only through the Game interface and the RobotView values it
// fills in; the adapter to the arena package lives in arenagame.go. Widgets follow gio-x's
// split: a persistent XxxState used by pointer, and a XxxStyle value built each frame.
package robowin
