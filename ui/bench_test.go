package ui

import (
	"image"
	"testing"
	"time"

	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
)

// fullBoard is an n×n board with a robot on every field, of every team, direction, set,
// mobility and activity, so every path kind is drawn.
func fullBoard(n int) ([]RobotView, []Team) {
	robots := make([]RobotView, 0, n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			i := y*n + x
			robots = append(robots, RobotView{
				ID: i + 1, Team: i % MaxPlayers, X: x, Y: y, Dir: i % 4, Set: i % 3,
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

func benchmarkBoardLayout(b *testing.B, n int) {
	robots, teams := fullBoard(n)
	th := testTheme()
	st := &BoardState{}
	var r input.Router
	var ops op.Ops
	size := image.Pt(800, 800)
	b.ReportAllocs()
	for b.Loop() {
		ops.Reset()
		gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(size), Source: r.Source(), Now: time.Unix(0, 0)}
		Board(th, st, n, robots, teams).Layout(gtx)
	}
}

// BenchmarkBoardLayout16 and 64 measure building the board's operations (no GPU).
func BenchmarkBoardLayout16(b *testing.B) { benchmarkBoardLayout(b, 16) }
func BenchmarkBoardLayout64(b *testing.B) { benchmarkBoardLayout(b, 64) }
