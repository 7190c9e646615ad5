package robowin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A path typed without its folder is refused by the editor's Save, its Open field and Save
// as RBI, with a sentence asking for the full path: the file went to the working directory
// and the player was recorded as disk:g2rel.rob, that is /g2rel.rob, which then did not load
// ("/g2rel.rob: no such file") in the window or at the next launch.
func TestRelativePathsAreRefused(t *testing.T) {
	wd := t.TempDir()
	t.Chdir(wd)
	docs := t.TempDir()
	t.Setenv("XDG_DOCUMENTS_DIR", docs)
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.clickLabel("Programs…")
	h.clickNth("Edit", 0)
	e := h.u.dbg.prog.ed
	if e == nil {
		t.Fatal("the editor did not open Prog1")
	}
	h.typeInto(&e.pathEd, &e.pathEd, "g2rel.rob", false)
	h.clickLabel("Save")
	want := "g2rel.rob is not a full path: give the file with its folder, like " + filepath.Join(docs, "g2rel.rob")
	if !e.msgErr || e.msg != want {
		t.Errorf("Save to g2rel.rob says %q, want %q", e.msg, want)
	}
	if !h.shows(want) {
		t.Errorf("the refusal is not on screen: %q", h.texts())
	}
	if _, err := os.Stat(filepath.Join(wd, "g2rel.rob")); err == nil {
		t.Error("Save wrote g2rel.rob in the working directory")
	}

	// The full path saves; the player loaded from it is found again by Edit.
	full := filepath.Join(docs, "g2rel.rob")
	h.typeInto(&e.pathEd, &e.pathEd, full, false)
	h.clickLabel("Save")
	h.clickLabel("Load into arena")
	if p := h.u.Players()[0].Path; p != "disk:"+strings.TrimPrefix(full, "/") {
		t.Fatalf("the player is recorded as %q", p)
	}
	h.clickLabel("Close")
	h.clickNth("Edit", 0)
	if e := h.u.dbg.prog.ed; e == nil || e.path != full || h.u.dbg.prog.msgErr {
		t.Fatalf("Edit again: editor %s, message %q", edState(e), h.u.dbg.prog.msg)
	}

	// The Open field and Save as RBI refuse a bare name too.
	os.WriteFile(filepath.Join(wd, "here.rob"), []byte(spinner("Here")), 0o644)
	if err := h.u.OpenEditor("here.rob"); err == nil || !strings.Contains(err.Error(), "here.rob is not a full path") {
		t.Errorf("opening here.rob: %v", err)
	}
	h.clickNth("Save as RBI…", 0)
	d := &h.u.dbg.prog.rbi
	h.typeInto(&d.pathEd, &d.pathEd, "sealed.rbi", false)
	h.clickLabel("Save RBI")
	if !d.msgErr || !strings.Contains(d.msg, "sealed.rbi is not a full path") {
		t.Errorf("Save RBI to sealed.rbi says %q", d.msg)
	}
	if _, err := os.Stat(filepath.Join(wd, "sealed.rbi")); err == nil {
		t.Error("Save RBI wrote sealed.rbi in the working directory")
	}
}
