package robowin

import (
	"os"
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

// Loading a saved set puts its name in the "Save as" box, and Save over another existing set
// asks first, as the program editor's Save does: loading beta and pressing Save replaced
// alpha, whose name the box still held, without a word.
func TestOptionsSaveAsksBeforeReplacingAnotherSet(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	dir := t.TempDir()
	alpha := saveSet(t, dir, "alpha", 10)
	saveSet(t, dir, "beta", 12)
	s := h.optionsIn(dir)
	h.clickLabel("alpha")
	if got := s.nameEd.Text(); got != "alpha" {
		t.Fatalf("after loading alpha the Save as box holds %q", got)
	}
	h.clickLabel("beta")
	if got := s.nameEd.Text(); got != "beta" {
		t.Fatalf("after loading beta the Save as box holds %q", got)
	}
	if v, _ := h.u.opts.Get("board"); v != 12 {
		t.Fatalf("board %d with beta in use", v)
	}
	// Saving the set shown back to its own file asks nothing.
	h.typeInto(s.fields["timeout"], s.fields["timeout"], "700", false)
	h.clickLabel("Save")
	if o, err := arena.LoadOptions(filepath.Join(dir, "beta"+optionFileExt)); err != nil || o.Timeout != 700 {
		t.Fatalf("beta saved over itself: %v, %+v (message %q)", err, o, s.msg)
	}
	// Another existing set: the first press asks, the second replaces.
	h.typeInto(&s.nameEd, &s.nameEd, "alpha", false)
	h.clickLabel("Save")
	if s.msg != "alpha already exists: press Save again to replace it." {
		t.Errorf("first Save over alpha says %q", s.msg)
	}
	if o, _ := arena.LoadOptions(alpha); o == nil || o.Board != 10 {
		t.Fatalf("the first press replaced alpha: %+v", o)
	}
	// Other rules typed between the two presses: the second press asks again.
	h.typeInto(s.fields["timeout"], s.fields["timeout"], "800", false)
	h.clickLabel("Save")
	if o, _ := arena.LoadOptions(alpha); o == nil || o.Board != 10 || s.msg != "alpha already exists: press Save again to replace it." {
		t.Fatalf("a press after other rules were typed replaced alpha without asking: %+v (message %q)", o, s.msg)
	}
	h.typeInto(s.fields["timeout"], s.fields["timeout"], "700", false)
	h.clickLabel("Save") // asks again, for these rules
	h.clickLabel("Save")
	if o, err := arena.LoadOptions(alpha); err != nil || o.Board != 12 || o.Timeout != 700 {
		t.Fatalf("the second press did not replace alpha: %v, %+v (message %q)", err, o, s.msg)
	}
	if !strings.HasPrefix(s.msg, "Saved as ") {
		t.Errorf("message %q after the second press", s.msg)
	}
}

// Values typed while a game is under way stay in the fields while the window asks whether
// to restart with them, stay (unapplied) after Cancel, and are what Apply applies. The
// fields showed the rules in use again as soon as the question appeared.
func TestTypedRulesStayWhileAsked(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	s := h.optionsIn(t.TempDir())
	game := h.startAndPause()
	board := s.fields["board"]
	h.typeInto(board, board, "12", true)
	if !strings.HasPrefix(h.u.Pending(), "Use the rules ") {
		t.Fatalf("Enter in a field during a game: pending %q", h.u.Pending())
	}
	if got := board.Text(); got != "12" {
		t.Errorf("while asked the board field shows %q, want the 12 typed", got)
	}
	h.clickLabel("Cancel")
	h.frame()
	if v, _ := h.u.opts.Get("board"); v != 16 || h.u.Snapshot().Game != game {
		t.Fatalf("Cancel changed the rules (board %d) or the game", v)
	}
	if got := board.Text(); got != "12" {
		t.Errorf("after Cancel the board field shows %q, want the 12 typed", got)
	}
	h.clickLabel("Apply (Enter)")
	h.clickLabel("Apply and restart")
	if v, _ := h.u.opts.Get("board"); v != 12 {
		t.Fatalf("board %d after Apply and restart, want 12", v)
	}
	if got := board.Text(); got != "12" {
		t.Errorf("after applying the board field shows %q", got)
	}
	h.waitFor("the game with the new rules", func() bool { return h.u.Snapshot().Game != game && h.u.Snapshot().Size == 12 })

	// A set loaded while a game is under way shows while asked; Cancel shows the rules in
	// use again (a loaded set is nothing the user typed).
	h.startAndPause()
	h.clickLabel("rc3")
	remote := s.fields["remote-cost"]
	if got := remote.Text(); got != "6" || !strings.HasPrefix(h.u.Pending(), "Use the rules rc3 ") {
		t.Fatalf("while rc3 is asked for: remote-cost field %q, pending %q", got, h.u.Pending())
	}
	h.clickLabel("Cancel")
	h.frame()
	if got := remote.Text(); got != "8" {
		t.Errorf("after Cancel of rc3 the remote-cost field shows %q, want the 8 in use", got)
	}
	if got := board.Text(); got != "12" {
		t.Errorf("after Cancel of rc3 the board field shows %q, want the 12 in use", got)
	}
}

// A set's name is a file name in the options folder: names that would be the folder itself,
// its parent or carry control characters are refused ("..": options/...options).
func TestOptionsSetNamesRefused(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	dir := t.TempDir()
	s := h.optionsIn(dir)
	for _, name := range []string{".", "..", "a/b", "bell\a", "esc\x1b[31m"} {
		h.typeInto(&s.nameEd, &s.nameEd, name, false)
		h.clickLabel("Save")
		if !strings.HasPrefix(s.msg, "Give the set a name without") {
			t.Errorf("Save as %q: %q", name, s.msg)
		}
	}
	if es, _ := os.ReadDir(dir); len(es) != 0 {
		t.Errorf("refused names wrote %v", es)
	}
}

// A saved set may not take a built-in set's name: "classic" saved with rc3's rules made the
// window say "rules: classic" over an rc3 game, listed two "classic" sets to load, and
// `-options classic` still meant the built-in set.
func TestOptionsSaveRefusesABuiltInName(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	dir := t.TempDir()
	s := h.optionsIn(dir)
	for _, name := range []string{"classic", "RC3m"} {
		h.typeInto(&s.nameEd, &s.nameEd, name, false)
		h.clickLabel("Save")
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("Save as %q wrote %v", name, ents)
		}
		if want := name + " is a built-in set's name: give yours another, like my-" + strings.ToLower(name) + "."; !s.msgErr || s.msg != want {
			t.Errorf("Save as %q says %q, want %q", name, s.msg, want)
		}
	}
}

// A value the rules refuse is told by the field's label, as the user sees it: "option timeout
// must be in 1..1000000000" stood over a field called "Time limit (cycles)", and a word
// typed into "Cycles: ADD" was "cost.add must be a whole number".
func TestOptionsErrorsNameTheField(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	s := h.optionsIn(t.TempDir())
	timeout := s.fields["timeout"]
	h.typeInto(timeout, timeout, "0", true)
	if !s.msgErr || !strings.HasPrefix(s.msg, "Time limit (cycles): option timeout must be in 1..") {
		t.Errorf("after a time limit of 0 the message is %q", s.msg)
	}
	add := s.fields["cost.add"]
	h.typeInto(add, add, "x", true)
	if !s.msgErr || !strings.HasPrefix(s.msg, `Cycles: ADD must be a whole number, not "x"`) {
		t.Errorf("after a word as ADD's cycles the message is %q", s.msg)
	}
}
