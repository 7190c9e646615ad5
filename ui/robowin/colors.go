package robowin

import (
	"image/color"

	"robocom/ui/kit"
)

// Colours of the board and panels.
var (
	boardBg     = color.NRGBA{0x24, 0x27, 0x2D, 0xFF}
	gridLine    = color.NRGBA{0x3A, 0x3F, 0x48, 0xFF}
	inactiveFil = color.NRGBA{0x4A, 0x4A, 0x4A, 0xFF}
	markColor   = color.NRGBA{0x10, 0x10, 0x10, 0xE0}
	selectColor = color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
	panelBg     = color.NRGBA{0xF6, 0xF6, 0xF4, 0xFF}
	tooltipBg   = color.NRGBA{0x20, 0x20, 0x20, 0xFF}
)

// paletteColor is the colour of the team palette's entry i.
func paletteColor(i int) color.NRGBA { return kit.PaletteColor(i) }

// BoardBackground is the colour under the board's cells; the e2e tests find the board by it.
var BoardBackground = boardBg
