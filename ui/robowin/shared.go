package robowin

import (
	"robocom/arena"
	"robocom/ui/kit"
)

// The types this window shows that belong to the packages both windows share (the settings,
// the palette) or to the engine (the tally): one name each inside the window's files.
type (
	Settings      = kit.Settings
	SettingsStore = kit.SettingsStore
	Tally         = arena.Tally
	Score         = arena.Score
	NamedColor    = kit.NamedColor
)

// Palette holds the team colours (kit.Palette).
var Palette = kit.Palette
