package robowin

import (
	"gioui.org/layout"

	"robocom/internal/termtext"
	"robocom/ui/kit"
)

// underWay reports whether the current game has started and not ended: changing its players
// or rules now would replace it.
func (s *session) underWay() bool {
	return s.snap.Game == s.gameNo && s.snap.Cycle > 0 && !s.snap.Over
}

// askRestart applies a change that restarts the game at once when no game is under way, and
// otherwise asks first (kit.Confirm's bar over the board).
func (s *session) askRestart(question, verb string, apply, cancel func()) {
	s.confirm.Ask(s.underWay(), question, verb, apply, cancel)
}

// AskQuit shows question on the confirm bar over the board with the verb Quit, and calls
// quit when the user confirms (Cancel drops it). It always asks, with or without a game
// under way; an unanswered question it replaces counts as cancelled. Ctrl+Q still calls
// Config.Quit: the caller decides when quitting needs the question (say, Unsaved is not
// "").
func (u *UI) AskQuit(question string, quit func()) {
	u.confirm.Ask(true, question, "Quit", quit, nil)
}

// Pending is the question the confirm bar asks, "" when none.
func (s *session) Pending() string { return s.confirm.Question() }

// askRemove removes player i, asking first while a game is under way.
func (pv *playersView) askRemove(i int) {
	if i < 0 || i >= len(pv.players) {
		return
	}
	p := pv.players[i]
	pv.askRestart("Remove "+p.shortName()+" and restart the game?", "Remove", func() {
		// The list may have changed while the question waited: remove that same player,
		// found by its key (its program may have been read again meanwhile: R, Restart).
		if j := pv.players.index(p.key); j >= 0 {
			pv.RemovePlayer(j)
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
	pv.askRestart("Move "+p.shortName()+" "+dir+" and restart the game?", "Move", func() {
		if k := pv.players.index(p.key); k >= 0 {
			pv.MovePlayer(k, d)
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
	pv.askRestart("Add "+termtext.Clip(baseName(path), kit.TitleName)+" and restart the game?", "Add", add, nil)
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
		tv.optEd.notApplied() // values typed stay in the fields, unapplied
		tv.optEd.msg, tv.optEd.msgErr = "Not applied: the game under way keeps the rules "+shortSetName(tv.opts.Name)+".", false
	})
	if tv.Pending() != "" {
		tv.optEd.msg, tv.optEd.msgErr = waitingForAnswer, false
	}
}

// layoutWorkAreaAsking is the work area (board, debuggers, timeline) with the pending
// question over its top: over the game it would replace, and without moving the panel's
// rows.
func (u *UI) layoutWorkAreaAsking(gtx layout.Context) layout.Dimensions {
	return u.confirm.Over(gtx, u.kit(), u.layoutWorkArea)
}
