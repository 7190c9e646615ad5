package corewin

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/corewars/play"
	"robocom/internal/termtext"
	"robocom/ui/kit"
)

// tourneyView plays a tournament of the loaded players on its own goroutine (the game in the
// core is left alone) and shows the results table.
type tourneyView struct {
	*session
	look
	system  widget.Enum
	battles widget.Editor
	start   widget.Clickable
	cancel  widget.Clickable
	err     string

	mu       sync.Mutex // guards the fields below (written by the tournament goroutine)
	running  bool
	done     int
	total    int
	result   *play.Result
	runErr   string
	stop     context.CancelFunc
	finished chan struct{}
}

func (t *tourneyView) init() {
	t.system.Value = "rr"
	t.battles.SingleLine = true
	t.battles.SetText("3")
}

func (t *tourneyView) cancelRun() {
	t.mu.Lock()
	stop, fin := t.stop, t.finished
	t.mu.Unlock()
	if stop != nil {
		stop()
		<-fin
	}
}

func (t *tourneyView) update(gtx layout.Context) {
	t.system.Update(gtx)
	if t.cancel.Clicked(gtx) {
		t.cancelRun()
	}
	if t.start.Clicked(gtx) {
		kit.TakeKeys(gtx, &t.battles)
		t.err = ""
		if err := t.Start(t.system.Value == "swiss"); err != nil {
			t.err = err.Error()
		}
	}
}

// StartTournament plays every loaded program against the others in the background:
// round-robin (the battles per pairing from the field) or the Swiss system.
func (t *tourneyView) Start(swiss bool) error {
	t.mu.Lock()
	busy := t.running
	t.mu.Unlock()
	if busy {
		return fmt.Errorf("a tournament is already running")
	}
	battles, err := strconv.Atoi(strings.TrimSpace(t.battles.Text()))
	if err != nil || battles < 1 {
		return fmt.Errorf("battles per pairing must be a whole number of at least 1")
	}
	var progs []*play.Program
	var copies []int
	for _, p := range t.players {
		progs = append(progs, p.prog)
		copies = append(copies, p.copies)
	}
	if len(progs) < 2 {
		return fmt.Errorf("a tournament needs at least 2 programs; add them in the Players tab")
	}
	sys := play.RoundRobin
	if swiss {
		sys = play.Swiss
	}
	ctx, stop := context.WithCancel(context.Background())
	fin := make(chan struct{})
	params, seed, inval := t.params, t.seed, t.cfg.Invalidate
	t.mu.Lock()
	t.running, t.done, t.total, t.result, t.runErr, t.stop, t.finished = true, 0, 0, nil, "", stop, fin
	t.mu.Unlock()
	go func() {
		defer close(fin)
		res, err := play.Tournament(ctx, sys, progs, copies, params, seed, battles, 1, func(done, total int) {
			t.mu.Lock()
			t.done, t.total = done, total
			t.mu.Unlock()
			if inval != nil {
				inval()
			}
		})
		t.mu.Lock()
		t.running, t.result, t.stop = false, res, nil
		if err != nil {
			t.runErr = err.Error()
			if ctx.Err() != nil {
				t.runErr = "The tournament was cancelled."
			}
		}
		t.mu.Unlock()
		if inval != nil {
			inval()
		}
	}()
	return nil
}

// TournamentResult is the last finished tournament (nil if none) and whether one runs.
func (t *tourneyView) Result() (*play.Result, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.result, t.running
}

func (t *tourneyView) layout(gtx layout.Context) layout.Dimensions {
	th := t.th
	t.mu.Lock()
	running, done, total, res, runErr := t.running, t.done, t.total, t.result, t.runErr
	t.mu.Unlock()
	var ch []layout.FlexChild
	add := func(wd layout.Widget) { ch = append(ch, layout.Rigid(wd), layout.Rigid(spacer(3))) }
	add(material.Body2(th, fmt.Sprintf("Every loaded program (%d) against the others, two at a time, with the parameters and seed in use. The game in the core is not touched.", len(t.players))).Layout)
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, material.RadioButton(th, &t.system, "rr", "Round-robin").Layout,
			material.RadioButton(th, &t.system, "swiss", "Swiss (Atari ST)").Layout)
	})
	if t.system.Value == "swiss" {
		add(func(gtx layout.Context) layout.Dimensions {
			l := material.Caption(th, "Swiss: log₂ n rounds, rounded up; each round pairs programs with equal or close points that have not met; each pairing fights 3 battles, 2 points a win, 1 a draw; an odd one out gets a bye worth 3 draws.")
			l.Color = mutedCol
			return l.Layout(gtx)
		})
	} else {
		add(func(gtx layout.Context) layout.Dimensions {
			return row(gtx, material.Body2(th, "Battles per pairing").Layout,
				func(gtx layout.Context) layout.Dimensions { return t.field(gtx, &t.battles, "", 50) },
				material.Caption(th, "3 points a win, 1 a draw").Layout)
		})
	}
	add(func(gtx layout.Context) layout.Dimensions {
		if running {
			return row(gtx, func(gtx layout.Context) layout.Dimensions { return t.button(gtx, &t.cancel, "Cancel") },
				material.Body2(th, fmt.Sprintf("battle %d of %d", done, total)).Layout)
		}
		return t.button(gtx, &t.start, "Play tournament")
	})
	for _, e := range []string{t.err, runErr} {
		if e != "" {
			add(func(gtx layout.Context) layout.Dimensions {
				l := material.Body2(th, e)
				l.Color = errorCol
				return l.Layout(gtx)
			})
		}
	}
	if res != nil {
		swiss := res.System == play.Swiss
		head := fmt.Sprintf("Round-robin, seed %d, %s a pairing", res.Seed, termtext.CountNoun(res.Battles, "battle"))
		if swiss {
			head = fmt.Sprintf("Swiss, seed %d, %s of pairings, %s each", res.Seed, termtext.CountNoun(res.Rounds, "round"), termtext.CountNoun(res.Battles, "battle"))
		}
		add(material.Subtitle2(th, head).Layout)
		cols := []unit.Dp{26, 125, 50, 42, 44, 40, 40}
		line := func(bold bool, cells ...string) layout.Widget {
			return func(gtx layout.Context) layout.Dimensions {
				var fc []layout.FlexChild
				for i, c := range cells {
					fc = append(fc, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
						gtx.Constraints.Min.X, gtx.Constraints.Max.X = gtx.Dp(cols[i]), gtx.Dp(cols[i])
						l := material.Body2(th, c)
						l.MaxLines = 1
						if bold {
							l.Font.Weight = 700
						}
						return l.Layout(gtx)
					}))
				}
				return layout.Flex{}.Layout(gtx, fc...)
			}
		}
		byes := func(cells []string, n string) []string {
			if swiss {
				return append(cells, n)
			}
			return cells
		}
		// Programs of one name (two versions of a warrior) are told apart by their files.
		names, files := make([]string, len(res.Standings)), make([]string, len(res.Standings))
		for i, s := range res.Standings {
			names[i], files[i] = termtext.Clip(s.Name, kit.TitleName), termtext.Clip(termtext.Escape(filepath.Base(s.File)), kit.TitleName)
		}
		shown := termtext.TellApart(names, files)
		add(line(true, byes([]string{"#", "Program", "Points", "Won", "Drawn", "Lost"}, "Byes")...))
		for i, s := range res.Standings {
			add(line(false, byes([]string{strconv.Itoa(i + 1), shown[i], strconv.Itoa(s.Points), strconv.Itoa(s.Wins), strconv.Itoa(s.Draws), strconv.Itoa(s.Losses)}, strconv.Itoa(s.Byes))...))
		}
		add(material.Subtitle2(th, "Pairings: battles won by each, drawn").Layout)
		for _, pg := range res.Pairings {
			name := func(i int) string {
				for k, s := range res.Standings {
					if s.Index == i {
						return shown[k]
					}
				}
				return "?"
			}
			txt := fmt.Sprintf("%s %d – %d %s, %d drawn", name(pg.A), pg.AWins, pg.BWins, name(pg.B), pg.Draws)
			if swiss {
				txt = fmt.Sprintf("round %d: %s", pg.Round, txt)
			}
			add(material.Body2(th, txt).Layout)
		}
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}
