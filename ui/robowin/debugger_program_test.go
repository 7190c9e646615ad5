package robowin

import (
	"reflect"
	"strings"
	"testing"
)

// panelOf is the open debugger of robot id, nil when none is open.
func (h *harness) panelOf(id int) *robotDebugger {
	for _, p := range h.u.dbg.strip.Panels {
		if p.id == id {
			return p
		}
	}
	return nil
}

// A debugger belongs to its robot's program. Removing Prog1 closes the debugger of Prog1's
// robot, saying so, and the debuggers of the other first robots take their program's new
// number with what was set on them: the window kept the numbers, so "Robot 1 · Prog1" became
// "Robot 1 · Prog2", its "pause when this robot dies" now on another program's robot.
func TestDebuggersFollowTheirProgramWhenAPlayerIsRemoved(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob", "test:p3.rob")
	game := h.startAndPause()
	for id := 1; id <= 3; id++ {
		h.u.OpenDebugger(id)
	}
	h.waitFor("the three debuggers to see their robots", func() bool {
		for _, p := range h.u.dbg.strip.Panels {
			if !p.seen {
				return false
			}
		}
		return true
	})
	h.panelOf(2).breakDie.Value = true
	h.u.dbg.follow = 3
	h.clickRect(h.findAll("×")[3]) // Prog1's in the players list (after the three debuggers')
	h.clickLabel("Remove")
	h.waitFor("the game without Prog1", func() bool { return h.u.Snapshot().Game != game && len(h.u.Snapshot().Robots) == 2 })
	h.waitFor("the debuggers to follow", func() bool { return len(h.u.Debuggers()) == 2 })
	if got := h.u.Debuggers(); !reflect.DeepEqual(got, []int{1, 2}) {
		t.Fatalf("debuggers open on robots %v, want [1 2] (Prog2's and Prog3's first robots)", got)
	}
	h.settle()
	for _, title := range []string{"Robot 1 · Prog2", "Robot 2 · Prog3"} {
		if !h.shows(title) {
			t.Errorf("no debugger titled %q: %q", title, h.texts())
		}
	}
	if !h.panelOf(1).breakDie.Value || h.panelOf(2).breakDie.Value {
		t.Error("\"Pause when this robot dies\" did not stay with Prog2's robot")
	}
	if h.u.dbg.follow != 2 {
		t.Errorf("Follow is on robot %d, want 2 (Prog3's robot)", h.u.dbg.follow)
	}
	want := "Closed the debugger of Robot 1 · Prog1: it is not in the game any more."
	if h.u.dbg.notice != want || !h.shows(want) {
		t.Errorf("the line under the board says %q, want %q", h.u.dbg.notice, want)
	}

	// Restart with the same players keeps them all.
	h.u.Restart()
	h.waitFor("the restarted game", func() bool { return h.u.Snapshot().Game == h.u.gameNo })
	h.settle()
	h.frame()
	if got := h.u.Debuggers(); !reflect.DeepEqual(got, []int{1, 2}) {
		t.Errorf("after Restart debuggers on %v, want [1 2]", got)
	}
	// The closing is the last game's news: it stayed through Restarts.
	if h.u.dbg.notice != "" {
		t.Errorf("after Restart the line under the board still says %q", h.u.dbg.notice)
	}
}

// A debugger whose number is another program's robot in the new game closes, and its
// breakpoints never apply to that robot. Under these rules robot 3 is the Factory's first
// child; under classic it is the Mayfly's, which dies at once: the Factory child's "pause
// when this robot dies" paused the game at the Mayfly's death.
func TestDebuggerClosesWhenItsNumberIsAnotherProgramsRobot(t *testing.T) {
	h := newDebugHarness(t, "test:factory.rob", "test:mayfly.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	s := h.optionsIn(t.TempDir())
	h.typeInto(s.fields["cost.create-set2"], s.fields["cost.create-set2"], "0", false)
	h.typeInto(s.fields["cost.create-mobile-factor"], s.fields["cost.create-mobile-factor"], "1", false)
	h.clickLabel("Apply (Enter)")
	h.waitFor("the game under the edited rules", func() bool { return h.u.Snapshot().Game == h.u.gameNo && len(h.u.Snapshot().Robots) == 2 })
	h.stepTo(100)
	if v := h.engineRobot(3); !v.Alive || v.Team != 0 {
		t.Fatalf("robot 3 under the edited rules: %+v, want a living Factory robot", v)
	}
	h.u.OpenDebugger(3)
	h.settle()
	h.frame()
	p := h.panelOf(3)
	if p == nil || !h.shows("Robot 3 · Factory") {
		t.Fatalf("no debugger of robot 3 · Factory: %q", h.texts())
	}
	p.breakDie.Value = true
	h.frame()

	h.clickLabel("classic")
	h.clickLabel("Apply and restart")
	h.waitFor("the classic game", func() bool { return h.u.Snapshot().Game == h.u.gameNo && h.u.opts.Name == "classic" })
	h.stepTo(300) // (a pause at robot 3's death would stop short of 300)
	if v := h.engineRobot(3); v.Team != 1 || v.Alive {
		t.Fatalf("robot 3 under classic: %+v, want a dead Mayfly robot", v)
	}
	h.settle()
	h.frame()
	if got := h.u.Debuggers(); len(got) != 0 {
		t.Errorf("debuggers still open on %v", got)
	}
	want := "Closed the debugger of Robot 3 · Factory: robot 3 is Mayfly's in this game."
	if h.u.dbg.notice != want {
		t.Errorf("the line under the board says %q, want %q", h.u.dbg.notice, want)
	}
}

// When the players change, the debugger of a robot built during the game closes (the new
// game numbers built robots anew), and a first robot's follows its program to its new place.
func TestBuiltRobotDebuggerClosesWhenThePlayersChange(t *testing.T) {
	h := newDebugHarness(t, "test:factory.rob", "test:spinner.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.stepTo(300)
	if v := h.engineRobot(3); !v.Alive || v.Team != 0 {
		t.Fatalf("robot 3: %+v, want a Factory robot", v)
	}
	h.u.OpenDebugger(1)
	h.u.OpenDebugger(3)
	h.settle()
	h.frame()
	game := h.u.Snapshot().Game
	h.clickNth("↓", 0) // the Factory down: Spinner first
	h.clickLabel("Move")
	h.waitFor("the game with the Spinner first", func() bool { return h.u.Snapshot().Game != game && h.u.Players()[0].Name() == "Spinner" })
	h.settle()
	h.frame()
	if got := h.u.Debuggers(); !reflect.DeepEqual(got, []int{2}) {
		t.Fatalf("debuggers open on %v, want [2] (the Factory's first robot)", got)
	}
	if !strings.HasPrefix(h.u.dbg.notice, "Closed the debugger of Robot 3 · Factory: with other players the robots built in a game are numbered anew.") {
		t.Errorf("the line under the board says %q", h.u.dbg.notice)
	}
}

// Two players of one name are told apart in their debuggers' titles as in the graph's
// legend: both titles said "Prog1".
func TestDebuggersTellPlayersOfOneNameApart(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p1.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.u.OpenDebugger(1)
	h.u.OpenDebugger(2)
	h.waitFor("the debuggers to see their robots", func() bool {
		for _, p := range h.u.dbg.strip.Panels {
			if !p.seen {
				return false
			}
		}
		return true
	})
	h.frame()
	a, b := h.panelOf(1).ownerName, h.panelOf(2).ownerName
	if a == b || !strings.Contains(a, "Prog1") || !strings.Contains(b, "Prog1") {
		t.Errorf("the two Prog1 debuggers name their programs %q and %q", a, b)
	}
}
