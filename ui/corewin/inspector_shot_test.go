//go:build cgo

package corewin

import (
	"fmt"
	"image"
	"path/filepath"
	"testing"

	"gioui.org/layout"
)

// TestInspectorShot renders Dwarf against a scanner at 1280×800 with both warriors' panels
// open, a breakpoint and a watch set, stopped at the breakpoint.
func TestInspectorShot(t *testing.T) {
	if *shotDir == "" {
		t.Skip("-shots not given")
	}
	w := newTestWindow(t, "bundled:dwarf.red", "bundled:scanner.red")
	h := newHarness(w)
	h.frame()
	w.InspectProcess(0)
	w.InspectProcess(1)
	x := dwarfStart(w) // its loop: ADD, MOV, JMP, and the bomb
	w.block(300)
	h.settle(t)
	h.clickLine(t, x+2)
	if line, ok := h.find(fmt.Sprintf("  %5d  DAT", x+3)); ok {
		h.clickRowOf(t, "watch", line)
	}
	h.clickLabel(t, "Start")
	h.settle(t)
	img := render(t, image.Pt(1280, 800), func(gtx layout.Context) { w.Layout(gtx) })
	writePNG(t, filepath.Join(*shotDir, "inspector.png"), img)
}
