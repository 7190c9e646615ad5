package robowin

import (
	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/ui/kit"
)

// look draws the window's small parts (buttons, fields, labels, tooltips) with the windows'
// shared kit, the same way in every view.
type look struct {
	th *material.Theme
}

func (k look) kit() kit.Kit { return kit.Kit{Th: k.th} }

func (k look) button(c *widget.Clickable, label string) layout.Widget {
	return k.kit().Button(c, label)
}

// tipArea is a hover tooltip's state (kit.TipArea).
type tipArea = kit.TipArea

// tipped wraps w with a hover tooltip (used to show the keyboard shortcut of a control).
func (k look) tipped(t *tipArea, tip string, w layout.Widget) layout.Widget {
	return k.kit().Tipped(t, tip, w)
}

func (k look) smallButton(c *widget.Clickable, label string) layout.Widget {
	return k.kit().SmallButton(c, label)
}

func (k look) field(ed *widget.Editor, hint string, width unit.Dp) layout.Widget {
	return k.kit().Field(ed, hint, width)
}

func (k look) label(s string) layout.Widget { return k.kit().Label(s) }

func (k look) checkBox(b *widget.Bool, label string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		c := material.CheckBox(k.th, b, label)
		c.TextSize = 12
		c.IconColor = dbgBreakDot
		c.Size = 18
		return c.Layout(gtx)
	}
}
