package robowin

import (
	"fmt"
	"image/color"
	"strings"

	"gioui.org/f32"
	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/op/paint"

	"robocom/arena"
)

// Task heads (RC3.md 6: "the board draws one head per task"). A robot with several tasks
// gets a small arrow at the edge of its field for every direction one of its tasks faces,
// in the margin around its pentagon (which points where the task visited last faces). Tasks
// facing the same way share an arrow: at a field's size four arrows are all that can be told
// apart, and the debugger lists every task's head. All arrows of the board are one path in
// one colour, recorded and replayed while they do not change, like the other layers.

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

// drawHeads draws the task arrows of the robots in view (the groups drawRobots made).
func (b BoardStyle) drawHeads(gtx layout.Context, base uint64) {
	s := b.State
	cell := s.cell
	if cell < 10 {
		return
	}
	sum, n := base, 0
	for g := range s.groups {
		for _, i := range s.groups[g] {
			r := &b.Robots[i]
			m := headMask(r)
			if m == 0 {
				continue
			}
			n++
			sum = mix(sum, uint64(uint32(r.X))<<32|uint64(uint32(r.Y))<<4|uint64(m))
		}
	}
	c := &s.heads
	if n == 0 {
		return
	}
	if !c.valid(sum) {
		ops := c.begin(sum)
		var p clip.Path
		p.Begin(ops)
		for g := range s.groups {
			for _, i := range s.groups[g] {
				r := &b.Robots[i]
				m := headMask(r)
				if m != 0 {
					headPath(&p, f32.Pt(float32(r.X)*cell, float32(r.Y)*cell), cell, m)
				}
			}
		}
		paint.FillShape(ops, headColor, clip.Outline{Path: p.End()}.Op())
		c.end()
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
