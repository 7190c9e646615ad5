package robowin

import (
	"strings"
	"testing"
	"time"

	"gioui.org/io/key"

	"robocom/ui/kit"
)

func (s *tornSide) press(name key.Name) {
	s.r.Queue(key.Event{Name: name, State: key.Press}, key.Event{Name: name, State: key.Release})
	s.frame()
}

// The game keys work in a torn-off debugger's window: Space starts and pauses, S steps, N
// runs a block, ← goes back one cycle, and T docks the debugger. Help lists T.
func TestTornWindowShortcuts(t *testing.T) {
	h, opened := newTearHarness(t, "test:counter.rob", "test:spinner.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(2)
	h.stepTo(10)
	h.settle()
	h.u.ToggleTearOff(2)
	if len(*opened) != 1 {
		t.Fatalf("%d windows opened", len(*opened))
	}
	s := (*opened)[0]
	s.frame()

	s.press("S")
	h.waitFor("S in the torn-off window to step", func() bool { h.frame(); return h.u.Snapshot().Cycle == 11 })
	block, _ := kit.BlockCycles(h.u.controls.blockEd.Text())
	s.press("N")
	h.waitFor("N in the torn-off window to run a block", func() bool { h.frame(); return h.u.Snapshot().Cycle == 11+block })
	s.press(key.NameLeftArrow)
	h.waitFor("← in the torn-off window to go back", func() bool { h.frame(); return h.u.Snapshot().Cycle == 10+block })
	h.u.Runner().SetSpeed(50) // slow enough that the game is still running at the second Space
	s.press(key.NameSpace)
	if !h.u.wantRun {
		t.Error("Space in the torn-off window did not start the game")
	}
	h.waitFor("the game to run", func() bool { h.frame(); return h.u.Snapshot().Running })
	time.Sleep(50 * time.Millisecond) // a second press this soon would be the key's auto-repeat
	s.press(key.NameSpace)
	if h.u.wantRun {
		t.Error("a second Space in the torn-off window did not pause the game")
	}
	s.press("T")
	h.frame()
	if len(h.u.TornOff()) != 0 || s.closed != 1 {
		t.Errorf("after T in the torn-off window: torn off %v, window closed %d times", h.u.TornOff(), s.closed)
	}
	found := false
	for _, l := range buildHelp() {
		if strings.HasPrefix(l.text, "T ") {
			found = true
		}
	}
	if !found {
		t.Error("Help's key list has no T")
	}
}
