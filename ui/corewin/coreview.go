package corewin

import (
	"image"

	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/unit"
	"gioui.org/widget/material"
)

// coreView is the core (CoreStyle over the session's CoreState) and, under it, the line
// about the cell under the pointer or the selected one.
type coreView struct {
	*session
	look

	// The line under the core: its lines (set each frame by the width) and the measures
	// they come from.
	infoMaxLines, hintW, infoLineH int
	infoMeasured                   unit.Metric

	// around, if set, lays out the room above the line with the core in it (the inspectors
	// beside the core and the timeline under it).
	around func(gtx layout.Context, core layout.Widget) layout.Dimensions
}

// layoutLeft is the core with the line about a cell under it. The core is laid out first,
// so that the line describes the cell under the pointer in this frame, not the last one.
func (v *coreView) layout(gtx layout.Context) layout.Dimensions {
	size := gtx.Constraints.Max
	lines, lineH := v.infoLines(gtx, size.X)
	infoH := max(gtx.Dp(unit.Dp(28)), 2*gtx.Dp(infoInset)+lines*lineH)
	v.infoMaxLines = lines
	cg := gtx
	cg.Constraints = layout.Exact(image.Pt(size.X, max(size.Y-infoH, 0)))
	if v.around != nil {
		v.around(cg, v.layoutCore)
	} else {
		v.layoutCore(cg)
	}
	off := op.Offset(image.Pt(0, size.Y-infoH)).Push(gtx.Ops)
	ig := gtx
	ig.Constraints = layout.Exact(image.Pt(size.X, infoH))
	v.layoutCellInfo(ig)
	off.Pop()
	return layout.Dimensions{Size: size}
}

func (v *coreView) layoutCore(gtx layout.Context) layout.Dimensions {
	if v.snap.Size == 0 {
		paint.FillShape(gtx.Ops, coreBg, clip.Rect{Max: gtx.Constraints.Max}.Op())
		msg := "Add programs (.red, .cw or .vna) in the Players tab to fill the core."
		if v.gameErr != "" {
			msg = "The game cannot start: " + v.gameErr
		}
		return layout.Center.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			l := material.Body1(v.th, msg)
			l.Color = infoFg
			return l.Layout(gtx)
		})
	}
	return CoreStyle{State: v.core, Snap: &v.snap, ColorOf: v.colorOf, Marked: v.marked}.Layout(gtx)
}

// CellInfo is the line under the core: the hovered cell, else the selected one.
func (v *coreView) CellInfo() string {
	a := v.core.Hover
	what := "hovered" // (not "pointer": in Redcode a pointer is an operand)
	if a < 0 {
		a, what = v.core.Selected, "selected"
	}
	if a < 0 {
		return cellInfoHint
	}
	return what + " " + v.cellLine(a)
}

// cellInfoHint is the line under the core when no cell is hovered or selected.
const cellInfoHint = "Hover: a cell's content · click: select · wheel: zoom · drag: pan · Space run, S step, N block, F fit"

func (v *coreView) layoutCellInfo(gtx layout.Context) layout.Dimensions {
	// The bar is as tall as its lines allow, whatever the text in it now.
	paint.FillShape(gtx.Ops, infoBg, clip.Rect{Max: gtx.Constraints.Max}.Op())
	gtx.Constraints.Min = image.Point{}
	layout.UniformInset(infoInset).Layout(gtx, v.cellInfoLabel(v.CellInfo()).Layout)
	return layout.Dimensions{Size: gtx.Constraints.Max}
}

// infoInset is the margin around the line under the core.
const infoInset = unit.Dp(6)

// cellInfoLabel is the line under the core showing text.
func (v *coreView) cellInfoLabel(text string) material.LabelStyle {
	l := material.Body2(v.th, text)
	l.Color, l.MaxLines = infoFg, max(v.infoMaxLines, 1)
	l.Font.Typeface = "Go Mono"
	return l
}

// infoLines is how many lines the line under the core gets in a width of width pixels, and
// the height of one: as many as the hint needs (it is as long as the usual descriptions of a
// cell), at most 3. It depends on the width only, so the core keeps its size as the pointer
// moves over cells with shorter or longer descriptions.
func (v *coreView) infoLines(gtx layout.Context, width int) (lines, lineH int) {
	if v.infoMeasured != gtx.Metric {
		// The hint on one line, however long: recorded to be measured, never drawn.
		mg := gtx
		mg.Constraints = layout.Constraints{Max: image.Pt(1<<20, 1<<20)}
		m := op.Record(gtx.Ops)
		l := v.cellInfoLabel(cellInfoHint)
		l.MaxLines = 1
		d := l.Layout(mg)
		m.Stop()
		v.infoMeasured, v.hintW, v.infoLineH = gtx.Metric, d.Size.X, d.Size.Y
	}
	avail := max(width-2*gtx.Dp(infoInset), 1)
	return min(max((v.hintW+avail-1)/avail, 1), 3), v.infoLineH
}
