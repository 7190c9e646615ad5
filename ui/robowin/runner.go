package robowin

import (
	"sort"
	"sync"
	"sync/atomic"

	"robocom/arena"
	"robocom/ui/kit"
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
	log    int                 // the Runner's log these counts were copied from (Runner.logNo)
}

// Runner plays a Game on the windows' one simulation goroutine (kit.Runner) so that the
// window stays responsive at full speed. Only that goroutine touches the Game; the UI sends
// commands and copies published snapshots with Sync.
type Runner struct {
	*kit.Runner[Game]
	invalidate func()
	s          *runState // the simulation goroutine's own

	// The seek under way (rewind.go): the window shows its progress and can stop it.
	seekActive, seekStop     atomic.Bool
	seekFrom, seekAt, seekTo atomic.Int64

	mu  sync.Mutex // guards the fields below
	pub Snapshot
	// The event log and graph of every cycle played on the game's timeline, which may go
	// beyond the present after a seek back: the game is deterministic, so the cycles after
	// the present play again as recorded, unless an edit changes the future (tapeGame.forget).
	// Sync gives the window those up to the present.
	events  []arena.Event
	history History
	logNo   int // counts the times the log lost its future, so that Sync copies it anew
	// Why the build of game buildErrGame failed (ResetWith).
	buildErr     error
	buildErrGame int
}

// maxEvents bounds the event log kept in memory; later events are not logged (EventLog says so).
const maxEvents = 200_000

// runState is the simulation goroutine's own state.
type runState struct {
	g      Game
	tape   *tapeGame // g when it is rewindable (every game the window makes), else nil
	gameNo int
	counts []int
	evbuf  []arena.Event
	hist   [][MaxPlayers]int32
	known  int // the last cycle whose events and counts are recorded (in evbuf and hist or in the Runner's)
}

// NewRunner starts the simulation goroutine. invalidate is called (from that goroutine)
// whenever there is something new to draw; it must be safe to call from any goroutine.
func NewRunner(invalidate func()) *Runner {
	if invalidate == nil {
		invalidate = func() {}
	}
	r := &Runner{invalidate: invalidate, s: &runState{}}
	r.Runner = kit.NewRunner[Game](robocomDriver{r}, invalidate)
	return r
}

// Reset replaces the game (paused) and publishes its first snapshot. It returns the number
// the game's snapshots will carry in Snapshot.Game, so a caller can tell them from the
// snapshots of the game before. A seek under way stops first: a Restart or a new program
// does not wait for it.
func (r *Runner) Reset(g Game) int {
	r.StopSeek()
	return r.Runner.Reset(g, g != nil)
}

// ResetWith is Reset with the game made on the simulation goroutine by build (a 200×200
// board's game takes a moment to make); BuildError tells why build failed.
func (r *Runner) ResetWith(build func() (Game, error)) int {
	r.StopSeek()
	return r.Runner.ResetWith(func(n int) (Game, bool) {
		g, err := build()
		if err != nil {
			r.mu.Lock()
			r.buildErr, r.buildErrGame = err, n
			r.mu.Unlock()
			return nil, false
		}
		return g, g != nil
	})
}

// BuildError is why the build of game n (a number ResetWith returned) failed, or nil.
func (r *Runner) BuildError(n int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.buildErrGame != n {
		return nil
	}
	return r.buildErr
}

// Do runs f on the simulation goroutine with the current game (nil before the first Reset)
// and publishes a snapshot afterwards. Use it for anything that touches the game.
func (r *Runner) Do(f func(g Game)) { r.Runner.Do(func(g Game, _ bool) { f(g) }) }

// do runs f on the simulation goroutine with its state, without publishing.
func (r *Runner) do(f func(*runState)) { r.Send(func() { f(r.s) }) }

// Sync copies the latest snapshot into dst (reusing its slices) and makes events and hist
// the event log and graph up to the snapshot's cycle, appending what they do not have yet.
// When the game changed since the caller's copies, or an edit changed its future, they are
// emptied first.
func (r *Runner) Sync(dst *Snapshot, events *[]arena.Event, hist *History) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if dst.Game != r.pub.Game || hist.log != r.logNo {
		*events = (*events)[:0]
		hist.Counts = hist.Counts[:0]
		hist.log = r.logNo
	}
	robots, counts, ranks := dst.Robots[:0], dst.Counts[:0], dst.Ranks[:0]
	*dst = r.pub
	dst.Robots = append(robots, r.pub.Robots...)
	dst.Counts = append(counts, r.pub.Counts...)
	dst.Ranks = append(ranks, r.pub.Ranks...)
	ne := sort.Search(len(r.events), func(i int) bool { return r.events[i].Cycle > r.pub.Cycle })
	*events = append((*events)[:min(len(*events), ne)], r.events[min(len(*events), ne):ne]...)
	nh := min(r.pub.Cycle, len(r.history.Counts))
	hist.Counts = append(hist.Counts[:min(len(hist.Counts), nh)], r.history.Counts[min(len(hist.Counts), nh):nh]...)
}

// robocomDriver plays and publishes RoboCom games for kit.Runner.
type robocomDriver struct{ r *Runner }

// Advance plays up to n cycles, stopping early when the Runner pauses (Pause, a breakpoint).
func (d robocomDriver) Advance(g Game, n int) int {
	for i := 0; i < n; i++ {
		if g.Over() || i > 0 && !d.r.Running() {
			return i
		}
		d.r.step(d.r.s)
	}
	return n
}

func (d robocomDriver) Over(g Game) bool { return g.Over() }

func (d robocomDriver) Publish(g Game, ok bool, game int, running bool) {
	d.r.publish(d.r.s, g, game, running)
}

// step simulates one cycle and records its events and robot counts, unless they are
// recorded already (a cycle played again after a seek back).
func (r *Runner) step(s *runState) {
	s.g.Step()
	if s.g.Cycle() <= s.known {
		s.evbuf = s.g.Events(s.evbuf)[:len(s.evbuf)]
		return
	}
	s.known = s.g.Cycle()
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

// forget drops the events and counts recorded after cycle c: an edit at c changed what
// follows.
func (r *Runner) forget(s *runState, c int) {
	upTo := func(evs []arena.Event) []arena.Event {
		return evs[:sort.Search(len(evs), func(i int) bool { return evs[i].Cycle > c })]
	}
	s.evbuf = upTo(s.evbuf)
	r.mu.Lock()
	r.events = upTo(r.events)
	if len(r.history.Counts) > c {
		r.history.Counts = r.history.Counts[:c]
	}
	s.hist = s.hist[:min(len(s.hist), c-len(r.history.Counts))]
	r.logNo++
	r.mu.Unlock()
	s.known = min(s.known, c)
}

// publish makes the game's current state visible to Sync; a new game number drops the
// events and history of the game before.
func (r *Runner) publish(s *runState, g Game, game int, running bool) {
	if game != s.gameNo {
		s.g, s.gameNo = g, game
		s.tape, _ = g.(*tapeGame)
		if s.tape != nil {
			s.tape.forget = func(c int) { r.forget(s, c) }
		}
		s.evbuf, s.hist, s.known = s.evbuf[:0], s.hist[:0], 0
		r.mu.Lock()
		r.events = r.events[:0]
		r.history.Counts = r.history.Counts[:0]
		r.mu.Unlock()
	}
	r.mu.Lock()
	p := &r.pub
	p.Game = s.gameNo
	p.Running = running
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
}
