package corewin

import (
	"testing"
)

// Removing a player while a game is under way asks first, with the confirm bar RoboCom uses
// (kit.Confirm); Cancel keeps the game, Remove restarts it without that player. Before the
// game has started Remove removes at once.
func TestRemovePlayerAsksWhileGameUnderWay(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Run") // 100 cycles, then a pause: a game under way
	h.settle(t)
	if w.snap.Cycle != 100 || w.snap.Over {
		t.Fatalf("after Run: cycle %d, over %v; want a game paused at 100", w.snap.Cycle, w.snap.Over)
	}
	name := w.players[0].prog.Name
	h.clickLabel(t, "Remove") // the first player's
	if n := len(w.players); n != 2 {
		t.Fatalf("Remove removed a player at once during a game (%d left)", n)
	}
	q := "Remove " + name + " and restart the game?"
	if got := w.confirm.Question(); got != q {
		t.Fatalf("pending question %q, want %q", got, q)
	}
	if _, ok := h.findText(q); !ok {
		t.Fatal("the question is not on screen")
	}
	h.clickLabel(t, "Cancel")
	if w.confirm.Question() != "" || len(w.players) != 2 || w.snap.Cycle != 100 {
		t.Fatalf("after Cancel: pending %q, %d players, cycle %d", w.confirm.Question(), len(w.players), w.snap.Cycle)
	}
	if _, ok := h.findText(q); ok {
		t.Error("the question stayed on screen after Cancel")
	}
	h.clickLabel(t, "Remove")
	h.clickLabel(t, "Remove") // the bar's, over the core: above the players' buttons
	if len(w.players) != 1 || w.players[0].prog.Name == name {
		t.Fatalf("after Remove: %d players, the first %q", len(w.players), w.players[0].prog.Name)
	}
	h.settle(t)
	if w.snap.Cycle != 0 {
		t.Fatalf("after Remove the game is at cycle %d, want a new game", w.snap.Cycle)
	}
	// No game under way: at once.
	h.clickLabel(t, "Remove")
	if len(w.players) != 0 || w.confirm.Question() != "" {
		t.Fatalf("Remove before the game started: %d players, pending %q", len(w.players), w.confirm.Question())
	}
}
