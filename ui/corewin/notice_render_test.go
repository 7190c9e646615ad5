//go:build cgo

package corewin

import (
	"image/color"
	"testing"

	"gioui.org/layout"

	"robocom/ui/kit"
)

// The "Click a warrior … to inspect it" hint is drawn in the kit's notice colour, the blue
// the RoboCom window's "Click a robot … to open" uses, not a colour of its own (it was a
// brown that read like an error).
func TestHintIsInTheKitsNoticeColour(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	h.frame()
	b, ok := h.findText("Click a warrior")
	if !ok {
		t.Fatal("no hint on screen")
	}
	img := render(t, winSize, func(gtx layout.Context) { w.Layout(gtx) })
	near := func(c color.RGBA, want color.NRGBA) bool {
		return absDiff(c.R, want.R) <= 12 && absDiff(c.G, want.G) <= 12 && absDiff(c.B, want.B) <= 12
	}
	inked := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if near(img.RGBAAt(x, y), kit.NoticeText) {
				inked++
			}
		}
	}
	if inked < 20 {
		t.Errorf("%d pixels of the hint in %v are the kit's notice colour %v; want its letters in it", inked, b, kit.NoticeText)
	}
}
