package robowin

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"gioui.org/f32"
	"gioui.org/io/pointer"
)

// robotHeader is the on-screen header of debugger id ("Robot 12 · Factory"), if drawn.
func (h *harness) robotHeader(id int) (image.Rectangle, bool) {
	for _, l := range h.texts() {
		if strings.HasPrefix(l, fmt.Sprintf("Robot %d · ", id)) {
			return h.findText(l)
		}
	}
	return image.Rectangle{}, false
}

// Six debuggers open one after the other: none closes, the newest is on screen, the board
// keeps its room, and the first is a sideways scroll away.
func TestSixthDebuggerOpens(t *testing.T) {
	h := newDebugHarness(t, "test:factory.rob", "test:counter.rob", "test:spinner.rob", "test:mayfly.rob", "test:killer.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 5 })
	h.stepTo(1500)
	robots := h.u.Snapshot().Robots
	if len(robots) < 6 {
		t.Fatalf("only %d robots at cycle 1500", len(robots))
	}
	var ids []int
	for _, r := range robots[:6] {
		h.openByClick(r.ID)
		ids = append(ids, r.ID)
	}
	h.settle()
	if got := h.u.Debuggers(); fmt.Sprint(got) != fmt.Sprint(ids) {
		t.Fatalf("debuggers open %v, want %v", got, ids)
	}
	if _, ok := h.robotHeader(ids[5]); !ok {
		t.Fatalf("the sixth debugger (robot %d) is not on screen: %q", ids[5], h.texts())
	}
	if c := h.u.Board().cell * float32(h.u.Snapshot().Size); c < 300 {
		t.Errorf("the board shrank to %.0f px with six debuggers open", c)
	}
	first, ok := h.robotHeader(ids[5])
	if !ok {
		t.Fatal("lost the sixth debugger")
	}
	at := f32.Pt(float32(first.Min.X+20), float32(first.Min.Y+60))
	for step := 0; ; step++ {
		if _, ok := h.robotHeader(ids[0]); ok {
			break
		}
		if step == 60 {
			t.Fatalf("scrolling the debuggers sideways never showed the first (robot %d)", ids[0])
		}
		h.r.Queue(pointer.Event{Kind: pointer.Scroll, Source: pointer.Mouse, Position: at, Scroll: f32.Pt(-60, 0)})
		h.frame()
	}
}
