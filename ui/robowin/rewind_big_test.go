package robowin

import (
	"runtime"
	"testing"

	"robocom/robolang"
)

// bigTape is a 200×200 game of factories run until about 30,000 robots stand on the board,
// the board of issue 20 ("Latest →" took 5 s there).
func bigTape(b *testing.B, robots int) *tapeGame {
	b.Helper()
	var progs []*robolang.Program
	for _, name := range []string{"factory.rob", "factory.rob", "counter.rob"} {
		p, err := robolang.Parse(name, []byte(debugSources[name]), robolang.Options{})
		if err != nil {
			b.Fatal(err)
		}
		progs = append(progs, p)
	}
	o := ArenaOptions{}.Default()
	o.Values = append(o.Values, OptionValue{Key: "board", Value: 200}, OptionValue{Key: "timeout", Value: 100_000})
	g, err := NewArenaGame(progs, o, 5)
	if err != nil {
		b.Fatal(err)
	}
	t := newTapeGame(g, g.Engine())
	for !t.eng.Over() && len(t.eng.Robots()) < robots && t.eng.Cycle() < 20000 {
		t.Step()
	}
	return t
}

// heapMiB is the Go heap in use after a collection: the game, its tape and the rest.
func heapMiB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapInuse) / (1 << 20)
}

// BenchmarkSeekBig200 plays a 200×200 board until 30,000 robots stand on it and 2,000
// cycles more, then seeks back to the middle of the game and forward to its end again (the
// time per op is those two seeks); it reports the robots, the cycles, the snapshots kept and
// the heap in use with the game and its history.
func BenchmarkSeekBig200(b *testing.B) {
	t := bigTape(b, 30000)
	for i := 0; i < 2000 && !t.eng.Over(); i++ {
		t.Step()
	}
	end := t.eng.Cycle()
	robots, snaps, heap := len(t.eng.Robots()), len(t.snaps), heapMiB()
	b.ResetTimer()
	for b.Loop() {
		t.Seek(end/2, func(int) {}, t.Step)
		t.Seek(end, func(int) {}, t.Step)
	}
	b.ReportMetric(float64(robots), "robots")
	b.ReportMetric(float64(end), "cycles")
	b.ReportMetric(float64(snaps), "snaps")
	b.ReportMetric(heap, "heap-MiB")
}

// BenchmarkHistory100k plays the same board to cycle 100,000 (the timeout raised to it) and
// reports the heap in use with the game and its history, and the time of one seek back to
// the middle of the game and forward to its end.
func BenchmarkHistory100k(b *testing.B) {
	t := bigTape(b, 30000)
	for t.eng.Cycle() < 100_000 && !t.eng.Over() {
		t.Step()
	}
	end := t.eng.Cycle()
	robots, snaps, heap := len(t.eng.Robots()), len(t.snaps), heapMiB()
	b.ResetTimer()
	for b.Loop() {
		t.Seek(end/2, func(int) {}, t.Step)
		t.Seek(end, func(int) {}, t.Step)
	}
	b.ReportMetric(float64(robots), "robots")
	b.ReportMetric(float64(end), "cycles")
	b.ReportMetric(float64(snaps), "snaps")
	b.ReportMetric(heap, "heap-MiB")
}
