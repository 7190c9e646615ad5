package arena

import (
	"fmt"

	"robocom/robolang"
)

// BankView is a read-only view of one bank. For a hidden bank (RBI code) Name and Code are
// left empty; Len still tells how many instructions it holds.
type BankView struct {
	Name   string
	Code   []robolang.Instr // shared with the engine: do not modify
	Len    int
	Hidden bool
	Origin int // the team the bank came from: the UI draws it in that team's colour
}

// RobotView is a copy of one robot's state for the inspector and the debugger.
type RobotView struct {
	ID         int
	Parent     int // the builder's id, 0 for a first robot
	Team       int // program index
	Generation int
	X, Y       int
	Dir        Dir
	Set        int
	Mobile     bool
	Banks      []BankView
	Vars       [robolang.NumVars]int16 // #1..#20
	Active     int16                   // #Active

	Bank, Instr int // current position (1-based); may point at no instruction (auto-reboot follows)
	// The instruction in progress: InProgress tells whether one was fetched; Current is the
	// instruction standing at the position now (nil if none, or if the bank is hidden),
	// Remaining the turns it still needs (a frozen robot keeps them), Duration the d fixed at
	// fetch; both 0 when nothing is in progress.
	InProgress bool
	Current    *robolang.Instr
	Remaining  int
	Duration   int

	Alive       bool
	DeathReason Reason
	DeathCycle  int

	// RC3 games: the robot's tasks in ring order (RC3.md 6), nil in classic games. The fields
	// above (Bank, Instr, Dir, InProgress, ...) are those of the cursor task, the one visited
	// last. Next is the number of the task the robot's next turn visits first (the seized
	// one, else the one after the cursor); Seized the seized task's number, 0 if none.
	Tasks  []TaskView
	Next   int
	Seized int
}

// TaskView is one task of a robot, for the debugger.
type TaskView struct {
	Number      int // 1 for the first task; lower = older
	Bank, Instr int // position (1-based); may point at no instruction
	Dir         Dir // the task's head
	InProgress  bool
	Current     *robolang.Instr // the instruction standing at the position (nil if none or hidden)
	Remaining   int             // visits the instruction in progress still needs
	Duration    int
	Asleep      bool // it fetched a SLEEP that has not completed
	Paused      bool // another task is seized
	Seized      bool
	Cursor      bool // the task visited last
}

func (g *Game) view(r *robot) RobotView {
	v := RobotView{
		ID: int(r.id), Parent: int(r.parent), Team: int(r.team), Generation: int(r.gen),
		X: int(r.x), Y: int(r.y), Dir: r.dir, Set: int(r.set), Mobile: r.mobile,
		Active: r.regs[regActive], Bank: int(r.bank), Instr: int(r.pos), InProgress: r.inProgress && !g.fetchPending(r),
		Alive: r.alive,
	}
	copy(v.Vars[:], r.regs[:robolang.NumVars])
	v.Banks = make([]BankView, len(r.banks))
	for i, b := range r.banks {
		bv := BankView{Len: len(b.Code), Hidden: b.Hidden, Origin: b.Origin}
		if !b.Hidden {
			bv.Name, bv.Code = b.Name, b.Code
		}
		v.Banks[i] = bv
	}
	if in := r.instrAt(); in != nil && !r.banks[r.bank-1].Hidden {
		c := r.banks[r.bank-1].Code[r.pos-1]
		v.Current = &c
	}
	if v.InProgress {
		v.Duration = int(r.dur)
		v.Remaining = g.remaining(r)
	}
	if r.mt != nil {
		g.taskViews(r, &v)
	}
	return v
}

// taskViews fills the task fields of an RC3 robot's view.
func (g *Game) taskViews(r *robot, v *RobotView) {
	mt := r.mt
	if len(mt.list) == 0 {
		return
	}
	v.Seized = int(mt.seized)
	if mt.seized != 0 {
		v.Next = v.Seized
	} else {
		v.Next = int(mt.list[(mt.cur+1)%len(mt.list)].num)
	}
	v.Tasks = make([]TaskView, len(mt.list))
	for i, t := range mt.list {
		tv := TaskView{Number: int(t.num), Bank: int(t.bank), Instr: int(t.pos), Dir: t.dir,
			InProgress: t.inProgress && t.fetchAt <= uint32(g.cycle), // (not a fetch made early)
			Asleep:     t.asleep, Seized: t.num == mt.seized, Paused: mt.seized != 0 && t.num != mt.seized, Cursor: i == mt.cur}
		if i == mt.cur { // the robot's fields are the cursor task's, and the freshest
			tv.Bank, tv.Instr, tv.Dir, tv.InProgress = int(r.bank), int(r.pos), r.dir, r.inProgress && !g.fetchPending(r)
			t.rem, t.dur = int32(g.remaining(r)), r.dur
		}
		if tv.InProgress {
			tv.Remaining, tv.Duration = int(t.rem), int(t.dur)
		}
		if b := tv.Bank; b >= 1 && b <= len(r.banks) && !r.banks[b-1].Hidden {
			if k := tv.Instr; k >= 1 && k <= len(r.banks[b-1].Code) {
				c := r.banks[b-1].Code[k-1]
				tv.Current = &c
			}
		}
		v.Tasks[i] = tv
	}
}

// TaskHead is one task's head, for drawing: RC3 robots have one per task.
type TaskHead struct {
	ID, Task int
	Dir      Dir
	Cursor   bool // the task visited last
}

// AppendTaskHeads appends the heads of every task of the living robots of an RC3 game
// (nothing in a classic game), in creation order, and returns the extended slice; no
// allocation when dst has room.
func (g *Game) AppendTaskHeads(dst []TaskHead) []TaskHead {
	g.settleAll() // where the cursors stand
	for i := range g.robots {
		r := &g.robots[i]
		if !r.alive || r.mt == nil {
			continue
		}
		for k, t := range r.mt.list {
			d := t.dir
			if k == r.mt.cur {
				d = r.dir
			}
			dst = append(dst, TaskHead{ID: int(r.id), Task: int(t.num), Dir: d, Cursor: k == r.mt.cur})
		}
	}
	return dst
}

// Robots returns views of the living robots in creation order.
func (g *Game) Robots() []RobotView {
	g.settleAll()
	out := make([]RobotView, 0, len(g.robots))
	for i := range g.robots {
		if g.robots[i].alive {
			out = append(out, g.view(&g.robots[i]))
		}
	}
	return out
}

// Placed is what drawing the board needs of one living robot (see AppendPlaced).
type Placed struct {
	ID, Team, X, Y int
	Dir            Dir
	Set            int
	Mobile         bool
	Active         int16 // #Active
	Generation     int
}

// AppendPlaced appends the living robots, in creation order, to dst and returns the
// extended slice. Unlike Robots it copies no banks and no variables, and it allocates
// nothing when dst has room: the window calls it on every frame (reuse dst[:0]).
func (g *Game) AppendPlaced(dst []Placed) []Placed {
	g.settleAll()
	for i := range g.robots {
		r := &g.robots[i]
		if !r.alive {
			continue
		}
		dst = append(dst, Placed{ID: int(r.id), Team: int(r.team), X: int(r.x), Y: int(r.y), Dir: r.dir,
			Set: int(r.set), Mobile: r.mobile, Active: r.regs[regActive], Generation: int(r.gen)})
	}
	return dst
}

// AppendTeamCounts appends the number of living robots of each team, in program order, to
// dst and returns the extended slice; no allocation when dst has room (unlike TeamCounts).
func (g *Game) AppendTeamCounts(dst []int) []int { return append(dst, g.teamCount...) }

// byID finds a living robot. Slots are in creation order, so ids ascend along g.robots.
func (g *Game) byID(id uint32) *robot {
	lo, hi := 0, len(g.robots)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if g.robots[m].id < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(g.robots) && g.robots[lo].id == id && g.robots[lo].alive {
		return &g.robots[lo]
	}
	return nil
}

// Robot returns the view of robot id. A dead robot's view has Alive false, its death
// reason and cycle, and nothing else; ok is false for an id that never existed.
func (g *Game) Robot(id int) (v RobotView, ok bool) {
	if r := g.byID(uint32(id)); r != nil {
		g.settle(r)
		return g.view(r), true
	}
	for _, d := range g.deaths {
		if d.Robot == id {
			return RobotView{ID: id, Team: d.Program, DeathReason: d.Reason, DeathCycle: d.Cycle}, true
		}
	}
	return RobotView{}, false
}

// At returns the id of the robot on field x,y (0 if empty).
func (g *Game) At(x, y int) int {
	x, y = ((x%g.n)+g.n)%g.n, ((y%g.n)+g.n)%g.n
	if r := g.robotAt(y*g.n + x); r != nil {
		return int(r.id)
	}
	return 0
}

// Cycle is the last cycle simulated (0 before the first).
func (g *Game) Cycle() int { return g.cycle }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Size is the board size n.
func (g *Game) Size() int { return g.n }

// Options returns a copy of the game's option set.
func (g *Game) Options() Options { return g.opts }

// Seed is the game's seed.
func (g *Game) Seed() int64 { return g.seed }

// Programs returns the programs, in program (team) order.
func (g *Game) Programs() []*robolang.Program { return g.progs }

// TeamCounts returns the number of robots of each team.
func (g *Game) TeamCounts() []int { return append([]int(nil), g.teamCount...) }

// Instructions is how many instructions have completed so far.
func (g *Game) Instructions() int64 {
	g.settleAll()
	return g.instructions
}

// Deaths returns every death so far, in order.
func (g *Game) Deaths() []Death { return append([]Death(nil), g.deaths...) }

// SetEventHandler replaces the event callback (nil for none). Views and probes are exact
// between cycles, where the window and the commands take them; taken inside the callback, in
// the middle of a cycle, they are not: the acting robot shows as after its turn, and a robot
// still to act in this cycle can show a turn early (Remaining one short, a task fetched early
// already InProgress). A handler should record events and leave reading views until the
// cycle is over.
func (g *Game) SetEventHandler(f func(Event)) {
	g.settleAll() // chains may hold TURNs, whose events the new handler should see
	g.restartQuiet()
	g.onEvent = f
}

// SetVar sets variable #v (1..20) of a living robot, for the debugger. It is meant to be
// called between cycles.
func (g *Game) SetVar(id, v int, value int16) error {
	r := g.byID(uint32(id))
	if r == nil {
		return fmt.Errorf("robot %d is not alive", id)
	}
	if v < 1 || v > robolang.NumVars {
		return fmt.Errorf("variable #%d does not exist (#1..#%d)", v, robolang.NumVars)
	}
	g.settle(r)
	g.touch(r.field)
	r.regs[v-1] = value
	g.afterTransfer(r)
	return nil
}

// SetActive sets #Active of a living robot, for the debugger, between cycles. Crossing
// between inactive and active has the same consequences as in the game (the robot is
// frozen or resumes in the next cycle) and emits an activate/deactivate event whose acting
// robot is the robot itself.
func (g *Game) SetActive(id int, value int16) error {
	r := g.byID(uint32(id))
	if r == nil {
		return fmt.Errorf("robot %d is not alive", id)
	}
	saved := g.actor
	g.actor = ^uint32(0) // no robot is acting: r is woken or frozen like any other
	g.setActive(r, r, int(value))
	g.actor = saved
	return nil
}
