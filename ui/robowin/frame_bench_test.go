//go:build cgo

package robowin

import (
	"image"
	"testing"

	"gioui.org/layout"

	"robocom/ui/internal/goldentest"
)

// benchmarkBoardFrame measures a whole frame: layout plus rendering on the headless GPU
// (Mesa's software renderer on machines without a GPU).
func benchmarkBoardFrame(b *testing.B, n int) { benchmarkFrame(b, n, true) }

// benchmarkFrame draws an n×n board, full of robots or empty (the baseline: background
// and grid only, which shows what the machine's renderer costs by itself).
func benchmarkFrame(b *testing.B, n int, full bool) {
	size := image.Pt(800, 800)
	w := goldentest.NewWindow(b, size)
	robots, teams := fullBoard(n)
	if !full {
		robots = robots[:1]
	}
	th := testTheme()
	st := &BoardState{}
	frame := func(i int) {
		// Robots change every frame, as in a running game: turn one of them.
		robots[i%len(robots)].Dir = (robots[i%len(robots)].Dir + 1) % 4
		w.Frame(b, func(gtx layout.Context) { Board(th, st, n, robots, teams).Layout(gtx) })
	}
	frame(0) // the first frame compiles shaders
	b.ReportAllocs()
	b.ResetTimer()
	i := 1
	for b.Loop() {
		frame(i)
		i++
	}
	// Frame returns before the GPU finishes; a screenshot waits for it.
	w.Screenshot(b)
}

func BenchmarkBoardFrame16(b *testing.B) { benchmarkBoardFrame(b, 16) }
func BenchmarkBoardFrame64(b *testing.B) { benchmarkBoardFrame(b, 64) }

func BenchmarkBoardFrameEmpty16(b *testing.B) { benchmarkFrame(b, 16, false) }
