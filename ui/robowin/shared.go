package robowin

import "robocom/ui"

// The names this window takes from the packages the windows share, under the names its
// files used before the window had a package of its own.
type (
	Settings      = ui.Settings
	SettingsStore = ui.SettingsStore
	Tally         = ui.Tally
	Score         = ui.Score
)
