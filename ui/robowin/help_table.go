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

// columns is, for each column but the last at text size sp within width, the width of its
// text and of the column (text and gap). When they would leave the last column less than a
// third of the width they shrink (their cells then wrap).
func (t *helpTable) columns(gtx layout.Context, sp unit.Sp, width int) (text, col []int) {
	// Not gtx.Sp, which rounds: text is shaped at the unrounded size (at 1.04 px per sp a
	// 12 sp "classic" was wider than 7 rounded characters and wrapped).
	charPx := float32(sp) * gtx.Metric.PxPerSp * monoAdvance
	gap := int(helpCellGap*charPx + 0.999)
	text, col = make([]int, len(t.chars)-1), make([]int, len(t.chars)-1)
	total := 0
	for i := range col {
		// 2 px of slack: glyph advances are rounded, and a cell exactly as wide as its
		// widest text must not wrap.
		text[i] = int(float32(t.chars[i])*charPx+0.999) + 2
		col[i] = text[i] + gap
		total += col[i]
	}
	budget := width * 2 / 3
	if total <= budget || total == 0 {
		return text, col
	}
	// The widest column (the instruction's, which wraps well at ", ") gives way first, down to
	// half its text; short columns like "classic" wrap mid-word, so they shrink only after.
	w := 0
	for i := range col {
		if col[i] > col[w] {
			w = i
		}
	}
	give := min(total-budget, text[w]/2)
	text[w] -= give
	col[w] -= give
	total -= give
	if total > budget {
		for i := range col {
			text[i] = text[i] * budget / total
			col[i] = col[i] * budget / total
		}
	}
	return text, col
}

// layoutTableRow draws one row: each cell a wrapping label held in its column.
func (h HelpStyle) layoutTableRow(gtx layout.Context, ln helpLine) layout.Dimensions {
	const size = unit.Sp(12)
	texts, cols := ln.table.columns(gtx, size, gtx.Constraints.Max.X)
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
		w, tw := cols[i], texts[i]
		children[i] = layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			gtx.Constraints.Min.X, gtx.Constraints.Max.X = 0, tw
			d := cell(gtx)
			d.Size.X = w
			return d
		})
	}
	return layout.Inset{Bottom: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Alignment: layout.Start}.Layout(gtx, children...)
	})
}
