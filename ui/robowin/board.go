package robowin

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gioui.org/f32"
	"gioui.org/io/event"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/unit"
	"gioui.org/widget/material"

	"robocom/arena"
	"robocom/internal/termtext"
	"robocom/ui/kit"
	"robocom/ui/panzoom"
)

// Team is what the board needs to know of a program: its name and colour.
type Team struct {
	Name  string
	Color color.NRGBA
}

// BoardState is the board's persistent state: selection, hover, zoom and pan, and the caches
// that make a frame cheap. Keep it across frames and use it by pointer.
type BoardState struct {
	// Selected is the id of the selected robot, 0 for none. A click on a robot selects it, a
	// click on an empty field clears the selection.
	Selected int
	// Clicks counts clicks on the board, so a caller can tell a new selection from an old one.
	Clicks int

	zoom   float32   // 1 shows the whole board; larger zooms in
	center f32.Point // board coordinates (in fields) shown at the middle of the view

	pointer panzoom.Gesture // hover, drag to pan, click, wheel
	heads   headLayer       // the arrows of multitasking robots' heads (board_heads.go)

	// geometry of the last layout, for pointer → field conversion
	origin f32.Point
	cell   float32
	n      int

	// drawn are the robots as the last frame drew them: a click means the robot the user
	// saw, not where the game has moved it since (at 200 cycles/s it is elsewhere).
	drawn []drawnRobot

	raster boardRaster // the images the board is drawn from (boardraster.go)
}

// drawnRobot is where a robot was drawn.
type drawnRobot struct{ id, x, y int }

// FitToWindow resets zoom and pan so the whole board shows.
func (s *BoardState) FitToWindow() { s.zoom = 1; s.center = f32.Point{} }

// Zoom is the current zoom factor (1 = whole board).
func (s *BoardState) Zoom() float32 {
	if s.zoom < 1 {
		return 1
	}
	return s.zoom
}

// SetZoom zooms around the middle of the view.
func (s *BoardState) SetZoom(z float32) { s.zoom = z }

// BoardStyle draws a board; build it each frame with Board.
type BoardStyle struct {
	Theme  *material.Theme
	State  *BoardState
	Size   int               // n of the n×n board
	Robots []arena.RobotView // oldest first
	Teams  []Team            // indexed by arena.RobotView.Team
}

// Board builds the style that draws robots on an n×n board.
func Board(th *material.Theme, state *BoardState, n int, robots []arena.RobotView, teams []Team) BoardStyle {
	return BoardStyle{Theme: th, State: state, Size: n, Robots: robots, Teams: teams}
}

// maxCellsAcross is how few fields the view can be zoomed in to.
const maxCellsAcross = 6

// Layout handles pointer input (click selects, drag pans, wheel zooms) and draws the board
// into the whole of gtx.Constraints.Max.
func (b BoardStyle) Layout(gtx layout.Context) layout.Dimensions {
	s := b.State
	size := gtx.Constraints.Max
	if size.X <= 0 || size.Y <= 0 || b.Size <= 0 {
		return layout.Dimensions{Size: size}
	}
	n := b.Size
	if s.n != n {
		s.FitToWindow()
		s.n = n
	}
	b.geometry(size)
	b.update(gtx, size)
	b.geometry(size)

	defer clip.Rect{Max: size}.Push(gtx.Ops).Pop()
	event.Op(gtx.Ops, s)
	b.drawBoardImage(gtx, size)
	b.drawHeads(gtx, size)
	b.drawSelection(gtx)

	b.drawTooltip(gtx, size)
	s.drawn = s.drawn[:0]
	for i := range b.Robots {
		r := &b.Robots[i]
		s.drawn = append(s.drawn, drawnRobot{r.ID, r.X, r.Y})
	}
	return layout.Dimensions{Size: size}
}

// geometry computes the field size and where field (0,0) is drawn, clamping zoom and pan.
func (b BoardStyle) geometry(size image.Point) {
	s := b.State
	n := float32(b.Size)
	fit := float32(min(size.X, size.Y)) / n
	maxZoom := max(1, n/maxCellsAcross)
	s.zoom = min(max(s.zoom, 1), maxZoom)
	cell := fit * s.zoom
	if cell >= 10 {
		cell = float32(math.Floor(float64(cell))) // whole pixels keep grid lines crisp
	}
	half := f32.Pt(float32(size.X)/2, float32(size.Y)/2)
	if s.center == (f32.Point{}) {
		s.center = f32.Pt(n/2, n/2)
	}
	clampAxis := func(c, halfView float32) float32 {
		h := halfView / cell
		if h >= n/2 {
			return n / 2
		}
		return min(max(c, h), n-h)
	}
	s.center.X = clampAxis(s.center.X, half.X)
	s.center.Y = clampAxis(s.center.Y, half.Y)
	s.cell = cell
	s.origin = f32.Pt(float32(math.Round(float64(half.X-s.center.X*cell))), float32(math.Round(float64(half.Y-s.center.Y*cell))))
}

func (b BoardStyle) update(gtx layout.Context, size image.Point) {
	s := b.State
	s.pointer.Update(gtx, s, panzoom.Handlers{
		Pan: func(d f32.Point) {
			if s.cell > 0 {
				s.center = s.center.Sub(d.Div(s.cell))
			}
		},
		Click: func(at f32.Point) {
			s.Clicks++
			s.Selected = s.robotNear(at)
		},
		Wheel: func(at f32.Point, dy float32) {
			// One small step per wheel event whatever distance the platform reports (X11
			// sends two events per notch).
			if dy == 0 {
				return
			}
			// Zoom around the pointer: the field under it stays under it.
			before := at.Sub(s.origin).Div(s.cell)
			s.zoom *= float32(math.Pow(1.12, float64(-sign(dy))))
			b.geometry(size)
			after := at.Sub(s.origin).Div(s.cell)
			s.center = s.center.Add(before.Sub(after))
		},
	})
}

func sign(v float32) float32 {
	if v < 0 {
		return -1
	}
	return 1
}

// fieldAt converts a widget position to a field, as of the last layout.
func (s *BoardState) fieldAt(p f32.Point) (x, y int, ok bool) {
	if s.cell <= 0 || s.n <= 0 {
		return 0, 0, false
	}
	q := p.Sub(s.origin).Div(s.cell)
	if q.X < 0 || q.Y < 0 {
		return 0, 0, false
	}
	x, y = int(q.X), int(q.Y)
	return x, y, x < s.n && y < s.n
}

// hitRadius is how far from a robot's middle a click still hits it: three quarters of a
// field, and at least 12 px so that small fields stay easy to hit.
func (s *BoardState) hitRadius() float32 { return max(0.75*s.cell, 12) }

// robotNear is the id of the robot drawn in the last frame nearest to p within hitRadius,
// 0 for none. A robot on the field under p always wins.
func (s *BoardState) robotNear(p f32.Point) int {
	if s.cell <= 0 {
		return 0
	}
	if x, y, ok := s.fieldAt(p); ok {
		for _, r := range s.drawn {
			if r.x == x && r.y == y {
				return r.id
			}
		}
	}
	best, bestD := 0, s.hitRadius()
	for _, r := range s.drawn {
		d := s.FieldCenter(r.x, r.y).Sub(p)
		if dist := float32(math.Hypot(float64(d.X), float64(d.Y))); dist <= bestD {
			best, bestD = r.id, dist
		}
	}
	return best
}

// FieldCenter is where the middle of field (x, y) was drawn in the last layout, in widget
// coordinates (for tests and tools that click on robots).
func (s *BoardState) FieldCenter(x, y int) f32.Point {
	return s.origin.Add(f32.Pt((float32(x)+0.5)*s.cell, (float32(y)+0.5)*s.cell))
}

func robotAt(robots []arena.RobotView, x, y int) int {
	for i := range robots {
		if robots[i].X == x && robots[i].Y == y {
			return i
		}
	}
	return -1
}

// The robot shape: a pentagon facing north in a unit field, turned for other directions.
var pentagon = [5]f32.Point{{X: 0.5, Y: 0.08}, {X: 0.9, Y: 0.46}, {X: 0.9, Y: 0.92}, {X: 0.1, Y: 0.92}, {X: 0.1, Y: 0.46}}

// octagon holds the corners of a unit octagon about the origin.
var octagon = func() (o [8]f32.Point) {
	for k := range o {
		a := float64(k)*math.Pi/4 + math.Pi/8
		o[k] = f32.Pt(float32(math.Cos(a)), float32(math.Sin(a)))
	}
	return o
}()

// turn rotates a unit-field point about the field's middle by dir quarter turns clockwise
// (screen coordinates, y down): north's tip ends up pointing east for East.
func turn(p f32.Point, dir int) f32.Point {
	for ; dir > 0; dir-- {
		p = f32.Pt(1-p.Y, p.X)
	}
	return p
}

// robotPath adds the pentagon of a robot facing dir at field origin o (cell pixels).
func robotPath(p *clip.Path, o f32.Point, cell float32, dir int) {
	for i, q := range pentagon {
		q = o.Add(turn(q, dir&3).Mul(cell))
		if i == 0 {
			p.MoveTo(q)
		} else {
			p.LineTo(q)
		}
	}
	p.Close()
}

// hollowRim is the width of an inactive robot's coloured rim, as a fraction of the field.
const hollowRim = 0.1

// hollowPath adds the inner pentagon that greys out an inactive robot: the robot's pentagon
// shrunk about its middle so that a rim of the team colour stays around it.
func hollowPath(p *clip.Path, o f32.Point, cell float32, dir int) {
	const k = 1 - 2.6*hollowRim // the tip is farther from the middle than the sides
	mid := f32.Pt(0.5, 0.55)
	for i, q := range pentagon {
		q = mid.Add(q.Sub(mid).Mul(k))
		q = o.Add(turn(q, dir&3).Mul(cell))
		if i == 0 {
			p.MoveTo(q)
		} else {
			p.LineTo(q)
		}
	}
	p.Close()
}

// markPath adds the marks inside a robot: one dot for instruction set 1, two for set 2, and a
// bar across the back for a mobile robot. The legend (Legend) explains them.
func markPath(p *clip.Path, o f32.Point, cell float32, dir, set int, mobile bool) {
	r := cell * 0.085
	// Dots are octagons: round enough at these sizes, and far cheaper for Gio than arcs.
	dot := func(u f32.Point) {
		c := o.Add(turn(u, dir&3).Mul(cell))
		for k := 0; k < 8; k++ {
			q := c.Add(octagon[k].Mul(r))
			if k == 0 {
				p.MoveTo(q)
			} else {
				p.LineTo(q)
			}
		}
		p.Close()
	}
	switch set {
	case 1:
		dot(f32.Pt(0.5, 0.52))
	case 2:
		dot(f32.Pt(0.35, 0.52))
		dot(f32.Pt(0.65, 0.52))
	}
	if mobile {
		a, b, c, d := f32.Pt(0.22, 0.72), f32.Pt(0.78, 0.72), f32.Pt(0.78, 0.82), f32.Pt(0.22, 0.82)
		p.MoveTo(o.Add(turn(a, dir&3).Mul(cell)))
		p.LineTo(o.Add(turn(b, dir&3).Mul(cell)))
		p.LineTo(o.Add(turn(c, dir&3).Mul(cell)))
		p.LineTo(o.Add(turn(d, dir&3).Mul(cell)))
		p.Close()
	}
}

func (b BoardStyle) teamColor(t int) color.NRGBA {
	if t >= 0 && t < len(b.Teams) {
		return b.Teams[t].Color
	}
	return paletteColor(t)
}

// RobotSummary is the hover text of a robot: team, id, set, mobility, #Active.
func RobotSummary(r arena.RobotView, teamName string) string {
	mob := "not mobile"
	if r.Mobile {
		mob = "mobile"
	}
	set := "?"
	if r.Set >= 0 && r.Set < len(SetNames) {
		set = SetNames[r.Set]
	}
	return fmt.Sprintf("%s · robot %d · gen %d\n%s (set %d) · %s · #Active %d · faces %s",
		teamName, r.ID, r.Generation, set, r.Set, mob, r.Active, r.Dir) + taskSummary(r)
}

func (b BoardStyle) drawTooltip(gtx layout.Context, size image.Point) {
	s := b.State
	if !s.pointer.Hovering || s.pointer.Dragging() {
		return
	}
	x, y, ok := s.fieldAt(s.pointer.HoverPos)
	if !ok {
		return
	}
	i := robotAt(b.Robots, x, y)
	if i < 0 {
		return
	}
	r := b.Robots[i]
	name := fmt.Sprintf("team %d", r.Team+1)
	if r.Team >= 0 && r.Team < len(b.Teams) {
		name = termtext.Clip(b.Teams[r.Team].Name, kit.TitleName)
	}
	text := RobotSummary(r, name) + fmt.Sprintf(" · at %d,%d", x, y)

	m := op.Record(gtx.Ops)
	lgtx := gtx
	// At most as wide as the board, which clips it: beside open debuggers the board is
	// narrower than the 420 dp a tooltip may take, and its right part was cut off.
	lgtx.Constraints = layout.Constraints{Max: image.Pt(min(gtx.Dp(unit.Dp(420)), size.X), size.Y)}
	dims := layout.Background{}.Layout(lgtx,
		func(gtx layout.Context) layout.Dimensions {
			rr := gtx.Dp(4)
			paint.FillShape(gtx.Ops, tooltipBg, clip.UniformRRect(image.Rectangle{Max: gtx.Constraints.Min}, rr).Op(gtx.Ops))
			return layout.Dimensions{Size: gtx.Constraints.Min}
		},
		func(gtx layout.Context) layout.Dimensions {
			return layout.UniformInset(unit.Dp(6)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				l := material.Body2(b.Theme, text)
				l.Color = color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
				return l.Layout(gtx)
			})
		})
	call := m.Stop()
	pos := s.pointer.HoverPos.Round().Add(image.Pt(gtx.Dp(14), gtx.Dp(14)))
	if pos.X+dims.Size.X > size.X {
		pos.X = max(0, s.pointer.HoverPos.Round().X-dims.Size.X-gtx.Dp(8))
	}
	if pos.Y+dims.Size.Y > size.Y {
		pos.Y = max(0, s.pointer.HoverPos.Round().Y-dims.Size.Y-gtx.Dp(8))
	}
	t := op.Offset(pos).Push(gtx.Ops)
	call.Add(gtx.Ops)
	t.Pop()
}

// Legend explains the robot marks with small samples.
type LegendStyle struct {
	Theme *material.Theme
	Color color.NRGBA
}

// Legend builds the style of the legend; col is the colour the samples are drawn in.
func Legend(th *material.Theme, col color.NRGBA) LegendStyle {
	return LegendStyle{Theme: th, Color: col}
}

// Layout draws the samples in a row, each with its caption.
func (l LegendStyle) Layout(gtx layout.Context) layout.Dimensions {
	type sample struct {
		label  string
		active bool
		set    int
		mobile bool
	}
	samples := []sample{
		{"active", true, 0, false},
		{"inactive", false, 0, false},
		{"set 1", true, 1, false},
		{"set 2", true, 2, false},
		{"mobile", true, 0, true},
	}
	children := make([]layout.FlexChild, 0, len(samples))
	for _, sm := range samples {
		children = append(children, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Right: unit.Dp(8)}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
					layout.Rigid(func(gtx layout.Context) layout.Dimensions {
						cell := float32(gtx.Dp(22))
						sz := image.Pt(int(cell), int(cell))
						paint.FillShape(gtx.Ops, boardBg, clip.Rect{Max: sz}.Op())
						var p clip.Path
						p.Begin(gtx.Ops)
						robotPath(&p, f32.Point{}, cell, int(arena.North))
						spec := p.End()
						paint.FillShape(gtx.Ops, l.Color, clip.Outline{Path: spec}.Op())
						if !sm.active {
							p.Begin(gtx.Ops)
							hollowPath(&p, f32.Point{}, cell, int(arena.North))
							paint.FillShape(gtx.Ops, inactiveFil, clip.Outline{Path: p.End()}.Op())
						}
						if sm.set > 0 || sm.mobile {
							p.Begin(gtx.Ops)
							markPath(&p, f32.Point{}, cell, int(arena.North), sm.set, sm.mobile)
							paint.FillShape(gtx.Ops, markColor, clip.Outline{Path: p.End()}.Op())
						}
						return layout.Dimensions{Size: sz}
					}),
					layout.Rigid(layout.Spacer{Width: unit.Dp(3)}.Layout),
					layout.Rigid(material.Caption(l.Theme, sm.label).Layout),
				)
			})
		}))
	}
	return layout.Flex{Alignment: layout.Middle}.Layout(gtx, children...)
}
