package robowin

import (
	"fmt"

	"gioui.org/layout"
	"gioui.org/unit"
)

// layoutPanel draws the side panel: controls, players (or the picker), and the tabbed views.
func (u *UI) layoutPanel(gtx layout.Context) layout.Dimensions {
	return layout.UniformInset(unit.Dp(8)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(u.controls.layout),
			layout.Rigid(layout.Spacer{Height: 6}.Layout),
			layout.Rigid(u.playersPanel.layoutPlayersOrPicker),
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
			layout.Flexed(0.5, func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
					layout.Rigid(u.controls.layout),
					layout.Rigid(layout.Spacer{Height: 6}.Layout),
					layout.Rigid(u.playersPanel.layoutPlayersOrPicker),
				)
			}),
			layout.Rigid(layout.Spacer{Width: 8}.Layout),
			layout.Flexed(0.5, u.tabbed.layoutViews),
		)
	})
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
