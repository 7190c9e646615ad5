package robowin

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robocom/robolang"
)

// rbiNameIn is the name in the RBI file at path, "" when it does not read as one.
func rbiNameIn(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := robolang.ReadRBIHeader(bytes.NewReader(b))
	if err != nil {
		return ""
	}
	return h.Name
}

// hiveBesideWall writes hive.rob in dir and returns its path, and the program Wall, whose
// RBI the tests put where Hive's would go.
func hiveBesideWall(t *testing.T, dir string) (hive string, wall *robolang.Program) {
	t.Helper()
	hive = filepath.Join(dir, "hive.rob")
	if err := os.WriteFile(hive, []byte(spinner("Hive")), 0o644); err != nil {
		t.Fatal(err)
	}
	wall, err := robolang.Parse("wall.rob", []byte(spinner("Wall")), robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return hive, wall
}

// "Save as RBI" over an RBI file of another program asks for a second press first, as the
// editor's Save does over another file (it replaced the file silently); over an RBI of the
// same program it saves at once.
func TestSaveAsRBIAsksBeforeReplacingAnotherProgram(t *testing.T) {
	dir := t.TempDir()
	src, wall := hiveBesideWall(t, dir)
	out := filepath.Join(dir, "hive.rbi")
	if err := robolang.SaveRBI(out, wall); err != nil {
		t.Fatal(err)
	}
	h := newDiskHarness(t, src)
	h.clickLabel("Programs…")
	h.clickNth("Save as RBI…", 0)
	d := &h.u.dbg.prog.rbi
	if got := d.pathEd.Text(); got != out {
		t.Fatalf("suggested %q, want %q", got, out)
	}
	h.clickLabel("Save RBI")
	if got := rbiNameIn(t, out); got != "Wall" {
		t.Fatalf("the first press of Save RBI replaced the RBI of Wall (it now holds %q; message %q)", got, d.msg)
	}
	if !d.msgErr || !strings.Contains(d.msg, "Wall") || !strings.Contains(d.msg, "press Save RBI again") {
		t.Errorf("message %q, want one naming Wall and asking for a second press", d.msg)
	}
	if !h.shows("press Save RBI again") {
		t.Errorf("the question is not on screen: %q", h.texts())
	}
	h.clickLabel("Save RBI")
	if got := rbiNameIn(t, out); got != "Hive" || d.msgErr {
		t.Fatalf("the second press did not replace it: it holds %q (message %q)", got, d.msg)
	}
	// Now it holds Hive's RBI: saving Hive again replaces it at once.
	before, _ := os.Stat(out)
	h.clickLabel("Save RBI")
	if after, _ := os.Stat(out); d.msgErr || os.SameFile(before, after) {
		t.Errorf("saving Hive over its own RBI did not save at once: %q", d.msg)
	}
	// A path changed after the first press is asked about again.
	other := filepath.Join(dir, "other.rbi")
	if err := robolang.SaveRBI(other, wall); err != nil {
		t.Fatal(err)
	}
	if err := robolang.SaveRBI(out, wall); err != nil {
		t.Fatal(err)
	}
	h.clickLabel("Save RBI") // asks about hive.rbi
	h.typeInto(&d.pathEd, &d.pathEd, other, false)
	h.clickLabel("Save RBI")
	if got := rbiNameIn(t, other); got != "Wall" || !strings.Contains(d.msg, "press Save RBI again") {
		t.Errorf("a second press on another path replaced it: it holds %q (message %q)", got, d.msg)
	}
}

// A relative name is refused at the first press, before the dialog looks at what the working
// directory holds under it (it asked about replacing an RBI file there, then refused).
func TestSaveAsRBIRefusesARelativeNameFirst(t *testing.T) {
	dir := t.TempDir()
	src, wall := hiveBesideWall(t, dir)
	if err := robolang.SaveRBI(filepath.Join(dir, "other.rbi"), wall); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	h := newDiskHarness(t, src)
	h.clickLabel("Programs…")
	h.clickNth("Save as RBI…", 0)
	d := &h.u.dbg.prog.rbi
	d.pathEd.SetText("other.rbi")
	h.clickLabel("Save RBI")
	if !d.msgErr || !strings.Contains(d.msg, "not a full path") {
		t.Errorf("message %q, want the refusal of a relative name", d.msg)
	}
}

// A typed path reaches the message escaped: a pasted control character is shown, not obeyed.
func TestRBIMessagesEscapeThePath(t *testing.T) {
	_, wall := hiveBesideWall(t, t.TempDir())
	err := SaveRBIAs(filepath.Join(t.TempDir(), "x\x1b[31m.rob"), wall)
	if err == nil || strings.ContainsRune(err.Error(), 0x1b) || !strings.Contains(err.Error(), `\x1b[31m`) {
		t.Errorf("SaveRBIAs to a name with ESC: %v", err)
	}
}
