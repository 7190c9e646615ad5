package robowin

import (
	"image"
	"testing"
	"testing/fstest"
	"time"

	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"

	"robocom/robolang"
)

func benchGame(b testing.TB) Game {
	var progs []*robolang.Program
	for _, name := range []string{"factory.rob", "mayfly.rob", "counter.rob"} {
		p, err := robolang.Parse(name, []byte(debugSources[name]), robolang.Options{})
		if err != nil {
			b.Fatal(err)
		}
		progs = append(progs, p)
	}
	g, err := NewArenaGame(progs, ArenaOptions{}.Default(), 5)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkStepPlain and BenchmarkStepTape compare a cycle of the window's game without and
// with the rewind tape and breakpoint checks (snapshots every 64 cycles, thinned).
func BenchmarkStepPlain(b *testing.B) {
	g := benchGame(b)
	for b.Loop() {
		if g.Over() {
			b.StopTimer()
			g = benchGame(b)
			b.StartTimer()
		}
		g.Step()
	}
}

func BenchmarkStepTape(b *testing.B) {
	newTape := func() Game {
		g, _ := wrapNewGame(func([]*robolang.Program, GameOptions, int64) (Game, error) { return benchGame(b), nil })(nil, GameOptions{}, 0)
		return g
	}
	g := newTape()
	for b.Loop() {
		if g.Over() {
			b.StopTimer()
			g = newTape()
			b.StartTimer()
		}
		g.Step()
	}
}

// BenchmarkSeekBack measures a rewind of 1000 cycles in a game 5000 cycles long.
func BenchmarkSeekBack(b *testing.B) {
	g := wrapNewGame(func([]*robolang.Program, GameOptions, int64) (Game, error) { return benchGame(b), nil })
	gg, _ := g(nil, GameOptions{}, 0)
	t := gg.(*tapeGame)
	for t.eng.Cycle() < 5000 && !t.eng.Over() {
		t.Step()
	}
	end := t.eng.Cycle()
	for b.Loop() {
		t.Seek(end-1000, t.Step)
		t.Seek(end, t.Step)
	}
}

// BenchmarkLayoutTwoDebuggers measures one window layout (no GPU) with two debuggers open
// beside a 16×16 board, as the window does every frame while a game runs.
func BenchmarkLayoutTwoDebuggers(b *testing.B) {
	m := fstest.MapFS{}
	for name, src := range debugSources {
		m[name] = &fstest.MapFile{Data: []byte(src)}
	}
	u := New(Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: m, Home: "."}}, Files: []string{"test:factory.rob", "test:counter.rob"}})
	defer u.Close()
	var r input.Router
	var ops op.Ops
	frame := func() {
		ops.Reset()
		gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1},
			Constraints: layout.Exact(image.Pt(1280, 860)), Source: r.Source(), Now: time.Now()}
		u.Layout(gtx)
		r.Frame(&ops)
	}
	u.run.SetSpeed(0)
	u.run.StepN(2000)
	for deadline := time.Now().Add(5 * time.Second); u.snap.Cycle < 2000 && time.Now().Before(deadline); {
		frame()
		time.Sleep(time.Millisecond)
	}
	u.OpenDebugger(1)
	u.OpenDebugger(2)
	for i := 0; i < 5; i++ {
		frame()
		time.Sleep(5 * time.Millisecond)
	}
	if len(u.Debuggers()) != 2 {
		b.Fatalf("debuggers open: %v", u.Debuggers())
	}
	for b.Loop() {
		u.dbg.dirty++ // fetch the views again, as while the game runs
		frame()
	}
}
