package robowin

import (
	"fmt"

	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget/material"
)

// layoutPanel draws the side panel: controls, players (or the picker), and the tabbed views.
func (u *UI) layoutPanel(gtx layout.Context) layout.Dimensions {
	return layout.UniformInset(unit.Dp(8)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				// The tabs keep at least two fifths of the height.
				gtx.Constraints.Max.Y = gtx.Constraints.Max.Y * 3 / 5
				return u.layoutControlsAndPlayers(gtx)
			}),
			layout.Rigid(layout.Spacer{Height: 6}.Layout),
			layout.Flexed(1, u.tabbed.layoutViews),
		)
	})
}

// layoutPanelColumns is the panel of a tall window, below the board: controls and players
// on the left, the tabbed views on the right.
func (u *UI) layoutPanelColumns(gtx layout.Context) layout.Dimensions {
	return layout.UniformInset(unit.Dp(8)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{}.Layout(gtx,
			layout.Flexed(0.5, u.layoutControlsAndPlayers),
			layout.Rigid(layout.Spacer{Width: 8}.Layout),
			layout.Flexed(0.5, u.tabbed.layoutViews),
		)
	})
}

// layoutControlsAndPlayers is the controls and the players (or the picker) in one list,
// which the wheel scrolls when the panel is too short for them (800×600 and smaller).
func (u *UI) layoutControlsAndPlayers(gtx layout.Context) layout.Dimensions {
	u.side.Axis = layout.Vertical
	items := [...]layout.Widget{u.controls.layout, layout.Spacer{Height: 6}.Layout, u.playersPanel.layoutPlayersOrPicker}
	// The scrollbar takes its own strip (material.Occupy): over the rows it hid the × buttons.
	return material.List(u.th, &u.side).Layout(gtx, len(items), func(gtx layout.Context, i int) layout.Dimensions {
		return items[i](gtx)
	})
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
