package corewin

import (
	"fmt"
	"strconv"
	"strings"

	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	coreplay "robocom/corewars/play"
	"robocom/ui/kit"
)

// controlsView is the top of the panel: Start, Step, Run block, the speed, the seed, the
// language and the round's result.
type controlsView struct {
	*session
	look
	startBtn, stepBtn, blockBtn, restartBtn, newSeedBtn, fasterBtn, slowerBtn, fitBtn, modeBtn widget.Clickable
	blockEd, seedEd                                                                            widget.Editor
	seedShown                                                                                  int64 // the seed seedEd was last set to
}

func newControls(s *session, l look) controlsView {
	c := controlsView{session: s, look: l}
	c.blockEd.SingleLine, c.seedEd.SingleLine = true, true
	c.blockEd.SetText("100")
	c.seedEd.SetText(strconv.FormatInt(s.seed, 10))
	c.seedShown = s.seed
	return c
}

// editing reports whether one of the fields has the keyboard.
func (c *controlsView) editing(gtx layout.Context) bool {
	return gtx.Focused(&c.blockEd) || gtx.Focused(&c.seedEd)
}

// update acts on the buttons before anything is drawn, so labels show the new state.
func (c *controlsView) update(gtx layout.Context) {
	if c.modeBtn.Clicked(gtx) && c.cfg.SwitchMode != nil {
		c.cfg.SwitchMode()
	}
	if c.startBtn.Clicked(gtx) {
		c.ToggleRun()
	}
	if c.stepBtn.Clicked(gtx) {
		c.stepInstr()
	}
	if c.blockBtn.Clicked(gtx) {
		n, err := strconv.Atoi(strings.TrimSpace(c.blockEd.Text()))
		if err != nil || n < 1 {
			c.notify("The block size must be a whole number of at least 1 time slice.")
		} else {
			c.block(int64(n))
		}
	}
	if c.fasterBtn.Clicked(gtx) && c.speedIdx < len(kit.Speeds)-1 {
		c.setSpeed(c.speedIdx + 1)
	}
	if c.slowerBtn.Clicked(gtx) && c.speedIdx > 0 {
		c.setSpeed(c.speedIdx - 1)
	}
	if c.restartBtn.Clicked(gtx) {
		if s, err := strconv.ParseInt(strings.TrimSpace(c.seedEd.Text()), 10, 64); err == nil {
			c.seed = s
		} else {
			c.notify("The seed must be a whole number; the game restarts with the old seed.")
			c.seedEd.SetText(strconv.FormatInt(c.seed, 10))
		}
		c.wantRun = false
		c.restartSeries()
	}
	if c.newSeedBtn.Clicked(gtx) {
		c.wantRun = false
		c.SetSeed(c.seed + 1_000_003) // a fresh but reproducible seed, shown in the field
	}
	if c.fitBtn.Clicked(gtx) {
		c.core.ResetView()
	}
	c.syncSeed()
}

// syncSeed shows the session's seed in the field when it changed (New seed, SetSeed).
func (c *controlsView) syncSeed() {
	if c.seed != c.seedShown {
		c.seedShown = c.seed
		c.seedEd.SetText(strconv.FormatInt(c.seed, 10))
	}
}

func (c *controlsView) layout(gtx layout.Context) layout.Dimensions {
	c.syncSeed()
	startLabel := "Start"
	if c.snap.Running {
		startLabel = "Pause"
	} else if c.snap.Over {
		startLabel = "Next round"
		if c.round >= c.params.Rounds {
			startLabel = "Play again"
		}
	}
	b := func(cl *widget.Clickable, s string) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions { return c.button(gtx, cl, s) }
	}
	sb := func(cl *widget.Clickable, s string) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions { return c.smallButton(gtx, cl, s) }
	}
	field := func(ed *widget.Editor, hint string, dp unit.Dp) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions { return c.field(gtx, ed, hint, dp) }
	}
	txt := func(s string) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions { return material.Body2(c.th, s).Layout(gtx) }
	}
	status := fmt.Sprintf("%s · round %d of %d · cycle %d of %d", c.lang, c.round, c.params.Rounds, c.snap.Cycle, c.params.Cycles)
	if c.lang == coreplay.Redcode {
		status = fmt.Sprintf("%s '%s · round %d of %d · cycle %d (limit %d per warrior)", c.lang, c.params.Dialect, c.round, c.params.Rounds, c.snap.Cycle, c.params.Cycles)
	}
	var rows []layout.FlexChild
	add := func(wd layout.Widget) {
		rows = append(rows, layout.Rigid(wd), layout.Rigid(spacer(4)))
	}
	title := func(gtx layout.Context) layout.Dimensions {
		ws := []layout.Widget{func(gtx layout.Context) layout.Dimensions { return material.H6(c.th, "Core War").Layout(gtx) }}
		if c.cfg.SwitchMode != nil {
			ws = append(ws, sb(&c.modeBtn, "Switch to RoboCom"))
		}
		return row(gtx, ws...)
	}
	add(title)
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, b(&c.startBtn, startLabel), b(&c.stepBtn, "Step"), b(&c.blockBtn, "Run block"), field(&c.blockEd, "slices", 56), txt("slices"))
	})
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, sb(&c.slowerBtn, "Slower"), txt("speed "+kit.SpeedLabel(c.speedIdx)), sb(&c.fasterBtn, "Faster"),
			txt("   view"), sb(&c.fitBtn, "Fit"))
	})
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, txt("seed"), field(&c.seedEd, "seed", 90), sb(&c.restartBtn, "Restart"), sb(&c.newSeedBtn, "New seed"))
	})
	add(txt(status))
	if r := c.ResultLine(); r != "" {
		add(func(gtx layout.Context) layout.Dimensions {
			l := material.Body1(c.th, r+c.tallyText())
			l.Font.Weight = 700
			return l.Layout(gtx)
		})
	} else if c.params.Rounds > 1 {
		add(txt(strings.TrimPrefix(c.tallyText(), " ")))
	}
	if c.message != "" {
		add(func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(c.th, c.message)
			l.Color = errorCol
			return l.Layout(gtx)
		})
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, rows...)
}

// row lays widgets out left to right, 4 dp apart, wrapping what does not fit (kit.Row).
func row(gtx layout.Context, ws ...layout.Widget) layout.Dimensions { return kit.Row(gtx, 4, ws...) }
