package arena

import "robocom/robolang"

// Run-ahead chains. Most instructions in real games are private: ADD, SUB, SET, COMP, JUMP,
// BJUMP and TURN that read numbers, the robot's variables, its #Active and its constants, and
// write a variable (the cinstrs marked fast). Nobody else can see their effect — other robots
// read only #Active, the banks, the mobility and the set through remote operands and SCAN,
// which these instructions never change — and only #Active of what they read can be changed
// by others (through setActive, which settles first), so they need not run at their own
// turns. At a completing turn, when the next instruction is private,
// the robot runs ahead: it executes its private instructions one after another, as the plain
// rules would at their turns, until it reaches one that is not private, one that would
// complete after a horizon, or an ADD/SUB that would eliminate it. Only that instruction
// gets a visit. A TURN is private only while nobody listens to events (it emits one).
//
// The state of a chained robot is then ahead of the present. Whatever is about to look at it
// or change it from outside first settles it: its state at the start of the chain (the
// checkpoint) comes back and the chain is replayed up to the present turn, which gives the
// state the plain rules have there. That happens before a TRANS into it, before another robot
// (or the debugger) changes its #Active or a variable, before views, snapshots and results,
// and when the game ends. Deaths, moves, builds and transfers are never run ahead: they
// happen at their own turns. TestChainNoDiff plays July games with and without chains and
// compares everything (RATIONALE.md "Arena scheduling").

// chainHorizon is how many cycles a chain may run ahead. Longer chains save visits but cost
// more to replay when something settles the robot early.
const chainHorizon = 63

// checkpoint is a robot's private state after the completing turn that started its chain.
type checkpoint struct {
	vars      [robolang.NumVars]int16 // #1..#20 (#Active and the constants do not change in a chain), if saved
	pos, bank int32
	t         uint32 // the cycle of that turn
	end       uint32 // the cycle of the chain's last step (a completion, or the fetch of an auto-reboot)
	n         int32  // instructions the chain completed (already in Game.instructions)
	dir       Dir
	saved     bool // vars holds #1..#20: the chain wrote a variable (most chains only jump and compare)
}

// save keeps the variables as they were before the chain's first write to one.
func (ck *checkpoint) save(vars *[regsLen]int16) {
	ck.saved = true
	copy(ck.vars[:], vars[:robolang.NumVars])
}

// chainable reports whether a chain is worth starting for r after a completing turn: the
// instruction it fetches next is private, or r stands past the end of its bank and the
// auto-reboot fetches an instruction of fixed duration (running the reboot ahead saves the
// fetching visit).
func (g *Game) chainable(r *robot) bool {
	if i := uint(r.pos - 1); i < uint(len(r.code)) {
		in := &r.code[i]
		return in.fast != 0 && (in.op != robolang.OpTurn || g.onEvent == nil)
	}
	return len(r.banks) > 0 && len(r.banks[0].code) > 0 && r.banks[0].code[0].fixed
}

// runAhead starts a chain for r, which completed an instruction at cycle c (and is active,
// with nothing in progress), and schedules its next visit, prefetching the instruction the
// chain stopped at (advance hands it over: no second look-up).
func (g *Game) runAhead(r *robot, c uint32) {
	ck := &r.ck
	ck.pos, ck.bank, ck.dir, ck.t, ck.saved = r.pos, r.bank, r.dir, c, false
	limit := c + chainHorizon
	if t := uint32(g.opts.Timeout); limit > t {
		limit = t
	}
	last, n, end, in := g.advance(r, c, limit, g.robotPrivate())
	if end > c {
		ck.n, ck.end = n, end
		g.instructions += int64(n)
		r.chained = true
		g.chains++
	}
	if in != nil {
		g.prefetchIn(r, in, last)
	} else {
		g.afterCompleteOther(r, last)
	}
}

// advance executes r's fast instructions from the state after a completing turn in cycle t,
// each whose completing turn is in a cycle ≤ limit, as their turns would: those whose
// cinstr.fast has a bit of private (robotPrivate; ringPrivate for a ring's task, which never
// reboots ahead: see ringChain; completeFast allows every one). It is the one implementation
// of the fast instructions (completeFast uses it too), with the state in locals: this loop
// runs most of the instructions of a real game. It stops before anything else: an instruction that is not
// private, an ADD or SUB that would eliminate r, an auto-reboot into a bank whose first
// instruction has no fixed duration, data hunger. An auto-reboot (in the fetch of cycle t+1)
// into an instruction that is not private is made, and the chain stops there: afterComplete
// prefetches that instruction as the fetch in t+1 would. advance returns the cycle of the
// last completion, how many instructions completed, the cycle of its last step (t when
// it made none), and the instruction at r's position it stopped at (nil if none stands there).
func (g *Game) advance(r *robot, t, limit uint32, private uint8) (uint32, int32, uint32, *cinstr) {
	var n int32
	end := t
	pos := r.pos // (r.code is read at every step: a local copy costs more in register moves)
	var in *cinstr
loop:
	for {
		in = nil
		if i := uint(pos - 1); i < uint(len(r.code)) {
			in = &r.code[i]
		} else {
			if t+1 > limit || len(r.banks) == 0 || private&fastRobot == 0 {
				break
			}
			b1 := r.banks[0].code
			if len(b1) == 0 || !b1[0].fixed {
				break
			}
			r.bank, r.code = 1, b1
			pos, in = 1, &b1[0]
			end = t + 1
		}
		due := t + uint32(in.dur)
		if in.fast&private == 0 || due > limit {
			break
		}
		a0, a1 := &in.args[0], &in.args[1]
		a := int(a0.val) + int(r.regs[a0.vi&regMask]&a0.vmask)
		switch in.op {
		case robolang.OpJump:
			pos += int32(a)
		case robolang.OpComp:
			pos++
			if a == int(a1.val)+int(r.regs[a1.vi&regMask]&a1.vmask) {
				pos++
			}
		case robolang.OpSet:
			if !r.ck.saved {
				r.ck.save(&r.regs)
			}
			r.regs[a0.vi&regMask] = a1.val + r.regs[a1.vi&regMask]&a1.vmask
			pos++
		case robolang.OpTurn:
			if a == 0 {
				r.dir = r.dir.Left()
			} else {
				r.dir = r.dir.Right()
			}
			r.front = g.lookFront(r)
			pos++
		case robolang.OpBJump:
			r.setBank(int32(a))
			pos = int32(a1.val) + int32(r.regs[a1.vi&regMask]&a1.vmask)
		default: // ADD, SUB
			b := int(a1.val) + int(r.regs[a1.vi&regMask]&a1.vmask)
			v := a + b
			if in.op == robolang.OpSub {
				v = a - b
			}
			if t := g.opts.ElimTrigger; v > t || v < -t {
				break loop
			}
			if !r.ck.saved {
				r.ck.save(&r.regs)
			}
			r.regs[a0.vi&regMask] = int16(v)
			pos++
		}
		n++
		t, end = due, due
	}
	r.pos = pos
	return t, n, end, in
}

// afterComplete schedules r's next visit after it completed an instruction in cycle t:
// prefetching the next instruction when that is safe (see prefetch), else a fetching visit
// in cycle t+1.
func (g *Game) afterComplete(r *robot, t uint32) {
	if j := uint(r.pos - 1); j < uint(len(r.code)) && !g.noPrefetch {
		g.prefetchIn(r, &r.code[j], t)
		return
	}
	g.afterCompleteOther(r, t)
}

// prefetchIn is afterComplete of in, the instruction at r's position (and not noPrefetch).
// The two common cases are written out (a hot path): an instruction of fixed duration, and a
// TRANS whose operands are no remotes (its duration is the source bank's).
func (g *Game) prefetchIn(r *robot, in *cinstr, t uint32) {
	d := in.dur
	if !in.fixed {
		if in.op != robolang.OpTrans || in.remotes > 0 || in.args[0].kind >= robolang.KindRemote {
			g.afterCompleteOther(r, t)
			return
		}
		// transDuration, with the source bank's duration worked out when the game was made
		a0 := &in.args[0]
		if a := int(a0.val + r.regs[a0.vi&regMask]&a0.vmask); uint(a-1) < uint(len(r.banks)) {
			d = r.banks[a-1].transDur
		} else {
			d = g.transDuration(r, in, a)
		}
	}
	r.inProgress = true
	r.dur = d
	r.fetchAt = t + 1
	due := t + uint32(d)
	r.due = due
	if due-uint32(g.cycle) < wheelSize { // schedule(r, due), written out
		b := due & wheelMask
		g.wheel[int(b)*g.words+int(r.slot>>6)] |= 1 << uint(r.slot&63)
		g.counts[b]++
		r.sched = schedWheel
	} else {
		g.scheduleFar(r, due)
	}
}

// afterCompleteOther is afterComplete's general case.
func (g *Game) afterCompleteOther(r *robot, t uint32) {
	if g.prefetch(r, t+1) {
		g.schedule(r, r.due)
	} else {
		g.schedule(r, t+1)
	}
}

// settle brings a chained robot back to the present: the state the plain rules give it at
// this point of the current cycle (after its turn in this cycle if that has passed).
// A plain game's lone robot (tasks.go) is settled here too, its task entry written; a ring by
// settleTasks.
func (g *Game) settle(r *robot) {
	if g.plain && !g.lone(r) {
		g.settleTasks(r)
		return
	}
	if r.sched == schedDormant {
		g.wakeQuiet(r)
	}
	if r.chained {
		g.unchain(r)
	}
	g.syncSettled(r)
}

// unchain ends r's chain: its state at the checkpoint comes back and the chain is replayed up
// to the present, unless the whole chain lies in the past (the state is the present one).
func (g *Game) unchain(r *robot) {
	r.chained = false
	g.chains--
	cut := g.cut(r)
	if r.ck.end <= cut {
		return
	}
	g.unschedule(r)
	r.inProgress = false
	g.touchSelf(r) // (its visits fall otherwise from now on: a search for its period starts again)
	ck := &r.ck
	g.instructions -= int64(ck.n)
	r.pos, r.dir = ck.pos, ck.dir
	r.front = g.lookFront(r)
	if ck.saved {
		copy(r.regs[:robolang.NumVars], ck.vars[:])
	}
	r.setBank(ck.bank)
	last, n, _, _ := g.advance(r, ck.t, cut, g.robotPrivate())
	g.instructions += int64(n)
	g.afterComplete(r, last)
}

// afterTransfer redoes, after a TRANS replaced one of r's banks (or something else changed
// what r's fetches read: its #Active, a variable, its own RTRANS), what was worked out ahead:
// a pending prefetch, or a ring's phases (redoTasks).
func (g *Game) afterTransfer(r *robot) {
	if g.plain {
		g.redoTasks(r)
		return
	}
	if g.fetchPending(r) {
		g.refetch(r)
	}
}

// settleAll settles every chained or dormant robot (before views, snapshots, results, and at
// the end).
func (g *Game) settleAll() {
	if g.plain {
		for i := range g.robots {
			g.settle(&g.robots[i])
		}
		return
	}
	if g.chains == 0 && g.dormant == 0 {
		return
	}
	for i := range g.robots {
		if r := &g.robots[i]; r.chained || r.sched == schedDormant {
			g.settle(r)
		}
	}
}
