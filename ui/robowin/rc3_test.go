package robowin

import (
	"fmt"
	"image"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"gioui.org/f32"
	"gioui.org/io/key"

	"robocom/arena"
	"robocom/robolang"
	"robocom/robots"
	"robocom/ui/internal/goldentest"
)

// twinsSource is a small multitasking program: task 1 starts task 2 at @w and loops over
// ADD/TURN/JUMP; task 2 runs three SETs and then joins the same loop. Under rc3m task 1
// reaches the TURN (instruction 3) in cycle 6, task 2 only after its SETs.
const twinsSource = "Name Twins\nBank Main\nInit 1, @w\n@l\nAdd #1, 1\nTurn 1\nJump @l\n@w\nSet #3, 1\nSet #3, 2\nSet #3, 3\nJump @l\n"

// newRC3Harness is a harness whose roots are the test programs (a classic spinner and the
// twins) and the bundled RC3 samples, with no players yet.
func newRC3Harness(t *testing.T) *harness {
	t.Helper()
	m := fstest.MapFS{
		"spinner.rob": &fstest.MapFile{Data: []byte(spinner("Spinner"))},
		"twins.rob":   &fstest.MapFile{Data: []byte(twinsSource)},
	}
	h := &harness{t: t, size: image.Pt(1400, 900)}
	h.u = New(Config{
		Load:    LoadProgram,
		NewGame: NewArenaGame,
		Options: ArenaOptions{},
		Roots:   []Root{{Name: "test", FS: m, Home: "."}, {Name: "rc3", FS: robots.RC3FS, Home: "rc3"}},
	})
	t.Cleanup(h.u.Close)
	h.u.SetSeed(4242)
	h.u.tabbed.optEd.dir = t.TempDir()
	h.frame()
	return h
}

// useSet loads a built-in option set with the Options tab's button, as a user does.
func (h *harness) useSet(name string) {
	h.t.Helper()
	h.clickLabel("Options")
	h.clickLabel(name)
	if h.u.opts.Name != name {
		h.t.Fatalf("after clicking %s the set in use is %q (message %q)", name, h.u.opts.Name, h.u.tabbed.optEd.msg)
	}
}

// engineOptions are the options of the game the runner plays now.
func (h *harness) engineOptions() (o arena.Options, ok bool) {
	got := make(chan arena.Options, 1)
	h.u.run.Do(func(g Game) {
		var o arena.Options
		if g != nil && g.Engine() != nil {
			o = g.Engine().Options()
		}
		got <- o
	})
	o = <-got
	return o, o.Name != ""
}

func hasError(errs []string, s string) bool {
	for _, e := range errs {
		if strings.Contains(e, s) {
			return true
		}
	}
	return false
}

func TestRC3ProgramsLoadInTheSetsLanguage(t *testing.T) {
	h := newRC3Harness(t)
	// Under classic the loader refuses the RC3 sample and names the set.
	if h.u.AddPlayer("rc3:rc3/factory.rob") {
		t.Fatal("factory.rob (INIT) loaded under classic")
	}
	if !hasError(h.u.Errors(), "the option set classic does not have it") {
		t.Fatalf("errors after the refusal: %q", h.u.Errors())
	}
	h.useSet("rc3m")
	if !h.u.AddPlayer("rc3:rc3/factory.rob") || !h.u.AddPlayer("test:spinner.rob") {
		t.Fatalf("the RC3 sample and a classic program did not load under rc3m: %q", h.u.Errors())
	}
	if hasError(h.u.Errors(), "factory.rob") {
		t.Errorf("the old refusal is still listed: %q", h.u.Errors())
	}
	h.waitFor("an rc3m game", func() bool {
		o, ok := h.engineOptions()
		return ok && o.RC3 && o.MaxTasks == 10
	})
	// Back to classic: the players are loaded again; the factory is refused, stays listed,
	// and no game starts until it loads.
	h.useSet("classic")
	if n := len(h.u.Players()); n != 2 || h.u.Players()[0].Prog != nil || h.u.Players()[1].Prog == nil {
		t.Fatalf("after switching to classic: %d players, factory loaded %v", n, h.u.Players()[0].Prog != nil)
	}
	if !hasError(h.u.Errors(), "the option set classic does not have it") {
		t.Errorf("no refusal naming classic: %q", h.u.Errors())
	}
	if !strings.Contains(h.u.gameErr, "factory.rob does not load under the option set classic") {
		t.Errorf("the board says %q", h.u.gameErr)
	}
	if !h.shows("factory.rob does not load under the option set classic") {
		t.Errorf("the board does not say why no game runs: %q", h.texts())
	}
	if _, ok := h.engineOptions(); ok {
		t.Error("a game runs with an unloaded player")
	}
	// rc3 (one task) takes it again.
	h.useSet("rc3")
	if h.u.Players()[0].Prog == nil || h.u.gameErr != "" {
		t.Fatalf("rc3 did not load the factory again: %q, %q", h.u.gameErr, h.u.Errors())
	}
	h.waitFor("an rc3 game", func() bool {
		o, ok := h.engineOptions()
		return ok && o.RC3 && o.MaxTasks == 1
	})
}

func TestOptionsEditorSavesRC3MKeys(t *testing.T) {
	h := newRC3Harness(t)
	h.useSet("rc3m")
	for _, k := range []string{"instructions", "max-tasks", "max-duration", "cost.create-mobile", "cost.rtrans-per-instr", "cost.farscan-per-field", "cost.init", "cost.sleep", "cost.farscan"} {
		if h.u.tabbed.optEd.fields[k] == nil {
			t.Errorf("no field for %s", k)
		}
	}
	if !h.shows("Tasks per robot (1..100)") || !h.shows("Cycles: FARSCAN") {
		t.Errorf("the RC3 keys are not shown: %q", h.texts())
	}
	ed := h.u.tabbed.optEd.fields["max-tasks"]
	if ed.Text() != "10" {
		t.Fatalf("max-tasks field = %q under rc3m", ed.Text())
	}
	h.r.Source().Execute(key.FocusCmd{Tag: ed})
	h.frame()
	h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: len([]rune(ed.Text()))}, Text: "3"})
	h.frame()
	h.r.Source().Execute(key.FocusCmd{Tag: &h.u.tabbed.optEd.nameEd})
	h.frame()
	h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: len([]rune(h.u.tabbed.optEd.nameEd.Text()))}, Text: "three"})
	h.frame()
	h.clickLabel("Save")
	file := filepath.Join(h.u.tabbed.optEd.dir, "three"+optionFileExt)
	o, err := arena.LoadOptions(file)
	if err != nil {
		t.Fatalf("the saved set does not load: %v (message: %s)", err, h.u.tabbed.optEd.msg)
	}
	want := arena.RC3M()
	want.MaxTasks, want.Name = 3, "three"
	if *o != *want {
		t.Errorf("saved set = %+v\nwant %+v", *o, *want)
	}
	if !h.u.opts.RC3() {
		t.Error("the saved set in use is not rc3")
	}
	// Instructions other than 0 and 1 are refused with a sentence, and nothing changes.
	ins := h.u.tabbed.optEd.fields["instructions"]
	h.r.Source().Execute(key.FocusCmd{Tag: ins})
	h.frame()
	h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: len([]rune(ins.Text()))}, Text: "2"})
	h.frame()
	h.clickLabel("Apply (Enter)")
	if !h.u.tabbed.optEd.msgErr || !strings.Contains(h.u.tabbed.optEd.msg, "0 (classic) or 1 (rc3)") || !h.u.opts.RC3() {
		t.Errorf("instructions 2: message %q, rc3 %v", h.u.tabbed.optEd.msg, h.u.opts.RC3())
	}
}

// clickPrefix clicks the clickable widget whose label starts with prefix.
func (h *harness) clickPrefix(prefix string) {
	h.t.Helper()
	byID := goldentest.Semantics(&h.r)
	for _, n := range byID {
		if !strings.HasPrefix(n.Desc.Label, prefix) {
			continue
		}
		if b, ok := goldentest.ClickableBounds(byID, n); ok {
			c := b.Min.Add(b.Max).Div(2)
			h.click(f32.Pt(float32(c.X), float32(c.Y)))
			return
		}
	}
	h.t.Fatalf("nothing clickable labelled %q… on screen: %q", prefix, h.texts())
}

func TestDebuggerListsTasks(t *testing.T) {
	h := newRC3Harness(t)
	h.useSet("rc3m")
	if !h.u.AddPlayer("rc3:rc3/factory.rob") {
		t.Fatalf("factory.rob did not load: %q", h.u.Errors())
	}
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 1 })
	h.u.OpenDebugger(1)
	for _, c := range []int{1, 3, 10, 41} {
		h.stepTo(c)
		h.settle()
		v, ok := h.u.DebugView(1)
		if !ok {
			t.Fatalf("cycle %d: no view of robot 1", c)
		}
		want := h.engineRobot(1)
		if len(v.Tasks) != len(want.Tasks) {
			t.Fatalf("cycle %d: the debugger has %d tasks, the engine %d", c, len(v.Tasks), len(want.Tasks))
		}
		wantN := 1
		if c >= 3 {
			wantN = 2 // INIT completes in cycle 2
		}
		if len(v.Tasks) != wantN {
			t.Fatalf("cycle %d: %d tasks, want %d", c, len(v.Tasks), wantN)
		}
		if !h.shows(fmt.Sprintf("Tasks (%d)", wantN)) {
			t.Errorf("cycle %d: no task heading: %q", c, h.texts())
		}
		ranLast, runsNext := 0, 0
		for _, tk := range v.Tasks {
			line := taskLine(tk, v.Next)
			if !h.shows(line) {
				t.Errorf("cycle %d: task %d's line %q is not on screen: %q", c, tk.Number, line, h.texts())
			}
			if strings.Contains(line, "ran last") {
				ranLast++
			}
			if strings.Contains(line, "runs next") {
				runsNext++
			}
		}
		if ranLast != 1 || runsNext != 1 {
			t.Errorf("cycle %d: %d tasks ran last, %d run next", c, ranLast, runsNext)
		}
	}
	// Task 2 guards: it started at @guard (bank 1, instruction 6) and its TURN and SCAN
	// turn its own head, which the line shows with the position.
	v, _ := h.u.DebugView(1)
	t2 := v.Tasks[0]
	if t2.Number != 2 {
		t2 = v.Tasks[1]
	}
	if t2.Bank != 1 || t2.Instr < 6 || !strings.HasPrefix(taskLine(t2, v.Next), fmt.Sprintf("T2  1:%d  %s", t2.Instr, t2.Dir)) {
		t.Errorf("task 2 = %+v, line %q", t2, taskLine(t2, v.Next))
	}
}

func TestBreakpointLimitedToATask(t *testing.T) {
	h := newRC3Harness(t)
	h.useSet("rc3m")
	if !h.u.AddPlayer("test:twins.rob") {
		t.Fatalf("twins.rob did not load: %q", h.u.Errors())
	}
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 1 })
	h.u.OpenDebugger(1)
	h.stepTo(3)
	h.settle()
	h.clickPrefix("T2  ")
	if p := h.u.dbg.strip.Panels[0]; p.tasks.bpTask != 2 {
		t.Fatalf("clicking task 2 chose task %d", p.tasks.bpTask)
	}
	h.clickLabel("TURN 1")
	p := h.u.dbg.strip.Panels[0]
	if !p.bps[[2]int{1, 3}] || p.tasks.limits[[2]int{1, 3}] != 2 {
		t.Fatalf("the breakpoint on TURN is not limited to task 2: %v %v", p.bps, p.tasks.limits)
	}
	h.u.Runner().SetSpeed(0)
	h.u.ToggleRun()
	h.waitFor("the breakpoint", func() bool { return h.u.dbg.notice != "" && !h.u.Snapshot().Running })
	want := "Paused: task 2 of robot 1 reached bank 1, instruction 3"
	if !strings.HasPrefix(h.u.dbg.notice, want) {
		t.Fatalf("notice %q, want %q…", h.u.dbg.notice, want)
	}
	var pr arena.Probe
	var cycle int
	h.onSim(func(tg *tapeGame) { pr, cycle = tg.eng.ProbeTask(1, 2), tg.eng.Cycle() })
	if pr.Bank != 1 || pr.Instr != 3 {
		t.Errorf("paused with task 2 at %d:%d", pr.Bank, pr.Instr)
	}
	// Task 1 reached the TURN in cycle 6 (and again every loop) without pausing the game.
	if cycle <= 6 {
		t.Errorf("paused in cycle %d: task 1's arrival in cycle 6 should not pause", cycle)
	}
	var hit BreakHit
	h.onSim(func(tg *tapeGame) { hit = tg.br.hit })
	if hit.Task != 2 || hit.Cycle != cycle {
		t.Errorf("hit %+v in cycle %d", hit, cycle)
	}
	// In a new game task 2 is not made yet: the choice is for any task again, as the hint says.
	h.u.Restart()
	h.waitFor("the restarted game", func() bool { return h.u.Snapshot().Game == h.u.gameNo && h.u.Snapshot().Cycle == 0 })
	h.settle()
	h.frame()
	if p := h.u.dbg.strip.Panels[0]; p.tasks.bpTask != 0 || !h.shows("Click a task to limit new breakpoints to it.") {
		t.Errorf("with task 2 gone the panel limits new breakpoints to task %d: %q", p.tasks.bpTask, h.texts())
	}
}

// A breakpoint for any task of a multitasking robot pauses when one of its tasks arrives, not
// whenever the robot's turn passes from one task to another that stands there already.
func TestBreakpointOnAnyTask(t *testing.T) {
	h := newRC3Harness(t)
	h.useSet("rc3m")
	if !h.u.AddPlayer("test:twins.rob") {
		t.Fatalf("twins.rob did not load: %q", h.u.Errors())
	}
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 1 })
	h.u.OpenDebugger(1)
	h.stepTo(1)
	h.settle()
	h.clickLabel("TURN 1")
	h.u.Runner().SetSpeed(0)
	last, tasks := 0, map[int]bool{}
	for i := 0; i < 6; i++ {
		h.u.dbg.notice = ""
		h.u.ToggleRun()
		h.waitFor("the breakpoint", func() bool { return h.u.dbg.notice != "" && !h.u.Snapshot().Running })
		var hit BreakHit
		var pr arena.Probe
		h.onSim(func(tg *tapeGame) { hit = tg.br.hit; pr = tg.eng.ProbeTask(1, hit.Task) })
		if hit.Task == 0 || pr.Bank != 1 || pr.Instr != 3 || pr.Fetched || hit.Cycle <= last {
			t.Fatalf("pause %d: hit %+v, task's probe %+v (last pause in cycle %d): not a task arriving at TURN", i, hit, pr, last)
		}
		if i == 0 && (hit.Cycle != 6 || hit.Task != 1) {
			t.Errorf("first pause: task %d in cycle %d, want task 1 in cycle 6", hit.Task, hit.Cycle)
		}
		last, tasks[hit.Task] = hit.Cycle, true
	}
	if !tasks[1] || !tasks[2] {
		t.Errorf("the pauses came from tasks %v, want both", tasks)
	}
}

// "Step instruction" on a multitasking robot runs until one of its tasks has moved on, not
// just until the robot's turn passed to another task.
func TestStepInstructionWithTasks(t *testing.T) {
	h := newRC3Harness(t)
	h.useSet("rc3m")
	if !h.u.AddPlayer("test:twins.rob") {
		t.Fatalf("twins.rob did not load: %q", h.u.Errors())
	}
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 1 })
	h.u.OpenDebugger(1)
	h.stepTo(3)
	h.settle()
	positions := func() string {
		var s []string
		for _, tk := range h.engineRobot(1).Tasks {
			s = append(s, fmt.Sprintf("T%d %d:%d", tk.Number, tk.Bank, tk.Instr))
		}
		return strings.Join(s, ", ")
	}
	before := positions()
	for i := 0; i < 8; i++ {
		c := h.u.Snapshot().Cycle
		h.clickLabel("Step instruction")
		h.waitFor("the step", func() bool { return h.u.Snapshot().Cycle > c && !h.u.Snapshot().Running })
		h.settle()
		now := positions()
		if now == before {
			t.Fatalf("step %d (cycle %d → %d): no task moved: %s", i, c, h.u.Snapshot().Cycle, now)
		}
		before = now
	}
}

// The players of the last run are kept when the set remembered with them refuses their RC3
// code: they show unloaded, and load when an RC3 set is chosen.
func TestRememberedRC3PlayersStayUnderClassic(t *testing.T) {
	u := New(Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "rc3", FS: robots.RC3FS, Home: "rc3"}},
		Files: []string{"rc3:rc3/factory.rob", "rc3:rc3/nosuch.rob"}})
	defer u.Close()
	if n := len(u.Players()); n != 1 || u.Players()[0].Prog != nil || u.Players()[0].Name() != "factory.rob" {
		t.Fatalf("players %+v, want factory.rob unloaded (and no missing file)", u.Players())
	}
	if !hasError(u.Errors(), "the option set classic does not have it") || !strings.Contains(u.gameErr, "factory.rob does not load") {
		t.Errorf("errors %q, board %q", u.Errors(), u.gameErr)
	}
	o, _ := ArenaOptions{}.Load("rc3m")
	u.setOptions(o)
	if u.Players()[0].Prog == nil || hasError(u.Errors(), "factory.rob") {
		t.Errorf("rc3m did not load the factory: %q", u.Errors())
	}
}

// Help lists every RC3 instruction from robolang's table with its rc3 cycles, marks the costs
// RC3.md decides, lists the RC3 constants, and no longer calls RC3 unplayable.
func TestHelpListsRC3(t *testing.T) {
	var all []string
	for _, l := range buildHelp() {
		all = append(all, l.text)
	}
	text := strings.Join(all, "\n")
	for op := robolang.Opcode(1); op < robolang.NumOpcodes; op++ {
		in := op.Info()
		if !op.IsRC3() {
			continue
		}
		row := ""
		for _, l := range all {
			if strings.HasPrefix(l, fmt.Sprintf("%-16s ", signature(in))) && row == "" {
				row = l
			}
		}
		if row == "" {
			t.Errorf("no help row for %s", in.Name)
			continue
		}
		if decidedCost[op] != strings.Contains(row, fmt.Sprintf("%d*", in.RC3Cost)) {
			t.Errorf("%s: row %q, decided %v", in.Name, row, decidedCost[op])
		}
	}
	for _, want := range []string{"$Tasks", "$InstrPos", "#Pub", "##k", "@@label", "%Age", "rc3m"} {
		if !strings.Contains(text, want) {
			t.Errorf("help does not mention %s", want)
		}
	}
	if strings.Contains(text, "not playable") {
		t.Error("help still says RC3 is not playable")
	}
}

// The window launched with several programs the option set refuses names them all: the note
// named only the last ("hydra.rob did not load; its errors…" above errors of the others), and
// the board's sentence read "a and b and c" and said "remove it" of several.
func TestLaunchNamesEveryProgramThatDidNotLoad(t *testing.T) {
	h := &harness{t: t, size: image.Pt(1400, 900)}
	h.u = New(Config{
		Load:    LoadProgram,
		NewGame: NewArenaGame,
		Options: ArenaOptions{},
		Roots:   []Root{{Name: "rc3", FS: robots.RC3FS, Home: "rc3"}},
		Files:   []string{"rc3:rc3/factory.rob", "rc3:rc3/hunter.rob", "rc3:rc3/hydra.rob"},
	})
	t.Cleanup(h.u.Close)
	h.frame()
	if want := "factory.rob, hunter.rob and hydra.rob did not load; their errors are listed below."; h.u.note.text != want {
		t.Errorf("note %q, want %q", h.u.note.text, want)
	}
	want := "factory.rob, hunter.rob and hydra.rob do not load under the option set classic (their errors are listed on the right): choose another option set in Options, or remove them."
	if h.u.gameErr != want {
		t.Errorf("the board says %q, want %q", h.u.gameErr, want)
	}
	if !h.u.AddPlayer("rc3:rc3/walker.rob") && h.u.note.text != "walker.rob did not load; its errors are listed below." {
		t.Errorf("a single refused program: note %q", h.u.note.text)
	}
}
