package robowin

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"gioui.org/f32"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"

	"robocom/arena"
)

// Task heads (RC3.md 6: "the board draws one head per task"). A robot with several tasks
// gets a small arrow at the edge of its field for every direction one of its tasks faces,
// in the margin around its pentagon (which points where the task visited last faces). Tasks
// facing the same way share an arrow: at a field's size four arrows are all that can be told
// apart, and the debugger lists every task's head. All arrows of the board are one path in
// one colour, drawn over the board image and recorded and replayed while they do not change.

// headColor is the colour of the task arrows: light on the dark board and on every team colour.
var headColor = color.NRGBA{0xFF, 0xFF, 0xFF, 0xE6}

// headArrow is the arrow of a head facing north in a unit field: its tip at the edge, its base
// a little inside the pentagon's outline, so that it reads as part of the robot.
var headArrow = [3]f32.Point{{X: 0.5, Y: 0.0}, {X: 0.66, Y: 0.15}, {X: 0.34, Y: 0.15}}

// headMask is the set of directions the tasks of r face (bit d for direction d); 0 for a
// robot with fewer than two tasks.
func headMask(r *arena.RobotView) uint8 {
	if len(r.Tasks) < 2 {
		return 0
	}
	var m uint8
	for i := range r.Tasks {
		m |= 1 << (r.Tasks[i].Dir & 3)
	}
	return m
}

// headPath adds the arrows of mask to the field at o.
func headPath(p *clip.Path, o f32.Point, cell float32, mask uint8) {
	for d := 0; d < 4; d++ {
		if mask&(1<<d) == 0 {
			continue
		}
		for i, q := range headArrow {
			q = o.Add(turn(q, d).Mul(cell))
			if i == 0 {
				p.MoveTo(q)
			} else {
				p.LineTo(q)
			}
		}
		p.Close()
	}
}

// headLayer holds the recorded arrows, replayed while they do not change.
type headLayer struct {
	ops  op.Ops
	call op.CallOp
	sum  uint64
	ok   bool
}

// drawHeads draws the task arrows of the robots in view over the board image.
func (b BoardStyle) drawHeads(gtx layout.Context, size image.Point) {
	s := b.State
	cell := s.cell
	if cell < 10 {
		return
	}
	// Only fields in view are drawn.
	x0 := int(math.Floor(float64(-s.origin.X/cell))) - 1
	y0 := int(math.Floor(float64(-s.origin.Y/cell))) - 1
	x1 := int(float32(size.X)/cell-s.origin.X/cell) + 1
	y1 := int(float32(size.Y)/cell-s.origin.Y/cell) + 1
	inView := func(r *arena.RobotView) bool { return r.X >= x0 && r.X <= x1 && r.Y >= y0 && r.Y <= y1 }
	sum := mix(fnvOffset, uint64(math.Float32bits(cell))<<32|uint64(math.Float32bits(s.origin.X)))
	sum = mix(sum, uint64(math.Float32bits(s.origin.Y)))
	n := 0
	for i := range b.Robots {
		r := &b.Robots[i]
		m := headMask(r)
		if m == 0 || !inView(r) {
			continue
		}
		n++
		sum = mix(sum, uint64(uint32(r.X))<<32|uint64(uint32(r.Y))<<4|uint64(m))
	}
	if n == 0 {
		return
	}
	c := &s.heads
	if !c.ok || c.sum != sum {
		c.ops.Reset()
		macro := op.Record(&c.ops)
		var p clip.Path
		p.Begin(&c.ops)
		for i := range b.Robots {
			r := &b.Robots[i]
			if m := headMask(r); m != 0 && inView(r) {
				headPath(&p, s.origin.Add(f32.Pt(float32(r.X)*cell, float32(r.Y)*cell)), cell, m)
			}
		}
		paint.FillShape(&c.ops, headColor, clip.Outline{Path: p.End()}.Op())
		c.call = macro.Stop()
		c.sum, c.ok = sum, true
	}
	c.call.Add(gtx.Ops)
}

// taskSummary is the hover text's line about a multitasking robot's tasks and their heads.
func taskSummary(r arena.RobotView) string {
	if len(r.Tasks) < 2 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%d tasks, heads:", len(r.Tasks))
	for _, t := range r.Tasks {
		fmt.Fprintf(&b, " T%d %s", t.Number, t.Dir)
	}
	return b.String()
}
