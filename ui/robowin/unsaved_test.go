package robowin

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// twoProgramsOnDisk writes two programs in a temporary folder and opens the window with them
// as the players (robot 1 plays the first, robot 2 the second).
func twoProgramsOnDisk(t *testing.T) (h *harness, first, second string) {
	t.Helper()
	dir := t.TempDir()
	first, second = filepath.Join(dir, "first.rob"), filepath.Join(dir, "second.rob")
	for p, name := range map[string]string{first: "First", second: "Second"} {
		if err := os.WriteFile(p, []byte(spinner(name)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h = newDiskHarness(t, first, second)
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	return h, first, second
}

// edState says what an editor holds, for a failure message.
func edState(e *progEditor) string {
	if e == nil {
		return "none"
	}
	return fmt.Sprintf("%s (player %d) holding %q", e.path, e.player, e.text)
}

// A debugger's "Edit program" does not throw away text typed in the editor: for the program
// being edited it shows that text again, and for another program it asks on the bar over
// the board first (it replaced the editor with the file from disk, the edit lost).
func TestDebuggerEditKeepsUnsavedText(t *testing.T) {
	h, first, second := twoProgramsOnDisk(t)
	h.openByClick(1)
	h.openByClick(2)
	h.settle()
	h.clickLabel("Programs…")
	h.clickNth("Edit", 0)
	e := h.u.dbg.prog.ed
	if e == nil || e.path != first {
		t.Fatalf("the editor did not open %s", first)
	}
	typed := spinner("First, edited")
	h.typeInto(&e.ed, &e.ed, typed, false)
	if _, ok := h.findText("Editing first.rob (not saved)"); !ok {
		t.Fatalf("the title does not say first.rob is not saved: %q", h.texts())
	}
	h.clickLabel("Back to the board")

	// Robot 1's program is the one in the editor: its text comes back as typed.
	h.clickNth("Edit program", 0)
	if e := h.u.dbg.prog.ed; e == nil || e.path != first || e.text != typed || !h.u.dbg.prog.visible() {
		t.Fatalf("Edit program of the program being edited lost the typed text (editor %s)", edState(e))
	}
	if q := h.u.Pending(); q != "" {
		t.Errorf("a question for the program already in the editor: %q", q)
	}
	h.clickLabel("Back to the board")

	// Robot 2's program is another: the bar asks, Cancel keeps the typed text.
	h.clickNth("Edit program", 1)
	if e := h.u.dbg.prog.ed; e == nil || e.path != first || e.text != typed {
		t.Fatalf("Edit program of another program replaced the unsaved editor at once (editor %s)", edState(e))
	}
	q := h.u.Pending()
	if !strings.Contains(q, "first.rob are not saved") || !strings.Contains(q, "second.rob") {
		t.Fatalf("pending question %q, want one saying first.rob's changes are not saved", q)
	}
	if _, ok := h.findText(q); !ok {
		t.Fatalf("the question is not on screen: %q", h.texts())
	}
	h.clickLabel("Cancel")
	if e := h.u.dbg.prog.ed; h.u.Pending() != "" || e == nil || e.text != typed {
		t.Fatalf("after Cancel: pending %q, editor %s", h.u.Pending(), edState(e))
	}
	// Asked again and confirmed, the other program opens.
	h.clickNth("Edit program", 1)
	h.clickLabel("Discard and open")
	if e := h.u.dbg.prog.ed; e == nil || e.path != second || e.text != spinner("Second") || h.u.dbg.prog.players.index(e.player) != 1 {
		t.Fatalf("after Discard and open: editor %s, want %s", edState(e), second)
	}
	if b, _ := os.ReadFile(first); string(b) != spinner("First") {
		t.Errorf("%s changed on disk: %q", first, b)
	}
	// With nothing unsaved, Edit program opens at once.
	h.clickLabel("Back to the board")
	h.clickNth("Edit program", 0)
	if e := h.u.dbg.prog.ed; e == nil || e.path != first || h.u.Pending() != "" {
		t.Fatalf("Edit program with the editor saved: editor %s, pending %q", edState(e), h.u.Pending())
	}
}

// The API's OpenEditor asks the same way.
func TestOpenEditorAsksBeforeDroppingUnsavedText(t *testing.T) {
	h, first, second := twoProgramsOnDisk(t)
	if err := h.u.OpenEditor(first); err != nil {
		t.Fatal(err)
	}
	h.frame()
	e := h.u.dbg.prog.ed
	h.typeInto(&e.ed, &e.ed, "Name Typed\n", false)
	if err := h.u.OpenEditor(second); err != nil {
		t.Fatal(err)
	}
	h.frame()
	if e := h.u.dbg.prog.ed; e.path != first || e.text != "Name Typed\n" || h.u.Pending() == "" {
		t.Fatalf("OpenEditor replaced unsaved text without asking: editor %s %q, pending %q", e.path, e.text, h.u.Pending())
	}
	// A file that cannot be opened says so at once, whatever the editor holds.
	if err := h.u.OpenEditor(filepath.Join(filepath.Dir(first), "missing.rob")); err == nil || !strings.Contains(err.Error(), "missing.rob") {
		t.Errorf("opening a missing file: %v", err)
	}
}

// Unsaved names the program whose editor holds text not saved, and only then.
func TestUnsavedNamesTheEditedProgram(t *testing.T) {
	h, first, _ := twoProgramsOnDisk(t)
	if got := h.u.Unsaved(); got != "" {
		t.Errorf("Unsaved with no editor open = %q", got)
	}
	if err := h.u.OpenEditor(first); err != nil {
		t.Fatal(err)
	}
	h.frame()
	if got := h.u.Unsaved(); got != "" {
		t.Errorf("Unsaved with the file just opened = %q", got)
	}
	e := h.u.dbg.prog.ed
	long := strings.Repeat("Long", 75)
	h.typeInto(&e.ed, &e.ed, spinner(long), false)
	if got, want := h.u.Unsaved(), strings.Repeat("Long", 10)[:39]+"…"; got != want {
		t.Errorf("Unsaved after typing = %q, want the program's name clipped, %q", got, want)
	}
	h.typeInto(&e.ed, &e.ed, "Name Broken\nBank Main\nFoo 1\n", false)
	if got := h.u.Unsaved(); got != "first.rob" {
		t.Errorf("Unsaved of a text with errors = %q, want the file's name", got)
	}
	h.clickLabel("Save")
	if got := h.u.Unsaved(); got != "" {
		t.Errorf("Unsaved after Save = %q", got)
	}
}

// AskQuit asks on the bar over the board even with no game under way; Cancel does not quit,
// Quit does.
func TestAskQuitAsksOnTheBar(t *testing.T) {
	h, _, _ := twoProgramsOnDisk(t)
	if h.u.underWay() {
		t.Fatal("the test wants no game under way")
	}
	quits := 0
	q := "First has unsaved changes. Quit anyway?"
	h.u.AskQuit(q, func() { quits++ })
	h.frame()
	if _, ok := h.findText(q); !ok || h.u.Pending() != q {
		t.Fatalf("the question is not on the bar (pending %q): %q", h.u.Pending(), h.texts())
	}
	h.clickLabel("Cancel")
	if quits != 0 || h.u.Pending() != "" {
		t.Fatalf("after Cancel: %d quits, pending %q", quits, h.u.Pending())
	}
	h.u.AskQuit(q, func() { quits++ })
	h.frame()
	h.clickLabel("Quit")
	if quits != 1 || h.u.Pending() != "" {
		t.Errorf("after Quit: %d quits, pending %q", quits, h.u.Pending())
	}
}

// The editor belongs to its player wherever that player is: removing another player while
// the question about opening a program waits, or removing the edited player itself, does not
// make Load into arena put the program in another player's place (it followed a number).
func TestEditorFollowsItsPlayer(t *testing.T) {
	names := func(h *harness) (out []string) {
		for _, p := range h.u.Players() {
			out = append(out, p.Name())
		}
		return out
	}
	// The question waits while the player before the one asked for is removed.
	h, _, second := twoProgramsOnDisk(t)
	h.openByClick(2)
	h.settle()
	h.clickLabel("Programs…")
	h.clickNth("Edit", 0)
	e := h.u.dbg.prog.ed
	h.typeInto(&e.ed, &e.ed, spinner("First, edited"), false)
	h.clickLabel("Back to the board")
	h.clickLabel("Edit program") // robot 2's: Second
	if h.u.Pending() == "" {
		t.Fatal("no question before replacing the unsaved editor")
	}
	h.u.RemovePlayer(0)
	h.clickLabel("Discard and open")
	if e := h.u.dbg.prog.ed; e == nil || e.path != second {
		t.Fatalf("after Discard and open: editor %s", edState(h.u.dbg.prog.ed))
	}
	if err := h.u.ReloadEditor(); err != nil {
		t.Fatal(err)
	}
	if got := names(h); strings.Join(got, ",") != "Second" {
		t.Errorf("Load into arena after the player before it was removed: players %v, want [Second]", got)
	}

	// The edited player itself is removed: Load into arena adds the program anew.
	h, first, _ := twoProgramsOnDisk(t)
	h.clickLabel("Programs…")
	h.clickNth("Edit", 0)
	if e := h.u.dbg.prog.ed; e == nil || e.path != first {
		t.Fatalf("the editor did not open %s", first)
	}
	h.u.RemovePlayer(0)
	if err := h.u.ReloadEditor(); err != nil {
		t.Fatal(err)
	}
	if got := names(h); strings.Join(got, ",") != "Second,First" {
		t.Errorf("Load into arena after its player was removed: players %v, want [Second First]", got)
	}
}
