package corewin

import (
	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/ui/kit"
)

// look draws the window's small parts with the windows' shared kit, so that the Core War
// window's buttons and fields look like the RoboCom window's.
type look struct {
	th *material.Theme
}

func (k look) kit() kit.Kit { return kit.Kit{Th: k.th} }

func (k look) button(gtx layout.Context, c *widget.Clickable, s string) layout.Dimensions {
	return k.kit().Button(c, s)(gtx)
}

func (k look) smallButton(gtx layout.Context, c *widget.Clickable, s string) layout.Dimensions {
	return k.kit().SmallButton(c, s)(gtx)
}

func (k look) field(gtx layout.Context, ed *widget.Editor, hint string, dp unit.Dp) layout.Dimensions {
	return k.kit().Field(ed, hint, dp)(gtx)
}
