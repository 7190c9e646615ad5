package robowin

import (
	"robocom/arena"
	"robocom/ui/shell"
)

// The names this window takes from the packages the windows share, under the names its
// files used before the window had a package of its own.
type (
	Settings      = shell.Settings
	SettingsStore = shell.SettingsStore
	Tally         = arena.Tally
	Score         = arena.Score
	NamedColor    = shell.NamedColor
)

// Palette holds the team colours (shell.Palette).
var Palette = shell.Palette
