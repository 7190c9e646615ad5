package corewin

import (
	"sync"
	"time"

	"robocom/corewars"
)

// Snapshot is what the window draws of a game at one moment. The runner's goroutine fills
// it (at most about 60 times a second) and the UI copies it; the UI never waits for a block
// of steps to finish.
type Snapshot struct {
	Game    int // counts games: a new number means a new game
	Size    int
	Cycle   int64
	Over    bool
	Running bool
	Owner   []int16 // per cell: the owning process, -1 none
	Written []int64 // per cell: time slice of the last write, -1 never
	// WriteTimes is false for an engine that keeps none (the Redcode adapter): its cells
	// are then all drawn in full colour, none as old.
	WriteTimes bool
	Stats      []corewars.ProcessStat
	Threads    [][]int // per process: thread addresses in run order (at most maxThreadMarks)
}

// maxThreadMarks bounds the thread positions copied per process (a Redcode warrior may
// have 8000); the statistics still count them all.
const maxThreadMarks = 512

// TraceLine is one executed instruction (or a thread's death) of the traced process.
type TraceLine struct {
	Cycle int64
	Addr  int
	Text  string // the cell's content before it ran, or why the thread died
	Died  bool
}

// maxTrace is how many trace lines are kept (the newest).
const maxTrace = 400

// runner runs a corewars.Engine on its own goroutine. Only that goroutine steps the engine;
// everything else touches it under mu, briefly (the cell under the pointer, the dump rows),
// and the runner releases mu between blocks of at most a few milliseconds.
type runner struct {
	invalidate func()
	wake       chan struct{}
	quit       chan struct{}
	done       chan struct{}

	mu      sync.Mutex // guards everything below
	eng     corewars.Engine
	gameNo  int
	running bool
	budget  int64 // time slices to run while paused (a block), 0 none
	steps   int   // single instructions to run
	speed   int   // time slices per second; 0: as fast as the machine goes
	pub     Snapshot
	dirty   bool

	traceProc int // -1: no trace
	trace     []TraceLine
	traceHead int // ring start once full
}

func newRunner(invalidate func()) *runner {
	if invalidate == nil {
		invalidate = func() {}
	}
	r := &runner{invalidate: invalidate, wake: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{}), speed: 200, traceProc: -1}
	go r.loop()
	return r
}

func (r *runner) close() {
	select {
	case <-r.quit:
	default:
		close(r.quit)
	}
	<-r.done
}

func (r *runner) poke() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// reset replaces the game, paused.
func (r *runner) reset(e corewars.Engine) {
	r.mu.Lock()
	r.eng = e
	r.gameNo++
	r.running, r.budget, r.steps = false, 0, 0
	r.trace, r.traceHead = r.trace[:0], 0
	r.installTrace()
	r.publishLocked()
	r.mu.Unlock()
	r.invalidate()
}

func (r *runner) setRunning(on bool) {
	r.mu.Lock()
	r.running = on && r.eng != nil && !r.eng.Over()
	r.budget, r.steps = 0, 0
	r.dirty = true
	r.mu.Unlock()
	r.poke()
}

// stepInstr runs single instructions (the next thread of the process whose turn it is).
func (r *runner) stepInstr(n int) {
	r.mu.Lock()
	r.running = false
	r.steps += n
	r.mu.Unlock()
	r.poke()
}

// block runs n time slices at the current speed, then pauses.
func (r *runner) block(n int64) {
	r.mu.Lock()
	r.running = false
	r.budget += n
	r.mu.Unlock()
	r.poke()
}

func (r *runner) setSpeed(s int) {
	r.mu.Lock()
	r.speed = s
	r.mu.Unlock()
	r.poke()
}

// setTrace chooses the process whose instructions are traced (-1: none). Tracing installs
// the engine's event handler only then, so an untraced game runs without it.
func (r *runner) setTrace(p int) {
	r.mu.Lock()
	if p != r.traceProc {
		r.traceProc = p
		r.trace, r.traceHead = r.trace[:0], 0
		r.installTrace()
	}
	r.mu.Unlock()
}

func (r *runner) installTrace() {
	if r.eng == nil {
		return
	}
	if r.traceProc < 0 {
		r.eng.SetEventHandler(nil)
		return
	}
	e, p := r.eng, r.traceProc
	r.eng.SetEventHandler(func(ev corewars.Event) {
		if ev.Process != p {
			return
		}
		switch ev.Kind {
		case corewars.EventExec:
			r.addTrace(TraceLine{Cycle: ev.Cycle, Addr: ev.Addr, Text: e.Cell(ev.Addr).Text})
		case corewars.EventThreadDied:
			r.addTrace(TraceLine{Cycle: ev.Cycle, Addr: ev.Addr, Text: "thread died: " + ev.Cause, Died: true})
		}
	})
}

func (r *runner) addTrace(l TraceLine) {
	if len(r.trace) < maxTrace {
		r.trace = append(r.trace, l)
		return
	}
	r.trace[r.traceHead] = l
	r.traceHead = (r.traceHead + 1) % maxTrace
}

// traceLines copies the trace, oldest first.
func (r *runner) traceLines(dst []TraceLine) []TraceLine {
	r.mu.Lock()
	defer r.mu.Unlock()
	dst = append(dst[:0], r.trace[r.traceHead:]...)
	return append(dst, r.trace[:r.traceHead]...)
}

// withEngine runs f with the engine (nil if none) under the lock: for reading cells.
func (r *runner) withEngine(f func(corewars.Engine)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	f(r.eng)
}

// sync copies the latest snapshot into s, reusing its slices.
func (r *runner) sync(s *Snapshot) {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := &r.pub
	s.Game, s.Size, s.Cycle, s.Over, s.Running = p.Game, p.Size, p.Cycle, p.Over, r.running || r.budget > 0 || r.steps > 0
	s.WriteTimes = p.WriteTimes
	s.Owner = append(s.Owner[:0], p.Owner...)
	s.Written = append(s.Written[:0], p.Written...)
	s.Stats = append(s.Stats[:0], p.Stats...)
	for len(s.Threads) < len(p.Threads) {
		s.Threads = append(s.Threads, nil)
	}
	s.Threads = s.Threads[:len(p.Threads)]
	for i := range p.Threads {
		s.Threads[i] = append(s.Threads[i][:0], p.Threads[i]...)
	}
}

// publishLocked refreshes the published snapshot from the engine. Called with mu held.
func (r *runner) publishLocked() {
	p := &r.pub
	r.dirty = false
	p.Game = r.gameNo
	if r.eng == nil {
		p.Size, p.Cycle, p.Over = 0, 0, false
		p.Owner, p.Written, p.Stats, p.Threads = p.Owner[:0], p.Written[:0], p.Stats[:0], p.Threads[:0]
		return
	}
	fillSnapshot(r.eng, p)
}

// ownerOnly and writtenOnly are engines that tell a cell's owner and the time of its last
// write without describing the cell: Cell formats the instruction, too slow (and allocating)
// for every cell of a core ~30 times a second.
type ownerOnly interface {
	Owner(addr int) int
}

type writtenOnly interface {
	Written(addr int) int64
}

// keepsWriteTimes tells whether the engine records when cells were written: all do unless
// they say otherwise with a WriteTimes method.
func keepsWriteTimes(e corewars.Engine) bool {
	if o, ok := e.(interface{ WriteTimes() bool }); ok {
		return o.WriteTimes()
	}
	return true
}

// fillSnapshot copies what the window draws from e into p, reusing p's slices.
func fillSnapshot(e corewars.Engine, p *Snapshot) {
	n := e.Size()
	p.Size, p.Cycle, p.Over = n, e.Cycle(), e.Over()
	if cap(p.Owner) < n {
		p.Owner, p.Written = make([]int16, n), make([]int64, n)
	}
	p.Owner, p.Written = p.Owner[:n], p.Written[:n]
	p.WriteTimes = keepsWriteTimes(e)
	o, owners := e.(ownerOnly)
	w, written := e.(writtenOnly)
	switch {
	case owners && !p.WriteTimes:
		// No write times to copy: ask for owners only, skipping the cell's text.
		for a := 0; a < n; a++ {
			p.Owner[a], p.Written[a] = int16(o.Owner(a)), -1
		}
	case owners && written:
		for a := 0; a < n; a++ {
			p.Owner[a], p.Written[a] = int16(o.Owner(a)), w.Written(a)
		}
	default:
		for a := 0; a < n; a++ {
			c := e.Cell(a)
			p.Owner[a], p.Written[a] = int16(c.Owner), c.Written
		}
	}
	np := e.Processes()
	p.Stats = p.Stats[:0]
	for i := 0; i < np; i++ {
		p.Stats = append(p.Stats, e.Process(i))
	}
	for len(p.Threads) < np {
		p.Threads = append(p.Threads, nil)
	}
	p.Threads = p.Threads[:np]
	for i := 0; i < np; i++ {
		p.Threads[i] = e.Threads(i, p.Threads[i][:0])
		if len(p.Threads[i]) > maxThreadMarks {
			p.Threads[i] = p.Threads[i][:maxThreadMarks]
		}
	}
}

// frameEvery is how often the runner publishes while it runs.
const frameEvery = 33 * time.Millisecond

// chunk bounds one locked block at full speed, so the UI never waits long for mu.
const chunk = 4 * time.Millisecond

func (r *runner) loop() {
	defer close(r.done)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	var last time.Time // time of the last paced step
	var carry float64  // fractional slices owed at slow speeds
	lastPub := time.Now()
	pubEvery := frameEvery
	slicesPerChunk := int64(64)
	for {
		select {
		case <-r.quit:
			return
		case <-r.wake:
		case <-tick.C:
		}
		for {
			r.mu.Lock()
			if r.eng == nil || (!r.running && r.budget == 0 && r.steps == 0) {
				if r.dirty {
					r.publishLocked()
					r.mu.Unlock()
					r.invalidate()
				} else {
					r.mu.Unlock()
				}
				last = time.Time{}
				break
			}
			e := r.eng
			if r.steps > 0 {
				for ; r.steps > 0; r.steps-- {
					e.Step()
				}
				r.publishLocked()
				r.mu.Unlock()
				r.invalidate()
				continue
			}
			// How many time slices now: paced by speed, or a chunk at full speed.
			var want int64
			now := time.Now()
			if r.speed > 0 {
				if last.IsZero() {
					last, carry = now, 1 // start at once
				}
				carry += now.Sub(last).Seconds() * float64(r.speed)
				last = now
				want = int64(carry)
				carry -= float64(want)
			} else {
				want = slicesPerChunk
			}
			if r.budget > 0 && want > r.budget {
				want = r.budget
			}
			if want > 0 {
				t0 := time.Now()
				done := int64(e.Run(int(want)))
				if r.speed <= 0 {
					// Adapt the chunk so that one lock lasts about chunk.
					if d := time.Since(t0); d < chunk/2 && slicesPerChunk < 1<<20 {
						slicesPerChunk *= 2
					} else if d > chunk && slicesPerChunk > 1 {
						slicesPerChunk /= 2
					}
				}
				if r.budget > 0 {
					r.budget -= want
				}
				if done < want || e.Over() {
					r.running, r.budget = false, 0
				}
				r.dirty = true
			}
			pub := r.dirty && (time.Since(lastPub) >= pubEvery || !r.running && r.budget == 0)
			if pub {
				t0 := time.Now()
				r.publishLocked()
				lastPub = time.Now()
				// A costly copy (a big Redcode core) is made less often, so that the copy
				// never takes more than about an eighth of the simulation's time.
				pubEvery = max(frameEvery, 8*lastPub.Sub(t0))
			}
			paced := r.speed > 0
			r.mu.Unlock()
			if pub {
				r.invalidate()
			}
			if paced {
				break // wait for the next tick
			}
			select {
			case <-r.quit:
				return
			default:
			}
		}
	}
}
