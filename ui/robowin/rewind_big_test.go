package robowin

import (
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
	o.Values = append(o.Values, OptionValue{Key: "board", Value: 200})
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

// historyBytes is what the tape keeps in memory for rewinding.
func (t *tapeGame) historyBytes() int {
	n := 0
	for _, s := range t.snaps {
		n += s.Bytes()
	}
	return n
}

// BenchmarkSeekBig200 seeks back 2,000 cycles and forward again on a 200×200 board of
// 30,000 robots; it reports the robots, the snapshots kept and the bytes they take.
func BenchmarkSeekBig200(b *testing.B) {
	t := bigTape(b, 30000)
	for i := 0; i < 2000 && !t.eng.Over(); i++ {
		t.Step()
	}
	end := t.eng.Cycle()
	b.ReportMetric(float64(len(t.eng.Robots())), "robots")
	b.ReportMetric(float64(len(t.snaps)), "snaps")
	b.ReportMetric(float64(t.historyBytes())/(1<<20), "history-MiB")
	b.ResetTimer()
	for b.Loop() {
		t.Seek(end-2000, func(int) {}, t.Step)
		t.Seek(end, func(int) {}, t.Step)
	}
}
