package robowin

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/ui/kit"
)

// controlsView is the top of the panel: Start, Step, Run n cycles, the speed, the seed and
// the rounds in a row.
type controlsView struct {
	*session
	look
	startBtn, stepBtn, blockBtn, restartBtn, newSeedBtn widget.Clickable
	resetTallyBtn                                       widget.Clickable
	speed                                               kit.SpeedControl // the windows' one speed control
	seedEd, blockEd, roundsEd                           widget.Editor
	seedShown                                           int64 // the seed seedEd was last set to
	tips                                                struct {
		start, step, block, restart, newSeed tipArea
	}
	meter speedMeter // the speed the game reaches, beside the speed asked
}

func newControls(s *session, k look) controlsView {
	c := controlsView{session: s, look: k}
	c.seedEd.SingleLine, c.seedEd.Submit = true, true
	c.blockEd.SingleLine, c.blockEd.Submit = true, true
	c.roundsEd.SingleLine, c.roundsEd.Submit = true, true
	c.seedEd.SetText(strconv.FormatInt(s.series.seed, 10))
	c.seedShown = s.series.seed
	c.blockEd.SetText("100")
	c.roundsEd.SetText("1")
	return c
}

// editing reports whether one of the fields has the keyboard.
func (c *controlsView) editing(gtx layout.Context) bool {
	return gtx.Focused(&c.seedEd) || gtx.Focused(&c.blockEd) || gtx.Focused(&c.roundsEd)
}

// runBlock plays the number of cycles in the Run field (the Run button, N, Enter in the
// field). A field that holds no whole number of at least 1 plays nothing and says so, as the
// Core War mode does: "50,000" or "1e6" played 100 cycles without a word.
func (c *controlsView) runBlock() {
	n, ok := kit.BlockCycles(c.blockEd.Text())
	if !ok {
		c.note.set(kit.BlockRefused)
		return
	}
	c.stepCycles(n)
}

// parseRounds reads the rounds field: 1 to 10000, 1 when it is not a number.
func parseRounds(txt string) int {
	n, err := strconv.Atoi(strings.TrimSpace(txt))
	if err != nil || n < 1 {
		return 1
	}
	return min(n, 10000)
}

// update acts on the buttons and fields clicked or typed in since the last frame.
func (c *controlsView) update(gtx layout.Context) {
	if c.startBtn.Clicked(gtx) {
		c.ToggleRun()
	}
	if c.stepBtn.Clicked(gtx) {
		c.stepCycles(1)
	}
	if c.blockBtn.Clicked(gtx) {
		kit.TakeKeys(gtx, &c.blockEd)
		c.runBlock()
	}
	if c.submitted(gtx, &c.blockEd) {
		c.runBlock() // as the Run button
	}
	seedSubmitted := c.submitted(gtx, &c.seedEd)
	if c.restartBtn.Clicked(gtx) || seedSubmitted {
		c.restartFromTypedSeed(true) // (reads the players' files again when it restarts)
	}
	if c.newSeedBtn.Clicked(gtx) {
		c.rereadPlayers()
		c.SetSeed(rand.Int64N(1_000_000))
	}
	c.speed.Index = c.speedIdx // as the settings or a key last set it
	if c.speed.Update(gtx) {
		c.setSpeed(c.speed.Index)
	}
	if c.resetTallyBtn.Clicked(gtx) {
		// From the seed the field shows, as Restart: the tally began again from the seed
		// in use while the field showed another one typed.
		kit.TakeKeys(gtx, &c.seedEd)
		c.restartFromTypedSeed(false)
	}
	for {
		ev, ok := c.roundsEd.Update(gtx)
		if !ok {
			break
		}
		if _, ok := ev.(widget.ChangeEvent); ok {
			c.series.setRounds(parseRounds(c.roundsEd.Text()))
		}
	}
	// Once the keyboard leaves it, the field shows the rounds the series plays: "0" or a
	// word play 1, "20000" plays 10000 (it went on showing what was typed).
	if want := strconv.Itoa(c.series.rounds()); !gtx.Focused(&c.roundsEd) && c.roundsEd.Text() != want {
		c.roundsEd.SetText(want)
	}
}

// stepCycles pauses and plays n cycles, in the next round when this one is over: the Step
// and Run buttons, the S and N keys and Enter in the cycles field all come here.
func (c *controlsView) stepCycles(n int) {
	c.wantRun = false
	if c.over() {
		c.nextRound()
	}
	c.run.StepN(n)
}

// submitted drains ed's events and reports whether Enter was pressed in it.
func (c *controlsView) submitted(gtx layout.Context, ed *widget.Editor) bool {
	submit := false
	for {
		ev, ok := ed.Update(gtx)
		if !ok {
			break
		}
		if _, ok := ev.(widget.SubmitEvent); ok {
			submit = true
		}
	}
	return submit
}

// rereadPlayers reads the players' files again before Restart and New seed, and loads those
// that changed since they were read, so that a program saved by another editor plays from the
// next round 1. A program the editor put into the arena unsaved stays: its file did not
// change. A file that does not load now leaves the program loaded before playing, its errors
// listed, as a broken file is never put into the arena (the editor's "Load into arena"); one
// that cannot be read now (deleted, a FIFO, too big) leaves it too, and says so likewise.
// Programs that did not load when added are tried again, and those that load now join.
func (c *controlsView) rereadPlayers() {
	if c.cfg.Load == nil {
		return
	}
	var changed, broken []string
	for i := range c.players {
		p := &c.players[i]
		root, name, ok := c.splitPath(p.Path)
		if !ok {
			continue
		}
		display := displayName(root, name)
		var failed []string // the error lines of a file that cannot be read or does not load now
		src, err := readProgramFile(root, name)
		sum := sha256.Sum256(src)
		switch {
		case err != nil: // gone, or no longer a file the window reads (a FIFO, too big)
			failed = []string{kit.UnreadableLine(display, err)}
		case sum == p.read && !p.broken:
			continue
		default:
			prog, err := c.cfg.Load(display, src, c.language())
			if err != nil {
				failed = kit.ErrorLines(display, err)
				break
			}
			c.clearErrorsFor(display)
			p.Prog, p.read, p.broken = prog, sum, false
			changed = append(changed, p.shortName())
			continue
		}
		// The program loaded before plays, and the window says so, as the Core War mode does.
		c.clearErrorsFor(display)
		c.errors = append(c.errors, failed...)
		p.broken = true
		if p.Prog != nil { // (one that did not load before is the board's sentence already)
			broken = append(broken, p.shortName())
		}
	}
	// Programs that did not load are tried again, as in the Core War mode: fixed ones join.
	retry := c.retry
	c.retry, c.failedLoads = nil, nil
	for _, path := range retry {
		root, name, ok := c.splitPath(path)
		if !ok || len(c.players) >= MaxPlayers {
			c.retry = append(c.retry, path)
			continue
		}
		c.clearErrorsFor(displayName(root, name)) // (listed again if it still does not load)
		if c.addPlayer(path) {
			changed = append(changed, c.players[len(c.players)-1].shortName())
			c.changed()
		}
	}
	stale := kit.OldVersionNote(broken)
	if msg := kit.RestartNote(stale, changed); msg != "" {
		c.note.set(msg)
		c.note.refusal = stale != "" // (stays until dismissed, as the errors below it)
	}
}

// restartFromTypedSeed restarts the series with the seed in the field, and with reread (Restart;
// not Reset tally) the players' files read again (rereadPlayers). A seed that is no number
// restarts nothing, and then reads nothing either: a program read then would be in the
// players list, the title and the debuggers while the board still played the one before, and
// the seed's sentence would hide the one saying it was read.
func (c *controlsView) restartFromTypedSeed(reread bool) {
	s, err := strconv.ParseInt(strings.TrimSpace(c.seedEd.Text()), 10, 64)
	if err == nil && reread {
		c.rereadPlayers()
	}
	switch {
	case err != nil:
		c.note.set("The seed must be a whole number, like 42.")
	case s != c.series.seed:
		c.SetSeed(s)
	default:
		c.restartSeries()
	}
}

// syncSeed shows the session's seed in the field when it changed (New seed, SetSeed).
func (c *controlsView) syncSeed() {
	if c.series.seed != c.seedShown {
		c.seedShown = c.series.seed
		c.seedEd.SetText(strconv.FormatInt(c.series.seed, 10))
	}
}

func (cv *controlsView) layout(gtx layout.Context) layout.Dimensions {
	startLabel := "Start"
	if cv.snap.Running {
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
	cycle := fmt.Sprintf("Cycle %d", cv.snap.Cycle)
	if t := cv.opts.Timeout(); t > 0 {
		cycle += fmt.Sprintf(" / %d", t)
	}
	roundText := fmt.Sprintf("Round %d, seed %d", cv.series.round, cv.Seed())
	cv.speed.Index = cv.speedIdx
	speed := cv.speed.Widgets(cv.kit())
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(row(
			layout.Rigid(cv.tipped(&cv.tips.start, "Start / pause (Space)", cv.button(&cv.startBtn, startLabel))), gap,
			layout.Rigid(cv.tipped(&cv.tips.step, "One cycle (S)", cv.button(&cv.stepBtn, "Step"))), gap,
			layout.Rigid(cv.tipped(&cv.tips.block, "Run this many cycles, then pause (N)", cv.button(&cv.blockBtn, "Run"))), gap,
			layout.Rigid(cv.field(&cv.blockEd, "cycles", 56)), gap,
			layout.Rigid(cv.label("cycles")),
		)),
		layout.Rigid(row(
			layout.Rigid(speed[0]), gap, layout.Rigid(speed[1]), gap, layout.Rigid(speed[2]), gap, layout.Rigid(speed[3]), gap,
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				cv.meter.sample(gtx.Now, cv.snap.Game, cv.snap.Cycle, cv.snap.Running)
				if !cv.meter.valid {
					return layout.Dimensions{}
				}
				l := material.Body2(cv.th, fmt.Sprintf("(%s/s reached)", roundRate(cv.meter.rate)))
				l.Color = dbgMuted
				return kit.Keep(gtx, &cv.meter, l.Layout)
			}), gap,
			layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
				// Right-aligned, and only the text is a value to leave readable.
				// On one line: where the big type does not fit beside the speed reached (a
				// narrow panel), the body type; wrapped, the counter pushed the rows below down.
				// Narrower still (the speed reached beside it at 800 dp, or a fast speed's
				// wider figures), the counter without its word: cut, it read "Cycle 47222 / 8…".
				l := material.H6(cv.th, cycle)
				l.MaxLines = 1
				if kit.NaturalWidth(gtx, l.Layout) > gtx.Constraints.Max.X {
					l = material.Body1(cv.th, cycle)
					l.MaxLines = 1
				}
				if kit.NaturalWidth(gtx, l.Layout) > gtx.Constraints.Max.X {
					l.Text = strings.TrimPrefix(cycle, "Cycle ")
				}
				return layout.E.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
					return kit.Keep(gtx, &cv.snap.Cycle, l.Layout)
				})
			}),
		)),
		layout.Rigid(row(
			layout.Rigid(cv.label("Seed")), gap,
			layout.Rigid(cv.field(&cv.seedEd, "seed", 80)), gap,
			layout.Rigid(cv.tipped(&cv.tips.restart, "Restart from round 1 with this seed, the programs read again from their files (R)", cv.smallButton(&cv.restartBtn, "Restart"))), gap,
			layout.Rigid(cv.tipped(&cv.tips.newSeed, "Restart with a random seed, the programs read again from their files", cv.smallButton(&cv.newSeedBtn, "New seed"))),
		)),
		// The round's fields, "·" between those on a line: a narrow panel wraps them rather
		// than cutting the last ones, so no separator is left dangling.
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Bottom: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return cv.kit().Fields(gtx,
					func(gtx layout.Context) layout.Dimensions {
						return kit.Keep(gtx, &cv.series.round, cv.label(roundText))
					},
					func(gtx layout.Context) layout.Dimensions {
						return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
							layout.Rigid(cv.label("Rounds in a row")), gap,
							layout.Rigid(cv.field(&cv.roundsEd, "rounds", 44)), gap,
							layout.Rigid(cv.smallButton(&cv.resetTallyBtn, "Reset tally")))
					},
				)
			})
		}),
	)
}
