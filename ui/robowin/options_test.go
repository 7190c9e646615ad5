package robowin

import (
	"path/filepath"
	"strings"
	"testing"

	"robocom/arena"
)

// optionsIn points the options view at dir for its saved sets, as OptionsDir does at launch.
func (h *harness) optionsIn(dir string) *OptionsEditorState {
	s := &h.u.tabbed.optEd
	s.dir = dir
	s.scan()
	h.clickLabel("Options")
	return s
}

// saveSet writes an option set of board size board to dir/name.options.
func saveSet(t *testing.T, dir, name string, board int) string {
	t.Helper()
	o := arena.Classic()
	o.Name, o.Board = name, board
	file := filepath.Join(dir, name+optionFileExt)
	if err := o.Save(file); err != nil {
		t.Fatal(err)
	}
	return file
}

// On a fresh install the options folder does not exist: Save creates it, as the settings
// file's folder is created, instead of saying "create it first" of a folder the user cannot
// create from the window.
func TestOptionsSaveCreatesTheOptionsFolder(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	dir := filepath.Join(t.TempDir(), "robocom", "options")
	s := h.optionsIn(dir)
	h.typeInto(&s.nameEd, &s.nameEd, "my-rules", false)
	h.clickLabel("Save")
	file := filepath.Join(dir, "my-rules"+optionFileExt)
	if _, err := arena.LoadOptions(file); err != nil {
		t.Fatalf("the set was not saved: %v (message: %q)", err, s.msg)
	}
	if s.msgErr || !strings.HasPrefix(s.msg, "Saved as ") {
		t.Errorf("message %q after saving", s.msg)
	}
}
