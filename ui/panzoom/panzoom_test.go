package panzoom

import (
	"image"
	"testing"

	"gioui.org/f32"
	"gioui.org/io/event"
	"gioui.org/io/input"
	"gioui.org/io/pointer"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
)

// frame lays out a 100×100 area for g and returns what the handlers saw.
func frame(r *input.Router, g *Gesture, tag event.Tag) (clicks []f32.Point, pan f32.Point, wheel float32) {
	var ops op.Ops
	gtx := layout.Context{Ops: &ops, Source: r.Source(), Constraints: layout.Exact(image.Pt(100, 100))}
	g.Update(gtx, tag, Handlers{
		Pan:   func(d f32.Point) { pan = pan.Add(d) },
		Click: func(at f32.Point) { clicks = append(clicks, at) },
		Wheel: func(_ f32.Point, dy float32) { wheel += dy },
	})
	area := clip.Rect{Max: image.Pt(100, 100)}.Push(&ops)
	event.Op(&ops, tag)
	area.Pop()
	r.Frame(&ops)
	return
}

func TestClickDragAndWheel(t *testing.T) {
	var r input.Router
	var g Gesture
	tag := new(int)
	frame(&r, &g, tag)

	// A press and release in place is a click; a wobble within the slop still is.
	r.Queue(
		pointer.Event{Source: pointer.Mouse, Kind: pointer.Press, Position: f32.Pt(10, 10), Buttons: pointer.ButtonPrimary},
		pointer.Event{Source: pointer.Mouse, Kind: pointer.Move, Position: f32.Pt(12, 11), Buttons: pointer.ButtonPrimary},
		pointer.Event{Source: pointer.Mouse, Kind: pointer.Release, Position: f32.Pt(12, 11)},
	)
	clicks, pan, _ := frame(&r, &g, tag)
	if len(clicks) != 1 || pan != (f32.Point{}) {
		t.Fatalf("click: got clicks %v, pan %v; want one click, no pan", clicks, pan)
	}

	// A drag beyond the slop pans by the pointer's whole travel and is no click.
	r.Queue(
		pointer.Event{Source: pointer.Mouse, Kind: pointer.Press, Position: f32.Pt(10, 10), Buttons: pointer.ButtonPrimary},
		pointer.Event{Source: pointer.Mouse, Kind: pointer.Move, Position: f32.Pt(30, 15), Buttons: pointer.ButtonPrimary},
		pointer.Event{Source: pointer.Mouse, Kind: pointer.Release, Position: f32.Pt(30, 15)},
	)
	clicks, pan, _ = frame(&r, &g, tag)
	if len(clicks) != 0 || pan != f32.Pt(20, 5) {
		t.Fatalf("drag: got clicks %v, pan %v; want no click, pan (20,5)", clicks, pan)
	}

	r.Queue(pointer.Event{Source: pointer.Mouse, Kind: pointer.Scroll, Position: f32.Pt(50, 50), Scroll: f32.Pt(0, -3)})
	if _, _, wheel := frame(&r, &g, tag); wheel != -3 {
		t.Fatalf("wheel: got %v, want -3", wheel)
	}
}

// A press without a move before it counts as hovering only with HoverOnPress.
func TestHoverOnPress(t *testing.T) {
	for _, on := range []bool{false, true} {
		var r input.Router
		g := Gesture{HoverOnPress: on}
		tag := new(int)
		frame(&r, &g, tag)
		r.Queue(pointer.Event{Source: pointer.Mouse, Kind: pointer.Press, Position: f32.Pt(5, 5), Buttons: pointer.ButtonPrimary})
		frame(&r, &g, tag)
		if g.Hovering != on || g.HoverPos != f32.Pt(5, 5) {
			t.Errorf("HoverOnPress %v: hovering %v at %v", on, g.Hovering, g.HoverPos)
		}
	}
}
