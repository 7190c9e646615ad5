package corewin

import (
	"os"
	"path/filepath"
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
	if _, ok := h.findText("bundled: the copy goes to"); !ok {
		t.Fatal("the editor does not say where the bundled warrior's copy goes")
	}
	if len(w.editor.Errors()) != 0 {
		t.Fatalf("the bundled Dwarf has errors in the editor: %v", w.editor.Errors())
	}
}

// An edited bundled warrior is saved as a copy in the documents folder, which the editor and
// its player take from then on: it was editable, checked as typed, and could not be saved.
// A copy that exists already is not replaced.
func TestBundledWarriorSavesACopy(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("XDG_DOCUMENTS_DIR", "")
	w := New(Config{Roots: []Root{{Name: "bundled", FS: robots.CoreFS, Home: "core"}, {Name: "disk", FS: os.DirFS("/"), Home: "."}},
		Files: []string{"bundled:core/dwarf.red", "bundled:core/imp.red"}, Seed: 5})
	t.Cleanup(w.Close)
	h := newHarness(w)
	h.frame()
	w.OpenEditor("bundled:core/dwarf.red")
	h.frame()
	text := strings.Replace(w.editor.ed.Text(), ";name Dwarf", ";name Dwarf2", 1)
	h.typeInto(t, &w.editor.ed, &w.editor.ed, text)
	h.clickLabel(t, "Save a copy and reload")
	copyTo := filepath.Join(home, "dwarf.red")
	if b, err := os.ReadFile(copyTo); err != nil || !strings.Contains(string(b), ";name Dwarf2") {
		t.Fatalf("the copy %s: %v, %.40q (status %q)", copyTo, err, b, w.editor.statusLine())
	}
	h.settle(t)
	if w.players[0].prog.Name != "Dwarf2" || w.players[0].path != "disk:"+strings.TrimPrefix(filepath.ToSlash(copyTo), "/") {
		t.Errorf("player 1 is %q from %q, want Dwarf2 from the copy", w.players[0].prog.Name, w.players[0].path)
	}
	if _, ok := h.find("Save and reload"); !ok {
		t.Error("the editor of the copy does not save it in place")
	}
	// Another bundled warrior whose copy exists already: refused, the file kept.
	if err := os.WriteFile(filepath.Join(home, "imp.red"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.OpenEditor("bundled:core/imp.red")
	h.frame()
	h.typeInto(t, &w.editor.ed, &w.editor.ed, w.editor.ed.Text()+"\n")
	h.clickLabel(t, "Save a copy and reload")
	if b, _ := os.ReadFile(filepath.Join(home, "imp.red")); string(b) != "mine" {
		t.Errorf("the existing imp.red was replaced: %.40q", b)
	}
	if !strings.Contains(w.editor.statusLine(), "exists already") {
		t.Errorf("the editor says %q", w.editor.statusLine())
	}
}
