package robowin

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gioui.org/f32"
	"gioui.org/io/key"
)

// mineOnDisk opens the window with one player, mine.rob (a spinner named Mine) on the disk,
// and returns its path and a function that writes the file anew, as another editor would.
func mineOnDisk(t *testing.T) (h *harness, p string, write func(src string)) {
	t.Helper()
	p = filepath.Join(t.TempDir(), "mine.rob")
	write = func(src string) {
		t.Helper()
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(spinner("Mine"))
	return newDiskHarness(t, p), p, write
}

// TestRestartReadsChangedFiles: Restart, New seed and R read the players' files again, so that
// a program saved by another editor plays (the window kept the program it first loaded until
// the player was removed and added); a file that does not load now leaves the old program
// playing and says so; a program the editor put into the arena unsaved stays.
func TestRestartReadsChangedFiles(t *testing.T) {
	h, _, write := mineOnDisk(t)
	name := func() string { return h.u.Players()[0].Name() }
	write(spinner("Mine2"))
	h.clickLabel("Restart")
	if name() != "Mine2" {
		t.Fatalf("after Restart the player is %q, want the program saved on disk", name())
	}
	if want := "Read again from the files: Mine2. The series restarts with the new code."; h.u.Message() != want {
		t.Fatalf("the status line says %q, want %q", h.u.Message(), want)
	}
	write("Name Mine3\nBank Main\nBogus 1\n")
	h.clickLabel("New seed")
	if name() != "Mine2" {
		t.Fatalf("after a broken save the player is %q, want the version loaded before", name())
	}
	if want := "Mine2 does not load now (errors below), so the game plays its version loaded before."; h.u.Message() != want {
		t.Fatalf("the status line says %q, want %q", h.u.Message(), want)
	}
	if len(h.u.Errors()) != 1 || !strings.Contains(h.u.Errors()[0], "mine.rob:3:") {
		t.Fatalf("errors %q, want the broken file's", h.u.Errors())
	}
	write(spinner("Mine4"))
	h.r.Queue(key.Event{Name: "R", State: key.Press})
	h.frame()
	if name() != "Mine4" || len(h.u.Errors()) != 0 {
		t.Fatalf("after R the player is %q with errors %q, want Mine4 and none", name(), h.u.Errors())
	}

	// The editor's program, put into the arena without saving, is not replaced by its file,
	// even one written by another editor while this one was open.
	h.clickLabel("Programs…")
	h.clickNth("Edit", 0)
	e := h.u.dbg.prog.ed
	write(spinner("Elsewhere"))
	h.typeInto(&e.ed, &e.ed, spinner("Unsaved"), false)
	h.clickLabel("Load into arena")
	h.clickLabel("Back to the board")
	h.clickLabel("Restart")
	if name() != "Unsaved" {
		t.Fatalf("Restart replaced the editor's program with its file: the player is %q", name())
	}
}

// A file that broke and was then put back as it was (an undo in another editor): Restart
// finds the file as last loaded and must not leave the broken version's errors listed, nor
// the sentence that the old version plays because the file does not load.
func TestRestartAfterARevertedBreakDropsTheErrors(t *testing.T) {
	h, _, write := mineOnDisk(t)
	write("Name Mine\nBank Main\nBogus 1\n")
	h.clickLabel("Restart")
	if len(h.u.Errors()) == 0 {
		t.Fatalf("the broken file's errors are not listed")
	}
	write(spinner("Mine")) // back as it was loaded
	h.clickLabel("Restart")
	if len(h.u.Errors()) != 0 {
		t.Errorf("the file loads again, yet the errors of its broken version stay listed: %q", h.u.Errors())
	}
	if m := h.u.Message(); strings.Contains(m, "does not load now") {
		t.Errorf("the file loads again, yet the status says %q", m)
	}
}

// Restart with a seed that is not a number restarts nothing: it must not put the file's new
// program into the players either (the board would play one program while the players list,
// the title and the debuggers named another, and no sentence would say it was read).
func TestRestartWithABadSeedDoesNotSwapThePrograms(t *testing.T) {
	h, _, write := mineOnDisk(t)
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	game := h.u.Snapshot().Game
	write(spinner("Mine2"))
	h.typeInto(&h.u.controls.seedEd, &h.u.controls.seedEd, "abc", false)
	h.clickLabel("Restart")
	if !strings.Contains(h.u.Message(), "seed must be a whole number") {
		t.Fatalf("status %q, want the seed's error", h.u.Message())
	}
	if h.u.Snapshot().Game == game && h.u.Players()[0].Name() != "Mine" {
		t.Errorf("no restart, yet the player is now %q while the game on the board plays Mine", h.u.Players()[0].Name())
	}
}

// A player's file that cannot be read at Restart (deleted, replaced by a FIFO, grown past the
// cap) leaves the old program playing, and the window says so, as the Core War mode does
// and as for a file that does not load: it went on without a word, the user believing the
// file on disk played. Back as it was, the sentence and the error go.
func TestRestartSaysAFileCannotBeReadNow(t *testing.T) {
	h, p, _ := mineOnDisk(t)
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	h.clickLabel("Restart")
	if want := "Mine does not load now (errors below), so the game plays its version loaded before."; h.u.Message() != want {
		t.Errorf("the status line says %q, want %q", h.u.Message(), want)
	}
	if len(h.u.Errors()) != 1 || !strings.Contains(h.u.Errors()[0], "mine.rob") {
		t.Errorf("errors %q, want one saying mine.rob cannot be read", h.u.Errors())
	}
	h.clickLabel("Restart")
	if len(h.u.Errors()) != 1 {
		t.Errorf("a second Restart lists %d errors: %q", len(h.u.Errors()), h.u.Errors())
	}
	if err := os.WriteFile(p, []byte(spinner("Mine")), 0o644); err != nil {
		t.Fatal(err)
	}
	h.clickLabel("Restart")
	if len(h.u.Errors()) != 0 || strings.Contains(h.u.Message(), "does not load now") {
		t.Errorf("the file is back, yet errors %q and status %q", h.u.Errors(), h.u.Message())
	}
}

// A question to remove a player, asked during a game, still removes that player when the
// user presses R before answering and R reads a changed file for it.
func TestRemoveAnsweredAfterRStillRemoves(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.rob"), filepath.Join(dir, "b.rob")
	for f, n := range map[string]string{a: "A", b: "B"} {
		if err := os.WriteFile(f, []byte(spinner(n)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := newDiskHarness(t, a, b)
	h.startAndPause()
	h.clickRect(h.findAll("×")[1])
	if q := h.u.Pending(); q != "Remove B and restart the game?" {
		t.Fatalf("pending %q", q)
	}
	if err := os.WriteFile(b, []byte(spinner("B2")), 0o644); err != nil {
		t.Fatal(err)
	}
	h.r.Queue(key.Event{Name: "R", State: key.Press})
	h.frame()
	if h.u.Pending() == "" {
		t.Skip("R dropped the question")
	}
	h.clickLabel("Remove")
	if n := len(h.u.Players()); n != 1 {
		t.Errorf("the question said Remove B; after answering Remove there are %d players", n)
	}
}

// One file broke and another changed: the status line says both, as the Core War window does
// (it said only that the broken one plays its old version, and the new code went unnamed).
func TestRestartNamesBrokenAndChangedFiles(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.rob"), filepath.Join(dir, "b.rob")
	for p, src := range map[string]string{a: spinner("Ay"), b: spinner("Bee")} {
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := newDiskHarness(t, a, b)
	if err := os.WriteFile(a, []byte("Name Ay\nBank Main\nBogus 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte(spinner("Bee2")), 0o644); err != nil {
		t.Fatal(err)
	}
	h.clickLabel("Restart")
	want := "Ay does not load now (errors below), so the game plays its version loaded before. " +
		"Read again from the files: Bee2. The series restarts with the new code."
	if h.u.Message() != want {
		t.Fatalf("the status line says %q, want %q", h.u.Message(), want)
	}
}

// When Restart brings a program's new code, its debuggers drop the breakpoints at
// instructions the new code does not have, and say so: they stopped nowhere and sat on no
// listed line, so nobody could see or clear them. A breakpoint the new code still has stays
// where it was, and stops the game there.
func TestRestartDropsBreakpointsTheNewCodeLacks(t *testing.T) {
	four := "Name Mine\nBank Main\n@loop\nTurn 1\nTurn 0\nScan #1\nJump @loop\n"
	dir := t.TempDir()
	p := filepath.Join(dir, "mine.rob")
	if err := os.WriteFile(p, []byte(four), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newDiskHarness(t, p)
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 1 })
	h.openByClick(1)
	h.settle()
	panel := h.u.dbg.strip.Panels[0]
	h.clickLabel("TURN 0")
	h.clickLabel("JUMP @loop  ; -3")
	if !panel.bps[[2]int{1, 2}] || !panel.bps[[2]int{1, 4}] {
		t.Fatalf("clicking the lines set breakpoints %v, want 1:2 and 1:4", panel.bps)
	}
	if err := os.WriteFile(p, []byte("Name Mine\nBank Main\n@loop\nTurn 1\nTurn 0\nJump @loop\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.clickLabel("Restart")
	h.waitFor("the restarted game", func() bool { return h.u.Snapshot().Game == h.u.gameNo })
	h.settle()
	h.frame()
	if want := map[[2]int]bool{{1, 2}: true}; !reflect.DeepEqual(panel.bps, want) {
		t.Errorf("breakpoints after Restart %v, want %v", panel.bps, want)
	}
	want := "Robot 1 · Mine has new code: dropped its breakpoint at bank 1, instruction 4, which the new code does not have."
	if h.u.dbg.notice != want || !h.shows(want) {
		t.Errorf("the line under the board says %q, want %q", h.u.dbg.notice, want)
	}
	h.u.Runner().SetSpeed(0)
	h.u.ToggleRun()
	h.waitFor("the breakpoint", func() bool { return !h.u.Snapshot().Running && strings.HasPrefix(h.u.dbg.notice, "Paused") })
	if pr := h.probe(1); pr.Bank != 1 || pr.Instr != 2 {
		t.Errorf("paused with robot 1 at %d:%d, want 1:2 (%s)", pr.Bank, pr.Instr, h.u.dbg.notice)
	}
}

// The editor's Save clicked in the frame that the path's last key arrives in saves to the
// path the field shows: the click was handled before the field took its keys, and the
// program went to "mine.ro", a file nobody named.
func TestEditorSaveTakesTheKeysOfItsFrame(t *testing.T) {
	h, p, _ := mineOnDisk(t)
	h.clickLabel("Programs…")
	h.clickNth("Edit", 0)
	e := h.u.dbg.prog.ed
	want := filepath.Join(filepath.Dir(p), "copy.rob")
	h.typeInto(&e.pathEd, &e.pathEd, want[:len(want)-1], false)
	save, ok := h.find("Save")
	if !ok {
		t.Fatal("no Save button")
	}
	c := save.Min.Add(save.Max).Div(2)
	at := f32.Pt(float32(c.X), float32(c.Y))
	n := len([]rune(e.pathEd.Text()))
	h.r.Queue(key.EditEvent{Range: key.Range{Start: n, End: n}, Text: want[len(want)-1:]})
	h.press(at) // in the same frame as the key
	h.frame()
	h.frame()
	if _, err := os.Stat(want); err != nil {
		t.Errorf("Save with the field showing %q: %v (%s)", e.pathEd.Text(), err, e.msg)
	}
	if _, err := os.Stat(want[:len(want)-1]); err == nil {
		t.Errorf("Save wrote %s, the path without the key typed with the click", want[:len(want)-1])
	}
}

// Reset tally starts the series again from the seed the field shows, as Restart does: it
// started from the seed in use while the field showed another one typed without Enter.
func TestResetTallyTakesTheTypedSeed(t *testing.T) {
	h, _, _ := mineOnDisk(t)
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	h.typeInto(&h.u.controls.seedEd, &h.u.controls.seedEd, "9978825", false)
	h.clickLabel("Reset tally")
	if got := h.u.Seed(); got != 9978825 {
		t.Errorf("Reset tally with 9978825 in the field plays seed %d", got)
	}
}

// TestRestartLoadsAFixedFileThatDidNotLoad: a program given to the window that did not load,
// fixed in another editor, joins the players at Restart (R), as in the Core War mode; R read
// only the players' files, and the errors the file no longer had stayed listed under them.
func TestRestartLoadsAFixedFileThatDidNotLoad(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.rob")
	if err := os.WriteFile(bad, []byte("Name Bad\nBank Main\nBogus 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(dir, "mine.rob")
	if err := os.WriteFile(mine, []byte(spinner("Mine")), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newDiskHarness(t, mine, bad)
	if len(h.u.Players()) != 1 || len(h.u.Errors()) != 1 || !strings.Contains(h.u.Errors()[0], "bad.rob:3:") {
		t.Fatalf("players %d, errors %q: want Mine alone and bad.rob's error", len(h.u.Players()), h.u.Errors())
	}
	// Restart with the file still broken: its error stays, once.
	h.clickLabel("Restart")
	if len(h.u.Players()) != 1 || len(h.u.Errors()) != 1 {
		t.Fatalf("after Restart with bad.rob unchanged: players %d, errors %q", len(h.u.Players()), h.u.Errors())
	}
	if err := os.WriteFile(bad, []byte(spinner("Fixed")), 0o644); err != nil {
		t.Fatal(err)
	}
	h.r.Queue(key.Event{Name: "R", State: key.Press})
	h.frame()
	if n := len(h.u.Players()); n != 2 || h.u.Players()[1].Name() != "Fixed" || len(h.u.Errors()) != 0 {
		t.Fatalf("after R with bad.rob fixed: %d players, errors %q; want Fixed among them and no errors", n, h.u.Errors())
	}
	if want := "Read again from the files: Fixed. The series restarts with the new code."; h.u.Message() != want {
		t.Errorf("the status line says %q, want %q", h.u.Message(), want)
	}
}
