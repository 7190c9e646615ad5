package robowin

import (
	"fmt"
	"testing"

	"robocom/arena"
)

// After the timeline goes back to before a robot was built, its open debugger says the
// robot does not exist yet at that cycle, without its position, variables or "Step
// instruction" (it showed the robot's last view as if alive), and shows the robot again
// once the game passes its birth.
func TestDebuggerOfARobotNotBuiltYet(t *testing.T) {
	h := newDebugHarness(t, "test:factory.rob", "test:spinner.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.stepTo(300)
	h.settle()
	id, born := 0, 0
	for _, e := range h.u.evs {
		if e.Kind == arena.EvSpawn && e.Cycle > 0 && e.Cycle >= born {
			id, born = e.Robot, e.Cycle
		}
	}
	if id == 0 || born < 10 {
		t.Fatalf("no robot built in the first 300 cycles (%d at %d)", id, born)
	}
	alive := h.engineRobot(id)
	if !alive.Alive {
		t.Fatalf("robot %d built in cycle %d is dead by cycle 300", id, born)
	}
	h.openByClick(id)
	h.settle()
	at := fmt.Sprintf("At (%d, %d) facing %s", alive.X, alive.Y, alive.Dir)
	if !h.shows(at) || !h.shows("Step instruction") {
		t.Fatalf("the debugger of robot %d does not show it alive: %q", id, h.texts())
	}

	// Back to the cycle it was built in, then one more with the timeline's button.
	h.u.SeekCycle(born)
	h.waitFor("the rewind", func() bool { return h.u.Snapshot().Cycle == born })
	h.settle()
	if !h.shows("Step instruction") {
		t.Fatalf("at cycle %d (its birth) robot %d's debugger has no Step instruction: %q", born, id, h.texts())
	}
	h.clickLabel("← 1 cycle")
	h.waitFor("one cycle back", func() bool { return h.u.Snapshot().Cycle == born-1 })
	h.settle()
	want := fmt.Sprintf("Robot %d does not exist yet at cycle %d", id, born-1)
	if !h.shows(want) {
		t.Errorf("before its birth the debugger does not say %q: %q", want, h.texts())
	}
	for _, s := range []string{"Step instruction", "At (", "Variables (Enter applies)", "Banks ("} {
		if h.shows(s) {
			t.Errorf("before its birth robot %d's debugger still shows %q", id, s)
		}
	}
	if _, ok := h.find("Edit program"); !ok {
		t.Errorf("before its birth the debugger lost Edit program (its team's, not the robot's): %q", h.texts())
	}
	if !h.shows(fmt.Sprintf("Robot %d · Factory", id)) {
		t.Errorf("before its birth the header no longer names the robot's team: %q", h.texts())
	}
	// Step: the robot is built again and the debugger shows it.
	h.clickLabel("Step")
	h.waitFor("one step", func() bool { return h.u.Snapshot().Cycle == born })
	h.settle()
	if h.shows(want) || !h.shows("Step instruction") {
		t.Errorf("at its birth again the debugger does not show robot %d: %q", id, h.texts())
	}
}
