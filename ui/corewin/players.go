package corewin

import (
	"fmt"
	"image/color"

	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/corewars/play"
	"robocom/internal/termtext"
	"robocom/ui/kit"
	"robocom/ui/picker"
)

// playersView is the Players tab: the players with their copies, the picker, the programs
// that failed to load and their errors.
type playersView struct {
	*session
	look
	picker picker.State // the windows' one picker, shown instead of the players while open
	addBtn widget.Clickable
	pickOn bool
}

// coreKind is what the Core War picker offers: .red, .cw and .vna files, and Add all here.
var coreKind = picker.Kind{
	Accept: play.IsCoreFile, Exts: ".red/.cw/.vna", Either: ".red, .cw or .vna",
	Hint: "/path/to/warrior.red, then Enter", AddAll: true,
}

func (v *playersView) update(gtx layout.Context) {
	if v.addBtn.Clicked(gtx) {
		v.pickOn = true
	}
	if v.pickOn {
		if p, ok := v.picker.Update(gtx); ok {
			v.askAdd(p)
		}
		if all := v.picker.AddAll(); len(all) > 0 {
			v.askAddAll(all)
		}
		if v.picker.Closed() {
			v.pickOn = false
		}
	}
	for _, f := range v.failed {
		if f.edit.Clicked(gtx) {
			v.onEdit(f.path)
		}
	}
	for i := 0; i < len(v.players); i++ {
		p := v.players[i]
		if p.remove.Clicked(gtx) {
			v.askRemove(p)
			return
		}
		if p.more.Clicked(gtx) && v.lang == play.CW && p.copies < 99 {
			v.askCopies(p, +1)
		}
		if p.fewer.Clicked(gtx) && p.copies > 1 {
			v.askCopies(p, -1)
		}
		if p.edit.Clicked(gtx) {
			v.onEdit(p.path)
		}
		if p.inspect.Clicked(gtx) && v.onInspect != nil {
			v.onInspect(v.firstProcessOf(i))
		}
	}
}

// layout draws the players, or, while a program is picked, the picker in their place: the
// picker's entries then stay where they are as players are added.
func (v *playersView) layout(gtx layout.Context) layout.Dimensions {
	var ch []layout.FlexChild
	add := func(wd layout.Widget) { ch = append(ch, layout.Rigid(wd)) }
	if v.pickOn {
		most := MaxPlayers
		if len(v.players) > 0 { // (with none, the next program chooses the language)
			most = play.MaxPlayers(v.lang, MaxPlayers)
		}
		add(picker.Picker(v.th, &v.picker, most, len(v.players)).Layout)
		v.layoutErrors(add)
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
	}
	if len(v.players) == 0 {
		add(material.Body2(v.th, "No programs loaded. Add .red, .cw or .vna files; all players of a game use one language.").Layout)
	}
	for i, p := range v.players {
		add(func(gtx layout.Context) layout.Dimensions {
			ws := []layout.Widget{
				swatch(kit.PaletteColor(i), 14),
				func(gtx layout.Context) layout.Dimensions {
					gtx.Constraints.Min.X = gtx.Dp(150)
					gtx.Constraints.Max.X = gtx.Dp(150)
					l := material.Body1(v.th, termtext.Clip(p.prog.Name, kit.TitleName))
					l.MaxLines = 1
					return kit.Clickable(gtx, &p.inspect, l.Layout) // a click inspects it
				},
			}
			if v.lang == play.CW {
				ws = append(ws,
					func(gtx layout.Context) layout.Dimensions { return v.smallButton(gtx, &p.fewer, "−") },
					func(gtx layout.Context) layout.Dimensions {
						return material.Body2(v.th, fmt.Sprintf("%d %s", p.copies, plural(p.copies, "copy", "copies"))).Layout(gtx)
					},
					func(gtx layout.Context) layout.Dimensions { return v.smallButton(gtx, &p.more, "+") },
				)
			}
			ws = append(ws,
				func(gtx layout.Context) layout.Dimensions { return v.smallButton(gtx, &p.edit, "Edit") },
				func(gtx layout.Context) layout.Dimensions { return v.smallButton(gtx, &p.remove, "Remove") },
			)
			return layout.Inset{Bottom: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions { return row(gtx, ws...) })
		})
		if p.stale { // stays while it is so, where the status line's notice goes after a while
			add(func(gtx layout.Context) layout.Dimensions {
				l := material.Caption(v.th, "Its file does not load now (errors below): the game plays the version loaded before.")
				l.Color = kit.ErrorText
				return layout.Inset{Left: 20, Bottom: 4}.Layout(gtx, l.Layout) // under the name, past the swatch
			})
		}
	}
	add(func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 4, Bottom: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions { return v.button(gtx, &v.addBtn, "Add program…") })
	})
	v.layoutErrors(add)
	add(func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 8}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			l := material.Caption(v.th, "Colours are the programs' (Okabe–Ito, colour-blind safe); bright cells were written in the last 64 cycles; a black dot in a white square is a running thread; white cells belong to the process selected in Statistics.")
			l.Color = mutedCol
			return l.Layout(gtx)
		})
	})
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}

// layoutErrors adds the load errors, with an Edit button for each program that failed, and
// the players' warnings (warnings.go), marked "warning:" and in the notice colour: the
// programs they are about were loaded.
func (v *playersView) layoutErrors(add func(layout.Widget)) {
	warnings := v.warnings()
	if len(v.errors) == 0 && len(warnings) == 0 {
		return
	}
	heading := "Load errors"
	switch {
	case len(v.errors) == 0:
		heading = "Load warnings"
	case len(warnings) > 0:
		heading = "Load errors and warnings"
	}
	add(func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 6}.Layout(gtx, material.Subtitle2(v.th, heading).Layout)
	})
	for _, f := range v.failed {
		add(func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Top: 2, Bottom: 2}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return v.smallButton(gtx, &f.edit, "Edit "+termtext.Clip(termtext.Escape(f.name), kit.TitleName)+" to fix it")
			})
		})
	}
	line := func(text string, col color.NRGBA) {
		add(func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(v.th, text)
			l.Color = col
			l.Font.Typeface = "Go Mono"
			return l.Layout(gtx)
		})
	}
	for _, e := range v.errors {
		line(e, errorCol)
	}
	for _, w := range warnings {
		line(w, kit.NoticeText)
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func rowBg(gtx layout.Context, on bool, wd layout.Widget) layout.Dimensions {
	if !on {
		return wd(gtx)
	}
	return layout.Stack{}.Layout(gtx,
		layout.Expanded(func(gtx layout.Context) layout.Dimensions {
			paint.FillShape(gtx.Ops, selRowBg, clip.Rect{Max: gtx.Constraints.Min}.Op())
			return layout.Dimensions{Size: gtx.Constraints.Min}
		}),
		layout.Stacked(wd),
	)
}
