package main

import (
	"fmt"
	"io"
	"time"

	"robocom/internal/termtext"
)

// progress is the line a long run keeps up to date on a terminal: done/total, the rate and
// the time left. It stays quiet when the writer is not a terminal, with -q, and during the
// first second (short runs print nothing).
type progress struct {
	w            io.Writer
	unit         string
	total        int
	done         int
	start, shown time.Time
	drawn        bool
}

// newProgress returns the progress of a run of total units, or nil (whose methods do
// nothing) if it should stay quiet.
func newProgress(w io.Writer, quiet bool, unit string, total int) *progress {
	if e, ok := w.(*termtext.Writer); ok {
		w = e.Unwrap() // the line is drawn with the terminal's own control sequences
	}
	if quiet || !termtext.IsTerminal(w) {
		return nil
	}
	now := time.Now()
	return &progress{w: w, unit: unit, total: total, start: now, shown: now}
}

// step counts n more units done (1 if n is left out) and redraws the line at most 5 times
// a second.
func (p *progress) step(n ...int) {
	if p == nil {
		return
	}
	if len(n) == 0 {
		p.done++
	} else {
		p.done += n[0]
	}
	now := time.Now()
	if now.Sub(p.shown) < 200*time.Millisecond || now.Sub(p.start) < time.Second {
		return
	}
	p.shown = now
	el := now.Sub(p.start).Seconds()
	rate := float64(p.done) / el
	left := "?"
	if rate > 0 {
		left = time.Duration(float64(p.total-p.done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "\r%d/%d %s (%.1f%%), %.1f/s, %s left\x1b[K", p.done, p.total, p.unit, 100*float64(p.done)/float64(max(1, p.total)), rate, left)
	p.drawn = true
}

// finish clears the line.
func (p *progress) finish() {
	if p != nil && p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
