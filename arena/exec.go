package arena

import "robocom/robolang"

// The instruction semantics of both games: what an instruction costs (duration) and what
// it does when it completes (complete), classic (ROBOCOM.md 5-8) and RC3 (RC3.md 3-5) alike.
// The two schedulers (turn in game.go and chain.go for classic games, turnPlain in tasks.go
// for plain ones) decide when; this file decides what. Where the games differ it is through
// three hooks, each written once:
//   - the task on events: Game.curTask, which only RC3 visits set (0 otherwise);
//   - SCAN's team: read from the board entry (onBoard), which holds the team in both games;
//   - what a TRANS into another robot must redo: settle before, afterTransfer after.

// Operand kinds that only compile produces, for the RC3 operands.
const (
	kindShared   robolang.OperandKind = 100 + iota // #Pub (val VarPub) or #Team (val VarTeam)
	kindConstRC3                                   // $Time ... $Tasks (val is the Const)
)

// cost is the part of an instruction's duration that does not depend on operand values: its
// opcode's cost and the remote surcharge. For every instruction but TRANS, CREATE, RTRANS,
// FARSCAN and SLEEP it is the whole duration (compile stores it in cinstr.dur).
func (o *Options) cost(op robolang.Opcode, remotes int) int64 {
	return int64(o.Cost[op]) + int64(o.RemoteCost)*int64(remotes)
}

// duration is an instruction's cycles, fixed at its fetch from the values then (ROBOCOM.md 5,
// 6; RC3.md 1, 4, 5): the cost (see cost) plus, for TRANS, RTRANS, CREATE, FARSCAN and SLEEP,
// the part that depends on operand values or bank sizes; at least 1.
func (g *Game) duration(r *robot, in *cinstr) int {
	if in.fixed {
		return int(in.dur)
	}
	return g.durationOfValues(r, in)
}

// durationOfValues is duration for the instructions whose duration depends on values.
func (g *Game) durationOfValues(r *robot, in *cinstr) int {
	o := &g.opts
	d := int64(in.dur)             // the cost
	if in.op == robolang.OpTrans { // (first: TRANS is most of them)
		return int(g.transDuration(r, in, g.read(r, in.args[0])))
	}
	switch in.op {
	case robolang.OpRTrans: // the remote bank's size
		n := 0
		ref := g.robotAt(g.front(r))
		if a := g.read(r, in.args[0]); ref != nil && a >= 1 && a <= len(ref.banks) {
			n = len(ref.banks[a-1].code)
		}
		d += int64(o.RTransPerInstr) * int64(n)
	case robolang.OpCreate: // (not from in.dur: see compile)
		d = createDuration(o, in, g.read(r, in.args[0]), g.read(r, in.args[1]), g.read(r, in.args[2]))
	case robolang.OpFarScan:
		d += int64(o.FarScanPerField) * int64(g.read(r, in.args[2]))
	case robolang.OpSleep:
		d += int64(g.read(r, in.args[0]))
	}
	return int(min(max(d, 1), maxDuration))
}

// createDuration is the duration of CREATE in from its operands' values a (the set), b (the
// banks) and c (mobile), before the minimum of 1. It reads nothing of in but its remotes:
// compile stores the duration of a CREATE on numbers in cinstr.dur.
func createDuration(o *Options, in *cinstr, a, b, c int) int64 {
	d := int64(o.Cost[robolang.OpCreate]) + int64(o.CreatePerBank)*int64(b)
	if c == 1 {
		d = d*int64(o.CreateMobileFactor) + int64(o.CreateMobile)
	}
	switch a {
	case 1:
		d += int64(o.CreateSet1)
	case 2:
		d += int64(o.CreateSet2)
	}
	return d + int64(o.RemoteCost)*int64(in.remotes)
}

// transDuration is the duration of TRANS in from r's bank a: the cost plus the source bank's
// size (0 if r has no bank a).
func (g *Game) transDuration(r *robot, in *cinstr, a int) int32 {
	n := 0
	if uint(a-1) < uint(len(r.banks)) {
		n = len(r.banks[a-1].code)
	}
	return transCycles(int64(in.dur), &g.opts, n)
}

// transCycles is the duration of a TRANS of cost cost from a bank of n instructions (the one
// formula: transDuration at a fetch, newBank ahead of the game for TRANS without remotes).
func transCycles(cost int64, o *Options, n int) int32 {
	return int32(min(max(cost+int64(o.TransPerInstr)*int64(n), 1), maxDuration))
}

// complete is the completing turn (or visit, in RC3) of r's instruction: the effect of the
// instruction that stands at r's position now (ROBOCOM.md 6; RC3.md 6.2: the executing task's
// position, through r's fields), runtime errors included in RC3.md 5's order (ROBOCOM.md 8).
// One switch over the opcode; operands are read through read/write, which know every operand
// kind. (A classic turn completes the instructions marked fast through completeFast instead.)
func (g *Game) complete(r *robot) {
	if i := uint(r.pos - 1); i < uint(len(r.code)) {
		g.completeIn(r, &r.code[i])
	}
	// (else the bank was replaced or shortened meanwhile: nothing happens; the next fetch
	// auto-reboots)
}

// completeIn is complete of in, the instruction at r's position.
func (g *Game) completeIn(r *robot, in *cinstr) {
	g.instructions++
	if r.set < in.need { // one comparison passes the common case (see cinstr.need)
		// (1) the instruction's own set, (2) set 1 for a remote operand, (3) an indirect
		// operand's index (RC3).
		if why := setMissing(r, in); why != Alive {
			g.kill(r, why)
			return
		}
		if in.indirect && !g.indirectValid(r, in) {
			return
		}
	}
	op := in.op
	var ref *robot // the robot in front
	front := 0     // its field
	if in.ref {
		front = g.front(r)
		ref = g.robotAt(front)
	}
	switch op { // (the position moves on by one at the end; the jumps set it and return)
	case robolang.OpAdd, robolang.OpSub, robolang.OpMul:
		a := g.read(r, in.args[0])
		b := g.read(r, in.args[1])
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
		g.write(r, in.args[0], v, ref)
	case robolang.OpDiv, robolang.OpMod:
		a := g.read(r, in.args[0])
		b := g.read(r, in.args[1])
		if b == 0 {
			g.kill(r, ReasonDivisionByZero)
			return
		}
		if op == robolang.OpDiv {
			g.write(r, in.args[0], int(int16(a/b)), ref) // −32768 / −1 wraps to −32768
		} else {
			g.write(r, in.args[0], a%b, ref)
		}
	case robolang.OpMin:
		g.write(r, in.args[0], min(g.read(r, in.args[0]), g.read(r, in.args[1])), ref)
	case robolang.OpMax:
		g.write(r, in.args[0], max(g.read(r, in.args[0]), g.read(r, in.args[1])), ref)
	case robolang.OpSet:
		v := g.read(r, in.args[1])
		if a := &in.args[0]; a.kind == robolang.KindRemote && robolang.Remote(a.val) == robolang.RemoteActive {
			g.setRemoteActive(r, ref, v) // SET %Active (18% of a July game's visits), without the call to writeOther
		} else {
			g.write(r, in.args[0], v, ref)
		}
	case robolang.OpComp:
		if g.read(r, in.args[0]) == g.read(r, in.args[1]) {
			r.pos++
		}
	case robolang.OpJump:
		r.pos += int32(g.read(r, in.args[0]))
		return
	case robolang.OpAJump:
		r.pos = int32(g.read(r, in.args[0]))
		return
	case robolang.OpBJump:
		b := g.read(r, in.args[0])
		i := g.read(r, in.args[1])
		r.setBank(int32(b))
		r.pos = int32(i)
		return
	case robolang.OpTurn:
		if g.read(r, in.args[0]) == 0 {
			r.dir = r.dir.Left()
		} else {
			r.dir = r.dir.Right()
		}
		r.front = g.lookFront(r)
		if g.onEvent != nil {
			g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvTurn, Dir: r.dir, Task: g.curTask})
		}
	case robolang.OpMove:
		if !r.mobile {
			g.kill(r, ReasonNotMobile)
			return
		}
		if ref == nil {
			g.touch(r.field)
			g.touch(int32(front))
			g.board[r.field] = 0
			g.board[front] = onBoard(r)
			r.x, r.y, r.field = int16(front%g.n), int16(front/g.n), int32(front)
			r.front = g.lookFront(r)
			if g.onEvent != nil {
				g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvMove, X: int(r.x), Y: int(r.y), Task: g.curTask})
			}
		}
	case robolang.OpDie:
		g.kill(r, ReasonDie)
		return
	case robolang.OpScan:
		g.write(r, in.args[0], g.scan(r, front), ref)
	case robolang.OpFarScan:
		c := g.read(r, in.args[2])
		if c < 1 {
			g.kill(r, ReasonInvalidParameter)
			return
		}
		kind, dist := 0, 0
		f := int(r.field)
		for d := 1; d <= c; d++ {
			f = int(g.frontOf[f<<2|int(r.dir&3)])
			if s := g.board[f]; s != 0 {
				kind, dist = 1, d
				if s>>24 == int32(r.team+1) { // the team, from the board as SCAN
					kind = 2
				}
				break
			}
		}
		a0, a1 := direct(r, in.args[0]), direct(r, in.args[1])
		g.write(r, a0, kind, ref)
		g.write(r, a1, dist, ref)
	case robolang.OpRandom:
		b := g.read(r, in.args[1])
		c := g.read(r, in.args[2])
		if b > c {
			g.kill(r, ReasonInvalidParameter)
			return
		}
		g.touchSelf(r)
		g.write(r, in.args[0], b+g.rng.intn(c-b+1), ref)
	case robolang.OpTrans:
		a := g.read(r, in.args[0])
		b := g.read(r, in.args[1])
		if a < 1 || a > len(r.banks) {
			g.kill(r, ReasonNoSourceBank)
			return
		}
		if ref != nil && b >= 1 && b <= len(ref.banks) {
			// Banks are immutable: a transfer of the bank the target already holds (viruses
			// and factories repeat theirs) changes nothing but the event.
			if src := r.banks[a-1]; ref.banks[b-1] != src {
				g.touch(ref.field)
				g.settle(ref)
				ref.banks[b-1] = src
				if int(ref.bank) == b {
					ref.code = src.code
				}
				g.afterTransfer(ref)
			}
			if g.onEvent != nil {
				g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvTrans,
					Target: int(ref.id), FromBank: a, ToBank: b, Task: g.curTask})
			}
		}
	case robolang.OpRTrans: // into the robot itself: its other tasks' fetches made early are redone
		a := g.read(r, in.args[0])
		b := g.read(r, in.args[1])
		if b < 1 || b > len(r.banks) {
			g.kill(r, ReasonNoSourceBank)
			return
		}
		if ref != nil && a >= 1 && a <= len(ref.banks) {
			src := ref.banks[a-1]
			if r.mt != nil {
				g.unchainRing(r) // (its tasks' chains ran on the bank it replaces)
			}
			r.banks[b-1] = src
			if int(r.bank) == b {
				r.code = src.code
			}
			g.afterTransfer(r)
			if g.onEvent != nil {
				g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvRTrans,
					Target: int(ref.id), FromBank: a, ToBank: b, Task: g.curTask})
			}
		}
	case robolang.OpCreate:
		a := g.read(r, in.args[0])
		b := g.read(r, in.args[1])
		c := g.read(r, in.args[2])
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
	case robolang.OpInit, robolang.OpSeize, robolang.OpResume, robolang.OpBreak:
		next := r.pos + 1 // (the task's position as it was before the task operation)
		switch op {
		case robolang.OpInit:
			g.taskInit(r, g.read(r, in.args[0]), g.read(r, in.args[1]))
		case robolang.OpSeize:
			g.taskSeize(r)
		case robolang.OpResume:
			g.taskResume(r)
		default:
			g.taskBreak(r)
		}
		r.pos = next
		return
	case robolang.OpQuit:
		g.taskQuit(r)
		return // the task is gone (or the robot): it has no position to move on
	case robolang.OpSleep:
	}
	r.pos++
}

// scan is SCAN's value for r looking at the field front: 0 empty, 1 enemy, 2 friend (the
// team read from the board entry, without touching the robot there).
func (g *Game) scan(r *robot, front int) int {
	v := 0
	if s := g.board[front]; s != 0 {
		v = 1
		if s>>24 == int32(r.team+1) {
			v = 2
		}
	}
	return v
}

// setRemoteActive is a write of v to %Active, the #Active of ref, the robot in front of r. To
// an empty field the value is lost (tolerable); the value ref has already changes nothing
// (SET %Active, 1 on an active robot: most of them).
func (g *Game) setRemoteActive(r, ref *robot, v int) {
	if ref != nil && ref.regs[regActive] != int16(v) {
		g.setActive(r, ref, v)
	}
}

// indirectValid is RC3.md 5's check (3): an indirect operand's index must name a variable
// (1..20), in operand order, or r dies of error 13. Past it, read and write take an indirect
// operand as the variable it names.
func (g *Game) indirectValid(r *robot, in *cinstr) bool {
	for j := 0; j < int(in.n); j++ {
		if a := &in.args[j]; a.kind == robolang.KindIndirect {
			if k := r.regs[a.vi]; k < 1 || k > robolang.NumVars {
				g.kill(r, ReasonInvalidParameter)
				return false
			}
		}
	}
	return true
}

// direct is operand o with an indirect index taken now: the variable it names (valid, see
// indirectValid). An instruction that writes twice takes both first, as RC3.md 5 resolves
// every operand before the effect.
func direct(r *robot, o carg) carg {
	if o.kind == robolang.KindIndirect {
		return carg{kind: robolang.KindVar, vi: uint8(r.regs[o.vi] - 1), vmask: -1}
	}
	return o
}

// setMissing is the error, if any, of r executing in with the instruction set it has
// (ROBOCOM.md 8: the instruction's own set first, then set 1 for a remote operand); Alive if
// none.
func setMissing(r *robot, in *cinstr) Reason {
	switch {
	case r.set >= in.set && (r.set >= 1 || in.remotes == 0):
		return Alive
	case r.set < in.set && in.set >= 2:
		return ReasonSet2Required
	default:
		return ReasonSet1Required
	}
}

// completeFast is complete for the instructions marked fast at compile time: ADD, SUB,
// SET, COMP, JUMP, BJUMP and TURN that read numbers, variables, #Active and constants and
// write a variable. They need instruction set 0 and look at no other robot, so no check but
// the elimination trigger applies. in stands at r's position. It reports false if r died.
func (g *Game) completeFast(r *robot, in *cinstr) bool {
	// The chain loop (chain.go) is the one implementation of these instructions: asked to
	// complete what would complete by this cycle, it completes exactly this one, unless it
	// is an ADD or SUB that eliminates the robot.
	c := uint32(g.cycle)
	if _, n, _, _ := g.advance(r, c-uint32(in.dur), c, fastRobot|fastTask|fastRobotTurn|fastTaskTurn); n == 0 {
		g.kill(r, ReasonElimination)
		return false
	}
	if in.op == robolang.OpTurn && g.onEvent != nil {
		g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvTurn, Dir: r.dir, Task: g.curTask})
	}
	return true
}

// build makes CREATE's new robot on r's reference field (which is free): inactive, facing
// r's direction, with b empty banks, r's team and generation + 1.
func (g *Game) build(r *robot, set, banks int, mobile bool) {
	idx := g.front(r)
	g.touch(int32(idx))
	g.newRobot(int(r.team), r.id, int(r.gen)+1, idx%g.n, idx/g.n, r.dir, set, mobile, nil, banks)
}

// read returns an operand's value. An indirect operand reads 0 for an index outside 1..20
// (a duration at fetch: RC3.md 3; complete checks them first).
func (g *Game) read(r *robot, o carg) int {
	if o.kind < robolang.KindRemote { // a number, a variable, #Active, a constant (see carg)
		return int(o.val + r.regs[o.vi]&o.vmask) // (one of the two terms is 0: no overflow)
	}
	return g.readOther(r, o)
}

// readOther is read for remotes and the RC3 operands.
func (g *Game) readOther(r *robot, o carg) int {
	switch o.kind {
	case robolang.KindRemote:
		ref := g.robotAt(g.front(r)) // (read runs before anything moves)
		if ref == nil {
			return 0 // tolerable exception: remotes of an empty field read 0
		}
		switch robolang.Remote(o.val) {
		case robolang.RemoteActive:
			return int(ref.regs[regActive])
		case robolang.RemoteBanks:
			return len(ref.banks)
		case robolang.RemoteMobile:
			if ref.mobile {
				return 1
			}
			return 0
		case robolang.RemoteInstrSet:
			return int(ref.set)
		case robolang.RemoteAge:
			return sat16(g.cycle - int(ref.born))
		}
	case robolang.KindIndirect:
		if k := r.regs[o.vi]; k >= 1 && k <= robolang.NumVars {
			return int(r.regs[k-1])
		}
	case kindShared:
		if o.val == robolang.VarPub {
			return int(g.pub)
		}
		return int(g.teamVars[r.team])
	case kindConstRC3:
		return g.constRC3(r, robolang.Const(o.val))
	}
	return 0
}

// sat16 is a constant's value as RC3.md 3 reads it: above 32767 it reads 32767.
func sat16(v int) int { return min(v, 32767) }

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

// write stores v (already within 16 bits) into a writable operand (an indirect one's index
// checked: see indirectValid). A variable, the common case, is stored inline.
func (g *Game) write(r *robot, o carg, v int, ref *robot) {
	if o.kind == robolang.KindVar {
		r.regs[o.vi&regMask] = int16(v)
		return
	}
	g.writeOther(r, o, v, ref)
}

// writeOther is write for the other operand kinds.
func (g *Game) writeOther(r *robot, o carg, v int, ref *robot) {
	switch o.kind {
	case robolang.KindIndirect:
		r.regs[r.regs[o.vi]-1] = int16(v)
	case robolang.KindActive:
		g.setActive(r, r, v)
	case robolang.KindRemote:
		if robolang.Remote(o.val) == robolang.RemoteActive {
			g.setRemoteActive(r, ref, v)
		}
	case kindShared:
		if o.val == robolang.VarPub {
			g.pub = int16(v)
		} else {
			g.teamVars[r.team] = int16(v)
		}
	}
}
