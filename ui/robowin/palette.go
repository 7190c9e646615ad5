package robowin

import "image/color"

// Palette holds the team colours: the Okabe–Ito colours, chosen to stay distinct for people
// with the common kinds of colour blindness (https://jfly.uni-koeln.de/color/). The first
// five are the defaults of players 1..5; the rest are there for recolouring.
var Palette = []NamedColor{
	{"orange", color.NRGBA{0xE6, 0x9F, 0x00, 0xFF}},
	{"sky blue", color.NRGBA{0x56, 0xB4, 0xE9, 0xFF}},
	{"green", color.NRGBA{0x00, 0x9E, 0x73, 0xFF}},
	{"yellow", color.NRGBA{0xF0, 0xE4, 0x42, 0xFF}},
	{"purple", color.NRGBA{0xCC, 0x79, 0xA7, 0xFF}},
	{"vermillion", color.NRGBA{0xD5, 0x5E, 0x00, 0xFF}},
	{"blue", color.NRGBA{0x00, 0x72, 0xB2, 0xFF}},
	{"white", color.NRGBA{0xEE, 0xEE, 0xEE, 0xFF}},
}

// NamedColor is a palette entry with the name the UI uses for it.
type NamedColor struct {
	Name  string
	Color color.NRGBA
}

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

func paletteColor(i int) color.NRGBA {
	if i < 0 {
		i = 0
	}
	return Palette[i%len(Palette)].Color
}

// BoardBackground is the colour under the board's cells; the e2e tests find the board by it.
var BoardBackground = boardBg
