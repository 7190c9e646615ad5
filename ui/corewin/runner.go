package corewin

import (
	"errors"
	"strconv"
	"sync"

	"robocom/corewars"
	"robocom/corewars/play"
	"robocom/internal/termtext"
	"robocom/ui/kit"
)

// Snapshot is what the window draws of a game at one moment. The runner's goroutine fills
// it (at most about 60 times a second) and the UI copies it; the UI never waits for a block
// of steps to finish.
type Snapshot struct {
	Game    int // counts games: a new number means a new game
	Size    int
	Cycle   int64
	Over    bool
	Stopped string // why the game ended before its end (the engine's Err), "" if it did not
	Running bool
	Owner   []int16 // per cell: the owning process, -1 none
	Written []int64 // per cell: time slice of the last write, -1 never
	// WriteTimes is false for an engine that keeps none (the Redcode adapter): its cells
	// are then all drawn in full colour, none as old.
	WriteTimes bool
	Stats      []corewars.ProcessStat
	Threads    [][]int // per process: thread addresses in run order (at most maxThreadMarks)

	// For the inspectors (inspect_run.go).
	Furthest int64 // the furthest time slice this game reached: the timeline's end
	MidSlice bool  // instructions of the time slice Cycle have run (single steps)
	// LatestAhead: Cycle is the furthest slice, and single steps went further into it than
	// the game stands: "Latest →" goes there.
	LatestAhead bool
	Views       []WarriorView // the inspected processes
	Hits        int           // breakpoint and watch hits so far in this game
	Hit         string        // what the last hit was
	NoteSeq     int           // counts notes: a new number is a new note
	Note        string        // the last sentence from the simulation (a step that could not run)
	StepSeq     int           // counts step notes: a new number is a new one
	StepProc    int           // the warrior whose Step StepNote is about
	StepNote    string        // why its Step stopped before its instruction (for its panel)
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

// runner plays a corewars.Engine on the windows' one simulation goroutine (kit.Runner):
// only that goroutine touches the engine; the window reads a cell or the trace through
// Read, and copies the published snapshot with sync.
type runner struct {
	*kit.Runner[corewars.Engine]

	mu  sync.Mutex // guards pub
	pub Snapshot

	// The simulation goroutine's own.
	gameNo    int
	traceProc int // -1: no trace
	trace     []TraceLine
	traceHead int // ring start once full
	insp      inspectState
}

func newRunner(invalidate func()) *runner {
	r := &runner{traceProc: -1}
	r.Runner = kit.NewRunner[corewars.Engine](coreDriver{r}, invalidate)
	return r
}

// reset replaces the game, paused, and waits until its first snapshot is published.
func (r *runner) reset(e corewars.Engine) {
	r.Reset(e, e != nil)
	r.Read(func(corewars.Engine, bool) {})
}

// setRunning starts or pauses the game.
func (r *runner) setRunning(on bool) {
	if on {
		r.Start()
	} else {
		r.Pause()
	}
}

// stepInstr runs single instructions (the next thread of the process whose turn it is).
func (r *runner) stepInstr(n int) {
	r.Pause()
	r.Do(func(e corewars.Engine, ok bool) {
		for ; ok && n > 0; n-- {
			r.insp.step(e)
		}
	})
}

// block runs n time slices at the current speed, then pauses.
func (r *runner) block(n int64) { r.StepN(int(min(n, 1<<40))) }

// setTrace chooses the process whose instructions are traced (-1: none). Tracing installs
// the engine's event handler only then, so an untraced game runs without it.
func (r *runner) setTrace(p int) {
	r.Send(func() {
		if p != r.traceProc {
			r.traceProc = p
			r.trace, r.traceHead = r.trace[:0], 0
			e, ok, _ := r.Game()
			r.installTrace(e, ok)
		}
	})
}

func (r *runner) installTrace(e corewars.Engine, ok bool) {
	if !ok {
		return
	}
	if r.traceProc < 0 {
		e.SetEventHandler(nil)
		return
	}
	p := r.traceProc
	e.SetEventHandler(func(ev corewars.Event) {
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
	r.Read(func(corewars.Engine, bool) {
		dst = append(dst[:0], r.trace[r.traceHead:]...)
		dst = append(dst, r.trace[:r.traceHead]...)
	})
	return dst
}

// withEngine runs f with the engine (nil if none) on the simulation goroutine and waits:
// for reading cells.
func (r *runner) withEngine(f func(corewars.Engine)) {
	r.Read(func(e corewars.Engine, ok bool) {
		if !ok {
			e = nil
		}
		f(e)
	})
}

// sync copies the latest snapshot into s, reusing its slices.
func (r *runner) sync(s *Snapshot) {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := &r.pub
	s.Game, s.Size, s.Cycle, s.Over, s.Stopped, s.Running = p.Game, p.Size, p.Cycle, p.Over, p.Stopped, r.Running()
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
	s.Furthest, s.MidSlice, s.LatestAhead, s.Hits, s.Hit, s.NoteSeq, s.Note = p.Furthest, p.MidSlice, p.LatestAhead, p.Hits, p.Hit, p.NoteSeq, p.Note
	s.StepSeq, s.StepProc, s.StepNote = p.StepSeq, p.StepProc, p.StepNote
	s.Views = append(s.Views[:0], p.Views...) // each publish makes new views: sharing them is safe
}

// coreDriver plays and publishes Core War games for kit.Runner.
type coreDriver struct{ r *runner }

func (d coreDriver) Advance(e corewars.Engine, n int) int { return d.r.advance(e, n) }

func (d coreDriver) Over(e corewars.Engine) bool { return e.Over() }

// Publish refreshes the published snapshot from the engine; a new game starts a new trace.
func (d coreDriver) Publish(e corewars.Engine, ok bool, game int, running bool) {
	r := d.r
	if game != r.gameNo {
		r.gameNo = game
		r.trace, r.traceHead = r.trace[:0], 0
		r.installTrace(e, ok)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	p := &r.pub
	p.Game = game
	if !ok {
		p.Size, p.Cycle, p.Over, p.Stopped = 0, 0, false, ""
		p.Owner, p.Written, p.Stats, p.Threads = p.Owner[:0], p.Written[:0], p.Stats[:0], p.Threads[:0]
		r.fillInspect(nil, p, game)
		return
	}
	fillSnapshot(e, p)
	r.fillInspect(e, p, game)
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

// stopReason is why a round stopped short, worded for the window: the process limit to lower
// is the Parameters tab's field, not pMARS's -p (named alone: the result shows two lines).
func stopReason(err error) string {
	var qe *play.QueueMemoryError
	if errors.As(err, &qe) {
		_, threads, _ := paramNames(play.Redcode)
		return qe.Advise(strconv.Quote(threads))
	}
	return err.Error()
}

// fillSnapshot copies what the window draws from e into p, reusing p's slices.
func fillSnapshot(e corewars.Engine, p *Snapshot) {
	n := e.Size()
	p.Size, p.Cycle, p.Over, p.Stopped = n, e.Cycle(), e.Over(), ""
	if err := corewars.StopErr(e); err != nil && p.Over {
		p.Stopped = stopReason(err)
	}
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
		p.Stats = append(p.Stats, shownProcess(e, i))
	}
	for len(p.Threads) < np {
		p.Threads = append(p.Threads, nil)
	}
	p.Threads = p.Threads[:np]
	for i := 0; i < np; i++ {
		p.Threads[i] = e.Threads(i, p.Threads[i][:0], maxThreadMarks)
	}
}

// shownProcess is e.Process(p) with its name (a warrior's ;name line) escaped by termtext, as
// the window shows every text from a file: a right-to-left override or an ESC in it would
// reorder or garble the Statistics tab, the inspectors and the status line. Escape returns a
// clean name as it is, so publishing allocates nothing for it.
func shownProcess(e corewars.Engine, p int) corewars.ProcessStat {
	st := e.Process(p)
	st.Name = termtext.Escape(st.Name)
	return st
}
