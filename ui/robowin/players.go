package robowin

import (
	"fmt"
	"gioui.org/op/clip"
	"image"
	"image/color"

	"gioui.org/io/semantic"
	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/ui/kit"
	"robocom/ui/picker"
)

// playersView is the list of players with their scores (or, while adding one, the picker),
// the notices and the load errors under it.
type playersView struct {
	*session
	look
	addBtn, dismissBtn widget.Clickable
	rows               []playerRow
	picker             picker.State
	native             nativePick // the system's file dialog, where there is one
	pickOpen           bool
}

type playerRow struct {
	up, down, remove, recolor widget.Clickable
	name                      tipArea // the whole name, over a name clipped in the list
}

// update acts on the rows' buttons and the picker.
func (pv *playersView) update(gtx layout.Context) {
	if pv.addBtn.Clicked(gtx) {
		pv.pickOpen = !pv.pickOpen
		pv.note.dropRefusal()
	}
	if pv.dismissBtn.Clicked(gtx) {
		pv.errors, pv.retry = pv.errors[:0], nil // (Restart tries no dismissed program again)
	}
	for len(pv.rows) < len(pv.players) {
		pv.rows = append(pv.rows, playerRow{})
	}
	for i := 0; i < len(pv.players); i++ {
		r := &pv.rows[i]
		switch {
		case r.up.Clicked(gtx):
			pv.askMove(i, -1)
		case r.down.Clicked(gtx):
			pv.askMove(i, +1)
		case r.remove.Clicked(gtx):
			pv.askRemove(i)
		case r.recolor.Clicked(gtx):
			pv.Recolor(i)
		}
	}
	if path, ok := pv.native.update(gtx, pv.cfg.Invalidate); ok {
		pv.AddPlayer(path)
	}
	if pv.pickOpen {
		if path, ok := pv.picker.Update(gtx); ok {
			pv.askAdd(path)
		}
		if pv.picker.Closed() {
			pv.pickOpen = false
			pv.note.dropRefusal()
		}
	}
}

func (pv *playersView) layoutPlayersOrPicker(gtx layout.Context) layout.Dimensions {
	if pv.pickOpen {
		// Why a pick was refused (a sixth program, a file that did not load) stands above the
		// list the user clicks in, so that it shows at once (under a long list it was out of
		// view), in a band of its own height whether or not it says something: a notice that
		// pushed the list down moved the row under the pointer, and the second click of a
		// double click added the program below the one refused. The notice does not fade
		// while the picker is open; all the errors are listed under the players once it closes.
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(func(gtx layout.Context) layout.Dimensions { return pv.native.layout(gtx, pv.look) }),
			layout.Rigid(pv.layoutPickNotice),
			layout.Rigid(picker.Picker(pv.th, &pv.picker, MaxPlayers, len(pv.players)).Layout),
		)
	}
	return pv.layoutPlayers(gtx)
}

var playerNoticeColor = color.NRGBA{0xA0, 0x40, 0x00, 0xFF}

// pickNoticeHeight is the band above the picker's list for why a pick was refused: the
// notice and the last error, a line each.
const pickNoticeHeight = 44

// layoutPickNotice is that band: always as high, so that the list below never moves.
func (pv *playersView) layoutPickNotice(gtx layout.Context) layout.Dimensions {
	h := gtx.Dp(pickNoticeHeight)
	gtx.Constraints.Min.Y, gtx.Constraints.Max.Y = h, h
	defer clip.Rect{Max: image.Pt(gtx.Constraints.Max.X, h)}.Push(gtx.Ops).Pop()
	var ch []layout.FlexChild
	if pv.note.text != "" {
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(pv.th, pv.note.text)
			l.Color, l.MaxLines = playerNoticeColor, 1
			return l.Layout(gtx)
		}))
	}
	if n := len(pv.errors); n > 0 {
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			l := material.Caption(pv.th, pv.errors[n-1])
			l.Color, l.MaxLines = errorText, 1
			return l.Layout(gtx)
		}))
	}
	layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
	return layout.Dimensions{Size: image.Pt(gtx.Constraints.Max.X, h)}
}

// layoutNotices shows the last notice and the load errors ("file:line:col: message").
func (pv *playersView) layoutNotices(gtx layout.Context) layout.Dimensions {
	var ch []layout.FlexChild
	if pv.note.text != "" {
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(pv.th, pv.note.text)
			l.Color = playerNoticeColor
			return layout.Inset{Top: 4}.Layout(gtx, l.Layout)
		}))
	}
	const maxShown = 8
	for i, e := range pv.errors {
		if i == maxShown {
			e = fmt.Sprintf("… and %d more", len(pv.errors)-maxShown)
		} else if i > maxShown {
			break
		}
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			l := material.Caption(pv.th, e)
			l.Color = errorText
			return l.Layout(gtx)
		}))
	}
	if len(pv.errors) > 0 {
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			gtx.Constraints.Min.X = 0
			return layout.Inset{Top: 2}.Layout(gtx, pv.smallButton(&pv.dismissBtn, "Dismiss errors"))
		}))
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}

func (pv *playersView) layoutPlayers(gtx layout.Context) layout.Dimensions {
	var ch []layout.FlexChild
	ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
			layout.Flexed(1, material.Subtitle1(pv.th, fmt.Sprintf("Players (%d of %d) · rules: %s", len(pv.players), MaxPlayers, shortSetName(pv.opts.Name))).Layout),
			layout.Rigid(pv.smallButton(&pv.addBtn, "Add program…")),
		)
	}))
	for i := range pv.players {
		i := i
		p := pv.players[i]
		r := &pv.rows[i]
		t := pv.series.tally.Of(i)
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Top: 3}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
					layout.Rigid(func(gtx layout.Context) layout.Dimensions {
						return kit.Clickable(gtx, &r.recolor, func(gtx layout.Context) layout.Dimensions {
							semantic.LabelOp("Change colour").Add(gtx.Ops)
							return swatch(paletteColor(p.Color), 16)(gtx)
						})
					}),
					layout.Rigid(layout.Spacer{Width: 6}.Layout),
					layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
						return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
							layout.Rigid(pv.layoutPlayerName(p, &r.name)),
							layout.Rigid(func(gtx layout.Context) layout.Dimensions {
								l := material.Caption(pv.th, fmt.Sprintf("%s · W%d D%d L%d · %d pts", plural(countOf(pv.snap.Counts, i), "robot"), t.Wins, t.Draws, t.Losses, t.Points()))
								l.Color = color.NRGBA{0x55, 0x55, 0x55, 0xFF}
								if p.Prog == nil {
									l.Text = "does not load under the option set " + shortSetName(pv.opts.Name)
									l.Color = errorText
								}
								return l.Layout(gtx)
							}),
						)
					}),
					layout.Rigid(pv.smallButton(&r.up, "↑")),
					layout.Rigid(layout.Spacer{Width: 2}.Layout),
					layout.Rigid(pv.smallButton(&r.down, "↓")),
					layout.Rigid(layout.Spacer{Width: 2}.Layout),
					layout.Rigid(pv.smallButton(&r.remove, "×")),
				)
			})
		}))
	}
	ch = append(ch, layout.Rigid(pv.layoutNotices))
	if len(pv.players) > 0 {
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Top: 4}.Layout(gtx, Legend(pv.th, paletteColor(pv.players[0].Color)).Layout)
		}))
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}
