package robowin

import (
	"image"
	"testing"
	"time"

	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"

	"robocom/arena"
)

// benchmarkHeads lays out a full board whose robots all have 10 tasks facing every way; one
// task of one robot turns before every layout, so the arrows' layer is recorded again each
// time (the worst case for the heads), while the team layers replay.
func benchmarkHeads(b *testing.B, n int) {
	robots, teams := fullBoard(n)
	for i := range robots {
		tasks := make([]arena.TaskView, 10)
		for k := range tasks {
			tasks[k] = arena.TaskView{Number: k + 1, Dir: arena.Dir((i + k) % 3)}
		}
		robots[i].Tasks = tasks
	}
	th := testTheme()
	st := &BoardState{}
	var r input.Router
	var ops op.Ops
	size := image.Pt(800, 800)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ops.Reset()
		gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(size), Source: r.Source(), Now: time.Unix(0, 0)}
		t := &robots[i%len(robots)].Tasks[9]
		t.Dir = (t.Dir + 1) % 4
		i++
		Board(th, st, n, robots, teams).Layout(gtx)
	}
}

// BenchmarkBoardHeads16 and 64: a full board of 10-task robots whose heads change every frame.
func BenchmarkBoardHeads16(b *testing.B) { benchmarkHeads(b, 16) }
func BenchmarkBoardHeads64(b *testing.B) { benchmarkHeads(b, 64) }
