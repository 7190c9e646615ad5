package robowin

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"robocom/internal/termtext"
	"robocom/ui/kit"
)

// newDiskHarness is newHarness with the players read from the disk (as the window does),
// so that a test can delete or rewrite their files.
func newDiskHarness(t *testing.T, files ...string) *harness {
	t.Helper()
	h := &harness{t: t, size: image.Pt(1280, 860)}
	var players []string
	for _, f := range files {
		players = append(players, "disk:"+strings.TrimPrefix(f, "/"))
	}
	h.u = New(Config{
		Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "disk", FS: os.DirFS("/"), Home: "."}},
		Files: players,
	})
	t.Cleanup(h.u.Close)
	h.frame()
	return h
}

// TestEditDeletedPlayer: Edit on a player whose file was deleted since it was loaded says so
// (it crashed with a nil dereference).
func TestEditDeletedPlayer(t *testing.T) {
	p := filepath.Join(t.TempDir(), "gone.rob")
	if err := os.WriteFile(p, []byte(spinner("Gone")), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newDiskHarness(t, p)
	if len(h.u.Players()) != 1 {
		t.Fatalf("players %d, errors %q", len(h.u.Players()), h.u.Errors())
	}
	os.Remove(p)
	h.clickLabel("Programs…")
	h.clickLabel("Edit")
	if h.u.dbg.prog.ed != nil {
		t.Errorf("an editor opened on a deleted file")
	}
	if m := h.u.dbg.prog.msg; !strings.Contains(m, "gone.rob: no such file") {
		t.Errorf("message %q, want one saying gone.rob is missing", m)
	}
}

// TestEditLatin1Player: Edit opens a Latin-1 program the loader accepted, decoded the same
// way (it crashed: the editor refused what the loader took).
func TestEditLatin1Player(t *testing.T) {
	p := filepath.Join(t.TempDir(), "alt.rob")
	src := "Name H\xe4uptling\nBank Main\n@Sch\xf6n\nTurn 1\nJump @Sch\xf6n\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newDiskHarness(t, p)
	if len(h.u.Players()) != 1 || h.u.Players()[0].Name() != "Häuptling" {
		t.Fatalf("the Latin-1 program did not load: %q", h.u.Errors())
	}
	h.clickLabel("Programs…")
	h.clickLabel("Edit")
	e := h.u.dbg.prog.ed
	if e == nil {
		t.Fatalf("no editor; message %q", h.u.dbg.prog.msg)
	}
	if !strings.Contains(e.ed.Text(), "@Schön") || h.u.dbg.prog.players.index(e.player) != 0 {
		t.Errorf("editor text %q, player %d", e.ed.Text(), e.player)
	}
}

// TestSettingsOptionSetFIFO: an option set remembered in the settings that is now a FIFO is
// refused at once with a notice (the window froze reading it).
func TestSettingsOptionSetFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "rules.opt")
	if err := syscallMkfifo(fifo); err != nil {
		t.Skip(err)
	}
	path := filepath.Join(dir, "settings.json")
	os.WriteFile(path, []byte(`{"options": "`+fifo+`"}`), 0o644)
	st, err := kit.OpenSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan *UI, 1)
	go func() {
		done <- New(Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
			Roots: []Root{{Name: "test", FS: testFS(), Home: "."}}, Settings: st})
	}()
	select {
	case u := <-done:
		defer u.Close()
		if m := u.Message(); !strings.Contains(m, "rules.opt is a named pipe (FIFO)") {
			t.Errorf("notice %q does not say why the option set did not load", m)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the window hangs on an option set that is a FIFO")
	}
}

// TestLoadProgramFollowsTheRules: the window loads through robolang.LoadBytes in the language
// of the option set in use: an RC3 program loads under rc3 and rc3m, not under classic.
func TestLoadProgramFollowsTheRules(t *testing.T) {
	src, err := os.ReadFile("../../robots/rc3/hunter.rob")
	if err != nil {
		t.Skip(err)
	}
	sets := ArenaOptions{}
	for _, name := range []string{"rc3", "rc3m"} {
		o, err := sets.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		if p, err := LoadProgram("hunter.rob", src, o.Language()); err != nil || !p.RC3 {
			t.Errorf("under %s: %v", name, err)
		}
	}
	if _, err := LoadProgram("hunter.rob", src, sets.Default().Language()); err == nil || !strings.Contains(err.Error(), "rc3") {
		t.Errorf("under classic an RC3 program loaded (err %v)", err)
	}
}

// rawControl reports the first character of s a terminal or a text shaper would act on
// rather than show: a control character or a bidirectional override.
func rawControl(s string) (rune, bool) {
	for _, r := range s {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			return r, true
		}
	}
	return 0, false
}

// TestNamesFromFilesShownEscaped: a program's name and file names reach the window's labels,
// its title and its load errors escaped, as they reach a terminal: a newline in a file name
// split a load error into two lines, ESC in one reached the errors list raw, and a right-to-left
// override in a program's name (the loader refuses control characters in a source, not
// that) reordered the players list, the legend and the title.
func TestNamesFromFilesShownEscaped(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "two\nlines.rob")
	bad := filepath.Join(dir, "bad\x1b]0;owned\a.rob")
	if err := os.WriteFile(good, []byte(spinner("Evil\u202eKing")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("Name Bad\nBank Main\nFrob 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newDiskHarness(t, good, bad)
	if n := len(h.u.Players()); n != 1 {
		t.Fatalf("%d players, want the good one; errors %q", n, h.u.Errors())
	}
	if got, want := h.u.Players()[0].Name(), `Evil\u202eKing`; got != want {
		t.Errorf("name %q, want %q", got, want)
	}
	if len(h.u.Errors()) == 0 {
		t.Fatalf("no load error for the broken program")
	}
	for _, e := range h.u.Errors() {
		if r, raw := rawControl(e); raw {
			t.Errorf("load error %q holds %U raw", e, r)
		}
		if !strings.Contains(e, `bad\x1b]0;owned\x07.rob`) {
			t.Errorf("load error %q does not name the file escaped", e)
		}
	}
	if r, raw := rawControl(h.u.Title()); raw {
		t.Errorf("title %q holds %U raw", h.u.Title(), r)
	}
	h.clickLabel("Programs…")
	h.frame()
	h.checkShownEscaped(`two\nlines.rob`)
	h.u.playersPanel.picker.Open("disk:" + strings.TrimPrefix(dir, "/"))
	h.clickLabel("Add program…")
	h.frame()
	h.checkShownEscaped(`bad\x1b]0;owned\x07.rob`) // the picker's list of the folder
}

// checkShownEscaped fails the test unless a label shows want, and if any label holds a
// control character or a bidirectional override raw.
func (h *harness) checkShownEscaped(want string) {
	h.t.Helper()
	labels := h.texts()
	if !h.shows(want) {
		h.t.Errorf("no label shows %q; labels %q", want, labels)
	}
	for _, l := range labels {
		if r, raw := rawControl(l); raw {
			h.t.Errorf("label %q holds %U raw", l, r)
		}
	}
}

// TestLongNameClippedInTitles: a program named with 300 characters gets a window title and a
// debugger header of a readable length (it made the header 23 lines tall); the players list
// keeps the whole name.
func TestLongNameClippedInTitles(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("Long", 75)
	file := filepath.Join(dir, "long.rob")
	if err := os.WriteFile(file, []byte(spinner(long)), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newDiskHarness(t, file)
	if n := len(h.u.Players()); n != 1 || h.u.Players()[0].Name() != long {
		t.Fatalf("players %d, errors %q", n, h.u.Errors())
	}
	clipped := termtext.Clip(long, kit.TitleName)
	if title := h.u.Title(); strings.Contains(title, long) || !strings.Contains(title, clipped) {
		t.Errorf("title %q, want the name clipped to %q", title, clipped)
	}
	h.waitFor("the robot", func() bool { return len(h.u.Snapshot().Robots) == 1 })
	h.u.OpenDebugger(h.u.Snapshot().Robots[0].ID)
	h.settle()
	if !h.shows("Robot 1 · " + clipped) {
		t.Errorf("the debugger's header is not %q: %q", "Robot 1 · "+clipped, h.texts())
	}
}

// TestEveryFailedLoadNamed: the notice after the launch names every program that did not
// load, whatever the reason: it named those that did not assemble and left out a missing
// file and a device.
func TestEveryFailedLoadNamed(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.rob"), filepath.Join(dir, "bad.rob")
	os.WriteFile(good, []byte(spinner("Good")), 0o644)
	os.WriteFile(bad, []byte("Name Bad\nBank Main\nFrob 1\n"), 0o644)
	h := newDiskHarness(t, good, filepath.Join(dir, "missing.rob"), "/dev/zero", bad)
	if n := len(h.u.Players()); n != 1 {
		t.Fatalf("%d players, want the good one; errors %q", n, h.u.Errors())
	}
	note := h.u.Message()
	for _, name := range []string{"missing.rob", "zero", "bad.rob"} {
		if !strings.Contains(note, name) {
			t.Errorf("the notice %q does not name %s", note, name)
		}
	}
}

// TestLargeProgramEditorSaysSo: the editor says a large program may lose fast typing (Gio's
// editor falls behind on it), and says nothing over a program of the usual size.
func TestLargeProgramEditorSaysSo(t *testing.T) {
	dir := t.TempDir()
	small, big := filepath.Join(dir, "small.rob"), filepath.Join(dir, "big.rob")
	os.WriteFile(small, []byte(spinner("Small")), 0o644)
	os.WriteFile(big, []byte(spinner("Big")+strings.Repeat("; a comment to make the file large\n", 9000)), 0o644)
	h := newDiskHarness(t, small, big)
	for _, c := range []struct {
		file string
		want bool
	}{{small, false}, {big, true}} {
		if err := h.u.OpenEditor(c.file); err != nil {
			t.Fatal(err)
		}
		h.frame()
		if got := h.shows("This program is large"); got != c.want {
			t.Errorf("%s: the large-program note shown %v, want %v", filepath.Base(c.file), got, c.want)
		}
	}
}
