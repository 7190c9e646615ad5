package robowin

import (
	"image"
	"image/color"

	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

// pendingChange is a change of the players or of the rules that would throw away the game
// under way: it waits in the confirm bar until the user answers.
type pendingChange struct {
	question string // "Remove Prog3 and restart the game?"
	verb     string // the confirming button: "Remove", "Add", "Move", "Apply and restart"
	apply    func()
	cancel   func() // may be nil
}

// underWay reports whether the current game has started and not ended: changing its players
// or rules now would replace it.
func (s *session) underWay() bool {
	return s.snap.Game == s.gameNo && s.snap.Cycle > 0 && !s.snap.Over
}

// askRestart applies a change that restarts the game at once when no game is under way, and
// otherwise asks first (the confirm bar over the board). A new question replaces one not
// answered yet, which counts as cancelled.
func (s *session) askRestart(question, verb string, apply, cancel func()) {
	if !s.underWay() {
		apply()
		return
	}
	if old := s.pending; old != nil && old.cancel != nil {
		old.cancel()
	}
	s.pending = &pendingChange{question: question, verb: verb, apply: apply, cancel: cancel}
}

// Pending is the question the confirm bar asks, "" when none.
func (s *session) Pending() string {
	if s.pending == nil {
		return ""
	}
	return s.pending.question
}

// confirmView is the bar that asks before a change replaces the game under way.
type confirmView struct {
	*session
	look
	yes, no widget.Clickable
}

// update carries out or drops the pending change.
func (cv *confirmView) update(gtx layout.Context) {
	p := cv.pending
	if p == nil {
		return
	}
	switch {
	case cv.yes.Clicked(gtx):
		cv.pending = nil
		p.apply()
	case cv.no.Clicked(gtx):
		cv.pending = nil
		if p.cancel != nil {
			p.cancel()
		}
	}
}

func (cv *confirmView) layout(gtx layout.Context) layout.Dimensions {
	p := cv.pending
	if p == nil {
		return layout.Dimensions{}
	}
	return layout.Inset{Bottom: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return card(gtx, color.NRGBA{0xFF, 0xF0, 0xC8, 0xFF}, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
				layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
					l := material.Body2(cv.th, p.question)
					l.Color = color.NRGBA{0x40, 0x28, 0x00, 0xFF}
					return l.Layout(gtx)
				}),
				layout.Rigid(layout.Spacer{Width: unit.Dp(6)}.Layout),
				layout.Rigid(cv.smallButton(&cv.yes, p.verb)),
				layout.Rigid(layout.Spacer{Width: unit.Dp(4)}.Layout),
				layout.Rigid(cv.smallButton(&cv.no, "Cancel")),
			)
		})
	})
}

// askRemove removes player i, asking first while a game is under way.
func (pv *playersView) askRemove(i int) {
	if i < 0 || i >= len(pv.players) {
		return
	}
	p := pv.players[i]
	pv.askRestart("Remove "+p.Name()+" and restart the game?", "Remove", func() {
		// The list may have changed while the question waited: remove that same player.
		for j := range pv.players {
			if pv.players[j].Path == p.Path && pv.players[j].Prog == p.Prog {
				pv.RemovePlayer(j)
				return
			}
		}
	}, nil)
}

// askMove moves player i up or down (which changes the teams' order), asking first while a
// game is under way.
func (pv *playersView) askMove(i, d int) {
	j := i + d
	if i < 0 || j < 0 || i >= len(pv.players) || j >= len(pv.players) {
		return
	}
	p := pv.players[i]
	dir := "up"
	if d > 0 {
		dir = "down"
	}
	pv.askRestart("Move "+p.Name()+" "+dir+" and restart the game?", "Move", func() {
		for k := range pv.players {
			if pv.players[k].Prog == p.Prog {
				pv.MovePlayer(k, d)
				return
			}
		}
	}, nil)
}

// askAdd loads and adds the program at path ("root:path"), asking first while a game is
// under way. A sixth is refused at once, without a question.
func (pv *playersView) askAdd(path string) {
	add := func() {
		if pv.AddPlayer(path) {
			pv.picker.Remember()
		}
	}
	if len(pv.players) >= MaxPlayers {
		add() // says "At most 5…"
		return
	}
	pv.askRestart("Add "+baseName(path)+" and restart the game?", "Add", add, nil)
}

const waitingForAnswer = "Waiting for your answer over the board: these rules apply only when the game restarts."

// askRules puts the rules o in use (a new option set or edited values), asking first while a
// game is under way; the options view says what became of them.
func (tv *tabsView) askRules(o GameOptions) {
	apply := func() {
		if tv.optEd.msg == waitingForAnswer {
			tv.optEd.msg = "" // answered
		}
		tv.setOptions(o) // reloads the players when the set's language changes
		tv.restartSeries()
		tv.changed()
	}
	name := shortSetName(o.Name)
	tv.askRestart("Use the rules "+name+" and restart the game?", "Apply and restart", apply, func() {
		tv.optEd.msg, tv.optEd.msgErr = "Not applied: the game under way keeps the rules "+shortSetName(tv.opts.Name)+".", false
	})
	if tv.pending != nil {
		tv.optEd.msg, tv.optEd.msgErr = waitingForAnswer, false
	}
}

// layoutWorkAreaAsking is the work area (board, debuggers, timeline) with the pending
// question over its top: over the game it would replace, and without moving the panel's
// rows (a bar pushing the picker's list down made the next click pick the wrong program).
func (u *UI) layoutWorkAreaAsking(gtx layout.Context) layout.Dimensions {
	dims := u.layoutWorkArea(gtx)
	if u.pending == nil {
		return dims
	}
	gtx.Constraints.Min = image.Point{}
	gtx.Constraints.Max.X = min(dims.Size.X, gtx.Dp(unit.Dp(520)))
	defer op.Offset(image.Pt((dims.Size.X-gtx.Constraints.Max.X)/2, gtx.Dp(unit.Dp(8)))).Push(gtx.Ops).Pop()
	gtx.Constraints.Min.X = gtx.Constraints.Max.X
	u.confirm.layout(gtx)
	return dims
}
