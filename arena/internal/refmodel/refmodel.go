// Package refmodel is a deliberately naive reference interpreter of the RoboCom rules of
// ../shared/spec/ROBOCOM.md (sections 1, 2, 5–10, option set classic), written from the
// spec text alone, without looking at the arena engine's implementation. It exists only to
// be played side by side with package arena (see refmodel_test.go) as a differential
// oracle.
//
// Clarity over speed: every cycle every robot is visited in creation order, exactly as
// section 6 words it. Nothing is skipped, cached or precomputed.
package refmodel

import (
	"fmt"
	"strconv"

	"robocom/robolang"
)

// Options are the rule values the model needs (ROBOCOM.md section 11). Classic() is the
// spec's default set, written down here independently of the engine.
type Options struct {
	Board       int
	Timeout     int
	ElimTrigger int
	FirstMobile bool
	RemoteCost  int

	Cost map[robolang.Opcode]int // per instruction; for TRANS and CREATE the base

	TransPerInstr      int
	CreatePerBank      int
	CreateMobileFactor int
	CreateSet1         int
	CreateSet2         int
}

// Classic is section 5's table and the decisions of sections 9 and 10.
func Classic() Options {
	return Options{
		Board: 16, Timeout: 80000, ElimTrigger: 5000, FirstMobile: false, RemoteCost: 8,
		Cost: map[robolang.Opcode]int{
			robolang.OpAdd: 6, robolang.OpSub: 6, robolang.OpSet: 5, robolang.OpComp: 3,
			robolang.OpJump: 2, robolang.OpBJump: 5, robolang.OpTurn: 5, robolang.OpMove: 18,
			robolang.OpDie: 1, robolang.OpScan: 6, robolang.OpTrans: 5, robolang.OpCreate: 50,
		},
		TransPerInstr: 3, CreatePerBank: 20, CreateMobileFactor: 2, CreateSet1: 40, CreateSet2: 80,
	}
}

// Directions, as in section 1: N (y−1), E (x+1), S (y+1), W (x−1).
const (
	N = 0
	E = 1
	S = 2
	W = 3
)

var dirName = [4]string{"N", "E", "S", "W"}
var dx = [4]int{0, 1, 0, -1}
var dy = [4]int{-1, 0, 1, 0}

// Place fixes where a program's first robot starts.
type Place struct {
	X, Y, Dir int
}

// Event is one trace event (CLI.md "Trace lines").
type Event struct {
	Cycle, Robot, Program int
	Kind                  string // spawn move turn trans activate deactivate death

	Parent, X, Y int
	Dir          int
	Set, Banks   int
	Mobile       bool
	Target       int
	FromBank     int
	ToBank       int
	Reason       string
}

// Line renders the event as the trace line of CLI.md (round 1, no newline).
func (e Event) Line() string {
	s := fmt.Sprintf(`{"round":1,"cycle":%d,"robot":%d,"program":%d,"event":%q`, e.Cycle, e.Robot, e.Program, e.Kind)
	switch e.Kind {
	case "spawn":
		m := 0
		if e.Mobile {
			m = 1
		}
		s += fmt.Sprintf(`,"parent":%d,"x":%d,"y":%d,"dir":%q,"set":%d,"banks":%d,"mobile":%d`,
			e.Parent, e.X, e.Y, dirName[e.Dir], e.Set, e.Banks, m)
	case "move":
		s += fmt.Sprintf(`,"x":%d,"y":%d`, e.X, e.Y)
	case "turn":
		s += fmt.Sprintf(`,"dir":%q`, dirName[e.Dir])
	case "trans":
		s += fmt.Sprintf(`,"target":%d,"from_bank":%d,"to_bank":%d`, e.Target, e.FromBank, e.ToBank)
	case "activate", "deactivate":
		s += fmt.Sprintf(`,"target":%d`, e.Target)
	case "death":
		s += fmt.Sprintf(`,"reason":%q`, e.Reason)
	}
	return s + "}"
}

// Bank is one bank of a robot: its code and where it came from (sections 5 and 12).
type Bank struct {
	Name   string
	Code   []robolang.Instr
	Hidden bool // from an RBI program
	Origin int  // the team whose program the code came from (CREATE's empty banks: the builder's)
}

// Robot is one robot, all of section 2's table.
type Robot struct {
	ID, Parent, Team, Generation int
	Set                          int
	Mobile                       bool
	X, Y, Dir                    int
	Banks                        []Bank    // Banks[0] is bank 1
	Vars                         [21]int16 // Vars[1..20]
	Active                       int16

	Bank, Instr int  // current position, 1-based
	InProgress  bool // an instruction was fetched and has not completed
	Remaining   int  // turns it still needs
	Duration    int  // d fixed at fetch

	Alive       bool
	DeathReason string
	DeathCycle  int
}

// Death is one robot's death.
type Death struct {
	Cycle, Robot, Program int
	Reason                string
}

// ProgramResult is one program's outcome.
type ProgramResult struct {
	Alive  bool
	Robots int
	DiedAt int
	Rank   int
}

// Result is the outcome of the game (section 10).
type Result struct {
	Cycles       int
	Instructions int64
	Winner       int // -1 for a draw
	Programs     []ProgramResult
	Deaths       []Death
}

// Game is one game on the model.
type Game struct {
	Opt    Options
	Progs  []*robolang.Program
	Robots []*Robot // every robot ever made, in creation order (dead ones stay, Alive false)
	Cycle  int
	Done   bool

	Instructions int64
	Deaths       []Death
	DiedAt       []int

	OnEvent func(Event)

	board []*Robot // board[y*n+x]: the robot on that field (kept only to make lookups cheap)
}

// New places the first robots (cycle 0), in program order, at the fixed places.
func New(progs []*robolang.Program, opt Options, places []Place, onEvent func(Event)) *Game {
	g := &Game{Opt: opt, Progs: progs, DiedAt: make([]int, len(progs)), OnEvent: onEvent,
		board: make([]*Robot, opt.Board*opt.Board)}
	for i, p := range progs {
		banks := make([]Bank, len(p.Banks))
		for b, pb := range p.Banks {
			banks[b] = Bank{Name: pb.Name, Code: pb.Code, Hidden: pb.Hidden || p.Hidden, Origin: i}
		}
		r := &Robot{ID: len(g.Robots) + 1, Team: i, Set: 2, Mobile: opt.FirstMobile,
			X: places[i].X, Y: places[i].Y, Dir: places[i].Dir, Banks: banks, Active: 1,
			Bank: 1, Instr: 1, Alive: true}
		g.Robots = append(g.Robots, r)
		g.board[r.Y*opt.Board+r.X] = r
		g.emit(Event{Cycle: 0, Robot: r.ID, Program: r.Team, Kind: "spawn", X: r.X, Y: r.Y, Dir: r.Dir,
			Set: r.Set, Banks: len(r.Banks), Mobile: r.Mobile})
	}
	return g
}

func (g *Game) emit(e Event) {
	if g.OnEvent != nil {
		g.OnEvent(e)
	}
}

// at returns the living robot on field x,y, or nil.
func (g *Game) at(x, y int) *Robot {
	return g.board[y*g.Opt.Board+x]
}

func (g *Game) refField(r *Robot) (int, int) {
	n := g.Opt.Board
	return ((r.X+dx[r.Dir])%n + n) % n, ((r.Y+dy[r.Dir])%n + n) % n
}

func (g *Game) front(r *Robot) *Robot {
	x, y := g.refField(r)
	return g.at(x, y)
}

func (g *Game) kill(r *Robot, reason string) {
	r.Alive = false
	g.board[r.Y*g.Opt.Board+r.X] = nil
	r.DeathReason = reason
	r.DeathCycle = g.Cycle
	g.Deaths = append(g.Deaths, Death{Cycle: g.Cycle, Robot: r.ID, Program: r.Team, Reason: reason})
	g.emit(Event{Cycle: g.Cycle, Robot: r.ID, Program: r.Team, Kind: "death", Reason: reason})
	if g.teamCount(r.Team) == 0 {
		g.DiedAt[r.Team] = g.Cycle
	}
}

func (g *Game) teamCount(team int) int {
	n := 0
	for _, r := range g.Robots {
		if r.Alive && r.Team == team {
			n++
		}
	}
	return n
}

// instrAt returns the instruction at bank b, number i (1-based), or nil.
func instrAt(r *Robot, b, i int) *robolang.Instr {
	if b < 1 || b > len(r.Banks) {
		return nil
	}
	code := r.Banks[b-1].Code
	if i < 1 || i > len(code) {
		return nil
	}
	return &code[i-1]
}

// read reads an operand's value now (section 4).
func (g *Game) read(r *Robot, o robolang.Operand) int {
	switch o.Kind {
	case robolang.KindNumber:
		return int(o.Value)
	case robolang.KindVar:
		return int(r.Vars[o.Value])
	case robolang.KindActive:
		return int(r.Active)
	case robolang.KindConst:
		switch robolang.Const(o.Value) {
		case robolang.ConstBanks:
			return len(r.Banks)
		case robolang.ConstMobile:
			return b2i(r.Mobile)
		case robolang.ConstInstrSet:
			return r.Set
		case robolang.ConstFields:
			return g.Opt.Board
		}
		panic("refmodel: rc3 constant")
	case robolang.KindRemote:
		t := g.front(r)
		if t == nil {
			return 0 // "0 if the field is empty"
		}
		switch robolang.Remote(o.Value) {
		case robolang.RemoteActive:
			return int(t.Active)
		case robolang.RemoteBanks:
			return len(t.Banks)
		case robolang.RemoteMobile:
			return b2i(t.Mobile)
		case robolang.RemoteInstrSet:
			return t.Set
		}
	}
	panic(fmt.Sprintf("refmodel: unreadable operand %v", o))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// setActive stores a new #Active into robot t (written by robot actor) and reports the
// crossing as an event.
func (g *Game) setActive(actor, t *Robot, v int16) {
	was := t.Active >= 1
	t.Active = v
	now := t.Active >= 1
	switch {
	case !was && now:
		g.emit(Event{Cycle: g.Cycle, Robot: actor.ID, Program: actor.Team, Kind: "activate", Target: t.ID})
	case was && !now:
		g.emit(Event{Cycle: g.Cycle, Robot: actor.ID, Program: actor.Team, Kind: "deactivate", Target: t.ID})
	}
}

// write stores v (already in 16-bit range) into a writable operand.
func (g *Game) write(r *Robot, o robolang.Operand, v int) {
	switch o.Kind {
	case robolang.KindVar:
		r.Vars[o.Value] = int16(v)
	case robolang.KindActive:
		g.setActive(r, r, int16(v))
	case robolang.KindRemote:
		if robolang.Remote(o.Value) != robolang.RemoteActive {
			panic("refmodel: write to a remote constant")
		}
		if t := g.front(r); t != nil { // "lost if the field is empty"
			g.setActive(r, t, int16(v))
		}
	default:
		panic(fmt.Sprintf("refmodel: write to %v", o))
	}
}

func remotes(in *robolang.Instr) int {
	n := 0
	for i := 0; i < int(in.N); i++ {
		if in.Args[i].IsRemote() {
			n++
		}
	}
	return n
}

// duration fixes d at fetch, "from the values at that moment" (section 6).
func (g *Game) duration(r *Robot, in *robolang.Instr) int {
	o := g.Opt
	d := o.Cost[in.Op]
	switch in.Op {
	case robolang.OpTrans:
		a := g.read(r, in.Args[0])
		nInstr := 0
		if a >= 1 && a <= len(r.Banks) {
			nInstr = len(r.Banks[a-1].Code)
		}
		d = o.Cost[in.Op] + o.TransPerInstr*nInstr
	case robolang.OpCreate:
		a := g.read(r, in.Args[0])
		b := g.read(r, in.Args[1])
		c := g.read(r, in.Args[2])
		d = o.Cost[in.Op] + o.CreatePerBank*b
		if c == 1 {
			d *= o.CreateMobileFactor
		}
		switch a {
		case 1:
			d += o.CreateSet1
		case 2:
			d += o.CreateSet2
		}
	}
	d += o.RemoteCost * remotes(in)
	if d < 1 {
		d = 1
	}
	return d
}

// Step simulates the next cycle; false if the game is over.
func (g *Game) Step() bool {
	if g.Done {
		return false
	}
	g.Cycle++
	// Every robot that exists at its turn, in creation order; robots built during the cycle
	// are appended and so are visited too (section 6).
	for i := 0; i < len(g.Robots); i++ {
		r := g.Robots[i]
		if !r.Alive {
			continue
		}
		g.turn(r)
	}
	// Section 10: the game ends after the cycle in which at most one program is left alive
	// (a one-program game: none), or when the time limit is reached.
	alive := 0
	for t := range g.Progs {
		if g.teamCount(t) > 0 {
			alive++
		}
	}
	if (len(g.Progs) > 1 && alive <= 1) || alive == 0 || g.Cycle >= g.Opt.Timeout {
		g.Done = true
	}
	return true
}

// Run plays to the end.
func (g *Game) Run() {
	for g.Step() {
	}
}

// turn is one robot's turn (section 6).
func (g *Game) turn(r *Robot) {
	if r.Active <= 0 {
		return // inactive: frozen
	}
	if !r.InProgress {
		// Fetch; auto-reboot and data hunger (section 7).
		if instrAt(r, r.Bank, r.Instr) == nil {
			r.Bank, r.Instr = 1, 1
			if instrAt(r, 1, 1) == nil {
				g.kill(r, "data_hunger")
				return
			}
		}
		in := instrAt(r, r.Bank, r.Instr)
		r.Duration = g.duration(r, in)
		r.Remaining = r.Duration
		r.InProgress = true
	}
	r.Remaining--
	if r.Remaining > 0 {
		return
	}
	r.InProgress = false
	r.Duration = 0
	// The completing turn executes the instruction that stands at the position now.
	in := instrAt(r, r.Bank, r.Instr)
	if in == nil {
		return // nothing happens; the next fetch auto-reboots
	}
	g.Instructions++
	g.execute(r, in)
}

// execute is the effect of in, runtime errors included (sections 5, 8, 9).
func (g *Game) execute(r *Robot, in *robolang.Instr) {
	// Error order (section 8): the instruction's own set requirement, then 5 for a remote
	// operand, then the instruction's own checks.
	switch in.Op {
	case robolang.OpCreate:
		if r.Set < 2 {
			g.kill(r, "set2_required")
			return
		}
	case robolang.OpScan, robolang.OpTrans:
		if r.Set < 1 {
			g.kill(r, "set1_required")
			return
		}
	}
	if remotes(in) > 0 && r.Set < 1 {
		g.kill(r, "set1_required")
		return
	}
	a := func(i int) int { return g.read(r, in.Args[i]) }
	next := true // move to the next instruction afterwards
	switch in.Op {
	case robolang.OpAdd, robolang.OpSub:
		x, y := a(0), a(1)
		res := x + y
		if in.Op == robolang.OpSub {
			res = x - y
		}
		T := g.Opt.ElimTrigger
		if res > T || res < -T {
			g.kill(r, "elimination")
			return
		}
		g.write(r, in.Args[0], res)
	case robolang.OpSet:
		g.write(r, in.Args[0], a(1))
	case robolang.OpComp:
		if a(0) == a(1) {
			r.Instr += 2
		} else {
			r.Instr++
		}
		next = false
	case robolang.OpJump:
		r.Instr += a(0)
		next = false
	case robolang.OpBJump:
		r.Bank, r.Instr = a(0), a(1)
		next = false
	case robolang.OpTurn:
		if a(0) == 0 {
			r.Dir = (r.Dir + 3) % 4
		} else {
			r.Dir = (r.Dir + 1) % 4
		}
		g.emit(Event{Cycle: g.Cycle, Robot: r.ID, Program: r.Team, Kind: "turn", Dir: r.Dir})
	case robolang.OpMove:
		if !r.Mobile {
			g.kill(r, "not_mobile")
			return
		}
		x, y := g.refField(r)
		if g.at(x, y) == nil {
			g.board[r.Y*g.Opt.Board+r.X] = nil
			r.X, r.Y = x, y
			g.board[y*g.Opt.Board+x] = r
			g.emit(Event{Cycle: g.Cycle, Robot: r.ID, Program: r.Team, Kind: "move", X: x, Y: y})
		}
	case robolang.OpDie:
		g.kill(r, "die")
		return
	case robolang.OpScan:
		v := 0
		if t := g.front(r); t != nil {
			v = 1
			if t.Team == r.Team {
				v = 2
			}
		}
		g.write(r, in.Args[0], v)
	case robolang.OpTrans:
		src := a(0)
		if src < 1 || src > len(r.Banks) {
			g.kill(r, "no_source_bank")
			return
		}
		dst := a(1)
		t := g.front(r)
		if t != nil && dst >= 1 && dst <= len(t.Banks) {
			t.Banks[dst-1] = r.Banks[src-1] // whole: code, name, hidden flag and origin
			g.emit(Event{Cycle: g.Cycle, Robot: r.ID, Program: r.Team, Kind: "trans", Target: t.ID, FromBank: src, ToBank: dst})
		}
	case robolang.OpCreate:
		set, nb, mob := a(0), a(1), a(2)
		if nb < 1 || nb > 50 {
			g.kill(r, "invalid_banks")
			return
		}
		if set < 0 || set > 2 || mob < 0 || mob > 1 {
			g.kill(r, "invalid_parameter")
			return
		}
		x, y := g.refField(r)
		if g.at(x, y) == nil {
			c := &Robot{ID: len(g.Robots) + 1, Parent: r.ID, Team: r.Team, Generation: r.Generation + 1,
				Set: set, Mobile: mob == 1, X: x, Y: y, Dir: r.Dir, Banks: make([]Bank, nb),
				Active: 0, Bank: 1, Instr: 1, Alive: true}
			for i := range c.Banks {
				c.Banks[i] = Bank{Origin: r.Team}
			}
			g.Robots = append(g.Robots, c)
			g.board[y*g.Opt.Board+x] = c
			g.emit(Event{Cycle: g.Cycle, Robot: c.ID, Program: c.Team, Kind: "spawn", Parent: r.ID,
				X: x, Y: y, Dir: c.Dir, Set: set, Banks: nb, Mobile: c.Mobile})
		}
	default:
		panic("refmodel: instruction not in the classic set: " + in.Op.String())
	}
	if next {
		r.Instr++
	}
}

// Result is the outcome so far (section 10).
func (g *Game) Result() Result {
	res := Result{Cycles: g.Cycle, Instructions: g.Instructions, Winner: -1,
		Deaths: append([]Death(nil), g.Deaths...)}
	alive := 0
	for t := range g.Progs {
		n := g.teamCount(t)
		pr := ProgramResult{Alive: n > 0, Robots: n}
		if n == 0 {
			pr.DiedAt = g.DiedAt[t]
		} else {
			alive++
		}
		res.Programs = append(res.Programs, pr)
	}
	// The living share first place; the dead rank by the cycle they died out, later is
	// better; equal share; ranks skip after a tie. With nobody alive, the last to die out
	// share first place.
	for i := range res.Programs {
		better := 0
		for j := range res.Programs {
			if rankKey(res.Programs[j]) > rankKey(res.Programs[i]) {
				better++
			}
		}
		res.Programs[i].Rank = better + 1
	}
	if alive == 1 {
		for i, p := range res.Programs {
			if p.Alive {
				res.Winner = i
			}
		}
	}
	return res
}

func rankKey(p ProgramResult) int {
	if p.Alive {
		return 1 << 62
	}
	return p.DiedAt
}

// String is a short dump of a robot for failure messages.
func (r *Robot) String() string {
	lens := ""
	for i, b := range r.Banks {
		if i > 0 {
			lens += ","
		}
		lens += strconv.Itoa(len(b.Code))
	}
	return fmt.Sprintf("robot %d team %d gen %d set %d mob %v at %d,%d %s active %d pos %d:%d inprog %v rem %d/%d vars %v banks [%s]",
		r.ID, r.Team, r.Generation, r.Set, r.Mobile, r.X, r.Y, dirName[r.Dir], r.Active, r.Bank, r.Instr,
		r.InProgress, r.Remaining, r.Duration, r.Vars[1:], lens)
}
