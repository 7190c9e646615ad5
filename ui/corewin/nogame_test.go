package corewin

import (
	"strings"
	"testing"
)

// With no programs Start, Step and Run say why nothing happens, and the status line shows no
// round, seed or cycle of a game that does not exist (it showed "Round 1 of 1, seed … · Cycle
// 0 of 100000", and the buttons did nothing, silently).
func TestNoProgramsButtonsSayWhy(t *testing.T) {
	w := newTestWindow(t)
	h := newHarness(w)
	h.frame()
	h.frame()
	for _, n := range h.semanticNodes() {
		if l := n.Desc.Label; strings.HasPrefix(l, "Round ") || strings.HasPrefix(l, "Cycle ") {
			t.Errorf("with no programs the status line shows %q", l)
		}
	}
	if _, ok := h.findText("No programs"); !ok {
		t.Error(`the status line does not say there are no programs`)
	}
	for _, btn := range []string{"Start", "Step", "Run"} {
		w.notify("")
		h.clickLabel(t, btn)
		if m := w.Message(); !strings.Contains(m, "Add programs in the Players tab first") {
			t.Errorf("%s with no programs says %q; want why nothing happens", btn, m)
		}
		if _, ok := h.findText("Add programs in the Players tab first"); !ok {
			t.Errorf("%s with no programs: the notice is not on screen", btn)
		}
		if w.snap.Running || w.wantRun {
			t.Errorf("%s with no programs set the window running", btn)
		}
	}
	// With programs the buttons play again.
	w.AddPlayer("bundled:dwarf.cw")
	h.frame()
	w.notify("")
	h.clickLabel(t, "Step")
	if m := w.Message(); m != "" {
		t.Errorf("Step with a program says %q", m)
	}
	if _, ok := h.findText("Cycle "); !ok {
		t.Error("with a program the status line shows no cycle")
	}
}

// Programs that cannot play together (a core too small for them): the buttons say so, and
// the status line shows no game.
func TestGameThatCannotStartButtonsSayWhy(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Parameters")
	w.prm.size.SetText("8")
	h.clickLabel(t, "Apply and restart")
	if w.gameErr == "" {
		t.Fatal("two programs in an 8-cell core make a game; the test needs one that cannot start")
	}
	if _, ok := h.findText("Cycle "); ok {
		t.Error("the status line shows a cycle of a game that cannot start")
	}
	h.clickLabel(t, "Start")
	if m := w.Message(); !strings.HasPrefix(m, "The game cannot start: ") {
		t.Errorf("Start when the game cannot start says %q", m)
	}
}
