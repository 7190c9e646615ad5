package robowin

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"

	"robocom/arena"
)

// rasterImage lays out the board and returns the image it drew (or drew again) for the frame.
func rasterImage(st *BoardState, n int, robots []arena.RobotView, teams []Team, size image.Point) *image.RGBA {
	var r input.Router
	var ops op.Ops
	gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(size), Source: r.Source(), Now: time.Unix(0, 0)}
	Board(testTheme(), st, n, robots, teams).Layout(gtx)
	return st.raster.frames[st.raster.next^1].img
}

// TestBoardImageRedrawsOnlyChanges: a board image on which only the changed fields were drawn
// again is the image of the same board drawn whole, byte for byte, frame after frame, at
// field sizes where sprites are apart (grid lines between) and where rounded positions make
// neighbours share a pixel column or row (below 4 px a field), also zoomed in and with
// robots dying (the list shifts), being born and stacking on one field.
func TestBoardImageRedrawsOnlyChanges(t *testing.T) {
	cases := []struct {
		n    int
		view image.Point
		zoom float32
	}{
		{200, image.Pt(800, 800), 1},  // 4 px, apart
		{200, image.Pt(220, 220), 1},  // 1.1 px, fields tile
		{200, image.Pt(150, 150), 1},  // 0.75 px, some fields hidden
		{200, image.Pt(700, 700), 1},  // 3.5 px, neighbours share pixels
		{200, image.Pt(530, 610), 1},  // 2.65 px
		{150, image.Pt(640, 500), 1},  // 3.33 px
		{64, image.Pt(400, 400), 1},   // 6.25 px
		{64, image.Pt(400, 300), 2.3}, // zoomed in, partly out of view
		{30, image.Pt(400, 400), 1},   // marks drawn
	}
	_, teams := fullBoard(1)
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d-%dx%d-%g", c.n, c.view.X, c.view.Y, c.zoom), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(c.n), uint64(c.view.X)))
			robots, _ := fullBoard(c.n)
			rng.Shuffle(len(robots), func(i, j int) { robots[i], robots[j] = robots[j], robots[i] })
			robots = robots[:len(robots)*2/3]
			st := &BoardState{n: c.n}
			st.SetZoom(c.zoom)
			nextID := len(robots) + 1
			for frame := 0; frame < 12; frame++ {
				got := rasterImage(st, c.n, robots, teams, c.view)
				fresh := &BoardState{n: c.n}
				fresh.SetZoom(c.zoom)
				want := rasterImage(fresh, c.n, robots, teams, c.view)
				if !bytes.Equal(got.Pix, want.Pix) {
					t.Fatalf("frame %d: the board drawn field by field differs from the board drawn whole", frame)
				}
				// Unchanged (a paused game): the last image is shown again, not drawn or uploaded.
				last := st.raster.last
				if again := rasterImage(st, c.n, robots, teams, c.view); again != got || st.raster.last != last {
					t.Fatalf("frame %d: the unchanged board was drawn again", frame)
				}
				// Change some robots: few in some frames, most in others.
				share := []int{50, 2, 90, 0, 10}[frame%5]
				for k := range robots {
					r := &robots[k]
					if rng.IntN(100) >= share {
						continue
					}
					switch rng.IntN(5) {
					case 0:
						r.Dir = (r.Dir + 1) % 4
					case 1:
						r.X = (r.X + 1) % c.n // may land on another robot
					case 2:
						r.Active = 1 - r.Active
					case 3:
						r.Team = (r.Team + 1) % MaxPlayers
					case 4:
						r.Set, r.Mobile = (r.Set+1)%3, !r.Mobile
					}
				}
				dead := rng.IntN(20) // deaths: about one robot in dead/1000
				robots = slices.DeleteFunc(robots, func(arena.RobotView) bool { return rng.IntN(1000) < dead })
				for b := rng.IntN(len(robots) / 20); b > 0; b-- { // births, at the end of the list
					robots = append(robots, arena.RobotView{ID: nextID, Team: rng.IntN(MaxPlayers), X: rng.IntN(c.n), Y: rng.IntN(c.n), Dir: arena.Dir(rng.IntN(4)), Active: 1})
					nextID++
				}
			}
		})
	}
}

// A full board whose fields are under 2 px wide shows no field as empty: rounded positions
// step 2 px now and then, and the 1 px sprites left that pixel column (row) the empty
// board's colour, a dark line every few fields across a crowded 200×200 board (a grid that
// is not the board's, in a window with debuggers open).
func TestTinyFieldsLeaveNoGaps(t *testing.T) {
	for _, view := range []image.Point{image.Pt(220, 220), image.Pt(300, 300), image.Pt(370, 260)} {
		robots, teams := fullBoard(200)
		st := &BoardState{n: 200}
		img := rasterImage(st, 200, robots, teams, view)
		g := st.raster.baseKey
		side := g.cell * float32(g.n)
		pos := func(v float32) int { return int(math.Round(float64(v))) }
		board := image.Rect(pos(g.origin.X), pos(g.origin.Y), pos(g.origin.X+side), pos(g.origin.Y+side)).Intersect(img.Rect)
		empty := 0
		for y := board.Min.Y; y < board.Max.Y; y++ {
			for x := board.Min.X; x < board.Max.X; x++ {
				if img.RGBAAt(x, y) == color.RGBA(boardBg) {
					empty++
				}
			}
		}
		if empty > 0 {
			t.Errorf("%v (%.2f px a field): %d of the full board's %v pixels show an empty field", view, g.cell, empty, board.Size())
		}
	}
}
