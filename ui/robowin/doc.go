// Package robowin is the RoboCom window's content, built with Gio. The window (UI) plays a
// session (session.go: players, rounds, tally, rules, the Runner) and composes views, each a
// type with its own state: the board (boardView), the controls (controlsView), the players
// and their picker (playersView), the tabs with the graph, event log, options and help
// (tabsView), the debuggers (debugUI holding one robotDebugger per robot, and the
// timelineView), the program editor (programTools) and the RBI dialog (rbiDialog).
//
// It never imports gioui.org/app, so every piece lays out and is tested without a display
// (input.Router tests, headless golden images); cmd/robocom holds the small window loop.
//
// The simulation is reached only through the Game interface, in the engine's own types
// (arena.RobotView, arena.Dir, arena.Event); the adapter to the arena package lives in
// arenagame.go. Widgets follow gio-x's
// split: a persistent XxxState used by pointer, and a XxxStyle value built each frame.
package robowin
