package arena

import "robocom/robolang"

// Constant is the value of own constant c ($Banks … $Tasks, robolang's table) that robot id
// reads now, as its instructions read it; ok is false when no such robot lives. The
// debugger lists a robot's constants with it.
func (g *Game) Constant(id int, c robolang.Const) (v int, ok bool) {
	r := g.byID(uint32(id))
	if r == nil {
		return 0, false
	}
	g.settle(r)
	switch c {
	case robolang.ConstBanks:
		return int(r.regs[regBanks]), true
	case robolang.ConstMobile:
		return int(r.regs[regMobile]), true
	case robolang.ConstInstrSet:
		return int(r.regs[regInstrSet]), true
	case robolang.ConstFields:
		return g.n, true
	}
	if !c.IsRC3() {
		return 0, false
	}
	if c == robolang.ConstTasks && r.mt == nil {
		return 1, true // a classic game's robot: one task, kept without the task list
	}
	return g.constRC3(r, c), true
}
