package corewin

import (
	"os"
	"strings"
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
	h.answer(t, "Remove")
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

// runABlock runs 100 cycles and pauses: a game under way.
func (h *harness) runABlock(t *testing.T) {
	t.Helper()
	h.clickLabel(t, "Run")
	h.settle(t)
	if h.w.snap.Cycle != 100 || h.w.snap.Over {
		t.Fatalf("after Run: cycle %d, over %v; want a game paused at 100", h.w.snap.Cycle, h.w.snap.Over)
	}
}

// asked checks that the confirm bar asks q, on screen.
func (h *harness) asked(t *testing.T, q string) {
	t.Helper()
	if got := h.w.confirm.Question(); got != q {
		t.Fatalf("pending question %q, want %q", got, q)
	}
	if _, ok := h.findText(q); !ok {
		t.Fatalf("the question %q is not on screen", q)
	}
}

// cancelled clicks Cancel and checks that the game under way is still the one at cycle 100.
func (h *harness) cancelled(t *testing.T, q string) {
	t.Helper()
	game := h.w.snap.Game
	h.clickLabel(t, "Cancel")
	h.frame()
	if h.w.confirm.Question() != "" {
		t.Fatalf("after Cancel the question %q still waits", h.w.confirm.Question())
	}
	if _, ok := h.findText(q); ok {
		t.Fatal("the question stayed on screen after Cancel")
	}
	if s := h.w.snap; s.Game != game || s.Cycle != 100 {
		t.Fatalf("Cancel replaced the game: game %d at cycle %d, was game %d at 100", s.Game, s.Cycle, game)
	}
}

// restarted waits for the game the confirmed change started.
func (h *harness) restarted(t *testing.T) {
	t.Helper()
	h.settle(t)
	if h.w.snap.Cycle != 0 || h.w.confirm.Question() != "" {
		t.Fatalf("after confirming: cycle %d, pending %q; want a new game", h.w.snap.Cycle, h.w.confirm.Question())
	}
}

// Adding a program from the picker while a game is under way asks first, as RoboCom asks;
// Cancel keeps the game and the players, Add adds it and restarts. With no game under way it
// is added at once.
func TestAddPlayerAsksWhileGameUnderWay(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	h.runABlock(t)
	h.clickLabel(t, "Add program")
	h.clickLabel(t, "impkiller.cw")
	if n := len(w.players); n != 2 {
		t.Fatalf("a pick added a player at once during a game (%d players)", n)
	}
	q := "Add impkiller.cw and restart the game?"
	h.asked(t, q)
	h.cancelled(t, q)
	if n := len(w.players); n != 2 {
		t.Fatalf("after Cancel: %d players", n)
	}
	h.clickLabel(t, "impkiller.cw")
	h.asked(t, q)
	h.answer(t, "Add")
	if n := len(w.players); n != 3 || !strings.HasSuffix(w.players[2].path, "impkiller.cw") {
		t.Fatalf("after Add: %d players", n)
	}
	h.restarted(t)
	if len(w.snap.Stats) != 3 {
		t.Fatalf("the new game has %d processes, want 3", len(w.snap.Stats))
	}
	// No game under way: at once.
	h.clickLabel(t, "replicator.cw")
	if len(w.players) != 4 || w.confirm.Question() != "" {
		t.Fatalf("a pick before the game started: %d players, pending %q", len(w.players), w.confirm.Question())
	}
}

// One copy more or fewer of a player while a game is under way asks first too.
func TestCopiesAskWhileGameUnderWay(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	h.runABlock(t)
	h.clickBelow(t, "+", "Players")
	if c := w.players[0].copies; c != 1 {
		t.Fatalf("+ gave Dwarf %d copies at once during a game", c)
	}
	q := "Add a copy of Dwarf and restart the game?"
	h.asked(t, q)
	h.cancelled(t, q)
	if c := w.players[0].copies; c != 1 || len(w.snap.Stats) != 2 {
		t.Fatalf("after Cancel: %d copies, %d processes", c, len(w.snap.Stats))
	}
	if _, ok := h.findText("1 copy"); !ok {
		t.Fatal("the players do not say 1 copy after Cancel")
	}
	h.clickBelow(t, "+", "Players")
	h.clickLabel(t, "Add a copy")
	if c := w.players[0].copies; c != 2 {
		t.Fatalf("after Add a copy: %d copies", c)
	}
	h.restarted(t)
	if len(w.snap.Stats) != 3 {
		t.Fatalf("the new game has %d processes, want 3", len(w.snap.Stats))
	}
	h.runABlock(t)
	h.clickBelow(t, "−", "Players")
	h.asked(t, "Remove a copy of Dwarf and restart the game?")
	h.clickLabel(t, "Remove a copy")
	if c := w.players[0].copies; c != 1 {
		t.Fatalf("after Remove a copy: %d copies", c)
	}
	h.restarted(t)
	// No game under way: at once.
	h.clickBelow(t, "+", "Players")
	if c := w.players[0].copies; c != 2 || w.confirm.Question() != "" {
		t.Fatalf("+ before the game started: %d copies, pending %q", c, w.confirm.Question())
	}
}

// The parameters' "Apply and restart" while a game is under way asks first; Cancel keeps the
// parameters in use and the form says they were not applied.
func TestParamsApplyAsksWhileGameUnderWay(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	before := w.params.Cycles
	h.runABlock(t)
	h.clickLabel(t, "Parameters")
	w.prm.cycles.SetText("5000")
	h.clickLabel(t, "Apply and restart")
	if w.params.Cycles != before {
		t.Fatalf("Apply changed the parameters at once during a game (cycles %d)", w.params.Cycles)
	}
	q := "Use these parameters and restart the game?"
	h.asked(t, q)
	if _, ok := h.findText("Waiting for your answer at the foot of the core"); !ok {
		t.Fatal("the form does not say that it waits for the answer")
	}
	h.cancelled(t, q)
	if w.params.Cycles != before {
		t.Fatalf("Cancel changed the cycles to %d", w.params.Cycles)
	}
	if _, ok := h.findText("Not applied"); !ok {
		t.Fatal("the form does not say that the parameters were not applied")
	}
	h.clickLabel(t, "Apply and restart") // the form's
	h.answer(t, "Apply and restart")
	if w.params.Cycles != 5000 {
		t.Fatalf("after confirming: cycles %d, want 5000", w.params.Cycles)
	}
	h.restarted(t)
	if _, ok := h.findText("Not applied"); ok {
		t.Fatal("the form still says Not applied after the parameters were applied")
	}
	// No game under way: at once.
	w.prm.cycles.SetText("6000")
	h.clickLabel(t, "Apply and restart")
	if w.params.Cycles != 6000 || w.confirm.Question() != "" {
		t.Fatalf("Apply before the game started: cycles %d, pending %q", w.params.Cycles, w.confirm.Question())
	}
}

// Saving a program in the editor while a game is under way saves the file and asks before
// reloading it into the game; Cancel keeps the game with the program as it was.
func TestEditorSaveAsksBeforeReloadingWhileGameUnderWay(t *testing.T) {
	paths := samplesOnDisk(t, "dwarf.cw", "imp.cw")
	w := newDiskWindow(t, paths...)
	h := newHarness(w)
	h.frame()
	h.runABlock(t)
	h.clickLabel(t, "Edit") // Dwarf's
	text := strings.Replace(w.editor.ed.Text(), "title Dwarf", "title Mine", 1)
	w.editor.SetText(text)
	h.frame()
	h.clickLabel(t, "Save and reload")
	if got, _ := os.ReadFile(paths[0]); string(got) != text {
		t.Fatal("the file was not saved")
	}
	if n := w.players[0].prog.Name; n != "Dwarf" {
		t.Fatalf("Save reloaded the player at once during a game (now %q)", n)
	}
	q := "Reload dwarf.cw and restart the game?"
	h.asked(t, q)
	h.cancelled(t, q)
	if n := w.players[0].prog.Name; n != "Dwarf" {
		t.Fatalf("after Cancel the player is %q", n)
	}
	if _, ok := h.findText("Saved, not loaded"); !ok {
		t.Fatal("the editor does not say the saved program was not loaded")
	}
	h.clickLabel(t, "Save and reload")
	h.clickLabel(t, "Reload")
	if n := w.players[0].prog.Name; n != "Mine" {
		t.Fatalf("after Reload the player is %q, want Mine", n)
	}
	h.restarted(t)
	if _, ok := h.findText("Saved; the players were reloaded"); !ok {
		t.Fatal("the editor does not say the players were reloaded")
	}
}

// The picker's "Add all here" while a game is under way asks first as well.
func TestAddAllAsksWhileGameUnderWay(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw")
	h := newHarness(w)
	h.frame()
	h.runABlock(t)
	h.clickLabel(t, "Add program")
	h.clickLabel(t, "Add all here")
	if n := len(w.players); n != 1 {
		t.Fatalf("Add all here added players at once during a game (%d players)", n)
	}
	q := "Add all the programs here and restart the game?"
	h.asked(t, q)
	h.cancelled(t, q)
	if n := len(w.players); n != 1 {
		t.Fatalf("after Cancel: %d players", n)
	}
	h.clickLabel(t, "Add all here")
	h.clickLabel(t, "Add")
	if n := len(w.players); n < 2 {
		t.Fatalf("after Add: %d players", n)
	}
	h.restarted(t)
}
