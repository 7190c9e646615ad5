package robowin

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"gioui.org/io/key"
)

// startAndPause runs the game a few cycles and pauses it: a game under way.
func (h *harness) startAndPause() int {
	h.t.Helper()
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	h.u.Runner().StepN(20)
	h.waitFor("cycle 20", func() bool { return h.u.Snapshot().Cycle == 20 && !h.u.Snapshot().Running })
	return h.u.Snapshot().Game
}

// Removing a player while a game is under way asks first; Cancel keeps the game, Remove
// restarts it without that player.
func TestRemovePlayerAsksWhileGameUnderWay(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob", "test:p3.rob")
	game := h.startAndPause()
	h.clickRect(h.findAll("×")[2])
	if n := len(h.u.Players()); n != 3 {
		t.Fatalf("× removed a player at once during a game (%d left)", n)
	}
	q := "Remove Prog3 and restart the game?"
	if h.u.Pending() != q {
		t.Fatalf("pending question %q, want %q", h.u.Pending(), q)
	}
	if _, ok := h.findText(q); !ok {
		t.Fatalf("the question is not on screen: %q", h.texts())
	}
	h.clickLabel("Cancel")
	if h.u.Pending() != "" || len(h.u.Players()) != 3 {
		t.Fatalf("after Cancel: pending %q, %d players", h.u.Pending(), len(h.u.Players()))
	}
	if s := h.u.Snapshot(); s.Game != game || s.Cycle != 20 {
		t.Fatalf("Cancel replaced the game: game %d cycle %d, was game %d cycle 20", s.Game, s.Cycle, game)
	}
	if _, ok := h.findText(q); ok {
		t.Error("the question stayed on screen after Cancel")
	}
	h.clickRect(h.findAll("×")[2])
	h.clickLabel("Remove")
	var names []string
	for _, p := range h.u.Players() {
		names = append(names, p.Name())
	}
	if got := strings.Join(names, " "); got != "Prog1 Prog2" {
		t.Fatalf("after Remove the players are %q", got)
	}
	h.waitFor("the restarted game", func() bool { s := h.u.Snapshot(); return s.Game != game && len(s.Robots) == 2 && s.Cycle == 0 })
}

// Applying other rules while a game is under way asks too; Cancel keeps the rules in use
// and says so, the confirming button restarts the game with the new ones.
func TestRulesChangeAsksWhileGameUnderWay(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.u.tabbed.optEd.dir = t.TempDir()
	game := h.startAndPause()
	h.clickLabel("Options")
	before := h.u.opts.Timeout()
	setTimeout := func() {
		ed := h.u.tabbed.optEd.fields["timeout"]
		h.r.Source().Execute(key.FocusCmd{Tag: ed})
		h.frame()
		h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: len([]rune(ed.Text()))}, Text: "500"})
		h.frame()
		h.clickLabel("Apply (Enter)")
	}
	setTimeout()
	if !strings.HasPrefix(h.u.Pending(), "Use the rules ") || h.u.opts.Timeout() != before {
		t.Fatalf("Apply during a game: pending %q, timeout %d (was %d)", h.u.Pending(), h.u.opts.Timeout(), before)
	}
	h.clickLabel("Cancel")
	if h.u.opts.Timeout() != before || h.u.Snapshot().Game != game {
		t.Fatalf("Cancel changed the rules or the game")
	}
	if m := h.u.tabbed.optEd.msg; !strings.HasPrefix(m, "Not applied") {
		t.Errorf("the options view says %q after Cancel", m)
	}
	setTimeout()
	h.clickLabel("Apply and restart")
	if got := h.u.opts.Timeout(); got != 500 {
		t.Fatalf("timeout %d after confirming, want 500", got)
	}
	h.waitFor("the game with the new rules", func() bool { return h.u.Snapshot().Game != game })
}

// The debugger of a robot whose player was removed closes, saying so (it stayed, for a robot
// of that number the new game did not have, or had for another program). The debugger of a
// robot the game does not have names no team and wears no team's colour: it said "Robot 3 ·
// Prog1" in Prog1's colour, the first player standing in for a robot that does not exist.
func TestDebuggerOfARobotNotInTheGameNamesNoTeam(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob", "test:p3.rob")
	game := h.startAndPause()
	third := -1
	for _, r := range h.u.Snapshot().Robots {
		if r.Team == 2 {
			third = r.ID
		}
	}
	if third < 0 {
		t.Fatal("Prog3 has no robot")
	}
	h.openByClick(third)
	// (the debugger shows the robot once the simulation's goroutine has sent a view of it)
	h.waitFor(fmt.Sprintf("the debugger of Prog3's robot %d", third), func() bool {
		_, ok := h.findText(fmt.Sprintf("Robot %d · Prog3", third))
		return ok
	})
	// Prog3's ×: the lowest (the debugger's own × is at the top).
	var remove image.Rectangle
	for _, b := range h.findAll("×") {
		if b.Min.Y > remove.Min.Y {
			remove = b
		}
	}
	h.clickRect(remove)
	h.clickLabel("Remove")
	h.waitFor("the restarted game", func() bool { s := h.u.Snapshot(); return s.Game != game && len(s.Robots) == 2 })
	if n := h.u.Players(); len(n) != 2 || n[1].Name() != "Prog2" {
		t.Fatalf("Prog3 was not the player removed")
	}
	// (the debuggers' views of the new game come from the simulation's goroutine apart from
	// the board's snapshot, a frame or two later)
	want := fmt.Sprintf("Closed the debugger of Robot %d · Prog3: it is not in the game any more.", third)
	h.waitFor("the debugger of Prog3's robot to close", func() bool { return len(h.u.Debuggers()) == 0 })
	if !h.shows(want) {
		t.Errorf("the line under the board does not say %q: %q", want, h.texts())
	}
	third = 9 // no robot of this number in the game
	h.u.OpenDebugger(third)
	h.waitFor(fmt.Sprintf("the debugger to say robot %d is not in the game", third), func() bool {
		_, ok := h.findText(fmt.Sprintf("Robot %d does not exist in this game (yet).", third))
		return ok
	})
	if b, ok := h.robotHeader(third); ok {
		t.Errorf("the debugger of robot %d, not in the game, names a team: %v %q", third, b, h.texts())
	}
	if _, ok := h.findText(fmt.Sprintf("Robot %d", third)); !ok {
		t.Errorf("the debugger of robot %d is not titled \"Robot %d\": %q", third, third, h.texts())
	}
}
