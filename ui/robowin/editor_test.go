package robowin

import (
	"image"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"gioui.org/font"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
	"gioui.org/widget/material"
)

// FuzzTokenize checks that the syntax colouring never panics and that its tokens stand in
// order inside the line, each one the text at its column.
func FuzzTokenize(f *testing.F) {
	for _, src := range debugSources {
		for _, line := range strings.Split(src, "\n") {
			f.Add(line)
		}
	}
	for _, s := range []string{"Name Big Bad ; x", "  Add #1, $Banks ; grow", "@l Jump @l", "Bank ;", "Ñame ö; ü", ",,;", "-", "Author ; ;", "\tAdd\t#1,\t5 ; x", "Name\tA\tB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if !utf8.ValidString(line) || strings.Contains(line, "\n") {
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

func TestTokenizeTabs(t *testing.T) {
	got := tokenize("\tAdd\t#1,\t$Banks\t; grow")
	want := []token{{1, "Add", synMnemonic}, {5, "#1", synVar}, {7, ",", synPlain}, {9, "$Banks", synConst}, {16, "; grow", synComment}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tokenize with tabs = %v, want %v", got, want)
	}
	if got := tokenize("Bank\tMain"); len(got) != 2 || got[0].color != synHeader || got[1] != (token{5, "Main", synPlain}) {
		t.Errorf("Bank line with a tab: %v", got)
	}
	if !fitsWidth([]string{"\tMove", "\t\tJump @loop"}, 8, 400) {
		t.Error("text with tabs that fits the width is not coloured")
	}
	if fitsWidth([]string{strings.Repeat("x", 60)}, 8, 400) {
		t.Error("a line wider than the editor is coloured (the editor wraps it)")
	}
}

// TestTabIsOneColumn checks what the colouring relies on: the editor's shaper draws a tab in
// Go Mono exactly one character wide, so a token's column is its rune index.
func TestTabIsOneColumn(t *testing.T) {
	h := newHarness(t)
	var ops op.Ops
	gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1},
		Constraints: layout.Constraints{Max: image.Pt(1<<20, 1<<20)}}
	width := func(s string) int {
		l := material.Label(h.u.th, editorTextSz, s)
		l.Font = font.Font{Typeface: "Go Mono"}
		return l.Layout(gtx).Size.X
	}
	if a, b := width("0\t\t\t0"), width("00000"); a != b {
		t.Errorf("\"0\\t\\t\\t0\" is %d px wide, \"00000\" %d: tabs are not one column, colours would not line up", a, b)
	}
}
