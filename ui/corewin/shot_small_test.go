//go:build cgo

package corewin

import (
	"image"
	"path/filepath"
	"strings"
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

func TestEditorShot(t *testing.T) {
	if *shotDir == "" {
		t.Skip("-shots not given")
	}
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:replicator.cw")
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Edit")
	w.editor.SetText(strings.Replace(w.editor.ed.Text(), "jump next          #   yes", "jmp next          #   yes", 1))
	w.editor.Check()
	h.frame()
	img := render(t, winSize, func(gtx layout.Context) { w.Layout(gtx) })
	writePNG(t, filepath.Join(*shotDir, "editor.png"), img)
}
