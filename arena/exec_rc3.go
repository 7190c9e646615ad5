package arena

import "robocom/robolang"

// The instructions of a plain game (see tasks.go): every instruction, classic and RC3, as
// RC3.md 3-5 say. The classic path (exec.go) is not used in plain games, and this file is not
// used in classic ones, so classic games stay exactly as they were.

// Operand kinds that only compile produces, for the RC3 operands read in plain games.
const (
	kindShared   robolang.OperandKind = 100 + iota // #Pub (val VarPub) or #Team (val VarTeam)
	kindConstRC3                                   // $Time ... $Tasks (val is the Const)
)

// sat16 is a constant's value as RC3.md 3 reads it: above 32767 it reads 32767.
func sat16(v int) int { return min(v, 32767) }

// readPlain returns an operand's value in a plain game. Indirect operands must have been
// resolved (resolveIndirect) except at fetch, where an index outside 1..20 reads 0.
func (g *Game) readPlain(r *robot, o carg, ref *robot) int {
	switch o.kind {
	case robolang.KindIndirect:
		if k := r.regs[o.vi]; k >= 1 && k <= robolang.NumVars {
			return int(r.regs[k-1])
		}
		return 0
	case kindShared:
		if o.val == robolang.VarPub {
			return int(g.pub)
		}
		return int(g.teamVars[r.team])
	case kindConstRC3:
		return g.constRC3(r, robolang.Const(o.val))
	case robolang.KindRemote:
		if robolang.Remote(o.val) == robolang.RemoteAge {
			if ref == nil {
				return 0
			}
			return sat16(g.cycle - int(ref.born))
		}
	}
	return g.read(r, o, ref)
}

// constRC3 is the value of an RC3 own constant (RC3.md 3).
func (g *Game) constRC3(r *robot, c robolang.Const) int {
	switch c {
	case robolang.ConstTime:
		return sat16(g.cycle)
	case robolang.ConstAge:
		return sat16(g.cycle - int(r.born))
	case robolang.ConstOwn:
		return sat16(g.teamCount[r.team])
	case robolang.ConstOthers:
		n := 0
		for t, k := range g.teamCount {
			if t != int(r.team) {
				n += k
			}
		}
		return sat16(n)
	case robolang.ConstID:
		if g.teamIDs == nil {
			return 0
		}
		return int(g.teamIDs[r.team])
	case robolang.ConstGeneration:
		return sat16(int(r.gen))
	case robolang.ConstInstrPos:
		return int(r.pos)
	case robolang.ConstElimTrigger:
		return g.opts.ElimTrigger
	case robolang.ConstTimeout:
		return sat16(g.opts.Timeout)
	case robolang.ConstTasks:
		return len(r.mt.list)
	}
	return 0
}

// writePlain stores v (within 16 bits) into a writable operand (indirect ones resolved).
func (g *Game) writePlain(r *robot, o carg, v int, ref *robot) {
	if o.kind == kindShared {
		if o.val == robolang.VarPub {
			g.pub = int16(v)
		} else {
			g.teamVars[r.team] = int16(v)
		}
		return
	}
	g.write(r, o, v, ref)
}

// durationPlain computes an instruction's cycles from the values at fetch (RC3.md 1, 4, 5):
// the cost rule plus the remote surcharge, at least 1.
func (g *Game) durationPlain(r *robot, in *cinstr) int {
	if in.fixed {
		return int(in.dur)
	}
	o := &g.opts
	var ref *robot
	if in.remotes > 0 || in.op == robolang.OpRTrans {
		ref = g.robotAt(g.front(r))
	}
	arg := func(i int) int64 { return int64(g.readPlain(r, in.args[i], ref)) }
	d := int64(o.Cost[in.op])
	switch in.op {
	case robolang.OpTrans:
		n := 0
		if a := arg(0); a >= 1 && a <= int64(len(r.banks)) {
			n = len(r.banks[a-1].code)
		}
		d += int64(o.TransPerInstr) * int64(n)
	case robolang.OpCreate:
		a, b, c := arg(0), arg(1), arg(2)
		d += int64(o.CreatePerBank) * b
		if c == 1 {
			d = d*int64(o.CreateMobileFactor) + int64(o.CreateMobile)
		}
		switch a {
		case 1:
			d += int64(o.CreateSet1)
		case 2:
			d += int64(o.CreateSet2)
		}
	case robolang.OpRTrans:
		n := 0
		if a := arg(0); ref != nil && a >= 1 && a <= int64(len(ref.banks)) {
			n = len(ref.banks[a-1].code)
		}
		d += int64(o.RTransPerInstr) * int64(n)
	case robolang.OpFarScan:
		d += int64(o.FarScanPerField) * arg(2)
	case robolang.OpSleep:
		d += arg(0)
	}
	d += int64(o.RemoteCost) * int64(in.remotes)
	return int(min(max(d, 1), maxDuration))
}

// completePlain is the completing visit of the executing task's instruction: the effect of
// the instruction standing at its position now, with the errors in RC3.md 5's order.
func (g *Game) completePlain(r *robot) {
	cin := r.instrAt()
	if cin == nil {
		return // nothing stands there now: nothing happens; the next fetch auto-reboots
	}
	g.instructions++
	in := *cin // a copy: indirect operands are resolved in it
	op := in.op
	// (1) the instruction's own set, (2) 5 for a remote operand.
	if why := setMissing(r, &in); why != Alive {
		g.kill(r, why)
		return
	}
	// (3) 13 for an indirect index, in operand order; then it is the variable it names.
	for j := 0; j < int(in.n); j++ {
		if a := &in.args[j]; a.kind == robolang.KindIndirect {
			k := r.regs[a.vi]
			if k < 1 || k > robolang.NumVars {
				g.kill(r, ReasonInvalidParameter)
				return
			}
			*a = carg{kind: robolang.KindVar, vi: uint8(k - 1), vmask: -1}
		}
	}
	var ref *robot
	front := 0
	if in.ref {
		front = g.front(r)
		ref = g.robotAt(front)
	}
	rd := func(i int) int { return g.readPlain(r, in.args[i], ref) }
	wr := func(i, v int) { g.writePlain(r, in.args[i], v, ref) }
	next := r.pos + 1
	switch op {
	case robolang.OpAdd, robolang.OpSub, robolang.OpMul:
		a, b := rd(0), rd(1)
		var v int
		switch op {
		case robolang.OpAdd:
			v = a + b
		case robolang.OpSub:
			v = a - b
		default:
			v = a * b
		}
		if t := g.opts.ElimTrigger; v > t || v < -t {
			g.kill(r, ReasonElimination)
			return
		}
		wr(0, v)
	case robolang.OpDiv, robolang.OpMod:
		a, b := rd(0), rd(1)
		if b == 0 {
			g.kill(r, ReasonDivisionByZero)
			return
		}
		if op == robolang.OpDiv {
			wr(0, int(int16(a/b))) // −32768 / −1 wraps to −32768
		} else {
			wr(0, a%b)
		}
	case robolang.OpMin:
		wr(0, min(rd(0), rd(1)))
	case robolang.OpMax:
		wr(0, max(rd(0), rd(1)))
	case robolang.OpSet:
		wr(0, rd(1))
	case robolang.OpComp:
		if rd(0) == rd(1) {
			next = r.pos + 2
		}
	case robolang.OpJump:
		next = r.pos + int32(rd(0))
	case robolang.OpAJump:
		next = int32(rd(0))
	case robolang.OpBJump:
		b, i := rd(0), rd(1)
		r.setBank(int32(b))
		next = int32(i)
	case robolang.OpTurn:
		if rd(0) == 0 {
			r.dir = r.dir.Left()
		} else {
			r.dir = r.dir.Right()
		}
		if g.onEvent != nil {
			g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvTurn, Dir: r.dir, Task: g.curTask})
		}
	case robolang.OpMove:
		if !r.mobile {
			g.kill(r, ReasonNotMobile)
			return
		}
		if ref == nil {
			g.board[r.field] = 0
			g.board[front] = onBoard(r)
			r.x, r.y, r.field = int16(front%g.n), int16(front/g.n), int32(front)
			if g.onEvent != nil {
				g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvMove, X: int(r.x), Y: int(r.y), Task: g.curTask})
			}
		}
	case robolang.OpDie:
		g.kill(r, ReasonDie)
		return
	case robolang.OpScan:
		v := 0
		if ref != nil {
			v = 1
			if ref.team == r.team {
				v = 2
			}
		}
		wr(0, v)
	case robolang.OpFarScan:
		c := rd(2)
		if c < 1 {
			g.kill(r, ReasonInvalidParameter)
			return
		}
		kind, dist := 0, 0
		f := int(r.field)
		for d := 1; d <= c; d++ {
			f = int(g.frontOf[f<<2|int(r.dir&3)])
			if t := g.robotAt(f); t != nil {
				kind, dist = 1, d
				if t.team == r.team {
					kind = 2
				}
				break
			}
		}
		wr(0, kind)
		wr(1, dist)
	case robolang.OpRandom:
		b, c := rd(1), rd(2)
		if b > c {
			g.kill(r, ReasonInvalidParameter)
			return
		}
		wr(0, b+g.rng.intn(c-b+1))
	case robolang.OpTrans:
		a, b := rd(0), rd(1)
		if a < 1 || a > len(r.banks) {
			g.kill(r, ReasonNoSourceBank)
			return
		}
		if ref != nil && b >= 1 && b <= len(ref.banks) {
			if src := r.banks[a-1]; ref.banks[b-1] != src {
				ref.banks[b-1] = src
				if int(ref.bank) == b {
					ref.code = src.code
				}
			}
			if g.onEvent != nil {
				g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvTrans,
					Target: int(ref.id), FromBank: a, ToBank: b, Task: g.curTask})
			}
		}
	case robolang.OpRTrans:
		a, b := rd(0), rd(1)
		if b < 1 || b > len(r.banks) {
			g.kill(r, ReasonNoSourceBank)
			return
		}
		if ref != nil && a >= 1 && a <= len(ref.banks) {
			src := ref.banks[a-1]
			r.banks[b-1] = src
			if int(r.bank) == b {
				r.code = src.code
			}
			if g.onEvent != nil {
				g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvRTrans,
					Target: int(ref.id), FromBank: a, ToBank: b, Task: g.curTask})
			}
		}
	case robolang.OpCreate:
		a, b, c := rd(0), rd(1), rd(2)
		if b < 1 || b > robolang.MaxBanks {
			g.kill(r, ReasonInvalidBanks)
			return
		}
		if a < 0 || a > 2 || c < 0 || c > 1 {
			g.kill(r, ReasonInvalidParameter)
			return
		}
		if ref == nil {
			g.build(r, a, b, c == 1)
		}
	case robolang.OpInit:
		g.taskInit(r, rd(0), rd(1))
	case robolang.OpQuit:
		if !g.taskQuit(r) {
			return
		}
		return // the task is gone: it has no position to move on
	case robolang.OpSeize:
		g.taskSeize(r)
	case robolang.OpResume:
		g.taskResume(r)
	case robolang.OpBreak:
		g.taskBreak(r)
	case robolang.OpSleep:
	}
	r.pos = next
}
