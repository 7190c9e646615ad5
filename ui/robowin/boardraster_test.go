//go:build cgo

package robowin

import (
	"image"
	"testing"

	"gioui.org/layout"

	"robocom/ui/internal/goldentest"
)

// The board's cached images (sprites, background, the last frame) follow a recolour and a
// zoom: after each the board looks exactly like one drawn afresh, and differs from before.
func TestBoardImageFollowsColourAndZoom(t *testing.T) {
	n, robots, teams := goldenGame(t, 900)
	w := goldentest.NewWindow(t, image.Pt(400, 400))
	th := testTheme()
	draw := func(st *BoardState, ts []Team) *image.RGBA {
		return w.Draw(t, func(gtx layout.Context) { Board(th, st, n, robots, ts).Layout(gtx) })
	}
	same := func(a, b *image.RGBA) bool {
		return goldentest.DiffPixels(a, b, 0) == 0
	}
	st := &BoardState{}
	before := draw(st, teams)
	if !same(before, draw(st, teams)) {
		t.Fatal("drawing the unchanged board again gives a different picture")
	}
	recoloured := append([]Team(nil), teams...)
	recoloured[0].Color = paletteColor(4)
	got := draw(st, recoloured)
	if same(got, before) {
		t.Fatal("recolouring team 1 changed nothing on the board")
	}
	if !same(got, draw(&BoardState{}, recoloured)) {
		t.Error("after a recolour the board differs from one drawn afresh")
	}
	st.SetZoom(2)
	zoomed := draw(st, recoloured)
	fresh := &BoardState{n: n} // n set: a new board would reset the zoom to fit
	fresh.SetZoom(2)
	if !same(zoomed, draw(fresh, recoloured)) {
		t.Error("after zooming the board differs from one drawn afresh at that zoom")
	}
	if same(zoomed, got) {
		t.Error("zooming changed nothing on the board")
	}
}
