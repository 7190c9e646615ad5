package robowin

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gioui.org/f32"
	"gioui.org/io/input"
	"gioui.org/io/key"
	"gioui.org/io/semantic"
	"gioui.org/widget"
)

// findAllText returns the bounds of every text node whose label is text.
func (h *harness) findAllText(text string) []image.Rectangle {
	var out []image.Rectangle
	var walk func(ns []input.SemanticNode)
	walk = func(ns []input.SemanticNode) {
		for _, n := range ns {
			if n.Desc.Label == text {
				out = append(out, n.Desc.Bounds)
			}
			walk(n.Children)
		}
	}
	walk(h.r.AppendSemantics(nil))
	return out
}

// caretY is where the editor draws its caret at the start of source line ln (1-based),
// relative to the editor's text.
func (h *harness) caretY(ed *widget.Editor, src string, ln int) float32 {
	lines := strings.SplitAfter(src, "\n")
	off := 0
	for _, l := range lines[:ln-1] {
		off += len([]rune(l))
	}
	ed.SetCaret(off, off)
	h.frame()
	return ed.CaretCoords().Y
}

// At 800×600 a long comment line wraps in the editor; each line number stands level with its
// source line (not with the wrapped rows), and a typed error is marked at its own line.
func TestEditorNumbersSourceLinesWhenWrapped(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "hive.rob")
	src := "; Hive\n;\n;\n; " + strings.Repeat("this comment is long enough to wrap ", 6) + "\nAuthor Me\nName Hive\nBank Main\n@l\nTurn 1\nJump @l\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newDebugHarness(t, "disk:"+strings.TrimPrefix(filepath.ToSlash(path), "/"), "test:spinner.rob")
	h.size = image.Pt(800, 640) // (every line in view, line 4 wrapped)
	h.frame()
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	if err := h.u.OpenEditor(path); err != nil {
		t.Fatal(err)
	}
	h.frame()
	e := h.u.dbg.prog.ed
	nLines := strings.Count(src, "\n") + 1
	// The gutter's numbers are the leftmost labels "1", "2", … on screen.
	gutter := func(n int) (image.Rectangle, bool) {
		var best image.Rectangle
		found := false
		for _, b := range h.findAllText(fmt.Sprintf("%*d", len(strconv.Itoa(nLines)), n)) {
			if !found || b.Min.X < best.Min.X {
				best, found = b, true
			}
		}
		return best, found
	}
	one, ok := gutter(1)
	if !ok {
		t.Fatalf("no line number 1 on screen: %q", h.texts())
	}
	y1 := h.caretY(&e.ed, src, 1)
	rowH := h.caretY(&e.ed, src, 2) - y1
	if y4, y5 := h.caretY(&e.ed, src, 4), h.caretY(&e.ed, src, 5); y5-y4 < 1.5*rowH {
		t.Fatalf("line 4 does not wrap at 800×600 (caret at %v on line 4, %v on line 5): the test needs a wrapped line", y4, y5)
	}
	for n := 1; n < nLines; n++ {
		b, ok := gutter(n)
		if !ok {
			t.Fatalf("no line number %d on screen", n)
		}
		want := h.caretY(&e.ed, src, n) - y1
		got := float32(b.Min.Y - one.Min.Y)
		if d := got - want; d < -rowH/2 || d > rowH/2 {
			t.Errorf("line number %d stands %v px below number 1, its line %v px below line 1", n, got, want)
		}
	}
	if _, ok := gutter(nLines + 1); ok {
		t.Errorf("the gutter numbers a line %d in a text of %d lines", nLines+1, nLines)
	}
	// An error typed on line 6 is reported there and its band covers that line only.
	bad := strings.Replace(src, "Name Hive", "Nme Hive", 1)
	h.typeInto(&e.ed, &e.ed, bad, false)
	errs := h.u.EditorErrors()
	if len(errs) == 0 || errs[0].Line != 6 {
		t.Fatalf("errors %v, want the first at line 6", errs)
	}
	y6 := h.caretY(&e.ed, bad, 6)
	if top, bottom := float32(e.lineTop[5]), float32(e.lineTop[6]); y6 < top || y6 > bottom {
		t.Errorf("line 6's error band spans %v–%v px, its text stands at %v px", top, bottom, y6)
	}
}

// TestClickBelowTextFocusesEditor: a click in the empty area under a short program gives the
// editor the keys with the caret at the end, as in any text editor (the keys went nowhere).
func TestClickBelowTextFocusesEditor(t *testing.T) {
	path := filepath.Join(t.TempDir(), "short.rob")
	src := "Name Short\nBank Main\nTurn 1\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newDebugHarness(t, "disk:"+strings.TrimPrefix(filepath.ToSlash(path), "/"), "test:spinner.rob")
	h.frame()
	if err := h.u.OpenEditor(path); err != nil {
		t.Fatal(err)
	}
	h.frame()
	e := h.u.dbg.prog.ed
	var text image.Rectangle
	var walk func(ns []input.SemanticNode)
	walk = func(ns []input.SemanticNode) {
		for _, n := range ns {
			if n.Desc.Class == semantic.Editor && n.Desc.Bounds.Dx() > text.Dx() {
				text = n.Desc.Bounds
			}
			walk(n.Children)
		}
	}
	walk(h.r.AppendSemantics(nil))
	if text.Empty() {
		t.Fatal("no editor on screen")
	}
	h.r.Source().Execute(key.FocusCmd{}) // (the editor opens focused: take the keys away first)
	h.frame()
	if h.r.Source().Focused(&e.ed) {
		t.Fatal("the editor kept the keys")
	}
	status, ok := h.findText("No errors: the program loads.")
	if !ok {
		t.Fatalf("no status line under the editor: %q", h.texts())
	}
	h.click(f32.Pt(float32(text.Min.X+40), float32(status.Min.Y-20))) // (the bottom of the text's viewport)
	h.frame()
	if !h.r.Source().Focused(&e.ed) {
		t.Fatal("a click under the text did not give the editor the keys")
	}
	if start, end := e.ed.Selection(); start != len([]rune(src)) || end != start {
		t.Errorf("caret at %d–%d after the click, want the end (%d)", start, end, len([]rune(src)))
	}
}
