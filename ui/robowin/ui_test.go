package robowin

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"gioui.org/f32"
	"gioui.org/io/input"
	"gioui.org/io/key"
	"gioui.org/io/pointer"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
	"gioui.org/widget/material"

	"robocom/arena"
	"robocom/robolang"
	"robocom/ui/internal/goldentest"
	"robocom/ui/kit"
)

// spinner is a small real program: its robot turns forever.
func spinner(name string) string {
	return fmt.Sprintf("Name %s\nBank Main\n@loop\nTurn 1\nJump @loop\n", name)
}

// testFS holds six valid programs, a folder and a broken program.
func testFS() fstest.MapFS {
	m := fstest.MapFS{}
	for i := 1; i <= 6; i++ {
		m[fmt.Sprintf("p%d.rob", i)] = &fstest.MapFile{Data: []byte(spinner(fmt.Sprintf("Prog%d", i)))}
	}
	m["sub/inner.rob"] = &fstest.MapFile{Data: []byte(spinner("Inner"))}
	m["sub/broken.rob"] = &fstest.MapFile{Data: []byte("Name Broken\nBank Main\nFoo 1\n")}
	m["quitter.rob"] = &fstest.MapFile{Data: []byte("Name Quitter\nBank Main\nDie\n")}
	m["notes.txt"] = &fstest.MapFile{Data: []byte("not a program")}
	return m
}

type harness struct {
	t    *testing.T
	r    input.Router
	u    *UI
	ops  op.Ops
	size image.Point
	skew time.Duration // added to the clock: each click comes a while after the last
}

func newHarness(t *testing.T, files ...string) *harness {
	t.Helper()
	h := &harness{t: t, size: image.Pt(1280, 860)}
	h.u = New(Config{
		Load:    LoadProgram,
		NewGame: NewArenaGame,
		Options: ArenaOptions{},
		Roots:   []Root{{Name: "test", FS: testFS(), Home: "."}},
		Files:   files,
	})
	t.Cleanup(h.u.Close)
	h.frame()
	return h
}

func (h *harness) frame() {
	h.ops.Reset()
	gtx := layout.Context{
		Ops:         &h.ops,
		Metric:      unit.Metric{PxPerDp: 1, PxPerSp: 1},
		Constraints: layout.Exact(h.size),
		Source:      h.r.Source(),
		Now:         time.Now().Add(h.skew),
	}
	h.u.Layout(gtx)
	h.r.Frame(&h.ops)
}

// click clicks at p, a second after the last click: two clicks are never a double click.
func (h *harness) click(p f32.Point) {
	h.skew += time.Second
	h.press(p)
	h.frame()
	h.frame() // the second pass shows what the click changed
}

// press queues a press and release of the primary button at p, at the harness's time.
func (h *harness) press(p f32.Point) {
	at := time.Duration(time.Now().Add(h.skew).UnixNano())
	h.r.Queue(
		pointer.Event{Kind: pointer.Move, Position: p, Source: pointer.Mouse, Time: at},
		pointer.Event{Kind: pointer.Press, Position: p, Buttons: pointer.ButtonPrimary, Source: pointer.Mouse, Time: at},
		pointer.Event{Kind: pointer.Release, Position: p, Source: pointer.Mouse, Time: at},
	)
}

// find returns the bounds of the clickable widget whose label is label.
func (h *harness) find(label string) (image.Rectangle, bool) {
	byID := goldentest.Semantics(&h.r)
	for _, n := range byID {
		if n.Desc.Label != label {
			continue
		}
		if b, ok := goldentest.ClickableBounds(byID, n); ok {
			return b, true
		}
	}
	return image.Rectangle{}, false
}

func (h *harness) clickLabel(label string) {
	h.t.Helper()
	b, ok := h.find(label)
	if !ok {
		h.t.Fatalf("no button labelled %q on screen", label)
	}
	c := b.Min.Add(b.Max).Div(2)
	h.click(f32.Pt(float32(c.X), float32(c.Y)))
}

// waitFor lays out frames until cond holds (the simulation runs on its own goroutine).
func (h *harness) waitFor(what string, cond func() bool) {
	h.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			h.t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
		h.frame()
	}
	h.frame()
}

func TestPickerRefusesSixth(t *testing.T) {
	h := newHarness(t)
	h.clickLabel("Add program…")
	for i := 1; i <= 6; i++ {
		h.clickLabel(fmt.Sprintf("p%d.rob", i))
	}
	if n := len(h.u.Players()); n != MaxPlayers {
		t.Fatalf("%d players loaded, want %d", n, MaxPlayers)
	}
	if m := h.u.Message(); !strings.Contains(m, "At most 5") || !strings.Contains(m, "p6.rob") {
		t.Errorf("message after the sixth = %q, want a refusal naming p6.rob", m)
	}
	for i, p := range h.u.Players() {
		if want := fmt.Sprintf("Prog%d", i+1); p.Name() != want {
			t.Errorf("player %d is %q, want %q", i, p.Name(), want)
		}
	}
}

func TestPickerFoldersAndErrors(t *testing.T) {
	h := newHarness(t)
	h.clickLabel("Add program…")
	if got := strings.Join(h.u.playersPanel.picker.Entries(), " "); got != "sub/ p1.rob p2.rob p3.rob p4.rob p5.rob p6.rob quitter.rob" {
		t.Fatalf("entries = %q (folders first, only .rob/.rbi)", got)
	}
	h.clickLabel("sub/")
	if got := strings.Join(h.u.playersPanel.picker.Entries(), " "); got != "broken.rob inner.rob" {
		t.Fatalf("entries in sub = %q", got)
	}
	h.clickLabel("broken.rob")
	if len(h.u.Players()) != 0 {
		t.Fatalf("a broken program was loaded")
	}
	errs := strings.Join(h.u.Errors(), "\n")
	if !strings.Contains(errs, "test/sub/broken.rob:3:1:") {
		t.Errorf("errors = %q, want file:line:col of the bad line", errs)
	}
	// The errors show while the picker is still open.
	if _, ok := h.findText(h.u.Errors()[0]); !ok {
		t.Errorf("the load error %q is not on screen", h.u.Errors()[0])
	}
	h.clickLabel("inner.rob")
	h.clickLabel("Up")
	if got := h.u.playersPanel.picker.Location(); got != "test:." {
		t.Errorf("after Up the picker shows %q", got)
	}
	if len(h.u.Players()) != 1 || h.u.Players()[0].Name() != "Inner" {
		t.Fatalf("players = %v", h.u.Players())
	}
	if r := h.u.playersPanel.picker.Recent(); len(r) == 0 || r[0] != "test:sub" {
		t.Errorf("recent folders = %v, want test:sub first", r)
	}
}

func TestStartPauseToggles(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	h.clickLabel("Start")
	h.waitFor("the game to run", func() bool { return h.u.Snapshot().Running && h.u.Snapshot().Cycle > 0 })
	if _, ok := h.find("Pause"); !ok {
		t.Fatal("the Start button did not turn into Pause")
	}
	h.clickLabel("Pause")
	h.waitFor("the game to pause", func() bool { return !h.u.Snapshot().Running })
	c := h.u.Snapshot().Cycle
	time.Sleep(50 * time.Millisecond)
	h.frame()
	if h.u.Snapshot().Cycle != c {
		t.Errorf("the cycle moved from %d to %d while paused", c, h.u.Snapshot().Cycle)
	}
	if _, ok := h.find("Start"); !ok {
		t.Error("the Pause button did not turn back into Start")
	}
	// Space toggles too, and Step runs exactly one cycle.
	h.clickLabel("Step")
	h.waitFor("one step", func() bool { return h.u.Snapshot().Cycle == c+1 && !h.u.Snapshot().Running })
	h.r.Queue(key.Event{Name: key.NameSpace, State: key.Press})
	h.frame()
	h.waitFor("Space to start the game", func() bool { return h.u.Snapshot().Running })
}

func TestClickSelectsRobot(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob", "test:p3.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 3 })
	for _, r := range h.u.Snapshot().Robots {
		h.click(h.u.Board().FieldCenter(r.X, r.Y))
		if got := h.u.Board().Selected; got != r.ID {
			t.Errorf("clicking field %d,%d selected robot %d, want %d", r.X, r.Y, got, r.ID)
		}
	}
	// An empty field clears the selection.
	n := h.u.Snapshot().Size
	for x := 0; x < n; x++ {
		if robotAt(h.u.Snapshot().Robots, x, 0) < 0 {
			h.click(h.u.Board().FieldCenter(x, 0))
			break
		}
	}
	if got := h.u.Board().Selected; got != 0 {
		t.Errorf("clicking an empty field left robot %d selected", got)
	}
}

func TestSeedFieldChangesGame(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob", "test:p3.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 3 })
	for _, seed := range []int64{12345, 777} {
		h.r.Source().Execute(key.FocusCmd{Tag: &h.u.controls.seedEd})
		h.frame()
		old := h.u.controls.seedEd.Text()
		h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: len([]rune(old))}, Text: fmt.Sprint(seed)})
		h.frame()
		h.r.Queue(key.Event{Name: key.NameReturn, State: key.Press})
		h.frame()
		if got := h.u.Seed(); got != seed {
			t.Fatalf("after typing %d and Enter the seed is %d", seed, got)
		}
		want := placements(t, seed)
		h.waitFor("the new game", func() bool { return placementsOf(h.u.Snapshot().Robots) == want })
	}
}

// placements runs the engine directly with the test programs and a seed, and describes
// where the first robots stand.
func placements(t *testing.T, seed int64) string {
	t.Helper()
	var progs []*robolang.Program
	for i := 1; i <= 3; i++ {
		p, err := LoadProgram(fmt.Sprintf("p%d.rob", i), []byte(spinner(fmt.Sprintf("Prog%d", i))), robolang.Options{})
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, p)
	}
	g, err := NewArenaGame(progs, ArenaOptions{}.Default(), seed)
	if err != nil {
		t.Fatal(err)
	}
	return placementsOf(g.Robots(nil))
}

func placementsOf(rs []arena.RobotView) string {
	var b strings.Builder
	for _, r := range rs {
		fmt.Fprintf(&b, "%d@%d,%d%s ", r.ID, r.X, r.Y, r.Dir)
	}
	return b.String()
}

func TestRankOrder(t *testing.T) {
	if got := rankOrder([]int{3, 1, 2}); fmt.Sprint(got) != "[1 2 0]" {
		t.Errorf("rankOrder = %v", got)
	}
}

func testTheme() *material.Theme { return kit.NewTheme() }

func TestShortcutTooltip(t *testing.T) {
	h := newHarness(t, "test:p1.rob")
	b, ok := h.find("Start")
	if !ok {
		t.Fatal("no Start button")
	}
	c := b.Min.Add(b.Max).Div(2)
	h.r.Queue(pointer.Event{Kind: pointer.Move, Position: f32.Pt(float32(c.X), float32(c.Y)), Source: pointer.Mouse})
	h.frame()
	deadline := time.Now().Add(3 * time.Second)
	for {
		time.Sleep(100 * time.Millisecond)
		h.frame()
		if _, ok := h.findText("Start / pause (Space)"); ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("hovering Start did not show its shortcut")
		}
	}
}

// findText reports whether a label with exactly text is on screen.
func (h *harness) findText(text string) (image.Rectangle, bool) {
	var walk func(ns []input.SemanticNode) (image.Rectangle, bool)
	walk = func(ns []input.SemanticNode) (image.Rectangle, bool) {
		for _, n := range ns {
			if n.Desc.Label == text {
				return n.Desc.Bounds, true
			}
			if b, ok := walk(n.Children); ok {
				return b, true
			}
		}
		return image.Rectangle{}, false
	}
	return walk(h.r.AppendSemantics(nil))
}

func TestGameOverTalliedOnce(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:quitter.rob")
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	h.clickLabel("Start")
	h.waitFor("the end of the game", func() bool { return h.u.Snapshot().Over })
	for i := 0; i < 20; i++ {
		time.Sleep(5 * time.Millisecond)
		h.frame()
	}
	if s := h.u.series.tally.Of(0); s != (arena.Score{Wins: 1}) {
		t.Errorf("winner's score %+v after one game, want one win", s)
	}
	if s := h.u.series.tally.Of(1); s != (arena.Score{Losses: 1}) {
		t.Errorf("loser's score %+v after one game, want one loss", s)
	}
	if _, ok := h.findText("Prog1 wins (cycle 1)"); !ok {
		t.Error("no end-of-game banner naming the winner")
	}
	// Start after the end plays the next round (seed + 1) and the tally goes on.
	seed := h.u.Seed()
	h.r.Queue(key.Event{Name: key.NameSpace, State: key.Press})
	h.frame()
	h.waitFor("round 2 to end", func() bool { return h.u.Snapshot().Over && h.u.series.tally.Rounds == 2 })
	for i := 0; i < 20; i++ {
		time.Sleep(5 * time.Millisecond)
		h.frame()
	}
	if h.u.Seed() != seed+1 {
		t.Errorf("round 2 has seed %d, want %d", h.u.Seed(), seed+1)
	}
	if s := h.u.series.tally.Of(0); s != (arena.Score{Wins: 2}) || h.u.series.tally.Rounds != 2 {
		t.Errorf("winner's score %+v after %d rounds, want two wins", s, h.u.series.tally.Rounds)
	}
}

func TestSeriesPlaysRoundsInARow(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:quitter.rob")
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	h.r.Source().Execute(key.FocusCmd{Tag: &h.u.controls.roundsEd})
	h.frame()
	h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: 1}, Text: "3"})
	h.frame()
	h.r.Source().Execute(key.FocusCmd{Tag: nil})
	h.frame()
	seed := h.u.Seed()
	h.clickLabel("Start")
	h.waitFor("three rounds", func() bool { return h.u.series.tally.Rounds == 3 })
	time.Sleep(1700 * time.Millisecond) // longer than the pause between rounds
	h.frame()
	h.frame()
	if h.u.series.tally.Rounds != 3 || h.u.series.round != 3 || h.u.Seed() != seed+2 {
		t.Errorf("after the series: %d rounds tallied, round %d, seed %d (want 3, 3, %d)", h.u.series.tally.Rounds, h.u.series.round, h.u.Seed(), seed+2)
	}
	if s := h.u.series.tally.Of(0); s.Points() != 9 {
		t.Errorf("winner has %d points after three wins", s.Points())
	}
}

func TestOptionsEditorAppliesAndSaves(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.u.tabbed.optEd.dir = t.TempDir()
	h.clickLabel("Options")
	ed := h.u.tabbed.optEd.fields["timeout"]
	if ed == nil {
		t.Fatal("no timeout field")
	}
	h.r.Source().Execute(key.FocusCmd{Tag: ed})
	h.frame()
	h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: len([]rune(ed.Text()))}, Text: "500"})
	h.frame()
	h.clickLabel("Apply (Enter)")
	if got := h.u.opts.Timeout(); got != 500 {
		t.Fatalf("timeout in use = %d after Apply, want 500", got)
	}
	h.waitFor("the game with the new rules", func() bool {
		got := make(chan int, 1)
		h.u.run.Do(func(g Game) {
			t := 0
			if eng := g.Engine(); eng != nil {
				t = eng.Options().Timeout
			}
			got <- t
		})
		return <-got == 500
	})
	// Save as a file, then load it back through the arena's own loader.
	h.r.Source().Execute(key.FocusCmd{Tag: &h.u.tabbed.optEd.nameEd})
	h.frame()
	h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: len([]rune(h.u.tabbed.optEd.nameEd.Text()))}, Text: "short"})
	h.frame()
	h.clickLabel("Save")
	file := filepath.Join(h.u.tabbed.optEd.dir, "short"+optionFileExt)
	o, err := arena.LoadOptions(file)
	if err != nil {
		t.Fatalf("the saved set does not load: %v (message: %s)", err, h.u.tabbed.optEd.msg)
	}
	if o.Timeout != 500 {
		t.Errorf("saved timeout = %d, want 500", o.Timeout)
	}
	// A value out of range is refused with the arena's message, and nothing changes.
	h.r.Source().Execute(key.FocusCmd{Tag: h.u.tabbed.optEd.fields["board"]})
	h.frame()
	h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: 2}, Text: "999"})
	h.frame()
	h.clickLabel("Apply (Enter)")
	if v, _ := h.u.opts.Get("board"); v != 16 || !h.u.tabbed.optEd.msgErr {
		t.Errorf("board 999 was not refused: board %d, message %q", v, h.u.tabbed.optEd.msg)
	}
}

func TestEventLogShowsDeathsAndFilters(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:quitter.rob")
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	h.clickLabel("Events")
	h.clickLabel("Start")
	h.waitFor("the end", func() bool { return h.u.over() })
	h.frame()
	if _, ok := h.findText("     1  Quitter robot 2 died: executed DIE"); !ok {
		t.Fatal("the log does not show the death with its reason")
	}
	h.r.Source().Execute(key.FocusCmd{Tag: &h.u.tabbed.eventLog.filter})
	h.frame()
	h.r.Queue(key.EditEvent{Text: "hunger"})
	h.frame()
	h.frame()
	if _, ok := h.findText("     1  Quitter robot 2 died: executed DIE"); ok {
		t.Error("the filter 'hunger' still shows a DIE death")
	}
}

// findAll returns the bounds of every clickable labelled label, top to bottom.
func (h *harness) findAll(label string) []image.Rectangle {
	byID := goldentest.Semantics(&h.r)
	var out []image.Rectangle
	for _, n := range byID {
		if n.Desc.Label != label {
			continue
		}
		if b, ok := goldentest.ClickableBounds(byID, n); ok {
			out = append(out, b)
		}
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Min.Y < out[j-1].Min.Y; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func (h *harness) clickRect(b image.Rectangle) {
	c := b.Min.Add(b.Max).Div(2)
	h.click(f32.Pt(float32(c.X), float32(c.Y)))
}

func TestReorderRemoveRecolor(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob", "test:p3.rob")
	names := func() string {
		var s []string
		for _, p := range h.u.Players() {
			s = append(s, p.Name())
		}
		return strings.Join(s, " ")
	}
	downs := h.findAll("↓")
	if len(downs) != 3 {
		t.Fatalf("%d ↓ buttons for 3 players", len(downs))
	}
	h.clickRect(downs[0])
	if got := names(); got != "Prog2 Prog1 Prog3" {
		t.Errorf("after ↓ on the first: %s", got)
	}
	h.clickRect(h.findAll("×")[2])
	if got := names(); got != "Prog2 Prog1" {
		t.Errorf("after × on the third: %s", got)
	}
	// The game follows the player list: two programs, Prog2's robot first (id 1, team 0).
	h.waitFor("the new game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	before := h.u.Players()[0].Color
	h.clickRect(h.findAll("Change colour")[0])
	if c := h.u.Players()[0].Color; c == before || c == h.u.Players()[1].Color {
		t.Errorf("recolour gave colour %d (was %d, the other player has %d)", c, before, h.u.Players()[1].Color)
	}
}

func TestLoadProgramRBI(t *testing.T) {
	src, err := LoadProgram("p.rob", []byte(spinner("Secret")), robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := robolang.WriteRBI(&buf, src); err != nil {
		t.Fatal(err)
	}
	p, err := LoadProgram("dir/secret.rbi", []byte(buf.String()), robolang.Options{})
	if err != nil {
		t.Fatalf("the RBI file does not load: %v", err)
	}
	if p.Name != "Secret" || !p.Hidden || len(p.Banks) != 1 {
		t.Errorf("loaded %q hidden=%v with %d banks", p.Name, p.Hidden, len(p.Banks))
	}
	if _, err := LoadProgram("dir/bad.rbi", []byte("not an rbi"), robolang.Options{}); err == nil || !strings.HasPrefix(err.Error(), "dir/bad.rbi: ") {
		t.Errorf("a damaged .rbi gave %v, want an error naming the file", err)
	}
}

func TestRunnerSpeeds(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	r := h.u.Runner()
	r.SetSpeed(20)
	start := time.Now()
	r.Start()
	time.Sleep(500 * time.Millisecond)
	h.frame()
	c := h.u.Snapshot().Cycle
	el := time.Since(start).Seconds()
	if want := 20 * el; float64(c) < want*0.25 || float64(c) > want*1.5+2 { // lenient below: a loaded machine starves the runner
		t.Errorf("at 20 cycles/s, %d cycles in %.2fs", c, el)
	}
	// Slow motion, then max speed: the change takes effect at once, not after the wait.
	r.SetSpeed(1)
	time.Sleep(100 * time.Millisecond)
	r.SetSpeed(0)
	h.waitFor("max speed", func() bool { return h.u.Snapshot().Cycle > c+1000 })
	r.Pause()
	h.waitFor("the pause", func() bool { return !h.u.Snapshot().Running })
}

func TestHelpListsEveryInstruction(t *testing.T) {
	text := ""
	for _, l := range buildHelp() {
		text += l.text + "\n"
	}
	for _, in := range robolang.Instructions {
		if in.Op.Valid() && !strings.Contains(text, "\n"+signature(in)+" ") {
			t.Errorf("help lacks %s", in.Name)
		}
	}
	if !strings.Contains(text, "TRANS a, b") || !strings.Contains(text, "SCAN #a") {
		t.Errorf("operand shapes missing:\n%s", text)
	}
}

func TestResizeReflows(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	for _, size := range []image.Point{{1280, 860}, {700, 900}, {1600, 600}} {
		h.size = size
		h.frame()
		h.frame()
		win := image.Rectangle{Max: size}
		for _, label := range []string{"Start", "Add program…", "Graph", "Help", "Restart"} {
			b, ok := h.find(label)
			if !ok || !b.In(win) {
				t.Errorf("at %v, %q is %v (on screen: %v)", size, label, b, ok)
			}
		}
		// The board keeps a sensible size: at least 40% of the smaller side.
		r := h.u.Snapshot().Robots[0]
		c := h.u.Board().FieldCenter(r.X, r.Y)
		if cell := h.u.Board().cell * float32(h.u.Snapshot().Size); cell < 0.4*float32(min(size.X, size.Y)) || !(image.Pt(int(c.X), int(c.Y)).In(win)) {
			t.Errorf("at %v the board is %.0f px wide", size, cell)
		}
	}
}

func TestAddPlayerRefusesOddFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.rob")
	if err := syscallMkfifo(fifo); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	u := New(Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "disk", FS: os.DirFS("/"), Home: "."}}})
	defer u.Close()
	done := make(chan bool, 1)
	go func() { done <- u.AddPlayer("disk:" + strings.TrimPrefix(fifo, "/")) }()
	select {
	case ok := <-done:
		if ok || !strings.Contains(strings.Join(u.Errors(), "\n"), "not a regular file") {
			t.Errorf("a FIFO was accepted or not explained: %v", u.Errors())
		}
	case <-time.After(3 * time.Second):
		t.Fatal("adding a FIFO hangs")
	}
	if u.AddPlayer("disk:" + strings.TrimPrefix(dir, "/") + "/missing.rob") {
		t.Error("a missing file was accepted")
	}
	if e := u.Errors(); !strings.Contains(e[len(e)-1], "missing.rob: no such file") {
		t.Errorf("missing file error: %q", e[len(e)-1])
	}
}
