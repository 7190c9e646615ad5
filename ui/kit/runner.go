package kit

import (
	"sync/atomic"
	"time"
)

// Driver is what a Runner needs of one game kind: how to play it and how to show it. The
// Runner calls it only from its own goroutine, which alone touches the game.
type Driver[G any] interface {
	// Advance plays at most n units (RoboCom cycles, Core War time slices) of g and returns
	// how many it played: fewer when the game ended, or when the Runner was paused meanwhile
	// (Runner.Running, checked between cycles, lets a pause or a breakpoint stop a batch).
	Advance(g G, n int) int
	// Over reports whether g has ended.
	Over(g G) bool
	// Publish copies what the window draws of g for the UI goroutine to take; ok is false
	// when there is no game. game numbers the Reset calls, so that a new number is a new game.
	Publish(g G, ok bool, game int, running bool)
}

// Runner plays a game on its own goroutine so that a window stays responsive at full speed
// (the gotraceui pattern in STYLE.md): the UI sends commands, the goroutine runs them between
// batches of play and publishes through the Driver about once a frame.
type Runner[G any] struct {
	d          Driver[G]
	invalidate func()
	cmds       chan func()
	quit       chan struct{}
	done       chan struct{}

	running atomic.Bool
	// Start and StepN calls so far, and how many of them the simulation goroutine has taken:
	// Running is true at once after either, though only the simulation goroutine sets
	// running (a Store here could land after a short StepN had already ended and halted,
	// and the game would run on without a limit).
	starts, startsTaken atomic.Int64
	resets              atomic.Int64 // Reset and ResetWith calls so far; numbers the games
	noGame              atomic.Int64 // the latest of those numbers known to have no game
	speed               atomic.Int64 // units per second; 0 or less: as fast as possible

	// The simulation goroutine's own state.
	g       G
	has     bool
	gameNo  int
	budget  int64     // units left before pausing; < 0 means no limit
	t0      time.Time // when the current paced run began
	played  int64     // units played since t0
	pacedAt int64     // the speed t0 refers to
	chunk   int       // units per Advance at full speed, adapted to about chunkTime
	lastPub time.Time
	pubCost time.Duration // what the last Publish took
}

const (
	// batchTime bounds a batch of play between two looks at the commands and a publish.
	batchTime = 15 * time.Millisecond
	// chunkTime is what one Advance at full speed should take, so that a Pause or a command
	// waits at most about that long.
	chunkTime = 4 * time.Millisecond
)

// NewRunner starts the simulation goroutine of a game kind. invalidate is called (from that
// goroutine) whenever there is something new to draw; it must be safe from any goroutine.
func NewRunner[G any](d Driver[G], invalidate func()) *Runner[G] {
	if invalidate == nil {
		invalidate = func() {}
	}
	r := &Runner[G]{
		d:          d,
		invalidate: invalidate,
		cmds:       make(chan func(), 16),
		quit:       make(chan struct{}),
		done:       make(chan struct{}),
		budget:     -1,
		chunk:      1,
	}
	go r.loop()
	return r
}

// Close stops the simulation goroutine and waits for it.
func (r *Runner[G]) Close() {
	select {
	case <-r.quit:
	default:
		close(r.quit)
	}
	<-r.done
}

// Reset replaces the game (paused; ok false: no game) and publishes its first snapshot. It
// returns the number the game's snapshots will carry, so a caller can tell them from the
// snapshots of the game before. Commands sent before it run on the game before.
func (r *Runner[G]) Reset(g G, ok bool) int {
	return r.resetWith(func(int) (G, bool) { return g, ok }, !ok)
}

// ResetWith is Reset with a game still to be made: build runs on the simulation goroutine,
// so that making a big game (a 200×200 board's buffers) never stalls the window, and
// returns the game, or ok false when there is none (it reports why itself). It gets the
// number Reset returns. A build whose game a later Reset has replaced already is skipped:
// pressing Restart ten times makes one game, not ten.
func (r *Runner[G]) ResetWith(build func(game int) (g G, ok bool)) int {
	return r.resetWith(build, false)
}

// resetWith is ResetWith; empty tells that build gives no game, so that Running is false at
// once after a Start.
func (r *Runner[G]) resetWith(build func(game int) (G, bool), empty bool) int {
	r.running.Store(false)
	r.startsTaken.Store(r.starts.Load())
	n := int(r.resets.Add(1))
	if empty {
		r.markNoGame(int64(n))
	}
	r.Send(func() {
		var g G
		ok := false
		if int(r.resets.Load()) == n {
			g, ok = build(n)
		}
		if !ok {
			r.markNoGame(int64(n))
		}
		r.g, r.has, r.gameNo = g, ok, n
		r.Halt()
		r.Publish()
	})
	return n
}

// markNoGame records that game n has none, unless a later game is known to have none.
func (r *Runner[G]) markNoGame(n int64) {
	for {
		old := r.noGame.Load()
		if old >= n || r.noGame.CompareAndSwap(old, n) {
			return
		}
	}
}

// Start runs the game until it ends or Pause is called.
func (r *Runner[G]) Start() {
	n := r.starts.Add(1)
	r.Send(func() { r.budget = -1; r.running.Store(true); r.t0 = time.Time{}; r.took(n) })
}

// Pause stops the game after the cycle in progress.
func (r *Runner[G]) Pause() {
	r.running.Store(false)
	r.took(r.starts.Load())
	r.Send(func() { r.Halt(); r.Publish() })
}

// Running reports whether the game is running (not paused), a batch of StepN included.
func (r *Runner[G]) Running() bool {
	return r.running.Load() || (r.resets.Load() != r.noGame.Load() && r.startsTaken.Load() < r.starts.Load())
}

// took records that the Start or StepN numbered n has been taken (or overtaken by a Pause).
func (r *Runner[G]) took(n int64) {
	for {
		old := r.startsTaken.Load()
		if old >= n || r.startsTaken.CompareAndSwap(old, n) {
			return
		}
	}
}

// StepN plays n more units at the current speed, then pauses.
func (r *Runner[G]) StepN(n int) {
	if n < 1 {
		return
	}
	k := r.starts.Add(1)
	r.Send(func() { r.budget = int64(n); r.running.Store(true); r.t0 = time.Time{}; r.took(k) })
}

// SetSpeed sets the units per second; 0 means as fast as the machine goes.
func (r *Runner[G]) SetSpeed(ups int) {
	r.speed.Store(int64(ups))
	r.Send(func() {}) // wake a loop that waits for the next slow-motion unit
}

// Do runs f on the simulation goroutine with the current game (ok false: none) and publishes
// afterwards. Use it for anything that changes the game.
func (r *Runner[G]) Do(f func(g G, ok bool)) {
	r.Send(func() { f(r.g, r.has); r.Publish() })
}

// Read runs f on the simulation goroutine with the current game and waits for it: for
// reading what the snapshots do not carry (a cell's text). After Close, f sees no game.
func (r *Runner[G]) Read(f func(g G, ok bool)) {
	ran := make(chan struct{})
	select {
	case r.cmds <- func() { defer close(ran); f(r.g, r.has) }:
		select {
		case <-ran:
		case <-r.done:
		}
	case <-r.quit:
		var zero G
		f(zero, false)
	}
}

// Send runs f on the simulation goroutine, after the commands sent before it, without
// waiting. f may use the methods meant for that goroutine (Game, Halt, Publish).
func (r *Runner[G]) Send(f func()) {
	select {
	case r.cmds <- f:
	case <-r.quit:
	}
}

// Game is the current game and its number; only on the simulation goroutine.
func (r *Runner[G]) Game() (g G, ok bool, number int) { return r.g, r.has, r.gameNo }

// Halt pauses the game after the unit in progress; only on the simulation goroutine (a
// breakpoint's hit, a seek).
func (r *Runner[G]) Halt() {
	r.running.Store(false)
	r.budget = -1
}

// Publish makes the game's current state visible through the Driver and asks for a frame;
// only on the simulation goroutine.
func (r *Runner[G]) Publish() {
	t0 := time.Now()
	r.d.Publish(r.g, r.has, r.gameNo, r.running.Load())
	r.lastPub = time.Now()
	r.pubCost = r.lastPub.Sub(t0)
	r.invalidate()
}

// publishDue tells whether a running game publishes now: about once a frame, and less often
// when publishing is costly (a big core), so that the copy never takes more than about an
// eighth of the simulation's time.
func (r *Runner[G]) publishDue() bool {
	return time.Since(r.lastPub) >= max(batchTime, 8*r.pubCost)
}

func (r *Runner[G]) loop() {
	defer close(r.done)
	for {
		if !r.has || !r.running.Load() || r.d.Over(r.g) {
			if r.running.Load() {
				r.Halt()
				r.Publish()
			}
			select {
			case f := <-r.cmds:
				f()
			case <-r.quit:
				return
			}
			continue
		}
		select {
		case f := <-r.cmds:
			f()
			continue
		case <-r.quit:
			return
		default:
		}
		speed := r.speed.Load()
		if speed != r.pacedAt || r.t0.IsZero() {
			r.t0, r.played, r.pacedAt = time.Now(), 0, speed
		}
		due := int64(1 << 40)
		if speed > 0 {
			due = int64(time.Since(r.t0).Seconds()*float64(speed)) - r.played
			if due <= 0 {
				if !r.waitUntil(r.t0.Add(time.Duration(float64(r.played+1) / float64(speed) * float64(time.Second)))) {
					return
				}
				continue
			}
			if due > speed/5+1 { // fell behind (a slow frame, a pause): no catching up in a burst
				due = speed/5 + 1
				r.t0, r.played = time.Now(), 0
			}
		}
		r.batch(due)
		if r.budget == 0 {
			r.Halt()
		}
		if !r.running.Load() || r.publishDue() {
			r.Publish()
		}
	}
}

// waitUntil waits for the time of the next paced unit, running the commands that come
// meanwhile; false when the Runner is closing.
func (r *Runner[G]) waitUntil(next time.Time) bool {
	wait := time.Until(next)
	if wait <= 0 {
		return true
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case f := <-r.cmds:
		f()
	case <-r.quit:
		return false
	case <-t.C:
	}
	return true
}

// batch plays up to due units (or the budget) for at most batchTime, in Advance calls of
// the size that takes about chunkTime.
func (r *Runner[G]) batch(due int64) {
	if r.budget > 0 {
		due = min(due, r.budget)
	}
	start := time.Now()
	for due > 0 && r.running.Load() && !r.d.Over(r.g) {
		n := int(min(due, int64(r.chunk)))
		t := time.Now()
		got := r.d.Advance(r.g, n)
		if d := time.Since(t); d < chunkTime/2 && r.chunk < 1<<20 && got == n && n == r.chunk {
			r.chunk *= 2
		} else if d > chunkTime && r.chunk > 1 {
			r.chunk /= 2
		}
		r.played += int64(got)
		due -= int64(n)
		if r.budget > 0 {
			r.budget = max(r.budget-int64(got), 0)
		}
		if got < n || time.Since(start) > batchTime {
			return
		}
	}
}

// Swap replaces the game by g keeping its number, paused: the same game rebuilt at another
// moment (a rewind), not a new one. Only on the simulation goroutine.
func (r *Runner[G]) Swap(g G) {
	r.g = g
	r.Halt()
}
