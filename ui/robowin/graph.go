package robowin

import (
	"fmt"
	"image"
	"image/color"

	"gioui.org/f32"
	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/widget/material"
)

// GraphStyle draws the number of robots of each program over the cycles of the game.
type GraphStyle struct {
	Theme *material.Theme
	Hist  *History
	Teams []Team
}

// Graph builds the history graph's style.
func Graph(th *material.Theme, h *History, teams []Team) GraphStyle {
	return GraphStyle{Theme: th, Hist: h, Teams: teams}
}

// Layout draws one line per program into the available space; long games are sampled to
// one point per pixel column (the largest count in that column, so short peaks show).
func (g GraphStyle) Layout(gtx layout.Context) layout.Dimensions {
	size := gtx.Constraints.Max
	if size.Y > gtx.Dp(320) {
		size.Y = gtx.Dp(320)
	}
	if size.X <= 0 || size.Y <= gtx.Dp(40) {
		return layout.Dimensions{Size: size}
	}
	h := g.Hist.Counts
	legendH := g.graphLegend(gtx, size.X-gtx.Dp(8))
	left, bottom := gtx.Dp(40), gtx.Dp(34)
	plot := image.Rect(left, legendH+gtx.Dp(10), size.X-gtx.Dp(12), size.Y-bottom)
	if plot.Dy() < gtx.Dp(24) || plot.Dx() < gtx.Dp(40) {
		return layout.Dimensions{Size: size}
	}
	paint.FillShape(gtx.Ops, color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}, clip.Rect(plot).Op())

	maxN := int32(1)
	for _, c := range h {
		for t := range g.Teams {
			if t < MaxPlayers && c[t] > maxN {
				maxN = c[t]
			}
		}
	}
	maxN += max(1, maxN/10) // headroom, so the top line does not hide in the frame
	// Each program's line is shifted by its width from the next one's, around the true
	// value, so that programs with equal counts show side by side rather than the later
	// line over the earlier (five programs: ±2 widths); the scale leaves room for the
	// shifts at both ends, and the ticks follow it.
	lineW := float32(gtx.Dp(2))
	lines := min(len(g.Teams), MaxPlayers)
	pad := float32(lines-1) / 2 * lineW
	ht := float32(plot.Dy()-2) - 2*pad
	y := func(n int32) float32 { return float32(plot.Max.Y-1) - pad - float32(n)/float32(maxN)*ht }
	g.drawTicks(gtx, plot, int(maxN), len(h), y)
	frame := clip.Stroke{Path: clip.Rect(plot).Path(), Width: 1}.Op()
	paint.FillShape(gtx.Ops, color.NRGBA{0xAA, 0xAA, 0xAA, 0xFF}, frame)
	titleY := size.Y - gtx.Dp(15)
	g.tickLabel(gtx, "robots ↑", image.Pt(2, titleY), false)
	g.tickLabel(gtx, fmt.Sprintf("cycle → (now %d)", len(h)), image.Pt(plot.Max.X, titleY), true)
	if len(h) == 0 {
		return layout.Dimensions{Size: size}
	}
	w := float32(plot.Dx() - 2)
	cols := int(w)
	per := float32(len(h)) / float32(cols)
	if per < 1 {
		per, cols = 1, len(h)
	}
	for t := range g.Teams {
		if t >= MaxPlayers {
			break
		}
		shift := (float32(t) - float32(lines-1)/2) * lineW // the first program's on top
		var p clip.Path
		p.Begin(gtx.Ops)
		for c := 0; c < cols; c++ {
			i0 := int(float32(c) * per)
			i1 := min(int(float32(c+1)*per), len(h))
			var v int32
			for i := i0; i < max(i1, i0+1) && i < len(h); i++ {
				v = max(v, h[i][t])
			}
			x := float32(plot.Min.X+1) + float32(c)/float32(max(cols-1, 1))*w
			if len(h) < cols {
				x = float32(plot.Min.X+1) + float32(c)/float32(max(len(h)-1, 1))*w
			}
			pt := f32.Pt(x, y(v)+shift)
			if c == 0 {
				p.MoveTo(pt)
			} else {
				p.LineTo(pt)
			}
		}
		paint.FillShape(gtx.Ops, darker(g.Teams[t].Color), clip.Stroke{Path: p.End(), Width: lineW}.Op())
	}
	return layout.Dimensions{Size: size}
}

// darker makes light team colours (yellow) readable on the white plot.
func darker(c color.NRGBA) color.NRGBA {
	return color.NRGBA{uint8(int(c.R) * 85 / 100), uint8(int(c.G) * 85 / 100), uint8(int(c.B) * 85 / 100), c.A}
}
