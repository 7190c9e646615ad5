//go:build cgo

package corewin

import (
	"image"
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
	if inked := inkedIn(img, b, kit.NoticeText); inked < 20 {
		t.Errorf("%d pixels of the hint in %v are the kit's notice colour %v; want its letters in it", inked, b, kit.NoticeText)
	}
}

// inkedIn counts the pixels of b in img that are col (give or take antialiasing's blend).
func inkedIn(img *image.RGBA, b image.Rectangle, col color.NRGBA) int {
	near := func(c color.RGBA, want color.NRGBA) bool {
		return absDiff(c.R, want.R) <= 12 && absDiff(c.G, want.G) <= 12 && absDiff(c.B, want.B) <= 12
	}
	inked := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if near(img.RGBAAt(x, y), col) {
				inked++
			}
		}
	}
	return inked
}

// The status line tells news from refusals: "Parameters applied" is in the notice colour (it
// was in the error colour, like every message there), a seed that is not a number in the
// kit's error colour.
func TestStatusLineNewsIsNotAnError(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	for _, c := range []struct {
		do   func()
		text string
		col  color.NRGBA
	}{
		{func() {
			h.clickLabel(t, "Parameters")
			w.prm.cycles.SetText("6000")
			h.clickLabel(t, "Apply and restart")
		}, "Parameters applied", kit.NoticeText},
		{func() {
			w.controls.seedEd.SetText("forty-two")
			h.clickLabel(t, "Restart")
		}, "The seed must be a whole number", kit.ErrorText},
	} {
		c.do()
		h.frame()
		b, ok := h.findText(c.text)
		if !ok {
			t.Fatalf("%q is not on screen", c.text)
		}
		img := render(t, winSize, func(gtx layout.Context) { w.Layout(gtx) })
		if inked := inkedIn(img, b, c.col); inked < 20 {
			t.Errorf("%d pixels of %q in %v are %v; want its letters in that colour", inked, c.text, b, c.col)
		}
	}
}

// A warning is news, not a refusal: the status line's "noassert.red: 1 warning: …" and the
// Players tab's "noassert.red: warning: …" are drawn in the kit's notice colour.
func TestWarningsAreInTheNoticeColour(t *testing.T) {
	w, h := diskWindow(t, map[string]string{"noassert.red": impNoAssert})
	h.clickLabel(t, "Add program")
	h.clickLabel(t, "noassert.red")
	h.clickLabel(t, "Players") // the picker closed: the list under the players
	for _, text := range []string{"noassert.red: 1 warning: ", "noassert.red: warning: "} {
		b, ok := h.findText(text)
		if !ok {
			t.Fatalf("%q is not on screen", text)
		}
		img := render(t, winSize, func(gtx layout.Context) { w.Layout(gtx) })
		if inked := inkedIn(img, b, kit.NoticeText); inked < 20 {
			t.Errorf("%d pixels of %q in %v are the notice colour %v; want its letters in it", inked, text, b, kit.NoticeText)
		}
		if inked := inkedIn(img, b, kit.ErrorText); inked > 0 {
			t.Errorf("%d pixels of %q in %v are the error colour", inked, text, b)
		}
	}
}
