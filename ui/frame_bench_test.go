//go:build cgo

package ui

import (
	"image"
	"testing"
	"time"

	"gioui.org/gpu/headless"
	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
)

// benchmarkBoardFrame measures a whole frame: layout plus rendering on the headless GPU
// (Mesa's software renderer on machines without a GPU).
func benchmarkBoardFrame(b *testing.B, n int) { benchmarkFrame(b, n, true) }

// benchmarkFrame draws an n×n board, full of robots or empty (the baseline: background
// and grid only, which shows what the machine's renderer costs by itself).
func benchmarkFrame(b *testing.B, n int, full bool) {
	size := image.Pt(800, 800)
	w, err := headless.NewWindow(size.X, size.Y)
	if err != nil {
		b.Skipf("no headless GPU here: %v", err)
	}
	defer w.Release()
	robots, teams := fullBoard(n)
	if !full {
		robots = robots[:1]
	}
	th := testTheme()
	st := &BoardState{}
	var r input.Router
	var ops op.Ops
	frame := func(i int) {
		ops.Reset()
		gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(size), Source: r.Source(), Now: time.Unix(0, 0)}
		// Robots change every frame, as in a running game: turn one of them.
		robots[i%len(robots)].Dir = (robots[i%len(robots)].Dir + 1) % 4
		Board(th, st, n, robots, teams).Layout(gtx)
		if err := w.Frame(&ops); err != nil {
			b.Fatal(err)
		}
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
	img := image.NewRGBA(image.Rectangle{Max: size})
	if err := w.Screenshot(img); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkBoardFrame16(b *testing.B) { benchmarkBoardFrame(b, 16) }
func BenchmarkBoardFrame64(b *testing.B) { benchmarkBoardFrame(b, 64) }

func BenchmarkBoardFrameEmpty16(b *testing.B) { benchmarkFrame(b, 16, false) }
