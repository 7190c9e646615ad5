package robowin

import (
	"image"

	"gioui.org/io/event"
	"gioui.org/io/pointer"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/widget"
)

// codeWheel makes the wheel over a listing scroll by lines: a list scrolls by the distance
// the platform reports, 10 px a notch on X11, which is under a line of code. Over a listing
// a notch moves wheelLines lines.
type codeWheel struct {
	lineH int // a line's height in pixels, from the last layout
}

const (
	textLine   = 18 // dp: a line of the panel's text, before a code line gives its height
	wheelLines = 3
	wheelNotch = 10 // the distance Gio reports for one notch of a mouse wheel (X11, Wayland)
)

// update scrolls l by the wheel events that reached the listing since the last frame.
func (w *codeWheel) update(gtx layout.Context, l *widget.List) {
	for {
		ev, ok := gtx.Event(pointer.Filter{Target: w, Kinds: pointer.Scroll, ScrollY: pointer.ScrollRange{Min: -1 << 20, Max: 1 << 20}})
		if !ok {
			break
		}
		if e, ok := ev.(pointer.Event); ok && e.Kind == pointer.Scroll {
			// Before a code line was drawn (the panel opened too short to reach one, or every
			// bank is an RBI's, hidden) a line is a line of text: the handler takes every
			// wheel event over the panel, so ignoring them left the panel unscrollable.
			lineH := w.lineH
			if lineH <= 0 {
				lineH = gtx.Dp(textLine)
			}
			l.Position.Offset += int(e.Scroll.Y * wheelLines * float32(lineH) / wheelNotch)
			l.Position.BeforeEnd = true
			gtx.Execute(op.InvalidateCmd{})
		}
	}
}

// layout puts the wheel's handler over the listing just drawn (size), letting every other
// pointer event through to the lines and buttons underneath.
func (w *codeWheel) layout(gtx layout.Context, size image.Point, lineH int) {
	w.lineH = lineH
	defer clip.Rect{Max: size}.Push(gtx.Ops).Pop()
	defer pointer.PassOp{}.Push(gtx.Ops).Pop()
	event.Op(gtx.Ops, w)
}
