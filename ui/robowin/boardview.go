package robowin

import (
	"fmt"
	"image"
	"image/color"

	"gioui.org/layout"
	"gioui.org/text"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/ui/kit"
)

// boardView is the board with what is drawn over it: the Fit button when zoomed in, the
// hint on an empty board and the banner at the end of a game.
type boardView struct {
	*session
	look
	BoardState
	fitBtn widget.Clickable
	fitTip tipArea
}

func (bv *boardView) update(gtx layout.Context) {
	if bv.fitBtn.Clicked(gtx) {
		bv.FitToWindow()
	}
}

func (bv *boardView) layout(gtx layout.Context) layout.Dimensions {
	return layout.Stack{}.Layout(gtx,
		layout.Expanded(func(gtx layout.Context) layout.Dimensions {
			return Board(bv.th, &bv.BoardState, bv.snap.Size, bv.snap.Robots, bv.players.teams()).Layout(gtx)
		}),
		layout.Expanded(func(gtx layout.Context) layout.Dimensions {
			if bv.Zoom() <= 1 {
				return layout.Dimensions{}
			}
			return layout.NW.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return layout.UniformInset(unit.Dp(6)).Layout(gtx, bv.tipped(&bv.fitTip, "Show the whole board (F)", bv.smallButton(&bv.fitBtn, "Fit board")))
			})
		}),
		layout.Stacked(func(gtx layout.Context) layout.Dimensions {
			if bv.snap.Size == 0 {
				return bv.layoutEmptyBoard(gtx)
			}
			if bv.over() {
				return bv.layoutBanner(gtx)
			}
			return layout.Dimensions{}
		}),
	)
}

func (bv *boardView) layoutEmptyBoard(gtx layout.Context) layout.Dimensions {
	gtx.Constraints.Min = gtx.Constraints.Max
	msg := "Add up to five programs with “Add program…” on the right, then press Start (Space)."
	// With no game the board draws nothing and the window's background shows: the text
	// takes the theme's foreground, or the error colour for a refusal (it was light grey).
	col := noticeColor(bv.th, bv.gameErr != "")
	if bv.gameErr != "" {
		msg = bv.gameErr
	}
	return layout.Center.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		gtx.Constraints.Max.X = min(gtx.Constraints.Max.X, gtx.Dp(420))
		l := material.Body1(bv.th, msg)
		l.Color = col
		l.Alignment = text.Middle
		return l.Layout(gtx)
	})
}

// layoutBanner shows the end of a game: the ranking and what happens next.
func (bv *boardView) layoutBanner(gtx layout.Context) layout.Dimensions {
	gtx.Constraints.Min = gtx.Constraints.Max
	return layout.Center.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		gtx.Constraints.Min = image.Point{}
		gtx.Constraints.Max.X = min(gtx.Constraints.Max.X, gtx.Dp(360))
		return kit.Card(gtx, color.NRGBA{0xFF, 0xFF, 0xFF, 0xF0}, func(gtx layout.Context) layout.Dimensions {
			var ch []layout.FlexChild
			ch = append(ch, layout.Rigid(material.H6(bv.th, bv.players.resultHeadline(&bv.snap)).Layout))
			for _, i := range rankOrder(bv.snap.Ranks) {
				if i >= len(bv.players) {
					continue
				}
				i := i
				ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
					return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
						layout.Rigid(material.Body1(bv.th, fmt.Sprintf("%d.", bv.snap.Ranks[i])).Layout),
						layout.Rigid(layout.Spacer{Width: 6}.Layout),
						layout.Rigid(swatch(paletteColor(bv.players[i].Color), 12)),
						layout.Rigid(layout.Spacer{Width: 6}.Layout),
						layout.Rigid(material.Body1(bv.th, fmt.Sprintf("%s  (%s)", bv.players.teamName(i), plural(countOf(bv.snap.Counts, i), "robot"))).Layout),
					)
				}))
			}
			next := fmt.Sprintf("Start (Space) plays round %d; the tally goes on (Reset tally starts over).", bv.series.round+1)
			if bv.series.round < bv.series.seriesEnd && bv.wantRun {
				next = fmt.Sprintf("Round %d of this series of %d follows.", bv.series.round+1, bv.series.rounds())
			}
			ch = append(ch, layout.Rigid(layout.Spacer{Height: 6}.Layout), layout.Rigid(material.Caption(bv.th, next).Layout))
			return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
		})
	})
}
