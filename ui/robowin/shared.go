package robowin

import (
	"robocom/arena"
	"robocom/ui/kit"
)

// The window's names for what the windows share (ui/kit) and for RoboCom's tally.
type (
	Settings      = kit.Settings
	SettingsStore = kit.SettingsStore
	Tally         = arena.Tally
	Score         = arena.Score
	NamedColor    = kit.NamedColor
)

// Palette holds the team colours (kit.Palette).
var Palette = kit.Palette
