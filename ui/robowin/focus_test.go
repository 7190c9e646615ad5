package robowin

import (
	"testing"

	"gioui.org/f32"
	"gioui.org/io/key"
)

// freeField is the centre of a field no robot stands on.
func (h *harness) freeField() f32.Point {
	h.t.Helper()
	s := h.u.Snapshot()
	taken := map[[2]int]bool{}
	for _, r := range s.Robots {
		taken[[2]int{r.X, r.Y}] = true
	}
	for y := 0; y < s.Size; y++ {
		for x := 0; x < s.Size; x++ {
			if !taken[[2]int{x, y}] {
				return h.u.Board().FieldCenter(x, y)
			}
		}
	}
	h.t.Fatal("no free field on the board")
	return f32.Point{}
}

// After typing a value into a debugger's variable field (without Enter, which would give the
// keyboard back itself), a click on the board or on the panel gives the shortcuts back:
// ← goes back one cycle without Escape first.
func TestClickOutsideFieldGivesShortcutsBack(t *testing.T) {
	for _, where := range []string{"board", "panel"} {
		t.Run(where, func(t *testing.T) {
			h := newDebugHarness(t, "test:counter.rob", "test:spinner.rob")
			h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
			h.stepTo(20)
			h.openByClick(1)
			h.settle()
			if len(h.u.dbg.strip.Panels) != 1 {
				t.Fatalf("%d debuggers open, want 1", len(h.u.dbg.strip.Panels))
			}
			p := h.u.dbg.strip.Panels[0]
			h.typeInto(&p.vars[5], &p.vars[5], "77", false)
			h.settle()
			if !h.r.Source().Focused(&p.vars[5]) {
				t.Fatal("the variable field does not have the keyboard after typing")
			}
			if where == "board" {
				h.click(h.freeField())
			} else {
				b, ok := h.findText("Speed")
				if !ok {
					t.Fatal("no Speed label on screen")
				}
				h.click(f32.Pt(float32(b.Min.X+4), float32(b.Min.Y+4)))
			}
			if h.r.Source().Focused(&p.vars[5]) {
				t.Fatalf("a click on the %s left the keyboard in the variable field", where)
			}
			before := h.u.Snapshot().Cycle
			h.r.Queue(key.Event{Name: key.NameLeftArrow, State: key.Press})
			h.frame()
			h.waitFor("← to go back one cycle", func() bool { return h.u.Snapshot().Cycle == before-1 })
		})
	}
}

// A click into a text field still gives it the keyboard (the press that takes the keyboard
// from every field comes first in the frame).
func TestClickIntoFieldFocusesIt(t *testing.T) {
	h := newDebugHarness(t, "test:counter.rob", "test:spinner.rob")
	b, ok := h.find("Restart")
	if !ok {
		t.Fatal("no Restart button")
	}
	// The seed field is the 80 dp field just left of Restart (a 6 dp gap between).
	h.click(f32.Pt(float32(b.Min.X-46), float32(b.Min.Y+b.Max.Y)/2))
	if !h.r.Source().Focused(&h.u.controls.seedEd) {
		t.Fatal("a click into the seed field did not give it the keyboard")
	}
}
