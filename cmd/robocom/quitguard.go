//go:build !nogui

package main

import (
	"sync/atomic"

	"robocom/internal/termtext"
)

// editorHolder is a window mode whose editor may hold text not saved yet (robowin.UI,
// corewin.Window): it names the file as the window shows names (escaped and clipped), and
// asks a question on its confirm bar.
type editorHolder interface {
	Unsaved() string
	AskQuit(question string, quit func())
}

// quitGuard keeps the window open while an editor holds unsaved text: Ctrl+Q and the window
// manager's close button ask first, on the confirm bar of the mode shown, and the window
// closes when the user answers Quit. Everything runs on the window's goroutine.
type quitGuard struct {
	modes     []editorHolder // every mode, whether shown or not
	shown     func() editorHolder
	close     func() // closes the window for good
	redraw    func() // the bar shows in the next frame (may be nil)
	confirmed bool   // the user answered Quit: the next close request is not asked again
	// ending: the system asked the program to end (SIGTERM, SIGHUP: a logout, a shutdown),
	// which no question can hold up; set from the signal's goroutine.
	ending atomic.Bool
}

// request is Ctrl+Q: ask if there is something to lose, else close.
func (q *quitGuard) request() {
	if !q.ask() {
		q.quit()
	}
}

// closing is the window manager's close request: it reports whether the window must stay
// open (then the question is asked).
func (q *quitGuard) closing() (keepOpen bool) {
	return !q.confirmed && !q.ending.Load() && q.ask()
}

// ask puts the question on the shown mode's bar when an editor of any mode holds unsaved
// text, and reports whether it did. The answer Quit holds for the question asked: if what is
// unsaved changed meanwhile (a question left waiting in one mode while the other mode's
// editor got changes), it asks again instead of closing.
func (q *quitGuard) ask() bool {
	question := q.question()
	if question == "" {
		return false
	}
	q.shown().AskQuit(question, func() {
		if q.question() == question {
			q.quit()
		} else if !q.ask() {
			q.quit() // (all saved meanwhile)
		}
	})
	if q.redraw != nil {
		q.redraw()
	}
	return true
}

// question is what ask asks, "" when nothing is unsaved.
func (q *quitGuard) question() string {
	var names []string
	for _, m := range q.modes {
		if n := m.Unsaved(); n != "" {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "Quit and lose the changes to " + termtext.List(names) + "?"
}

func (q *quitGuard) quit() {
	q.confirmed = true
	q.close()
}
