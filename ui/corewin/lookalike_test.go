package corewin

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gioui.org/f32"
	"gioui.org/io/key"

	"robocom/ui/kit"
)

// typeInto types text into ed (replacing what it holds) and presses Enter.
func (h *harness) typeInto(t *testing.T, ed interface{ Text() string }, tag any, text string) {
	t.Helper()
	h.r.Source().Execute(key.FocusCmd{Tag: tag})
	h.frame()
	n := len([]rune(ed.Text()))
	h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: n}, Text: text})
	h.frame()
	h.r.Queue(key.Event{Name: key.NameReturn, State: key.Press}, key.Event{Name: key.NameReturn, State: key.Release})
	h.frame()
	h.frame()
}

// pickerOnDisk opens the Core War mode with a disk root holding Imp at each of the paths
// (folders made as needed), and the picker open.
func pickerOnDisk(t *testing.T, paths ...string) (*Window, *harness) {
	t.Helper()
	dir := t.TempDir()
	src, err := readSample("imp.red")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		f := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w := New(Config{Roots: []Root{{Name: "bundled", FS: os.DirFS(samples), Home: "."}, {Name: "disk", FS: os.DirFS(dir), Home: "."}}, Seed: 1})
	t.Cleanup(w.Close)
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Add program")
	return w, h
}

// A folder deep on the disk is one typed path away (it took seven clicks through the
// folders), and a typed program file is added.
func TestPickerPathFieldReachesAFolder(t *testing.T) {
	w, h := pickerOnDisk(t, "corpus/94nop/x/imp.red")
	f := &w.roster.picker.Path
	h.typeInto(t, &f.Editor, &f.Editor, "disk:corpus/94nop/x")
	if got := w.roster.picker.Location(); got != "disk:corpus/94nop/x" {
		t.Fatalf("typing a folder shows %q (error %q)", got, f.Err)
	}
	if _, ok := h.find("imp.red"); !ok {
		t.Fatal("the typed folder's program is not listed")
	}
	h.typeInto(t, &f.Editor, &f.Editor, "imp.red")
	if len(w.players) != 1 || w.players[0].path != "disk:corpus/94nop/x/imp.red" {
		t.Fatalf("typing imp.red in that folder: %d players (error %q)", len(w.players), f.Err)
	}
	h.typeInto(t, &f.Editor, &f.Editor, "notes.txt")
	if want := "notes.txt: no such file or folder (/corpus/94nop/x/notes.txt)"; f.Err != want {
		t.Fatalf("a missing file says %q, want %q", f.Err, want)
	}
}

// After a program is added (or refused), the picker's entries stay where they were, so the
// next click picks the program under the pointer, not its neighbour.
func TestPickerListStaysUnderTheCursor(t *testing.T) {
	w := newTestWindow(t)
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Add program")
	names := []string{"dwarf.cw", "imp.cw", "impkiller.cw", "replicator.cw"}
	at := map[string]image.Rectangle{}
	for _, n := range names {
		b, ok := h.find(n)
		if !ok {
			t.Fatalf("%s is not listed", n)
		}
		at[n] = b
	}
	for i, n := range names {
		c := at[n].Min.Add(at[n].Max).Div(2)
		h.click(f32.Pt(float32(c.X), float32(c.Y)))
		if len(w.players) != i+1 || !strings.HasSuffix(w.players[i].path, n) {
			t.Fatalf("click %d, where %s was listed, added %d players, the last %q", i+1, n, len(w.players), w.players[len(w.players)-1].path)
		}
		for _, m := range names {
			if b, _ := h.find(m); b != at[m] {
				t.Fatalf("after adding %s, %s moved from %v to %v", n, m, at[m], b)
			}
		}
	}
	// A refused program (another language) brings a notice: the list stays too.
	b := at["dwarf.cw"]
	red, _ := h.find("dwarf.red")
	c := red.Min.Add(red.Max).Div(2)
	h.click(f32.Pt(float32(c.X), float32(c.Y)))
	if w.message == "" || len(w.players) != len(names) {
		t.Fatalf("dwarf.red among Corewars players: %d players, notice %q", len(w.players), w.message)
	}
	if now, _ := h.find("dwarf.cw"); now != b {
		t.Fatalf("after the notice, dwarf.cw moved from %v to %v", b, now)
	}
}

// The tabs stay where they are when a round ends ("Round 1 over…") and when a notice comes.
func TestTabsStayWhenARoundEnds(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	tabs, ok := h.find("Statistics")
	if !ok {
		t.Fatal("no Statistics tab")
	}
	w.params.Cycles = 60
	w.restartSeries()
	h.clickLabel(t, "Start")
	deadline := time.Now().Add(20 * time.Second)
	for !w.snap.Over {
		if time.Now().After(deadline) {
			t.Fatal("the round did not end")
		}
		time.Sleep(5 * time.Millisecond)
		h.frame()
	}
	h.frame()
	if _, ok := h.findText("Round 1 over"); !ok {
		t.Fatalf("the result line is not on screen (%q)", w.ResultLine())
	}
	if now, _ := h.find("Statistics"); now != tabs {
		t.Fatalf("the tabs moved from %v to %v when the round ended", tabs, now)
	}
	w.notify("A notice long enough to take two lines in the panel, as the ones about programs refused for their language do.")
	h.frame()
	if now, _ := h.find("Statistics"); now != tabs {
		t.Fatalf("the tabs moved from %v to %v with a notice", tabs, now)
	}
}

// The controls use the RoboCom window's words and speed control: "Speed − 1000/s +", Run,
// Seed, Restart, New seed, with the keys in tooltips; no "Slower"/"Faster".
func TestControlsSpeakAsRoboCom(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	for _, gone := range []string{"Slower", "Faster", "Run block", "seed", "speed "} {
		for _, n := range h.semanticNodes() {
			if n.Desc.Label == gone || gone == "speed " && strings.HasPrefix(n.Desc.Label, gone) {
				t.Errorf("the controls still say %q", n.Desc.Label)
			}
		}
	}
	for _, word := range []string{"Speed", "Run", "Seed", "Restart", "New seed", "Step", "Start", kit.SpeedLabel(w.speedIdx)} {
		if _, ok := h.findText(word); !ok {
			t.Errorf("no %q in the controls", word)
		}
	}
	was := w.speedIdx
	h.clickLabel(t, "+") // the top-most: the speed's
	if w.speedIdx != was+1 || w.controls.speed.Index != was+1 {
		t.Fatalf("+ took the speed from step %d to %d", was, w.speedIdx)
	}
	if _, ok := h.findText(kit.SpeedLabel(was + 1)); !ok {
		t.Errorf("the speed shows no %q after +", kit.SpeedLabel(was+1))
	}
	h.clickLabel(t, "−")
	if w.speedIdx != was {
		t.Fatalf("− took the speed to step %d, want %d", w.speedIdx, was)
	}
}

// A program added by its typed path takes the picker to its folder, which the recent folders
// then name: they named the folder shown while typing, and the next Add started there.
func TestTypedProgramIsRememberedByItsFolder(t *testing.T) {
	w, h := pickerOnDisk(t, "work/imp.red")
	f := &w.roster.picker.Path
	h.typeInto(t, &f.Editor, &f.Editor, "disk:work/imp.red")
	if len(w.players) != 1 {
		t.Fatalf("typing disk:work/imp.red added %d players (error %q)", len(w.players), f.Err)
	}
	if got := w.roster.picker.Location(); got != "disk:work" {
		t.Errorf("the picker shows %q after the typed program, want its folder disk:work", got)
	}
	if got := w.roster.picker.Recent(); len(got) == 0 || got[0] != "disk:work" {
		t.Errorf("recent folders %q, want disk:work first", got)
	}
}

// A double click in the picker, a desktop's habit, is one pick: on a program it added the
// program twice (a second player, not a copy), and on a folder its second click picked the
// entry of the new listing that lay under the pointer.
func TestPickerDoubleClickIsOnePick(t *testing.T) {
	w, h := pickerOnDisk(t, "imp.red", "sub/a.red", "sub/b.red")
	w.roster.picker.Open("disk:.")
	h.frame()
	doubleClick := func(label string) {
		t.Helper()
		b, ok := h.find(label)
		if !ok {
			t.Fatalf("no %q on screen", label)
		}
		c := b.Min.Add(b.Max).Div(2)
		p := f32.Pt(float32(c.X), float32(c.Y))
		h.now = h.now.Add(time.Second)
		for i := 0; i < 2; i++ { // two clicks 100 ms apart, a frame between them
			h.press(p)
			h.frame()
			h.now = h.now.Add(100 * time.Millisecond)
		}
		h.frame()
	}
	doubleClick("imp.red")
	if len(w.players) != 1 {
		t.Fatalf("a double click on imp.red: %d players, want 1", len(w.players))
	}
	doubleClick("sub/")
	if got := w.roster.picker.Location(); got != "disk:sub" {
		t.Fatalf("a double click on sub/ shows %q, want disk:sub", got)
	}
	if len(w.players) != 1 {
		t.Errorf("a double click on sub/ also picked a program of it: %d players", len(w.players))
	}
}
