package robowin

import (
	"robocom/arena"
	"robocom/ui/shell"
)

// The types this window shows that belong to the packages both windows share (the settings,
// the palette) or to the engine (the tally): one name each inside the window's files.
type (
	Settings      = shell.Settings
	SettingsStore = shell.SettingsStore
	Tally         = arena.Tally
	Score         = arena.Score
	NamedColor    = shell.NamedColor
)

// Palette holds the team colours (shell.Palette).
var Palette = shell.Palette
