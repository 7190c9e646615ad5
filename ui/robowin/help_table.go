package robowin

import (
	"strings"
	"unicode/utf8"

	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
	"gioui.org/widget/material"
)

// helpTable is one table of the help: its rows are helpLines with cells. Every column but the
// last is as wide as its widest cell; the last takes the rest. A cell that does not fit wraps
// inside its column, so a narrow window makes rows taller rather than splitting a row's cells
// over the next line.
type helpTable struct {
	chars []int // the widest cell of each column, in characters (the last column's is unused)
}

// monoAdvance is Go Mono's advance width in ems (1229/2048).
const monoAdvance = 0.6

// helpCellGap is the space between two columns, in characters.
const helpCellGap = 2

// tableRows makes the helpLines of a table: the header then the rows, each with its cells and
// its plain-text form (text), the cells padded to their columns.
func tableRows(header []string, rows [][]string) []helpLine {
	t := &helpTable{chars: make([]int, len(header))}
	for _, r := range append([][]string{header}, rows...) {
		for i, c := range r {
			t.chars[i] = max(t.chars[i], utf8.RuneCountInString(c))
		}
	}
	line := func(style int, cells []string) helpLine {
		var b strings.Builder
		for i, c := range cells {
			b.WriteString(c)
			if i < len(cells)-1 {
				b.WriteString(strings.Repeat(" ", t.chars[i]-utf8.RuneCountInString(c)+helpCellGap))
			}
		}
		return helpLine{text: b.String(), style: style, cells: cells, table: t}
	}
	out := []helpLine{line(helpTableHeader, header)}
	for _, r := range rows {
		out = append(out, line(helpTableRow, r))
	}
	return out
}

// columns is the width in pixels of each column but the last at text size sp, within width:
// when they would leave the last column less than a third of the width they shrink together
// (their cells then wrap).
func (t *helpTable) columns(gtx layout.Context, sp unit.Sp, width int) []int {
	charPx := float32(gtx.Sp(sp)) * monoAdvance
	cols := make([]int, len(t.chars)-1)
	total := 0
	for i := range cols {
		cols[i] = int(float32(t.chars[i]+helpCellGap)*charPx + 0.999)
		total += cols[i]
	}
	if budget := width * 2 / 3; total > budget && total > 0 {
		for i := range cols {
			cols[i] = cols[i] * budget / total
		}
	}
	return cols
}

// layoutTableRow draws one row: each cell a wrapping label held in its column.
func (h HelpStyle) layoutTableRow(gtx layout.Context, ln helpLine) layout.Dimensions {
	const size = unit.Sp(12)
	cols := ln.table.columns(gtx, size, gtx.Constraints.Max.X)
	children := make([]layout.FlexChild, len(ln.cells))
	for i, c := range ln.cells {
		cell := func(gtx layout.Context) layout.Dimensions {
			l := material.Caption(h.Theme, c)
			l.TextSize = size
			l.Font.Typeface = "Go Mono"
			if ln.style == helpTableHeader {
				l.Color = helpHeaderColor
			}
			gtx.Constraints.Min.X = 0
			// A label's bounds (for screen readers and tests) are its constraints: measure the
			// text, then draw it held to its own size, so the bounds are the cell's text.
			m := op.Record(gtx.Ops)
			d := l.Layout(gtx)
			m.Stop()
			tight := gtx
			tight.Constraints = layout.Exact(d.Size)
			m = op.Record(gtx.Ops)
			if td := l.Layout(tight); td != d {
				m.Stop() // the text did not lay out the same in its own size: draw it as measured
				return l.Layout(gtx)
			}
			m.Stop().Add(gtx.Ops)
			return d
		}
		if i == len(ln.cells)-1 {
			children[i] = layout.Flexed(1, cell)
			continue
		}
		w := cols[i]
		children[i] = layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			gap := min(gtx.Sp(size)*helpCellGap*6/10, w/4)
			gtx.Constraints.Min.X, gtx.Constraints.Max.X = w, w
			cgtx := gtx
			cgtx.Constraints.Min.X, cgtx.Constraints.Max.X = 0, w-gap
			d := cell(cgtx)
			d.Size.X = w
			return d
		})
	}
	return layout.Inset{Bottom: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Alignment: layout.Start}.Layout(gtx, children...)
	})
}
