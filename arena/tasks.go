package arena

import (
	"sort"

	"robocom/robolang"
)

// Multitasking (RC3.md 6). In a plain game (Game.plain: instructions = rc3, or max-duration
// above 0) a robot's turn is turnPlain, which follows RC3.md 6.2 to the letter: it visits the
// seized task, or the task after the cursor and then, while the task just visited sleeps, the
// next ones. A visit counts one cycle off the task's instruction; it fetches when nothing is
// in progress and completes when nothing remains.
//
// As classic robots, a plain robot is scheduled only for the turns where something
// observable happens: a turn in which a task completes, or fetches an instruction whose
// fetch cannot be made later with the same outcome (see lazyDuration). Between two such
// turns every visit only counts down, and the ring's pattern (which tasks sleep, the
// seizure) stays as it is, so the visits each task gets and where the cursor stops follow
// from the number of turns (catchUp; nextTurn is the same reckoning forward). Whatever looks
// at or changes the robot from outside first brings its ring to the present (settle): a
// deactivation, a TRANS into it (which also reschedules it: afterTransfer), the debugger,
// views, snapshots and the end of the game.
//
// A robot's fields bank, pos, code, dir, inProgress, dur, fetchAt and rem always hold the
// state of the cursor task (the task visited last): during a visit they are the executing
// task's, which is what every instruction acts through (its head, its position), and between
// visits the views read them as the robot's. The ring in tasks.list holds every task; the
// cursor's entry is written back at the end of each visit (sync).

// task is one task of a robot (RC3.md 6.1).
type task struct {
	num        int32 // 1 for the first task, then the next unused number; lower = older
	bank, pos  int32
	dir        Dir
	inProgress bool
	asleep     bool  // it fetched a SLEEP that has not completed
	rem        int32 // visits the instruction in progress still needs
	dur        int32 // the duration fixed at its fetch
	fetchAt    uint32
}

// tasks is a robot's ring of tasks.
type tasks struct {
	list   []task // the ring, in ring order
	cur    int    // index of the cursor task in list
	seized int32  // the seized task's number, 0 if none
	next   int32  // the next task number to hand out
	// since is the cycle of the last turn the ring's state includes; while the robot is
	// active, its turns after since and before robot.due only count down (catchUp).
	since uint32
	// lazy: in a ring whose cursor task is alone (see alone) and has nothing in progress, the
	// duration nextTurn found for its coming lazy fetch, which catchUp makes.
	lazy int32
	// period: ringPeriod as nextTurn found it, which stays until the next turn (catchUp)
	period int64
}

// newTasks gives a new robot its one task (number 1, bank 1, instruction 1, facing dir),
// reusing the storage of the slot's previous robot.
func newTasks(old *tasks, dir Dir, cycle int) *tasks {
	t := old
	if t == nil {
		t = &tasks{list: make([]task, 0, 4)}
	}
	t.list = append(t.list[:0], task{num: 1, bank: 1, pos: 1, dir: dir})
	t.cur, t.seized, t.next, t.since = 0, 0, 2, uint32(cycle)
	return t
}

// clone copies the ring (for snapshots).
func (t *tasks) clone() *tasks {
	c := *t
	c.list = append([]task(nil), t.list...)
	return &c
}

// index returns the position of task num in the ring, or -1.
func (t *tasks) index(num int32) int {
	for i := range t.list {
		if t.list[i].num == num {
			return i
		}
	}
	return -1
}

// load makes task i the cursor and puts its state into the robot's fields.
func (r *robot) load(i int) {
	mt := r.mt
	mt.cur = i
	t := &mt.list[i]
	r.setBank(t.bank)
	r.pos, r.dir, r.inProgress, r.rem, r.dur, r.fetchAt = t.pos, t.dir, t.inProgress, t.rem, t.dur, t.fetchAt
}

// sync writes the robot's fields back into the cursor task's entry.
func (r *robot) sync() {
	t := &r.mt.list[r.mt.cur]
	t.bank, t.pos, t.dir, t.inProgress, t.rem, t.dur, t.fetchAt = r.bank, r.pos, r.dir, r.inProgress, r.rem, r.dur, r.fetchAt
}

// turnPlain is an active robot's turn in a plain game (RC3.md 6.2), after the turns that
// only counted down since its last one.
func (g *Game) turnPlain(r *robot) {
	g.actor = r.id
	mt := r.mt
	switch {
	case mt.alone():
		g.countDownAlone(r, uint32(g.cycle)-1)
		g.visitTask(r, mt.cur)
	case mt.seized != 0:
		g.catchUp(r, uint32(g.cycle)-1)
		g.visitTask(r, mt.index(mt.seized))
	default:
		g.catchUp(r, uint32(g.cycle)-1)
		f := mt.cur + 1
		if f == len(mt.list) {
			f = 0
		}
		first := mt.list[f].num
		g.visitTask(r, f)
		for r.alive && r.regs[regActive] >= 1 {
			i := mt.index(g.lastVisited)
			if i < 0 || !mt.list[i].asleep {
				break
			}
			nx := (i + 1) % len(mt.list)
			if mt.list[nx].num == first {
				break
			}
			g.visitTask(r, nx)
		}
	}
	g.curTask = 0
	mt.since = uint32(g.cycle)
	if r.alive && r.regs[regActive] >= 1 {
		due := g.nextTurn(r)
		if due-uint32(g.cycle) < wheelSize { // schedule(r, due), written out as in afterComplete
			b := due & wheelMask
			r.due = due
			g.wheel[int(b)*g.words+int(r.slot>>6)] |= 1 << uint(r.slot&63)
			g.counts[b]++
			r.sched = schedWheel
		} else {
			g.schedule(r, due)
		}
	}
}

// The reckoning of catchUp and nextTurn. Take the ring after a turn, and the turns that
// follow while no task fetches or completes (each visit only counts down; lazy fetches aside,
// see lazyDuration). The asleep flags then stay as they are. With a seized task, each turn
// visits it alone. Otherwise, with a awake tasks (a ≥ 1), a turn visits the tasks after the
// cursor up to and including the next awake one, where the cursor stops: in ring order from
// the cursor, the task at offset o (1 .. the ring's length) is first visited in turn
// 1 + (awake tasks at offsets below o), and then every a turns; the cursor stops, after n
// turns, at the ((n−1) mod a + 1)-th awake task. With none awake, a turn visits every task
// once and the cursor stays: the same formulas with a = 1 and no task counted awake.

// ringPeriod returns the turns between two visits of a task of r's unseized ring (a above).
func ringPeriod(mt *tasks) int64 {
	a := int64(0)
	for i := range mt.list {
		if !mt.list[i].asleep {
			a++
		}
	}
	return max(a, 1)
}

// alone reports whether the cursor task is the only one visited, once a turn: the ring's
// only task, or the seized one (which is the cursor: only it has been visited since it
// seized). r's fields are then its whole state.
func (mt *tasks) alone() bool {
	return len(mt.list) == 1 || mt.seized != 0 && mt.list[mt.cur].num == mt.seized
}

// catchUp applies to r's ring the turns after mt.since up to and including cycle through,
// which only count down: each task's visits in them, a lazy fetch included, and the cursor's
// moves. r must be active; through must not pass its next turn (robot.due).
func (g *Game) catchUp(r *robot, through uint32) {
	mt := r.mt
	if int32(through-mt.since) <= 0 {
		return
	}
	if mt.alone() {
		g.countDownAlone(r, through)
		r.sync()
		return
	}
	n := int64(through - mt.since)
	base := mt.since
	mt.since = through
	r.sync()
	if mt.seized != 0 {
		g.countDown(r, &mt.list[mt.index(mt.seized)], base, n, 1, 1)
	} else {
		k := len(mt.list)
		p := mt.period
		if p < 1 { // (a ring scheduled without nextTurn has had no count-down turns)
			p = ringPeriod(mt)
		}
		j := n
		if j > p {
			j = (n-1)%p + 1
		}
		stop, seen := mt.cur, int64(0)
		for o, i := 1, mt.cur; o <= k; o++ {
			if i++; i == k {
				i = 0
			}
			t := &mt.list[i]
			if f := 1 + seen; n >= f { // countDown, written out
				if !t.inProgress {
					g.lazyFetch(r, t, base+uint32(f))
				}
				if d := n - f; d < p { // (one visit: the common case, without a division)
					t.rem--
				} else {
					t.rem -= int32(d/p + 1)
				}
			}
			if !t.asleep {
				if seen++; seen == j {
					stop = i
				}
			}
		}
		mt.cur = stop
	}
	r.load(mt.cur)
}

// countDownAlone is catchUp for a ring whose cursor task is alone, in r's fields: it leaves
// the ring's entry for it to the caller (r.sync).
func (g *Game) countDownAlone(r *robot, through uint32) {
	mt := r.mt
	n := int32(through - mt.since)
	if n <= 0 {
		return
	}
	if !r.inProgress {
		d := mt.lazy
		r.inProgress, r.dur, r.rem, r.fetchAt = true, d, d, mt.since+1
	}
	r.rem -= n
	mt.since = through
}

// countDown gives task t of r the visits it gets in n turns from the turn after cycle base,
// the first in turn f and then every p: the fetch on the first if nothing is in progress
// (lazyDuration says it can be made now), and one cycle counted off each.
func (g *Game) countDown(r *robot, t *task, base uint32, n, f, p int64) {
	if n < f {
		return
	}
	if !t.inProgress {
		g.lazyFetch(r, t, base+uint32(f))
	}
	t.rem -= int32((n-f)/p + 1)
}

// lazyFetch is task t's fetch, made lazily (see lazyDuration), of its visit in cycle at.
func (g *Game) lazyFetch(r *robot, t *task, at uint32) {
	d := int32(g.lazyDuration(r, r.bankCode(t.bank), t.pos))
	t.inProgress, t.dur, t.rem, t.fetchAt = true, d, d, at
}

// nextTurn is the cycle of r's next turn in which a task completes or fetches what cannot
// be fetched lazily, reckoned from the ring's state after the turn of cycle mt.since.
func (g *Game) nextTurn(r *robot) uint32 {
	mt := r.mt
	if g.noPrefetch {
		return mt.since + 1
	}
	if mt.alone() {
		rem := r.rem
		if !r.inProgress {
			if i := uint(r.pos - 1); i < uint(len(r.code)) && r.code[i].lazy == lazyFixed {
				rem = r.code[i].dur // lazyDuration's common case, written out
			} else if rem = int32(g.lazyDuration(r, r.code, r.pos)); rem == 0 {
				return mt.since + 1
			}
			mt.lazy = rem
		}
		return mt.since + uint32(rem)
	}
	best := int64(maxDuration)
	if mt.seized != 0 {
		best = g.taskNext(r, &mt.list[mt.index(mt.seized)], 1, 1)
	} else {
		k := len(mt.list)
		p := ringPeriod(mt)
		mt.period = p
		seen := int64(0)
		for o, i := 1, mt.cur; o <= k && best > 1; o++ {
			if i++; i == k {
				i = 0
			}
			t := &mt.list[i]
			if t.inProgress { // taskNext, written out
				best = min(best, 1+seen+int64(t.rem-1)*p)
			} else {
				best = min(best, g.taskNext(r, t, 1+seen, p))
			}
			if !t.asleep {
				seen++
			}
		}
	}
	return mt.since + uint32(best)
}

// taskNext is the turn, counted from the one after the ring's state, of task t's first visit
// that does more than count down, its first visit in turn f and then every p: its completion,
// or its fetch if that cannot be made lazily.
func (g *Game) taskNext(r *robot, t *task, f, p int64) int64 {
	rem := int64(t.rem)
	if !t.inProgress {
		d := g.lazyDuration(r, r.bankCode(t.bank), t.pos)
		if d == 0 {
			return f
		}
		rem = int64(d)
	}
	return f + (rem-1)*p
}

// bankCode is the compiled code of r's bank b, nil if r has no such bank.
func (r *robot) bankCode(b int32) []cinstr {
	if b >= 1 && int(b) <= len(r.banks) {
		return r.banks[b-1].code
	}
	return nil
}

// lazyDuration is the duration of the instruction a task of r standing at pos of code would
// fetch, if that fetch can be made after its visit with the same outcome; 0 if not. That
// needs an instruction there (no auto-reboot, no data hunger), not a SLEEP (its fetch changes
// the ring's pattern), no error 16, and a duration that depends on no value that can change
// before the fetch (cinstr.lazy; the robot's banks change only through a TRANS into it, which
// settles it first, and its own RTRANS, after which its turn reschedules it).
func (g *Game) lazyDuration(r *robot, code []cinstr, pos int32) int {
	i := uint(pos - 1)
	if i >= uint(len(code)) {
		return 0
	}
	switch in := &code[i]; in.lazy {
	case lazyFixed:
		return int(in.dur)
	case lazyValues:
		if d := g.durationOfValues(r, in); g.opts.MaxDuration == 0 || d <= g.opts.MaxDuration {
			return d
		}
	}
	return 0
}

// settleTasks brings r's ring to the present: the turns that only counted down up to now
// (its turn in this cycle included if it has passed).
func (g *Game) settleTasks(r *robot) {
	if r.id == g.actor || !r.alive || r.regs[regActive] < 1 {
		return // acting now, or frozen: the ring is as it is
	}
	cut := uint32(g.cycle)
	if r.id > g.actor {
		cut-- // its turn in this cycle is still to come
	}
	g.catchUp(r, cut)
}

// rescheduleTasks computes r's next turn again after something changed what its ring will
// fetch (a TRANS into it); r has been settled.
func (g *Game) rescheduleTasks(r *robot) {
	if r.id == g.actor || r.sched == schedNone {
		return // acting now (its turn ends by scheduling it), or frozen
	}
	g.unschedule(r)
	g.schedule(r, g.nextTurn(r))
}

// visitTask is a visit of task i of r (RC3.md 6.2): the cursor becomes it; it fetches if
// nothing is in progress (auto-reboot, data hunger, the duration, error 16), counts one cycle
// off, and completes when none remain.
func (g *Game) visitTask(r *robot, i int) {
	mt := r.mt
	if i != mt.cur { // (the cursor's state is in r's fields already)
		r.load(i)
	}
	num := mt.list[i].num
	g.lastVisited = num
	if g.rc3 {
		g.curTask = int(num)
	}
	if !r.inProgress {
		in := r.instrAt()
		if in == nil {
			if in = g.reboot(r); in == nil {
				return
			}
		}
		d := g.duration(r, in)
		if m := g.opts.MaxDuration; m > 0 && d > m {
			g.kill(r, ReasonDurationTooHigh)
			return
		}
		r.inProgress = true
		r.dur, r.rem, r.fetchAt = int32(d), int32(d), uint32(g.cycle)
		mt.list[i].asleep = in.op == robolang.OpSleep
	}
	r.rem--
	if r.rem > 0 {
		r.sync()
		return
	}
	r.inProgress = false
	g.complete(r)
	if !r.alive {
		return
	}
	// The executing task may have ended (QUIT) or moved in the ring (INIT, BREAK, QUIT):
	// write its state back where it is now, then make the cursor's state the robot's.
	if k := mt.cur; k < len(mt.list) && mt.list[k].num == num { // the common case
		mt.list[k].asleep = false
		r.sync()
		return
	}
	if k := mt.index(num); k >= 0 {
		mt.list[k].asleep = false
		mt.cur = k
		r.sync()
	}
	if mt.cur >= len(mt.list) || mt.list[mt.cur].num != num {
		r.load(mt.cur)
	}
}

// taskInit is INIT a, b (RC3.md 6.3) by the task executing now (the cursor, loaded).
func (g *Game) taskInit(r *robot, bank, pos int) {
	mt := r.mt
	r.sync()
	exec := mt.list[mt.cur]
	nt := task{bank: int32(bank), pos: int32(pos), dir: r.dir}
	replaced := int32(0)
	if len(mt.list) < g.opts.MaxTasks {
		nt.num = mt.next
		mt.next++
		mt.list = append(mt.list, task{})
		copy(mt.list[mt.cur+2:], mt.list[mt.cur+1:])
		mt.list[mt.cur+1] = nt
	} else {
		oldest := -1
		for k := range mt.list {
			if mt.list[k].num != exec.num && (oldest < 0 || mt.list[k].num < mt.list[oldest].num) {
				oldest = k
			}
		}
		if oldest < 0 {
			return // max-tasks 1: nothing happens, no number is used
		}
		replaced = mt.list[oldest].num
		nt.num = mt.next
		mt.next++
		mt.list[oldest] = nt
	}
	if g.onEvent != nil {
		g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvInit, Task: g.curTask,
			NewTask: int(nt.num), Bank: bank, Instr: pos, Replaced: int(replaced)})
	}
}

// taskQuit is QUIT: the executing task ends (error 15 if it is the only one); the cursor moves
// to the task before it, and a seizure it held ends. It reports false if the robot died.
func (g *Game) taskQuit(r *robot) bool {
	mt := r.mt
	if len(mt.list) == 1 {
		g.kill(r, ReasonNoTasks)
		return false
	}
	i := mt.cur
	num := mt.list[i].num
	mt.list = append(mt.list[:i], mt.list[i+1:]...)
	mt.cur = (i - 1 + len(mt.list)) % len(mt.list)
	if mt.seized == num {
		mt.seized = 0
	}
	if g.onEvent != nil {
		g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvQuit, Task: g.curTask})
	}
	return true
}

// taskBreak is BREAK: every task but the executing one ends; a seizure stays.
func (g *Game) taskBreak(r *robot) {
	mt := r.mt
	if len(mt.list) == 1 {
		return
	}
	r.sync()
	exec := mt.list[mt.cur]
	var ended []int
	if g.onEvent != nil {
		for _, t := range mt.list {
			if t.num != exec.num {
				ended = append(ended, int(t.num))
			}
		}
		sort.Ints(ended)
	}
	mt.list = append(mt.list[:0], exec)
	mt.cur = 0
	if g.onEvent != nil {
		g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvBreak, Task: g.curTask, Ended: ended})
	}
}

// taskSeize and taskResume are SEIZE and RESUME: a flag, not a counter.
func (g *Game) taskSeize(r *robot) {
	mt := r.mt
	if mt.seized != 0 {
		return
	}
	mt.seized = mt.list[mt.cur].num
	if g.onEvent != nil {
		g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvSeize, Task: g.curTask})
	}
}

func (g *Game) taskResume(r *robot) {
	mt := r.mt
	if mt.seized == 0 {
		return
	}
	mt.seized = 0
	if g.onEvent != nil {
		g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvResume, Task: g.curTask})
	}
}

// drawIDs draws each program's $ID after the placements (RC3.md 8): 1 + U(32767), again
// while it equals an earlier program's.
func (g *Game) drawIDs() {
	g.teamIDs = make([]int16, len(g.progs))
	g.teamVars = make([]int16, len(g.progs))
	for i := range g.progs {
	again:
		v := int16(1 + g.rng.intn(32767))
		for _, w := range g.teamIDs[:i] {
			if w == v {
				goto again
			}
		}
		g.teamIDs[i] = v
	}
}
