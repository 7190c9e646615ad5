package ui

import (
	"testing"

	"robocom/robolang"
)

func benchGame(b *testing.B) Game {
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
		t.Seek(end-1000, func(int) {}, t.Step)
		t.Seek(end, func(int) {}, t.Step)
	}
}
