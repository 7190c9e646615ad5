// Package refmodel is a deliberately naive reference interpreter of the RoboCom rules of
// ../shared/spec/ROBOCOM.md (sections 1, 2, 5–10, option set classic) and of
// ../shared/spec/RC3.md (option sets rc3 and rc3m: the RC3 instructions, variables, costs,
// error 16, the random draws, multitasking with one head per task, and the trace lines of
// its section 9), written from the spec text alone, without looking at the arena engine's
// implementation. It exists only to be played side by side with package arena (see
// refmodel_test.go and rc3_test.go) as a differential oracle.
//
// Clarity over speed: every cycle every robot is visited in creation order, and every task
// of a robot as RC3.md 6.2 words it. Nothing is skipped, cached or precomputed.
//
// Programs come in as the model's own Program (program.go): either converted from a
// robolang.Program (FromRobolang) or assembled by the model's own small assembler
// (Assemble), which reads the RC3 forms @@label and ##k by RC3.md section 2.
package refmodel

import (
	"fmt"
	"strconv"
	"strings"

	"robocom/robolang"
)

// Options are the rule values the model needs (ROBOCOM.md section 11, RC3.md section 1).
// Classic(), RC3() and RC3M() are the specs' sets, written down here independently of the
// engine.
type Options struct {
	Board       int
	Timeout     int
	ElimTrigger int
	FirstMobile bool
	RemoteCost  int

	Cost map[robolang.Opcode]int // per instruction; for TRANS, CREATE, RTRANS, FARSCAN the base

	TransPerInstr      int
	CreatePerBank      int
	CreateMobileFactor int
	CreateSet1         int
	CreateSet2         int

	// RC3.md section 1.
	RC3             bool // instructions = rc3: the RC3 instructions and variables exist
	MaxTasks        int  // max-tasks (1..100)
	MaxDuration     int  // max-duration (0 = none)
	CreateMobile    int  // cost.create-mobile
	RTransPerInstr  int  // cost.rtrans-per-instr
	FarscanPerField int  // cost.farscan-per-field
}

// Classic is ROBOCOM.md section 5's table and the decisions of sections 9 and 10. The RC3
// cost keys exist with rc3's values (RC3.md 1: "In classic the RC3 cost keys exist with rc3's
// values and are unused"; they are used if -opt instructions=rc3 turns the RC3 instructions
// on); cost.create-mobile is 0, max-tasks 1 and max-duration 0, classic's column.
func Classic() Options {
	o := classicOnly()
	for op, c := range rc3Costs() {
		if op.IsRC3() {
			o.Cost[op] = c
		}
	}
	return o
}

func classicOnly() Options {
	return Options{
		Board: 16, Timeout: 80000, ElimTrigger: 5000, FirstMobile: false, RemoteCost: 8,
		Cost: map[robolang.Opcode]int{
			robolang.OpAdd: 6, robolang.OpSub: 6, robolang.OpSet: 5, robolang.OpComp: 3,
			robolang.OpJump: 2, robolang.OpBJump: 5, robolang.OpTurn: 5, robolang.OpMove: 18,
			robolang.OpDie: 1, robolang.OpScan: 6, robolang.OpTrans: 5, robolang.OpCreate: 50,
		},
		TransPerInstr: 3, CreatePerBank: 20, CreateMobileFactor: 2, CreateSet1: 40, CreateSet2: 80,
		MaxTasks: 1, MaxDuration: 0, CreateMobile: 0, RTransPerInstr: 1, FarscanPerField: 3,
	}
}

// rc3Costs are the costs of RC3.md section 1's table for every instruction under rc3.
func rc3Costs() map[robolang.Opcode]int {
	return map[robolang.Opcode]int{
		robolang.OpAdd: 2, robolang.OpSub: 2, robolang.OpSet: 2, robolang.OpComp: 2,
		robolang.OpJump: 1, robolang.OpBJump: 2, robolang.OpTurn: 8, robolang.OpMove: 20,
		robolang.OpDie: 1, robolang.OpScan: 8, robolang.OpTrans: 14, robolang.OpCreate: 100,
		robolang.OpAJump: 1, robolang.OpRTrans: 14, robolang.OpFarScan: 10, robolang.OpRandom: 1,
		robolang.OpMul: 2, robolang.OpDiv: 2, robolang.OpMod: 2, robolang.OpMin: 2, robolang.OpMax: 2,
		robolang.OpInit: 2, robolang.OpQuit: 1, robolang.OpSeize: 1, robolang.OpResume: 1,
		robolang.OpBreak: 1, robolang.OpSleep: 0,
	}
}

// RC3 is RC3.md section 1's rc3 column: one task per robot.
func RC3() Options {
	o := Classic()
	o.RC3 = true
	o.MaxTasks = 1
	o.MaxDuration = 1500
	o.RemoteCost = 6
	o.Cost = rc3Costs()
	o.TransPerInstr = 1
	o.CreatePerBank, o.CreateMobileFactor, o.CreateMobile = 25, 1, 120
	o.CreateSet1, o.CreateSet2 = 40, 100
	o.RTransPerInstr, o.FarscanPerField = 1, 3
	return o
}

// RC3M is rc3 with multitasking (max-tasks 10), RC3.md section 1.
func RC3M() Options {
	o := RC3()
	o.MaxTasks = 10
	return o
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

// Place fixes where a program's first robot starts. RandomPlace (negative X) leaves it to
// the generator (ROBOCOM.md 10 / RC3.md 8: the k-th free field row by row, then a direction).
type Place struct {
	X, Y, Dir int
}

// RandomPlace asks for a random field and direction.
var RandomPlace = Place{-1, -1, -1}

// Random reports whether p is RandomPlace.
func (p Place) Random() bool { return p.X < 0 }

// Event is one trace event (CLI.md "Trace lines", RC3.md section 9).
type Event struct {
	Cycle, Robot, Program int
	Kind                  string // spawn move turn trans activate deactivate death init quit break seize resume rtrans

	Parent, X, Y int
	Dir          int
	Set, Banks   int
	Mobile       bool
	Target       int
	FromBank     int
	ToBank       int
	Reason       string

	// RC3.md 9. RC3 tells whether the line carries "task" (instructions = rc3, not spawn).
	RC3      bool
	Task     int
	NewTask  int
	Bank     int // init: bank as read
	Instr    int // init: instruction as read
	Replaced int
	Ended    []int
}

// Line renders the event as the trace line of CLI.md (round 1, no newline). Under rc3 the
// "task" field follows "event", before the event's own fields, as RC3.md 9's example shows.
func (e Event) Line() string {
	s := fmt.Sprintf(`{"round":1,"cycle":%d,"robot":%d,"program":%d,"event":%q`, e.Cycle, e.Robot, e.Program, e.Kind)
	if e.RC3 && e.Kind != "spawn" {
		s += fmt.Sprintf(`,"task":%d`, e.Task)
	}
	return s + e.extra(true) + "}"
}

// ClassicLine renders the event with CLI.md's classic fields only (no task, nothing of the
// RC3 events beyond their kind): what the harness can compare with an arena.Event without
// knowing how the engine spells the RC3 fields.
func (e Event) ClassicLine() string {
	s := fmt.Sprintf(`{"round":1,"cycle":%d,"robot":%d,"program":%d,"event":%q`, e.Cycle, e.Robot, e.Program, e.Kind)
	return s + e.extra(false) + "}"
}

func (e Event) extra(rc3 bool) string {
	switch e.Kind {
	case "spawn":
		m := 0
		if e.Mobile {
			m = 1
		}
		return fmt.Sprintf(`,"parent":%d,"x":%d,"y":%d,"dir":%q,"set":%d,"banks":%d,"mobile":%d`,
			e.Parent, e.X, e.Y, dirName[e.Dir], e.Set, e.Banks, m)
	case "move":
		return fmt.Sprintf(`,"x":%d,"y":%d`, e.X, e.Y)
	case "turn":
		return fmt.Sprintf(`,"dir":%q`, dirName[e.Dir])
	case "trans":
		return fmt.Sprintf(`,"target":%d,"from_bank":%d,"to_bank":%d`, e.Target, e.FromBank, e.ToBank)
	case "activate", "deactivate":
		return fmt.Sprintf(`,"target":%d`, e.Target)
	case "death":
		return fmt.Sprintf(`,"reason":%q`, e.Reason)
	}
	if !rc3 {
		return ""
	}
	switch e.Kind {
	case "init":
		return fmt.Sprintf(`,"new_task":%d,"bank":%d,"instr":%d,"replaced":%d`, e.NewTask, e.Bank, e.Instr, e.Replaced)
	case "break":
		parts := make([]string, len(e.Ended))
		for i, n := range e.Ended {
			parts[i] = strconv.Itoa(n)
		}
		return `,"ended":[` + strings.Join(parts, ",") + `]`
	case "rtrans":
		return fmt.Sprintf(`,"target":%d,"from_bank":%d,"to_bank":%d`, e.Target, e.FromBank, e.ToBank)
	}
	return "" // quit, seize, resume: task only
}

// Bank is one bank of a robot: its code and where it came from (sections 5 and 12).
type Bank struct {
	Name   string
	Code   []Instr
	Src    []robolang.Instr // the robolang code it was converted from (nil if assembled here)
	Hidden bool             // from an RBI program
	Origin int              // the team whose program the code came from (CREATE's empty banks: the builder's)
}

// Task is one task of a robot (RC3.md 6.1). Under classic every robot has exactly one.
type Task struct {
	Num        int // 1 for the first task, then the robot's next unused number
	Bank       int // position, 1-based
	Instr      int
	InProgress bool // an instruction was fetched and has not completed
	Remaining  int  // visits it still needs
	Duration   int  // d fixed at fetch
	Dir        int  // this task's head
	Asleep     bool // it fetched a SLEEP that has not completed
}

// Robot is one robot, all of section 2's table plus RC3.md 6.1.
type Robot struct {
	ID, Parent, Team, Generation int
	Set                          int
	Mobile                       bool
	X, Y                         int
	Banks                        []Bank    // Banks[0] is bank 1
	Vars                         [21]int16 // Vars[1..20]
	Active                       int16
	Created                      int // creation cycle (first robots: 0)

	Tasks   []*Task // the ring, in ring order
	Cursor  *Task   // the task visited last
	Seized  *Task   // the seized task, nil if none
	NextNum int     // the next unused task number

	Alive       bool
	DeathReason string
	DeathCycle  int
}

// Only returns the robot's task when it has exactly one (every robot under classic and rc3),
// else nil.
func (r *Robot) Only() *Task {
	if len(r.Tasks) == 1 {
		return r.Tasks[0]
	}
	return nil
}

// TaskByNum finds a task by number, nil if there is none.
func (r *Robot) TaskByNum(n int) *Task {
	for _, t := range r.Tasks {
		if t.Num == n {
			return t
		}
	}
	return nil
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
	Progs  []*Program
	Robots []*Robot // every robot ever made, in creation order (dead ones stay, Alive false)
	Cycle  int
	Done   bool

	Instructions int64
	Deaths       []Death
	DiedAt       []int

	// RC3.md 3 and 8.
	Rand    SplitMix64
	IDs     []int // $ID per program (rc3 only)
	Pub     int16
	TeamVar []int16 // #Team per team

	OnEvent func(Event)
	// OnVisit, if set, hears of every visit of a task after it: the instruction it fetched
	// (nil if none) and the one whose effect happened (nil if none). For tests of RC3.md 6.2.
	OnVisit func(r *Robot, t *Task, fetched, completed *Instr)

	board []*Robot // board[y*n+x]: the robot on that field (kept only to make lookups cheap)
}

// SplitMix64 is RC3.md 8's generator, written out from the spec.
type SplitMix64 struct{ State uint64 }

// Next is one output.
func (s *SplitMix64) Next() uint64 {
	s.State += 0x9E3779B97F4A7C15
	z := s.State
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// U is RC3.md 8's U(n), 1 ≤ n ≤ 65536: reject x ≥ L = (2⁶⁴−1) − ((2⁶⁴−1) mod n).
func (s *SplitMix64) U(n int) int {
	for {
		if u, ok := accept(s.Next(), n); ok {
			return u
		}
	}
}

// accept is one try of U(n) with output x: x mod n, unless x ≥ L.
func accept(x uint64, n int) (int, bool) {
	const max = ^uint64(0)
	L := max - max%uint64(n)
	if x >= L {
		return 0, false
	}
	return int(x % uint64(n)), true
}

// New places the first robots (cycle 0) at the given places, with seed 0. See NewSeeded.
func New(progs []*Program, opt Options, places []Place, onEvent func(Event)) *Game {
	return NewSeeded(progs, opt, places, 0, onEvent)
}

// NewSeeded places the first robots (cycle 0), in program order: the fixed places first,
// then the random ones drawn in program order, then (rc3) the $ID draws (RC3.md 8).
func NewSeeded(progs []*Program, opt Options, places []Place, seed int64, onEvent func(Event)) *Game {
	n := opt.Board
	g := &Game{Opt: opt, Progs: progs, DiedAt: make([]int, len(progs)), OnEvent: onEvent,
		board: make([]*Robot, n*n), Rand: SplitMix64{State: uint64(seed)}, TeamVar: make([]int16, len(progs))}
	pl := make([]Place, len(progs))
	taken := make([]bool, n*n)
	for i := range progs {
		if i < len(places) && !places[i].Random() {
			pl[i] = places[i]
			taken[places[i].Y*n+places[i].X] = true
		}
	}
	for i := range progs {
		if i < len(places) && !places[i].Random() {
			continue
		}
		free := 0
		for _, t := range taken {
			if !t {
				free++
			}
		}
		k := g.Rand.U(free)
		for f := 0; f < n*n; f++ { // row by row: y, then x
			if taken[f] {
				continue
			}
			if k == 0 {
				pl[i] = Place{X: f % n, Y: f / n}
				taken[f] = true
				break
			}
			k--
		}
		pl[i].Dir = g.Rand.U(4)
	}
	if opt.RC3 {
		for range progs {
			for {
				v := 1 + g.Rand.U(32767)
				dup := false
				for _, id := range g.IDs {
					dup = dup || id == v
				}
				if !dup {
					g.IDs = append(g.IDs, v)
					break
				}
			}
		}
	}
	for i, p := range progs {
		banks := make([]Bank, len(p.Banks))
		for b, pb := range p.Banks {
			banks[b] = Bank{Name: pb.Name, Code: pb.Code, Src: pb.Src, Hidden: pb.Hidden, Origin: i}
		}
		task := &Task{Num: 1, Bank: 1, Instr: 1, Dir: pl[i].Dir}
		r := &Robot{ID: len(g.Robots) + 1, Team: i, Set: 2, Mobile: opt.FirstMobile,
			X: pl[i].X, Y: pl[i].Y, Banks: banks, Active: 1, Alive: true,
			Tasks: []*Task{task}, Cursor: task, NextNum: 2}
		g.Robots = append(g.Robots, r)
		g.board[r.Y*n+r.X] = r
		g.emit(Event{Cycle: 0, Robot: r.ID, Program: r.Team, Kind: "spawn", X: r.X, Y: r.Y, Dir: task.Dir,
			Set: r.Set, Banks: len(r.Banks), Mobile: r.Mobile})
	}
	return g
}

func (g *Game) emit(e Event) {
	e.RC3 = g.Opt.RC3
	if g.OnEvent != nil {
		g.OnEvent(e)
	}
}

// ev starts an event acted by robot r's task t in the current cycle.
func (g *Game) ev(r *Robot, t *Task, kind string) Event {
	e := Event{Cycle: g.Cycle, Robot: r.ID, Program: r.Team, Kind: kind}
	if t != nil {
		e.Task = t.Num
	}
	return e
}

// at returns the living robot on field x,y, or nil.
func (g *Game) at(x, y int) *Robot {
	return g.board[y*g.Opt.Board+x]
}

// refField is the field in front of task t's head.
func (g *Game) refField(r *Robot, t *Task) (int, int) {
	return g.ahead(r, t.Dir, 1)
}

// ahead is the field at distance k along direction dir from r (wrapping).
func (g *Game) ahead(r *Robot, dir, k int) (int, int) {
	n := g.Opt.Board
	return ((r.X+k*dx[dir])%n + n) % n, ((r.Y+k*dy[dir])%n + n) % n
}

func (g *Game) front(r *Robot, t *Task) *Robot {
	x, y := g.refField(r, t)
	return g.at(x, y)
}

func (g *Game) kill(r *Robot, t *Task, reason string) {
	r.Alive = false
	g.board[r.Y*g.Opt.Board+r.X] = nil
	r.DeathReason = reason
	r.DeathCycle = g.Cycle
	g.Deaths = append(g.Deaths, Death{Cycle: g.Cycle, Robot: r.ID, Program: r.Team, Reason: reason})
	e := g.ev(r, t, "death")
	e.Reason = reason
	g.emit(e)
	if g.teamCount(r.Team) == 0 {
		g.DiedAt[r.Team] = g.Cycle
	}
	r.Tasks, r.Cursor, r.Seized = nil, nil, nil // RC3.md 6.4: removed with all its tasks
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
func instrAt(r *Robot, b, i int) *Instr {
	if b < 1 || b > len(r.Banks) {
		return nil
	}
	code := r.Banks[b-1].Code
	if i < 1 || i > len(code) {
		return nil
	}
	return &code[i-1]
}

// sat is RC3.md 3: a constant whose true value exceeds 32767 reads 32767.
func sat(v int) int {
	if v > 32767 {
		return 32767
	}
	return v
}

// target is a resolved operand (RC3.md 3 "Resolution"): what it names, once ##k is followed
// and remotes are tied to the robot on the reference field.
type target struct {
	kind OperandKind // as the operand, with KInd replaced by KVar
	v    int         // variable number for KVar
	bad  bool        // ##k whose #k is outside 1..20
	rob  *Robot      // remotes: the robot on the reference field (nil if empty)
}

// resolve resolves operand o of task t of robot r now.
func (g *Game) resolve(r *Robot, t *Task, o Operand) target {
	switch {
	case o.Kind == KInd:
		k := int(r.Vars[o.V])
		if k < 1 || k > 20 {
			return target{kind: KVar, bad: true}
		}
		return target{kind: KVar, v: k}
	case o.Kind.IsRemote():
		return target{kind: o.Kind, rob: g.front(r, t)}
	}
	return target{kind: o.Kind, v: o.V}
}

// value reads a resolved operand (ROBOCOM.md 4, RC3.md 3). A bad ##k reads 0 (the value a
// duration takes at fetch; at completion it is error 13 before anything is read).
func (g *Game) value(r *Robot, t *Task, tg target) int {
	switch tg.kind {
	case KNum:
		return tg.v
	case KVar:
		if tg.bad {
			return 0
		}
		return int(r.Vars[tg.v])
	case KActive:
		return int(r.Active)
	case KPub:
		return int(g.Pub)
	case KTeam:
		return int(g.TeamVar[r.Team])
	case KBanks:
		return len(r.Banks)
	case KMobile:
		return b2i(r.Mobile)
	case KInstrSet:
		return r.Set
	case KFields:
		return g.Opt.Board
	case KTime:
		return sat(g.Cycle)
	case KAge:
		return sat(g.Cycle - r.Created)
	case KOwn, KOthers:
		own, others := 0, 0
		for _, x := range g.Robots {
			if !x.Alive {
				continue
			}
			if x.Team == r.Team {
				own++
			} else {
				others++
			}
		}
		if tg.kind == KOwn {
			return sat(own)
		}
		return sat(others)
	case KID:
		return g.IDs[r.Team]
	case KGeneration:
		return sat(r.Generation)
	case KInstrPos:
		return t.Instr
	case KElimTrigger:
		return sat(g.Opt.ElimTrigger)
	case KTimeout:
		return sat(g.Opt.Timeout)
	case KTasks:
		return len(r.Tasks)
	}
	if tg.kind.IsRemote() {
		x := tg.rob
		if x == nil {
			return 0 // "0 if the field is empty"
		}
		switch tg.kind {
		case KRActive:
			return int(x.Active)
		case KRBanks:
			return len(x.Banks)
		case KRMobile:
			return b2i(x.Mobile)
		case KRInstrSet:
			return x.Set
		case KRAge:
			return sat(g.Cycle - x.Created)
		}
	}
	panic(fmt.Sprintf("refmodel: unreadable operand kind %d", tg.kind))
}

// read resolves and reads operand o now.
func (g *Game) read(r *Robot, t *Task, o Operand) int {
	return g.value(r, t, g.resolve(r, t, o))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// setActive stores a new #Active into robot x (written by task t of robot actor) and
// reports the crossing as an event.
func (g *Game) setActive(actor *Robot, t *Task, x *Robot, v int16) {
	was := x.Active >= 1
	x.Active = v
	now := x.Active >= 1
	switch {
	case !was && now:
		e := g.ev(actor, t, "activate")
		e.Target = x.ID
		g.emit(e)
	case was && !now:
		e := g.ev(actor, t, "deactivate")
		e.Target = x.ID
		g.emit(e)
	}
}

// write stores v (already in 16-bit range) into a resolved writable operand.
func (g *Game) write(r *Robot, t *Task, tg target, v int) {
	switch tg.kind {
	case KVar:
		r.Vars[tg.v] = int16(v)
	case KActive:
		g.setActive(r, t, r, int16(v))
	case KPub:
		g.Pub = int16(v)
	case KTeam:
		g.TeamVar[r.Team] = int16(v)
	case KRActive:
		if tg.rob != nil { // "lost if the field is empty"
			g.setActive(r, t, tg.rob, int16(v))
		}
	default:
		panic(fmt.Sprintf("refmodel: write to operand kind %d", tg.kind))
	}
}

func remotes(in *Instr) int {
	n := 0
	for i := 0; i < in.N; i++ {
		if in.Args[i].Kind.IsRemote() {
			n++
		}
	}
	return n
}

// duration fixes d at fetch, "from the values at that moment" (ROBOCOM.md 6, RC3.md 1, 4, 5).
func (g *Game) duration(r *Robot, t *Task, in *Instr) int {
	o := g.Opt
	a := func(i int) int { return g.read(r, t, in.Args[i]) }
	d := o.Cost[in.Op]
	switch in.Op {
	case robolang.OpTrans:
		src := a(0)
		nInstr := 0
		if src >= 1 && src <= len(r.Banks) {
			nInstr = len(r.Banks[src-1].Code)
		}
		d = o.Cost[in.Op] + o.TransPerInstr*nInstr
	case robolang.OpCreate:
		set, b, c := a(0), a(1), a(2)
		d = o.Cost[in.Op] + o.CreatePerBank*b
		if c == 1 {
			d *= o.CreateMobileFactor
			d += o.CreateMobile
		}
		switch set {
		case 1:
			d += o.CreateSet1
		case 2:
			d += o.CreateSet2
		}
	case robolang.OpRTrans:
		// N = size of bank a of the robot on the reference field (0 if none).
		src := a(0)
		nInstr := 0
		if x := g.front(r, t); x != nil && src >= 1 && src <= len(x.Banks) {
			nInstr = len(x.Banks[src-1].Code)
		}
		d = o.Cost[in.Op] + o.RTransPerInstr*nInstr
	case robolang.OpFarScan:
		d = o.Cost[in.Op] + o.FarscanPerField*a(2)
	case robolang.OpSleep:
		d = a(0) + o.Cost[in.Op]
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

// after returns the task after t in the ring.
func after(r *Robot, t *Task) *Task {
	for i, x := range r.Tasks {
		if x == t {
			return r.Tasks[(i+1)%len(r.Tasks)]
		}
	}
	panic("refmodel: task not in its ring")
}

// turn is one robot's turn (ROBOCOM.md 6, RC3.md 6.2).
func (g *Game) turn(r *Robot) {
	if r.Active <= 0 {
		return // inactive: frozen, every task with it
	}
	// 1. A seized task is visited alone.
	if r.Seized != nil {
		g.visit(r, r.Seized)
		return
	}
	// 2. F, the task after the cursor (with one task: that task).
	F := after(r, r.Cursor)
	t := F
	for {
		g.visit(r, t)
		// 3. Pass the turn on while the visited task is asleep, never back to F.
		if !r.Alive || !t.Asleep {
			return
		}
		next := after(r, t)
		if next == F {
			return
		}
		t = next
	}
}

// visit is one visit of task t (RC3.md 6.2).
func (g *Game) visit(r *Robot, t *Task) {
	var fetched, completed *Instr
	if g.OnVisit != nil {
		defer func() { g.OnVisit(r, t, fetched, completed) }()
	}
	r.Cursor = t
	if !t.InProgress {
		// Fetch; auto-reboot of this task alone, data hunger (ROBOCOM.md 7), then error 16.
		if instrAt(r, t.Bank, t.Instr) == nil {
			t.Bank, t.Instr = 1, 1
			if instrAt(r, 1, 1) == nil {
				g.kill(r, t, "data_hunger")
				return
			}
		}
		in := instrAt(r, t.Bank, t.Instr)
		d := g.duration(r, t, in)
		if g.Opt.MaxDuration > 0 && d > g.Opt.MaxDuration {
			g.kill(r, t, "duration_too_high")
			return
		}
		t.Duration = d
		t.Remaining = d
		t.InProgress = true
		t.Asleep = in.Op == robolang.OpSleep
		fetched = in
	}
	t.Remaining--
	if t.Remaining > 0 {
		return
	}
	t.InProgress = false
	t.Duration = 0
	t.Asleep = false
	// The completing visit executes the instruction that stands at t's position now.
	in := instrAt(r, t.Bank, t.Instr)
	if in == nil {
		return // nothing happens; the next fetch auto-reboots
	}
	completed = in
	g.Instructions++
	g.execute(r, t, in)
}

// execute is the effect of in for task t, runtime errors included (ROBOCOM.md 5, 8, 9;
// RC3.md 4, 5, 6.3).
func (g *Game) execute(r *Robot, t *Task, in *Instr) {
	// Error order (RC3.md 5): (1) the instruction's own set requirement, (2) 5 for a remote
	// operand, (3) 13 for a ##k index in operand order, (4) the instruction's own checks,
	// (5) the effect.
	switch in.Op {
	case robolang.OpCreate:
		if r.Set < 2 {
			g.kill(r, t, "set2_required")
			return
		}
	case robolang.OpScan, robolang.OpTrans, robolang.OpRTrans, robolang.OpFarScan:
		if r.Set < 1 {
			g.kill(r, t, "set1_required")
			return
		}
	}
	if remotes(in) > 0 && r.Set < 1 {
		g.kill(r, t, "set1_required")
		return
	}
	// Every operand is resolved and read before anything is written (RC3.md 3).
	var tg [3]target
	var val [3]int
	for i := 0; i < in.N; i++ {
		tg[i] = g.resolve(r, t, in.Args[i])
		if tg[i].bad {
			g.kill(r, t, "invalid_parameter")
			return
		}
	}
	for i := 0; i < in.N; i++ {
		val[i] = g.value(r, t, tg[i])
	}
	next := true // move to the next instruction afterwards
	T := g.Opt.ElimTrigger
	switch in.Op {
	case robolang.OpAdd, robolang.OpSub, robolang.OpMul:
		x, y := val[0], val[1]
		res := x + y
		switch in.Op {
		case robolang.OpSub:
			res = x - y
		case robolang.OpMul:
			res = x * y
		}
		if res > T || res < -T {
			g.kill(r, t, "elimination")
			return
		}
		g.write(r, t, tg[0], res)
	case robolang.OpSet:
		g.write(r, t, tg[0], val[1])
	case robolang.OpComp:
		if val[0] == val[1] {
			t.Instr += 2
		} else {
			t.Instr++
		}
		next = false
	case robolang.OpJump:
		t.Instr += val[0]
		next = false
	case robolang.OpBJump:
		t.Bank, t.Instr = val[0], val[1]
		next = false
	case robolang.OpAJump:
		t.Instr = val[0]
		next = false
	case robolang.OpTurn:
		if val[0] == 0 {
			t.Dir = (t.Dir + 3) % 4
		} else {
			t.Dir = (t.Dir + 1) % 4
		}
		e := g.ev(r, t, "turn")
		e.Dir = t.Dir
		g.emit(e)
	case robolang.OpMove:
		if !r.Mobile {
			g.kill(r, t, "not_mobile")
			return
		}
		x, y := g.refField(r, t)
		if g.at(x, y) == nil {
			g.board[r.Y*g.Opt.Board+r.X] = nil
			r.X, r.Y = x, y
			g.board[y*g.Opt.Board+x] = r
			e := g.ev(r, t, "move")
			e.X, e.Y = x, y
			g.emit(e)
		}
	case robolang.OpDie:
		g.kill(r, t, "die")
		return
	case robolang.OpScan:
		v := 0
		if x := g.front(r, t); x != nil {
			v = 1
			if x.Team == r.Team {
				v = 2
			}
		}
		g.write(r, t, tg[0], v)
	case robolang.OpTrans:
		src := val[0]
		if src < 1 || src > len(r.Banks) {
			g.kill(r, t, "no_source_bank")
			return
		}
		dst := val[1]
		x := g.front(r, t)
		if x != nil && dst >= 1 && dst <= len(x.Banks) {
			x.Banks[dst-1] = r.Banks[src-1] // whole: code, name, hidden flag and origin
			e := g.ev(r, t, "trans")
			e.Target, e.FromBank, e.ToBank = x.ID, src, dst
			g.emit(e)
		}
	case robolang.OpRTrans:
		src, dst := val[0], val[1]
		if dst < 1 || dst > len(r.Banks) {
			g.kill(r, t, "no_source_bank")
			return
		}
		x := g.front(r, t)
		if x != nil && src >= 1 && src <= len(x.Banks) {
			r.Banks[dst-1] = x.Banks[src-1] // whole, as it is now
			e := g.ev(r, t, "rtrans")
			e.Target, e.FromBank, e.ToBank = x.ID, src, dst
			g.emit(e)
		}
	case robolang.OpCreate:
		set, nb, mob := val[0], val[1], val[2]
		if nb < 1 || nb > 50 {
			g.kill(r, t, "invalid_banks")
			return
		}
		if set < 0 || set > 2 || mob < 0 || mob > 1 {
			g.kill(r, t, "invalid_parameter")
			return
		}
		x, y := g.refField(r, t)
		if g.at(x, y) == nil {
			ct := &Task{Num: 1, Bank: 1, Instr: 1, Dir: t.Dir}
			c := &Robot{ID: len(g.Robots) + 1, Parent: r.ID, Team: r.Team, Generation: r.Generation + 1,
				Set: set, Mobile: mob == 1, X: x, Y: y, Banks: make([]Bank, nb), Created: g.Cycle,
				Active: 0, Alive: true, Tasks: []*Task{ct}, Cursor: ct, NextNum: 2}
			for i := range c.Banks {
				c.Banks[i] = Bank{Origin: r.Team}
			}
			g.Robots = append(g.Robots, c)
			g.board[y*g.Opt.Board+x] = c
			g.emit(Event{Cycle: g.Cycle, Robot: c.ID, Program: c.Team, Kind: "spawn", Parent: r.ID,
				X: x, Y: y, Dir: ct.Dir, Set: set, Banks: nb, Mobile: c.Mobile})
		}
	case robolang.OpFarScan:
		c := val[2]
		if c < 1 {
			g.kill(r, t, "invalid_parameter")
			return
		}
		kind, dist := 0, 0
		for k := 1; k <= c; k++ {
			x := g.at(g.ahead(r, t.Dir, k))
			if x == nil {
				continue
			}
			kind, dist = 1, k
			if x.Team == r.Team {
				kind = 2
			}
			break
		}
		g.write(r, t, tg[0], kind)
		g.write(r, t, tg[1], dist)
	case robolang.OpRandom:
		b, c := val[1], val[2]
		if b > c {
			g.kill(r, t, "invalid_parameter")
			return
		}
		g.write(r, t, tg[0], b+g.Rand.U(c-b+1))
	case robolang.OpDiv, robolang.OpMod:
		x, y := val[0], val[1]
		if y == 0 {
			g.kill(r, t, "division_by_zero")
			return
		}
		q := x / y // Go truncates toward zero, as RC3.md 4 asks
		res := q
		if in.Op == robolang.OpMod {
			res = x - y*q
		}
		g.write(r, t, tg[0], int(int16(res))) // −32768 DIV −1 wraps to −32768
	case robolang.OpMin:
		g.write(r, t, tg[0], min(val[0], val[1]))
	case robolang.OpMax:
		g.write(r, t, tg[0], max(val[0], val[1]))
	case robolang.OpInit:
		g.initTask(r, t, val[0], val[1])
	case robolang.OpQuit:
		if len(r.Tasks) == 1 {
			g.kill(r, t, "no_tasks")
			return
		}
		before := r.Tasks[(indexOf(r, t)+len(r.Tasks)-1)%len(r.Tasks)]
		removeTask(r, t)
		r.Cursor = before
		if r.Seized == t {
			r.Seized = nil
		}
		g.emit(g.ev(r, t, "quit"))
		return // the task is gone: no position to move on
	case robolang.OpBreak:
		if len(r.Tasks) > 1 {
			var ended []int
			for _, x := range r.Tasks {
				if x != t {
					ended = append(ended, x.Num)
				}
			}
			for i := 0; i < len(ended); i++ { // ascending
				for j := i + 1; j < len(ended); j++ {
					if ended[j] < ended[i] {
						ended[i], ended[j] = ended[j], ended[i]
					}
				}
			}
			r.Tasks = []*Task{t}
			r.Cursor = t
			e := g.ev(r, t, "break")
			e.Ended = ended
			g.emit(e)
		}
	case robolang.OpSeize:
		if r.Seized == nil {
			r.Seized = t
			g.emit(g.ev(r, t, "seize"))
		}
	case robolang.OpResume:
		if r.Seized != nil {
			r.Seized = nil
			g.emit(g.ev(r, t, "resume"))
		}
	case robolang.OpSleep:
		// Nothing: the wait was the instruction.
	default:
		panic("refmodel: unknown instruction " + in.Op.String())
	}
	if next {
		t.Instr++
	}
}

// initTask is INIT a, b (RC3.md 6.3).
func (g *Game) initTask(r *Robot, t *Task, bank, instr int) {
	nt := &Task{Bank: bank, Instr: instr, Dir: t.Dir}
	replaced := 0
	if len(r.Tasks) < g.Opt.MaxTasks {
		nt.Num = r.NextNum
		r.NextNum++
		i := indexOf(r, t)
		r.Tasks = append(r.Tasks[:i+1], append([]*Task{nt}, r.Tasks[i+1:]...)...)
	} else {
		var oldest *Task
		for _, x := range r.Tasks {
			if x != t && (oldest == nil || x.Num < oldest.Num) {
				oldest = x
			}
		}
		if oldest == nil {
			return // max-tasks 1: nothing happens, no number used
		}
		nt.Num = r.NextNum
		r.NextNum++
		r.Tasks[indexOf(r, oldest)] = nt
		replaced = oldest.Num
		if r.Cursor == oldest {
			r.Cursor = nt // cannot happen (the cursor is t); kept so the ring never loses it
		}
	}
	e := g.ev(r, t, "init")
	e.NewTask, e.Bank, e.Instr, e.Replaced = nt.Num, bank, instr, replaced
	g.emit(e)
}

func indexOf(r *Robot, t *Task) int {
	for i, x := range r.Tasks {
		if x == t {
			return i
		}
	}
	panic("refmodel: task not in its ring")
}

func removeTask(r *Robot, t *Task) {
	i := indexOf(r, t)
	r.Tasks = append(r.Tasks[:i:i], r.Tasks[i+1:]...)
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
	s := fmt.Sprintf("robot %d team %d gen %d set %d mob %v at %d,%d active %d vars %v banks [%s]",
		r.ID, r.Team, r.Generation, r.Set, r.Mobile, r.X, r.Y, r.Active, r.Vars[1:], lens)
	for _, t := range r.Tasks {
		s += " " + t.String(r)
	}
	return s
}

// String describes one task of r.
func (t *Task) String(r *Robot) string {
	flags := ""
	if r.Cursor == t {
		flags += " cursor"
	}
	if r.Seized == t {
		flags += " seized"
	} else if r.Seized != nil {
		flags += " paused"
	}
	if t.Asleep {
		flags += " asleep"
	}
	return fmt.Sprintf("[task %d %s pos %d:%d inprog %v rem %d/%d%s]", t.Num, dirName[t.Dir], t.Bank, t.Instr,
		t.InProgress, t.Remaining, t.Duration, flags)
}
