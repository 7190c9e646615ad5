package arena

import (
	"sort"

	"robocom/robolang"
)

// Multitasking (RC3.md 6). In a plain game (Game.plain: instructions = rc3, or max-duration
// above 0) every active robot takes its turn in every cycle, in creation order, by turnPlain,
// which follows RC3.md 6.2 to the letter: it visits the seized task, or the task after the
// cursor and then, while the task just visited sleeps, the next ones. A visit counts one
// cycle off the task's instruction (r.rem), so nothing is computed ahead and deactivation,
// transfers and the debugger see the state the rules describe at every point. The one
// shortcut: turns that could only count down the one task that will be visited are skipped
// (tasks.skip).
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
	// skip: the robot's next visit is its cursor task's completion (robot.due), and the
	// visits before it, which would only count down, are skipped; robot.rem is then 1 and
	// the true remaining count is due − cycle (see turnPlain).
	skip bool
}

// newTasks gives a new robot its one task (number 1, bank 1, instruction 1, facing dir),
// reusing the storage of the slot's previous robot.
func newTasks(old *tasks, dir Dir) *tasks {
	t := old
	if t == nil {
		t = &tasks{list: make([]task, 0, 4)}
	}
	t.list = append(t.list[:0], task{num: 1, bank: 1, pos: 1, dir: dir})
	t.cur, t.seized, t.next, t.skip = 0, 0, 2, false
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

// turnPlain is an active robot's turn in a plain game (RC3.md 6.2).
func (g *Game) turnPlain(r *robot) {
	g.actor = r.id
	mt := r.mt
	mt.skip = false
	if mt.seized != 0 {
		g.visitTask(r, mt.index(mt.seized))
	} else {
		f := (mt.cur + 1) % len(mt.list)
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
	if r.alive && r.regs[regActive] >= 1 {
		next := uint32(g.cycle) + 1
		if r.inProgress && r.rem > 1 && (len(mt.list) == 1 || mt.seized != 0) && !g.noPrefetch {
			// Only the cursor task (the only one, or the seized one) is visited until its
			// instruction completes, and the visits before that only count down: skip them.
			// Nothing else can change that but a deactivation, which freeze handles.
			next = uint32(g.cycle) + uint32(r.rem)
			r.rem = 1
			r.sync()
			mt.skip = true
		}
		g.schedule(r, next)
	}
}

// remaining is the number of visits the cursor task's instruction in progress still needs.
func (g *Game) remaining(r *robot) int32 {
	if r.mt.skip && r.regs[regActive] >= 1 {
		return int32(r.due) - int32(g.cycle)
	}
	return r.rem
}

// unskip ends a skip when r is frozen: the cursor task keeps the visits still needed (one
// more if its turn in this cycle had not come yet).
func (g *Game) unskip(r *robot) {
	if !r.mt.skip {
		return
	}
	r.mt.skip = false
	rem := int32(r.due) - int32(g.cycle)
	if r.id > g.actor {
		rem++
	}
	r.rem = rem
	r.sync()
}

// visitTask is a visit of task i of r (RC3.md 6.2): the cursor becomes it; it fetches if
// nothing is in progress (auto-reboot, data hunger, the duration, error 16), counts one cycle
// off, and completes when none remain.
func (g *Game) visitTask(r *robot, i int) {
	mt := r.mt
	r.load(i)
	num := mt.list[i].num
	g.lastVisited = num
	if g.rc3 {
		g.curTask = int(num)
	}
	if !r.inProgress {
		in := r.instrAt()
		if in == nil {
			r.setBank(1)
			r.pos = 1
			if in = r.instrAt(); in == nil {
				g.kill(r, ReasonDataHunger)
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
