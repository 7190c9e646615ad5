package corewin

import (
	"testing"

	"gioui.org/f32"
	"gioui.org/io/key"
)

// A click on Apply in the frame that the last keystroke arrives in applies what the field
// shows: the click was handled before the field took its keys, so "1100" typed and applied
// at once built a core of 110 cells (and Dwarf's ;assert CORESIZE % 4 == 0 failed).
func TestApplyReadsTheKeysOfItsFrame(t *testing.T) {
	w, h := diskWindow(t, map[string]string{"imp.red": impAssert}, "disk:imp.red")
	h.clickLabel(t, "Parameters")
	h.r.Source().Execute(key.FocusCmd{Tag: &w.prm.size})
	h.frame()
	apply, ok := h.find("Apply and restart")
	if !ok {
		t.Fatal("no Apply and restart button")
	}
	p := f32.Pt(float32(apply.Min.X+apply.Max.X)/2, float32(apply.Min.Y+apply.Max.Y)/2)
	n := len([]rune(w.prm.size.Text()))
	h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: n}, Text: "110"})
	h.frame()
	h.r.Queue(key.EditEvent{Range: key.Range{Start: 3, End: 3}, Text: "0"})
	h.press(p) // in the same frame as the key
	h.frame()
	h.frame()
	if got := w.prm.size.Text(); got != "1100" {
		t.Fatalf("the field shows %q, want 1100", got)
	}
	if w.params.Size != 1100 {
		t.Errorf("applied a core of %d cells while the field showed 1100 (%q)", w.params.Size, w.Message())
	}
}
