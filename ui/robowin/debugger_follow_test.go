package robowin

import (
	"image"
	"strings"
	"testing"

	"gioui.org/f32"
	"gioui.org/io/pointer"
)

// longJumper jumps over 60 instructions at its first step: the line it lands on stands far
// below the first in the debugger's listing.
var longJumper = "Name Jumper\nBank Main\nJump @far\n" + strings.Repeat("Turn 1\n", 60) + "@far\nTurn 1\nJump @far\n"

func newLongHarness(t *testing.T) *harness {
	debugSources["jumper.rob"] = longJumper
	t.Cleanup(func() { delete(debugSources, "jumper.rob") })
	h := newDebugHarness(t, "test:jumper.rob", "test:spinner.rob")
	h.size = image.Pt(1000, 660) // (a few lines of the listing in view, line 62 not)
	h.frame()
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(1)
	h.settle()
	h.frame()
	return h
}

// After "Step instruction" the line the robot now stands on is scrolled into view.
func TestDebuggerCodeFollowsInstruction(t *testing.T) {
	h := newLongHarness(t)
	if _, ok := h.findText(" 62 "); ok {
		t.Fatal("line 62 is in view before the step: the test needs it off-screen")
	}
	h.clickLabel("Step instruction")
	h.waitFor("the jump", func() bool {
		h.frame()
		v, ok := h.u.DebugView(1)
		return ok && v.Instr == 62
	})
	h.settle()
	h.frame()
	h.frame()
	b, ok := h.findText(" 62 ")
	if !ok {
		t.Fatalf("after the step to line 62 the listing does not show it: %q", h.texts())
	}
	if b.Min.Y < 0 || b.Min.Y > h.size.Y-80 {
		t.Errorf("line 62 is drawn at y %d, outside the panel", b.Min.Y)
	}
}

// One notch of the wheel over the listing scrolls it by about three lines, not 10 px.
func TestDebuggerWheelScrollsLines(t *testing.T) {
	h := newLongHarness(t)
	before, ok := h.findText("  5 ")
	if !ok {
		t.Fatalf("line 5 is not in view: %q", h.texts())
	}
	line9, _ := h.findText("  4 ")
	lineH := before.Min.Y - line9.Min.Y
	at := f32.Pt(float32(before.Min.X+10), float32(before.Min.Y))
	h.r.Queue(
		pointer.Event{Kind: pointer.Move, Position: at, Source: pointer.Mouse},
		pointer.Event{Kind: pointer.Scroll, Position: at, Source: pointer.Mouse, Scroll: f32.Pt(0, 10)},
	)
	h.frame()
	h.frame()
	after, ok := h.findText("  5 ")
	if !ok {
		t.Fatalf("line 5 left the view after one notch")
	}
	moved := before.Min.Y - after.Min.Y
	if lineH <= 0 || moved < 2*lineH || moved > 4*lineH {
		t.Errorf("one notch moved the listing %d px; a line is %d px (want about 3 lines)", moved, lineH)
	}
}

// The wheel scrolls a debugger that opened too short to show a code line (a small window):
// the handler that scrolls by lines took every wheel event over the panel and dropped them
// until a code line had given it a line's height, so only the scrollbar could reach the code.
func TestDebuggerWheelScrollsBeforeACodeLine(t *testing.T) {
	h := newDebugHarness(t, "test:spinner.rob", "test:counter.rob")
	h.size = image.Pt(800, 600)
	h.frame()
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(1)
	h.settle()
	h.frame()
	p := h.panelOf(1)
	if p == nil {
		t.Fatal("no debugger of robot 1")
	}
	if p.lineH != 0 {
		t.Skipf("the panel shows a code line at this size (%d px): nothing to test", p.lineH)
	}
	head, ok := h.findText("Generation 0, a first robot")
	if !ok {
		t.Fatalf("no debugger header on screen: %q", h.texts())
	}
	at := f32.Pt(float32(head.Min.X+10), float32(head.Min.Y+8))
	before := p.list.Position
	h.r.Queue(
		pointer.Event{Kind: pointer.Move, Position: at, Source: pointer.Mouse},
		pointer.Event{Kind: pointer.Scroll, Position: at, Source: pointer.Mouse, Scroll: f32.Pt(0, 10)},
	)
	h.frame()
	h.frame()
	if after := p.list.Position; after.First == before.First && after.Offset == before.Offset {
		t.Errorf("a notch of the wheel did not scroll the panel (position %+v)", after)
	}
}
