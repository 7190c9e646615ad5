package robowin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"robocom/ui/kit"
)

func (h *harness) typePath(text string) {
	h.t.Helper()
	f := &h.u.playersPanel.picker.Path
	h.typeInto(&f.Editor, &f.Editor, text, true)
}

// A path typed into the picker adds that program on Enter; a folder opens; what is not a
// program, or not there, is said under the field.
func TestPickerPathField(t *testing.T) {
	h := newHarness(t)
	h.clickLabel("Add program…")
	h.typePath("sub/inner.rob")
	if len(h.u.Players()) != 1 || h.u.Players()[0].Name() != "Inner" {
		t.Fatalf("typing sub/inner.rob and Enter: players %v", h.u.Players())
	}
	if got := h.u.playersPanel.picker.Path.Editor.Text(); got != "" {
		t.Errorf("the field kept %q after adding", got)
	}
	if got := h.u.playersPanel.picker.Location(); got != "test:sub" {
		t.Errorf("after adding sub/inner.rob the picker shows %q, want its folder test:sub", got)
	}
	h.u.playersPanel.picker.Open("test:.")
	for typed, want := range map[string]string{
		"nope.rob":  "nope.rob: no such file or folder (test/nope.rob)",
		"notes.txt": "test/notes.txt is not a program: programs end in .rob or .rbi",
		"/p1.rob":   "/p1.rob: this window does not read programs from the disk",
	} {
		h.typePath(typed)
		if got := h.u.playersPanel.picker.Path.Err; got != want {
			t.Errorf("typing %q: error %q, want %q", typed, got, want)
		}
		if _, ok := h.findText(want); !ok {
			t.Errorf("the error for %q is not on screen", typed)
		}
	}
	// An error shown under the field does not move the list.
	h.u.playersPanel.picker.Path.Err = ""
	h.frame()
	before, _ := h.find("p1.rob")
	h.typePath("nope.rob")
	if after, _ := h.find("p1.rob"); after != before || h.u.playersPanel.picker.Path.Err == "" {
		t.Errorf("with an error under the field p1.rob moved from %v to %v", before, after)
	}
	h.typePath("sub")
	if got := h.u.playersPanel.picker.Location(); got != "test:sub" {
		t.Errorf("typing a folder shows %q, want test:sub", got)
	}
	if h.u.playersPanel.picker.Path.Err != "" {
		t.Errorf("an error stayed after a good path: %q", h.u.playersPanel.picker.Path.Err)
	}
	h.typePath("test:p2.rob") // root:path from any folder
	if n := len(h.u.Players()); n != 2 || h.u.Players()[1].Name() != "Prog2" {
		t.Fatalf("typing test:p2.rob: players %v", h.u.Players())
	}
	// Single keys typed in the field are text, not shortcuts (f is Fit, space Start).
	h.typePath("p 3.rob")
	if h.u.Snapshot().Running {
		t.Error("a space typed in the path field started the game")
	}
}

// The first pick adds a recent folder; the rows under it must not move, or the next click
// lands on another program (it added the first program twice).
func TestPickerRowsStayAfterFirstPick(t *testing.T) {
	h := newHarness(t)
	h.clickLabel("Add program…")
	if len(h.u.playersPanel.picker.Recent()) != 0 {
		t.Fatal("the test needs a picker without recent folders")
	}
	before, ok := h.find("p2.rob")
	if !ok {
		t.Fatal("p2.rob is not listed")
	}
	h.clickLabel("p1.rob")
	if len(h.u.playersPanel.picker.Recent()) == 0 {
		t.Fatal("the first pick added no recent folder")
	}
	after, _ := h.find("p2.rob")
	if after != before {
		t.Fatalf("p2.rob moved from %v to %v after the first pick", before, after)
	}
	h.clickRect(before) // where the user saw p2.rob
	var names []string
	for _, p := range h.u.Players() {
		names = append(names, p.Name())
	}
	if got := strings.Join(names, " "); got != "Prog1 Prog2" {
		t.Errorf("players after two picks: %q", got)
	}
}

// The refusal of a sixth player stays until the user acts on it, then goes.
func TestRefusalGoesAwayOnceActedOn(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob", "test:p3.rob", "test:p4.rob", "test:p5.rob")
	h.clickLabel("Add program…")
	h.clickLabel("p6.rob")
	if !strings.HasPrefix(h.u.Message(), "At most 5") {
		t.Fatalf("no refusal: %q", h.u.Message())
	}
	h.u.note.at = time.Now().Add(-time.Minute) // long unread
	h.frame()
	if !strings.HasPrefix(h.u.Message(), "At most 5") {
		t.Fatal("the refusal went away before anything was done about it")
	}
	h.clickLabel("Done")
	if m := h.u.Message(); m != "" {
		t.Errorf("closing the picker left the refusal: %q", m)
	}
	// Removing a player is acting on it too.
	h.u.AddPlayer("test:p6.rob")
	h.frame()
	h.clickRect(h.findAll("×")[0])
	if m := h.u.Message(); m != "" || len(h.u.Players()) != 4 {
		t.Errorf("after removing a player: message %q, %d players", m, len(h.u.Players()))
	}
}

// Save as RBI and the copy of a bundled program default to the user's documents folder,
// never the working directory.
func TestDefaultSaveFolders(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "cfg"))
	t.Setenv("XDG_DOCUMENTS_DIR", "")
	if got, want := rbiPathFor("", "Spin/ner"), filepath.Join(home, "Spin_ner.rbi"); got != want {
		t.Errorf("no Documents folder: RBI goes to %q, want %q", got, want)
	}
	docs := filepath.Join(home, "Documents")
	if err := os.Mkdir(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, want := rbiPathFor("", "Spinner"), filepath.Join(docs, "Spinner.rbi"); got != want {
		t.Errorf("RBI goes to %q, want %q", got, want)
	}
	if got, want := rbiPathFor("/some/where/x.rob", "X"), "/some/where/x.rbi"; got != want {
		t.Errorf("a program on disk: RBI goes to %q, want %q beside it", got, want)
	}
	mine := filepath.Join(home, "Mine")
	os.Mkdir(mine, 0o755)
	os.MkdirAll(filepath.Join(home, "cfg"), 0o755)
	os.WriteFile(filepath.Join(home, "cfg", "user-dirs.dirs"), []byte("XDG_DOCUMENTS_DIR=\"$HOME/Mine\"\n"), 0o644)
	if got := kit.DocumentsDir(); got != mine {
		t.Errorf("user-dirs.dirs names %q, documentsDir says %q", mine, got)
	}
	h := newHarness(t, "test:p1.rob") // the test root is not the disk: a bundled-like program
	h.u.dbg.prog.openProgramOf(0)
	if got, want := h.u.dbg.prog.ed.pathEd.Text(), filepath.Join(mine, "p1.rob"); got != want {
		t.Errorf("the copy of a bundled program is saved to %q, want %q", got, want)
	}
}

// Files given on the command line open the picker in their folder (Config.Folder), not in
// the one remembered from last time: "Add program…" after `robocom /tmp/x/a.rob` showed the
// folder of an older run.
func TestPickerOpensWhereTheGivenFilesAre(t *testing.T) {
	st, err := kit.OpenSettings(filepath.Join(t.TempDir(), "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	st.Update(func(s *kit.Settings) { s.LastFolder = "test:." })
	u := New(Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: testFS(), Home: "."}}, Files: []string{"test:sub/inner.rob"},
		Folder: "test:sub", Settings: st})
	t.Cleanup(u.Close)
	if got := u.playersPanel.picker.Location(); got != "test:sub" {
		t.Errorf("the picker opens in %q, want the given file's folder test:sub", got)
	}
}
