package termtext

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

var escapeCases = []struct{ in, want string }{
	{"Virus", "Virus"},
	{"Häuptling 日本 עברית", "Häuptling 日本 עברית"},
	{"a\\b", "a\\b"},
	{"\x1b]0;pwned\x07", `\x1b]0;pwned\x07`},
	{"\x1b[2J\x1b[31mred", `\x1b[2J\x1b[31mred`},
	{"tab\there\nline\r", `tab\there\nline\r`},
	{"del\x7f", `del\u007f`}, // (valid in JSON too: -json output passes through the Writer)
	{"c1 \u009b31m \u0085", `c1 \u009b31m \u0085`},
	{"evil\u202etxt.exe", `evil\u202etxt.exe`},
	{"\u2066iso\u2069 \u200e\u200f\u061c \u202a\u202b\u202c\u202d", `\u2066iso\u2069 \u200e\u200f\u061c \u202a\u202b\u202c\u202d`},
	{"sep\u2028\u2029", `sep\u2028\u2029`},
	{"\u200bPhq\ufeff", `\u200bPhq\ufeff`},
	{"Ph\u00adq\u2060\u2064\u180e", `Ph\u00adq\u2060\u2064\u180e`},
	{"कि\u200dष 👩\u200d💻 می\u200cخواهم", "कि\u200dष 👩\u200d💻 می\u200cخواهم"},
	{"bad \xff\xfe \xc3", `bad \xff\xfe \xc3`},
	{"\x00nul", `\x00nul`},
}

func TestEscape(t *testing.T) {
	for _, c := range escapeCases {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestWriter: the writer escapes as Escape but keeps newlines and tabs, also when a
// character is cut between two writes.
func TestWriter(t *testing.T) {
	for _, c := range escapeCases {
		want := strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(c.want)
		if strings.Contains(c.in, `\`) {
			want = c.want
		}
		for cut := 0; cut <= len(c.in); cut++ {
			var out bytes.Buffer
			w := &Writer{W: &out}
			w.Write([]byte(c.in[:cut]))
			w.Write([]byte(c.in[cut:]))
			w.Flush()
			if out.String() != want {
				t.Errorf("%q cut at %d: %q, want %q", c.in, cut, out.String(), want)
			}
		}
	}
}

// FuzzEscape: the result holds no character a terminal acts on, and text that needs no
// escaping comes back unchanged.
func FuzzEscape(f *testing.F) {
	for _, c := range escapeCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Escape(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Escape(%q) = %q: not UTF-8", s, got)
		}
		for i, r := range got {
			if needsEscape(r, utf8.RuneLen(r), false) {
				t.Fatalf("Escape(%q) = %q: %U at %d", s, got, r, i)
			}
		}
		if got == s {
			return
		}
		if strings.IndexFunc(s, func(r rune) bool { return needsEscape(r, utf8.RuneLen(r), false) }) < 0 && utf8.ValidString(s) {
			t.Fatalf("Escape(%q) changed safe text to %q", s, got)
		}
	})
}

func TestList(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a and b"},
		{[]string{"a", "b", "c"}, "a, b and c"},
	} {
		if got := List(c.in); got != c.want {
			t.Errorf("List(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"Dwarf", 40, "Dwarf"},
		{"Dwarf", 5, "Dwarf"},
		{"Dwarfs", 5, "Dwar…"},
		{"Käsekuchen", 4, "Käs…"},
		// By columns, not runes: 40 columns stay 40 with wide characters (a wide one that
		// would straddle the limit is left out), and combining marks go with their letter.
		{"日本語の名前", 3, "日…"},
		{"日本語の名前", 4, "日…"},
		{"日本語の名前", 5, "日本…"},
		{"日本語の名前", 12, "日本語の名前"},
		{"戦士 Warrior", 6, "戦士 …"},
		{"戦士 Warrior", 7, "戦士 W…"},
		{strings.Repeat("戦", 40), 40, strings.Repeat("戦", 19) + "…"},
		{"🐉 Dragon", 3, "🐉…"},
		{"Ka\u0308sekuchen", 4, "Ka\u0308s…"},
		{"Ka\u0308s", 3, "Ka\u0308s"},
		{"e\u0301e\u0301e\u0301", 2, "e\u0301…"},
		{"x", 0, "…"},
		// Characters of no width are bounded (4 a column), and the cut leaves no joiner
		// dangling before the "…".
		{"Za" + strings.Repeat("\u0301", 1500), 40, "Za" + strings.Repeat("\u0301", 4*39-2) + "…"},
		{"Za" + strings.Repeat("\u0301", 100), 40, "Za" + strings.Repeat("\u0301", 100)},
		{strings.Repeat("x", 37) + "👨\u200d👩\u200d👧", 40, strings.Repeat("x", 37) + "👨…"},
	} {
		if got := Clip(c.in, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
