package robowin

import (
	"fmt"
	"image/color"

	"gioui.org/io/semantic"
	"gioui.org/layout"
	"gioui.org/text"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
	"gioui.org/x/component"
)

var tabNames = [4]string{"Graph", "Events", "Options", "Help"}

// layoutPanel draws the side panel: controls, players (or the picker), and the tabbed views.
func (u *UI) layoutPanel(gtx layout.Context) layout.Dimensions {
	return layout.UniformInset(unit.Dp(8)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(u.layoutControls),
			layout.Rigid(layout.Spacer{Height: 6}.Layout),
			layout.Rigid(u.layoutPlayersOrPicker),
			layout.Rigid(layout.Spacer{Height: 6}.Layout),
			layout.Flexed(1, u.layoutViews),
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
					layout.Rigid(u.layoutControls),
					layout.Rigid(layout.Spacer{Height: 6}.Layout),
					layout.Rigid(u.layoutPlayersOrPicker),
				)
			}),
			layout.Rigid(layout.Spacer{Width: 8}.Layout),
			layout.Flexed(0.5, u.layoutViews),
		)
	})
}

func (u *UI) layoutViews(gtx layout.Context) layout.Dimensions {
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(u.layoutTabs),
		layout.Flexed(1, u.layoutTabContent),
	)
}

func (u *UI) button(c *widget.Clickable, label string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		b := material.Button(u.th, c, label)
		b.Inset = layout.Inset{Top: 6, Bottom: 6, Left: 10, Right: 10}
		return b.Layout(gtx)
	}
}

// tipped wraps w with a hover tooltip (used to show the keyboard shortcut of a control).
func (u *UI) tipped(t *component.TipArea, tip string, w layout.Widget) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		tt := component.PlatformTooltip(u.th, tip)
		return t.Layout(gtx, tt, w)
	}
}

func (u *UI) smallButton(c *widget.Clickable, label string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		b := material.Button(u.th, c, label)
		b.Inset = layout.Inset{Top: 3, Bottom: 3, Left: 7, Right: 7}
		b.TextSize = 12
		return b.Layout(gtx)
	}
}

func (u *UI) field(ed *widget.Editor, hint string, width unit.Dp) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		w := gtx.Dp(width)
		gtx.Constraints.Min.X, gtx.Constraints.Max.X = w, w
		return widget.Border{Color: color.NRGBA{0x99, 0x99, 0x99, 0xFF}, CornerRadius: 3, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.UniformInset(unit.Dp(4)).Layout(gtx, material.Editor(u.th, ed, hint).Layout)
		})
	}
}

func (u *UI) label(s string) layout.Widget { return material.Body2(u.th, s).Layout }

func (u *UI) layoutControls(gtx layout.Context) layout.Dimensions {
	startLabel := "Start"
	if u.snap.Running {
		startLabel = "Pause"
	}
	row := func(children ...layout.FlexChild) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Bottom: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Alignment: layout.Middle, Spacing: layout.SpaceEnd}.Layout(gtx, children...)
			})
		}
	}
	gap := layout.Rigid(layout.Spacer{Width: 6}.Layout)
	cycle := fmt.Sprintf("Cycle %d", u.snap.Cycle)
	if t := u.opts.Timeout(); t > 0 {
		cycle += fmt.Sprintf(" / %d", t)
	}
	roundText := fmt.Sprintf("Round %d, seed %d ·", u.round, u.Seed())
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(row(
			layout.Rigid(u.tipped(&u.tips.start, "Start / pause (Space)", u.button(&u.startBtn, startLabel))), gap,
			layout.Rigid(u.tipped(&u.tips.step, "One cycle (S)", u.button(&u.stepBtn, "Step"))), gap,
			layout.Rigid(u.tipped(&u.tips.block, "Run this many cycles, then pause (N)", u.button(&u.blockBtn, "Run"))), gap,
			layout.Rigid(u.field(&u.blockEd, "cycles", 56)), gap,
			layout.Rigid(u.label("cycles")),
		)),
		layout.Rigid(row(
			layout.Rigid(u.label("Speed")), gap,
			layout.Rigid(u.tipped(&u.tips.slower, "Slower (−)", u.smallButton(&u.slowerBtn, "−"))), gap,
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				return material.Body1(u.th, speedLabel(u.speedIdx)).Layout(gtx)
			}), gap,
			layout.Rigid(u.tipped(&u.tips.faster, "Faster (+)", u.smallButton(&u.fasterBtn, "+"))), gap,
			layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
				l := material.H6(u.th, cycle)
				l.Alignment = text.End
				return l.Layout(gtx)
			}),
		)),
		layout.Rigid(row(
			layout.Rigid(u.label("Seed")), gap,
			layout.Rigid(u.field(&u.seedEd, "seed", 80)), gap,
			layout.Rigid(u.tipped(&u.tips.restart, "Restart from round 1 with this seed (R)", u.smallButton(&u.restartBtn, "Restart"))), gap,
			layout.Rigid(u.tipped(&u.tips.newSeed, "Restart with a random seed", u.smallButton(&u.newSeedBtn, "New seed"))),
		)),
		layout.Rigid(row(
			layout.Rigid(u.label(roundText)), gap,
			layout.Rigid(u.label("Rounds in a row")), gap,
			layout.Rigid(u.field(&u.roundsEd, "rounds", 44)), gap,
			layout.Rigid(u.smallButton(&u.resetTallyBtn, "Reset tally")),
		)),
	)
}

func (u *UI) layoutPlayersOrPicker(gtx layout.Context) layout.Dimensions {
	if u.pickOpen {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(Picker(u.th, &u.picker, len(u.players)).Layout),
			layout.Rigid(u.layoutNotices),
		)
	}
	return u.layoutPlayers(gtx)
}

// layoutNotices shows the last notice and the load errors ("file:line:col: message").
func (u *UI) layoutNotices(gtx layout.Context) layout.Dimensions {
	var ch []layout.FlexChild
	if u.message != "" {
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(u.th, u.message)
			l.Color = color.NRGBA{0xA0, 0x40, 0x00, 0xFF}
			return layout.Inset{Top: 4}.Layout(gtx, l.Layout)
		}))
	}
	const maxShown = 8
	for i, e := range u.errors {
		if i == maxShown {
			e = fmt.Sprintf("… and %d more", len(u.errors)-maxShown)
		} else if i > maxShown {
			break
		}
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			l := material.Caption(u.th, e)
			l.Color = color.NRGBA{0xB0, 0x00, 0x20, 0xFF}
			return l.Layout(gtx)
		}))
	}
	if len(u.errors) > 0 {
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			gtx.Constraints.Min.X = 0
			return layout.Inset{Top: 2}.Layout(gtx, u.smallButton(&u.dismissBtn, "Dismiss errors"))
		}))
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}

func (u *UI) layoutPlayers(gtx layout.Context) layout.Dimensions {
	var ch []layout.FlexChild
	ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
			layout.Flexed(1, material.Subtitle1(u.th, fmt.Sprintf("Players (%d of %d) · rules: %s", len(u.players), MaxPlayers, shortSetName(u.opts.Name))).Layout),
			layout.Rigid(u.smallButton(&u.addBtn, "Add program…")),
		)
	}))
	for i := range u.players {
		i := i
		p := u.players[i]
		r := &u.rows[i]
		t := u.tally.Of(i)
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Top: 3}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
					layout.Rigid(func(gtx layout.Context) layout.Dimensions {
						return r.recolor.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
							semantic.LabelOp("Change colour").Add(gtx.Ops)
							return swatch(paletteColor(p.Color), 16)(gtx)
						})
					}),
					layout.Rigid(layout.Spacer{Width: 6}.Layout),
					layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
						return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
							layout.Rigid(material.Body1(u.th, p.Name()).Layout),
							layout.Rigid(func(gtx layout.Context) layout.Dimensions {
								l := material.Caption(u.th, fmt.Sprintf("%s · W%d D%d L%d · %d pts", plural(countOf(u.snap.Counts, i), "robot"), t.Wins, t.Draws, t.Losses, t.Points()))
								l.Color = color.NRGBA{0x55, 0x55, 0x55, 0xFF}
								return l.Layout(gtx)
							}),
						)
					}),
					layout.Rigid(u.smallButton(&r.up, "↑")),
					layout.Rigid(layout.Spacer{Width: 2}.Layout),
					layout.Rigid(u.smallButton(&r.down, "↓")),
					layout.Rigid(layout.Spacer{Width: 2}.Layout),
					layout.Rigid(u.smallButton(&r.remove, "×")),
				)
			})
		}))
	}
	ch = append(ch, layout.Rigid(u.layoutNotices))
	if len(u.players) > 0 {
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Top: 4}.Layout(gtx, Legend(u.th, paletteColor(u.players[0].Color)).Layout)
		}))
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}

func (u *UI) layoutTabs(gtx layout.Context) layout.Dimensions {
	var ch []layout.FlexChild
	for i := range u.tabs {
		i := i
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			b := material.Button(u.th, &u.tabs[i], tabNames[i])
			b.Inset = layout.Inset{Top: 5, Bottom: 5, Left: 10, Right: 10}
			b.CornerRadius = 0
			if i != u.tab {
				b.Background = color.NRGBA{0xDD, 0xDD, 0xDD, 0xFF}
				b.Color = color.NRGBA{0x33, 0x33, 0x33, 0xFF}
			}
			return b.Layout(gtx)
		}))
	}
	return layout.Flex{}.Layout(gtx, ch...)
}

func (u *UI) layoutTabContent(gtx layout.Context) layout.Dimensions {
	return layout.Inset{Top: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		switch u.tab {
		case 0:
			return Graph(u.th, &u.hist, u.teams()).Layout(gtx)
		case 1:
			return EventLog(u.th, &u.eventLog, u.evs, u.teams()).Layout(gtx)
		case 2:
			return OptionsEditor(u.th, &u.optEd, &u.opts, u.cfg.Options).Layout(gtx)
		default:
			return Help(u.th, &u.help).Layout(gtx)
		}
	})
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
