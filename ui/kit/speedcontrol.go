package kit

import (
	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

// SpeedControl is both windows' speed control: "Speed − 200/s +", a step of Speeds each way,
// with the keys (− and +) in the tooltips.
type SpeedControl struct {
	Index                int // into Speeds
	slower, faster       widget.Clickable
	slowerTip, fasterTip TipArea
}

// Update reports whether a click changed the speed step.
func (s *SpeedControl) Update(gtx layout.Context) bool {
	was := s.Index
	if s.faster.Clicked(gtx) {
		s.Index = ClampSpeed(s.Index + 1)
	}
	if s.slower.Clicked(gtx) {
		s.Index = ClampSpeed(s.Index - 1)
	}
	return s.Index != was
}

// Faster and Slower act as the buttons do (the + and − keys).
func (s *SpeedControl) Faster() { s.faster.Click() }
func (s *SpeedControl) Slower() { s.slower.Click() }

// Widgets are the control's parts, to be laid out in a row with others.
func (s *SpeedControl) Widgets(k Kit) []layout.Widget {
	return []layout.Widget{
		k.Label("Speed"),
		k.Tipped(&s.slowerTip, "Slower (−)", k.SmallButton(&s.slower, "−")),
		func(gtx layout.Context) layout.Dimensions {
			return Keep(gtx, &s.Index, material.Body1(k.Th, SpeedLabel(s.Index)).Layout)
		},
		k.Tipped(&s.fasterTip, "Faster (+)", k.SmallButton(&s.faster, "+")),
	}
}
