package kit

import (
	"image"
	"image/color"

	"gioui.org/io/event"
	"gioui.org/io/pointer"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
	"gioui.org/x/component"
)

// Kit draws the windows' small parts (buttons, fields, labels, tooltips) in a theme, the
// same way in every view of both windows.
type Kit struct {
	Th *material.Theme
}

// Button is a control's button.
func (k Kit) Button(c *widget.Clickable, label string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		b := material.Button(k.Th, c, label)
		b.Inset = layout.Inset{Top: 6, Bottom: 6, Left: 10, Right: 10}
		return b.Layout(gtx)
	}
}

// SmallButton is a secondary button (Restart, Remove, −, +).
func (k Kit) SmallButton(c *widget.Clickable, label string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		b := material.Button(k.Th, c, label)
		b.Inset = layout.Inset{Top: 3, Bottom: 3, Left: 7, Right: 7}
		b.TextSize = 12
		return b.Layout(gtx)
	}
}

// FieldBorder is the colour of a text field's frame.
var FieldBorder = color.NRGBA{0x99, 0x99, 0x99, 0xFF}

// Field is a framed one-line text field width wide.
func (k Kit) Field(ed *widget.Editor, hint string, width unit.Dp) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		w := gtx.Dp(width)
		gtx.Constraints.Min.X, gtx.Constraints.Max.X = w, w
		return widget.Border{Color: FieldBorder, CornerRadius: 3, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.UniformInset(unit.Dp(4)).Layout(gtx, material.Editor(k.Th, ed, hint).Layout)
		})
	}
}

// Label is a line of body text.
func (k Kit) Label(s string) layout.Widget { return material.Body2(k.Th, s).Layout }

// TipArea is gio-x's TipArea that also hides its tooltip whenever the pointer is not over
// it: TipArea ignores a Leave while its tooltip is still fading in, and the tooltip then
// stayed on screen until the pointer came back and left again.
type TipArea struct {
	component.TipArea
	inside bool // the pointer is over the area, as our own handler saw it
}

// Tipped wraps w with a hover tooltip (used to show the keyboard shortcut of a control).
func (k Kit) Tipped(t *TipArea, tip string, w layout.Widget) layout.Widget {
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
		dims := t.TipArea.Layout(gtx, component.PlatformTooltip(k.Th, tip), w)
		defer pointer.PassOp{}.Push(gtx.Ops).Pop()
		defer clip.Rect{Max: dims.Size}.Push(gtx.Ops).Pop()
		event.Op(gtx.Ops, &t.inside)
		return dims
	}
}

// Row lays widgets out left to right, gap apart and centred on a line, and wraps onto
// further lines what does not fit the width (a narrow window), instead of squeezing the last
// widgets to nothing.
func Row(gtx layout.Context, gap unit.Dp, ws ...layout.Widget) layout.Dimensions {
	g := gtx.Dp(gap)
	maxW := gtx.Constraints.Max.X
	calls := make([]op.CallOp, len(ws))
	dims := make([]layout.Dimensions, len(ws))
	for i, wd := range ws {
		m := op.Record(gtx.Ops)
		cg := gtx
		cg.Constraints.Min = image.Point{}
		dims[i] = wd(cg)
		calls[i] = m.Stop()
	}
	var size image.Point
	for start := 0; start < len(ws); {
		// The line: from start, as many widgets as fit (at least one).
		end, w, h := start+1, dims[start].Size.X, dims[start].Size.Y
		for end < len(ws) && w+g+dims[end].Size.X <= maxW {
			w += g + dims[end].Size.X
			h = max(h, dims[end].Size.Y)
			end++
		}
		if start > 0 {
			size.Y += g
		}
		x := 0
		for i := start; i < end; i++ {
			off := op.Offset(image.Pt(x, size.Y+(h-dims[i].Size.Y)/2)).Push(gtx.Ops)
			calls[i].Add(gtx.Ops)
			off.Pop()
			x += dims[i].Size.X + g
		}
		size.X = max(size.X, w)
		size.Y += h
		start = end
	}
	return layout.Dimensions{Size: gtx.Constraints.Constrain(size)}
}
