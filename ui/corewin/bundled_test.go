package corewin

import (
	"strings"
	"testing"

	"robocom/robots"
)

// The bundled samples, as the arena window gives them (cmd/robocom), include Redcode: two
// warriors are picked, played and shown in the editor without a file on disk.
func TestBundledRedcodeSamples(t *testing.T) {
	w := New(Config{Roots: []Root{{Name: "bundled", FS: robots.CoreFS, Home: "core"}}, Seed: 5})
	t.Cleanup(w.Close)
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Add program")
	h.clickLabel(t, "dwarf.red")
	h.clickLabel(t, "scanner.red")
	h.clickLabel(t, "Done")
	if len(w.players) != 2 || w.Language().String() != "Redcode (.red)" {
		t.Fatalf("%d players in %v (errors %q), want the Dwarf and the Scanner in Redcode", len(w.players), w.Language(), w.Errors())
	}
	if w.players[0].prog.Name != "Dwarf" || w.players[1].prog.Name != "Scanner" {
		t.Fatalf("players %q and %q, want the warriors' ;name lines", w.players[0].prog.Name, w.players[1].prog.Name)
	}
	h.clickLabel(t, "Run")
	h.settle(t)
	if w.snap.Cycle != 100 {
		t.Fatalf("after a block of 100 the game is at cycle %d", w.snap.Cycle)
	}
	h.clickLabel(t, "Edit")
	if !strings.Contains(w.editor.ed.Text(), ";name Dwarf") || w.editor.Title() != "dwarf.red" {
		t.Fatalf("editor %q shows %.60q", w.editor.Title(), w.editor.ed.Text())
	}
	if _, ok := h.findText("bundled: read-only"); !ok {
		t.Fatal("the editor does not say the bundled warrior is read-only")
	}
	if len(w.editor.Errors()) != 0 {
		t.Fatalf("the bundled Dwarf has errors in the editor: %v", w.editor.Errors())
	}
}
