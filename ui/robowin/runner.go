package robowin

import (
	"sync"
	"sync/atomic"
	"time"

	"robocom/arena"
)

// Snapshot is what the window draws of a game at one moment; the Runner publishes one about
// every frame and the UI copies it with Runner.Sync.
type Snapshot struct {
	Game    int // counts Reset calls: a new number means a new game
	Size    int
	Cycle   int
	Over    bool
	Running bool
	Robots  []arena.RobotView
	Counts  []int // robots per program now
	Ranks   []int // per program once Over
	// The timeline, published with Cycle so that the window's cycle counter and the
	// timeline always show the same cycle (the debuggers' fetch comes a publish later).
	Rewindable bool // the game keeps a tape (tapeGame)
	Furthest   int  // the furthest cycle the timeline reaches
}

// History holds the number of robots of each program after every cycle.
type History struct {
	Counts [][MaxPlayers]int32 // Counts[c] is after cycle c+1
}

// Runner runs a Game on its own goroutine so that the window stays responsive at full
// speed. Only that goroutine touches the Game; the UI sends commands and copies published
// snapshots (the gotraceui pattern in STYLE.md).
type Runner struct {
	invalidate func()
	cmds       chan func(*runState)
	quit       chan struct{}
	done       chan struct{}

	running atomic.Bool
	resets  atomic.Int64 // Reset calls so far; numbers the games
	speed   atomic.Int64 // cycles per second; 0 or less: as fast as possible

	// The seek under way (rewind.go): the window shows its progress and can stop it.
	seekActive, seekStop     atomic.Bool
	seekFrom, seekAt, seekTo atomic.Int64

	mu      sync.Mutex // guards the fields below
	pub     Snapshot
	events  []arena.Event
	history History
}

// maxEvents bounds the event log kept in memory; later events are not logged (EventLog says so).
const maxEvents = 200_000

// runState is the simulation goroutine's own state.
type runState struct {
	g      Game
	tape   *tapeGame // g when it is rewindable (every game the window makes), else nil
	gameNo int
	budget int64 // cycles left before pausing; < 0 means no limit
	robots []arena.RobotView
	counts []int
	evbuf  []arena.Event
	hist   [][MaxPlayers]int32
	t0     time.Time // when the current paced run began
	done   int64     // cycles done since t0
	speed  int64     // the speed t0 refers to
}

// NewRunner starts the simulation goroutine. invalidate is called (from that goroutine)
// whenever there is something new to draw; it must be safe to call from any goroutine.
func NewRunner(invalidate func()) *Runner {
	if invalidate == nil {
		invalidate = func() {}
	}
	r := &Runner{
		invalidate: invalidate,
		cmds:       make(chan func(*runState), 16),
		quit:       make(chan struct{}),
		done:       make(chan struct{}),
	}
	go r.loop()
	return r
}

// Close stops the simulation goroutine and waits for it.
func (r *Runner) Close() {
	select {
	case <-r.quit:
	default:
		close(r.quit)
	}
	<-r.done
}

// Reset replaces the game (paused) and publishes its first snapshot. It returns the number
// the game's snapshots will carry in Snapshot.Game, so a caller can tell them from the
// snapshots of the game before.
func (r *Runner) Reset(g Game) int {
	r.running.Store(false)
	n := int(r.resets.Add(1))
	r.do(func(s *runState) {
		s.g = g
		s.tape, _ = g.(*tapeGame)
		s.gameNo = n
		s.budget = -1
		s.hist = s.hist[:0]
		r.mu.Lock()
		r.events = r.events[:0]
		r.history.Counts = r.history.Counts[:0]
		r.mu.Unlock()
		r.publish(s)
	})
	return n
}

// Start runs the game until it ends or Pause is called.
func (r *Runner) Start() {
	r.do(func(s *runState) { s.budget = -1; r.running.Store(true); s.t0 = time.Time{} })
}

// Pause stops the game after the cycle in progress.
func (r *Runner) Pause() {
	r.running.Store(false)
	r.do(func(s *runState) { r.running.Store(false); r.publish(s) })
}

// Running reports whether the game is running (not paused).
func (r *Runner) Running() bool { return r.running.Load() }

// StepN runs n more cycles at the current speed, then pauses.
func (r *Runner) StepN(n int) {
	if n < 1 {
		return
	}
	r.do(func(s *runState) { s.budget = int64(n); r.running.Store(true); s.t0 = time.Time{} })
}

// SetSpeed sets cycles per second; 0 means as fast as the machine goes.
func (r *Runner) SetSpeed(cps int) {
	r.speed.Store(int64(cps))
	r.do(func(*runState) {}) // wake a loop that waits for the next slow-motion cycle
}

// Do runs f on the simulation goroutine with the current game (nil before the first Reset)
// and publishes a snapshot afterwards. Use it for anything that touches the game.
func (r *Runner) Do(f func(g Game)) {
	r.do(func(s *runState) { f(s.g); r.publish(s) })
}

func (r *Runner) do(f func(*runState)) {
	select {
	case r.cmds <- f:
	case <-r.quit:
	}
}

// Sync copies the latest snapshot into dst (reusing its slices) and appends the events and
// history entries that events and hist do not have yet. When the game changed since the
// caller's copies they are emptied first.
func (r *Runner) Sync(dst *Snapshot, events *[]arena.Event, hist *History) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if dst.Game != r.pub.Game {
		*events = (*events)[:0]
		hist.Counts = hist.Counts[:0]
	}
	robots, counts, ranks := dst.Robots[:0], dst.Counts[:0], dst.Ranks[:0]
	*dst = r.pub
	dst.Robots = append(robots, r.pub.Robots...)
	dst.Counts = append(counts, r.pub.Counts...)
	dst.Ranks = append(ranks, r.pub.Ranks...)
	if len(*events) > len(r.events) {
		*events = (*events)[:0]
	}
	*events = append(*events, r.events[len(*events):]...)
	if len(hist.Counts) > len(r.history.Counts) {
		hist.Counts = hist.Counts[:0]
	}
	hist.Counts = append(hist.Counts, r.history.Counts[len(hist.Counts):]...)
}

func (r *Runner) loop() {
	defer close(r.done)
	s := &runState{budget: -1}
	for {
		if s.g == nil || !r.running.Load() || s.g.Over() {
			if r.running.Load() {
				r.running.Store(false)
				r.publish(s)
			}
			select {
			case f := <-r.cmds:
				f(s)
			case <-r.quit:
				return
			}
			continue
		}
		select {
		case f := <-r.cmds:
			f(s)
			continue
		case <-r.quit:
			return
		default:
		}
		speed := r.speed.Load()
		if speed != s.speed || s.t0.IsZero() {
			s.t0, s.done, s.speed = time.Now(), 0, speed
		}
		if speed <= 0 {
			// As fast as possible: simulate for most of a frame, then publish.
			start := time.Now()
			for n := 0; !s.g.Over() && s.budget != 0; n++ {
				r.step(s)
				if n&63 == 63 && time.Since(start) > 15*time.Millisecond {
					break
				}
			}
		} else {
			due := int64(time.Since(s.t0).Seconds()*float64(speed)) - s.done
			if due <= 0 {
				next := s.t0.Add(time.Duration(float64(s.done+1) / float64(speed) * float64(time.Second)))
				wait := time.Until(next)
				if wait > 0 {
					t := time.NewTimer(wait)
					select {
					case f := <-r.cmds:
						f(s)
					case <-r.quit:
						t.Stop()
						return
					case <-t.C:
					}
					t.Stop()
				}
				continue
			}
			if due > speed/5+1 { // fell behind (a slow frame, a pause): don't catch up in a burst
				due = speed/5 + 1
				s.t0, s.done = time.Now(), 0
			}
			start := time.Now()
			for ; due > 0 && !s.g.Over() && s.budget != 0; due-- {
				r.step(s)
				s.done++
				if time.Since(start) > 15*time.Millisecond {
					break
				}
			}
		}
		if s.budget == 0 {
			r.running.Store(false)
			s.budget = -1
		}
		r.publish(s)
	}
}

// step simulates one cycle and records its events and robot counts.
func (r *Runner) step(s *runState) {
	s.g.Step()
	if s.budget > 0 {
		s.budget--
	}
	s.evbuf = s.g.Events(s.evbuf)
	s.counts = s.g.Counts(s.counts[:0])
	var c [MaxPlayers]int32
	for i, n := range s.counts {
		if i < MaxPlayers {
			c[i] = int32(n)
		}
	}
	s.hist = append(s.hist, c)
}

// publish makes the game's current state visible to Sync and asks for a frame.
func (r *Runner) publish(s *runState) {
	r.mu.Lock()
	p := &r.pub
	p.Game = s.gameNo
	p.Running = r.running.Load()
	if s.g != nil {
		p.Size, p.Cycle, p.Over = s.g.Size(), s.g.Cycle(), s.g.Over()
		p.Robots = s.g.Robots(p.Robots[:0])
		p.Counts = s.g.Counts(p.Counts[:0])
		p.Ranks = append(p.Ranks[:0], s.g.Ranks()...)
		p.Rewindable, p.Furthest = false, p.Cycle
		if t := s.tape; t != nil {
			p.Rewindable, p.Furthest = true, t.Furthest()
		}
	} else {
		*p = Snapshot{Game: s.gameNo, Robots: p.Robots[:0], Counts: p.Counts[:0], Ranks: p.Ranks[:0]}
	}
	if room := maxEvents - len(r.events); room > 0 {
		r.events = append(r.events, s.evbuf[:min(room, len(s.evbuf))]...)
	}
	s.evbuf = s.evbuf[:0]
	r.history.Counts = append(r.history.Counts, s.hist...)
	s.hist = s.hist[:0]
	r.mu.Unlock()
	r.invalidate()
}
