//go:build cgo

package corewin

import (
	"image"
	"path/filepath"
	"testing"

	"gioui.org/layout"
)

func TestSmallWindowShot(t *testing.T) {
	if *shotDir == "" {
		t.Skip("-shots not given")
	}
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:replicator.cw")
	h := newHarness(w)
	h.frame()
	img := render(t, image.Pt(800, 560), func(gtx layout.Context) { w.Layout(gtx) })
	writePNG(t, filepath.Join(*shotDir, "small.png"), img)
}
