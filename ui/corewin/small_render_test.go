//go:build cgo

package corewin

import (
	"strings"
	"testing"

	"gioui.org/layout"
)

// At 800×600 the bar under the core has two lines, and its background fills both whatever
// the text in it (a one-line text once left a light strip under it).
func TestSmallWindowCellInfoBar(t *testing.T) {
	atSize(t, smallSize)
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	w.core.Selected = 0 // a one-line description
	h := newHarness(w)
	h.frame()
	if w.coreV.infoMaxLines != 2 || strings.Contains(w.coreV.CellInfo(), "Hover") {
		t.Fatalf("%d lines showing %q; want 2 with a selected cell's description", w.coreV.infoMaxLines, w.coreV.CellInfo())
	}
	img := render(t, smallSize, func(gtx layout.Context) { w.Layout(gtx) })
	for _, y := range []int{smallSize.Y - 2, smallSize.Y - 20} {
		c := img.RGBAAt(3, y)
		if absDiff(c.R, infoBg.R) > 4 || absDiff(c.G, infoBg.G) > 4 || absDiff(c.B, infoBg.B) > 4 {
			t.Errorf("pixel (3, %d) under the core is %v, want the bar's %v", y, c, infoBg)
		}
	}
}
