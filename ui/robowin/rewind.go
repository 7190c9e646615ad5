package robowin

import (
	"fmt"
	"slices"
	"sort"
	"time"

	"robocom/arena"
	"robocom/robolang"
)

// tapeGame wraps the window's arena game so that it can be rewound. The game is
// deterministic, so the tape needs only periodic snapshots plus the debugger's edits (which
// are the only input from outside): going to cycle c restores the last snapshot at or
// before c and replays from there, applying the edits again at the cycles they were made.
//
// Moving back does not discard the future: as long as nothing is edited, the timeline can
// be moved forward again up to the furthest cycle reached. An edit made at cycle c ends the
// old future (snapshots and edits after c are dropped), because the game now goes elsewhere.
//
// Only the Runner's goroutine touches a tapeGame (through Runner closures), like any Game.
type tapeGame struct {
	Game                       // the adapted arena game (an *ArenaGame)
	eng      *arena.Game       // the engine inside it
	snaps    []*arena.Snapshot // ascending cycles, snaps[0] at cycle 0; taken before that cycle's edits
	base     *arena.Snapshot   // the full snapshot new ones are taken as changes from (SnapshotSince)
	every    int               // snapshot interval in cycles, a power of two: spacing's, at least floor
	floor    int               // the interval thinning set (it doubles it)
	maxSnaps int               // bound on len(snaps)
	bytes    int               // what the snapshots and their bases hold (Snapshot.Bytes), kept within snapBudgetBytes
	edits    []tapeEdit        // ascending cycles; same-cycle edits in the order made
	furthest int               // the furthest cycle reached on this timeline
	seeking  bool              // replaying for a rewind: breakpoints are not checked
	lastIns  int64             // the instructions completed when the last snapshot was taken
	// progress, when set, is told each cycle a seek replays (from the cycle the replay
	// started at towards to); it returns false to stop the seek where it stands.
	progress func(from, at, to int) bool
	// forget, when set, is told that the cycles after c are no longer this game's future
	// (an edit at c): the Runner drops their event log and graph.
	forget func(c int)
	br     breakState // breakpoints (debugger_break.go)
}

// tapeEdit is one change made from a debugger, applied after cycle Cycle.
type tapeEdit struct {
	Cycle int
	Robot int
	Var   int // 1..20 for #1..#20, 0 for #Active
	Value int16
}

// Memory bound of the snapshots, measured (Snapshot.Bytes): on a 200×200 board of 40,000
// robots a full snapshot takes about 11 MB and one taken as the changes from it about 1.3
// MB, on a small board a few kB, so the spacing follows what the game holds rather than
// its board size. A new full snapshot is taken when the changes would hold more than a
// rebaseShare of the base.
const (
	snapBudgetBytes = 192 << 20
	rebaseShare     = 3
	minSnaps        = 16
	maxSnapsKept    = 512
	firstSnapEvery  = 64
	maxSnapEvery    = 1 << 14
	snapRobotInstrs = 2
)

// newTapeGame wraps g, whose engine is eng, at its first cycle.
func newTapeGame(g Game, eng *arena.Game) *tapeGame {
	t := &tapeGame{Game: g, eng: eng, every: firstSnapEvery, floor: firstSnapEvery, maxSnaps: maxSnapsKept}
	t.base = eng.Snapshot()
	t.snaps = append(t.snaps, t.base)
	t.bytes = t.base.Bytes()
	t.furthest = eng.Cycle()
	t.br.deathsSeen = eng.DeathCount()
	return t
}

// Engine is the arena game, for the debuggers' views.
func (t *tapeGame) Engine() *arena.Game { return t.eng }

// Step simulates the next cycle, keeps the tape and checks breakpoints.
func (t *tapeGame) Step() {
	if t.eng.Over() {
		return
	}
	t.Game.Step()
	c := t.eng.Cycle()
	if c%t.every == 0 && c > t.snaps[len(t.snaps)-1].Cycle() {
		t.addSnapshot()
	}
	t.applyEdits(c)
	if c > t.furthest {
		t.furthest = c
	}
	if !t.seeking {
		t.br.check(t.eng)
	}
}

func (t *tapeGame) addSnapshot() {
	prev := t.snaps[len(t.snaps)-1].Cycle()
	s := t.eng.SnapshotSince(t.base)
	if s.Base() == nil || s.Bytes()*rebaseShare > t.base.Bytes() {
		s = t.eng.Snapshot()
		t.base = s
	}
	t.snaps = append(t.snaps, s)
	ins := t.eng.Instructions()
	robots := 0
	for _, n := range t.eng.TeamCounts() {
		robots += n
	}
	if ins > t.lastIns { // not when an edit dropped the snapshot lastIns was counted at
		t.every = max(t.floor, spacing(robots, float64(ins-t.lastIns)/float64(s.Cycle()-prev)))
	}
	t.lastIns = ins
	t.recount()
	for len(t.snaps) > t.maxSnaps || t.bytes > snapBudgetBytes && len(t.snaps) > minSnaps {
		t.thin()
	}
}

// spacing is the snapshot interval for a game of this many robots completing this many
// instructions a cycle: the power of two (firstSnapEvery..maxSnapEvery) at which taking the
// snapshots costs at most a tenth of the simulation, so that a rewind replays at most about
// ten snapshots' time. It is worked out from a model of the costs rather than the clock: on
// a loaded machine the clock made one slow snapshot double the interval for good (16
// snapshots in 100,000 cycles of the 200×200 board, 1.5 s to go one cycle back). Measured
// on that board (BenchmarkSnapshotCost): a delta snapshot costs about as much per robot as
// snapRobotInstrs instructions' simulation.
func spacing(robots int, insPerCycle float64) int {
	e := firstSnapEvery
	for e < maxSnapEvery && float64(robots*snapRobotInstrs*10) > insPerCycle*float64(e) {
		e *= 2
	}
	return e
}

// recount sums what the snapshots hold, each full snapshot that deltas keep counted once
// whether or not it is still on the tape itself.
func (t *tapeGame) recount() {
	t.bytes = 0
	var bases []*arena.Snapshot
	for _, s := range t.snaps {
		t.bytes += s.Bytes()
		if b := s.Base(); b != nil && !slices.Contains(bases, b) {
			bases = append(bases, b)
		}
	}
	for _, b := range bases {
		if !slices.Contains(t.snaps, b) {
			t.bytes += b.Bytes()
		}
	}
}

// thin keeps every other snapshot (cycle 0 always stays) and doubles the interval, so a long
// game keeps a bounded history and a rewind replays at most `every` cycles.
func (t *tapeGame) thin() {
	t.every *= 2
	t.floor = t.every
	kept := t.snaps[:1]
	for _, s := range t.snaps[1:] {
		if s.Cycle()%t.every == 0 {
			kept = append(kept, s)
		}
	}
	clear(t.snaps[len(kept):])
	t.snaps = kept
	t.recount()
}

func (t *tapeGame) applyEdits(c int) {
	i := sort.Search(len(t.edits), func(i int) bool { return t.edits[i].Cycle >= c })
	for ; i < len(t.edits) && t.edits[i].Cycle == c; i++ {
		t.apply(t.edits[i])
	}
}

func (t *tapeGame) apply(e tapeEdit) error {
	if e.Var == 0 {
		return t.eng.SetActive(e.Robot, e.Value)
	}
	return t.eng.SetVar(e.Robot, e.Var, e.Value)
}

// Edit sets a variable (1..20) or #Active (0) of a living robot now and records it, so that
// replays after a rewind do the same. It ends the recorded future beyond this cycle.
func (t *tapeGame) Edit(robot, v int, value int16) error {
	if v < 0 || v > robolang.NumVars {
		return fmt.Errorf("variable #%d does not exist (#1..#%d)", v, robolang.NumVars)
	}
	e := tapeEdit{Cycle: t.eng.Cycle(), Robot: robot, Var: v, Value: value}
	if err := t.apply(e); err != nil {
		return err
	}
	t.truncateFuture()
	t.edits = append(t.edits, e)
	return nil
}

// truncateFuture forgets what the tape knows beyond the current cycle.
func (t *tapeGame) truncateFuture() {
	c := t.eng.Cycle()
	k := sort.Search(len(t.edits), func(i int) bool { return t.edits[i].Cycle > c })
	t.edits = t.edits[:k]
	j := sort.Search(len(t.snaps), func(i int) bool { return t.snaps[i].Cycle() > c })
	clear(t.snaps[j:])
	t.snaps = t.snaps[:j]
	if t.base.Cycle() > c {
		t.base = t.snaps[0]
		for _, s := range t.snaps {
			if s.Base() == nil {
				t.base = s
			}
		}
	}
	t.recount()
	t.furthest = c
	if t.forget != nil {
		t.forget(c)
	}
}

// Furthest is the furthest cycle the timeline can be moved to.
func (t *tapeGame) Furthest() int { return t.furthest }

// Seek puts the game into its state at cycle c (clamped to 0..Furthest): the last snapshot
// at or before c is restored and the game replayed with step, which must call t.Step once
// (the Runner's step, so that its event log and graph follow). When that snapshot is not
// ahead of the present and c is not behind it, the game simply steps on from the present.
func (t *tapeGame) Seek(c int, step func()) {
	c = min(max(c, 0), t.furthest)
	now := t.eng.Cycle()
	i := sort.Search(len(t.snaps), func(i int) bool { return t.snaps[i].Cycle() > c }) - 1
	i = max(i, 0)
	s := t.snaps[i]
	if c >= now && s.Cycle() <= now {
		t.replay(now, c, step)
		return
	}
	t.eng.Restore(s)
	if a, ok := t.Game.(*ArenaGame); ok {
		a.resync()
	}
	t.br.resync(t.eng)
	t.applyEdits(s.Cycle())
	t.replay(s.Cycle(), c, step)
}

// replay steps from cycle from to cycle c, telling progress; it stops early when progress
// says so, at a cycle of the timeline like any other.
func (t *tapeGame) replay(from, c int, step func()) {
	t.seeking = true
	for t.eng.Cycle() < c && !t.eng.Over() {
		step()
		if t.progress != nil && !t.progress(from, t.eng.Cycle(), c) {
			break
		}
	}
	t.seeking = false
	t.br.resync(t.eng)
}

// resync makes the adapter's counts agree with the engine after a Restore: the adapter
// counts robots from spawn and death events, which a Restore does not replay.
func (a *ArenaGame) resync() {
	a.counts = append(a.counts[:0], a.g.TeamCounts()...)
	a.events = a.events[:0]
	a.ranks = nil
}

// wrapNewGame makes every game the window starts rewindable and debuggable.
func wrapNewGame(newGame func([]*robolang.Program, GameOptions, int64) (Game, error)) func([]*robolang.Program, GameOptions, int64) (Game, error) {
	if newGame == nil {
		return nil
	}
	return func(progs []*robolang.Program, o GameOptions, seed int64) (Game, error) {
		g, err := newGame(progs, o, seed)
		if err != nil {
			return nil, err
		}
		if eng := g.Engine(); eng != nil {
			return newTapeGame(g, eng), nil
		}
		return g, nil
	}
}

// SeekProgress tells whether a seek is under way and how far it is: the replay runs from
// cycle from to cycle to and stands at cycle at.
func (r *Runner) SeekProgress() (active bool, from, at, to int) {
	return r.seekActive.Load(), int(r.seekFrom.Load()), int(r.seekAt.Load()), int(r.seekTo.Load())
}

// StopSeek stops the seek under way where it stands (Stop, or Escape).
func (r *Runner) StopSeek() { r.seekStop.Store(true) }

// seekTape rewinds (or moves forward within the tape) on the simulation goroutine. The
// event log and graph of the cycles played stay: the window shows them up to the present
// (Sync). The game is paused.
func (r *Runner) seekTape(c int, done func(cycle int, err error)) {
	r.Pause()
	r.do(func(s *runState) {
		t, ok := s.tape, s.tape != nil
		if !ok {
			if done != nil {
				done(0, fmt.Errorf("this game cannot be rewound"))
			}
			return
		}
		r.Halt()
		r.seekStop.Store(false)
		r.seekTo.Store(int64(c))
		r.seekAt.Store(int64(t.eng.Cycle()))
		r.seekFrom.Store(int64(t.eng.Cycle()))
		r.seekActive.Store(true)
		shown := time.Now()
		t.progress = func(from, at, to int) bool {
			r.seekFrom.Store(int64(from))
			r.seekAt.Store(int64(at))
			if time.Since(shown) > 50*time.Millisecond { // the window redraws the progress
				shown = time.Now()
				r.invalidate()
			}
			return !r.seekStop.Load()
		}
		defer func() {
			t.progress = nil
			r.seekActive.Store(false)
			r.invalidate()
		}()
		t.Seek(c, func() { r.step(s) })
		if done != nil {
			done(t.eng.Cycle(), nil)
		}
		r.Publish()
	})
}
