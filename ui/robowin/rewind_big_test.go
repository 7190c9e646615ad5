package robowin

import (
	"bufio"
	"bytes"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

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

// procMiB reads a line of /proc/self/status in MiB: VmRSS (resident now) or VmHWM (the
// peak resident size of the process so far). It is 0 where there is no /proc.
func procMiB(key string) float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		if len(f) >= 2 && string(f[0]) == key+":" {
			kb, _ := strconv.Atoi(string(f[1]))
			return float64(kb) / 1024
		}
	}
	return 0
}

// seekTargets are where the seek benchmarks go, in turn, as fractions of the game: back to
// the middle and forward to the end ("Latest →"), one cycle back, and jumps back and forth
// across the game, as a user dragging the timeline.
var seekTargets = []float64{0.5, 1, 0.9999, 0.17, 0.61, 0.35, 0.93, 0.08, 0.77, 1}

// onRunner runs f on r's simulation goroutine and waits for it.
func onRunner(r *Runner, f func(s *runState)) {
	done := make(chan struct{})
	r.do(func(s *runState) { f(s); close(done) })
	<-done
}

// bigRunner plays the board of bigTape on a Runner, as the window does (its event log and
// graph kept), until play says stop.
func bigRunner(b *testing.B, play func(t *tapeGame) bool) (*Runner, *tapeGame) {
	t := bigTape(b, 0)
	r := NewRunner(nil)
	b.Cleanup(r.Close)
	r.Reset(t)
	onRunner(r, func(s *runState) {
		for play(t) && !t.eng.Over() {
			r.step(s)
		}
		r.Publish()
	})
	return r, t
}

// seekMetrics are the figures of benchSeeks, reported after the benchmark's loop (which
// would drop them).
type seekMetrics struct {
	worst, total, middle, latest, back1 time.Duration
	worstCPU, totalCPU                  time.Duration
	n                                   int
}

// benchSeeks seeks the Runner's game to each of seekTargets of its end, as the timeline does.
func benchSeeks(r *Runner, end int, m *seekMetrics) {
	for i, f := range seekTargets {
		done := make(chan struct{})
		start, cpu := time.Now(), cpuTime()
		r.seekTape(int(f*float64(end)), func(int, error) { close(done) })
		<-done
		took, tookCPU := time.Since(start), cpuTime()-cpu
		m.worst, m.total, m.n = max(m.worst, took), m.total+took, m.n+1
		m.worstCPU, m.totalCPU = max(m.worstCPU, tookCPU), m.totalCPU+tookCPU
		switch i {
		case 0:
			m.middle = took
		case 1:
			m.latest = took
		case 2:
			m.back1 = took
		}
	}
}

func (m seekMetrics) report(b *testing.B) {
	b.ReportMetric(m.worst.Seconds(), "max-s/seek")
	b.ReportMetric(m.total.Seconds()/float64(m.n), "mean-s/seek")
	b.ReportMetric(m.middle.Seconds(), "s-to-middle")
	b.ReportMetric(m.latest.Seconds(), "s-latest")
	b.ReportMetric(m.back1.Seconds(), "s-back-1")
	b.ReportMetric(m.worstCPU.Seconds(), "max-cpu-s/seek")
	b.ReportMetric(m.totalCPU.Seconds()/float64(m.n), "mean-cpu-s/seek")
}

// memMetrics are what the game and its history hold: the robots, the cycles, the snapshots
// kept and what they hold (Snapshot.Bytes), the Go heap in use after a collection, and the process's resident size now and at
// its peak (the peak covers every benchmark run before in the same process).
type memMetrics struct{ robots, cycles, snaps, tape, heap, rss, peak float64 }

func memoryOf(t *tapeGame) memMetrics {
	return memMetrics{float64(len(t.eng.Robots())), float64(t.eng.Cycle()), float64(len(t.snaps)),
		float64(t.bytes) / (1 << 20), heapMiB(), procMiB("VmRSS"), procMiB("VmHWM")}
}

func (m memMetrics) report(b *testing.B) {
	b.ReportMetric(m.robots, "robots")
	b.ReportMetric(m.cycles, "cycles")
	b.ReportMetric(m.snaps, "snaps")
	b.ReportMetric(m.tape, "tape-MiB")
	b.ReportMetric(m.heap, "heap-MiB")
	b.ReportMetric(m.rss, "rss-MiB")
	b.ReportMetric(m.peak, "peak-rss-MiB")
}

// BenchmarkSeekBig200 plays a 200×200 board until 30,000 robots stand on it and 2,000
// cycles more, on a Runner as the window does, then seeks to each of seekTargets (the time
// per op is all those seeks).
func BenchmarkSeekBig200(b *testing.B) {
	extra := 2000
	r, t := bigRunner(b, func(t *tapeGame) bool {
		if len(t.eng.Robots()) >= 30000 || t.eng.Cycle() >= 20000 {
			extra--
		}
		return extra >= 0
	})
	mem, end := memoryOf(t), t.eng.Cycle()
	var m seekMetrics
	for b.Loop() {
		benchSeeks(r, end, &m)
	}
	m.report(b)
	mem.report(b)
}

// BenchmarkHistory100k plays the same board to cycle 100,000 (the timeout raised to it),
// reports the memory the game and its history hold, and seeks as BenchmarkSeekBig200. Run
// it alone for a peak resident size of its own.
func BenchmarkHistory100k(b *testing.B) {
	r, t := bigRunner(b, func(t *tapeGame) bool { return t.eng.Cycle() < 100_000 })
	mem, end := memoryOf(t), t.eng.Cycle()
	var m seekMetrics
	for b.Loop() {
		benchSeeks(r, end, &m)
	}
	m.report(b)
	mem.report(b)
}
