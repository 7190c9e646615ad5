package robowin

import (
	"image"
	"sort"
	"testing"
	"time"

	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"

	"robocom/ui/kit"
)

// helpPanelWidth is the width the help view gets in a window of the given size.
func helpPanelWidth(t *testing.T, size image.Point) int {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.size = size
	h.frame()
	h.clickLabel("Help")
	tab, ok := h.find("Graph")
	if !ok {
		t.Fatalf("no Graph tab at %v", size)
	}
	return size.X - tab.Min.X - 8 // the tabs start at the help's left edge; the panel's inset is 8
}

type labelBox struct {
	text string
	r    image.Rectangle
}

// layoutHelpLabels lays the whole help out at width px (tall enough for every line) and
// returns its labels in reading order.
func layoutHelpLabels(t *testing.T, width int, pxPerSp float32) []labelBox {
	var r input.Router
	var ops op.Ops
	s := new(HelpState)
	gtx := layout.Context{
		Ops:         &ops,
		Metric:      unit.Metric{PxPerDp: pxPerSp, PxPerSp: pxPerSp},
		Constraints: layout.Exact(image.Pt(width, 40000)),
		Source:      r.Source(),
		Now:         time.Now(),
	}
	Help(kit.NewTheme(), s).Layout(gtx)
	r.Frame(&ops)
	var out []labelBox
	var walk func(n input.SemanticNode)
	walk = func(n input.SemanticNode) {
		if n.Desc.Label != "" {
			out = append(out, labelBox{n.Desc.Label, n.Desc.Bounds})
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	for _, n := range r.AppendSemantics(nil) {
		walk(n)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].r.Min.Y != out[j].r.Min.Y {
			return out[i].r.Min.Y < out[j].r.Min.Y
		}
		return out[i].r.Min.X < out[j].r.Min.X
	})
	// A label inherited by a child node is the same label.
	dedup := out[:0]
	for _, b := range out {
		if len(dedup) == 0 || dedup[len(dedup)-1] != b {
			dedup = append(dedup, b)
		}
	}
	return dedup
}

// In the window at 800×600 (and at 800 px for the help alone) every table of the help keeps
// each cell in its column: a long cell wraps inside its column, no two cells overlap, and no
// cell runs into the next column or past the edge.
func TestHelpTablesKeepCellsInColumns(t *testing.T) {
	panel := helpPanelWidth(t, image.Pt(800, 600))
	if panel < 150 || panel > 800 {
		t.Fatalf("the help is %d px wide at 800×600", panel)
	}
	var tables []*helpTable
	lines := buildHelp()
	for _, ln := range lines {
		if ln.style == helpTableHeader {
			tables = append(tables, ln.table)
		}
	}
	if len(tables) < 2 {
		t.Fatalf("the help has %d tables, want the classic and the RC3 one", len(tables))
	}
	// 800 px is the help alone at the window's width; 220 px is narrower than any window gives,
	// so that the first columns shrink and their cells wrap too.
	// 1.04 px per sp is what X11 at a DPI near 100 gives: sizes that do not round to whole pixels.
	for _, c := range []struct {
		width   int
		pxPerSp float32
	}{{panel, 1}, {panel, 1.04}, {800, 1}, {800, 1.04}, {220, 1}} {
		width := c.width
		labels := layoutHelpLabels(t, width, c.pxPerSp)
		next := 0 // labels before next are matched
		var cells []labelBox
		var colStart []int
		wrapped := false
		lineH := 0
		for _, ln := range lines {
			if ln.table == nil {
				continue
			}
			// The row's cells are the next labels, side by side, in order.
			for next < len(labels) && labels[next].text != ln.cells[0] {
				next++
			}
			if next+len(ln.cells) > len(labels) {
				t.Fatalf("width %d: row %q not laid out as cells", width, ln.text)
			}
			row := labels[next : next+len(ln.cells)]
			next += len(ln.cells)
			for j, c := range ln.cells {
				if row[j].text != c {
					t.Fatalf("width %d: row %q: cell %d is %q, want %q", width, ln.text, j, row[j].text, c)
				}
			}
			if ln.style == helpTableHeader {
				colStart = colStart[:0]
				for _, c := range row {
					colStart = append(colStart, c.r.Min.X)
				}
				colStart = append(colStart, width)
				lineH = row[0].r.Dy()
				for _, c := range row {
					lineH = min(lineH, c.r.Dy())
				}
			}
			for j, c := range row {
				if c.r.Min.X < colStart[j] || c.r.Max.X > colStart[j+1] {
					t.Errorf("width %d: cell %q spans x %d..%d, outside its column %d..%d", width, c.text, c.r.Min.X, c.r.Max.X, colStart[j], colStart[j+1])
				}
				if 2*c.r.Dy() > 3*lineH { // more than one line
					wrapped = true
					if width != 220 && j > 0 && j < len(row)-1 {
						t.Errorf("width %d: cell %q wraps though the instruction column could give way", width, c.text)
					}
				}
			}
			cells = append(cells, row...)
		}
		for i := range cells {
			for j := i + 1; j < len(cells); j++ {
				if cells[i].r.Overlaps(cells[j].r) {
					t.Errorf("width %d: cells %q %v and %q %v overlap", width, cells[i].text, cells[i].r, cells[j].text, cells[j].r)
				}
			}
		}
		if width != 800 && !wrapped {
			t.Errorf("width %d: no cell wraps inside its column; the test does not test wrapping", width)
		}
		t.Logf("width %d: %d table cells checked", width, len(cells))
	}
}
