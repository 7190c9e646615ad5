// Package kit is what both windows (ui/robowin for RoboCom, ui/corewin for Core War) are
// built from, below both of them and knowing neither game: the theme, the team palette, the
// settings remembered between runs, the speed steps, the Runner that plays a game on its own
// goroutine, the confirm bar that asks before a change replaces the game under way, and the
// small widgets (buttons, fields, tooltips, the speed control) drawn the same way in both.
// The program picker is in ui/picker; the mode bar that switches between the windows is
// above them, in ui/shell.
package kit
