package kit

import (
	"image"
	"testing"
)

// PlaceTip's order: below, above, right, left, each next to the control and inside the
// window; then past a row of values; the least covered when nothing is free.
func TestPlaceTip(t *testing.T) {
	win := image.Rect(0, 0, 800, 600)
	size := image.Pt(100, 20)
	button := image.Rect(300, 100, 340, 120) // centre x 320: a centred tooltip spans 270–370
	for _, c := range []struct {
		name  string
		owner image.Rectangle
		kept  []image.Rectangle
		want  image.Point
	}{
		{"below when free", button, nil, image.Pt(270, 122)},
		{"above when below covers a value", button, []image.Rectangle{image.Rect(280, 125, 320, 140)}, image.Pt(270, 78)},
		{"right when above and below cover values", button,
			[]image.Rectangle{image.Rect(280, 125, 320, 140), image.Rect(280, 85, 320, 95)}, image.Pt(342, 100)},
		{"left when the right covers one too", button,
			[]image.Rectangle{image.Rect(280, 125, 320, 140), image.Rect(280, 85, 320, 95), image.Rect(350, 100, 400, 120)}, image.Pt(198, 100)},
		{"past the next row when all four cover values", button,
			[]image.Rectangle{image.Rect(200, 125, 420, 140), image.Rect(200, 85, 420, 95), image.Rect(345, 100, 450, 120), image.Rect(150, 100, 295, 120)}, image.Pt(270, 142)},
		{"inside the window's left edge", image.Rect(0, 500, 60, 520), nil, image.Pt(0, 522)},
		{"above at the window's bottom", image.Rect(700, 580, 780, 598), nil, image.Pt(690, 558)},
	} {
		if got := PlaceTip(size, c.owner, win, c.kept, 2); got != c.want {
			t.Errorf("%s: at %v, want %v", c.name, got, c.want)
		}
	}
}
