//go:build cgo

package robowin

import (
	"image"
	"image/color"
	"testing"

	"robocom/arena"
	"robocom/ui/internal/goldentest"
)

// TestBoardDrawsTaskHeads renders a 4×4 board of 100-pixel fields headless: a robot with
// three tasks (facing N, E and S) gets an arrow in the margin of its field on those three
// sides and none on the fourth; a robot with one task gets none.
func TestBoardDrawsTaskHeads(t *testing.T) {
	multi := arena.RobotView{ID: 1, Team: 0, X: 1, Y: 1, Dir: arena.North, Active: 1, Alive: true,
		Tasks: []arena.TaskView{{Number: 1, Dir: arena.North, Cursor: true}, {Number: 2, Dir: arena.East}, {Number: 3, Dir: arena.South}}}
	single := arena.RobotView{ID: 2, Team: 1, X: 2, Y: 2, Dir: arena.North, Active: 1, Alive: true,
		Tasks: []arena.TaskView{{Number: 1, Dir: arena.North, Cursor: true}}}
	teams := []Team{{"A", paletteColor(0)}, {"B", paletteColor(1)}}
	img := renderBoard(t, image.Pt(400, 400), 4, []arena.RobotView{multi, single}, teams, 0)
	white := func(x, y int) bool {
		c := img.RGBAAt(x, y)
		return goldentest.Near(c, color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}, 40)
	}
	// Field (1,1) spans 100..200; each arrow's tip is on the field's edge, its base 10 px in.
	for _, c := range []struct {
		name string
		x, y int
		want bool
	}{
		{"N arrow of the 3-task robot", 150, 104, true},
		{"E arrow of the 3-task robot", 196, 150, true},
		{"S arrow of the 3-task robot", 150, 196, true},
		{"no W arrow (no task faces W)", 104, 150, false},
		{"no arrow on the 1-task robot (N)", 250, 204, false},
		{"no arrow on the 1-task robot (E)", 296, 250, false},
	} {
		if got := white(c.x, c.y); got != c.want {
			t.Errorf("%s: pixel (%d,%d) = %v, white %v, want %v", c.name, c.x, c.y, img.RGBAAt(c.x, c.y), got, c.want)
		}
	}
	if t.Failed() {
		if err := goldentest.WritePNG(t.TempDir()+"/heads.png", img); err == nil {
			t.Log("rendered board written to the test's temp dir")
		}
	}
}
