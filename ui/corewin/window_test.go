package corewin

import (
	"fmt"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"gioui.org/f32"
	"gioui.org/io/input"
	"gioui.org/io/key"
	"gioui.org/io/pointer"

	"robocom/corewars"
	"robocom/ui/internal/goldentest"
	"robocom/ui/kit"
)

var winSize = image.Pt(1280, 860)

// click clicks at p, a second after the last frame: two clicks are never a double click.
func (h *harness) click(p f32.Point) {
	h.now = h.now.Add(time.Second)
	h.press(p)
	h.frame()
	h.frame()
}

// press queues a press and release of the primary button at p, at the harness's time.
func (h *harness) press(p f32.Point) {
	at := time.Duration(h.now.UnixNano())
	h.r.Queue(
		pointer.Event{Kind: pointer.Move, Position: p, Source: pointer.Mouse, Time: at},
		pointer.Event{Kind: pointer.Press, Position: p, Buttons: pointer.ButtonPrimary, Source: pointer.Mouse, Time: at},
		pointer.Event{Kind: pointer.Release, Position: p, Source: pointer.Mouse, Time: at},
	)
}

// find is the bounds of the clickable widget around the label that starts with text.
func (h *harness) find(text string) (image.Rectangle, bool) {
	byID := goldentest.Semantics(&h.r)
	// An exact label wins over one that only starts with text ("Edit" vs "Editor").
	var cands []input.SemanticNode
	for _, n := range byID {
		if n.Desc.Label == text {
			cands = append([]input.SemanticNode{n}, cands...)
		} else if strings.HasPrefix(n.Desc.Label, text) {
			cands = append(cands, n)
		}
	}
	// Several alike ("+" on every player's line): the top-most, then left-most, one.
	sort.SliceStable(cands, func(i, j int) bool {
		ei, ej := cands[i].Desc.Label == text, cands[j].Desc.Label == text
		if ei != ej {
			return ei
		}
		bi, bj := cands[i].Desc.Bounds.Min, cands[j].Desc.Bounds.Min
		if bi.Y != bj.Y {
			return bi.Y < bj.Y
		}
		return bi.X < bj.X
	})
	for _, n := range cands {
		if b, ok := goldentest.ClickableBounds(byID, n); ok {
			return b, true
		}
	}
	return image.Rectangle{}, false
}

// answer clicks the confirm bar's button labelled verb: the bar is over the core's bottom, on
// the left of the panel, whose own buttons may have the same label ("Remove", "Apply and
// restart").
func (h *harness) answer(t testing.TB, verb string) {
	t.Helper()
	byID := goldentest.Semantics(&h.r)
	best, found := image.Rectangle{}, false
	for _, n := range byID {
		if n.Desc.Label != verb {
			continue
		}
		if b, ok := goldentest.ClickableBounds(byID, n); ok && (!found || b.Min.X < best.Min.X) {
			best, found = b, true
		}
	}
	if !found {
		t.Fatalf("no button labelled %q on screen", verb)
	}
	c := best.Min.Add(best.Max).Div(2)
	h.click(f32.Pt(float32(c.X), float32(c.Y)))
}

// clickBelow clicks the top-most button labelled text below the widget labelled above (the
// copies' "+" below the tabs, not the speed's above them).
func (h *harness) clickBelow(t testing.TB, text, above string) {
	t.Helper()
	top, ok := h.find(above)
	if !ok {
		t.Fatalf("no %q on screen", above)
	}
	byID := goldentest.Semantics(&h.r)
	best := image.Rectangle{}
	for _, n := range byID {
		if n.Desc.Label != text {
			continue
		}
		if b, ok := goldentest.ClickableBounds(byID, n); ok && b.Min.Y >= top.Max.Y && (best.Empty() || b.Min.Y < best.Min.Y) {
			best = b
		}
	}
	if best.Empty() {
		t.Fatalf("no button labelled %q below %q", text, above)
	}
	c := best.Min.Add(best.Max).Div(2)
	h.click(f32.Pt(float32(c.X), float32(c.Y)))
}

func (h *harness) clickLabel(t testing.TB, text string) {
	t.Helper()
	b, ok := h.find(text)
	if !ok {
		t.Fatalf("no button labelled %q on screen", text)
	}
	c := b.Min.Add(b.Max).Div(2)
	h.click(f32.Pt(float32(c.X), float32(c.Y)))
}

func TestModeSwitchButton(t *testing.T) {
	switched := 0
	w := New(Config{Roots: []Root{{Name: "bundled", FS: nil}}, SwitchMode: func() { switched++ }, Seed: 1})
	defer w.Close()
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Switch to RoboCom")
	if switched != 1 {
		t.Fatalf("the mode switch was called %d times, want 1", switched)
	}
}

func TestClickingACellShowsItsContent(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	if w.snap.Size != 10000 {
		t.Fatalf("core of %d cells, want 10000", w.snap.Size)
	}
	// The first cell Dwarf owns: its first instruction.
	addr := -1
	for a, o := range w.snap.Owner {
		if o == 0 {
			addr = a
			break
		}
	}
	if addr < 0 {
		t.Fatal("Dwarf owns no cell")
	}
	var want string
	w.run.withEngine(func(e corewars.Engine) { want = e.Cell(addr).Text })
	s := w.core
	x, y := s.cellRect(addr)
	p := s.origin.Add(f32.Pt(x+s.cell/2, y+s.cell/2))
	h.click(p)
	if s.Selected != addr {
		t.Fatalf("clicked cell %d, selected %d", addr, s.Selected)
	}
	// Move the pointer off the core: the line shows the selected cell.
	h.r.Queue(pointer.Event{Kind: pointer.Move, Position: f32.Pt(float32(winSize.X-10), 10), Source: pointer.Mouse})
	h.frame()
	info := w.coreV.CellInfo()
	if !strings.Contains(info, want) || !strings.HasPrefix(info, "selected ") || !strings.Contains(info, "Dwarf") {
		t.Fatalf("cell line %q; want the selected cell %d with %q and its owner Dwarf", info, addr, want)
	}
	// The core dump starts at the clicked cell.
	h.clickLabel(t, "Core dump")
	d := w.dump.Text()
	if len(d) == 0 || !strings.Contains(d[0], want) || !strings.HasPrefix(strings.TrimSpace(d[0]), itoa(addr)) {
		t.Fatalf("dump starts with %q, want cell %d (%s)", d, addr, want)
	}
	h.clickLabel(t, "cell ►")
	if d2 := w.dump.Text(); !strings.HasPrefix(strings.TrimSpace(d2[0]), itoa(addr+1)) {
		t.Fatalf("after one step the dump starts with %q, want cell %d", d2[0], addr+1)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestStatisticsOrderAndSelection(t *testing.T) {
	w := newTestWindow(t, "bundled:imp.cw", "bundled:dwarf.cw", "bundled:replicator.cw")
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Run")
	h.settle(t)
	h.clickLabel(t, "Statistics")
	order := w.stats.Order()
	st := w.snap.Stats
	if len(order) != 3 {
		t.Fatalf("%d lines in the statistics, want 3", len(order))
	}
	if !sort.SliceIsSorted(order, func(a, b int) bool { return st[order[a]].Score > st[order[b]].Score }) {
		t.Fatalf("statistics not sorted by score: %v with %+v", order, st)
	}
	if st[order[0]].Score == st[order[2]].Score {
		t.Fatalf("all scores equal after 100 slices (%+v): the order test proves nothing", st)
	}
	// Clicking the last line selects and marks that process.
	last := order[2]
	h.clickLabel(t, "3. ")
	if w.selected != last || w.marked != last {
		t.Fatalf("clicked line 3 (process %d): selected %d, marked %d", last, w.selected, w.marked)
	}
	// The trace of the selected process fills when it runs.
	h.clickLabel(t, "Step")
	for i := 0; i < 6; i++ {
		h.clickLabel(t, "Step")
	}
	h.settle(t)
	if tr := w.trace.Text(); len(tr) == 0 && w.snap.Stats[last].Alive {
		t.Fatal("no trace lines for the selected process after 7 steps")
	}
}

func TestStartPauseAndBlocks(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Run")
	h.settle(t)
	if w.snap.Cycle != 100 {
		t.Fatalf("after a block of 100: cycle %d", w.snap.Cycle)
	}
	h.clickLabel(t, "Start")
	deadline := time.Now().Add(5 * time.Second)
	for w.snap.Cycle <= 100 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		h.frame()
	}
	if w.snap.Cycle <= 100 || !w.snap.Running {
		t.Fatalf("Start did not run the game (cycle %d)", w.snap.Cycle)
	}
	h.clickLabel(t, "Pause")
	h.settle(t)
	c := w.snap.Cycle
	time.Sleep(50 * time.Millisecond)
	h.frame()
	if w.snap.Cycle != c {
		t.Fatalf("paused at %d, then %d", c, w.snap.Cycle)
	}
}

func TestLoadErrorsAndLanguages(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:bomber.vna", "bundled:nosuch.cw")
	if len(w.players) != 1 {
		t.Fatalf("%d players, want 1 (a .vna among .cw players is refused)", len(w.players))
	}
	if !strings.Contains(w.Message(), "one language") {
		t.Errorf("message %q does not say why bomber.vna was refused", w.Message())
	}
	if len(w.Errors()) != 1 || !strings.Contains(w.Errors()[0], "nosuch.cw: cannot read") {
		t.Errorf("errors %q, want one about nosuch.cw", w.Errors())
	}
	w.RemovePlayer(0)
	if !w.AddPlayer("bundled:bomber.vna") || w.Language().String() != "VNA Code (.vna)" || w.params.Size != 200 {
		t.Fatalf("VNA after removing the .cw player: language %v, size %d", w.Language(), w.params.Size)
	}
}

func TestKeys(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	h.r.Queue(key.Event{Name: "S", State: key.Press})
	h.frame()
	h.settle(t)
	var executed int64
	for _, st := range w.snap.Stats {
		executed += st.Executed
	}
	if executed != 1 {
		t.Fatalf("S ran %d instructions, want 1", executed)
	}
	h.r.Queue(key.Event{Name: "N", State: key.Press})
	h.frame()
	h.settle(t)
	if w.snap.Cycle != 100 {
		t.Fatalf("N ran to cycle %d, want a block of 100 slices", w.snap.Cycle)
	}
}

func TestHoverLeavesWithThePointer(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	s := w.core
	x, y := s.cellRect(123)
	h.r.Queue(pointer.Event{Kind: pointer.Move, Position: s.origin.Add(f32.Pt(x+s.cell/2, y+s.cell/2)), Source: pointer.Mouse})
	h.frame()
	if s.Hover != 123 || !strings.HasPrefix(w.coreV.CellInfo(), "hovered 123:") {
		t.Fatalf("hovering cell 123: Hover %d, line %q", s.Hover, w.coreV.CellInfo())
	}
	h.r.Queue(pointer.Event{Kind: pointer.Move, Position: f32.Pt(float32(winSize.X-20), 300), Source: pointer.Mouse})
	h.frame()
	h.frame()
	if s.Hover != -1 {
		t.Fatalf("the pointer left the core but Hover is %d", s.Hover)
	}
}

func TestRedcodeAndVNAInTheWindow(t *testing.T) {
	mem := fstest.MapFS{
		"imp.red":    {Data: []byte(";name Imp\nMOV 0, 1\n")},
		"dwarf.red":  {Data: []byte(";name Dwarf\nADD #4, 3\nMOV 2, @2\nJMP -2\nDAT #0, #0\n")},
		"imp86.red":  {Data: []byte("START: MOV 0 1\n")},
		"broken.red": {Data: []byte("MOV 0, 1\nBLAH 2\n")},
	}
	w := New(Config{Roots: []Root{{Name: "mem", FS: mem, Home: "."}}, Files: []string{"mem:imp.red", "mem:dwarf.red", "mem:broken.red"}, Seed: 4})
	defer w.Close()
	if w.Language().String() != "Redcode (.red)" || len(w.players) != 2 || w.params.Size != 8000 {
		t.Fatalf("language %v, %d players, size %d", w.Language(), len(w.players), w.params.Size)
	}
	if len(w.Errors()) == 0 || !strings.HasPrefix(w.Errors()[0], "broken.red:2:") {
		t.Fatalf("load errors %q, want one at broken.red:2", w.Errors())
	}
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Run")
	h.settle(t)
	if w.snap.Cycle != 100 || len(w.snap.Stats) != 2 || !w.snap.Stats[0].Alive {
		t.Fatalf("Redcode after a block: cycle %d, stats %+v", w.snap.Cycle, w.snap.Stats)
	}
	// The '86 dialect through the parameters.
	h.clickLabel(t, "Parameters")
	h.clickLabel(t, "'86 (Atari ST)")
	h.clickLabel(t, "Apply and restart")
	h.answer(t, "Apply and restart") // the confirm bar's: the game was under way
	if w.params.Dialect != "86" {
		t.Fatalf("dialect %q after choosing '86", w.params.Dialect)
	}
	w.RemovePlayer(1)
	w.RemovePlayer(0)
	for range 2 { // (two players of the one program)
		if !w.AddPlayer("mem:imp86.red") {
			t.Fatalf("'86 program refused: %q", w.Errors())
		}
	}

	v := newTestWindow(t, "bundled:bomber.vna", "bundled:bomb_evader_fixed.vna")
	hv := newHarness(v)
	hv.frame()
	if v.snap.Size != 200 || len(v.snap.Stats) != 2 {
		t.Fatalf("VNA ring of %d nodes with %d players", v.snap.Size, len(v.snap.Stats))
	}
	hv.clickLabel(t, "Run")
	hv.settle(t)
	if v.snap.Cycle == 0 {
		t.Fatal("the VNA game did not run")
	}
}

// TestCellLineIsCurrent: the line under the core describes the cell under the pointer in the
// same frame (it is drawn after the core has seen the pointer).
func TestCellLineIsCurrent(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	s := w.core
	for _, a := range []int{77, 4321} {
		x, y := s.cellRect(a)
		h.r.Queue(pointer.Event{Kind: pointer.Move, Position: s.origin.Add(f32.Pt(x+s.cell/2, y+s.cell/2)), Source: pointer.Mouse})
		h.frame()
		if _, ok := h.findText("hovered " + itoa(a) + ":"); !ok {
			t.Fatalf("after hovering cell %d the line on screen is not about it", a)
		}
	}
}

func TestTournamentFromTheWindow(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw", "bundled:impkiller.cw")
	w.params.Size, w.params.Cycles = 2000, 5000 // a quick tournament
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Tournament")
	h.clickLabel(t, "Swiss (Atari ST)")
	h.clickLabel(t, "Play tournament")
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, running := w.tourney.Result()
		if res != nil && !running {
			if res.Rounds != 2 || len(res.Standings) != 3 || res.Battles != 3 {
				t.Fatalf("Swiss of 3: %+v", res)
			}
			byes := 0
			for _, s := range res.Standings {
				byes += s.Byes
			}
			if byes != 2 {
				t.Fatalf("3 programs, 2 rounds: %d byes, want one a round", byes)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the tournament did not finish")
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.frame()
	if _, ok := h.findText("Swiss, seed 42, 2 rounds of pairings, 3 battles each"); !ok {
		t.Fatal("no results table header on screen")
	}

	// A round-robin of one battle a pairing says so in the singular.
	h.clickLabel(t, "Round-robin")
	h.frame()
	w.tourney.battles.SetText("1")
	h.clickLabel(t, "Play tournament")
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if res, running := w.tourney.Result(); res != nil && !running && res.Battles == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the round-robin did not finish")
		}
	}
	h.frame()
	if _, ok := h.findText("Round-robin, seed 42, 1 battle a pairing"); !ok {
		t.Fatal(`no "1 battle a pairing" header on screen`)
	}
}

func TestEditorErrorsAtLinesAndSave(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.cw")
	src, err := os.ReadFile(filepath.Join(samples, "dwarf.cw"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	w := newDiskWindow(t, file)
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Edit")
	if w.tab != tabEditor || len(w.editor.Errors()) != 0 {
		t.Fatalf("tab %d, errors %v after opening a good program", w.tab, w.editor.Errors())
	}
	w.editor.SetText("title Mine\nstart: jump start\nbogus 1, 2\n")
	h.frame()
	h.clickLabel(t, "Check")
	errs := w.editor.Errors()
	if len(errs) != 1 || errs[0].Line != 3 {
		t.Fatalf("errors %v, want one at line 3", errs)
	}
	if _, ok := h.findText("   3 | bogus 1, 2"); !ok {
		t.Fatal("the error is not shown under its source line")
	}
	if _, ok := h.findText("  3 !"); !ok {
		t.Fatal("line 3 is not marked in the gutter")
	}
	if _, ok := h.findText("  2 !"); ok {
		t.Fatal("line 2 is marked in the gutter without an error")
	}
	// Clicking the error puts the caret on line 3.
	h.clickLabel(t, "   3 | bogus")
	if start, _ := w.editor.ed.Selection(); start != len([]rune("title Mine\nstart: jump start\n"))+errs[0].Col-1 {
		t.Fatalf("caret at %d after clicking the error", start)
	}
	w.editor.SetText("title Mine\nstart: jump start\n")
	if err := w.editor.Save(); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(file)
	if string(got) != "title Mine\nstart: jump start\n" || w.players[0].prog.Name != "Mine" {
		t.Fatalf("saved %q, player now %q", got, w.players[0].prog.Name)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("temporary files left behind: %v", ents)
	}
}

// A save that leaves a player's file unable to load keeps the program it had in the game,
// and says so: before, the editor said "the players were reloaded" and the game restarted
// with the old program as though it were the new one.
func TestSaveThatDoesNotLoadSaysTheOldVersionPlays(t *testing.T) {
	w, h, _ := openInEditor(t, "mine.cw", "title Mine\nstart: jump start\n")
	w.editor.SetText("title Mine2\nstart: jump start\nbogus 1, 2\n")
	h.frame()
	h.clickLabel(t, "Save and reload")
	want := "Mine does not load now (errors below), so the game plays its version loaded before."
	if w.Message() != want {
		t.Fatalf("the status line says %q, want %q", w.Message(), want)
	}
	if _, ok := h.findText("Saved. " + want); !ok {
		t.Fatal("the editor does not say the old version plays")
	}
	if n := w.players[0].prog.Name; n != "Mine" {
		t.Fatalf("the player is %q, want the version loaded before", n)
	}
	h.clickLabel(t, "Players")
	h.waitText(t, "Its file does not load now (errors below): the game plays the version loaded before.")
	h.clickLabel(t, "Editor")
	w.editor.SetText("title Mine2\nstart: jump start\n")
	h.frame()
	h.clickLabel(t, "Save and reload")
	if _, ok := h.findText("Saved; the players were reloaded."); !ok || w.players[0].prog.Name != "Mine2" {
		t.Fatalf("after a good save the player is %q and the editor says %q", w.players[0].prog.Name, w.editor.statusLine())
	}
	h.clickLabel(t, "Players")
	if _, ok := h.findText("Its file does not load now"); ok {
		t.Fatal("the Players tab still says the player plays the version loaded before")
	}
}

func TestFixAProgramThatFailedToLoad(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "bad.cw")
	if err := os.WriteFile(file, []byte("title Fixme\nstart: jump start\nbogus\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := newDiskWindow(t, file)
	h := newHarness(w)
	h.frame()
	if len(w.players) != 0 || len(w.Errors()) != 1 || !strings.HasPrefix(w.Errors()[0], "bad.cw:3:") {
		t.Fatalf("players %d, errors %q", len(w.players), w.Errors())
	}
	h.clickLabel(t, "Edit bad.cw to fix it")
	if w.tab != tabEditor || len(w.editor.Errors()) != 1 {
		t.Fatalf("tab %d, editor errors %v", w.tab, w.editor.Errors())
	}
	w.editor.SetText("title Fixme\nstart: jump start\n")
	if err := w.editor.Save(); err != nil {
		t.Fatal(err)
	}
	if len(w.players) != 1 || w.players[0].prog.Name != "Fixme" || len(w.Errors()) != 0 {
		t.Fatalf("after the fix: %d players, errors %q", len(w.players), w.Errors())
	}
}

// TestRestartReadsTheFilesAgain: a program saved by another editor plays from Restart on
// (the window kept the program it loaded first until the player was removed and added); a
// file that does not load now leaves the old version playing, and the status says so.
func TestRestartReadsTheFilesAgain(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.cw")
	write := func(src string) {
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("title Mine\nstart: jump start\n")
	w := newDiskWindow(t, file)
	h := newHarness(w)
	h.frame()
	write("title Mine2\nstart: jump start\n")
	h.clickLabel(t, "Restart")
	if n := w.players[0].prog.Name; n != "Mine2" {
		t.Fatalf("after Restart the player is %q, want the program saved on disk", n)
	}
	if want := "Read again from the files: Mine2. The series restarts with the new code."; w.Message() != want {
		t.Fatalf("the status line says %q, want %q", w.Message(), want)
	}
	write("title Mine3\nstart: jump start\nbogus 1, 2\n")
	h.clickLabel(t, "New seed")
	if n := w.players[0].prog.Name; n != "Mine2" {
		t.Fatalf("after a broken save the player is %q, want the version loaded before", n)
	}
	if want := "Mine2 does not load now (errors below), so the game plays its version loaded before."; w.Message() != want {
		t.Fatalf("the status line says %q, want %q", w.Message(), want)
	}

	// A program that failed to load joins once its file loads, and the status says so, also
	// beside another player's broken file.
	other := filepath.Join(dir, "other.cw")
	if err := os.WriteFile(other, []byte("title Other\nstart: jump start\nbogus\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.AddPlayer(onDisk(other))
	if len(w.players) != 1 {
		t.Fatalf("%d players after adding a broken file, want 1", len(w.players))
	}
	if err := os.WriteFile(other, []byte("title Other\nstart: jump start\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.clickLabel(t, "Restart")
	if len(w.players) != 2 || w.players[1].prog.Name != "Other" {
		t.Fatalf("after Restart: %d players, want Other to have joined", len(w.players))
	}
	want := "Mine2 does not load now (errors below), so the game plays its version loaded before. Read again from the files: Other. The series restarts with the new code."
	if w.Message() != want {
		t.Fatalf("the status line says %q, want %q", w.Message(), want)
	}
}

func TestZoomAndPan(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	s := w.core
	fit := s.cell
	mid := s.origin.Add(f32.Pt(50*s.cell, 50*s.cell))
	under := s.addrAt(mid)
	h.r.Queue(pointer.Event{Kind: pointer.Scroll, Position: mid, Scroll: f32.Pt(0, -30), Source: pointer.Mouse})
	h.frame()
	if s.cell <= fit {
		t.Fatalf("the wheel did not zoom: %v px a cell, was %v", s.cell, fit)
	}
	if got := s.addrAt(mid); got != under {
		t.Fatalf("zooming moved the cell under the pointer from %d to %d", under, got)
	}
	before := s.addrAt(mid)
	h.r.Queue(
		pointer.Event{Kind: pointer.Press, Position: mid, Buttons: pointer.ButtonPrimary, Source: pointer.Mouse},
		pointer.Event{Kind: pointer.Move, Position: mid.Add(f32.Pt(-100, 0)), Buttons: pointer.ButtonPrimary, Source: pointer.Mouse},
		pointer.Event{Kind: pointer.Release, Position: mid.Add(f32.Pt(-100, 0)), Source: pointer.Mouse},
	)
	h.frame()
	if got := s.addrAt(mid); got <= before {
		t.Fatalf("dragging left did not pan right: cell %d under the point, was %d", got, before)
	}
	if s.Clicks != 0 {
		t.Fatal("a drag counted as a click")
	}
	h.clickLabel(t, "Fit")
	if s.cell != fit {
		t.Fatalf("Fit: %v px a cell, want %v", s.cell, fit)
	}
}

func TestCopiesAndRounds(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	h.clickBelow(t, "+", "Players")
	if len(w.snap.Stats) != 3 || w.players[0].copies != 2 {
		t.Fatalf("after + on Dwarf: %d processes, %d copies", len(w.snap.Stats), w.players[0].copies)
	}
	if _, ok := h.findText("1. Dwarf #"); !ok {
		h.clickLabel(t, "Statistics")
		if _, ok := h.findText("Dwarf #2"); !ok {
			// The line order depends on the scores; just one of the copies must be named #2.
			found := false
			for i := 1; i <= 3; i++ {
				if _, ok := h.findText(itoa(i) + ". Dwarf #2"); ok {
					found = true
				}
			}
			if !found {
				t.Fatal("the second copy of Dwarf is not listed as Dwarf #2")
			}
		}
	}
	// A series of two short rounds: the second starts by itself, the tally counts both.
	h.applySeries(t, "50", "2")
	if w.params.Rounds != 2 || w.params.Cycles != 50 {
		t.Fatalf("parameters %+v", w.params)
	}
	h.clickLabel(t, "Start")
	h.seriesOver(t, 2)
	if w.tally.Rounds != 2 {
		t.Fatalf("tally after 2 rounds: %d rounds counted", w.tally.Rounds)
	}
	total := w.draws()
	for i := range w.players {
		total += w.tally.Of(i).Wins
	}
	if total != 2 {
		t.Fatalf("tally after 2 rounds: %d wins and draws", total)
	}
	if !strings.Contains(w.ResultLine(), "Round 2 over after 50 cycles") {
		t.Fatalf("result line %q", w.ResultLine())
	}
}

// TestResponsiveAtFullSpeed: at full speed the simulation never keeps the window waiting
// long for a snapshot.
func TestResponsiveAtFullSpeed(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:replicator.cw")
	h := newHarness(w)
	h.frame()
	for w.speedIdx < len(kit.Speeds)-1 {
		h.clickLabel(t, "+")
	}
	start := w.snap.Cycle // before Start: the game may end within the click's frames
	h.clickLabel(t, "Start")
	var worst time.Duration
	for i := 0; i < 40; i++ {
		t0 := time.Now()
		w.run.sync(&w.snap)
		worst = max(worst, time.Since(t0))
		time.Sleep(5 * time.Millisecond)
	}
	if w.snap.Cycle-start < 1000 {
		t.Fatalf("full speed ran only %d time slices in 0.2 s", w.snap.Cycle-start)
	}
	if worst > 40*time.Millisecond {
		t.Fatalf("the window waited up to %v for a snapshot", worst)
	}
	t.Logf("%d time slices in ~0.2 s; longest wait %v", w.snap.Cycle-start, worst)
}

func TestTraceFilter(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	w.SelectProcess(0) // Dwarf
	w.run.block(10)
	h.settle(t)
	all := w.trace.Text()
	w.trace.filter.SetText("MOVE")
	moves := w.trace.Text()
	if len(all) < 10 || len(moves) == 0 || len(moves) >= len(all) {
		t.Fatalf("%d lines, %d with move", len(all), len(moves))
	}
	for _, l := range moves {
		if !strings.Contains(l, "move") {
			t.Fatalf("filtered line %q has no move", l)
		}
	}
}

func TestRefusesDevicesAndHugeFiles(t *testing.T) {
	mem := fstest.MapFS{
		"huge.cw": {Data: make([]byte, maxProgramBytes+1)},
		"pipe.cw": {Mode: fs.ModeNamedPipe},
	}
	w := New(Config{Roots: []Root{{Name: "mem", FS: mem, Home: "."}}, Files: []string{"mem:huge.cw", "mem:pipe.cw"}, Seed: 1})
	defer w.Close()
	if len(w.players) != 0 || len(w.Errors()) != 2 {
		t.Fatalf("players %d, errors %q", len(w.players), w.Errors())
	}
	if !strings.Contains(w.Errors()[0], "at most") || !strings.Contains(w.Errors()[1], "not a regular file") {
		t.Fatalf("errors %q", w.Errors())
	}
}

func TestGameThatCannotStartSaysWhy(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:replicator.cw")
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Parameters")
	w.prm.size.SetText("20")
	h.clickLabel(t, "Apply and restart")
	if _, ok := h.findText("The game cannot start: "); !ok {
		t.Fatalf("no reason on screen for a core too small (error %q)", w.gameErr)
	}
	h.clickLabel(t, "Start") // nothing to run: no panic, no game
	if w.snap.Size != 0 || w.snap.Running {
		t.Fatalf("a game runs in a core too small: %+v", w.snap.Size)
	}
}

// TestSelectionFollowsProcess: with the box ticked the selection stays on the process when
// its rank changes; without, it stays on the line (and so on another process).
func TestSelectionFollowsProcess(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	w.snap.Stats = []corewars.ProcessStat{{Name: "A", Alive: true, Score: 30}, {Name: "B", Alive: true, Score: 20}, {Name: "C", Alive: true, Score: 10}}
	w.SelectProcess(0)        // A, line 1
	w.snap.Stats[0].Score = 5 // A drops to line 3
	w.stats.follow()
	if w.selected != 0 || w.stats.selRow != 2 {
		t.Fatalf("following: selected %d on line %d, want A (0) on line 3", w.selected, w.stats.selRow+1)
	}
	w.stats.followBox.Value = false
	w.snap.Stats[0].Score = 40 // A back to line 1; the bar stays on line 3: C
	w.stats.follow()
	if w.selected != 2 || w.marked != 2 || w.stats.selRow != 2 {
		t.Fatalf("not following: selected %d, marked %d on line %d; want C (2) on line 3", w.selected, w.marked, w.stats.selRow+1)
	}
}

func TestAddAllHere(t *testing.T) {
	w := New(Config{Roots: []Root{{Name: "bundled", FS: os.DirFS(samples), Home: "."}}, Seed: 2})
	defer w.Close()
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Add program")
	h.clickLabel(t, "Add all here")
	// The folder's first program is bomb_evader.vna: two VNA programs join (a VNA game takes
	// two), the third and the .cw ones not.
	if w.Language().String() != "VNA Code (.vna)" || len(w.players) != 2 {
		t.Fatalf("language %v, %d players; want 2 of the 3 VNA samples", w.Language(), len(w.players))
	}
	if !strings.Contains(w.Message(), "left out") {
		t.Fatalf("message %q does not say the .cw files were left out", w.Message())
	}
}

// The players, their copies and the picker's folder are reported when they change, and a
// Config with them restores them.
func TestRememberPlayersCopiesFolder(t *testing.T) {
	var got []Memory
	w := New(Config{Roots: []Root{{Name: "bundled", FS: os.DirFS(samples), Home: "."}},
		Files: []string{"bundled:dwarf.cw", "bundled:imp.cw"}, Seed: 42,
		Remember: func(m Memory) { got = append(got, m) }})
	t.Cleanup(w.Close)
	h := newHarness(w)
	h.frame()
	if len(got) != 0 {
		t.Fatalf("reported %v before anything changed", got)
	}
	h.clickBelow(t, "+", "Players")
	if len(got) != 1 {
		t.Fatalf("after + on Dwarf, reported %d times, want once: %v", len(got), got)
	}
	want := Memory{Players: []string{"bundled:dwarf.cw", "bundled:imp.cw"}, Copies: []int{2, 1}, Folder: "bundled:."}
	if !got[0].equal(want) {
		t.Fatalf("reported %+v, want %+v", got[0], want)
	}
	h.frame()
	if len(got) != 1 {
		t.Fatalf("a frame without changes reported again: %v", got[1:])
	}

	w2 := New(Config{Roots: []Root{{Name: "bundled", FS: os.DirFS(samples), Home: "."}},
		Files: want.Players, Copies: want.Copies, Folder: "bundled:sub", Seed: 42})
	t.Cleanup(w2.Close)
	if m := w2.Memory(); !slices.Equal(m.Copies, []int{2, 1}) || m.Folder != "bundled:sub" {
		t.Errorf("restored %+v, want copies [2 1] and folder bundled:sub", m)
	}
	h2 := newHarness(w2)
	h2.frame()
	if len(w2.snap.Stats) != 3 {
		t.Errorf("the restored game has %d processes, want 3 (Dwarf twice, Imp)", len(w2.snap.Stats))
	}
}

// The timeline's knob stands at "now" (the right end) at cycle 0, on first launch as after a
// restart, as in the RoboCom window (it was at the left on first launch only).
func TestTimelineKnobAtNowOnLaunchAndRestart(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	if got := w.insp.timeline.Slider.Value; got != 1 {
		t.Errorf("on first launch at cycle %d of %d the knob stands at %v, want 1", w.snap.Cycle, w.snap.Furthest, got)
	}
	h.clickLabel(t, "Run")
	h.settle(t)
	h.clickLabel(t, "← 1 cycle")
	h.settle(t)
	if got := w.insp.timeline.Slider.Value; got >= 1 {
		t.Fatalf("at cycle %d of %d the knob stands at %v, not short of the end", w.snap.Cycle, w.snap.Furthest, got)
	}
	h.clickLabel(t, "Restart")
	h.settle(t)
	if w.snap.Furthest != 0 {
		t.Fatalf("after Restart the timeline ends at %d", w.snap.Furthest)
	}
	if got := w.insp.timeline.Slider.Value; got != 1 {
		t.Errorf("after a restart the knob stands at %v, want 1", got)
	}
}

// TestVNAGameTakesTwo: the Players tab takes two VNA programs (CORE-LANGUAGES.md 2) and says
// so for a third, at the launch or added later; it took eight, and the game then could not
// start.
func TestVNAGameTakesTwo(t *testing.T) {
	w := newTestWindow(t, "bundled:bomber.vna", "bundled:bomb_evader.vna", "bundled:bomb_evader_fixed.vna")
	h := newHarness(w)
	h.frame()
	if len(w.players) != 2 || w.snap.Size == 0 {
		t.Fatalf("%d players, game size %d; errors %q", len(w.players), w.snap.Size, w.errors)
	}
	if !strings.Contains(w.message, "At most 2 VNA") {
		t.Errorf("the status line says %q about the third program", w.message)
	}
	if w.AddPlayer("bundled:bomber.vna") {
		t.Error("a third VNA program was added")
	}
	// With the players removed, the next program chooses the language: the picker offers 8.
	w.RemovePlayer(1)
	w.RemovePlayer(0)
	h.frame()
	h.clickLabel(t, "Add program")
	found := false
	for _, n := range h.semanticNodes() {
		found = found || strings.HasPrefix(n.Desc.Label, fmt.Sprintf("Pick up to %d programs (0 loaded)", MaxPlayers))
	}
	if !found {
		t.Errorf("with no players the picker does not offer %d programs", MaxPlayers)
	}
}

// A series restarted after its last round (Restart, Remove, Apply, Save and reload) starts
// its tally from nothing: the round still on screen belongs to the old series. It was counted
// again in the frame of the click (the snapshot is the old game's until the next frame), so
// Restart after three draws showed "Tally: Dwarf 0, Imp 0, draws 1" at cycle 0 of round 1, and
// after Remove the removed warrior's draw became a win of the one left.
func TestRestartedSeriesDoesNotCountTheOldRound(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.red", "bundled:imp.red")
	h := newHarness(w)
	h.frame()
	h.applySeries(t, "20", "2")
	h.clickLabel(t, "Start")
	h.seriesOver(t, 2)
	if w.tally.Rounds != 2 {
		t.Fatalf("%d rounds counted after a series of 2", w.tally.Rounds)
	}
	h.clickLabel(t, "Restart")
	h.settle(t)
	if w.tally.Rounds != 0 || w.tallyText() != " Tally: Dwarf 0, Imp 0, draws 0" {
		t.Fatalf("after Restart: %d rounds counted, %q", w.tally.Rounds, w.tallyText())
	}
	// The same after Remove: the round left on screen was Dwarf's and Imp's.
	h.clickLabel(t, "Start")
	h.seriesOver(t, 2)
	h.clickLabel(t, "Players")
	h.clickLabel(t, "Remove")
	h.settle(t)
	if len(w.players) != 1 || w.tally.Rounds != 0 {
		t.Fatalf("after Remove: %d players, %d rounds counted (%q)", len(w.players), w.tally.Rounds, w.tallyText())
	}
}

// A program that cannot be read is named as the picker shows it: a file on disk by its
// absolute path. The errors named "tmp/w/dwarf.red", the disk root's inner name, with no
// leading slash ("dwarf.red: cannot read the file: tmp/w/dwarf.red: no such file…"), and
// the editor said "Cannot open disk:tmp/w/dwarf.red: tmp/w/dwarf.red: …".
func TestUnreadableProgramNamedAsOnDisk(t *testing.T) {
	fsys := fstest.MapFS{"tmp/w/imp.red": &fstest.MapFile{Data: []byte(";name Imp\nMOV 0, 1\n")}}
	w := New(Config{Roots: []Root{{Name: "disk", FS: fsys, Home: "tmp/w"}}, Files: []string{"disk:tmp/w/imp.red", "disk:tmp/w/dwarf.red"}, Seed: 1})
	t.Cleanup(w.Close)
	h := newHarness(w)
	h.frame()
	want := "dwarf.red: cannot read the file: /tmp/w/dwarf.red: no such file; check the name and the folder"
	if errs := w.Errors(); len(errs) != 1 || errs[0] != want {
		t.Fatalf("errors %q, want [%q]", errs, want)
	}
	delete(fsys, "tmp/w/imp.red") // gone before its Edit button is clicked
	w.OpenEditor("disk:tmp/w/imp.red")
	h.frame()
	if want := "/tmp/w/imp.red: no such file; check the name and the folder"; w.Message() != want {
		t.Fatalf("the editor says %q, want %q", w.Message(), want)
	}
}
