package corewin

import (
	"fmt"
	"image"
	"os"
	"slices"
	"strings"
	"testing"

	"gioui.org/f32"
	"gioui.org/io/key"
	"gioui.org/layout"

	"robocom/corewars"
	"robocom/ui/internal/goldentest"
	"robocom/ui/kit"
)

// The inspector, driven as a user would through input.Router.

// clickWhere clicks the top-most (then right-most: the last panel's) clickable whose label
// satisfies match and whose bounds lie left of x (the inspector panels, not the controls).
func (h *harness) clickWhere(t *testing.T, what string, x int, match func(string) bool) {
	t.Helper()
	byID := goldentest.Semantics(&h.r)
	best := image.Rectangle{}
	for _, n := range byID {
		if !match(n.Desc.Label) {
			continue
		}
		if b, ok := goldentest.ClickableBounds(byID, n); ok && b.Max.X <= x && (best.Empty() || b.Min.Y < best.Min.Y || b.Min.Y == best.Min.Y && b.Min.X > best.Min.X) {
			best = b
		}
	}
	if best.Empty() {
		t.Fatalf("no %s on screen left of x=%d", what, x)
	}
	c := best.Min.Add(best.Max).Div(2)
	h.click(f32.Pt(float32(c.X), float32(c.Y)))
}

// clickRowOf clicks the clickable labelled text on the row of line (a listing line's "watch").
func (h *harness) clickRowOf(t *testing.T, text string, line image.Rectangle) {
	t.Helper()
	byID := goldentest.Semantics(&h.r)
	mid := (line.Min.Y + line.Max.Y) / 2
	best := image.Rectangle{}
	for _, n := range byID {
		if n.Desc.Label != text {
			continue
		}
		// The nearest right of the line: its own panel's.
		if b, ok := goldentest.ClickableBounds(byID, n); ok && b.Min.Y <= mid && mid < b.Max.Y && b.Min.X >= line.Min.X && (best.Empty() || b.Min.X < best.Min.X) {
			best = b
		}
	}
	if best.Empty() {
		t.Fatalf("no %q on the row at y=%d", text, mid)
	}
	c := best.Min.Add(best.Max).Div(2)
	h.click(f32.Pt(float32(c.X), float32(c.Y)))
}

// panelsRight is where the inspectors end: the controls' panel (400 dp) is right of it.
var panelsRight = winSize.X - 400

func (h *harness) clickLine(t *testing.T, addr int) { h.clickLineLeftOf(t, addr, panelsRight) }

func (h *harness) clickLineLeftOf(t *testing.T, addr, right int) {
	t.Helper()
	want := fmt.Sprintf("%5d  ", addr)
	h.clickWhere(t, fmt.Sprintf("listing line %d", addr), right, func(l string) bool {
		return len(l) > 2 && strings.HasPrefix(l[len("  "):], want) || strings.HasPrefix(l, "● "+want)
	})
}

// redcodeDuel opens Dwarf against Imp, paused at cycle 0, with Dwarf's inspector open.
func redcodeDuel(t *testing.T) (*Window, *harness) {
	t.Helper()
	w := newTestWindow(t, "bundled:dwarf.red", "bundled:imp.red")
	h := newHarness(w)
	h.frame()
	if len(w.players) != 2 || w.snap.Size == 0 {
		t.Fatalf("the duel did not load: %v", w.errors)
	}
	h.clickWhere(t, "Dwarf's name in Players", winSize.X, func(l string) bool { return l == "Dwarf" })
	h.settle(t)
	if got := w.Inspectors(); len(got) != 1 || got[0] != 0 {
		t.Fatalf("clicking Dwarf in Players opened %v, want process 0", got)
	}
	return w, h
}

func (w *Window) engine(t *testing.T) (next, pc int, state string, cycle int64) {
	t.Helper()
	w.run.withEngine(func(e corewars.Engine) {
		next, state, cycle = e.Next(), engineState(e), e.Cycle()
		pc = -1
		if next >= 0 {
			pc = e.Threads(next, nil, -1)[0]
		}
	})
	return
}

func dwarfStart(w *Window) (x int) {
	w.run.withEngine(func(e corewars.Engine) { x = e.Threads(0, nil, -1)[0] })
	return x
}

func TestClickingAWarriorOpensItsInspector(t *testing.T) {
	w, h := redcodeDuel(t)
	if _, ok := h.findText("Process 0 · "); !ok {
		t.Fatal("no panel of process 0")
	}
	x := dwarfStart(w)
	if _, ok := h.findText(fmt.Sprintf("  %5d  ADD.AB #4, $3", x)); !ok {
		for _, n := range goldentest.Semantics(&h.r) {
			if strings.Contains(n.Desc.Label, "ADD") {
				t.Log(n.Desc.Label)
			}
		}
		t.Fatalf("the panel does not list Dwarf's first instruction at %d", x)
	}
	// A cell Imp owns, clicked on the core, opens Imp's panel beside Dwarf's.
	imp := -1
	for a, o := range w.snap.Owner {
		if o == 1 {
			imp = a
		}
	}
	s := w.core
	cx, cy := s.cellRect(imp)
	h.click(s.origin.Add(f32.Pt(cx+s.cell/2, cy+s.cell/2)))
	h.settle(t)
	if got := w.Inspectors(); len(got) != 2 || got[1] != 1 {
		t.Fatalf("clicking Imp's cell %d: inspectors %v, want [0 1]", imp, got)
	}
	if _, ok := h.findText("Process 1 · "); !ok {
		t.Fatal("no panel of process 1")
	}
}

func (w *Window) tracedExecs() (n int) {
	for _, l := range w.run.traceLines(nil) {
		if !l.Died {
			n++
		}
	}
	return n
}

func TestStepRunsOneInstructionOfThatWarrior(t *testing.T) {
	w, h := redcodeDuel(t)
	w.InspectProcess(1)
	w.SelectProcess(1) // the trace records Imp's instructions
	h.settle(t)
	if next, _, _, _ := w.engine(t); next == 1 {
		w.stepInstr() // Dwarf's turn: Imp's Step must wait for it
		h.settle(t)
	}
	before, dwarf := w.tracedExecs(), w.snap.Stats[0].Executed
	h.clickWhere(t, "Imp's Step", panelsRight, func(l string) bool { return l == "Step" })
	h.settle(t)
	if got := w.tracedExecs(); got != before+1 {
		t.Fatalf("Imp's Step ran %d of Imp's instructions, want 1", got-before)
	}
	if got := w.snap.Stats[0].Executed; got != dwarf+1 {
		t.Fatalf("Dwarf ran %d instructions during Imp's step, want the 1 before Imp's turn", got-dwarf)
	}
	if next, _, _, _ := w.engine(t); next != 0 {
		t.Fatalf("after Imp's step process %d is next, want Dwarf", next)
	}
}

func TestExecuteBreakpointPausesBeforeTheAddress(t *testing.T) {
	w, h := redcodeDuel(t)
	x := dwarfStart(w)
	h.clickLine(t, x+2) // the JMP
	h.frame()
	if _, ok := h.findText(fmt.Sprintf("● %5d  JMP", x+2)); !ok {
		t.Fatal("the line clicked is not marked as a breakpoint")
	}
	last := int64(-1)
	for range 3 {
		h.clickLabel(t, "Start")
		h.settle(t)
		next, pc, _, cycle := w.engine(t)
		if w.snap.Over || next != 0 || pc != x+2 || cycle <= last {
			t.Fatalf("after Start: over %v, process %d at %d in cycle %d; want Dwarf about to run %d after cycle %d", w.snap.Over, next, pc, cycle, x+2, last)
		}
		if n := w.insp.notice; !strings.HasPrefix(n, "Breakpoint") {
			t.Fatalf("notice %q", n)
		}
		last = cycle
	}
}

func TestWriteWatchPausesOnTheWrite(t *testing.T) {
	w, h := redcodeDuel(t)
	x := dwarfStart(w)
	line, ok := h.find(fmt.Sprintf("  %5d  DAT", x+3))
	if !ok {
		t.Fatal("the bomb's line is not listed")
	}
	h.clickRowOf(t, "watch", line)
	if _, ok := h.findText("watching"); !ok {
		t.Fatal("no watch set")
	}
	var last string
	w.run.withEngine(func(e corewars.Engine) { last = e.Cell(x + 3).Text })
	for range 3 {
		h.clickLabel(t, "Start")
		h.settle(t)
		var now string
		var pc int
		w.run.withEngine(func(e corewars.Engine) { now, pc = e.Cell(x+3).Text, e.Threads(0, nil, -1)[0] })
		if w.snap.Over || now == last || pc != x+1 {
			t.Fatalf("after Start: over %v, cell %d %q (was %q), Dwarf at %d; want a pause right after the ADD wrote it", w.snap.Over, x+3, now, last, pc)
		}
		if n := w.insp.notice; !strings.HasPrefix(n, fmt.Sprintf("Watch: cell %d", x+3)) {
			t.Fatalf("notice %q", n)
		}
		last = now
	}
}

func TestBackOneCycleIsAFreshGameAtThatCycle(t *testing.T) {
	w, h := redcodeDuel(t)
	w.block(300)
	h.settle(t)
	var rc *recipe
	w.run.withEngine(func(corewars.Engine) { rc = w.run.insp.recipe })
	fresh := func(c int) string {
		g, err := rc.build()
		if err != nil {
			t.Fatal(err)
		}
		g.Run(c)
		return engineState(g)
	}
	h.clickLabel(t, "← 1 cycle")
	h.settle(t)
	if _, _, got, c := w.engine(t); c != 299 || got != fresh(299) {
		t.Fatalf("← 1 cycle from 300 went to cycle %d, or not to a fresh game's state at 299", c)
	}
	h.r.Queue(key.Event{Name: key.NameLeftArrow, State: key.Press})
	h.frame()
	h.settle(t)
	if _, _, got, c := w.engine(t); c != 298 || got != fresh(298) {
		t.Fatalf("← from 299 went to cycle %d, or not to a fresh game's state at 298", c)
	}
	if _, ok := h.findText("cycle 298 of 300"); !ok {
		t.Fatal("the timeline does not say cycle 298 of 300")
	}
	h.clickLabel(t, "Latest →")
	h.settle(t)
	if _, _, got, c := w.engine(t); c != 300 || got != fresh(300) {
		t.Fatalf("Latest → went to cycle %d, or not to a fresh game's state at 300", c)
	}
}

func TestTearOffAnInspectorAndDockIt(t *testing.T) {
	var opened []*TornWindow
	w := New(Config{Roots: []Root{{Name: "bundled", FS: os.DirFS(samples), Home: "."}}, Files: []string{"bundled:dwarf.red", "bundled:imp.red"}, Seed: 42,
		OpenWindow: func(tw *TornWindow) { opened = append(opened, tw) }})
	t.Cleanup(w.Close)
	h := newHarness(w)
	h.frame()
	x := dwarfStart(w)
	w.InspectProcess(0)
	h.frame()
	h.clickWhere(t, "Dwarf's Window button", panelsRight, func(l string) bool { return l == "Window" })
	if got := w.TornOff(); len(got) != 1 || got[0] != 0 || len(opened) != 1 {
		t.Fatalf("torn off %v, %d windows opened; want Dwarf's in one", got, len(opened))
	}
	if _, ok := h.findText("Process 0 · "); ok {
		t.Fatal("the torn-off panel is still beside the core")
	}
	tw := opened[0]
	closed := false
	tw.Bind(func() {}, func() { closed = true })
	th := &harness{w: w, now: h.now, draw: func(gtx layout.Context) { tw.Layout(gtx) }}
	h.settle(t) // the main window takes the snapshot with Dwarf's view
	th.frame()
	if _, ok := th.findText("Process 0 · "); !ok || !strings.HasPrefix(tw.Title(), "Dwarf · process 0") {
		t.Fatalf("the torn-off window (title %q) does not show Dwarf's panel", tw.Title())
	}
	// A breakpoint set in the torn-off window stops the game the main window runs.
	th.clickLineLeftOf(t, x+2, winSize.X)
	h.frame()
	h.clickLabel(t, "Start")
	h.settle(t)
	if next, pc, _, _ := w.engine(t); next != 0 || pc != x+2 {
		t.Fatalf("process %d at %d; want Dwarf stopped before %d", next, pc, x+2)
	}
	// Its Step runs Dwarf's JMP.
	th.frame()
	th.clickWhere(t, "Step", winSize.X, func(l string) bool { return l == "Step" })
	h.settle(t)
	var dpc int
	w.run.withEngine(func(e corewars.Engine) { dpc = e.Threads(0, nil, -1)[0] })
	if dpc != x {
		t.Fatalf("after Step in the torn-off window Dwarf is at %d, want %d (its JMP ran)", dpc, x)
	}
	// Its keys: S steps this warrior.
	th.r.Queue(key.Event{Name: "S", State: key.Press})
	th.frame()
	h.settle(t)
	w.run.withEngine(func(e corewars.Engine) { dpc = e.Threads(0, nil, -1)[0] })
	if dpc != x+1 {
		t.Fatalf("after S in the torn-off window Dwarf is at %d, want %d (its ADD ran)", dpc, x+1)
	}
	th.clickWhere(t, "Dock", winSize.X, func(l string) bool { return l == "Dock" })
	h.frame()
	if len(w.TornOff()) != 0 || !closed {
		t.Fatalf("after Dock: torn off %v, window closed %v", w.TornOff(), closed)
	}
	if _, ok := h.findText("Process 0 · "); !ok {
		t.Fatal("the docked panel is not back beside the core")
	}
	// T tears the newest inspector off again.
	h.r.Queue(key.Event{Name: "T", State: key.Press})
	h.frame()
	if got := w.TornOff(); len(got) != 1 || len(opened) != 2 {
		t.Fatalf("after T: torn off %v, %d windows opened", got, len(opened))
	}
	// In the torn-off window the main window's keys act (+ is faster), and T docks it back,
	// as in the RoboCom mode's torn-off debugger: it took Space, S, ← and N only.
	tw2 := opened[1]
	closed = false
	tw2.Bind(func() {}, func() { closed = true })
	th2 := &harness{w: w, now: h.now, draw: func(gtx layout.Context) { tw2.Layout(gtx) }}
	th2.frame()
	speed := w.controls.speed.Index
	th2.r.Queue(key.Event{Name: "+", State: key.Press})
	th2.frame()
	h.frame()
	if w.controls.speed.Index != speed+1 {
		t.Errorf("+ in the torn-off window: speed %d, want %d", w.controls.speed.Index, speed+1)
	}
	th2.r.Queue(key.Event{Name: "T", State: key.Press})
	th2.frame()
	if len(w.TornOff()) != 0 || !closed {
		t.Errorf("T in the torn-off window: torn off %v, window closed %v; want it docked", w.TornOff(), closed)
	}
}

// An inspector of a process the game does not have (removing its player closes its panel, but
// a game that cannot be made has no processes at all) is drawn in no program's colour, and
// its Step says the process is not in the game: it was drawn in the first program's colour,
// and Step said "This warrior is dead".
func TestInspectorOfAProcessNotInTheGame(t *testing.T) {
	w, h := redcodeDuel(t)
	w.InspectProcess(1)
	h.settle(t)
	// Imp's Remove: the lower of the two.
	byID := goldentest.Semantics(&h.r)
	var remove image.Rectangle
	for _, n := range byID {
		if b, ok := goldentest.ClickableBounds(byID, n); ok && n.Desc.Label == "Remove" && b.Min.Y > remove.Min.Y {
			remove = b
		}
	}
	if remove.Empty() {
		t.Fatal("no Remove button")
	}
	c := remove.Min.Add(remove.Max).Div(2)
	h.click(f32.Pt(float32(c.X), float32(c.Y)))
	h.settle(t)
	if len(w.players) != 1 || len(w.snap.Stats) != 1 {
		t.Fatalf("after removing Imp: %d players, %d processes", len(w.players), len(w.snap.Stats))
	}
	if got := w.Inspectors(); !slices.Equal(got, []int{0}) {
		t.Fatalf("after removing Imp the inspectors are %v, want Dwarf's", got)
	}
	w.InspectProcess(1)
	h.settle(t)
	if _, ok := h.findText("Process 1 is not in this game."); !ok {
		t.Fatal("the panel of process 1 does not say it is not in the game")
	}
	for i := range MaxPlayers {
		if w.colorOf(1) == kit.PaletteColor(i) {
			t.Errorf("the panel of a process not in the game is drawn in program %d's colour", i)
		}
	}
	h.clickWhere(t, "the Step of process 1's panel", panelsRight, func(l string) bool { return l == "Step" })
	h.settle(t)
	if want := "Process 1 is not in this game"; !strings.HasPrefix(w.insp.notice, want) {
		t.Errorf("Step on process 1's panel says %q, want %q…", w.insp.notice, want)
	}
}

// breaksSent is what the simulation checks: the breakpoints per process and the watches.
func (w *Window) breaksSent() (b Breaks) {
	w.run.withEngine(func(corewars.Engine) { b = w.run.insp.breaks })
	return b
}

// A panel belongs to its warrior, not to a process number. Removing the first warrior closed
// nothing: Dwarf's panel, its breakpoint and watch became process 0's, the Scanner's. Now
// the removed warrior's panel closes, and the others move with their warriors, breakpoints
// included.
func TestRemovingAWarriorClosesItsInspector(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.red", "bundled:scanner.red", "bundled:imp.red")
	h := newHarness(w)
	h.frame()
	h.clickBelow(t, "Dwarf", "Players")
	h.clickBelow(t, "Scanner", "Players")
	h.settle(t)
	if got := w.Inspectors(); !slices.Equal(got, []int{0, 1}) {
		t.Fatalf("inspectors %v, want Dwarf's and the Scanner's [0 1]", got)
	}
	var dwarf, scanner int
	w.run.withEngine(func(e corewars.Engine) { dwarf, scanner = e.Threads(0, nil, -1)[0], e.Threads(1, nil, -1)[0] })
	h.clickLine(t, dwarf+2) // Dwarf's JMP
	line, ok := h.find(fmt.Sprintf("  %5d  DAT", dwarf+3))
	if !ok {
		t.Fatal("Dwarf's bomb is not listed")
	}
	h.clickRowOf(t, "watch", line)
	h.clickLine(t, scanner+1) // the Scanner's SNE
	h.frame()
	if b := w.breaksSent(); !slices.Equal(b.Exec[0], []int{dwarf + 2}) || !slices.Equal(b.Exec[1], []int{scanner + 1}) || !slices.Equal(b.Watch, []int{dwarf + 3}) {
		t.Fatalf("breakpoints sent %v, watches %v", b.Exec, b.Watch)
	}
	h.r.Queue(key.Event{Name: "S", State: key.Press}) // one instruction: a game under way
	h.frame()
	h.settle(t)
	h.clickLabel(t, "Remove") // Dwarf's, the first
	h.asked(t, "Remove Dwarf and restart the game?")
	h.answer(t, "Remove")
	h.settle(t)
	if len(w.players) != 2 || len(w.snap.Stats) != 2 {
		t.Fatalf("after removing Dwarf: %d players, %d processes", len(w.players), len(w.snap.Stats))
	}
	if got := w.Inspectors(); !slices.Equal(got, []int{0}) {
		t.Fatalf("after removing Dwarf the inspectors are %v, want only the Scanner's, now process 0", got)
	}
	if _, ok := h.findText(fmt.Sprintf("Pause after a write to: %d", dwarf+3)); ok {
		t.Error("Dwarf's watch is still listed")
	}
	if _, ok := h.findText(fmt.Sprintf("Pause before it executes at: %d", scanner+1)); !ok {
		t.Error("the Scanner's panel lost its breakpoint")
	}
	if n := w.insp.notice; n != "Closed the inspector of Dwarf: it is not in the game any more." {
		t.Errorf("notice %q", n)
	}
	if b := w.breaksSent(); len(b.Exec) != 1 || !slices.Equal(b.Exec[0], []int{scanner + 1}) || len(b.Watch) != 0 {
		t.Fatalf("after removing Dwarf the breakpoints sent are %v, watches %v; want the Scanner's as process 0's", b.Exec, b.Watch)
	}
	// Its header names the Scanner, in the Scanner's colour.
	if p := w.insp.strip.Panels[0]; w.processName(p.proc) != "Scanner" || w.colorOf(p.proc) != kit.PaletteColor(0) {
		t.Errorf("the panel is %q", w.processName(p.proc))
	}
}

// Copies: one more of the first program moves the second's panel to its new number with its
// breakpoint; one fewer closes the last copy's panel.
func TestInspectorsFollowCopies(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	h.clickBelow(t, "+", "Players") // Dwarf ×2: processes Dwarf #1, Dwarf #2, Imp
	h.settle(t)
	w.InspectProcess(1) // Dwarf #2
	w.InspectProcess(2) // Imp
	h.frame()           // sends the panels' processes
	h.settle(t)         // and shows their views
	var imp int
	w.run.withEngine(func(e corewars.Engine) { imp = e.Threads(2, nil, -1)[0] })
	h.clickLine(t, imp)
	h.frame()
	if b := w.breaksSent(); !slices.Equal(b.Exec[2], []int{imp}) {
		t.Fatalf("breakpoints sent %v, want Imp's (process 2) at %d", b.Exec, imp)
	}
	h.clickBelow(t, "+", "Players") // Dwarf ×3
	h.settle(t)
	if got := w.Inspectors(); !slices.Equal(got, []int{1, 3}) {
		t.Fatalf("after a third Dwarf the inspectors are %v, want Dwarf #2's and Imp's [1 3]", got)
	}
	if b := w.breaksSent(); len(b.Exec) != 1 || !slices.Equal(b.Exec[3], []int{imp}) {
		t.Fatalf("after a third Dwarf the breakpoints sent are %v, want Imp's as process 3's", b.Exec)
	}
	h.clickBelow(t, "−", "Players")
	h.clickBelow(t, "−", "Players") // Dwarf ×1: Dwarf #2 is gone
	h.settle(t)
	if got := w.Inspectors(); !slices.Equal(got, []int{1}) {
		t.Fatalf("with one Dwarf the inspectors are %v, want Imp's [1]", got)
	}
	if b := w.breaksSent(); len(b.Exec) != 1 || !slices.Equal(b.Exec[1], []int{imp}) {
		t.Fatalf("with one Dwarf the breakpoints sent are %v, want Imp's as process 1's", b.Exec)
	}
	if n := w.insp.notice; n != "Closed the inspector of Dwarf #2: it is not in the game any more." {
		t.Errorf("notice %q", n)
	}
}

// A smaller core drops the breakpoints and watches outside it, in the panel and in the
// engine alike, and says so. The engine took them modulo the new size: a watch the panel
// listed as 5229 stopped at writes to cell 829 ("Watch: cell 829 was written by…").
func TestSmallerCoreDropsBreakpointsOutsideIt(t *testing.T) {
	w, h := redcodeDuel(t)
	h.clickBelow(t, "Imp", "Players")
	h.settle(t)
	x, imp := dwarfStart(w), -1
	w.run.withEngine(func(e corewars.Engine) { imp = e.Threads(1, nil, -1)[0] })
	if imp < 1100+1 {
		t.Fatalf("Imp starts at %d, inside the smaller core: this seed does not test it", imp)
	}
	h.clickLine(t, x+2) // Dwarf's JMP: inside both cores
	h.clickLine(t, imp) // Imp's MOV
	line, ok := h.find(fmt.Sprintf("  %5d  DAT", imp+1))
	if !ok {
		t.Fatal("the cell after Imp is not listed")
	}
	h.clickRowOf(t, "watch", line)
	h.frame()
	if b := w.breaksSent(); len(b.Exec) != 2 || len(b.Watch) != 1 {
		t.Fatalf("breakpoints sent %v, watches %v", b.Exec, b.Watch)
	}
	h.clickLabel(t, "Parameters")
	w.prm.size.SetText("1100")
	w.prm.minDist.SetText("10")
	h.clickLabel(t, "Apply and restart")
	h.settle(t)
	if w.snap.Size != 1100 || len(w.snap.Stats) != 2 {
		t.Fatalf("after Apply: a core of %d cells, %d processes (%q)", w.snap.Size, len(w.snap.Stats), w.prm.err)
	}
	want := fmt.Sprintf("The core has 1100 cells now: dropped Imp's breakpoint at %d and watch at %d.", imp, imp+1)
	if n := w.insp.notice; n != want {
		t.Errorf("notice %q, want %q", n, want)
	}
	if _, ok := h.findText(want); !ok {
		t.Error("the notice is not on screen")
	}
	for _, gone := range []string{fmt.Sprintf("Pause before it executes at: %d", imp), fmt.Sprintf("Pause after a write to: %d", imp+1)} {
		if _, ok := h.findText(gone); ok {
			t.Errorf("Imp's panel still says %q", gone)
		}
	}
	if _, ok := h.findText(fmt.Sprintf("Pause before it executes at: %d", x+2)); !ok {
		t.Error("Dwarf's breakpoint inside the core was dropped")
	}
	b := w.breaksSent()
	if len(b.Exec) != 1 || !slices.Equal(b.Exec[0], []int{x + 2}) || len(b.Watch) != 0 {
		t.Fatalf("after Apply the breakpoints sent are %v, watches %v; want Dwarf's %d only", b.Exec, b.Watch, x+2)
	}
	// The simulation takes none outside the core modulo its size, sent or not.
	var wrapped []int
	w.run.withEngine(func(e corewars.Engine) {
		in := inspectState{breaks: Breaks{Exec: map[int][]int{1: {imp}}, Watch: []int{imp + 1}}}
		wrapped = in.breakpoints(e).Watched()
	})
	if len(wrapped) != 0 {
		t.Errorf("a watch on %d outside a 1100-cell core watches %v", imp+1, wrapped)
	}
}

// An inspector of a finished round says so: it kept saying whose turn came next, as though
// the round could go on.
func TestInspectorSaysTheRoundIsOver(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.red", "bundled:imp.red")
	h := newHarness(w)
	h.frame()
	h.applySeries(t, "20", "1")
	w.InspectProcess(0)
	h.waitText(t, "Process 0 · 1 thread; ")
	h.clickLabel(t, "Start")
	h.seriesOver(t, 1)
	h.waitText(t, "Process 0 · 1 thread; the round is over.")
}

// A panel opened on a paused game says nothing false before its first view arrives: it
// said "Process 1 is not in this game." for a publish.
func TestNewInspectorBeforeItsFirstView(t *testing.T) {
	w, h := redcodeDuel(t)
	w.InspectProcess(1)
	h.frame()
	if _, ok := h.findText("Process 1 is not in this game"); ok {
		t.Fatal("a new panel of a process in the game says it is not in the game")
	}
	h.waitText(t, "Process 1 · 1 thread")
}

// "Latest →" goes back to the furthest moment played, also when single steps went into its
// time slice: it went to the slice's beginning, or did nothing when already there.
func TestLatestReturnsIntoTheFurthestSlice(t *testing.T) {
	w, h := redcodeDuel(t)
	w.block(300)
	h.settle(t)
	w.stepInstr() // Dwarf's instruction of time slice 300, Imp's still to come
	h.settle(t)
	_, _, stepped, c := w.engine(t)
	if c != 300 || !w.snap.MidSlice {
		t.Fatalf("after one step: cycle %d, mid-slice %v; want inside time slice 300", c, w.snap.MidSlice)
	}
	h.clickLabel(t, "← 1 cycle")
	h.settle(t)
	if _, _, _, c := w.engine(t); c != 300 || w.snap.MidSlice {
		t.Fatalf("← 1 cycle went to cycle %d (mid-slice %v), want the beginning of 300", c, w.snap.MidSlice)
	}
	h.clickLabel(t, "Latest →")
	h.settle(t)
	if _, _, got, c := w.engine(t); c != 300 || got != stepped || !w.snap.MidSlice {
		t.Fatalf("Latest → went to cycle %d (mid-slice %v), not to the step into 300 played before", c, w.snap.MidSlice)
	}
	// From further back too, and the slider's end is the same moment.
	h.clickLabel(t, "← 1 cycle")
	h.settle(t)
	h.clickLabel(t, "← 1 cycle")
	h.settle(t)
	if _, _, _, c := w.engine(t); c != 299 {
		t.Fatalf("two ← from inside 300 went to cycle %d, want 299", c)
	}
	h.clickLabel(t, "Latest →")
	h.settle(t)
	if _, _, got, c := w.engine(t); c != 300 || got != stepped {
		t.Fatalf("Latest → from 299 went to cycle %d, or not to the step into 300", c)
	}
}
