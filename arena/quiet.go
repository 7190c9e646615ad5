package arena

import "robocom/robolang"

// Quiet robots. In most long games (the timeouts, four fifths of a tournament's time) most
// robots end up in a loop that changes nothing outside them: a TRANS of a bank the robot in
// front holds already, a SCAN of the same neighbour, a CREATE into an occupied field, SET
// %Active to the value there. Nothing such a robot does can be seen, and nothing it reads changes,
// until something changes on its field or next to it. So its future is a function of its own
// state alone, and when that state comes back (the same position, variables, instruction in
// progress and chain, relative to the cycle), the robot repeats itself: every period cycles
// it makes the same visits with the same results. Such a robot is made dormant: it leaves the
// timing wheel, and its state at any later moment is worked out from the period (wakeQuiet)
// when something needs it — a change on its field or a neighbouring one (touch), a view, a
// snapshot, a TRANS or SET %Active into it, the end of the game.
//
// What "touches" a robot: a robot arriving on, leaving or dying on its field or a field next
// to it (MOVE, CREATE, deaths), a TRANS that changes the banks of a robot there, a change of
// the #Active of a robot there, the debugger's SetVar, its own RANDOM (the generator is the
// game's), and a settle that cuts its chain short (its visits fall otherwise). That covers
// everything a classic robot reads besides its own state: SCAN and MOVE look at the field in
// front, TRANS, CREATE and SET %Active at the robot there (its banks, #Active, constants),
// and TURN changes which neighbour is in front. Plain games (RC3: #Pub, $Time, FARSCAN) and
// games with an event handler (every TRANS and TURN is an event) have no quiet robots.
//
// Finding the period: after a robot has been untouched for quietMin cycles, its state after
// each visit is compared with a reference state (Brent's cycle finding: the reference moves
// to the current visit after 1, 2, 4... visits, up to maxQuietVisits, or pausedVisits in a
// search that follows a pause); a match gives the period. The next period's visits are then
// recorded (their states, cycles and instruction counts), and at the visit that closes it the
// robot goes dormant. Waking restores the state after the last visit of the present period,
// shifted by whole periods, adds the instructions of the periods passed, and puts the robot
// back into the wheel; a chain it had then is settled as any chain. RATIONALE.md "Arena
// scheduling", ninth and twelfth passes; TestQuietNoDiff, TestQuietLongPeriods.

const (
	quietMin       = 512                                             // cycles untouched before the search for a period starts
	maxQuietVisits = 128                                             // the longest period searched for, in visits, by the first search after a touch
	pausedVisits   = 32                                              // the longest by a search after a pause, the robot untouched since (a counter: see pauseSearch)
	maxGrownSteps  = 1 << 17                                         // steps a game may add to its watches' recordings (about 19 MB) before searches stop at pausedVisits (see startSearch)
	quietRounds    = 1                                               // searches of watch.most visits without a match before giving up for a while
	quietPause     = 4096                                            // cycles of the first pause after giving up; each next one doubles, up to
	maxQuietPause  = 32768                                           // (a robot that never repeats itself, a counter, costs little)
	dormantBit     = 1 << 31                                         // in Game.quiet: the robot is dormant (cycles stay below 2^31 − maxQuietPause)
	_              = uint32(dormantBit - maxQuietPause - MaxTimeout) // (does not compile if they do not)
)

// The phases of a watch.
const (
	quietSearching uint8 = iota
	quietRecording
	quietDormant
)

// quietState is what decides a robot's future besides its unchanging surroundings: its
// state after a visit, with the cycles relative to the visit's.
type quietState struct {
	vars          [robolang.NumVars]int16
	ckVars        [robolang.NumVars]int16 // if chained and the chain saved them
	bank, pos     int32
	due, fetchAt  int32 // relative
	dur           int32
	ckPos, ckBank int32
	ckT, ckEnd    int32 // relative
	ckN           int32
	dir, ckDir    Dir
	inProgress    bool
	chained       bool
	ckSaved       bool
}

// set makes s r's state after its visit in cycle c.
func (s *quietState) set(r *robot, c uint32) {
	*s = quietState{bank: r.bank, pos: r.pos, due: int32(r.due - c), fetchAt: int32(r.fetchAt - c),
		dur: r.dur, dir: r.dir, inProgress: r.inProgress, chained: r.chained}
	s.vars = [robolang.NumVars]int16(r.regs[:robolang.NumVars])
	if r.chained {
		ck := &r.ck
		s.ckPos, s.ckBank, s.ckT, s.ckEnd, s.ckN, s.ckDir, s.ckSaved = ck.pos, ck.bank, int32(ck.t-c), int32(ck.end-c), ck.n, ck.dir, ck.saved
		if ck.saved {
			s.ckVars = ck.vars
		}
	}
}

// matches reports whether r's state after its visit in cycle c is s.
func (s *quietState) matches(r *robot, c uint32) bool {
	if r.pos != s.pos || r.bank != s.bank || int32(r.due-c) != s.due || r.chained != s.chained ||
		r.inProgress != s.inProgress || r.dir != s.dir || int32(r.fetchAt-c) != s.fetchAt || r.dur != s.dur ||
		[robolang.NumVars]int16(r.regs[:robolang.NumVars]) != s.vars {
		return false
	}
	if !r.chained {
		return true
	}
	ck := &r.ck
	return ck.pos == s.ckPos && ck.bank == s.ckBank && int32(ck.t-c) == s.ckT && int32(ck.end-c) == s.ckEnd &&
		ck.n == s.ckN && ck.dir == s.ckDir && ck.saved == s.ckSaved && (!ck.saved || ck.vars == s.ckVars)
}

// restore gives r state s after a visit in cycle c.
func (g *Game) restore(r *robot, s *quietState, c uint32) {
	r.setBank(s.bank)
	r.pos, r.dir, r.inProgress, r.dur = s.pos, s.dir, s.inProgress, s.dur
	r.due, r.fetchAt = c+uint32(s.due), c+uint32(s.fetchAt)
	copy(r.regs[:robolang.NumVars], s.vars[:])
	r.front = g.lookFront(r)
	r.chained = s.chained
	if s.chained {
		ck := &r.ck
		ck.pos, ck.bank, ck.t, ck.end, ck.n, ck.dir, ck.saved = s.ckPos, s.ckBank, c+uint32(s.ckT), c+uint32(s.ckEnd), s.ckN, s.ckDir, s.ckSaved
		ck.vars = s.ckVars
		g.chains++
	}
}

// quietStep is one visit of a recorded period.
type quietStep struct {
	s   quietState
	off uint32 // cycles after the period's first visit
	sum int64  // instructions the visits after the first added, up to and with this one
}

// watch is the period search of one slot's robot (Game.watch, by slot).
type watch struct {
	epoch  uint32 // Game.quiet when the search started: a touch since starts it again
	phase  uint8
	visits int32  // searching: visits since the reference (steps[0])
	limit  int32  // searching: visits before the reference moves on
	refAt  uint32 // searching: the cycle of the reference
	period uint32 // cycles
	base   uint32 // recording: the cycle of the period's first visit; dormant: of a visit that starts a period
	total  int64  // instructions of a whole period
	rounds int32  // searching: reference moves at w.most visits without a match
	most   int32  // searching: the longest period looked for, in visits (maxQuietVisits or pausedVisits)
	resume uint32 // Game.quiet at the end of the last pause, until a search starts (^0: none)
	pause  uint32 // the last pause after giving up (0: none since the last dormancy)
	steps  []quietStep
}

// observe follows robot r (untouched since Game.quiet, scheduled) after its visit of this
// cycle, which added n instructions. The common case (searching, no match) is short.
func (g *Game) observe(r *robot, n int64) {
	if g.watch == nil {
		g.makeWatches()
	}
	w := &g.watch[r.slot]
	c := uint32(g.cycle)
	if int32(c-g.quiet[r.slot]) < quietMin { // (touched in its own turn)
		return
	}
	if w.epoch != g.quiet[r.slot] {
		g.startSearch(w, r, c)
		return
	}
	if w.phase != quietSearching {
		g.record(w, r, c, n)
		return
	}
	w.visits++
	if w.steps[0].s.matches(r, c) {
		if p := c - w.refAt; int(c+p)+chainHorizon < g.opts.Timeout {
			w.phase, w.period, w.base, w.steps = quietRecording, p, c, g.roomFor(w) // (one line: default.pgo keys on the lines below)
		} // (else the next period would run into the time limit, which cuts chains short)
		return
	}
	if w.visits >= w.limit { // Brent: the reference moves on, and stays twice as long
		if w.limit == w.most {
			if w.rounds++; w.rounds == quietRounds {
				g.pauseSearch(w, r, c)
				return
			}
		}
		w.refAt, w.visits = c, 0
		w.steps[0].s.set(r, c)
		w.limit = min(2*w.limit, w.most)
	}
}

// roomFor is w.steps with room for the recording of the period found, w.visits visits: one
// allocation of the size needed instead of append's doublings (a fresh game's recordings
// were half of its bytes). Not inlined, so that observe's inlining stays as it was.
//
//go:noinline
func (g *Game) roomFor(w *watch) []quietStep {
	if k := int(w.visits); cap(w.steps) < k {
		g.grownSteps += k - cap(w.steps)
		return append(make([]quietStep, 0, k), w.steps...)
	}
	return w.steps
}

// pauseSearch gives up the search for r's period for a while: its period is longer than
// w.most visits, or it has none (a counter); Game.quiet is set ahead, as if it had been
// touched then. The search after the pause looks for periods of up to pausedVisits visits
// only, unless the robot was touched in between: a robot that did not repeat itself within
// maxQuietVisits visits is most likely a counter, and searching 255 visits again and again
// made BenchmarkCrowded (every robot a counter) 11% slower; the long periods, 33 to 128
// visits in the July timeouts, are found at the first search (RATIONALE.md, twelfth pass).
func (g *Game) pauseSearch(w *watch, r *robot, c uint32) {
	w.pause = min(max(2*w.pause, quietPause), maxQuietPause)
	g.quiet[r.slot] = c + w.pause
	w.epoch, w.resume = ^uint32(0), c+w.pause
}

// forget leaves w with no search and no pause behind it: a new robot's, or one whose visits
// run otherwise from now on. (A resume left over would shorten the robot's first search.)
func (w *watch) forget() { w.epoch, w.resume = ^uint32(0), ^uint32(0) }

// makeWatches makes the game's watches, at its first quiet robot.
func (g *Game) makeWatches() {
	g.watch = make([]watch, cap(g.robots))
	for i := range g.watch {
		g.watch[i].forget()
	}
}

// startSearch starts w's search for the period of r, untouched since Game.quiet, at its
// visit in cycle c: this visit's state is the first reference.
func (g *Game) startSearch(w *watch, r *robot, c uint32) {
	w.epoch, w.phase, w.visits, w.limit, w.refAt, w.rounds = g.quiet[r.slot], quietSearching, 0, 1, c, 0
	w.most = maxQuietVisits
	if w.resume == w.epoch || // (untouched since its last pause)
		cap(w.steps) <= maxQuietVisits && g.grownSteps >= maxGrownSteps {
		// A recording of up to 128 visits takes about 20 KB a robot against 5 KB for 32:
		// on a full 200×200 board that would be gigabytes. Past maxGrownSteps new steps in
		// this game, only the robots that have the room already search that far (the
		// 16×16 board's 768 slots never reach it).
		w.most = pausedVisits
	}
	w.resume = ^uint32(0)
	if cap(w.steps) == 0 { // (a search uses the reference alone: roomFor grows it for a recording)
		w.steps = make([]quietStep, 1)
		g.grownSteps++
	}
	w.steps = w.steps[:1]
	w.steps[0] = quietStep{}
	w.steps[0].s.set(r, c)
}

// record keeps r's state after its visit in cycle c (which added n instructions) as the next
// step of the period w found, or, at the visit that closes the period, makes r dormant.
func (g *Game) record(w *watch, r *robot, c uint32, n int64) {
	off := c - w.base
	sum := w.steps[len(w.steps)-1].sum + n
	if off < w.period {
		if len(w.steps) == maxQuietVisits {
			w.epoch = ^uint32(0) // (cannot happen: the period has at most that many visits)
			g.quietBroken++
			return
		}
		room := cap(w.steps)
		w.steps = append(w.steps, quietStep{off: off, sum: sum})
		g.grownSteps += cap(w.steps) - room
		w.steps[len(w.steps)-1].s.set(r, c)
		return
	}
	if off != w.period || !w.steps[0].s.matches(r, c) {
		w.epoch = ^uint32(0) // (cannot happen either: the robot repeats itself)
		g.quietBroken++
		return
	}
	// The period is closed: the state is its first step's again, and the robot sleeps.
	w.total, w.base, w.phase, w.pause = sum, c, quietDormant, 0
	g.unschedule(r)
	r.sched = schedDormant
	if r.chained {
		r.chained = false
		g.chains--
	}
	g.quiet[r.slot] |= dormantBit
	g.dormant++
	g.slept++
}

// wakeQuiet brings dormant robot r to the present and schedules its next visit.
func (g *Game) wakeQuiet(r *robot) {
	w := &g.watch[r.slot]
	el := g.cut(r) - w.base
	periods := el / w.period
	rest := el - periods*w.period
	k := len(w.steps) - 1
	for w.steps[k].off > rest {
		k--
	}
	st := &w.steps[k]
	g.instructions += int64(periods)*w.total + st.sum
	g.restore(r, &st.s, w.base+periods*w.period+st.off)
	r.sched = schedNone
	g.schedule(r, r.due)
	g.dormant--
	g.quiet[r.slot] = uint32(g.cycle)
	w.phase = quietSearching
}

// touch is called before what field f holds changes (a robot arrives, leaves or dies there,
// or the robot there gets other banks or another #Active): the robots on it and next to it
// are woken if dormant, and their search for a period starts again.
//
// Written out, and without a call unless a robot there is dormant (then touchDormant wakes
// it): a loop over the five fields cost twice as many instructions, and every interaction
// touches. The five board entries are read first and the marks made without a branch (an
// empty field's goes to q's last element, no robot's), so that the loads do not wait for
// each other and no branch waits for them: −2.5% wall. (default.pgo keys on the lines from
// the func line: the call of touchDormant stays 12 lines down, or it is not inlined.)
func (g *Game) touch(f int32) {
	q := g.quiet
	if q == nil {
		return
	}
	c, board, e := uint32(g.cycle), g.board, int32(len(q)-1)
	nb := (*[4]int32)(g.frontOf[f<<2:])
	s0, s1, s2, s3, s4 := board[f], board[nb[0]], board[nb[1]], board[nb[2]], board[nb[3]]
	// All five marked at once; touchDormant (rarely called) wakes
	// those of them that were dormant.
	if touchOn(q, s0, e, c)|touchOn(q, s1, e, c)|touchOn(q, s2, e, c)|
		touchOn(q, s3, e, c)|touchOn(q, s4, e, c) != 0 {
		g.touchDormant(f)
	}
}

// touchOn marks the robot of board entry s (none if 0: then q[empty]) touched in cycle c
// unless it is dormant, and returns dormantBit if it is.
func touchOn(q []uint32, s, empty int32, c uint32) uint32 {
	p := &q[s&slotMask|empty&((s-1)>>31)] // ((s-1)>>31: all ones for 0; entries are positive)
	d := *p & dormantBit
	*p = c | d
	return d
}

// touchDormant wakes the dormant robots on field f and next to it, and marks them touched.
func (g *Game) touchDormant(f int32) {
	nb := (*[4]int32)(g.frontOf[f<<2:])
	for _, x := range [5]int32{f, nb[0], nb[1], nb[2], nb[3]} {
		if s := g.board[x]; s != 0 && g.quiet[s&slotMask]&dormantBit != 0 {
			g.wakeQuiet(&g.robots[s&slotMask]) // (which marks it touched)
		}
	}
}

// touchSelf starts r's search for a period again (its own RANDOM; a chain cut short by a
// settle, after which its visits fall otherwise).
func (g *Game) touchSelf(r *robot) {
	if g.quiet != nil {
		g.quiet[r.slot] = uint32(g.cycle)
	}
}

// restartQuiet starts every robot's search for a period again, none being dormant (after
// settleAll): visits run otherwise from now on (an event handler was set), or the robots are
// others (Restore).
func (g *Game) restartQuiet() {
	if g.quiet == nil {
		return
	}
	for i := range g.robots {
		g.quiet[i] = uint32(g.cycle)
	}
	for i := range g.watch {
		g.watch[i].forget()
	}
}
