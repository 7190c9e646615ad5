package corewin

import (
	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

// look draws the window's small parts (buttons, fields) in its theme, the same way in every
// view.
type look struct {
	th *material.Theme
}

func (k look) button(gtx layout.Context, c *widget.Clickable, s string) layout.Dimensions {
	b := material.Button(k.th, c, s)
	b.Inset = layout.Inset{Top: 6, Bottom: 6, Left: 9, Right: 9}
	return b.Layout(gtx)
}

func (k look) smallButton(gtx layout.Context, c *widget.Clickable, s string) layout.Dimensions {
	b := material.Button(k.th, c, s)
	b.TextSize = 12
	b.Inset = layout.Inset{Top: 3, Bottom: 3, Left: 6, Right: 6}
	return b.Layout(gtx)
}

func (k look) field(gtx layout.Context, ed *widget.Editor, hint string, dp unit.Dp) layout.Dimensions {
	gtx.Constraints.Min.X = gtx.Dp(dp)
	gtx.Constraints.Max.X = gtx.Dp(dp)
	return widget.Border{Color: mutedCol, Width: 1, CornerRadius: 2}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.UniformInset(unit.Dp(4)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			e := material.Editor(k.th, ed, hint)
			e.TextSize = 13
			return e.Layout(gtx)
		})
	})
}
