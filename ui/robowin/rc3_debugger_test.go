package robowin

import (
	"fmt"
	"strings"
	"testing"

	"robocom/arena"
	"robocom/robolang"
)

// Under rc3m the debugger lists the RC3 constants (robolang's table) with the values the
// robot reads, and the Events tab lists the RC3 task events the engine writes to -trace.
func TestRC3DebuggerConstantsAndEvents(t *testing.T) {
	h := newRC3Harness(t)
	h.useSet("rc3m")
	if !h.u.AddPlayer("test:twins.rob") {
		t.Fatalf("twins.rob did not load: %q", h.u.Errors())
	}
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 1 })
	h.u.OpenDebugger(1)
	h.stepTo(12)
	h.settle()
	h.frame()
	var want []string
	h.onSim(func(tg *tapeGame) {
		for c := robolang.Const(1); int(c) < len(robolang.ConstNames); c++ {
			v, _ := tg.eng.Constant(1, c)
			want = append(want, fmt.Sprintf("%s %d", robolang.ConstNames[c], v))
		}
	})
	screen := strings.Join(h.texts(), "\n")
	for _, w := range want {
		if !strings.Contains(screen, w) {
			t.Errorf("the debugger does not show %q; on screen: %q", w, h.texts())
		}
	}
	if !strings.Contains(screen, "$Tasks 2") {
		t.Errorf("$Tasks of the twins after INIT is not 2: %q", h.texts())
	}
	h.clickLabel("Events")
	h.frame()
	var init arena.Event
	for _, e := range h.u.evs {
		if e.Kind == arena.EvInit {
			init = e
		}
	}
	if init.Kind != arena.EvInit {
		t.Fatalf("the event log has no init event: %v", h.u.evs)
	}
	if line := EventText(init, h.u.players.teams()); !h.shows(line) || !strings.Contains(line, "init, task 1 starts task 2") {
		t.Errorf("the Events tab does not show the INIT as %q: %q", line, h.texts())
	}
}

// Under classic the debugger lists only the four classic constants.
func TestClassicDebuggerConstants(t *testing.T) {
	h := newDebugHarness(t, "test:counter.rob", "test:spinner.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(1)
	h.settle()
	h.frame()
	if !h.shows("$Banks 1 · $Mobile 0") || !h.shows("$InstrSet 2 · $Fields 16") {
		t.Errorf("classic constants missing: %q", h.texts())
	}
	if strings.Contains(strings.Join(h.texts(), "\n"), "$Tasks") {
		t.Error("an RC3 constant is listed under classic")
	}
}
