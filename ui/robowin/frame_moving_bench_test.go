//go:build cgo

package robowin

import (
	"image"
	"testing"

	"gioui.org/layout"

	"robocom/ui/internal/goldentest"
)

// BenchmarkBoardFrameAllMove64 is a whole headless frame of a full 64×64 board where every
// robot changes between frames (each turns, a third also moves one field), the worst case
// of a game at full speed, where several cycles pass between two frames.
func BenchmarkBoardFrameAllMove64(b *testing.B) { benchmarkAllMove(b, 64, 1) }

// BenchmarkBoardFrameAllMove200 is the same on a 200×200 board with a robot on three fields
// of four (30 000 robots), at 4 px a field in the 800×800 view (issue 22: under 16 ms).
func BenchmarkBoardFrameAllMove200(b *testing.B) { benchmarkAllMove(b, 200, 4) }

// benchmarkAllMove draws an n×n board, with every gap-th field left empty (gap 1: none),
// where every robot changes between frames.
func benchmarkAllMove(b *testing.B, n, gap int) {
	w := goldentest.NewWindow(b, image.Pt(800, 800))
	robots, teams := fullBoard(n)
	if gap > 1 {
		kept := robots[:0]
		for k, r := range robots {
			if k%gap != gap-1 {
				kept = append(kept, r)
			}
		}
		robots = kept
	}
	th := testTheme()
	st := &BoardState{}
	frame := func(i int) {
		for k := range robots {
			r := &robots[k]
			r.Dir = (r.Dir + 1) % 4
			if k%3 == i%3 {
				r.X = (r.X + 1) % n
			}
		}
		w.Frame(b, func(gtx layout.Context) { Board(th, st, n, robots, teams).Layout(gtx) })
	}
	frame(0)
	b.ReportAllocs()
	b.ResetTimer()
	i := 1
	for b.Loop() {
		frame(i)
		i++
	}
	w.Screenshot(b)
}
