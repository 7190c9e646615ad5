package robowin

import (
	"image/color"

	"gioui.org/io/event"
	"gioui.org/io/pointer"
	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
	"gioui.org/x/component"
)

// kit draws the window's small parts (buttons, fields, labels, tooltips) in its theme, the
// same way in every view.
type kit struct {
	th *material.Theme
}

func (k kit) button(c *widget.Clickable, label string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		b := material.Button(k.th, c, label)
		b.Inset = layout.Inset{Top: 6, Bottom: 6, Left: 10, Right: 10}
		return b.Layout(gtx)
	}
}

// tipArea is gio-x's TipArea that also hides its tooltip whenever the pointer is not over
// it: TipArea ignores a Leave while its tooltip is still fading in, and the tooltip then
// stayed on screen until the pointer came back and left again.
type tipArea struct {
	component.TipArea
	inside bool // the pointer is over the area, as our own handler saw it
}

// tipped wraps w with a hover tooltip (used to show the keyboard shortcut of a control).
func (k kit) tipped(t *tipArea, tip string, w layout.Widget) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		for {
			ev, ok := gtx.Event(pointer.Filter{Target: &t.inside, Kinds: pointer.Enter | pointer.Leave | pointer.Cancel})
			if !ok {
				break
			}
			if e, ok := ev.(pointer.Event); ok {
				t.inside = e.Kind == pointer.Enter
			}
		}
		if v := &t.VisibilityAnimation; !t.inside && (v.State == component.Appearing || v.State == component.Visible) {
			v.State, v.Started = component.Disappearing, gtx.Now
		}
		dims := t.TipArea.Layout(gtx, component.PlatformTooltip(k.th, tip), w)
		defer pointer.PassOp{}.Push(gtx.Ops).Pop()
		defer clip.Rect{Max: dims.Size}.Push(gtx.Ops).Pop()
		event.Op(gtx.Ops, &t.inside)
		return dims
	}
}

func (k kit) smallButton(c *widget.Clickable, label string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		b := material.Button(k.th, c, label)
		b.Inset = layout.Inset{Top: 3, Bottom: 3, Left: 7, Right: 7}
		b.TextSize = 12
		return b.Layout(gtx)
	}
}

func (k kit) field(ed *widget.Editor, hint string, width unit.Dp) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		w := gtx.Dp(width)
		gtx.Constraints.Min.X, gtx.Constraints.Max.X = w, w
		return widget.Border{Color: color.NRGBA{0x99, 0x99, 0x99, 0xFF}, CornerRadius: 3, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.UniformInset(unit.Dp(4)).Layout(gtx, material.Editor(k.th, ed, hint).Layout)
		})
	}
}

func (k kit) label(s string) layout.Widget { return material.Body2(k.th, s).Layout }

func (k kit) checkBox(b *widget.Bool, label string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		c := material.CheckBox(k.th, b, label)
		c.TextSize = 12
		c.IconColor = dbgBreakDot
		c.Size = 18
		return c.Layout(gtx)
	}
}
