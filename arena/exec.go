package arena

import "robocom/robolang"

// complete is the completing turn of r's instruction: the effect of the instruction that
// stands at r's position now (ROBOCOM.md section 6), runtime errors included (section 8).
// One switch over the opcode; operands are read through read/write, which know the four
// operand kinds.
func (g *Game) complete(r *robot) {
	in := r.instrAt()
	if in == nil {
		// The bank was replaced or shortened meanwhile: nothing happens; the next fetch
		// auto-reboots.
		return
	}
	g.instructions++
	if in.fast {
		g.completeFast(r, in)
		return
	}
	op := in.op
	if why := setMissing(r, in); why != Alive {
		g.kill(r, why)
		return
	}
	var ref *robot // the robot in front
	front := 0     // its field
	if in.ref {
		front = g.front(r)
		ref = g.robotAt(front)
	}
	next := r.pos + 1
	switch op {
	case robolang.OpAdd, robolang.OpSub:
		a := g.read(r, in.args[0], ref)
		b := g.read(r, in.args[1], ref)
		v := a + b
		if op == robolang.OpSub {
			v = a - b
		}
		if t := g.opts.ElimTrigger; v > t || v < -t {
			g.kill(r, ReasonElimination)
			return
		}
		g.write(r, in.args[0], v, ref)
	case robolang.OpSet:
		g.write(r, in.args[0], g.read(r, in.args[1], ref), ref)
	case robolang.OpComp:
		if g.read(r, in.args[0], ref) == g.read(r, in.args[1], ref) {
			next = r.pos + 2
		}
	case robolang.OpJump:
		next = r.pos + int32(g.read(r, in.args[0], ref))
	case robolang.OpBJump:
		r.setBank(int32(g.read(r, in.args[0], ref)))
		next = int32(g.read(r, in.args[1], ref))
	case robolang.OpTurn:
		if g.read(r, in.args[0], ref) == 0 {
			r.dir = r.dir.Left()
		} else {
			r.dir = r.dir.Right()
		}
		if g.onEvent != nil {
			g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvTurn, Dir: r.dir})
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
				g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvMove, X: int(r.x), Y: int(r.y)})
			}
		}
	case robolang.OpDie:
		g.kill(r, ReasonDie)
		return
	case robolang.OpScan:
		v := 0
		if ref != nil {
			v = 1
			if g.board[front]>>24 == int32(r.team+1) { // ref.team == r.team, from the board
				v = 2
			}
		}
		g.write(r, in.args[0], v, ref)
	case robolang.OpTrans:
		a := g.read(r, in.args[0], ref)
		b := g.read(r, in.args[1], ref)
		if a < 1 || a > len(r.banks) {
			g.kill(r, ReasonNoSourceBank)
			return
		}
		if ref != nil && b >= 1 && b <= len(ref.banks) {
			// Banks are immutable: a transfer of the bank the target already holds (viruses
			// and factories repeat theirs) changes nothing but the event.
			if src := r.banks[a-1]; ref.banks[b-1] != src {
				g.settle(ref)
				ref.banks[b-1] = src
				if int(ref.bank) == b {
					ref.code = src.code
				}
				if g.fetchPending(ref) {
					g.refetch(ref)
				}
			}
			if g.onEvent != nil {
				g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvTrans,
					Target: int(ref.id), FromBank: a, ToBank: b})
			}
		}
	case robolang.OpCreate:
		a := g.read(r, in.args[0], ref)
		b := g.read(r, in.args[1], ref)
		c := g.read(r, in.args[2], ref)
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
	}
	r.pos = next
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
	if _, n, _ := g.advance(r, c-uint32(in.dur), c, true); n == 0 {
		g.kill(r, ReasonElimination)
		return false
	}
	if in.op == robolang.OpTurn && g.onEvent != nil {
		g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: int(r.team), Kind: EvTurn, Dir: r.dir})
	}
	return true
}

// build makes CREATE's new robot on r's reference field (which is free): inactive, facing
// r's direction, with b empty banks, r's team and generation + 1.
func (g *Game) build(r *robot, set, banks int, mobile bool) {
	idx := g.front(r)
	g.newRobot(int(r.team), r.id, int(r.gen)+1, idx%g.n, idx/g.n, r.dir, set, mobile, nil, banks)
}

// emptyBanks holds one shared empty bank per team (banks are immutable, so one suffices).
var emptyBanks = func() [MaxPrograms]*Bank {
	var e [MaxPrograms]*Bank
	for i := range e {
		e[i] = &Bank{Origin: i}
	}
	return e
}()

// read returns an operand's value. ref is the robot on the reference field, or nil.
func (g *Game) read(r *robot, o carg, ref *robot) int {
	switch o.kind {
	default: // a number, a variable, #Active, a constant (see carg)
		return int(o.val) + int(r.regs[o.vi]&o.vmask)
	case robolang.KindRemote:
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
		}
	}
	return 0
}

// write stores v (already within 16 bits) into a writable operand.
func (g *Game) write(r *robot, o carg, v int, ref *robot) {
	switch o.kind {
	case robolang.KindVar:
		r.regs[o.vi] = int16(v)
	case robolang.KindActive:
		g.setActive(r, r, v)
	case robolang.KindRemote:
		if robolang.Remote(o.val) == robolang.RemoteActive && ref != nil {
			g.setActive(r, ref, v) // to an empty field the value is lost (tolerable)
		}
	}
}
