package robowin

import (
	"fmt"
	"image"
	"image/color"

	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/unit"
	"gioui.org/widget/material"
)

// niceStep is a tick spacing of 1, 2 or 5 times a power of ten that puts at most about
// want ticks between 0 and span.
func niceStep(span, want int) int {
	if span <= 0 || want <= 0 {
		return 1
	}
	for pow := 1; ; pow *= 10 {
		for _, m := range [3]int{1, 2, 5} {
			if s := m * pow; span/s <= want {
				return s
			}
		}
	}
}

// ticks are the multiples of step from 0 up to span.
func ticks(span, step int) []int {
	var t []int
	for v := 0; v <= span; v += step {
		t = append(t, v)
	}
	return t
}

// graphLegend lays out the teams' names, each after a swatch of its line colour, in rows
// that wrap at the available width; it returns the height used.
func (g GraphStyle) graphLegend(gtx layout.Context, width int) int {
	x0 := gtx.Dp(4)
	x, y, rowH := x0, gtx.Dp(2), 0
	gap := gtx.Dp(10)
	for t := range g.Teams {
		if t >= MaxPlayers {
			break
		}
		m := op.Record(gtx.Ops)
		lgtx := gtx
		lgtx.Constraints = layout.Constraints{Max: image.Pt(width, gtx.Dp(40))}
		dims := layout.Flex{Alignment: layout.Middle}.Layout(lgtx,
			layout.Rigid(swatch(darker(g.Teams[t].Color), 10)),
			layout.Rigid(layout.Spacer{Width: unit.Dp(4)}.Layout),
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				l := material.Caption(g.Theme, g.Teams[t].Name)
				l.Color = g.Theme.Fg
				l.MaxLines = 1
				return l.Layout(gtx)
			}),
		)
		call := m.Stop()
		if x > x0 && x+dims.Size.X > width {
			x, y, rowH = x0, y+rowH, 0
		}
		off := op.Offset(image.Pt(x, y)).Push(gtx.Ops)
		call.Add(gtx.Ops)
		off.Pop()
		x += dims.Size.X + gap
		rowH = max(rowH, dims.Size.Y)
	}
	return y + rowH
}

// tickLabel draws s with its top left (or, with alignRight, its top right) at at.
func (g GraphStyle) tickLabel(gtx layout.Context, s string, at image.Point, alignRight bool) {
	m := op.Record(gtx.Ops)
	l := material.Caption(g.Theme, s)
	l.Color = color.NRGBA{0x44, 0x44, 0x44, 0xFF}
	lgtx := gtx
	lgtx.Constraints = layout.Constraints{Max: image.Pt(gtx.Dp(240), gtx.Dp(30))}
	dims := l.Layout(lgtx)
	c := m.Stop()
	if alignRight {
		at.X -= dims.Size.X
	}
	t := op.Offset(at).Push(gtx.Ops)
	c.Add(gtx.Ops)
	t.Pop()
}

// drawTicks draws the axes' tick marks, light grid lines and labels: robots on the left
// from 0 to maxN, cycles along the bottom from 1 to cycles.
func (g GraphStyle) drawTicks(gtx layout.Context, plot image.Rectangle, maxN, cycles int, yOf func(int32) float32) {
	tick := gtx.Dp(4)
	gridCol := color.NRGBA{0xE6, 0xE6, 0xE6, 0xFF}
	tickCol := color.NRGBA{0x88, 0x88, 0x88, 0xFF}
	yStep := niceStep(maxN, max(2, plot.Dy()/gtx.Dp(28)))
	for _, v := range ticks(maxN, yStep) {
		y := int(yOf(int32(v)) + 0.5)
		if v > 0 {
			paint.FillShape(gtx.Ops, gridCol, clip.Rect{Min: image.Pt(plot.Min.X+1, y), Max: image.Pt(plot.Max.X-1, y+1)}.Op())
		}
		paint.FillShape(gtx.Ops, tickCol, clip.Rect{Min: image.Pt(plot.Min.X-tick, y), Max: image.Pt(plot.Min.X, y+1)}.Op())
		g.tickLabel(gtx, fmt.Sprint(v), image.Pt(plot.Min.X-tick-gtx.Dp(2), y-gtx.Dp(7)), true)
	}
	if cycles <= 0 {
		return
	}
	w := float32(plot.Dx() - 2)
	xStep := niceStep(cycles, max(2, plot.Dx()/gtx.Dp(60)))
	for _, c := range ticks(cycles, xStep) {
		x := plot.Min.X + 1 + int(float32(c)/float32(max(cycles, 1))*w)
		paint.FillShape(gtx.Ops, tickCol, clip.Rect{Min: image.Pt(x, plot.Max.Y), Max: image.Pt(x+1, plot.Max.Y+tick)}.Op())
		g.tickLabel(gtx, fmt.Sprint(c), image.Pt(x-gtx.Dp(4), plot.Max.Y+tick), false)
	}
}
