package arena

// Debugger support: cheap reads that a debugger can make after every cycle (breakpoints)
// without building a whole RobotView. Additive: nothing here changes the simulation.

// Probe is where a robot stands in its program. Two probes taken one cycle apart tell
// whether the robot arrived at an instruction in between (see Arrived).
type Probe struct {
	Alive       bool
	Bank, Instr int  // current position, 1-based
	HasInstr    bool // an instruction stands at the position (else auto-reboot comes next)
	Fetched     bool // the instruction at the position has been fetched and is in progress
	FetchCycle  int  // the cycle of the last (or, when prefetched, the coming) fetch
	Active      bool // #Active ≥ 1
}

// Probe returns robot id's position; Alive is false for a dead or unknown robot. It does not
// allocate.
func (g *Game) Probe(id int) Probe {
	r := g.byID(uint32(id))
	if r == nil {
		return Probe{}
	}
	g.settle(r)
	return Probe{
		Alive: true, Bank: int(r.bank), Instr: int(r.pos), HasInstr: r.instrAt() != nil,
		Fetched:    r.inProgress && !g.fetchPending(r),
		FetchCycle: int(r.fetchAt), Active: r.regs[regActive] >= 1,
	}
}

// Arrived reports whether a robot probed as prev and then as cur has come to the
// instruction it now stands at: it moved to another position, or it stood fetched at its
// position and fetched it again (a loop onto itself). A fetch of the instruction the robot
// already stood at is not an arrival, nor is a position past the end of a bank (the
// auto-reboot that follows is), so each instruction is arrived at once per execution.
func Arrived(prev, cur Probe) bool {
	if !cur.Alive || !prev.Alive || !cur.HasInstr {
		return false
	}
	if cur.Bank != prev.Bank || cur.Instr != prev.Instr {
		return true
	}
	return prev.Fetched && cur.FetchCycle != prev.FetchCycle
}

// DeathCount is the number of deaths so far; with DeathsFrom a debugger reads only the new
// ones after each cycle.
func (g *Game) DeathCount() int { return len(g.deaths) }

// DeathsFrom returns the deaths from index i on. The slice is the game's own: read it before
// the next cycle and do not modify it.
func (g *Game) DeathsFrom(i int) []Death {
	if i < 0 || i > len(g.deaths) {
		return nil
	}
	return g.deaths[i:]
}

// ProbeTask is Probe for one task of an RC3 robot (a breakpoint limited to a task): the
// task's position and fetch. Alive is false for a dead robot, an unknown task, or a robot
// without tasks (classic games). It does not allocate.
func (g *Game) ProbeTask(id, task int) Probe {
	r := g.byID(uint32(id))
	if r == nil || r.mt == nil {
		return Probe{}
	}
	g.settle(r)
	i := r.mt.index(int32(task))
	if i < 0 {
		return Probe{}
	}
	t := r.mt.list[i]
	t.inProgress = t.inProgress && t.fetchAt <= uint32(g.cycle) // (not a fetch made early)
	if i == r.mt.cur {
		t.bank, t.pos, t.inProgress, t.fetchAt = r.bank, r.pos, r.inProgress && !g.fetchPending(r), r.fetchAt
	}
	has := false
	if b := int(t.bank); b >= 1 && b <= len(r.banks) {
		has = t.pos >= 1 && int(t.pos) <= len(r.banks[b-1].code)
	}
	return Probe{Alive: true, Bank: int(t.bank), Instr: int(t.pos), HasInstr: has, Fetched: t.inProgress,
		FetchCycle: int(t.fetchAt), Active: r.regs[regActive] >= 1}
}
