package robowin

import (
	"image"
	"testing"

	"gioui.org/f32"
	"gioui.org/io/pointer"

	"robocom/ui/internal/goldentest"
)

// At 800×600 with five players, the wheel over the controls and players scrolls them so
// that every player's row (its name and its × button) comes fully into the window.
func TestSmallWindowReachesEveryPlayer(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob", "test:p3.rob", "test:p4.rob", "test:p5.rob")
	h.size = image.Pt(800, 600)
	h.frame()
	h.frame()
	if n := len(h.u.Players()); n != 5 {
		t.Fatalf("%d players loaded, want 5", n)
	}
	speed, ok := h.findText("Speed")
	if !ok {
		t.Fatal("no Speed label at 800×600")
	}
	wheelAt := f32.Pt(float32(speed.Min.X+4), float32(speed.Min.Y+4))
	window := image.Rect(0, 0, 800, 600)
	for i, p := range h.u.Players() {
		// The row is in reach when its × button, level with the name, is whole in the window.
		// (Label bounds are loose at the bottom and right; a button's are exact.)
		visible := func() bool {
			name, ok := h.findText(p.Name())
			if !ok {
				return false
			}
			byID := goldentest.Semantics(&h.r)
			for _, n := range byID {
				if n.Desc.Label != "×" {
					continue
				}
				b, ok := goldentest.ClickableBounds(byID, n)
				if ok && b.In(window) && b.Dy() >= 16 && b.Min.Y >= name.Min.Y-12 && b.Min.Y <= name.Min.Y+12 {
					return true
				}
			}
			return false
		}
		for step := 0; !visible(); step++ {
			if step == 40 {
				b, ok := h.findText(p.Name())
				t.Fatalf("player %d (%s) never came into the window by wheel (last drawn at %v, on screen %v)", i+1, p.Name(), b, ok)
			}
			h.r.Queue(pointer.Event{Kind: pointer.Scroll, Source: pointer.Mouse, Position: wheelAt, Scroll: f32.Pt(0, 30)})
			h.frame()
		}
	}
}
