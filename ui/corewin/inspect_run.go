package corewin

import (
	"fmt"
	"slices"
	"strings"

	"robocom/corewars"
	"robocom/corewars/play"
	"robocom/internal/termtext"
	"robocom/ui/kit"
)

// The inspector's side of the simulation goroutine, without Gio: the recipe that rebuilds
// the game for a rewind, a warrior's single step, breakpoints and write watches, and the
// views of the inspected warriors that each publish carries.
//
// The engines are deterministic, so going back is rebuilding the game from its recipe and
// playing it forward to the cycle asked for (BenchmarkRewind: a Redcode round of 80,000
// cycles replays in a few milliseconds), with no history kept.

// recipe is what a game was made from: the same recipe makes the same game. A round of a
// Redcode series starts with what the round before left in p-space, so that is part of it.
type recipe struct {
	progs  []*play.Program
	copies []int
	params play.Params
	seed   int64
	pspace play.PSpace // the p-space the round starts with (the zero PSpace: empty)
}

func (rc *recipe) build() (corewars.Engine, error) {
	return play.NewRound(rc.progs, rc.copies, rc.params, rc.seed, rc.pspace)
}

// Breaks are the inspectors' breakpoints: Exec pauses before a process runs an instruction
// at one of its addresses, Watch pauses after every instruction that writes a watched cell.
// The runner turns them into the engine's corewars.Breakpoints, whose RunUntil checks them
// at nearly full speed.
type Breaks struct {
	Exec  map[int][]int // per process, addresses
	Watch []int
}

func (b Breaks) empty() bool { return len(b.Exec) == 0 && len(b.Watch) == 0 }

// WarriorView is what an inspector panel shows of one process.
type WarriorView struct {
	Process  int
	Alive    bool
	Next     bool     // its turn is next
	Threads  []int    // its threads' addresses, the one that runs next first (at most maxQueue)
	Total    int      // how many threads it has
	Listings [][]Line // the code around each of its first maxListings threads
}

// Line is one cell of a listing.
type Line struct {
	Addr  int
	Text  string
	Owner int
}

const (
	maxQueue    = 64 // thread addresses copied per inspected process
	maxListings = 4  // threads whose code is listed
	listBefore  = 3  // lines listed before a thread's address
	listAfter   = 5  // and after
)

// inspectState is the simulation goroutine's own inspector state (runner.insp).
type inspectState struct {
	recipe   *recipe
	game     int   // the game these belong to
	furthest pos   // the furthest moment this game reached: "Latest →" and the slider's end
	extra    int   // instructions run since the current time slice began
	procs    []int // inspected processes, whose views are published
	breaks   Breaks
	points   *corewars.Breakpoints // breaks for the engine in play (size, processes)
	skip     pos                   // where the last hit stopped: resuming runs that instruction
	hits     int
	hit      string
	noteSeq  int
	note     string
	stepSeq  int    // counts the notes of warriors' steps
	stepProc int    // the warrior whose step stepNote is about
	stepNote string // why its step stopped before its instruction
	buf      []int
}

// pos is a moment of a game: the completed time slices and the instructions since.
type pos struct {
	cycle int64
	extra int
}

// setRecipe tells the runner what the next game is made from (before reset).
func (r *runner) setRecipe(rc *recipe) { r.Send(func() { r.insp.recipe = rc }) }

// setInspected sets the processes whose views each publish carries.
func (r *runner) setInspected(procs []int) {
	procs = slices.Clone(procs)
	r.Do(func(corewars.Engine, bool) { r.insp.procs = procs })
}

// setBreaks replaces the breakpoints and write watches.
func (r *runner) setBreaks(b Breaks) {
	r.Send(func() { r.insp.breaks, r.insp.points = b, nil })
}

// breakpoints are in.breaks for engine e, made again for a game of another size. Addresses
// outside e's core are left out, not taken modulo its size: the panels drop them
// (inspectorsView.dropOutside) and must not list 1177 while the engine stops at 77.
func (in *inspectState) breakpoints(e corewars.Engine) *corewars.Breakpoints {
	if b := in.points; b != nil && b.Size() == e.Size() && b.Processes() == e.Processes() {
		return b
	}
	size := e.Size()
	b := corewars.NewBreakpoints(size, e.Processes())
	for p, as := range in.breaks.Exec {
		for _, a := range as {
			if a >= 0 && a < size {
				b.Break(p, a)
			}
		}
	}
	for _, a := range in.breaks.Watch {
		if a >= 0 && a < size {
			b.Watch(a)
		}
	}
	in.points = b
	return b
}

func (in *inspectState) newGame(game int) {
	in.game, in.furthest, in.extra, in.hits, in.hit = game, pos{}, 0, 0, ""
	in.skip = pos{-1, 0}
}

func (in *inspectState) at(e corewars.Engine) pos { return pos{e.Cycle(), in.extra} }

func (p pos) before(q pos) bool { return p.cycle < q.cycle || p.cycle == q.cycle && p.extra < q.extra }

// reached moves the furthest moment on to where e stands, when that is further.
func (in *inspectState) reached(e corewars.Engine) {
	if here := in.at(e); in.furthest.before(here) {
		in.furthest = here
	}
}

// step runs one instruction, keeping count of the instructions into the time slice.
func (in *inspectState) step(e corewars.Engine) {
	c := e.Cycle()
	e.Step()
	if e.Cycle() != c {
		in.extra = 0
	} else {
		in.extra++
	}
	in.reached(e)
}

// advance plays up to n time slices, as corewars.Engine.Run, but through RunUntil while
// breakpoints are set, and stops at a hit.
func (r *runner) advance(e corewars.Engine, n int) int {
	in := &r.insp
	if in.breaks.empty() {
		got := e.Run(n)
		if !e.Over() {
			in.extra = 0
		}
		in.reached(e)
		return got
	}
	got, s := in.runUntil(e, n, in.breakpoints(e))
	if s.Kind != corewars.StopNone {
		in.hitAt(e, s)
		r.Halt()
	}
	return got
}

// runUntil is e.RunUntil from where the game is, resuming past the instruction a hit
// stopped before, and keeps count of the instructions into the time slice.
func (in *inspectState) runUntil(e corewars.Engine, n int, b *corewars.Breakpoints) (int, corewars.Stop) {
	c := e.Cycle()
	got, s := e.RunUntil(n, b, in.at(e) == in.skip)
	if e.Cycle() == c {
		in.extra += s.Into
	} else {
		in.extra = s.Into
	}
	in.reached(e)
	return got, s
}

// hitAt records a breakpoint or watch hit. Resuming from a breakpoint runs the instruction
// it stopped before; a watch stopped after its instruction, so the next one is checked.
func (in *inspectState) hitAt(e corewars.Engine, s corewars.Stop) {
	in.skip = pos{-1, 0}
	if s.Kind == corewars.StopBreak {
		in.skip = in.at(e)
	}
	in.hits++
	switch s.Kind {
	case corewars.StopBreak:
		in.hit = fmt.Sprintf("Breakpoint: %s is about to execute %d in cycle %d.", in.who(e, s.Process), s.Addr, s.Cycle)
	case corewars.StopWatch:
		in.hit = fmt.Sprintf("Watch: cell %d was written by %s in cycle %d.", s.Addr, in.who(e, s.Process), s.Cycle)
	}
}

// shownName is process p's name as the notices show it: escaped (shownProcess) and clipped
// as names in one line are (kit.TitleName), so that a name of 300 characters does not wrap
// the line under the core over four.
func shownName(e corewars.Engine, p int) string {
	return strings.TrimSpace(termtext.Clip(shownProcess(e, p).Name, kit.TitleName))
}

func (in *inspectState) who(e corewars.Engine, p int) string {
	if p < 0 || p >= e.Processes() {
		return "a warrior"
	}
	return fmt.Sprintf("%s (process %d)", shownName(e, p), p)
}

// stepProcess pauses and runs the game until process p has executed its next instruction,
// then publishes. A breakpoint or watch of another warrior hit before stops it there, as a
// robot's Step instruction stops at another robot's breakpoint; p's own breakpoint at the
// instruction it is about to run does not (that instruction is the one asked for).
func (r *runner) stepProcess(p int) {
	r.Pause()
	r.Do(func(e corewars.Engine, ok bool) {
		in := &r.insp
		switch {
		case !ok:
			return
		case e.Over():
			in.say("The game is over; nothing more runs.")
			return
		case p < 0 || p >= e.Processes():
			in.say(fmt.Sprintf("Process %d is not in this game: it has fewer warriors.", p))
			return
		case !e.Process(p).Alive:
			in.say("This warrior is dead; it runs no more instructions.")
			return
		}
		b := in.breakpoints(e)
		b.Turn = p
		defer func() { b.Turn = -1 }()
		// A live warrior runs within the time slice in progress or the next.
		_, s := in.runUntil(e, 2, b)
		switch {
		case s.Kind == corewars.StopTurn:
			in.skip = pos{-1, 0}
		case s.Kind == corewars.StopWatch && s.Process == p:
			in.hitAt(e, s) // its own instruction wrote a watched cell: say so
		case s.Kind != corewars.StopNone:
			in.hitAt(e, s)
			what := fmt.Sprintf("%s's breakpoint at %d was hit first", shownName(e, s.Process), s.Addr)
			if s.Kind == corewars.StopWatch {
				what = fmt.Sprintf("%s wrote the watched cell %d first", shownName(e, s.Process), s.Addr)
			}
			in.stepSeq, in.stepProc = in.stepSeq+1, p
			in.stepNote = "Step stopped before this warrior's instruction: " + what + ". Step again to go on."
		case e.Over():
			in.say("The game ended before this warrior's turn.")
		default:
			in.say(fmt.Sprintf("Process %d did not get its turn in two cycles.", p))
		}
	})
}

func (in *inspectState) say(s string) { in.note, in.noteSeq = s, in.noteSeq+1 }

// seek pauses and moves the game to the beginning of time slice c, or at the furthest
// slice reached to the furthest moment in it (single steps may have gone into it), then
// calls done (if set) on the simulation goroutine.
func (r *runner) seek(c int64, done func()) {
	r.Pause()
	r.Do(func(e corewars.Engine, ok bool) {
		if ok {
			to := pos{max(c, 0), 0}
			if c >= r.insp.furthest.cycle {
				to = r.insp.furthest
			}
			r.seekTo(e, to)
		}
		if done != nil {
			done()
		}
	})
}

// back is "← 1 cycle": to the beginning of the time slice in progress, or of the one before.
func (r *runner) back() {
	r.Pause()
	r.Do(func(e corewars.Engine, ok bool) {
		if !ok {
			return
		}
		c := e.Cycle()
		if r.insp.extra == 0 {
			c--
		}
		r.seekTo(e, pos{max(c, 0), 0})
	})
}

// seekTo moves to moment to (at most the furthest reached): forward by playing on, back by
// rebuilding the game and replaying it.
func (r *runner) seekTo(e corewars.Engine, to pos) {
	in := &r.insp
	if in.recipe == nil {
		return
	}
	if in.furthest.before(to) {
		to = in.furthest
	}
	here := in.at(e)
	if here == to {
		return
	}
	if here.before(to) {
		if to.cycle > here.cycle {
			e.Run(int(to.cycle - here.cycle))
			in.extra = 0
		}
		in.stepInto(e, to.extra)
		in.skip = pos{-1, 0}
		return
	}
	g, err := in.recipe.build()
	if err != nil {
		in.say("Cannot go back: " + err.Error())
		return
	}
	r.trace, r.traceHead = r.trace[:0], 0
	r.installTrace(g, true)
	g.Run(int(to.cycle))
	in.extra, in.skip = 0, pos{-1, 0}
	in.stepInto(g, to.extra)
	r.Swap(g)
}

// stepInto runs single instructions until n of the time slice in progress have run.
func (in *inspectState) stepInto(e corewars.Engine, n int) {
	for c := e.Cycle(); in.extra < n && e.Cycle() == c && !e.Over(); {
		in.step(e)
	}
}

// fillInspect adds to p what the inspectors show; on the simulation goroutine, in Publish.
func (r *runner) fillInspect(e corewars.Engine, p *Snapshot, game int) {
	in := &r.insp
	if game != in.game {
		in.newGame(game)
	}
	p.Furthest, p.MidSlice = in.furthest.cycle, in.extra > 0
	p.LatestAhead = e != nil && in.at(e).before(in.furthest) && e.Cycle() == in.furthest.cycle
	p.Hits, p.Hit, p.NoteSeq, p.Note = in.hits, in.hit, in.noteSeq, in.note
	p.StepSeq, p.StepProc, p.StepNote = in.stepSeq, in.stepProc, in.stepNote
	p.Views = p.Views[:0]
	if e == nil {
		return
	}
	next := e.Next()
	for _, proc := range in.procs {
		if proc < 0 || proc >= e.Processes() {
			continue
		}
		st := e.Process(proc)
		v := WarriorView{Process: proc, Next: proc == next, Alive: st.Alive, Total: st.Threads}
		in.buf = e.Threads(proc, in.buf[:0], maxQueue)
		v.Threads = slices.Clone(in.buf)
		for _, a := range v.Threads[:min(len(v.Threads), maxListings)] {
			lines := make([]Line, 0, listBefore+listAfter+1)
			for d := -listBefore; d <= listAfter; d++ {
				addr := corewars.Wrap(a+d, e.Size())
				c := e.Cell(addr)
				lines = append(lines, Line{Addr: addr, Text: c.Text, Owner: c.Owner})
			}
			v.Listings = append(v.Listings, lines)
		}
		p.Views = append(p.Views, v)
	}
}
