package corewin

import (
	"strings"
	"testing"

	"robocom/ui/kit"
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

// Parameters the game cannot start with (Dwarf's ;assert CORESIZE % 4 == 0 fails in a core
// of 4002): the status line says so instead of "Parameters applied; the series restarts.",
// and the open inspectors keep their warriors' names and colours. They said "nobody" in grey
// and "Process 0 is not in this game." while the Players tab listed Dwarf and Imp.
func TestParametersTheGameCannotStartWith(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.red", "bundled:imp.red")
	h := newHarness(w)
	h.frame()
	w.InspectProcess(0)
	w.InspectProcess(1)
	h.frame()
	h.clickLabel(t, "Parameters")
	w.prm.size.SetText("4002")
	h.clickLabel(t, "Apply and restart")
	h.frame()
	if w.gameErr == "" {
		t.Fatal("Dwarf plays in a core of 4002 cells; the test needs an ;assert that fails")
	}
	if m := w.Message(); !strings.HasPrefix(m, "Parameters applied, but the game cannot start with them: dwarf.red:") {
		t.Errorf("the status line says %q", m)
	}
	for _, name := range []string{"Dwarf", "Imp"} {
		if _, ok := h.findText(name); !ok {
			t.Errorf("no inspector headed %q", name)
		}
	}
	if _, ok := h.findText("nobody"); ok {
		t.Error(`an inspector is headed "nobody"`)
	}
	if _, ok := h.findText("Process 0 is not in this game"); ok {
		t.Error(`Dwarf's inspector says "Process 0 is not in this game"`)
	}
	if got := w.insp.panelColor(w.insp.strip.Panels[1]); got != kit.PaletteColor(1) {
		t.Errorf("Imp's inspector is coloured %v, want its program's %v", got, kit.PaletteColor(1))
	}
}
