// Package panzoom is the pointer gesture the RoboCom board and the Core War core share:
// hover, drag to pan, click, and the wheel to zoom. Each view keeps its own geometry and
// decides what a click or a wheel step means; this package only tells press-and-release
// (a click) from a drag, which both views used to do with copies of the same state machine.
package panzoom

import (
	"gioui.org/f32"
	"gioui.org/io/event"
	"gioui.org/io/pointer"
	"gioui.org/layout"
)

// dragSlop is how far (in pixels, squared) the pointer may move while pressed and still
// count as a click rather than a drag.
const dragSlop = 16

// Gesture is the persistent pointer state of one view. Keep it across frames.
type Gesture struct {
	Hovering bool      // the pointer is over the view
	HoverPos f32.Point // the pointer's last position, in widget coordinates
	// HoverOnPress makes a press count as hovering even without a move before it.
	HoverOnPress bool

	pressed, moved    bool
	pressPos, lastPos f32.Point
}

// Dragging reports whether the view is being panned.
func (g *Gesture) Dragging() bool { return g.pressed && g.moved }

// Handlers say what the view does with the gesture; nil ones are ignored.
type Handlers struct {
	Pan   func(delta f32.Point)          // the pointer dragged the view by delta pixels
	Click func(at f32.Point)             // pressed and released without dragging
	Wheel func(at f32.Point, dy float32) // a wheel event with its vertical distance
}

// Update reads the pointer events for target (registered with event.Op by the caller) and
// calls the handlers.
func (g *Gesture) Update(gtx layout.Context, target event.Tag, h Handlers) {
	for {
		ev, ok := gtx.Event(pointer.Filter{
			Target:  target,
			Kinds:   pointer.Press | pointer.Release | pointer.Drag | pointer.Move | pointer.Scroll | pointer.Leave | pointer.Cancel,
			ScrollY: pointer.ScrollRange{Min: -1000, Max: 1000},
		})
		if !ok {
			return
		}
		e, ok := ev.(pointer.Event)
		if !ok {
			continue
		}
		switch e.Kind {
		case pointer.Move:
			g.Hovering, g.HoverPos = true, e.Position
		case pointer.Leave, pointer.Cancel:
			g.Hovering, g.pressed = false, false
		case pointer.Press:
			g.pressed, g.moved = true, false
			g.pressPos, g.lastPos, g.HoverPos = e.Position, e.Position, e.Position
			if g.HoverOnPress {
				g.Hovering = true
			}
		case pointer.Drag:
			if !g.pressed {
				break
			}
			if d := e.Position.Sub(g.pressPos); d.X*d.X+d.Y*d.Y > dragSlop {
				g.moved = true
			}
			if g.moved && h.Pan != nil {
				h.Pan(e.Position.Sub(g.lastPos))
			}
			g.lastPos, g.HoverPos = e.Position, e.Position
		case pointer.Release:
			if g.pressed && !g.moved && h.Click != nil {
				h.Click(e.Position)
			}
			g.pressed = false
		case pointer.Scroll:
			if h.Wheel != nil {
				h.Wheel(e.Position, e.Scroll.Y)
			}
		}
	}
}
