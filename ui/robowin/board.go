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

	grid struct {
		ops  op.Ops
		call op.CallOp
		n    int
		cell float32
		ok   bool
	}
	groups [2 * MaxPlayers][]int32    // robot indices per (team, inactive), reused each frame
	layers [MaxPlayers + 2]layerCache // per team, then the hollows, then the marks
	heads  layerCache                 // the arrows of multitasking robots' heads (board_heads.go)

	// geometry of the last layout, for pointer → field conversion
	origin f32.Point
	cell   float32
	n      int

	// drawn are the robots as the last frame drew them: a click means the robot the user
	// saw, not where the game has moved it since (at 200 cycles/s it is elsewhere).
	drawn []drawnRobot
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
	paint.FillShape(gtx.Ops, color.NRGBA{0x18, 0x1A, 0x1E, 0xFF}, clip.Rect{Max: size}.Op())

	t := op.Affine(f32.AffineId().Offset(s.origin)).Push(gtx.Ops)
	b.gridCall(gtx).Add(gtx.Ops)
	b.drawRobots(gtx)
	t.Pop()

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

// gridCall returns the recorded board background and grid, recording it again only when
// the board size or the field size changed.
func (b BoardStyle) gridCall(gtx layout.Context) op.CallOp {
	g := &b.State.grid
	cell := b.State.cell
	if g.ok && g.n == b.Size && g.cell == cell {
		return g.call
	}
	g.ops.Reset()
	m := op.Record(&g.ops)
	n := b.Size
	side := cell * float32(n)
	rect := func(p *clip.Path, x0, y0, x1, y1 float32) {
		p.MoveTo(f32.Pt(x0, y0))
		p.LineTo(f32.Pt(x1, y0))
		p.LineTo(f32.Pt(x1, y1))
		p.LineTo(f32.Pt(x0, y1))
		p.Close()
	}
	var p clip.Path
	p.Begin(&g.ops)
	rect(&p, 0, 0, side, side)
	paint.FillShape(&g.ops, boardBg, clip.Outline{Path: p.End()}.Op())
	if cell >= 4 {
		w := float32(1)
		p.Begin(&g.ops)
		for i := 0; i <= n; i++ {
			c := float32(i) * cell
			rect(&p, c, 0, c+w, side)
			rect(&p, 0, c, side, c+w)
		}
		paint.FillShape(&g.ops, gridLine, clip.Outline{Path: p.End()}.Op())
	}
	g.call = m.Stop()
	g.n, g.cell, g.ok = n, cell, true
	return g.call
}

// layerCache holds one recorded layer of robots and a fingerprint of what it shows.
type layerCache struct {
	ops   op.Ops
	call  op.CallOp
	macro op.MacroOp
	sum   uint64
	ok    bool
}

func (c *layerCache) valid(sum uint64) bool { return c.ok && c.sum == sum }

// begin starts recording the layer again; end finishes it.
func (c *layerCache) begin(sum uint64) *op.Ops {
	c.ops.Reset()
	c.macro = op.Record(&c.ops)
	c.sum, c.ok = sum, true
	return &c.ops
}

func (c *layerCache) end() { c.call = c.macro.Stop() }

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func mix(h, v uint64) uint64 { return (h ^ v) * fnvPrime }

// fingerprint mixes what a layer draws of the robots idx into h: field, direction and, for
// the marks layer, set and mobility.
func (b BoardStyle) fingerprint(h uint64, idx []int32, marks bool) uint64 {
	h = mix(h, uint64(len(idx)))
	for _, i := range idx {
		r := &b.Robots[i]
		v := uint64(uint32(r.X))<<32 | uint64(uint32(r.Y))<<4 | uint64(r.Dir&3)
		if marks {
			v = v<<3 | uint64(r.Set&3)<<1
			if r.Mobile {
				v |= 1
			}
		}
		h = mix(h, v)
	}
	return h
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

// drawRobots draws every robot in view with one path per team, one for the hollows of the
// inactive robots and one for the marks: Gio's cost is per path, not per shape (GIO-NOTES.md).
func (b BoardStyle) drawRobots(gtx layout.Context) {
	s := b.State
	cell := s.cell
	for g := range s.groups {
		s.groups[g] = s.groups[g][:0]
	}
	// Only fields in view are drawn.
	size := gtx.Constraints.Max
	x0 := int(math.Floor(float64(-s.origin.X/cell))) - 1
	y0 := int(math.Floor(float64(-s.origin.Y/cell))) - 1
	x1 := int(float32(size.X)/cell-s.origin.X/cell) + 1
	y1 := int(float32(size.Y)/cell-s.origin.Y/cell) + 1
	for i := range b.Robots {
		r := &b.Robots[i]
		if r.X < x0 || r.X > x1 || r.Y < y0 || r.Y > y1 {
			continue
		}
		t := r.Team
		if t < 0 || t >= MaxPlayers {
			t = 0
		}
		g := 2 * t
		if r.Active < 1 {
			g++
		}
		s.groups[g] = append(s.groups[g], int32(i))
	}
	at := func(r *arena.RobotView) f32.Point { return f32.Pt(float32(r.X)*cell, float32(r.Y)*cell) }
	var p clip.Path
	base := mix(fnvOffset, uint64(math.Float32bits(cell)))

	// Each team's robots, active or not, in one path of the team colour; then one grey path
	// of smaller pentagons hollows out every inactive robot, leaving a coloured rim; then one
	// path of marks. Fills only: a stroked path costs Gio far more than a filled one. Each
	// layer is recorded into its own ops and replayed while what it shows is unchanged, so a
	// frame costs in proportion to the teams that moved.
	for t := 0; t < MaxPlayers; t++ {
		act, in := s.groups[2*t], s.groups[2*t+1]
		if len(act)+len(in) == 0 {
			continue
		}
		col := b.teamColor(t)
		sum := mix(base, uint64(col.R)<<16|uint64(col.G)<<8|uint64(col.B))
		sum = b.fingerprint(sum, act, false)
		sum = b.fingerprint(sum, in, false)
		c := &s.layers[t]
		if !c.valid(sum) {
			ops := c.begin(sum)
			p.Begin(ops)
			for _, g := range [2][]int32{act, in} {
				for _, i := range g {
					r := &b.Robots[i]
					robotPath(&p, at(r), cell, int(r.Dir))
				}
			}
			paint.FillShape(ops, col, clip.Outline{Path: p.End()}.Op())
			c.end()
		}
		c.call.Add(gtx.Ops)
	}
	sum, n := base, 0
	for t := 0; t < MaxPlayers; t++ {
		sum = b.fingerprint(sum, s.groups[2*t+1], false)
		n += len(s.groups[2*t+1])
	}
	if c := &s.layers[MaxPlayers]; n > 0 {
		if !c.valid(sum) {
			ops := c.begin(sum)
			p.Begin(ops)
			for t := 0; t < MaxPlayers; t++ {
				for _, i := range s.groups[2*t+1] {
					r := &b.Robots[i]
					hollowPath(&p, at(r), cell, int(r.Dir))
				}
			}
			paint.FillShape(ops, inactiveFil, clip.Outline{Path: p.End()}.Op())
			c.end()
		}
		c.call.Add(gtx.Ops)
	}
	// Marks, when the fields are big enough to show them.
	if cell >= 10 {
		sum, n := base, 0
		for g := range s.groups {
			sum = b.fingerprint(sum, s.groups[g], true)
			n += len(s.groups[g])
		}
		if c := &s.layers[MaxPlayers+1]; n > 0 {
			if !c.valid(sum) {
				ops := c.begin(sum)
				p.Begin(ops)
				for g := range s.groups {
					for _, i := range s.groups[g] {
						r := &b.Robots[i]
						if r.Set != 0 || r.Mobile {
							markPath(&p, at(r), cell, int(r.Dir), r.Set, r.Mobile)
						}
					}
				}
				paint.FillShape(ops, markColor, clip.Outline{Path: p.End()}.Op())
				c.end()
			}
			c.call.Add(gtx.Ops)
		}
	}
	b.drawHeads(gtx, base)
	// The selected robot gets a white frame.
	if s.Selected != 0 {
		for i := range b.Robots {
			if r := &b.Robots[i]; r.ID == s.Selected {
				o := at(r)
				w := max(1.5, cell*0.07)
				rr := clip.Rect{Min: image.Pt(int(o.X), int(o.Y)), Max: image.Pt(int(o.X+cell)+1, int(o.Y+cell)+1)}
				paint.FillShape(gtx.Ops, selectColor, clip.Stroke{Path: rr.Path(), Width: w}.Op())
				break
			}
		}
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
		name = b.Teams[r.Team].Name
	}
	text := RobotSummary(r, name) + fmt.Sprintf(" · at %d,%d", x, y)

	m := op.Record(gtx.Ops)
	lgtx := gtx
	lgtx.Constraints = layout.Constraints{Max: image.Pt(gtx.Dp(unit.Dp(420)), size.Y)}
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
