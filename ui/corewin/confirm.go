package corewin

import (
	"path"
	"slices"
	"strings"

	"robocom/corewars/play"
	"robocom/internal/termtext"
	"robocom/ui/kit"
)

// The questions below go to the session's kit.Confirm, which applies a change at once when no
// game is under way and otherwise asks first in its bar over the core, as the RoboCom window
// asks over its board. (They are the views' methods, not the session's: the session is at
// kit's limit of methods a type.)

// underWay reports whether the game in the core has started (a cycle run, or instructions
// of the first one) and not ended: changing its players or parameters now would replace it.
func (s *Snapshot) underWay() bool {
	return s.Size > 0 && (s.Cycle > 0 || s.MidSlice) && !s.Over
}

// askRemove removes player p, asking first while a game is under way: removing restarts it.
func (v *playersView) askRemove(p *player) {
	v.confirm.Ask(v.snap.underWay(), "Remove "+termtext.Clip(p.prog.Name, kit.TitleName)+" and restart the game?", "Remove", func() {
		// The list may have changed while the question waited: remove that same player.
		if i := slices.Index(v.players, p); i >= 0 {
			v.RemovePlayer(i)
		}
	}, nil)
}

// askAdd loads and adds the program at p ("root:path") and restarts the series, asking first
// while a game is under way. A program AddPlayer would refuse without reading it (not Core
// War, a sixth, another language) is refused at once, without a question.
func (v *playersView) askAdd(p string) {
	add := func() {
		if v.AddPlayer(p) {
			v.picker.Remember()
			v.restartSeries()
		}
	}
	name := path.Base(p[strings.Index(p, ":")+1:])
	shown := termtext.Clip(termtext.Escape(name), kit.TitleName) // a file's name, as the picker shows it
	if l := play.LanguageOf(name); l == play.NoLanguage || len(v.players) >= play.MaxPlayers(l, MaxPlayers) || len(v.players) > 0 && l != v.lang {
		add() // says why not
		return
	}
	v.confirm.Ask(v.snap.underWay(), "Add "+shown+" and restart the game?", "Add", add, nil)
}

// askAddAll adds the programs of a folder (the picker's "Add all here"), asking first while a
// game is under way.
func (v *playersView) askAddAll(paths []string) {
	add := func() {
		v.picker.Remember()
		v.addAll(paths)
	}
	if len(v.players) >= play.MaxPlayers(v.lang, MaxPlayers) {
		add() // says that it left them out
		return
	}
	v.confirm.Ask(v.snap.underWay(), "Add all the programs here and restart the game?", "Add", add, nil)
}

// askCopies gives player p one copy more (d = +1) or fewer (d = −1) and restarts the series,
// asking first while a game is under way.
func (v *playersView) askCopies(p *player, d int) {
	apply := func() {
		if !slices.Contains(v.players, p) {
			return // removed while the question waited
		}
		if n := p.copies + d; n >= 1 && n <= 99 {
			p.copies = n
			v.restartSeries()
		}
	}
	name := termtext.Clip(p.prog.Name, kit.TitleName)
	q, verb := "Add a copy of "+name+" and restart the game?", "Add a copy"
	if d < 0 {
		q, verb = "Remove a copy of "+name+" and restart the game?", "Remove a copy"
	}
	v.confirm.Ask(v.snap.underWay(), q, verb, apply, nil)
}
