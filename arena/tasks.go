package arena

import (
	"slices"
	"sort"
	"unsafe"

	"robocom/robolang"
)

// Multitasking (RC3.md 6). In a plain game (Game.plain: instructions = rc3, or max-duration
// above 0) a robot's turn is turnPlain, which follows RC3.md 6.2: it visits the seized task,
// or the task after the cursor and then, while the task just visited sleeps, the next ones. A
// visit counts one cycle off the task's instruction; it fetches when nothing is in progress
// and completes when nothing remains.
//
// A robot whose cursor task is alone (one task, or the seized cursor: see alone) is played
// like a classic robot (turnLone): scheduled at its fetches and completions, with prefetch
// and run-ahead chains (chain.go), its whole state in its fields; prefetch follows the plain
// rule (cinstr.pre, see lazyDuration) and chains hold only instructions of fixed duration
// within max-duration, so error 16, SLEEP and the RC3 operands are met on their own turns.
//
// A robot with more tasks (a ring) is also scheduled only for the turns where something
// observable happens: a turn in which one of its tasks completes, or fetches an instruction
// whose fetch cannot be made early with the same outcome (lazyDuration). Between two such
// turns every visit only counts down, and the ring's pattern (which tasks sleep, the
// seizure, the ring itself) stays as it is, so each task is visited every period turns in a
// phase of its own. A running ring keeps each task against its own phase (task.at, the cycle
// of its next visit that matters; a fetch that can be made early is made at the visit before
// it, with fetchAt ahead), so a turn touches only the tasks it visits: turnRing finds the
// cursor by arithmetic (cursorAt), visits, and puts the task that acted back against its
// phase (runTask); the ring's next turn is the smallest at (tasks.first). With every task
// awake and none seized a turn visits one task, the one due, which turnRingOne does without
// the arithmetic, running the task's private instructions after it ahead (ringChain). Only a turn that changes the pattern or the robot's banks (mt.dirty)
// settles the whole ring (settleRing) and sets every phase again (rebase). Whatever looks at
// or changes the robot from outside first settles it (settle): a deactivation, a TRANS into
// it (which also sets its phases again: afterTransfer), the debugger, views, snapshots and
// the end of the game.
//
// Between cycles a robot's fields bank, pos, code, dir, inProgress, dur, fetchAt and rem
// hold the state of the cursor task (the task visited last), and its entry in tasks.list
// equals them once the robot is settled: during a visit they are the executing task's, which
// is what every instruction acts through (its head, its position), and views read them as the
// robot's. A ring keeps the entry equal at every turn, but turnRingOne leaves the robot's
// inProgress, rem, dur and fetchAt as its completion set them (the entry has the early fetch's):
// its next turn sets or loads them, and whatever else reads them settles the ring first
// (settleTasks loads the cursor). A lone robot's turn leaves the entry behind (writing it cost
// a third of a lone turn: two more cache lines), and settle writes it (syncSettled) for
// whatever looks at the ring.

// task is one task of a robot (RC3.md 6.1).
type task struct {
	num        int32 // 1 for the first task, then the next unused number; lower = older
	bank, pos  int32
	dir        Dir
	inProgress bool  // fetched at fetchAt (in a running ring possibly ahead: a fetch made early)
	asleep     bool  // it fetched a SLEEP that has not completed
	chainDir   Dir   // running ring, chained: dir at the chain's start
	rem        int32 // visits the instruction in progress still needs, after the ring's settled turn
	dur        int32 // the duration fixed at its fetch
	fetchAt    uint32
	from       uint32 // running ring: the cycle of its first visit in its phase (at is from + k·period)
	at         int64  // running ring: the cycle of its next visit that does more than count down
	// running ring: a chain (ringChain) ran the task's private instructions ahead from its
	// visit of cycle from on; pos and dir are after them. chainPos (and chainDir) are where
	// it started, chainN how many instructions it completed (0: no chain).
	chainPos int32
	chainN   uint8
}

// never is task.at of a task that is not visited (another one is seized).
const never = int64(1) << 62

// tasks is a robot's ring of tasks. One allocation of whole cache lines (768 bytes: the
// allocator's class, a multiple of 64, so every one starts a line): the first line holds what
// a turn reads first (turnPlain's test, a lone turn's dirty, the due key); the next three the
// keys and minima of a ring of up to 16 tasks (kbuf); then the entries of a ring of up to
// inlineTasks tasks, so that the due task's entry is found from the robot's hint
// (robot.dueTask) and the header's address, in parallel with the header (see turnRingOne).
// Larger rings keep their entries and keys in arrays of their own.
type tasks struct {
	first  atKey  // the smallest of keys (see below)
	list   []task // the ring, in ring order (inline[:n] while it fits)
	cur    int    // index of the cursor task in list, after the turn of cycle since
	period int32  // running ring: turns between two visits of a task, as of the last rebase
	awake  int32  // running ring: tasks not asleep, as of the last rebase
	seized int32  // the seized task's number, 0 if none
	since  uint32 // ring: the cycle of the turn after which cur is the cursor
	next   int32  // the next task number to hand out
	dirty  bool   // the turn running now changed the ring's pattern or the robot's banks (in the first line: a lone turn reads it)
	one    bool   // running ring: more than one task, all awake, none seized, as of the last rebase and since (cleared with every change: ringOneDue)
	// running ring: every task's at and index in list (keys[i] for list[i]), the smallest
	// of each group of eight (mins) and of all (first), so that a turn that moves one task's
	// at finds the ring's next turn by looking at one group and the groups' minima: at most
	// 8 + 13 keys for max-tasks 100, 8 + 2 for rc3m's ten. Unlike a heap's sift, these
	// minima take no branch that depends on the data (min compiles to a conditional move),
	// and branches mispredicted in a heap's sift cost more than its comparisons.
	kbuf [smallKeys]atKey // keys and mins of up to 16 tasks: four groups of four, their four minima, the minima of pairs of groups
	keys []atKey          // (keys and mins share one array, padded: see setKeys)
	mins []atKey
	// the entries of a ring of up to inlineTasks tasks (list's array while it fits)
	inline [inlineTasks]task
}

const (
	inlineTasks = 10                          // entries kept in tasks itself: rc3m's max-tasks
	smallGroup  = 4                           // the size of the key groups in kbuf
	smallRing   = 2 * keyGroup                // the most tasks whose keys are kept in kbuf
	smallMins   = smallRing                   // the groups' minima's place in kbuf
	smallGroups = smallRing / smallGroup      // groups (and minima) in kbuf
	smallPairs  = smallMins + smallGroups     // the place in kbuf of the minima of groups 0–1 and 2–3
	smallKeys   = smallRing + smallGroups + 2 // kbuf: keys of up to four groups, four minima, two of pairs
)

// atKey is an entry of tasks.keys: a task's at above its index in the ring, one word, so
// that a minimum of keys is the task due first. An at of never is kept as keyNever, which
// is as far off for every use of the keys (no game lasts that long).
type atKey uint64

const (
	keyBits  = 7 // MaxTasks < 1<<keyBits
	keyNever = int64(1)<<(63-keyBits) - 1
	_        = uint(1<<keyBits - 1 - MaxTasks) // (does not compile if an index needs more bits)
)

// newKey is the key of task i whose at is at.
func newKey(at int64, i int) atKey { return atKey(min(at, keyNever))<<keyBits | atKey(i) }

// at is the entry's at (keyNever for never).
func (k atKey) at() int64 { return int64(k >> keyBits) }

// index is the entry's index in the ring.
func (k atKey) index() int { return int(k & (1<<keyBits - 1)) }

// newTasks gives a new robot its one task (number 1, bank 1, instruction 1, facing dir),
// reusing the storage of the slot's previous robot: its tasks, cleared, and the key array of
// a ring of more than 16 tasks. (The entries start inline again: a ring that grows past
// inlineTasks allocates its array.)
func newTasks(old *tasks, dir Dir, cycle int) *tasks {
	t := old
	if t == nil {
		t = new(tasks)
	} else {
		keys := t.keys
		*t = tasks{} // (nothing of the slot's previous robot stays: snapshots compare it all)
		if cap(keys) > 0 && unsafe.SliceData(keys) != &t.kbuf[0] {
			t.keys = keys[:0] // the array of a ring of more than 16 tasks, for setKeys to reuse
		}
	}
	t.list = append(t.inline[:0], task{num: 1, bank: 1, pos: 1, dir: dir})
	t.next, t.since = 2, uint32(cycle)
	t.period, t.awake = 1, 1
	return t
}

// clone copies the ring (for snapshots).
func (t *tasks) clone() *tasks {
	c := *t
	if t.inlined() {
		c.list = c.inline[:len(t.list)]
	} else {
		c.list = append([]task(nil), t.list...)
	}
	c.keys, c.mins = nil, nil
	c.setKeys(len(t.keys))
	copy(c.keys, t.keys)
	copy(c.mins, t.mins)
	if len(t.keys) <= smallRing { // the pairs' minima, outside mins (setKeys padded them)
		c.kbuf[smallPairs], c.kbuf[smallPairs+1] = t.kbuf[smallPairs], t.kbuf[smallPairs+1]
	}
	return &c
}

// sameAs reports whether t holds what o holds: a snapshot taken as the changes from a base
// keeps the base's copy of a ring that did not change (every robot of a plain game has a
// ring, 768 bytes, and most rings do not change between two snapshots). Every field but the
// ring's own arrays is compared (TestTasksSameAsFields).
func (t *tasks) sameAs(o *tasks) bool {
	return t.first == o.first && t.cur == o.cur && t.period == o.period && t.awake == o.awake &&
		t.seized == o.seized && t.since == o.since && t.next == o.next && t.dirty == o.dirty && t.one == o.one &&
		slices.Equal(t.list, o.list) && slices.Equal(t.keys, o.keys) && slices.Equal(t.mins, o.mins)
}

// inlined reports whether the ring's entries are in t.inline.
func (t *tasks) inlined() bool { return cap(t.list) > 0 && unsafe.SliceData(t.list) == &t.inline[0] }

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
	if t.bank != r.bank { // (r.code always is r.bank's code: transfers keep it so)
		r.setBank(t.bank)
	}
	r.pos, r.dir, r.inProgress, r.rem, r.dur, r.fetchAt = t.pos, t.dir, t.inProgress, t.rem, t.dur, t.fetchAt
}

// sync writes the robot's fields back into the cursor task's entry.
func (r *robot) sync() { r.syncInto(&r.mt.list[r.mt.cur]) }

// syncInto writes the robot's fields into t, the cursor task's entry.
func (r *robot) syncInto(t *task) {
	t.pos, t.dir, t.inProgress, t.rem, t.dur, t.fetchAt = r.pos, r.dir, r.inProgress, r.rem, r.dur, r.fetchAt
	t.bank = r.bank // (apart: see turnRingOne)
}

// alone reports whether the cursor task is the only one visited, once a turn: the ring's
// only task, or the seized one (which is the cursor: only it has been visited since it
// seized).
func (mt *tasks) alone() bool {
	return len(mt.list) == 1 || mt.seized != 0 && mt.list[mt.cur].num == mt.seized
}

// lone reports whether r, a living robot of a plain game, is played like a classic robot
// (turnLone): its cursor task is alone, and turns are skipped (not Config.noSkip).
func (g *Game) lone(r *robot) bool {
	return r.mt.alone() && !g.noPrefetch
}

// cut is the cycle whose turn r's state must include when it is looked at now: the current
// one, unless r's turn in it is still to come.
func (g *Game) cut(r *robot) uint32 {
	if r.id > g.actor {
		return uint32(g.cycle) - 1
	}
	return uint32(g.cycle)
}

// ringOneDue reports whether r, a robot of a plain game, is a running ring whose tasks are all
// awake, none seized, whose turn now is that of the task its hint names.
func (g *Game) ringOneDue(r *robot) bool {
	mt := r.mt
	return mt.one && mt.first == atKey(g.cycle)<<keyBits|atKey(r.dueTask)
}

// turnPlain is an active robot's turn in a plain game (RC3.md 6.2). Its common case, the turn
// of a running ring whose tasks are all awake, none seized, in which the task the robot's hint
// names is due (ringOneDue), visitBucket sends to turnRingOne itself.
func (g *Game) turnPlain(r *robot) {
	g.actor = r.id
	if mt := r.mt; len(mt.list) > 1 && mt.seized == 0 && int(mt.awake) == len(mt.list) && !g.noPrefetch {
		if f := mt.first; f.at() == int64(g.cycle) {
			g.turnRingOne(r, f.index()) // (the hint was out of date)
		} else {
			g.turnRing(r)
		}
	} else if g.lone(r) {
		g.turnLone(r)
	} else {
		g.turnRing(r)
	}
	g.curTask = 0
}

// turnLone is the turn of a robot whose cursor task is alone: the classic turn (Game.turn)
// with the plain fetch (fetchTask). A turn after which the task is no longer alone (INIT,
// RESUME) or no longer exists (a seized task's QUIT) hands the robot to the ring (regroup).
func (g *Game) turnLone(r *robot) {
	mt := r.mt
	c := uint32(g.cycle)
	if g.rc3 && g.onEvent != nil { // (only events carry the task)
		g.curTask = int(mt.list[mt.cur].num)
	}
	if r.chained {
		r.chained = false // the visit that ends a chain (see Game.turn)
		g.chains--
	}
	if !r.inProgress {
		if !g.fetchTask(r) {
			return
		}
		if r.due > c {
			g.schedule(r, r.due)
			return
		}
	}
	num := int32(0)                                  // the executing task's number, before a task operation
	if i := uint(r.pos - 1); i < uint(len(r.code)) { // (else complete does nothing)
		if in := &r.code[i]; in.fast != 0 {
			g.instructions++
			if !g.completeFast(r, in) {
				return
			}
		} else {
			switch in.op {
			case robolang.OpInit, robolang.OpQuit, robolang.OpSeize, robolang.OpResume, robolang.OpBreak:
				num = mt.list[mt.cur].num // (only they change the ring in a lone turn)
			}
			g.completeIn(r, in)
			if !r.alive {
				return
			}
		}
	}
	r.inProgress = false
	if mt.dirty { // a task operation changed the ring, or the task fetched (or stopped) a SLEEP
		mt.dirty = false
		if num != 0 {
			if k := mt.cur; k >= len(mt.list) || mt.list[k].num != num || !mt.alone() {
				g.regroup(r, num, c)
				return
			}
		}
		mt.list[mt.cur].asleep = false
	}
	if r.regs[regActive] >= 1 {
		if g.chainable(r) {
			g.runAhead(r, c)
		} else {
			g.afterComplete(r, c)
		}
	}
}

// syncSettled writes a living lone robot's fields into its cursor task's entry, which its
// turns leave behind, for whatever looks at the ring next (settle).
func (g *Game) syncSettled(r *robot) {
	if r.mt != nil && r.alive {
		r.syncLone(g.cut(r))
	}
}

// syncLone is sync for a lone robot, whose fields say when its instruction in progress
// completes (due) rather than how many visits it still needs after the turn of cycle cut.
func (r *robot) syncLone(cut uint32) { r.syncLoneInto(&r.mt.list[r.mt.cur], cut) }

// syncLoneInto is syncLone into t, the cursor task's entry.
func (r *robot) syncLoneInto(t *task, cut uint32) {
	if r.inProgress && r.sched != schedNone {
		r.rem = int32(r.due - cut)
	}
	r.syncInto(t)
}

// regroup ends the turn of cycle c of a lone robot whose task, num, completed an instruction
// that changed the ring: every other task was settled, so the ring is settled after this turn.
func (g *Game) regroup(r *robot, num int32, c uint32) {
	mt := r.mt
	if k := mt.index(num); k >= 0 {
		mt.list[k].asleep = false
		mt.cur = k
		r.sync()
	}
	g.reform(r, c)
}

// reform schedules r, whose ring is settled after the turn of cycle c (cursor, remaining
// visits), as a lone robot or as a ring, whichever it is now. A fetch made early in the ring
// is undone first (it is made again if it still can be).
func (g *Game) reform(r *robot, c uint32) {
	mt := r.mt
	mt.since = c
	unfetch(mt, c)
	r.load(mt.cur)
	if mt.alone() && mt.list[mt.cur].asleep {
		// Its SLEEP completes in a lone turn, which clears the flag only when the ring is
		// dirty, as it is after a lone turn's own fetch of a SLEEP.
		mt.dirty = true
	}
	if r.regs[regActive] < 1 {
		return
	}
	if g.lone(r) {
		if r.inProgress {
			g.schedule(r, c+uint32(r.rem))
		} else {
			g.afterComplete(r, c)
		}
		r.syncLone(c)
		return
	}
	g.schedule(r, g.rebase(r))
}

// unfetch undoes the fetches made early for visits after cycle since.
func unfetch(mt *tasks, since uint32) {
	for i := range mt.list {
		if t := &mt.list[i]; t.inProgress && int32(t.fetchAt-since) > 0 {
			t.inProgress = false
		}
	}
}

// turnRing is the turn of a robot with a ring of tasks: the tasks visited in it are found by
// cursorAt; those whose at is this cycle act (visitTask), the others only count down, which
// their at says already.
func (g *Game) turnRing(r *robot) {
	mt := r.mt
	c := uint32(g.cycle)
	mt.dirty = false
	g.turnRingVisits(r, c)
	g.endRingTurn(r, c)
}

// turnRingOne is the turn of a running ring whose tasks are all awake, with none seized, in
// which task i acts: the one task such a ring visits in a turn (the one after the cursor,
// which its at says). It is turnRing's for this common case, written out: unless the visit
// changes the ring's pattern (mt.dirty: a SLEEP fetched, INIT, QUIT...), the robot's
// activity or its life, the cursor is i, which is put back against its phase.
func (g *Game) turnRingOne(r *robot, i int) {
	mt := r.mt
	mt.dirty = false
	var t *task
	if uint(i) < inlineTasks && unsafe.SliceData(mt.list) == &mt.inline[0] {
		t = &mt.inline[i] // (its address from mt's: see robot.dueTask)
	} else {
		t = &mt.list[i]
	}
	mt.cur = i
	// (a chain it ran lies in the past: this visit comes after it)
	t.chainN = 0
	if !t.inProgress { // a fetch that could not be made early (rare: most are made early)
		g.turnRingFetch(r, i, uint32(g.cycle))
		return
	}
	// its completion (at says so): visitTask's. The task's number is kept in lastVisited, not
	// across the call: only a turn that changed the ring or the robot's activity reads it.
	g.lastVisited = t.num
	if g.onEvent != nil && g.rc3 { // (only events carry the task)
		g.curTask = int(t.num)
	}
	if t.bank != r.bank {
		r.setBank(t.bank)
	}
	pos := t.pos
	r.pos, r.dir, r.inProgress, r.rem, r.dur, r.fetchAt = pos, t.dir, false, 0, t.dur, t.fetchAt
	if k := uint(pos - 1); k < uint(len(r.code)) { // complete(r)
		g.completeIn(r, &r.code[k])
	}
	if !r.alive {
		return
	}
	// (mt and c read again rather than kept across the call: no spills)
	mt, c := r.mt, uint32(g.cycle)
	if mt.dirty { // INIT, QUIT, BREAK...: the task may have moved or ended (a SLEEP fetched passes the turn on)
		g.afterVisit(r, g.lastVisited)
		g.passRingTurn(r, g.lastVisited, c)
		return
	}
	i = mt.cur // (as it was: only a task operation moves it)
	// pos apart from bank: copied together, Go reads r.bank and r.pos as one 8-byte
	// load, which the 4-byte store of r.pos just above (or completeIn's jump) cannot
	// forward; the load then waits for that store to reach the cache, a fifth of a
	// ten-task turn (RATIONALE.md, "RC3: the plain path", eighth pass).
	t.pos, t.dir = r.pos, r.dir
	t.bank = r.bank
	if r.regs[regActive] < 1 {
		t.inProgress, t.rem = false, 0
		g.passRingTurn(r, g.lastVisited, c)
		return
	}
	mt.since = c
	p := int64(mt.period)
	next := int64(c) + p
	t.from = uint32(next)
	// runTask's early fetch (t runs r.bank), the lazyFixed case of lazyDuration first, on one
	// look-up of the instruction (ringChain hands over the one it stopped at)
	var in *cinstr
	if k := uint(r.pos - 1); k < uint(len(r.code)) {
		in = &r.code[k]
		if in.fast&(fastTask|fastTaskTurn) != 0 {
			next, in = g.ringChain(r, t, next, p) // (its private instructions first)
			// (mt, i, c and p read again after the calls rather than kept across them, so
			// that the way without a call, the common one, spills none of them)
			mt = r.mt
			i, c, p = mt.cur, uint32(g.cycle), int64(mt.period)
		}
	}
	at := next
	if d := int32(0); in != nil {
		if in.lazy == lazyFixed {
			d = in.dur
		} else if a := int(in.args[0].val); in.lazy == lazyValues && in.op == robolang.OpTrans && uint(a-1) < uint(len(r.banks)) {
			d = int32(r.banks[a-1].transDur) // (lazyDuration's TRANS on numbers, written out)
			if m := g.opts.MaxDuration; m != 0 && int(d) > m {
				d = 0
			}
		} else {
			d = int32(g.lazyDuration(r, r.code, r.pos))
			mt = r.mt
			i, c, p = mt.cur, uint32(g.cycle), int64(mt.period)
		}
		if d > 0 {
			t.inProgress, t.dur, t.rem, t.fetchAt = true, d, d, uint32(next)
			at += int64(d-1) * p
		} else {
			t.inProgress, t.rem = false, 0
		}
	} else {
		t.inProgress, t.rem = false, 0
	}
	t.at = at
	// (The robot's inProgress, rem, dur and fetchAt are left as the completion set them: only
	// a settle reads them before its next turn, and settleTasks loads the cursor.)
	k := atKey(at)<<keyBits | atKey(i) // newKey without its clamp (at is never keyNever here)
	if len(mt.keys) > smallRing {
		mt.set(i, k)
		g.scheduleRing(r, c)
		return
	}
	// set and scheduleRing, written out for a ring whose keys are in kbuf
	b := &mt.kbuf
	j := i & (smallRing - 1)
	b[j] = k
	// The ring's first key from the group's new minimum as computed (in a register) and the
	// other groups', not from the minima read back: that read waits for the store just
	// made, and the wait was the turn's costliest instruction (6% more RC3Tasks10 this way
	// although it takes three instructions more; RATIONALE.md, "RC3: the plain path",
	// fourteenth pass). Groups of four, and minima of pairs of groups: four keys, the other
	// group's minimum of the pair and the other pair's minimum read, where groups of eight
	// read eight keys and one minimum (fifteenth pass).
	gi := j / smallGroup
	m := min4((*[smallGroup]atKey)(b[gi*smallGroup : gi*smallGroup+smallGroup]))
	ms := (*[smallKeys - smallMins]atKey)(b[smallMins:smallKeys])
	ms[gi] = m
	pm := min(m, ms[(gi^1)&3])
	pi := gi >> 1
	ms[smallGroups+pi] = pm
	first := min(pm, ms[smallGroups+(pi^1)&1])
	mt.first = first
	r.dueTask = uint8(first.index())
	if fa := first.at(); uint64(fa-int64(c)) < wheelSize {
		due := uint32(fa)
		w := due & wheelMask
		r.due = due
		g.wheel[int(w)*g.words+int(uint32(r.slot)>>6)] |= 1 << uint(r.slot&63)
		g.counts[w]++
		r.sched = schedWheel
	} else {
		g.schedule(r, uint32(min(fa, int64(c)+maxDuration)))
	}
}

// turnRingFetch is turnRingOne's turn when task i fetches at it: the visit, then the general
// turn's end (endRingTurn puts the task back against its phase).
func (g *Game) turnRingFetch(r *robot, i int, c uint32) {
	num := r.mt.list[i].num
	r.load(i)
	g.visitTask(r, i)
	if r.mt.dirty || !r.alive || r.regs[regActive] < 1 {
		g.passRingTurn(r, num, c) // (a SLEEP fetched passes the turn on)
		return
	}
	g.endRingTurn(r, c)
}

// passRingTurn ends turnRingOne's turn after a completion that changed the ring's pattern
// (mt.dirty) or its activity: it goes on as the general turn (passOn, endRingTurn).
func (g *Game) passRingTurn(r *robot, num int32, c uint32) {
	g.lastVisited = num
	g.passOn(r, num, false, c)
	g.endRingTurn(r, c)
}

// turnRingVisits makes the visits of a ring's turn of cycle c in general.
func (g *Game) turnRingVisits(r *robot, c uint32) {
	mt := r.mt
	prev := mt.cursorAt(c - 1)
	if mt.seized != 0 {
		g.ringVisit(r, mt.index(mt.seized), c)
	} else {
		f := prev + 1
		if f == len(mt.list) {
			f = 0
		}
		first := mt.list[f].num
		g.passOn(r, first, g.ringVisit(r, f, c), c)
	}
}

// passOn goes on with a ring's turn of cycle c after a visit, while the task visited last
// sleeps, up to the turn's first task (first); woke says whether that visit woke its task.
func (g *Game) passOn(r *robot, first int32, woke bool, c uint32) {
	mt := r.mt
	for r.alive && r.regs[regActive] >= 1 {
		i := mt.cur
		if i >= len(mt.list) || mt.list[i].num != g.lastVisited {
			i = mt.index(g.lastVisited)
		}
		if i < 0 {
			break
		}
		if !mt.list[i].asleep {
			if woke && !g.noPrefetch {
				g.unvisit(r, i, first, c)
			}
			break
		}
		nx := (i + 1) % len(mt.list)
		if mt.list[nx].num == first {
			break
		}
		woke = g.ringVisit(r, nx, c)
	}
}

// endRingTurn ends a ring's turn of cycle c after its visits.
func (g *Game) endRingTurn(r *robot, c uint32) {
	mt := r.mt
	if !r.alive {
		return
	}
	mt.since = c
	if g.noPrefetch { // every task visited every turn: the state is the present one
		if r.regs[regActive] >= 1 {
			g.schedule(r, c+1)
		}
		return
	}
	if mt.dirty || r.regs[regActive] < 1 || mt.alone() {
		g.settleRing(r, c)
		g.reform(r, c)
		return
	}
	if h := mt.first; h.at() == int64(c) { // the task that acted (one at most)
		top := h.index()
		t := &mt.list[top]
		g.runTask(r, t, int64(c)+int64(mt.period), int64(mt.period))
		mt.set(top, newKey(t.at, top))
		if top == mt.cur { // (the robot's fields are the cursor's)
			r.inProgress, r.rem, r.dur, r.fetchAt = t.inProgress, t.rem, t.dur, t.fetchAt
		} else {
			r.load(mt.cur)
		}
	} else {
		r.load(mt.cur)
	}
	g.scheduleRing(r, c)
}

// scheduleRing schedules a running ring, after its turn of cycle c, for its next turn that
// matters.
func (g *Game) scheduleRing(r *robot, c uint32) {
	first := r.mt.first
	r.dueTask = uint8(first.index())
	due := uint32(min(first.at(), int64(c)+maxDuration))
	if due-c < wheelSize { // schedule(r, due), written out as in afterComplete
		b := due & wheelMask
		r.due = due
		g.wheel[int(b)*g.words+int(r.slot>>6)] |= 1 << uint(r.slot&63)
		g.counts[b]++
		r.sched = schedWheel
	} else {
		g.schedule(r, due)
	}
}

// ringVisit is the visit of task i of r in the turn of cycle c: one that acts if the task's
// at says so (every one without skips), else one whose count-down at holds already. A task
// visited after the pattern changed in this turn (a SLEEP fetched: the turn passes on to it)
// is visited off its phase: it is settled after the turn before and visited in full.
// It reports whether the task woke up (completed its SLEEP).
func (g *Game) ringVisit(r *robot, i int, c uint32) bool {
	mt := r.mt
	mt.cur = i
	t := &mt.list[i]
	g.lastVisited = t.num
	if !g.noPrefetch {
		switch {
		case t.at == int64(c):
			t.chainN = 0 // (a chain it ran lies in the past)
			if t.inProgress {
				t.rem = 1 // (at is its completion)
			}
		case !mt.dirty:
			return false
		default:
			g.settleTask(r, t, c-1)
			t.at = int64(c) // (settled in this turn)
		}
	}
	asleep := t.asleep
	r.load(i)
	g.visitTask(r, i)
	return asleep && r.alive && i < len(mt.list) && mt.list[i].num == g.lastVisited && !mt.list[i].asleep
}

// settleTask settles task t of a running ring after the turn of cycle cut, which did not
// visit it off its phase: its remaining visits, and no fetch made early for a later visit.
func (g *Game) settleTask(r *robot, t *task, cut uint32) {
	mt := r.mt
	if t.chainN != 0 {
		g.unchainTask(r, t, cut)
	}
	if !t.inProgress || t.at == never {
		return
	}
	if int32(t.fetchAt-cut) > 0 {
		t.inProgress = false // a fetch made early, for a visit that is not coming
		return
	}
	t.rem = t.visitsLeft(int64(cut), int64(mt.period))
}

// unvisit is the end of a turn of cycle c cut short by task i of r waking up: the tasks after
// it up to the next awake one, which this turn would have visited (first is the turn's first
// task), are not visited in it: each is settled after the turn before.
func (g *Game) unvisit(r *robot, i int, first int32, c uint32) {
	mt := r.mt
	for {
		if i++; i == len(mt.list) {
			i = 0
		}
		t := &mt.list[i]
		if t.num == first {
			return
		}
		g.settleTask(r, t, c-1)
		t.at = int64(c) // (settled in this turn)
		if !t.asleep {
			return
		}
	}
}

// cursorAt is the cursor of the running ring mt after the turn of cycle x (≥ mt.since). The
// reckoning: take the ring after a turn, and the turns that follow while no task fetches or
// completes (each visit only counts down; fetches made early aside). The asleep flags then
// stay as they are. With a seized task, each turn visits it alone. Otherwise, with a awake
// tasks (a ≥ 1), a turn visits the tasks after the cursor up to and including the next awake
// one, where the cursor stops: in ring order from the cursor, the task at offset o
// (1 .. the ring's length) is first visited in turn 1 + (awake tasks at offsets below o), and
// then every a turns; the cursor stops, after n turns, at the ((n−1) mod a + 1)-th awake
// task. With none awake, a turn visits every task once and the cursor stays: the same
// formulas with a = 1 and no task counted awake.
func (mt *tasks) cursorAt(x uint32) int {
	n := int32(x - mt.since)
	if n <= 0 {
		return mt.cur
	}
	if mt.seized != 0 {
		return mt.index(mt.seized)
	}
	k, a := len(mt.list), int(mt.awake)
	switch a {
	case k:
		if i := mt.cur + int(n)%k; i < k {
			return i
		} else {
			return i - k
		}
	case 0:
		return mt.cur
	}
	j := (int(n)-1)%a + 1
	for i := mt.cur; ; {
		if i++; i == k {
			i = 0
		}
		if !mt.list[i].asleep {
			if j--; j == 0 {
				return i
			}
		}
	}
}

// rebase sets every phase of r's ring, settled after the turn of cycle mt.since, for the
// pattern it has now (see cursorAt), makes the fetches that can be made early, and returns
// the ring's next turn that matters.
func (g *Game) rebase(r *robot) uint32 {
	mt := r.mt
	if g.noPrefetch {
		mt.one = false
		return mt.since + 1
	}
	since := int64(mt.since)
	unfetch(mt, mt.since)
	awake := 0
	for i := range mt.list {
		if !mt.list[i].asleep {
			awake++
		}
	}
	p := int64(max(awake, 1))
	mt.period, mt.awake = int32(p), int32(awake)
	mt.one = len(mt.list) > 1 && mt.seized == 0 && awake == len(mt.list)
	best := never
	if mt.seized != 0 {
		mt.period = 1
		for i := range mt.list {
			if t := &mt.list[i]; t.num == mt.seized {
				g.runTask(r, t, since+1, 1)
				best = t.at
			} else {
				t.at = never
			}
		}
	} else {
		k := len(mt.list)
		seen := int64(0)
		for o, i := 1, mt.cur; o <= k; o++ {
			if i++; i == k {
				i = 0
			}
			t := &mt.list[i]
			g.runTask(r, t, since+1+seen, p)
			best = min(best, t.at)
			if !t.asleep {
				seen++
			}
		}
	}
	mt.resetKeys()
	r.dueTask = uint8(mt.first.index())
	r.load(mt.cur)
	return uint32(min(best, since+maxDuration))
}

// keyGroup is the size of the groups of tasks.keys whose minima are kept.
const keyGroup = 8

// setKeys makes room in keys and mins for n tasks. A ring of up to 16 tasks keeps them in
// kbuf, in four groups of four, their four minima and the minima of groups 0–1 and 2–3 (which
// resetKeys and set keep, outside mins), the keys past n and the minima past its groups
// padMax, so that set and turnRingOne take the same steps for every such ring, with no loop
// and no test of a length. A larger ring keeps them in one array of groups of eight,
// the last padded, then their minima.
func (mt *tasks) setKeys(n int) {
	if n <= smallRing { // four groups of four in kbuf (padded), then four minima and two of pairs (padded)
		groups := (n + smallGroup - 1) / smallGroup
		for i := n; i < smallRing; i++ {
			mt.kbuf[i] = padMax
		}
		for i := smallMins + groups; i < smallKeys; i++ {
			mt.kbuf[i] = padMax
		}
		mt.keys, mt.mins = mt.kbuf[:n], mt.kbuf[smallMins:smallMins+groups:smallPairs]
		return
	}
	groups := (n + keyGroup - 1) / keyGroup // (three or more)
	padded := groups * keyGroup
	buf := mt.keys[:cap(mt.keys)]
	if len(buf) < padded+groups || unsafe.SliceData(buf) == &mt.kbuf[0] {
		buf = make([]atKey, padded+groups)
	}
	for i := n; i < padded; i++ {
		buf[i] = padMax
	}
	mt.keys, mt.mins = buf[:n], buf[padded:padded+groups:padded+groups]
}

// padMax fills the keys and minima past the ring's (see setKeys): larger than any key.
const padMax = ^atKey(0)

// resetKeys sets every task's key from its at, and the minima.
func (mt *tasks) resetKeys() {
	mt.setKeys(len(mt.list))
	for i := range mt.list {
		mt.keys[i] = newKey(mt.list[i].at, i)
	}
	if len(mt.keys) <= smallRing {
		b := &mt.kbuf
		for g := range mt.mins {
			b[smallMins+g] = min4((*[smallGroup]atKey)(b[g*smallGroup : (g+1)*smallGroup]))
		}
		b[smallPairs], b[smallPairs+1] = min(b[smallMins], b[smallMins+1]), min(b[smallMins+2], b[smallMins+3])
	} else {
		for g := range mt.mins {
			mt.mins[g] = min8((*[keyGroup]atKey)(mt.keys[g*keyGroup : (g+1)*keyGroup]))
		}
	}
	mt.first = mt.minOfMins()
}

// set changes task i's key to k, and the minima.
func (mt *tasks) set(i int, k atKey) {
	if len(mt.keys) <= smallRing { // in kbuf: four groups and four minima, without bounds checks
		b := &mt.kbuf
		j := i & (smallRing - 1)
		b[j] = k
		g := j / smallGroup
		b[smallMins+g] = min4((*[smallGroup]atKey)(b[g*smallGroup : g*smallGroup+smallGroup]))
		p := g >> 1
		b[smallPairs+p] = min(b[smallMins+2*p], b[smallMins+2*p+1])
		mt.first = mt.minOfMins()
		return
	}
	mt.keys[i] = k
	g := uint(i) / keyGroup
	mt.mins[g] = min8((*[keyGroup]atKey)(mt.keys[g*keyGroup : (g+1)*keyGroup]))
	mt.first = mt.minOfMins()
}

// minOfMins is the smallest of the groups' minima: of the two pairs', for up to sixteen tasks.
func (mt *tasks) minOfMins() atKey {
	if len(mt.keys) <= smallRing {
		return min(mt.kbuf[smallPairs], mt.kbuf[smallPairs+1])
	}
	return minKey(mt.mins)
}

// min4 is the smallest of four keys, with conditional moves.
func min4(k *[smallGroup]atKey) atKey {
	return min(min(k[0], k[1]), min(k[2], k[3]))
}

// min8 is the smallest of eight keys, written out as a tree of conditional moves: no loop, and
// three comparisons deep instead of seven.
func min8(k *[keyGroup]atKey) atKey {
	return min(min(min(k[0], k[1]), min(k[2], k[3])), min(min(k[4], k[5]), min(k[6], k[7])))
}

// minKey is the smallest of ks (not empty), with conditional moves only.
func minKey(ks []atKey) atKey {
	m := ks[0]
	for _, k := range ks[1:] {
		m = min(m, k)
	}
	return m
}

// runTask puts task t of r, settled, against its phase: visited in cycle f and then every p.
// A fetch that can be made early (lazyDuration) is made now, for the visit of cycle f.
func (g *Game) runTask(r *robot, t *task, f, p int64) {
	t.from = uint32(f)
	if t.inProgress {
		t.at = f + int64(t.rem-1)*p
		return
	}
	if d := g.lazyDuration(r, r.bankCode(t.bank), t.pos); d > 0 {
		t.inProgress, t.dur, t.rem, t.fetchAt = true, int32(d), int32(d), uint32(f)
		t.at = f + int64(d-1)*p
		return
	}
	t.at = f
}

// visitsLeft is how many visits task t of a running ring (visited from from on, every p
// turns) has in the cycles after x up to its at: its instruction's remaining visits after
// the turn of cycle x. A task whose first visit in its phase comes later than x + p (one
// after asleep tasks, with few awake) has fewer than (at − x)/p rounded up.
func (t *task) visitsLeft(x, p int64) int32 {
	if from := int64(t.from); x < from {
		return int32((t.at-from)/p + 1)
	}
	return int32((t.at - x + p - 1) / p)
}

// settleRing settles r's running ring after the turn of cycle cut: the cursor then, and the
// visits each task's instruction in progress still needs (a fetch made early for a later
// visit stays as it is).
// It reports whether it cut a chain short (the task's at, and so the ring's keys, changed).
func (g *Game) settleRing(r *robot, cut uint32) bool {
	mt := r.mt
	mt.cur = mt.cursorAt(cut)
	mt.since = cut
	p, x := int64(mt.period), int64(cut)
	cutShort := false
	for i := range mt.list {
		t := &mt.list[i]
		if t.chainN != 0 {
			cutShort = g.unchainTask(r, t, cut) || cutShort
		}
		if t.inProgress && t.at > x && t.at != never && int32(t.fetchAt-cut) <= 0 {
			t.rem = t.visitsLeft(x, p)
		}
	}
	return cutShort
}

// unchainRing unchains every task of r, a ring acting now, up to the present turn: before its
// own turn ends tasks (BREAK, INIT in a full ring, a death) or replaces one of its banks
// (RTRANS), which the chains ran ahead on. The turn is then dirty or the robot dead, so the
// ring is settled and its phases set again after it (the keys meanwhile out of date).
func (g *Game) unchainRing(r *robot) {
	for i := range r.mt.list {
		if t := &r.mt.list[i]; t.chainN != 0 {
			g.unchainTask(r, t, uint32(g.cycle))
		}
	}
}

// ringChainHorizon is how many of its visits a task's chain may run ahead (ringChain); like
// chainHorizon, a bound on the replay when something settles the ring early.
const ringChainHorizon = chainHorizon

// ringChain runs task t of r's running ring (loaded in r's fields, its instruction completed,
// the next one at r.pos private to it: fastTask) ahead: its instructions private to it, from
// its visit of cycle from on (every p cycles), as their visits would, up to one that is not
// or that would complete after ringChainHorizon visits or after the game. Nothing outside the
// task can see them (see fastTask), so only the visit that follows the chain needs a turn.
// t keeps where the chain started (unchainTask replays it when the ring is settled before
// its end); ringChain returns the cycle of the visit after the chain and the instruction it
// stopped at (advance's: nil if none stands there).
func (g *Game) ringChain(r *robot, t *task, from, p int64) (int64, *cinstr) {
	t.chainPos, t.chainDir = r.pos, r.dir
	limit := int64(ringChainHorizon)
	if end := int64(g.opts.Timeout); from+(limit-1)*p > end { // (no completion after the game)
		limit = max((end-from)/p+1, 0)
	}
	last, n, _, in := g.advance(r, 0, uint32(limit), g.ringPrivate()) // (counting visits)
	g.instructions += int64(n)
	t.chainN = uint8(n)
	t.pos, t.dir = r.pos, r.dir
	return from + int64(last)*p, in
}

// unchainTask brings chained task t of r's running ring back to the turn of cycle cut: unless
// the whole chain lies before it, the chain is replayed from its start up to cut, the
// instructions it completed after cut are no longer counted, and t stands in the one it is
// in then (fetched, or fetched early for its visit after cut), at is that one's completion.
// r's fields are left as they were. It reports whether t changed.
func (g *Game) unchainTask(r *robot, t *task, cut uint32) bool {
	n := t.chainN
	t.chainN = 0
	from, p := int64(t.from), int64(r.mt.period)
	after := t.at // the visit after the chain
	if t.inProgress {
		after = int64(t.fetchAt)
	}
	if int64(cut) >= after-p { // its last completion is not after cut
		return false
	}
	visits := int64(0) // t's visits from from up to cut
	if int64(cut) >= from {
		visits = (int64(cut)-from)/p + 1
	}
	pos, dir, bank := r.pos, r.dir, r.bank
	if t.bank != r.bank {
		r.setBank(t.bank)
	}
	r.pos, r.dir = t.chainPos, t.chainDir
	last, m, _, _ := g.advance(r, 0, uint32(visits), g.ringPrivate())
	g.instructions += int64(m) - int64(n)
	d := r.code[r.pos-1].dur // (a private instruction of the chain: its duration is fixed)
	t.pos, t.dir = r.pos, r.dir
	t.inProgress, t.dur, t.rem = true, d, d
	t.fetchAt = uint32(from + int64(last)*p)
	t.at = from + (int64(last)+int64(d)-1)*p
	r.pos, r.dir = pos, dir
	if r.bank != bank {
		r.setBank(bank)
	}
	return true
}

// bankCode is the compiled code of r's bank b, nil if r has no such bank.
func (r *robot) bankCode(b int32) []cinstr {
	if b >= 1 && int(b) <= len(r.banks) {
		return r.banks[b-1].code
	}
	return nil
}

// lazyDuration is the duration of the instruction a task of r standing at pos of code would
// fetch, if that fetch can be made before its visit with the same outcome; 0 if not. That
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
		d := 0
		if in.op == robolang.OpTrans { // transDuration, with the source bank's worked out ahead (as prefetchIn)
			if a := int(in.args[0].val); uint(a-1) < uint(len(r.banks)) { // (on numbers: see compile)
				d = int(r.banks[a-1].transDur)
			} else {
				d = int(g.transDuration(r, in, a))
			}
		} else {
			d = g.durationOfValues(r, in)
		}
		if g.opts.MaxDuration == 0 || d <= g.opts.MaxDuration {
			return d
		}
	}
	return 0
}

// settleTasks is settle for a ring: its cursor and remaining visits now (its turn in this
// cycle included if it has passed).
func (g *Game) settleTasks(r *robot) {
	if r.id == g.actor || !r.alive || r.regs[regActive] < 1 || g.noPrefetch {
		return // acting now, frozen, or visited every turn: the ring is as it is
	}
	mt, cut := r.mt, g.cut(r)
	if g.settleRing(r, cut) { // a chain cut short: its task acts sooner
		mt.resetKeys()
		r.dueTask = uint8(mt.first.index())
		g.unschedule(r)
		g.schedule(r, uint32(min(mt.first.at(), int64(cut)+maxDuration)))
	}
	r.load(mt.cur)
}

// remaining is the visits the instruction r has in progress still needs after the current
// cycle: an active classic or lone robot's due says it, a ring's (settled) or a frozen
// robot's rem.
func (g *Game) remaining(r *robot) int {
	if r.regs[regActive] >= 1 && (r.mt == nil || g.lone(r)) {
		return int(r.due) - g.cycle
	}
	return int(r.rem)
}

// freezeTasks is freeze for a plain robot, settled.
func (g *Game) freezeTasks(t *robot) {
	if g.lone(t) {
		g.keepTurns(t)
		g.unschedule(t)
		t.sync()
		return
	}
	unfetch(t.mt, t.mt.since) // a ring keeps its state, without fetches made early
	t.load(t.mt.cur)
	g.unschedule(t)
}

// redoTasks is afterTransfer for a plain robot: a lone one redoes a pending prefetch; a
// ring (settled) sets its phases again, or, acting now, at the end of its turn.
func (g *Game) redoTasks(r *robot) {
	if g.lone(r) {
		if g.fetchPending(r) {
			g.refetch(r)
			r.syncLone(g.cut(r))
		}
		return
	}
	if r.id == g.actor {
		r.mt.dirty, r.mt.one = true, false
		return
	}
	if r.sched == schedNone {
		return // frozen: its turns are reckoned when it wakes
	}
	g.unschedule(r)
	g.schedule(r, g.rebase(r))
}

// fetchTask is the fetch of the task whose state is in r's fields (RC3.md 6.2, 6.4): the
// auto-reboot and data hunger, the duration, error 16, and the asleep flag. It reports false
// if r died.
func (g *Game) fetchTask(r *robot) bool {
	in := r.instrAt()
	if in == nil {
		if in = g.reboot(r); in == nil {
			return false
		}
	}
	d := g.duration(r, in)
	if m := g.opts.MaxDuration; m > 0 && d > m {
		g.kill(r, ReasonDurationTooHigh)
		return false
	}
	c := uint32(g.cycle)
	r.inProgress = true
	r.dur, r.rem, r.fetchAt, r.due = int32(d), int32(d), c, c+uint32(d)-1
	mt := r.mt
	if t := &mt.list[mt.cur]; t.asleep != (in.op == robolang.OpSleep) {
		t.asleep = !t.asleep
		mt.dirty, mt.one = true, false
	}
	return true
}

// visitTask is a visit of task i of r (RC3.md 6.2), loaded into r's fields: the cursor is
// it; it fetches if nothing is in progress, counts one cycle off, and completes when none
// remain.
func (g *Game) visitTask(r *robot, i int) {
	mt := r.mt
	num := mt.list[i].num
	if g.rc3 {
		g.curTask = int(num)
	}
	if !r.inProgress && !g.fetchTask(r) {
		return
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
	g.afterVisit(r, num)
}

// afterVisit ends a visit of task num of r that completed an instruction. The task may have
// ended (QUIT) or moved in the ring (INIT, BREAK, QUIT): its state is written back where it
// is now, then the cursor's state is made the robot's.
func (g *Game) afterVisit(r *robot, num int32) {
	mt := r.mt
	k := mt.cur
	if k >= len(mt.list) || mt.list[k].num != num {
		k = mt.index(num)
	}
	if k >= 0 {
		if mt.list[k].asleep {
			mt.list[k].asleep = false
			mt.dirty, mt.one = true, false
		}
		mt.cur = k
		r.sync()
		return
	}
	r.load(mt.cur)
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
		g.unchainRing(r) // (the replaced task's chain is counted up to now only)
		replaced = mt.list[oldest].num
		nt.num = mt.next
		mt.next++
		mt.list[oldest] = nt
	}
	mt.dirty, mt.one = true, false
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
	mt.dirty, mt.one = true, false
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
	g.unchainRing(r) // (the ended tasks' chains are counted up to now only)
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
	mt.dirty, mt.one = true, false
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
	mt.dirty, mt.one = true, false
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
	mt.dirty, mt.one = true, false
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
