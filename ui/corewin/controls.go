package corewin

import (
	"bytes"
	"fmt"
	"image"
	"strconv"
	"strings"

	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/corewars/play"
	"robocom/internal/termtext"
	"robocom/ui/kit"
)

// controlsView is the top of the panel, in the RoboCom window's words and order: Start,
// Step, Run a block, the speed, the seed, the language and round, then two lines for a
// notice or else the round's result (or the tally), there or not, so that the tabs below
// never move when a round ends or a notice comes.
type controlsView struct {
	*session
	look
	startBtn, stepBtn, blockBtn, restartBtn, newSeedBtn, fitBtn, modeBtn widget.Clickable
	speed                                                                kit.SpeedControl
	blockEd, seedEd                                                      widget.Editor
	seedShown                                                            int64   // the seed seedEd was last set to
	statusKeys                                                           [3]byte // the status line's fields, as kit.Keep knows them
	tips                                                                 struct {
		start, step, block, fit, restart, newSeed kit.TipArea
	}
}

func newControls(s *session, l look) controlsView {
	c := controlsView{session: s, look: l}
	c.blockEd.SingleLine, c.seedEd.SingleLine = true, true
	c.blockEd.SetText("100")
	c.seedEd.SetText(strconv.FormatInt(s.seed, 10))
	c.seedShown = s.seed
	c.speed.Index = s.speedIdx
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
		kit.TakeKeys(gtx, &c.blockEd)
		if n, ok := kit.BlockCycles(c.blockEd.Text()); ok {
			c.block(int64(n))
		} else {
			c.notify(kit.BlockRefused)
		}
	}
	if c.speed.Update(gtx) {
		c.setSpeed(c.speed.Index)
	}
	if c.restartBtn.Clicked(gtx) {
		kit.TakeKeys(gtx, &c.seedEd)
		if s, err := strconv.ParseInt(strings.TrimSpace(c.seedEd.Text()), 10, 64); err == nil {
			c.seed = s
		} else {
			c.notify("The seed must be a whole number, like 42; the game restarts with the old seed.")
			c.seedEd.SetText(strconv.FormatInt(c.seed, 10))
		}
		c.wantRun = false
		c.rereadPlayers()
		c.restartSeries()
	}
	if c.newSeedBtn.Clicked(gtx) {
		c.wantRun = false
		c.rereadPlayers()
		c.SetSeed(c.seed + 1_000_003) // a fresh but reproducible seed, shown in the field
	}
	if c.fitBtn.Clicked(gtx) {
		c.core.ResetView()
	}
	c.syncSeed()
}

// rereadPlayers reads the players' files again before Restart and New seed, so that a
// program saved by another editor plays from the next round 1 (the window's own editor
// reloads at its Save), and a program that failed to load is tried again. The status line
// names the players whose program changed, or says which play their old version because
// their file does not load now.
func (c *controlsView) rereadPlayers() {
	before := make(map[*player][]byte, len(c.players))
	for _, p := range c.players {
		before[p] = p.prog.Source
	}
	c.reloadPlayers()
	var changed []string // new code, or a program that failed before and joins now
	for _, p := range c.players {
		if old, ok := before[p]; !ok || !bytes.Equal(old, p.prog.Source) {
			changed = append(changed, termtext.Clip(p.prog.Name, kit.TitleName))
		}
	}
	switch stale := staleNote(c.players); {
	case stale != "":
		c.notify(kit.RestartNote(stale, changed))
	case len(changed) > 0:
		c.inform(kit.RestartNote(stale, changed))
	}
}

// syncSeed shows the session's seed in the field when it changed (New seed, SetSeed).
func (c *controlsView) syncSeed() {
	if c.seed != c.seedShown {
		c.seedShown = c.seed
		c.seedEd.SetText(strconv.FormatInt(c.seed, 10))
	}
}

// The notice (or result) lines: how many, and how tall, kept whether they show text or not.
const (
	noticeLines = 2
	noticeLineH = unit.Dp(17)
)

func (c *controlsView) layout(gtx layout.Context) layout.Dimensions {
	c.syncSeed()
	k := c.kit()
	startLabel := "Start"
	if c.snap.Running {
		startLabel = "Pause"
	} else if c.snap.Over {
		startLabel = "Next round"
		if c.round >= c.params.Rounds {
			startLabel = "Play again"
		}
	}
	// The status line's fields; kit.Fields puts "·" only between fields on one line.
	status := []string{c.lang.String(), fmt.Sprintf("Round %d of %d, seed %d", c.round, c.params.Rounds, c.seed+int64(c.round)-1), fmt.Sprintf("Cycle %d of %d", c.snap.Cycle, c.params.Cycles)}
	if c.lang == play.Redcode {
		status[0] = fmt.Sprintf("%s '%s", c.lang, c.params.Dialect)
		status[2] = fmt.Sprintf("Cycle %d (limit %d per warrior)", c.snap.Cycle, c.params.Cycles)
	}
	switch {
	case len(c.players) == 0: // no game: no round, seed or cycle to show
		status = []string{"No programs: no game"}
	case c.gameErr != "":
		status = []string{status[0], "No game: it cannot start"}
	}
	var rows []layout.FlexChild
	add := func(wd layout.Widget) {
		rows = append(rows, layout.Rigid(wd), layout.Rigid(spacer(4)))
	}
	add(func(gtx layout.Context) layout.Dimensions {
		ws := []layout.Widget{material.H6(c.th, "Core War").Layout}
		if c.cfg.SwitchMode != nil {
			ws = append(ws, k.SmallButton(&c.modeBtn, "Switch to RoboCom"))
		}
		return row(gtx, ws...)
	})
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx,
			k.Tipped(&c.tips.start, "Start / pause (Space)", k.Button(&c.startBtn, startLabel)),
			k.Tipped(&c.tips.step, "One instruction (S)", k.Button(&c.stepBtn, "Step")),
			k.Tipped(&c.tips.block, "Run this many cycles, then pause (N)", k.Button(&c.blockBtn, "Run")),
			k.Field(&c.blockEd, "cycles", 56), k.Label("cycles"))
	})
	add(func(gtx layout.Context) layout.Dimensions {
		ws := append(c.speed.Widgets(k), layout.Spacer{Width: 8}.Layout,
			k.Tipped(&c.tips.fit, "Fit the core in the view (F)", k.SmallButton(&c.fitBtn, "Fit")))
		return row(gtx, ws...)
	})
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, k.Label("Seed"), k.Field(&c.seedEd, "seed", 90),
			k.Tipped(&c.tips.restart, "Restart from round 1 with this seed, the programs read again from their files (R)", k.SmallButton(&c.restartBtn, "Restart")),
			k.Tipped(&c.tips.newSeed, "Restart with a new seed, the programs read again from their files", k.SmallButton(&c.newSeedBtn, "New seed")))
	})
	add(func(gtx layout.Context) layout.Dimensions {
		// Two lines, however long the numbers grow.
		h := gtx.Dp(noticeLineH) * 2
		gtx.Constraints.Min.Y, gtx.Constraints.Max.Y = 0, h
		fields := make([]layout.Widget, len(status))
		for i, s := range status {
			l := material.Body2(c.th, s)
			l.MaxLines = 1
			fields[i] = func(gtx layout.Context) layout.Dimensions { return kit.Keep(gtx, &c.statusKeys[i], l.Layout) }
		}
		defer clip.Rect{Max: image.Pt(gtx.Constraints.Max.X, h)}.Push(gtx.Ops).Pop()
		k.Fields(gtx, fields...)
		return layout.Dimensions{Size: image.Pt(gtx.Constraints.Max.X, h)}
	})
	add(func(gtx layout.Context) layout.Dimensions {
		// A notice while there is one, else the round's result or the tally.
		l := material.Body2(c.th, c.message)
		l.Color = errorCol
		if c.msgInfo {
			l.Color = kit.NoticeText
		}
		if c.message == "" {
			if r := c.ResultLine(); r != "" {
				l = material.Body2(c.th, r+c.tallyText())
				l.Font.Weight = 700
			} else {
				l = material.Body2(c.th, strings.TrimPrefix(c.tallyText(), " "))
			}
		}
		return fixedLines(gtx, noticeLineH, noticeLines, l)
	})
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, rows...)
}

// fixedLines draws l in at most n lines of lineH each and takes their height whatever the
// text (none included), so that what is below never moves when the text changes.
func fixedLines(gtx layout.Context, lineH unit.Dp, n int, l material.LabelStyle) layout.Dimensions {
	h := gtx.Dp(lineH) * n
	gtx.Constraints.Min.Y, gtx.Constraints.Max.Y = 0, h
	l.MaxLines = n
	if l.Text != "" {
		l.Layout(gtx)
	}
	return layout.Dimensions{Size: image.Pt(gtx.Constraints.Max.X, h)}
}

// row lays widgets out left to right, 4 dp apart, wrapping what does not fit (kit.Row).
func row(gtx layout.Context, ws ...layout.Widget) layout.Dimensions { return kit.Row(gtx, 4, ws...) }
