package robowin

import (
	"image"
	"image/color"

	"gioui.org/op/clip"
	"gioui.org/op/paint"

	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget/material"

	"robocom/ui/kit"
)

// errorText is the colour of refusals and errors on the window's light background.
var errorText = kit.ErrorText

// noticeColor is the colour of a message on the window's background: the theme's
// foreground, or errorText for an error or refusal.
func noticeColor(th *material.Theme, isErr bool) color.NRGBA {
	if isErr {
		return errorText
	}
	return th.Fg
}

// maxRememberedColors bounds Settings.PlayerColors; past it only the current players'
// colours are kept.
const maxRememberedColors = 64

// colorFor is the palette colour of a program added from path: the one it had last time
// (Settings.PlayerColors) when no other player has it now, otherwise the first free one.
// The colour follows the program, not its place in the list.
func (s *session) colorFor(path string, used map[int]bool) int {
	if st := s.cfg.Settings; st != nil {
		if c, ok := st.Get().PlayerColors[path]; ok && c >= 0 && c < len(Palette) && !used[c] {
			return c
		}
	}
	c := 0
	for used[c] && c < len(Palette)-1 {
		c++
	}
	return c
}

// rememberColors records the players' colours in the remembered ones (keeping those of
// programs not playing now, up to maxRememberedColors).
func rememberColors(old map[string]int, players []Player) map[string]int {
	m := make(map[string]int, len(old)+len(players))
	if len(old)+len(players) <= maxRememberedColors {
		for k, v := range old {
			m[k] = v
		}
	}
	for _, p := range players {
		m[p.Path] = p.Color
	}
	return m
}

// layoutPlayerName is a player's name, clipped (shortName) with the whole name in a tooltip
// when it was cut, and an "RBI" badge for a program loaded from an RBI file (its code is
// sealed: the debugger does not show it).
func (pv *playersView) layoutPlayerName(p Player, tip *tipArea) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		l := material.Body1(pv.th, p.shortName())
		l.MaxLines = 1 // beside the buttons 40 columns may still be too wide: one row a player
		name := l.Layout
		if whole := p.Name(); whole != p.shortName() {
			name = pv.tipped(tip, whole, name)
		}
		if p.Prog == nil || !p.Prog.Hidden {
			return name(gtx)
		}
		return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
			layout.Rigid(name),
			layout.Rigid(layout.Spacer{Width: unit.Dp(6)}.Layout),
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				return layout.Background{}.Layout(gtx,
					func(gtx layout.Context) layout.Dimensions {
						r := image.Rectangle{Max: gtx.Constraints.Min}
						paint.FillShape(gtx.Ops, pv.th.ContrastBg, clip.UniformRRect(r, gtx.Dp(3)).Op(gtx.Ops))
						return layout.Dimensions{Size: r.Max}
					},
					func(gtx layout.Context) layout.Dimensions {
						return layout.Inset{Left: 4, Right: 4, Top: 1, Bottom: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
							l := material.Caption(pv.th, "RBI")
							l.Color = pv.th.ContrastFg
							return l.Layout(gtx)
						})
					})
			}),
		)
	}
}
