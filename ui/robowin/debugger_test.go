package robowin

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"gioui.org/f32"
	"gioui.org/io/input"
	"gioui.org/io/key"

	"robocom/arena"
	"robocom/robolang"
	"robocom/ui/internal/goldentest"
	"robocom/ui/kit"
)

// Programs of the debugger tests: a factory that fills the board (robots are born and die),
// a counter whose #1 grows, and a spinner.
var debugSources = map[string]string{
	"factory.rob": "Name Factory\nBank Main\n@l\nCreate 2, 1, 1\nTrans 1, 1\nSet %Active, 1\nTurn 1\nJump @l\n",
	"counter.rob": "Name Counter\nBank Main\n@l\nAdd #1, 1\nTurn 1\nScan #2\nJump @l\n",
	"spinner.rob": "Name Spinner\nBank Main\n@loop\nTurn 1\nJump @loop\n",
	"mayfly.rob":  "Name Mayfly\nBank Main\n@l\nCreate 0, 1, 0\nTrans 2, 1\nSet %Active, 1\nTurn 1\nJump @l\nBank Short\nDie\n",
	"killer.rob":  "Name Killer\nBank Main\n@l\nScan #1\nComp #1, 1\nJump @t\nTrans 2, 1\n@t\nTurn 1\nJump @l\nBank Poison\nDie\n",
}

// newDebugHarness is newHarness over the debugger programs, with the disk as a second root.
func newDebugHarness(t *testing.T, files ...string) *harness {
	t.Helper()
	m := fstest.MapFS{}
	for name, src := range debugSources {
		m[name] = &fstest.MapFile{Data: []byte(src)}
	}
	h := &harness{t: t, size: image.Pt(1400, 900)}
	h.u = New(Config{
		Load:    LoadProgram,
		NewGame: NewArenaGame,
		Options: ArenaOptions{},
		Roots:   []Root{{Name: "test", FS: m, Home: "."}, {Name: "disk", FS: os.DirFS("/"), Home: "."}},
		Files:   files,
	})
	t.Cleanup(h.u.Close)
	h.u.SetSeed(4242) // the same games on every run
	h.frame()
	return h
}

// onSim runs f on the simulation goroutine with the tape and waits for it.
func (h *harness) onSim(f func(t *tapeGame)) {
	h.t.Helper()
	done := make(chan bool)
	h.u.run.do(func(s *runState) {
		t, ok := s.tape, s.tape != nil
		if ok {
			f(t)
		}
		done <- ok
	})
	if !<-done {
		h.t.Fatal("the game is not a tapeGame")
	}
}

// engineRobot is the engine's own view of robot id, now.
func (h *harness) engineRobot(id int) (v arena.RobotView) {
	h.onSim(func(t *tapeGame) { v, _ = t.eng.Robot(id) })
	return v
}

// texts lists every label on screen.
func (h *harness) texts() []string {
	var out []string
	var walk func(n input.SemanticNode)
	walk = func(n input.SemanticNode) {
		if n.Desc.Label != "" {
			out = append(out, n.Desc.Label)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	for _, n := range h.r.AppendSemantics(nil) {
		walk(n)
	}
	return out
}

func (h *harness) shows(s string) bool {
	for _, l := range h.texts() {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// stepTo runs the game to cycle c with the Step control and waits until the window shows it.
func (h *harness) stepTo(c int) {
	h.t.Helper()
	n := c - h.u.Snapshot().Cycle
	if n <= 0 {
		return
	}
	h.u.Runner().SetSpeed(0)
	h.u.Runner().StepN(n)
	h.waitFor(fmt.Sprintf("cycle %d", c), func() bool { return h.u.Snapshot().Cycle == c && !h.u.Snapshot().Running })
}

// settle lays out frames until the debuggers show the engine's present.
func (h *harness) settle() {
	h.t.Helper()
	h.waitFor("the debuggers to catch up", func() bool {
		h.u.dbg.mu.Lock()
		defer h.u.dbg.mu.Unlock()
		p := h.u.dbg.pub
		return !h.u.dbg.fetching.Load() && p.game == h.u.snap.Game && p.cycle == h.u.snap.Cycle &&
			h.u.dbg.asked == debugKey{h.u.snap.Game, h.u.snap.Cycle, h.u.dbg.dirty}
	})
}

// clickNth clicks the n-th (from the top, 0-based) button labelled label.
func (h *harness) clickNth(label string, n int) {
	h.t.Helper()
	var found []image.Rectangle
	var walk func(n input.SemanticNode, parent *input.SemanticNode)
	walk = func(nd input.SemanticNode, parent *input.SemanticNode) {
		if nd.Desc.Label == label && parent != nil {
			found = append(found, parent.Desc.Bounds)
		}
		for _, c := range nd.Children {
			walk(c, &nd)
		}
	}
	for _, nd := range h.r.AppendSemantics(nil) {
		walk(nd, nil)
	}
	sort.Slice(found, func(i, j int) bool { return found[i].Min.Y < found[j].Min.Y })
	if n >= len(found) {
		h.t.Fatalf("only %d buttons labelled %q", len(found), label)
	}
	c := found[n].Min.Add(found[n].Max).Div(2)
	h.click(f32.Pt(float32(c.X), float32(c.Y)))
}

func (h *harness) openByClick(id int) {
	h.t.Helper()
	for _, r := range h.u.Snapshot().Robots {
		if r.ID == id {
			h.click(h.u.Board().FieldCenter(r.X, r.Y))
			return
		}
	}
	h.t.Fatalf("robot %d is not on the board", id)
}

func TestTwoDebuggersFollowTheEngine(t *testing.T) {
	h := newDebugHarness(t, "test:counter.rob", "test:spinner.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(1)
	h.openByClick(2)
	if got := h.u.Debuggers(); !reflect.DeepEqual(got, []int{1, 2}) {
		t.Fatalf("open debuggers = %v, want [1 2]", got)
	}
	for _, c := range []int{7, 20, 33} {
		h.stepTo(c)
		h.settle()
		for _, id := range []int{1, 2} {
			got, ok := h.u.DebugView(id)
			want := h.engineRobot(id)
			if !ok || !reflect.DeepEqual(got, want) {
				t.Fatalf("cycle %d: debugger %d shows %+v, engine has %+v", c, id, got, want)
			}
			where := fmt.Sprintf("At (%d, %d) facing %s", want.X, want.Y, want.Dir)
			if !h.shows(where) {
				t.Errorf("cycle %d: debugger %d does not show %q; on screen: %q", c, id, where, h.texts())
			}
		}
		// The code shows labels by name, with the number the robot sees.
		if !h.shows("JUMP @l  ; -3") || !h.shows("@l") {
			t.Errorf("cycle %d: the counter's code does not show its label: %q", c, h.texts())
		}
		// The counter's #1 counts its completed ADDs: the panel shows the engine's value.
		if v := h.engineRobot(1).Vars[0]; v == 0 {
			t.Errorf("cycle %d: the counter's #1 is still 0", c)
		}
	}
	// While running, the panels keep following.
	h.u.Runner().SetSpeed(2000)
	h.u.ToggleRun()
	h.waitFor("the game to run on", func() bool { return h.u.Snapshot().Cycle > 200 })
	seen := map[int16]bool{}
	for i := 0; i < 40; i++ {
		time.Sleep(5 * time.Millisecond)
		h.frame()
		if v, ok := h.u.DebugView(1); ok {
			seen[v.Vars[0]] = true
		}
	}
	live := len(seen) - 1
	h.u.Runner().Pause()
	h.waitFor("the pause", func() bool { return !h.u.Snapshot().Running })
	if live == 0 {
		t.Error("the debugger did not update while the game ran")
	}
	h.settle()
	got, _ := h.u.DebugView(1)
	if want := h.engineRobot(1); !reflect.DeepEqual(got, want) {
		t.Errorf("after running: debugger 1 shows %+v, engine has %+v", got, want)
	}
}

// typeInto replaces the text of an editor as a user would: focus, select all, type, Enter.
func (h *harness) typeInto(ed interface{ Text() string }, tag any, text string, enter bool) {
	h.t.Helper()
	h.r.Source().Execute(key.FocusCmd{Tag: tag})
	h.frame()
	n := len([]rune(ed.Text()))
	h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: n}, Text: text})
	h.frame()
	if enter {
		h.r.Queue(key.Event{Name: key.NameReturn, State: key.Press}, key.Event{Name: key.NameReturn, State: key.Release})
		h.frame()
	}
	h.frame()
}

func TestEditVariableChangesEngine(t *testing.T) {
	h := newDebugHarness(t, "test:spinner.rob", "test:counter.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(1)
	h.stepTo(5)
	h.settle()
	p := h.u.dbg.strip.Panels[0]
	h.typeInto(&p.vars[7], &p.vars[7], "1234", true)
	h.settle()
	if got := h.engineRobot(1).Vars[6]; got != 1234 {
		t.Fatalf("after typing 1234 into #7, the engine's #7 = %d", got)
	}
	// #Active: 0 freezes the robot, while the game runs.
	h.u.Runner().SetSpeed(1000)
	h.u.ToggleRun()
	h.typeInto(&p.vars[0], &p.vars[0], "0", true)
	h.waitFor("robot 1 inactive", func() bool { return h.engineRobot(1).Active == 0 })
	h.u.ToggleRun()
	h.waitFor("the pause", func() bool { return !h.u.Snapshot().Running })
	v := h.engineRobot(1)
	h.stepTo(h.u.Snapshot().Cycle + 50)
	if w := h.engineRobot(1); w.Dir != v.Dir || w.Instr != v.Instr {
		t.Errorf("an inactive robot went on: %v/%d then %v/%d", v.Dir, v.Instr, w.Dir, w.Instr)
	}
	// A value out of range is refused with a sentence and changes nothing.
	h.typeInto(&p.vars[2], &p.vars[2], "99999", true)
	if !strings.Contains(h.u.dbg.notice, "-32768 to 32767") {
		t.Errorf("no notice for an out-of-range value: %q", h.u.dbg.notice)
	}
	if got := h.engineRobot(1).Vars[1]; got != 0 {
		t.Errorf("#2 = %d after a refused edit", got)
	}
}

// allRobots is every living robot of the engine, with its cycle, deaths and counts.
type gameState struct {
	Cycle  int
	Robots []arena.RobotView
	Counts []int
	Deaths []arena.Death
}

func stateOf(g *arena.Game) gameState {
	return gameState{g.Cycle(), g.Robots(), g.TeamCounts(), g.Deaths()}
}

func TestRewindEqualsFirstSnapshot(t *testing.T) {
	h := newDebugHarness(t, "test:factory.rob", "test:mayfly.rob", "test:counter.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 3 })
	const c = 800
	h.stepTo(c)
	var first gameState
	var snap *arena.Snapshot
	var progs []*robolang.Program
	var opts arena.Options
	var seed int64
	h.onSim(func(t *tapeGame) {
		first, snap = stateOf(t.eng), t.eng.Snapshot()
		progs, opts, seed = t.eng.Programs(), t.eng.Options(), t.eng.Seed()
	})
	if len(first.Robots) < 4 {
		t.Fatalf("the test game is too quiet: %d robots at cycle %d", len(first.Robots), c)
	}
	h.stepTo(c + 1500) // past several snapshot intervals, with births and deaths
	var later gameState
	h.onSim(func(t *tapeGame) { later = stateOf(t.eng) })
	if len(later.Deaths) == len(first.Deaths) {
		t.Fatalf("no deaths between cycles %d and %d", c, c+1500)
	}

	// Back to c+1 with the timeline, then one cycle back with the button.
	h.u.SeekCycle(c + 1)
	h.waitFor("the rewind", func() bool { return h.u.Snapshot().Cycle == c+1 })
	h.settle()
	h.clickLabel("← 1 cycle")
	h.waitFor("one cycle back", func() bool { return h.u.Snapshot().Cycle == c })
	var got gameState
	h.onSim(func(t *tapeGame) { got = stateOf(t.eng) })
	if !reflect.DeepEqual(got, first) {
		t.Fatalf("after rewinding to cycle %d the game differs from the snapshot first taken there:\n got %+v\nwant %+v", c, got, first)
	}
	// The rewound game and a game restored from the first snapshot go on identically.
	ref, err := arena.New(arena.Config{Programs: progs, Options: &opts, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	ref.Restore(snap)
	ref.RunUntil(c + 400)
	h.stepTo(c + 400)
	h.onSim(func(t *tapeGame) { got = stateOf(t.eng) })
	if want := stateOf(ref); !reflect.DeepEqual(got, want) {
		t.Fatalf("after the rewind, cycle %d differs from the reference game", c+400)
	}
	// Forward again within the tape: the furthest cycle is still reachable.
	h.u.SeekCycle(c + 1500)
	h.waitFor("forward to the latest", func() bool { return h.u.Snapshot().Cycle == c+1500 })
	h.onSim(func(t *tapeGame) { got = stateOf(t.eng) })
	if !reflect.DeepEqual(got, later) {
		t.Fatalf("moving forward to cycle %d again gave another state", c+1500)
	}
	// The graph and the event log were cut back and replayed, not doubled.
	if n := len(h.u.hist.Counts); n != c+1500 {
		t.Errorf("the graph has %d entries after moving around, want %d", n, c+1500)
	}
}

func TestRewindReplaysEdits(t *testing.T) {
	h := newDebugHarness(t, "test:counter.rob", "test:spinner.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.stepTo(100)
	h.u.SetRobotVar(1, 1, -500)
	h.stepTo(300)
	var at300 arena.RobotView
	h.onSim(func(t *tapeGame) { at300, _ = t.eng.Robot(1) })
	h.u.SeekCycle(50)
	h.waitFor("the rewind", func() bool { return h.u.Snapshot().Cycle == 50 })
	h.stepTo(300)
	if got := h.engineRobot(1); !reflect.DeepEqual(got, at300) {
		t.Fatalf("replaying over an edit: #1 = %d, want %d", got.Vars[0], at300.Vars[0])
	}
}

func TestBreakpointAtInstruction(t *testing.T) {
	h := newDebugHarness(t, "test:counter.rob", "test:spinner.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(1)
	h.stepTo(3)
	h.settle()
	p := h.u.dbg.strip.Panels[0]
	// Click line 3 (Scan #2) of the counter's code.
	h.clickLabel("SCAN #2")
	if !p.bps[[2]int{1, 3}] {
		t.Fatalf("clicking the line set no breakpoint: %v", p.bps)
	}
	h.u.Runner().SetSpeed(0)
	h.u.ToggleRun()
	h.waitFor("the breakpoint", func() bool { return !h.u.Snapshot().Running && h.u.dbg.notice != "" })
	if pr := h.probe(1); pr.Bank != 1 || pr.Instr != 3 {
		t.Fatalf("paused with robot 1 at %d:%d, want 1:3 (%s)", pr.Bank, pr.Instr, h.u.dbg.notice)
	}
	if !strings.Contains(h.u.dbg.notice, "reached bank 1, instruction 3") {
		t.Errorf("notice = %q", h.u.dbg.notice)
	}
	// Step this robot's next instruction: it executes Scan and stands at Jump.
	h.clickLabel("Step instruction")
	h.waitFor("the step", func() bool { return h.probe(1).Instr == 4 })
}

func (h *harness) probe(id int) (p arena.Probe) {
	h.onSim(func(t *tapeGame) { p = t.eng.Probe(id) })
	return p
}

func TestBreakOnDeath(t *testing.T) {
	h := newDebugHarness(t, "test:killer.rob", "test:factory.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(2)
	h.settle()
	p := h.u.dbg.strip.Panels[0]
	p.breakTeam.Value = true // "pause if any of its team dies"
	h.frame()
	h.u.Runner().SetSpeed(0)
	h.u.ToggleRun()
	h.waitFor("a factory robot to die", func() bool { return !h.u.Snapshot().Running && h.u.dbg.notice != "" })
	var deaths []arena.Death
	h.onSim(func(t *tapeGame) { deaths = t.eng.Deaths() })
	if len(deaths) == 0 || deaths[len(deaths)-1].Program != 1 || deaths[len(deaths)-1].Cycle != h.u.Snapshot().Cycle {
		t.Fatalf("paused at cycle %d; deaths %v", h.u.Snapshot().Cycle, deaths)
	}
	if !strings.Contains(h.u.dbg.notice, "of Factory died") {
		t.Errorf("notice = %q", h.u.dbg.notice)
	}
	// The dead robot's debugger tells why and when it died.
	d := deaths[len(deaths)-1]
	h.u.OpenDebugger(d.Robot)
	h.settle()
	if want := fmt.Sprintf("Died in cycle %d: %s.", d.Cycle, deathText(d.Reason)); !h.shows(want) {
		t.Errorf("the dead robot's debugger does not say %q: %q", want, h.texts())
	}
}

func TestEditorShowsErrorAtLine(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.rob")
	src := "Name Mine\nBank Main\n@l\nTurn 1\nJump @l\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newDebugHarness(t, "disk:"+strings.TrimPrefix(filepath.ToSlash(path), "/"), "test:spinner.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.clickLabel("Programs…")
	h.clickNth("Edit", 0)
	e := h.u.dbg.prog.ed
	if e == nil || e.path != path {
		t.Fatalf("the editor did not open %s: %+v; on screen %q", path, e, h.texts())
	}
	if !h.shows("No errors") {
		t.Errorf("a good program shows no 'No errors'")
	}
	// Type a bad instruction on line 4.
	h.typeInto(&e.ed, &e.ed, "Name Mine\nBank Main\n@l\nTurnn 1\nJump @l\n", false)
	errs := h.u.EditorErrors()
	if len(errs) == 0 || errs[0].Line != 4 {
		t.Fatalf("errors after typing: %v, want one at line 4", errs)
	}
	if !h.shows(path + ":4:") {
		t.Errorf("the error list does not show %s:4:…; on screen: %q", path, h.texts())
	}
	// One error is counted as one, at its line (it said "1 error, marked at their lines:").
	if !h.shows("1 error, marked at its line:") {
		t.Errorf("the editor's status does not count one error as one: %q", h.texts())
	}
	h.clickLabel("Load into arena")
	if !h.shows("the program has 1 error; fix it first") {
		t.Errorf("loading a program with errors does not say to fix them: %q", h.texts())
	}
	// Fix it, save (atomically) and load it into the arena.
	h.typeInto(&e.ed, &e.ed, "Name Mine2\nBank Main\n@l\nTurn 0\nJump @l\n", false)
	if errs := h.u.EditorErrors(); len(errs) != 0 {
		t.Fatalf("errors after fixing: %v", errs)
	}
	if h.shows("fix it first") { // (the message was about the text before the change)
		t.Errorf("the fixed program still shows the message about its errors: %q", h.texts())
	}
	h.clickLabel("Save")
	if b, _ := os.ReadFile(path); string(b) != "Name Mine2\nBank Main\n@l\nTurn 0\nJump @l\n" {
		t.Fatalf("saved file = %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 { // no temporary file left behind
		t.Errorf("the save left other files: %v", ents)
	}
	// Save as RBI from the editor: beside the source, never over it.
	h.clickLabel("Save as RBI…")
	d := &h.u.dbg.prog.rbi
	if got, want := d.pathEd.Text(), filepath.Join(dir, "mine.rbi"); got != want {
		t.Errorf("the editor suggests %q for the RBI, want %q", got, want)
	}
	h.clickLabel("Save RBI")
	if p, err := robolang.LoadFile(filepath.Join(dir, "mine.rbi"), robolang.Options{}); err != nil || !p.Hidden || p.Name != "Mine2" {
		t.Errorf("the editor's RBI: %v, %v", p, err)
	}
	h.clickLabel("Done")
	// Saving over another existing file asks for a second press.
	other := filepath.Join(dir, "other.rob")
	os.WriteFile(other, []byte("keep me"), 0o644)
	h.typeInto(&e.pathEd, &e.pathEd, other, false)
	h.clickLabel("Save")
	if b, _ := os.ReadFile(other); string(b) != "keep me" || !strings.Contains(e.msg, "press Save again") {
		t.Errorf("saving over an existing file did not ask first: %q", e.msg)
	}
	h.typeInto(&e.pathEd, &e.pathEd, path, false)
	h.clickLabel("Load into arena")
	if got := h.u.Players()[0].Prog.Name; got != "Mine2" {
		t.Errorf("player 1 is %q after loading the edited program", got)
	}
	// Closing with unsaved changes asks for a second press.
	h.typeInto(&e.ed, &e.ed, "Name Changed\n", false)
	h.clickLabel("Close")
	if h.u.dbg.prog.ed == nil {
		t.Fatal("Close discarded unsaved changes at once")
	}
	h.clickLabel("Close")
	if h.u.dbg.prog.ed != nil {
		t.Error("a second Close did not close the editor")
	}
}

func TestTokenize(t *testing.T) {
	got := tokenize("  Add #1, $Banks ; grow")
	want := []token{{2, "Add", synMnemonic}, {6, "#1", synVar}, {8, ",", synPlain}, {10, "$Banks", synConst}, {17, "; grow", synComment}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tokenize = %v, want %v", got, want)
	}
	got = tokenize("Name Big Bad ; x")
	if len(got) != 3 || got[0].color != synHeader || got[1].text != " Big Bad " || got[2].color != synComment {
		t.Errorf("header line: %v", got)
	}
}

func TestSaveAsRBIWritesFileThatLoads(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "killer.rob")
	if err := os.WriteFile(path, []byte(debugSources["killer.rob"]), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newDebugHarness(t, "disk:"+strings.TrimPrefix(filepath.ToSlash(path), "/"), "test:factory.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.clickLabel("Programs…")
	h.clickNth("Save as RBI…", 0)
	d := &h.u.dbg.prog.rbi
	want := filepath.Join(dir, "killer.rbi")
	if got := d.pathEd.Text(); got != want {
		t.Fatalf("suggested %q, want %q", got, want)
	}
	// Refuses to write over the source.
	h.typeInto(&d.pathEd, &d.pathEd, path, true)
	if !d.msgErr {
		t.Fatalf("saving over the .rob was not refused: %q", d.msg)
	}
	h.typeInto(&d.pathEd, &d.pathEd, want, false)
	h.clickLabel("Save RBI")
	if d.msgErr {
		t.Fatalf("save failed: %s", d.msg)
	}
	if b, _ := os.ReadFile(path); string(b) != debugSources["killer.rob"] {
		t.Fatal("the .rob changed")
	}
	rbi, err := robolang.LoadFile(want, robolang.Options{})
	if err != nil {
		t.Fatalf("the RBI does not load: %v", err)
	}
	if !rbi.Hidden {
		t.Error("the RBI program is not hidden")
	}
	// It plays identically: the same game with the .rob and with the .rbi.
	rob, err := robolang.LoadFile(path, robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	other, _ := robolang.Parse("factory.rob", []byte(debugSources["factory.rob"]), robolang.Options{})
	type played struct {
		Result arena.Result
		Events []arena.Event
	}
	play := func(p *robolang.Program) played {
		var evs []arena.Event
		g, err := arena.New(arena.Config{Programs: []*robolang.Program{p, other}, Seed: 99, OnEvent: func(e arena.Event) { evs = append(evs, e) }})
		if err != nil {
			t.Fatal(err)
		}
		g.RunUntil(3000)
		r := g.Result()
		r.Programs = nil // names and files differ by design
		return played{r, evs}
	}
	a, b := play(rob), play(rbi)
	if len(a.Events) < 10 {
		t.Fatalf("the test game is too short: %d events", len(a.Events))
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("the RBI plays differently:\n.rob %+v\n.rbi %+v", a.Result, b.Result)
	}
	// Its debugger shows the banks as hidden.
	h.u.players[0].Prog = rbi
	h.u.newGame()
	h.clickLabel("Back to the board")
	h.waitFor("the new game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(1)
	h.settle()
	if !h.shows(robolang.HiddenText) {
		t.Errorf("the debugger of an RBI robot does not say %q: %q", robolang.HiddenText, h.texts())
	}
	for _, s := range h.texts() {
		if strings.Contains(s, "Poison") || strings.Contains(s, "Scan #1") {
			t.Errorf("hidden code or name shown: %q", s)
		}
	}
}

func TestFollowKeepsRobotSelectedAndInView(t *testing.T) {
	h := newDebugHarness(t, "test:spinner.rob", "test:factory.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(2)
	h.clickLabel("Follow")
	if h.u.dbg.follow != 2 || !h.shows("Following") {
		t.Fatalf("Follow did not follow robot 2 (following %d)", h.u.dbg.follow)
	}
	h.u.Board().Selected = 0
	h.u.Board().SetZoom(5)
	h.stepTo(30)
	h.frame()
	if got := h.u.Board().Selected; got != 2 {
		t.Errorf("selected robot %d while following robot 2", got)
	}
	r := h.engineRobot(2)
	p := h.u.Board().FieldCenter(r.X, r.Y)
	boardW, boardH := float32(1400-400-270), float32(900-60)
	if p.X < 0 || p.Y < 0 || p.X > boardW || p.Y > boardH {
		t.Errorf("zoomed in, the followed robot at %d,%d is drawn at %v, outside the board view", r.X, r.Y, p)
	}
	h.clickLabel("Following")
	if h.u.dbg.follow != 0 {
		t.Error("a second click did not stop following")
	}
}

// TestHiddenBanksShowHidden lays out a debugger of a robot that holds a bank transferred from
// an RBI program: its name and code must not appear, its size must.
func TestHiddenBanksShowHidden(t *testing.T) {
	h := newDebugHarness(t, "test:spinner.rob", "test:counter.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.u.OpenDebugger(1)
	h.settle()
	main := []robolang.Instr{{Op: robolang.OpTurn, N: 1, Args: [3]robolang.Operand{{Kind: robolang.KindNumber, Value: 1}}}}
	v := arena.RobotView{ID: 1, Team: 0, Alive: true, Active: 1, Set: 2, Bank: 2, Instr: 3, InProgress: true, Duration: 5, Remaining: 2,
		Banks: []arena.BankView{{Name: "Main", Code: main, Len: 1, Origin: 0}, {Hidden: true, Len: 7, Origin: 1}}}
	h.u.dbg.mu.Lock()
	h.u.dbg.pub.views[1] = v
	h.u.dbg.mu.Unlock()
	h.frame()
	h.frame()
	for _, want := range []string{"→ 2  (hidden)  (7 instr.)", "1  Main  (1 instr.)", "its 7 instructions are not shown", "in progress: 3 of 5 cycles done"} {
		if !h.shows(want) {
			t.Errorf("the debugger does not show %q: %q", want, h.texts())
		}
	}
}

func TestBankListChoosesListing(t *testing.T) {
	h := newDebugHarness(t, "test:killer.rob", "test:spinner.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(1)
	h.settle()
	h.clickLabel("  2  Poison  (1 instr.)")
	if !h.shows("Bank 2 (it runs bank 1 now)") || !h.shows("DIE") {
		t.Fatalf("clicking bank 2 did not list it: %q", h.texts())
	}
	h.clickLabel("DIE")
	if p := h.u.dbg.strip.Panels[0]; !p.bps[[2]int{2, 1}] {
		t.Errorf("no breakpoint at bank 2, instruction 1: %v", p.bps)
	}
	h.clickLabel("  2  Poison  (1 instr.)")
	if !h.shows("Bank 1, instruction") {
		t.Errorf("a second click did not go back to the current bank: %q", h.texts())
	}
}

func TestTimelineSliderRewinds(t *testing.T) {
	h := newDebugHarness(t, "test:factory.rob", "test:mayfly.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.stepTo(400)
	h.settle()
	left, ok1 := h.findText("Timeline")
	right, ok2 := h.findText("cycle 400 of 400")
	if !ok1 || !ok2 {
		t.Fatalf("the timeline bar is not on screen: %q", h.texts())
	}
	// Click a quarter of the way along the slider, between the two labels.
	// Label bounds are loose at the bottom and right (GIO-NOTES.md): use their top left
	// corners. "Timeline" is about 55 px wide, then comes a 6 px inset.
	x0, x1 := float32(left.Min.X+61), float32(right.Min.X-6)
	y := float32(left.Min.Y + 9)
	h.click(f32.Pt(x0+(x1-x0)/4, y))
	h.waitFor("the rewind", func() bool { return h.u.Snapshot().Cycle < 400 })
	if c := h.u.Snapshot().Cycle; c < 60 || c > 140 {
		t.Errorf("a click a quarter along the timeline went to cycle %d, want about 100", c)
	}
	h.settle()
	if !h.shows(fmt.Sprintf("cycle %d of 400", h.u.Snapshot().Cycle)) {
		t.Errorf("the timeline does not show the new cycle: %q", h.texts())
	}
}

func TestLeftArrowRewindsOneCycle(t *testing.T) {
	h := newDebugHarness(t, "test:factory.rob", "test:mayfly.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.stepTo(50)
	h.settle()
	h.r.Queue(key.Event{Name: key.NameLeftArrow, State: key.Press})
	h.frame()
	h.waitFor("← to go back one cycle", func() bool { return h.u.Snapshot().Cycle == 49 })
	h.settle()
	if !h.shows("cycle 49 of 50") {
		t.Errorf("after ←, the timeline shows %q, want cycle 49 of 50", h.texts())
	}
	// While a text field has the keyboard, ← moves its caret instead.
	h.r.Source().Execute(key.FocusCmd{Tag: &h.u.controls.seedEd})
	h.frame()
	h.r.Queue(key.Event{Name: key.NameLeftArrow, State: key.Press})
	h.frame()
	time.Sleep(50 * time.Millisecond)
	h.settle()
	if c := h.u.Snapshot().Cycle; c != 49 {
		t.Errorf("← in the seed field moved the game to cycle %d", c)
	}
}

// While the game runs, every frame's cycle counter ("Cycle N / T", top right) and timeline
// ("cycle N of N") show the same cycle.
func TestCycleCounterAndTimelineAgree(t *testing.T) {
	h := newDebugHarness(t, "test:factory.rob", "test:mayfly.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.u.setSpeed(slices.Index(kit.Speeds, 5000)) // several cycles per frame, and not over in 60 frames
	h.u.ToggleRun()
	frames, moving := 0, 0
	last := -1
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline) && frames < 60; frames++ {
		time.Sleep(3 * time.Millisecond)
		h.frame()
		top, line := -1, -1
		for _, l := range h.texts() {
			var a, b int
			if n, _ := fmt.Sscanf(l, "Cycle %d", &a); n == 1 {
				top = a
			}
			if n, _ := fmt.Sscanf(l, "cycle %d of %d", &a, &b); n == 2 {
				line = a
			}
		}
		if top < 0 || line < 0 {
			t.Fatalf("no cycle counter or timeline on screen: %q", h.texts())
		}
		if top != line {
			t.Fatalf("frame %d: the counter shows cycle %d, the timeline cycle %d", frames, top, line)
		}
		if top != last {
			moving++
		}
		last = top
	}
	if moving < 5 {
		t.Errorf("the game moved in only %d of %d frames (last cycle %d, over %v): the test saw too little", moving, frames, last, h.u.Snapshot().Over)
	}
}

// buttonDisabled reports whether the button labelled label is on screen and disabled (the
// label's node or one of its parents says so).
func (h *harness) buttonDisabled(label string) (disabled, found bool) {
	byID := goldentest.Semantics(&h.r)
	for _, n := range byID {
		if n.Desc.Label != label {
			continue
		}
		found = true
		for p, ok := n, true; ok; p, ok = byID[p.ParentID] {
			disabled = disabled || p.Desc.Disabled
			if p.ParentID == p.ID {
				break
			}
		}
	}
	return disabled, found
}

// "← 1 cycle" is greyed out at cycle 0 and "Latest →" at the furthest cycle: they would do
// nothing there.
func TestTimelineButtonsDisabledWhereTheyCannotMove(t *testing.T) {
	h := newDebugHarness(t, "test:factory.rob", "test:mayfly.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.settle()
	check := func(when string, back, latest bool) {
		t.Helper()
		b, ok1 := h.buttonDisabled("← 1 cycle")
		l, ok2 := h.buttonDisabled("Latest →")
		if !ok1 || !ok2 {
			t.Fatalf("%s: the timeline buttons are not on screen: %q", when, h.texts())
		}
		if b != back || l != latest {
			t.Errorf("%s: ← 1 cycle disabled %v, Latest → disabled %v; want %v, %v", when, b, l, back, latest)
		}
	}
	check("at cycle 0", true, true)
	h.stepTo(20)
	h.settle()
	check("at cycle 20 of 20", false, true)
	h.clickLabel("← 1 cycle")
	h.waitFor("the rewind", func() bool { return h.u.Snapshot().Cycle == 19 })
	h.settle()
	check("at cycle 19 of 20", false, false)
	h.clickLabel("Latest →")
	h.waitFor("the way forward", func() bool { return h.u.Snapshot().Cycle == 20 })
	h.settle()
	check("back at cycle 20", false, true)
}

// A robot that died while no frame fetched its view is shown as the debugger last saw it
// alive, and the panel says in which cycle that was: it showed "executed DIE" above an
// instruction that was not a Die, with no word that the rest was older than the death.
func TestDeadRobotSaysWhenItWasLastSeen(t *testing.T) {
	h := newDebugHarness(t, "test:killer.rob", "test:factory.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	// The first death of a factory robot that lived at least ten cycles.
	h.stepTo(3000)
	var d arena.Death
	h.onSim(func(t *tapeGame) {
		for _, x := range t.eng.Deaths() {
			if x.Program == 1 && x.Cycle > 20 && d.Robot == 0 {
				d = x
			}
		}
	})
	if d.Robot == 0 {
		t.Fatal("no factory robot died in 3000 cycles")
	}
	seen := d.Cycle - 10
	h.u.SeekCycle(seen)
	h.waitFor("the rewind", func() bool { return h.u.Snapshot().Cycle == seen })
	if !h.engineRobot(d.Robot).Alive {
		t.Skipf("robot %d is not alive in cycle %d", d.Robot, seen)
	}
	h.u.OpenDebugger(d.Robot)
	h.settle()
	// The game runs past the death with no frame in between, as a fast game does between two.
	h.u.Runner().StepN(d.Cycle - seen)
	deadline := time.Now().Add(5 * time.Second)
	for {
		h.u.run.mu.Lock()
		c, running := h.u.run.pub.Cycle, h.u.run.pub.Running
		h.u.run.mu.Unlock()
		if c == d.Cycle && !running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("timed out waiting for the death's cycle")
		}
		time.Sleep(5 * time.Millisecond)
	}
	h.frame() // the window takes the new cycle, and its debuggers ask for their views
	h.settle()
	if want := fmt.Sprintf("Died in cycle %d", d.Cycle); !h.shows(want) {
		t.Fatalf("the panel does not say %q: %q", want, h.texts())
	}
	if want := fmt.Sprintf("as last seen alive, in cycle %d", seen); !h.shows(want) {
		t.Errorf("the dead robot's panel does not say %q: %q", want, h.texts())
	}
}
