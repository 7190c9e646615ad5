package corewin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The editor said "Saved, not loaded: the game under way keeps the program as it was" after
// Cancel; Restart now reads the saved file into the game, so that sentence must go (it told
// the user the old program still plays).
func TestEditorSaysNotLoadedAfterRestartLoadedIt(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, n := range []string{"dwarf.cw", "imp.cw"} {
		src, err := readSample(n)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, n)
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, "disk:"+strings.TrimPrefix(filepath.ToSlash(file), "/"))
	}
	w := New(Config{Roots: []Root{{Name: "disk", FS: os.DirFS("/"), Home: "."}}, Files: files, Seed: 1})
	t.Cleanup(w.Close)
	h := newHarness(w)
	h.frame()
	h.runABlock(t)
	h.clickLabel(t, "Edit") // Dwarf's
	text := strings.Replace(w.editor.ed.Text(), "title Dwarf", "title Mine", 1)
	w.editor.SetText(text)
	h.frame()
	h.clickLabel(t, "Save and reload")
	q := "Reload dwarf.cw and restart the game?"
	h.asked(t, q)
	h.cancelled(t, q)
	if _, ok := h.findText("Saved, not loaded"); !ok {
		t.Fatal("the editor does not say the saved program was not loaded")
	}
	h.clickLabel(t, "Restart")
	if n := w.players[0].prog.Name; n != "Mine" {
		t.Fatalf("after Restart the player is %q, want Mine (the saved file)", n)
	}
	h.frame()
	if _, ok := h.findText("Saved, not loaded"); ok {
		t.Error("Restart loaded the saved program, yet the editor still says it was not loaded and the game keeps the program as it was")
	}
}
