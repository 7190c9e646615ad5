//go:build cgo

package robowin

import (
	"image"
	"image/color"
	"testing"

	"gioui.org/layout"

	"robocom/ui/internal/goldentest"
)

// Two programs with the same number of robots draw two lines side by side: the later line
// hid the earlier one wholly (a 1-against-1 game showed one program's line only).
func TestGraphShowsEqualCountsApart(t *testing.T) {
	hist := &History{}
	for c := 0; c < 400; c++ {
		hist.Counts = append(hist.Counts, [MaxPlayers]int32{3, 3, int32(1 + c/100)})
	}
	teams := []Team{{Name: "A", Color: paletteColor(0)}, {Name: "B", Color: paletteColor(1)}, {Name: "C", Color: paletteColor(2)}}
	th := testTheme()
	img := goldentest.Render(t, image.Pt(500, 300), func(gtx layout.Context) { Graph(th, hist, teams).Layout(gtx) })
	for _, team := range teams {
		want := darker(team.Color)
		n := 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if goldentest.Near(img.RGBAAt(x, y), color.RGBA(want), 8) {
					n++
				}
			}
		}
		if n < 300 { // a line across the plot, 2 px wide
			t.Errorf("%s's line shows in %d pixels of its colour, want a line across the plot", team.Name, n)
		}
	}
}
