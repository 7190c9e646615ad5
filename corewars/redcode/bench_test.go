package redcode

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuTime is this process's user+system CPU time: on a shared machine it
// measures the engine better than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchPairsExecuted is what the 20 pairs of bench-pairs.txt execute at 200
// rounds: pMARS's 297.9 M instructions (REDCODE.md), to the instruction as this
// engine counts them (it agrees with pMARS on every round of
// expected_rounds.tsv).
const benchPairsExecuted = 297_894_106

// BenchmarkBenchPairs runs bench-pairs.txt (20 pairs x 200 rounds, -F 4000,
// '94 hill settings) on one core and on all (GOMAXPROCS) and reports M
// instructions/s. Every iteration must execute benchPairsExecuted
// instructions and give the same results.
func BenchmarkBenchPairs(b *testing.B) {
	needCorpus(b)
	pairs := benchPairs(b)
	rounds := "200"
	if r := os.Getenv("BENCH_ROUNDS"); r != "" {
		rounds = r // fewer rounds, e.g. for runs under valgrind
	}
	st := hillSettings(b, hill94+" -F 4000 -r "+rounds)
	var battles [][]*Warrior
	for _, p := range pairs {
		battles = append(battles, loadBattleWarriors(b, st, p[:]))
	}
	for _, cores := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("cores=%d", cores), func(b *testing.B) {
			st := *st
			st.Cores = cores
			var first []int
			var executed int64
			b.ReportAllocs()
			cpu0 := cpuTime()
			for it := 0; it < b.N; it++ {
				var results []int
				var total int64
				for _, ws := range battles {
					m, err := Battle(&st, ws, 0, func(ri RoundInfo) { total += ri.Executed })
					if err != nil {
						b.Fatal(err)
					}
					results = append(results, m.Scores[0][0], m.Scores[1][0], m.Scores[0][1])
				}
				if rounds == "200" && total != benchPairsExecuted {
					b.Fatalf("%d instructions executed, want %d (pMARS: 297.9 M)", total, benchPairsExecuted)
				}
				executed += total
				if first == nil {
					first = results
				} else if !slices.Equal(results, first) {
					b.Fatalf("results changed between iterations")
				}
			}
			total := float64(executed)
			if cpu := (cpuTime() - cpu0).Seconds(); cpu > 0 {
				b.ReportMetric(total/cpu/1e6, "Minstr/cpu-s")
			}
			b.ReportMetric(total/b.Elapsed().Seconds()/1e6, "Minstr/s")
		})
	}
}

// TestRunRoundAllocatesNothing: once the queues have grown, a whole round —
// loading and running — allocates nothing.
func TestRunRoundAllocatesNothing(t *testing.T) {
	st, _ := ParseSettings(strings.Fields("-F 4000 -r 1"))
	ws := testdataWarriors(t, st, "dwarf.red", "imp.red")
	ws[1] = load86(t, "mice.war") // splits: its queue grows in the first round
	m, err := NewMachine(Settings{CoreSize: 8000, MaxProcesses: 8000, Cycles: 80000}, ws)
	if err != nil {
		t.Fatal(err)
	}
	pos := []int{0, 4000}
	m.LoadRound(pos, 0)
	m.RunRound()
	if n := testing.AllocsPerRun(5, func() {
		m.LoadRound(pos, 1)
		m.RunRound()
	}); n != 0 {
		t.Errorf("%v allocations per round", n)
	}
}

// BenchmarkAssembleBenchPairs assembles the 40 warriors of bench-pairs.txt, as
// `robocom-mars` does once per battle (a hill starts one process a battle, so the
// assembler is part of every battle's fixed cost, beside the runtime's start).
func BenchmarkAssembleBenchPairs(b *testing.B) {
	needCorpus(b)
	var srcs [][]byte
	for _, p := range benchPairs(b) {
		for _, f := range p {
			src, err := os.ReadFile(filepath.Join(corpusDir, "warriors", f))
			if err != nil {
				b.Fatal(err)
			}
			srcs = append(srcs, src)
		}
	}
	if len(srcs) != 40 {
		b.Fatalf("%d warriors in bench-pairs.txt, want 40", len(srcs))
	}
	cfg := hillSettings(b, hill94+" -F 4000").AssemblerConfig(2)
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range srcs {
			if w, diag := Assemble(src, cfg); w == nil {
				b.Fatal(diag.Stderr())
			}
		}
	}
}

// benchPairs is bench-pairs.txt: the 20 pairs, as paths under the corpus's warriors folder.
func benchPairs(t testing.TB) [][2]string {
	f, err := os.Open(filepath.Join(corpusDir, "bench-pairs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var pairs [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 2 && !strings.HasPrefix(fs[0], "#") {
			pairs = append(pairs, [2]string{"fsh94nop0.3/" + fs[0], "fsh94nop0.3/" + fs[1]})
		}
	}
	return pairs
}
