package ui

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzTokenize checks that the syntax colouring never panics and that its tokens stand in
// order inside the line, each one the text at its column.
func FuzzTokenize(f *testing.F) {
	for _, src := range debugSources {
		for _, line := range strings.Split(src, "\n") {
			f.Add(line)
		}
	}
	for _, s := range []string{"Name Big Bad ; x", "  Add #1, $Banks ; grow", "@l Jump @l", "Bank ;", "Ñame ö; ü", ",,;", "-", "Author ; ;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if !utf8.ValidString(line) || strings.ContainsAny(line, "\n\t") {
			return
		}
		runes := []rune(line)
		next := 0
		for _, tk := range tokenize(line) {
			if tk.col < next || tk.text == "" {
				t.Fatalf("%q: token %+v before column %d or empty", line, tk, next)
			}
			n := utf8.RuneCountInString(tk.text)
			if tk.col+n > len(runes) || string(runes[tk.col:tk.col+n]) != tk.text {
				t.Fatalf("%q: token %+v is not the text at its column", line, tk)
			}
			next = tk.col + n
		}
	})
}
