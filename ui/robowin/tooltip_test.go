package robowin

import (
	"testing"
	"time"

	"gioui.org/f32"
	"gioui.org/io/pointer"
)

// framesUntil lays out frames until cond holds; false if it does not within 3 s.
func (h *harness) framesUntil(cond func() bool) bool {
	deadline := time.Now().Add(3 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(50 * time.Millisecond)
		h.frame()
	}
	return true
}

// A tooltip goes away once the pointer has left its button, whether the button was clicked
// or not, even when the pointer leaves while the tooltip is still fading in (gio-x's
// TipArea then ignored the Leave and the tooltip stayed through any number of clicks).
func TestTooltipLeavesWithPointer(t *testing.T) {
	for _, clickIt := range []bool{false, true} {
		name := "hover"
		if clickIt {
			name = "click"
		}
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, "test:p1.rob", "test:p2.rob")
			b, ok := h.find("Step")
			if !ok {
				t.Fatal("no Step button")
			}
			c := b.Min.Add(b.Max).Div(2)
			at := f32.Pt(float32(c.X), float32(c.Y))
			h.r.Queue(pointer.Event{Kind: pointer.Move, Position: at, Source: pointer.Mouse})
			h.frame()
			tip := func() bool { _, ok := h.findText("One cycle (S)"); return ok }
			if !h.framesUntil(tip) {
				t.Fatal("hovering Step did not show its tooltip")
			}
			if clickIt {
				h.click(at)
			}
			away := h.u.Board().FieldCenter(0, 0)
			for i := 0; i < 5; i++ {
				h.click(away.Add(f32.Pt(float32(i), 0)))
			}
			if !h.framesUntil(func() bool { return !tip() }) {
				t.Fatal("the tooltip of Step stayed on screen after the pointer left it")
			}
		})
	}
}

// TestTooltipLeavesItsRowReadable, for both windows at 800×600 and 1280×800, is in ui/shell
// (tooltip_test.go), where the window is laid out as the app lays it out: the mode bar, then a mode.
