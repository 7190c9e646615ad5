package robowin

import (
	"testing"

	"gioui.org/io/key"
)

// Enter in a variable field applies the value and gives the keys back to the game: ← goes
// back one cycle and Space starts the game without a click first. Escape puts the robot's
// value back and leaves the field too.
func TestEnterInVariableFieldReturnsKeys(t *testing.T) {
	h := newDebugHarness(t, "test:counter.rob", "test:spinner.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.stepTo(20)
	h.openByClick(1)
	h.settle()
	p := h.u.dbg.strip.Panels[0]
	h.typeInto(&p.vars[5], &p.vars[5], "77", true)
	h.settle()
	if got := h.engineRobot(1).Vars[4]; got != 77 {
		t.Fatalf("after 77 and Enter, the engine's #5 = %d", got)
	}
	if h.r.Source().Focused(&p.vars[5]) {
		t.Fatal("after Enter the variable field still has the keyboard")
	}
	before := h.u.Snapshot().Cycle
	h.r.Queue(key.Event{Name: key.NameLeftArrow, State: key.Press}, key.Event{Name: key.NameLeftArrow, State: key.Release})
	h.frame()
	h.waitFor("← to go back one cycle", func() bool { h.frame(); return h.u.Snapshot().Cycle == before-1 })
	h.settle()

	// Escape: the typed value is dropped.
	old := h.engineRobot(1).Vars[6]
	h.typeInto(&p.vars[7], &p.vars[7], "4321", false)
	h.r.Queue(key.Event{Name: key.NameEscape, State: key.Press}, key.Event{Name: key.NameEscape, State: key.Release})
	h.frame()
	h.frame()
	h.settle()
	if h.r.Source().Focused(&p.vars[7]) {
		t.Error("after Escape the variable field still has the keyboard")
	}
	if got := h.engineRobot(1).Vars[6]; got != old {
		t.Errorf("Escape applied the typed value: #7 = %d, was %d", got, old)
	}
	if got := p.vars[7].Text(); got != p.shown[7] {
		t.Errorf("after Escape the field shows %q, the robot's value is %q", got, p.shown[7])
	}

	// Space starts the game at once after Enter.
	h.typeInto(&p.vars[5], &p.vars[5], "12", true)
	h.r.Queue(key.Event{Name: key.NameSpace, State: key.Press}, key.Event{Name: key.NameSpace, State: key.Release})
	h.frame()
	h.waitFor("Space to start the game", func() bool { h.frame(); return h.u.wantRun })
	h.u.Runner().Pause()
}
