package corewin

import (
	"strings"
	"testing"
)

// The editor said "Saved, not loaded: the game under way keeps the program as it was" after
// Cancel; Restart now reads the saved file into the game, so that sentence must go (it told
// the user the old program still plays).
func TestEditorSaysNotLoadedAfterRestartLoadedIt(t *testing.T) {
	w := newDiskWindow(t, samplesOnDisk(t, "dwarf.cw", "imp.cw")...)
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
