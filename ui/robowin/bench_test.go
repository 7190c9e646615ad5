package robowin

import (
	"robocom/arena"

	"image"
	"testing"
	"time"

	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"

	"robocom/robolang"
)

// fullBoard is an n×n board with a robot on every field, of every team, direction, set,
// mobility and activity, so every path kind is drawn.
func fullBoard(n int) ([]arena.RobotView, []Team) {
	robots := make([]arena.RobotView, 0, n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			i := y*n + x
			robots = append(robots, arena.RobotView{
				ID: i + 1, Team: i % MaxPlayers, X: x, Y: y, Dir: arena.Dir(i % 4), Set: i % 3,
				Mobile: i%2 == 0, Active: int16(1 - i%7/6),
			})
		}
	}
	teams := make([]Team, MaxPlayers)
	for i := range teams {
		teams[i] = Team{Name: "T", Color: paletteColor(i)}
	}
	return robots, teams
}

func benchmarkBoardLayout(b *testing.B, n int) { benchmarkLayout(b, n, false) }

// benchmarkLayout lays out a full board; with turn, one robot turns before every layout
// (one team's layer must be recorded again, the rest replay).
func benchmarkLayout(b *testing.B, n int, turn bool) {
	robots, teams := fullBoard(n)
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
		if turn {
			robots[i%len(robots)].Dir = (robots[i%len(robots)].Dir + 1) % 4
			i++
		}
		Board(th, st, n, robots, teams).Layout(gtx)
	}
}

// BenchmarkBoardLayoutAllMove200 is the board's own work in BenchmarkBoardFrameAllMove200
// (laying out and drawing the board image), without the GPU: 30 000 robots on a 200×200
// board at 4 px a field, every one changed since the frame before.
func BenchmarkBoardLayoutAllMove200(b *testing.B) {
	const n = 200
	robots, teams := fullBoard(n)
	kept := robots[:0]
	for k, r := range robots {
		if k%4 != 3 {
			kept = append(kept, r)
		}
	}
	robots = kept
	th := testTheme()
	st := &BoardState{}
	var r input.Router
	var ops op.Ops
	size := image.Pt(800, 800)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		for k := range robots {
			r := &robots[k]
			r.Dir = (r.Dir + 1) % 4
			if k%3 == i%3 {
				r.X = (r.X + 1) % n
			}
		}
		i++
		ops.Reset()
		gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(size), Source: r.Source(), Now: time.Unix(0, 0)}
		Board(th, st, n, robots, teams).Layout(gtx)
	}
}

func BenchmarkBoardLayoutTurn16(b *testing.B) { benchmarkLayout(b, 16, true) }
func BenchmarkBoardLayoutTurn64(b *testing.B) { benchmarkLayout(b, 64, true) }

// BenchmarkBoardLayout16 and 64 measure building the board's operations (no GPU) when
// nothing moved; the Turn variants when one robot turned.
func BenchmarkBoardLayout16(b *testing.B) { benchmarkBoardLayout(b, 16) }
func BenchmarkBoardLayout64(b *testing.B) { benchmarkBoardLayout(b, 64) }

// fixedGame is a Game whose board never changes: a full board for measuring the window.
type fixedGame struct {
	n      int
	robots []arena.RobotView
}

func (g *fixedGame) Step()      {}
func (g *fixedGame) Over() bool { return false }
func (g *fixedGame) Cycle() int { return 1 }
func (g *fixedGame) Size() int  { return g.n }
func (g *fixedGame) Robots(dst []arena.RobotView) []arena.RobotView {
	return append(dst, g.robots...)
}
func (g *fixedGame) Events(dst []arena.Event) []arena.Event { return dst }
func (g *fixedGame) Counts(dst []int) []int {
	c := make([]int, MaxPlayers)
	for _, r := range g.robots {
		c[r.Team]++
	}
	return append(dst, c...)
}
func (g *fixedGame) Ranks() []int        { return nil }
func (g *fixedGame) Engine() *arena.Game { return nil }

// benchmarkWindowLayout lays out the whole window (panel, graph, board) around a full board.
func benchmarkWindowLayout(b *testing.B, n int) {
	robots, _ := fullBoard(n)
	fs := testFS()
	u := New(Config{
		Load:  LoadProgram,
		Roots: []Root{{Name: "test", FS: fs, Home: "."}},
		Files: []string{"test:p1.rob", "test:p2.rob", "test:p3.rob", "test:p4.rob", "test:p5.rob"},
		NewGame: func([]*robolang.Program, GameOptions, int64) (Game, error) {
			return &fixedGame{n: n, robots: robots}, nil
		},
	})
	defer u.Close()
	var r input.Router
	var ops op.Ops
	size := image.Pt(1280, 860)
	frame := func() {
		ops.Reset()
		gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(size), Source: r.Source(), Now: time.Now()}
		u.Layout(gtx)
		r.Frame(&ops)
	}
	for u.Snapshot().Size != n {
		frame()
		time.Sleep(time.Millisecond)
	}
	b.ReportAllocs()
	for b.Loop() {
		frame()
	}
}

func BenchmarkWindowLayout16(b *testing.B) { benchmarkWindowLayout(b, 16) }
func BenchmarkWindowLayout64(b *testing.B) { benchmarkWindowLayout(b, 64) }
