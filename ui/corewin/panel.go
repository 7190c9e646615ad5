package corewin

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	coreplay "robocom/corewars/play"
	"robocom/ui/kit"
)

// handleControls acts on the buttons before anything is drawn, so labels show the new state.
func (w *Window) handleControls(gtx layout.Context) {
	if w.modeBtn.Clicked(gtx) && w.cfg.SwitchMode != nil {
		w.cfg.SwitchMode()
	}
	if w.startBtn.Clicked(gtx) {
		w.ToggleRun()
	}
	if w.stepBtn.Clicked(gtx) {
		if w.snap.Over {
			w.nextRoundOrRestart()
		}
		w.wantRun = false
		w.run.stepInstr(1)
	}
	if w.blockBtn.Clicked(gtx) {
		n, err := strconv.Atoi(strings.TrimSpace(w.blockEd.Text()))
		if err != nil || n < 1 {
			w.notify("The block size must be a whole number of at least 1 time slice.")
		} else {
			if w.snap.Over {
				w.nextRoundOrRestart()
			}
			w.wantRun = false
			w.run.block(int64(n))
		}
	}
	if w.fasterBtn.Clicked(gtx) && w.speedIdx < len(kit.Speeds)-1 {
		w.speedIdx++
		w.run.SetSpeed(kit.Speeds[w.speedIdx])
	}
	if w.slowerBtn.Clicked(gtx) && w.speedIdx > 0 {
		w.speedIdx--
		w.run.SetSpeed(kit.Speeds[w.speedIdx])
	}
	if w.restartBtn.Clicked(gtx) {
		if s, err := strconv.ParseInt(strings.TrimSpace(w.seedEd.Text()), 10, 64); err == nil {
			w.seed = s
		} else {
			w.notify("The seed must be a whole number; the game restarts with the old seed.")
			w.seedEd.SetText(strconv.FormatInt(w.seed, 10))
		}
		w.wantRun = false
		w.resetSeries()
		w.newGame()
	}
	if w.newSeedBtn.Clicked(gtx) {
		w.wantRun = false
		w.SetSeed(w.seed + 1_000_003) // a fresh but reproducible seed, shown in the field
	}
	if w.fitBtn.Clicked(gtx) {
		w.core.ResetView()
	}
	for i := range w.tabs {
		if w.tabs[i].Clicked(gtx) {
			w.tab = i
		}
	}
	w.updatePlayers(gtx)
	w.prm.update(gtx, w)
	w.stats.update(gtx, w)
	w.trace.update(gtx, w)
	w.dump.update(gtx, w)
	w.tourney.update(gtx, w)
	w.editor.update(gtx, w)
}

func (w *Window) layoutPanel(gtx layout.Context) layout.Dimensions {
	return layout.UniformInset(unit.Dp(8)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(w.layoutControls),
			layout.Rigid(spacer(6)),
			layout.Rigid(w.layoutTabs),
			layout.Rigid(spacer(6)),
			layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
				w.editor.panelH = gtx.Constraints.Max.Y
				return material.List(w.th, &w.panelList).Layout(gtx, 1, func(gtx layout.Context, _ int) layout.Dimensions {
					gtx.Constraints.Min.X = gtx.Constraints.Max.X
					switch w.tab {
					case tabPlayers:
						return w.layoutPlayers(gtx)
					case tabParams:
						return w.prm.layout(gtx, w)
					case tabStats:
						return w.stats.layout(gtx, w)
					case tabTrace:
						return w.trace.layout(gtx, w)
					case tabDump:
						return w.dump.layout(gtx, w)
					case tabTourney:
						return w.tourney.layout(gtx, w)
					default:
						return w.editor.layout(gtx, w)
					}
				})
			}),
		)
	})
}

func (w *Window) button(gtx layout.Context, c *widget.Clickable, s string) layout.Dimensions {
	b := material.Button(w.th, c, s)
	b.Inset = layout.Inset{Top: 6, Bottom: 6, Left: 9, Right: 9}
	return b.Layout(gtx)
}

func (w *Window) smallButton(gtx layout.Context, c *widget.Clickable, s string) layout.Dimensions {
	b := material.Button(w.th, c, s)
	b.TextSize = 12
	b.Inset = layout.Inset{Top: 3, Bottom: 3, Left: 6, Right: 6}
	return b.Layout(gtx)
}

// row lays widgets out left to right, 4 dp apart and centred on a line, and wraps onto
// further lines what does not fit the width (a narrow window), instead of squeezing the last
// widgets to nothing.
func row(gtx layout.Context, ws ...layout.Widget) layout.Dimensions {
	gap := gtx.Dp(4)
	maxW := gtx.Constraints.Max.X
	calls := make([]op.CallOp, len(ws))
	dims := make([]layout.Dimensions, len(ws))
	for i, wd := range ws {
		m := op.Record(gtx.Ops)
		cg := gtx
		cg.Constraints.Min = image.Point{}
		dims[i] = wd(cg)
		calls[i] = m.Stop()
	}
	var size image.Point
	for start := 0; start < len(ws); {
		// The line: from start, as many widgets as fit (at least one).
		end, w, h := start+1, dims[start].Size.X, dims[start].Size.Y
		for end < len(ws) && w+gap+dims[end].Size.X <= maxW {
			w += gap + dims[end].Size.X
			h = max(h, dims[end].Size.Y)
			end++
		}
		if start > 0 {
			size.Y += gap
		}
		x := 0
		for i := start; i < end; i++ {
			off := op.Offset(image.Pt(x, size.Y+(h-dims[i].Size.Y)/2)).Push(gtx.Ops)
			calls[i].Add(gtx.Ops)
			off.Pop()
			x += dims[i].Size.X + gap
		}
		size.X = max(size.X, w)
		size.Y += h
		start = end
	}
	return layout.Dimensions{Size: gtx.Constraints.Constrain(size)}
}

func (w *Window) layoutControls(gtx layout.Context) layout.Dimensions {
	startLabel := "Start"
	if w.snap.Running {
		startLabel = "Pause"
	} else if w.snap.Over {
		startLabel = "Next round"
		if w.round >= w.params.Rounds {
			startLabel = "Play again"
		}
	}
	b := func(c *widget.Clickable, s string) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions { return w.button(gtx, c, s) }
	}
	sb := func(c *widget.Clickable, s string) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions { return w.smallButton(gtx, c, s) }
	}
	field := func(ed *widget.Editor, hint string, dp unit.Dp) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions { return w.field(gtx, ed, hint, dp) }
	}
	txt := func(s string) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions { return material.Body2(w.th, s).Layout(gtx) }
	}
	status := fmt.Sprintf("%s · round %d of %d · cycle %d of %d", w.lang, w.round, w.params.Rounds, w.snap.Cycle, w.params.Cycles)
	if w.lang == coreplay.Redcode {
		status = fmt.Sprintf("%s '%s · round %d of %d · cycle %d (limit %d per warrior)", w.lang, w.params.Dialect, w.round, w.params.Rounds, w.snap.Cycle, w.params.Cycles)
	}
	var rows []layout.FlexChild
	add := func(wd layout.Widget) {
		rows = append(rows, layout.Rigid(wd), layout.Rigid(spacer(4)))
	}
	title := func(gtx layout.Context) layout.Dimensions {
		ws := []layout.Widget{func(gtx layout.Context) layout.Dimensions { return material.H6(w.th, "Core War").Layout(gtx) }}
		if w.cfg.SwitchMode != nil {
			ws = append(ws, sb(&w.modeBtn, "Switch to RoboCom"))
		}
		return row(gtx, ws...)
	}
	add(title)
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, b(&w.startBtn, startLabel), b(&w.stepBtn, "Step"), b(&w.blockBtn, "Run block"), field(&w.blockEd, "slices", 56), txt("slices"))
	})
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, sb(&w.slowerBtn, "Slower"), txt("speed "+kit.SpeedLabel(w.speedIdx)), sb(&w.fasterBtn, "Faster"),
			txt("   view"), sb(&w.fitBtn, "Fit"))
	})
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, txt("seed"), field(&w.seedEd, "seed", 90), sb(&w.restartBtn, "Restart"), sb(&w.newSeedBtn, "New seed"))
	})
	add(txt(status))
	if r := w.ResultLine(); r != "" {
		add(func(gtx layout.Context) layout.Dimensions {
			l := material.Body1(w.th, r+w.tallyText())
			l.Font.Weight = 700
			return l.Layout(gtx)
		})
	} else if w.params.Rounds > 1 {
		add(txt(strings.TrimPrefix(w.tallyText(), " ")))
	}
	if w.message != "" {
		add(func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(w.th, w.message)
			l.Color = errorCol
			return l.Layout(gtx)
		})
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, rows...)
}

// tallyText is the running tally of the series, " Tally: Dwarf 2, Imp 1, draws 0".
func (w *Window) tallyText() string {
	if w.params.Rounds <= 1 || len(w.players) == 0 {
		return ""
	}
	var parts []string
	for i, p := range w.players {
		if i < len(w.wins) {
			parts = append(parts, fmt.Sprintf("%s %d", p.prog.Name, w.wins[i]))
		}
	}
	parts = append(parts, fmt.Sprintf("draws %d", w.draws))
	return " Tally: " + strings.Join(parts, ", ")
}

func (w *Window) field(gtx layout.Context, ed *widget.Editor, hint string, dp unit.Dp) layout.Dimensions {
	gtx.Constraints.Min.X = gtx.Dp(dp)
	gtx.Constraints.Max.X = gtx.Dp(dp)
	return widget.Border{Color: mutedCol, Width: 1, CornerRadius: 2}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.UniformInset(unit.Dp(4)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			e := material.Editor(w.th, ed, hint)
			e.TextSize = 13
			return e.Layout(gtx)
		})
	})
}

func (w *Window) layoutTabs(gtx layout.Context) layout.Dimensions {
	// Two rows so that every tab stays readable in a 440 dp panel.
	line := func(from, to int) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions {
			var ch []layout.FlexChild
			for i := from; i < to; i++ {
				ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
					b := material.Button(w.th, &w.tabs[i], tabNames[i])
					b.TextSize = 13
					b.Inset = layout.Inset{Top: 4, Bottom: 4, Left: 8, Right: 8}
					if i != w.tab {
						b.Background = rgb(0xD8, 0xDA, 0xDE)
						b.Color = rgb(0x20, 0x20, 0x20)
					}
					return layout.Inset{Right: 3, Bottom: 3}.Layout(gtx, b.Layout)
				}))
			}
			return layout.Flex{}.Layout(gtx, ch...)
		}
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, layout.Rigid(line(0, 4)), layout.Rigid(line(4, numTabs)))
}

// ---- Players ----

func (w *Window) updatePlayers(gtx layout.Context) {
	if w.addBtn.Clicked(gtx) {
		w.pickOn = !w.pickOn
	}
	if w.pickOn {
		if p, ok := w.picker.update(gtx); ok {
			if w.AddPlayer(p) {
				w.resetSeries()
				w.newGame()
			}
		}
		if all := w.picker.all; len(all) > 0 {
			w.picker.all = nil
			w.addAll(all)
		}
	}
	for _, f := range w.failed {
		if f.edit.Clicked(gtx) {
			w.editor.open(w, f.path)
			w.tab = tabEditor
		}
	}
	for i := 0; i < len(w.players); i++ {
		p := w.players[i]
		if p.remove.Clicked(gtx) {
			w.RemovePlayer(i)
			return
		}
		if p.more.Clicked(gtx) && w.lang == coreplay.CW && p.copies < 99 {
			p.copies++
			w.resetSeries()
			w.newGame()
		}
		if p.fewer.Clicked(gtx) && p.copies > 1 {
			p.copies--
			w.resetSeries()
			w.newGame()
		}
		if p.edit.Clicked(gtx) {
			w.editor.open(w, p.path)
			w.tab = tabEditor
		}
	}
}

func (w *Window) layoutPlayers(gtx layout.Context) layout.Dimensions {
	var ch []layout.FlexChild
	add := func(wd layout.Widget) { ch = append(ch, layout.Rigid(wd)) }
	if len(w.players) == 0 {
		add(material.Body2(w.th, "No programs loaded. Add .red, .cw or .vna files; all players of a game use one language.").Layout)
	}
	for i, p := range w.players {
		add(func(gtx layout.Context) layout.Dimensions {
			ws := []layout.Widget{
				swatch(kit.PaletteColor(i), 14),
				func(gtx layout.Context) layout.Dimensions {
					gtx.Constraints.Min.X = gtx.Dp(150)
					gtx.Constraints.Max.X = gtx.Dp(150)
					l := material.Body1(w.th, p.prog.Name)
					l.MaxLines = 1
					return l.Layout(gtx)
				},
			}
			if w.lang == coreplay.CW {
				ws = append(ws,
					func(gtx layout.Context) layout.Dimensions { return w.smallButton(gtx, &p.fewer, "−") },
					func(gtx layout.Context) layout.Dimensions {
						return material.Body2(w.th, fmt.Sprintf("%d %s", p.copies, plural(p.copies, "copy", "copies"))).Layout(gtx)
					},
					func(gtx layout.Context) layout.Dimensions { return w.smallButton(gtx, &p.more, "+") },
				)
			}
			ws = append(ws,
				func(gtx layout.Context) layout.Dimensions { return w.smallButton(gtx, &p.edit, "Edit") },
				func(gtx layout.Context) layout.Dimensions { return w.smallButton(gtx, &p.remove, "Remove") },
			)
			return layout.Inset{Bottom: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions { return row(gtx, ws...) })
		})
	}
	addLabel := "Add program…"
	if w.pickOn {
		addLabel = "Close picker"
	}
	add(func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 4, Bottom: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions { return w.button(gtx, &w.addBtn, addLabel) })
	})
	if w.pickOn {
		add(func(gtx layout.Context) layout.Dimensions { return w.picker.layout(gtx, w.th) })
	}
	if len(w.errors) > 0 {
		add(func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Top: 6}.Layout(gtx, material.Subtitle2(w.th, "Load errors").Layout)
		})
		for _, f := range w.failed {
			add(func(gtx layout.Context) layout.Dimensions {
				return layout.Inset{Top: 2, Bottom: 2}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
					return w.smallButton(gtx, &f.edit, "Edit "+f.name+" to fix it")
				})
			})
		}
		for _, e := range w.errors {
			add(func(gtx layout.Context) layout.Dimensions {
				l := material.Body2(w.th, e)
				l.Color = errorCol
				l.Font.Typeface = "Go Mono"
				return l.Layout(gtx)
			})
		}
	}
	add(func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 8}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			l := material.Caption(w.th, "Colours are the programs' (Okabe–Ito, colour-blind safe); bright cells were written in the last 64 time slices; a black dot in a white square is a running thread; white cells belong to the process selected in Statistics.")
			l.Color = mutedCol
			return l.Layout(gtx)
		})
	})
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
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
