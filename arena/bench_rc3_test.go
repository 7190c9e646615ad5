package arena

import (
	"fmt"
	"strings"
	"testing"

	"robocom/robolang"
)

// crowdRC3Src is crowdSrc for rc3m with N tasks per robot: the first task starts N − 1
// more at the work loop, then joins them. Every robot built runs it again.
const crowdRC3Src = `Bank Main
@top
Comp $Tasks, NTASKS
Jump @more
Jump @l
@more
Init 1, @l
Jump @top
@l
Turn 1
Create 2, 1, 0
Trans 1, 1
Set %Active, 1
Scan #1
Add #2, 1
Comp #2, 1000
Jump @l
Set #2, 0
Jump @l
`

func benchRC3Crowded(b *testing.B, tasks int) {
	p := parseRC3(b, "Crowd", strings.ReplaceAll(crowdRC3Src, "NTASKS", fmt.Sprint(tasks)))
	o := RC3M()
	o.Timeout = MaxTimeout
	g, err := New(Config{Programs: []*robolang.Program{p}, Seed: 1, Options: o})
	if err != nil {
		b.Fatal(err)
	}
	for g.Cycle() < 400000 && g.TeamCounts()[0] < 250 {
		g.RunUntil(g.Cycle() + 10000)
	}
	if n := g.TeamCounts()[0]; n < 250 {
		b.Fatalf("board not crowded: %d robots", n)
	}
	if v := g.Robots(); len(v[len(v)-1].Tasks) != tasks {
		b.Fatalf("the youngest robot has %d tasks, want %d", len(v[len(v)-1].Tasks), tasks)
	}
	start := g.Instructions()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.Step()
	}
	b.StopTimer()
	b.ReportMetric(float64(g.Instructions()-start)/b.Elapsed().Seconds(), "instr/s")
	b.ReportMetric(float64(g.Instructions()-start)/float64(b.N), "instr/cycle")
}

// BenchmarkRC3Tasks1 and BenchmarkRC3Tasks10: cycles of a crowded 16×16 rc3m board, every
// robot with 1 or 10 tasks (the plain path of tasks.go); instructions completed per second.
func BenchmarkRC3Tasks1(b *testing.B)  { benchRC3Crowded(b, 1) }
func BenchmarkRC3Tasks10(b *testing.B) { benchRC3Crowded(b, 10) }
