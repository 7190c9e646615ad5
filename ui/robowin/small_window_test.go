package robowin

import (
	"fmt"
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

// On an 800×600 screen (a window of 800×552, 800×522 under the mode bar) a debugger open
// beside the board left it a 130 px sliver: with a docked debugger the board and its
// debuggers take the window's width on top and the panel goes under them, as in the Core
// War window; with none the layout stays as it was.
func TestSmallWindowKeepsTheBoardWithADebugger(t *testing.T) {
	for _, size := range []image.Point{{800, 522}, {800, 600}, {1000, 700}} {
		t.Run(fmt.Sprintf("%dx%d", size.X, size.Y), func(t *testing.T) {
			h := newHarness(t, "test:p1.rob", "test:p2.rob")
			h.size = size
			h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
			boardW := func() float32 { return h.u.Board().cell * float32(h.u.Snapshot().Size) }
			startAt := func() image.Rectangle { b, _ := h.find("Start"); return b }
			before := startAt()
			r := h.u.Snapshot().Robots[0]
			h.openByClick(r.ID)
			h.settle()
			if got := h.u.Debuggers(); len(got) != 1 {
				t.Fatalf("debuggers open: %v", got)
			}
			if w := boardW(); w < 200 {
				t.Errorf("with a debugger open the board is %.0f px wide", w)
			}
			window := image.Rectangle{Max: size}
			for _, label := range []string{"Start", "Add program…", "Graph", "Follow", "Step instruction"} {
				if b, ok := h.find(label); !ok || !b.In(window) {
					t.Errorf("with a debugger open %q is at %v (on screen: %v)", label, b, ok)
				}
			}
			// The program tools hide the debuggers: the editor gets the height beside the panel
			// (stacked it kept a few lines).
			h.clickLabel("Programs…")
			if b, _ := h.find("Start"); b != before {
				t.Errorf("with the program tools open Start is at %v, was %v without a debugger", b, before)
			}
			h.clickLabel("Back to the board")
			// Closing it brings the panel back where it was.
			follow, _ := h.find("Follow")
			for _, x := range h.findAll("×") {
				if x.Min.Y < follow.Max.Y && x.Max.Y > follow.Min.Y && x.Min.X >= follow.Max.X {
					h.clickRect(x) // the debugger's, beside its Follow
				}
			}
			h.frame()
			if after := startAt(); after != before || len(h.u.Debuggers()) != 0 {
				t.Errorf("with the debugger closed Start is at %v, was %v (debuggers %v)", after, before, h.u.Debuggers())
			}
		})
	}
}
