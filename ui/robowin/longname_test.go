package robowin

import (
	"fmt"
	"image"
	"strings"
	"testing"
	"testing/fstest"

	"robocom/internal/termtext"
	"robocom/ui/kit"
)

// A program's name of 300 characters is clipped to kit.TitleName columns wherever the
// window shows it (termtext.Clip): in the players list it took about 14 lines and at
// 800×600 pushed the other players and their buttons out of view, and the debugger's
// "Pause when any robot of NAME dies" wrapped it over 14 lines.
func TestLongProgramNameIsClipped(t *testing.T) {
	long := strings.Repeat("Long", 75)
	clipped := termtext.Clip(long, kit.TitleName)
	fs := testFS()
	fs["long.rob"] = &fstest.MapFile{Data: []byte(spinner(long))}
	h := newHarness(t)
	h.u.cfg.Roots[0].FS = fs
	for _, f := range []string{"test:long.rob", "test:p2.rob", "test:p3.rob", "test:p4.rob"} {
		h.u.AddPlayer(f)
	}
	h.size = image.Pt(800, 522) // an 800×600 screen's window under the mode bar
	h.waitFor("the game of four", func() bool { return len(h.u.Snapshot().Robots) == 4 })
	whole := func(where string) {
		t.Helper()
		for _, l := range h.texts() {
			if strings.Contains(l, long[:kit.TitleName]) {
				t.Errorf("%s: a label shows more than %d columns of the name: %q", where, kit.TitleName, l)
				return
			}
		}
	}

	// The players list: one line for the name, every player's buttons in view.
	// (Label bounds are loose at the bottom: the next player's name tells the row's height.)
	b, ok := h.findText(clipped)
	p2, ok2 := h.findText("Prog2")
	p3, ok3 := h.findText("Prog3")
	if !ok || !ok2 || !ok3 || p2.Min.Y-b.Min.Y != p3.Min.Y-p2.Min.Y {
		t.Errorf("the players list does not show the name clipped on one line: its row is %d px tall, the next %d", p2.Min.Y-b.Min.Y, p3.Min.Y-p2.Min.Y)
	}
	window := image.Rectangle{Max: h.size}
	for _, label := range []string{"↑", "↓", "×"} {
		if bs := h.findAll(label); len(bs) != 4 || !bs[3].In(window) {
			t.Errorf("the players' %q buttons: %v, want four in the window", label, bs)
		}
	}
	whole("the players list")

	// The debugger of its robot: the header and the breakpoint on its team's deaths.
	h.openByClick(1)
	h.settle()
	for _, s := range []string{"Robot 1 · " + clipped, "Pause when any robot of " + clipped + " dies"} {
		if !h.shows(s) {
			t.Errorf("the debugger does not show %q: %q", s, h.texts())
		}
	}
	whole("the debugger")

	// The event log and the graph's legend.
	h.clickLabel("Events")
	h.stepTo(3)
	if !h.shows(fmt.Sprintf("%s robot 1 placed", clipped)) {
		t.Errorf("the event log does not name the team clipped: %q", h.texts())
	}
	whole("the event log")
	h.clickLabel("Graph")
	whole("the graph")

	// The program tools, the RBI dialog, and the question before removing it.
	h.clickLabel("Programs…")
	whole("the program tools")
	h.clickNth("Save as RBI…", 0)
	if !h.shows("Save " + clipped + " as RBI") {
		t.Errorf("the RBI dialog's title does not name the program clipped: %q", h.texts())
	}
	whole("the RBI dialog")
	h.clickLabel("Done")
	h.clickLabel("Back to the board")
	h.clickRect(h.findAll("×")[1]) // the first player's (the debugger's × comes first)
	if q := h.u.Pending(); q != "Remove "+clipped+" and restart the game?" {
		t.Errorf("the question before removing it: %q", q)
	}
	whole("the question")
	h.clickLabel("Cancel")
}
