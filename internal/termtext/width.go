package termtext

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// Width is how many columns s takes on a terminal: 2 for each East Asian wide or fullwidth
// character (日, 戦, ｘ, most emoji), 0 for combining marks and the other characters that show
// as nothing on their own (U+0301, U+200D, a variation selector), 1 for every other one.
// Characters of ambiguous width (…, ×, ·) count 1, as terminals outside East Asian locales
// show them. A table or a clipped name measures its text here, not in runes or bytes: a
// Japanese name counted in runes is half its width, and every column after it shifts.
func Width(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if c := s[i]; c >= 0x20 && c < 0x7f {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		n += runeWidth(r)
		i += size
	}
	return n
}

// runeWidth is the columns r takes (Width).
func runeWidth(r rune) int {
	switch {
	case r < 0x20 || r >= 0x7f && r < 0xa0:
		return 0 // controls (escaped before they reach a terminal)
	case r < 0x300:
		return 1 // Latin: the common case, no table to look up
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf),
		r >= 0x1160 && r <= 0x11ff: // Hangul medial vowels and final consonants join the syllable before
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}
