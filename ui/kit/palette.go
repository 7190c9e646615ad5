package kit

import "image/color"

// Palette holds the team colours: the Okabe–Ito colours, chosen to stay distinct for people
// with the common kinds of colour blindness (https://jfly.uni-koeln.de/color/). The first
// five are the defaults of RoboCom's players 1..5 (the rest are there for recolouring); the
// Core War window gives program k entry k. Okabe–Ito's eighth colour is black, which vanishes
// on both windows' dark backgrounds, so the eighth entry is a grey: not white, which the Core
// War core keeps for the cells of the process selected in Statistics and its thread marks.
var Palette = []NamedColor{
	{"orange", color.NRGBA{0xE6, 0x9F, 0x00, 0xFF}},
	{"sky blue", color.NRGBA{0x56, 0xB4, 0xE9, 0xFF}},
	{"green", color.NRGBA{0x00, 0x9E, 0x73, 0xFF}},
	{"yellow", color.NRGBA{0xF0, 0xE4, 0x42, 0xFF}},
	{"purple", color.NRGBA{0xCC, 0x79, 0xA7, 0xFF}},
	{"vermillion", color.NRGBA{0xD5, 0x5E, 0x00, 0xFF}},
	{"blue", color.NRGBA{0x00, 0x72, 0xB2, 0xFF}},
	{"grey", color.NRGBA{0xBB, 0xBB, 0xBB, 0xFF}},
}

// NamedColor is a palette entry with the name the UI uses for it.
type NamedColor struct {
	Name  string
	Color color.NRGBA
}

// PaletteColor is the colour of palette entry i (wrapping around; 0 for a negative i).
func PaletteColor(i int) color.NRGBA {
	if i < 0 {
		i = 0
	}
	return Palette[i%len(Palette)].Color
}

// NoticeText is the colour of a hint or notice on either window's light background ("Click a
// robot … to open", a panel's note): a calm blue, so that it does not read as an error.
var NoticeText = color.NRGBA{0x1F, 0x4E, 0x9A, 0xFF}

// ErrorText is the colour of an error or a refusal on either window's light background (a
// program's errors, "At most 5 programs…"), and of a death in the debugger.
var ErrorText = color.NRGBA{0xB0, 0x00, 0x20, 0xFF}
