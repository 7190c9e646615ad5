package termtext

import "testing"

func TestWidth(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"Dwarf", 5},
		{"Häuptling", 9},
		{"日本語の戦士", 12},
		{"戦士 Warrior", 12},
		{"ｗｉｄｅ", 8},       // fullwidth Latin
		{"ﾊﾝｶｸ", 4},       // halfwidth katakana
		{"🐉 Dragon", 9},   // emoji
		{"Ka\u0308se", 4}, // a combining diaeresis takes no column
		{"e\u0301\u20dd", 1},
		{"a\u200db", 2},     // zero-width joiner
		{"☺\ufe0f", 1},      // a variation selector
		{"한국", 4},           // precomposed Hangul
		{"\u1100\u1161", 2}, // Hangul from jamo: the vowel joins the syllable
		{"…×·", 3},          // ambiguous: narrow outside East Asian locales
		{"עברית", 5},
		{`\x1b[2J`, 7}, // as Escape writes it
	} {
		if got := Width(c.in); got != c.want {
			t.Errorf("Width(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}
