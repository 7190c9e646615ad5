package corewin

import (
	"fmt"
	"image"
	"strings"
	"testing"
	"testing/fstest"

	"gioui.org/f32"
	"gioui.org/io/pointer"

	"robocom/corewars"
	"robocom/internal/termtext"
	"robocom/ui/kit"
)

// Breakpoints and watches as issue 20 asks for them, driven through input.Router.

// testWarriors opens a window on Redcode warriors given as sources (name → source).
func testWarriors(t *testing.T, srcs map[string]string, files ...string) (*Window, *harness) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, src := range srcs {
		fsys[name] = &fstest.MapFile{Data: []byte(src)}
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, "t:"+f)
	}
	w := New(Config{Roots: []Root{{Name: "t", FS: fsys, Home: "."}}, Files: paths, Seed: 42})
	t.Cleanup(w.Close)
	h := newHarness(w)
	h.frame()
	if len(w.players) != len(files) || w.snap.Size == 0 {
		t.Fatalf("the warriors did not load: %v", w.errors)
	}
	return w, h
}

// clickLabelTop clicks the first line of the top-most label that starts with text: a listing
// line in a panel whose list scrolls (the semantic tree then gives the line no clickable
// bounds of its own, only the panel's).
func (h *harness) clickLabelTop(t *testing.T, text string) {
	t.Helper()
	best := image.Rectangle{}
	for _, n := range h.semanticNodes() {
		if strings.HasPrefix(n.Desc.Label, text) && (best.Empty() || n.Desc.Bounds.Min.Y < best.Min.Y) {
			best = n.Desc.Bounds
		}
	}
	if best.Empty() {
		t.Fatalf("no %q on screen", text)
	}
	h.click(f32.Pt(float32(best.Min.X+20), float32(best.Min.Y+6)))
}

// A write watch stops after every instruction that writes the cell: Alpha (at 0) and Beta
// (at 100 of a 200-cell core) both copy "JMP -1" into cell 2 in every other time slice, so
// each write is a stop of its own, two in one slice with the same content.
func TestWatchStopsAtEveryWriteInOneSlice(t *testing.T) {
	w, h := testWarriors(t, map[string]string{
		"alpha.red": ";name Alpha\nMOV 1, 2\nJMP -1\n",
		"beta.red":  ";name Beta\nMOV 1, 102\nJMP -1\n",
	}, "alpha.red", "beta.red")
	h.clickLabel(t, "Parameters")
	w.prm.size.SetText("200")
	w.prm.minDist.SetText("100") // two warriors 100 apart fill the core: Beta lands at 100
	h.clickLabel(t, "Apply and restart")
	h.settle(t)
	var starts [2]int
	w.run.withEngine(func(e corewars.Engine) { starts = [2]int{e.Threads(0, nil, -1)[0], e.Threads(1, nil, -1)[0]} })
	if w.snap.Size != 200 || starts != [2]int{0, 100} {
		t.Fatalf("core of %d cells, warriors at %v; want 200 and [0 100]", w.snap.Size, starts)
	}
	h.clickLabel(t, "Players")
	h.clickWhere(t, "Alpha in Players", winSize.X, func(l string) bool { return l == "Alpha" })
	h.settle(t)
	line, ok := h.find(fmt.Sprintf("  %5d  DAT", 2))
	if !ok {
		t.Fatal("cell 2 is not listed in Alpha's panel")
	}
	h.clickRowOf(t, "watch", line)
	var got []string
	for range 4 {
		h.clickLabel(t, "Start")
		h.settle(t)
		got = append(got, w.insp.notice)
	}
	var want []string
	for _, c := range []int{0, 2} {
		var pair []string
		for p, name := range []string{"Alpha", "Beta"} {
			pair = append(pair, fmt.Sprintf("Watch: cell 2 was written by %s (process %d) in cycle %d.", name, p, c))
		}
		// Either warrior may move first in a time slice.
		if got[len(want)] == pair[1] {
			pair[0], pair[1] = pair[1], pair[0]
		}
		want = append(want, pair...)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("notices after four Starts:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A warrior's Step stops at another warrior's breakpoint hit before its turn, says so in its
// panel, and the next Step runs on from there.
func TestStepStopsAtAnotherWarriorsBreakpoint(t *testing.T) {
	w, h := redcodeDuel(t)
	w.InspectProcess(1) // Imp's panel beside Dwarf's
	h.settle(t)
	if next, _, _, _ := w.engine(t); next == 0 {
		w.stepInstr() // Dwarf's turn: make it Imp's, so that Imp runs before Dwarf's next
		h.settle(t)
	}
	var imp int
	w.run.withEngine(func(e corewars.Engine) { imp = e.Threads(1, nil, -1)[0] })
	h.clickLine(t, imp) // the right-most listing of the line: Imp's panel
	h.frame()
	if _, ok := h.findText(fmt.Sprintf("● %5d  MOV", imp)); !ok {
		t.Fatal("no breakpoint on Imp's next instruction")
	}
	dwarfPanel := panelsRight - int(inspectorWidth) // Dwarf's panel ends where Imp's begins
	dwarf, impRan := w.snap.Stats[0].Executed, w.snap.Stats[1].Executed
	h.clickWhere(t, "Dwarf's Step", dwarfPanel, func(l string) bool { return l == "Step" })
	h.settle(t)
	if next, pc, _, _ := w.engine(t); next != 1 || pc != imp || w.snap.Stats[0].Executed != dwarf || w.snap.Stats[1].Executed != impRan {
		t.Fatalf("after Dwarf's Step: process %d next at %d, Dwarf ran %d, Imp %d; want a stop before Imp's %d, nothing run",
			next, pc, w.snap.Stats[0].Executed-dwarf, w.snap.Stats[1].Executed-impRan, imp)
	}
	note, ok := h.findText("Step stopped before this warrior's instruction: Imp's breakpoint")
	if !ok || note.Max.X > dwarfPanel {
		t.Fatalf("Dwarf's panel does not say why its Step stopped (found %v at %v)", ok, note)
	}
	if !strings.HasPrefix(w.insp.notice, "Breakpoint: Imp (process 1)") {
		t.Fatalf("notice %q", w.insp.notice)
	}
	// Step again: Imp's instruction, then Dwarf's.
	h.clickWhere(t, "Dwarf's Step", dwarfPanel, func(l string) bool { return l == "Step" })
	h.settle(t)
	if d, i := w.snap.Stats[0].Executed-dwarf, w.snap.Stats[1].Executed-impRan; d != 1 || i != 1 {
		t.Fatalf("the second Step ran %d of Dwarf's and %d of Imp's instructions, want 1 and 1", d, i)
	}
	if _, ok := h.findText("Step stopped before"); ok {
		t.Fatal("the panel still says its Step stopped early")
	}
}

// A breakpoint that is never hit costs no allocation per instruction, even on a warrior with
// hundreds of processes (the runner used to copy its process queue before each of them).
func TestBreakpointOnManyProcessesAllocatesNothing(t *testing.T) {
	w, h := testWarriors(t, map[string]string{
		"split.red": ";name Splitter\nSPL 0\nJMP -1\n",
		"imp.red":   ";name Imp\nMOV 0, 1\n",
	}, "split.red", "imp.red")
	w.block(400)
	h.settle(t)
	if n := w.snap.Stats[0].Threads; n < 200 {
		t.Fatalf("the splitter has %d processes", n)
	}
	h.clickWhere(t, "Splitter in Players", winSize.X, func(l string) bool { return l == "Splitter" })
	h.settle(t)
	var at int
	w.run.withEngine(func(e corewars.Engine) { at = e.Threads(0, nil, -1)[0] })
	h.clickLabelTop(t, fmt.Sprintf("  %5d  DAT", at+3)) // a blank cell: never executed
	if _, ok := h.findText(fmt.Sprintf("● %5d  DAT", at+3)); !ok {
		t.Fatal("no breakpoint set")
	}
	var allocs float64
	var cycle int64
	w.run.Read(func(e corewars.Engine, ok bool) { // waits, on the simulation goroutine
		allocs = testing.AllocsPerRun(5, func() { w.run.advance(e, 100) })
		cycle = e.Cycle()
	})
	if allocs != 0 || cycle < 1000 || w.run.insp.hits != 0 {
		t.Fatalf("100 time slices with a breakpoint set: %.0f allocations, at cycle %d, %d hits", allocs, cycle, w.run.insp.hits)
	}
}

// A click on a warrior's core cell while the game is paused asks for another frame, in which
// the panel opens: without it the panel waited for the next mouse move (the e2e test found
// it), as the core handles its clicks after the views' update.
func TestClickOnACellOpensThePanelInTheNextFrame(t *testing.T) {
	w, h := redcodeDuel(t)
	w.insp.closePanel(w.insp.strip.Panels[0])
	h.frame()
	x := dwarfStart(w)
	s := w.core
	cx, cy := s.cellRect(x)
	p := s.origin.Add(f32.Pt(cx+s.cell/2, cy+s.cell/2))
	h.r.Queue(
		pointer.Event{Kind: pointer.Move, Position: p, Source: pointer.Mouse},
		pointer.Event{Kind: pointer.Press, Position: p, Buttons: pointer.ButtonPrimary, Source: pointer.Mouse},
		pointer.Event{Kind: pointer.Release, Position: p, Source: pointer.Mouse},
	)
	h.frame()
	if _, asked := h.r.WakeupTime(); !asked {
		t.Fatal("the click on Dwarf's cell asked for no frame")
	}
	h.frame()
	if got := w.Inspectors(); len(got) != 1 || got[0] != 0 {
		t.Fatalf("after the frame the click asked for: inspectors %v, want Dwarf's", got)
	}
}

// Resuming after a watch checks the very next instruction's breakpoint: Alpha and Beta each
// have a breakpoint on their MOV, which writes the watched cell 2, so the stops alternate
// breakpoint, watch, breakpoint, watch.
func TestResumingAfterAWatchStopsAtTheNextBreakpoint(t *testing.T) {
	w, h := testWarriors(t, map[string]string{
		"alpha.red": ";name Alpha\nMOV 1, 2\nJMP -1\n",
		"beta.red":  ";name Beta\nMOV 1, 102\nJMP -1\n",
	}, "alpha.red", "beta.red")
	h.clickLabel(t, "Parameters")
	w.prm.size.SetText("200")
	w.prm.minDist.SetText("100")
	h.clickLabel(t, "Apply and restart")
	h.clickLabel(t, "Players")
	h.clickWhere(t, "Alpha in Players", winSize.X, func(l string) bool { return l == "Alpha" })
	h.clickWhere(t, "Beta in Players", winSize.X, func(l string) bool { return l == "Beta" })
	h.settle(t)
	h.clickLine(t, 0)
	h.clickLine(t, 100)
	line, ok := h.find(fmt.Sprintf("  %5d  DAT", 2))
	if !ok {
		t.Fatal("cell 2 is not listed")
	}
	h.clickRowOf(t, "watch", line)
	h.frame()
	var kinds []string
	for range 4 {
		h.clickLabel(t, "Start")
		h.settle(t)
		kinds = append(kinds, strings.SplitN(w.insp.notice, ":", 2)[0])
	}
	if got := strings.Join(kinds, " "); got != "Breakpoint Watch Breakpoint Watch" {
		t.Fatalf("stops %s, want Breakpoint Watch Breakpoint Watch (last notice %q)", got, w.insp.notice)
	}
}

// A warrior's name of 300 characters is clipped to kit.TitleName columns wherever the window
// names it in a line: the confirm bar's question wrapped over 7 lines and covered the
// inspector, the watch's notice over 4 and pushed the timeline up; the players list, the
// round's result and the tally showed it whole too.
func TestLongNamesAreClipped(t *testing.T) {
	long := strings.Repeat("Long", 75)
	w, h := testWarriors(t, map[string]string{
		"long.red": ";redcode-94\n;name " + long + "\n;author t\nstart mov 0, 1\n end start\n",
		"dier.red": ";redcode-94\n;name Dier\n;author t\n dat 0, 0\n end\n",
	}, "long.red", "dier.red")
	clipped := strings.TrimSpace(termtext.Clip(long, kit.TitleName))
	unclipped := func(when string) {
		t.Helper()
		for _, n := range h.semanticNodes() {
			if strings.Contains(n.Desc.Label, long[:kit.TitleName+4]) {
				t.Errorf("%s: the name is shown whole in %.80q…", when, n.Desc.Label)
			}
		}
	}
	h.clickLabel(t, "Parameters")
	w.prm.rounds.SetText("2") // a tally
	h.clickLabel(t, "Apply and restart")
	h.clickLabel(t, "Players")
	if _, ok := h.findText(clipped); !ok {
		t.Error("the players list does not show the clipped name")
	}
	unclipped("the players list")
	w.InspectProcess(0)
	h.frame()
	h.settle(t)
	line, ok := h.find(fmt.Sprintf("  %5d  DAT", 1))
	if !ok {
		t.Fatal("the cell the imp writes is not listed")
	}
	h.clickRowOf(t, "watch", line)
	h.clickLabel(t, "Start")
	h.settle(t)
	want := "Watch: cell 1 was written by " + clipped + " (process 0) in cycle 0."
	if n := w.insp.notice; n != want {
		t.Errorf("notice %.120q, want %q", n, want)
	}
	if _, ok := h.findText(want); !ok {
		t.Error("the watch's notice is not on screen")
	}
	unclipped("after the watch")
	h.clickLabel(t, "Remove") // the long one's
	h.asked(t, "Remove "+clipped+" and restart the game?")
	unclipped("with the question")
	h.clickLabel(t, "Cancel")
	h.clickLabel(t, "Start") // Dier dies: the long one wins
	h.settle(t)
	if want := "Round 1 over after 1 cycles: " + clipped + " wins."; w.ResultLine() != want {
		t.Errorf("result %.120q, want %q", w.ResultLine(), want)
	}
	if want := " Tally: " + clipped + " 1, Dier 0, draws 0"; w.tallyText() != want {
		t.Errorf("tally %.120q, want %q", w.tallyText(), want)
	}
	unclipped("after the round")
}
