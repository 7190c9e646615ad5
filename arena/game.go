package arena

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"robocom/robolang"
)

// MaxPrograms is how many programs can play in one game (the original allowed five).
const MaxPrograms = 5

// Bank is one code bank as the engine holds it. A Bank is never modified after it is made:
// TRANS replaces the target robot's pointer, so banks are shared freely between robots, a
// transfer costs no copy, and a snapshot need not copy code.
type Bank struct {
	Name   string
	Code   []robolang.Instr
	Hidden bool // came from an RBI program: views hide its name and code
	Origin int  // the team (program index) the bank came from; for CREATE's empty banks, the builder's

	code     []cinstr // Code compiled for this game's options
	transDur int32    // the duration of a TRANS without remote operands from this bank (see newBank)
}

// newBank makes a bank for a game under the options o, compiling its code.
func newBank(name string, code []robolang.Instr, hidden bool, origin int, o *Options) *Bank {
	return &Bank{Name: name, Code: code, Hidden: hidden, Origin: origin, code: compile(code, o),
		transDur: transCycles(o.cost(robolang.OpTrans, 0), o, len(code))}
}

// cinstr is an instruction compiled for the engine: 24 bytes instead of robolang.Instr's
// ~90 (no labels, no source position), with what the VM asks of every instruction worked
// out once per game: the duration when it does not depend on operand values, the set it
// needs, whether it looks at the reference field (RATIONALE.md "Arena scheduling").
type cinstr struct {
	op       robolang.Opcode
	n        uint8
	remotes  uint8 // remote operands
	set      uint8 // the instruction set the instruction needs
	ref      bool  // the effect looks at the reference field (remote operands, SCAN, TRANS, CREATE, MOVE)
	fast     uint8 // not 0: ADD, SUB, SET, COMP, JUMP, BJUMP or TURN on numbers and variables only (see completeFast); to what it is private: fastRobot...
	fixed    bool  // not TRANS, CREATE, RTRANS, FARSCAN or SLEEP: the duration is dur, whatever the operands (and within max-duration)
	indirect bool  // an operand is indirect (##k, RC3): complete checks its index first
	dur      int32 // Options.cost: the duration of the fixed ones (minimum 1 applied)
	args     [3]carg
	lazy     uint8 // whether a plain task's fetch of it can be made early (see lazyDuration): lazyNo, lazyValues or lazyFixed
	need     uint8 // complete's checks pass at once for a robot whose set is at least this: the set, 1 with a remote operand, 255 with an indirect one
}

// cinstr.fast: what a fast instruction is private to, so what advance may run ahead (its
// private argument: one bit a chain's caller allows, matched without a test of the opcode).
const (
	fastRobot uint8 = 1 << iota // the robot: a classic chain runs it ahead (chain.go)
	// also its task in a ring: JUMP, COMP or TURN on numbers and the robot's constants. The
	// ring's other tasks write the variables and #Active; nothing changes the constants or
	// a task's position and direction but its own instructions. A ring chain runs it ahead
	// (ringChain).
	fastTask
	// fastRobot and fastTask of a TURN instead, which is private only while nobody listens to
	// events (it emits one)
	fastRobotTurn
	fastTaskTurn
)

// robotPrivate is advance's private for a robot's chain: its private instructions, a TURN
// only without an event handler.
func (g *Game) robotPrivate() uint8 {
	if g.onEvent != nil {
		return fastRobot
	}
	return fastRobot | fastRobotTurn
}

// ringPrivate is advance's private for a ring task's chain (ringChain).
func (g *Game) ringPrivate() uint8 {
	if g.onEvent != nil {
		return fastTask
	}
	return fastTask | fastTaskTurn
}

// Whether a plain task's fetch of an instruction can be made after its visit with the same
// outcome (see lazyDuration).
const (
	lazyNo     uint8 = iota // no: error 16, a SLEEP, or a duration that reads values that can change
	lazyValues              // yes if its duration, from numbers and the robot's banks, passes max-duration
	lazyFixed               // yes: its duration is cinstr.dur, within max-duration (a fixed one's, or a CREATE's on numbers)
)

// carg is one compiled operand. Anything but a remote reads without a branch as
// val + regs[vi]&vmask (a number or $Fields: vmask 0; variable k: val 0, vi k-1, vmask all
// ones; #Active and the other constants: their register), so that the simple instructions
// need no switch on the operand kind: such switches are mispredicted branches, and the
// engine spends much of its time in them.
type carg struct {
	kind  robolang.OperandKind
	vi    uint8
	val   int16
	vmask int16
}

// compile turns a bank's code into cinstrs for the options o.
func compile(code []robolang.Instr, o *Options) []cinstr {
	out := make([]cinstr, len(code))
	for i, in := range code {
		info := &robolang.Instructions[in.Op]
		c := cinstr{op: in.Op, n: in.N, set: uint8(info.Set)}
		simple := true // no remote operand, and a variable wherever the instruction writes
		for j := 0; j < int(in.N); j++ {
			a := carg{kind: in.Args[j].Kind, val: in.Args[j].Value}
			switch {
			case a.kind == robolang.KindVar && a.val > robolang.NumVars: // #Pub, #Team
				a.kind = kindShared
			case a.kind == robolang.KindConst && robolang.Const(a.val).IsRC3():
				a.kind = kindConstRC3
			case a.kind == robolang.KindIndirect:
				a.vi = uint8(a.val - 1)
				c.indirect = true
			}
			switch a.kind {
			case robolang.KindRemote:
				c.remotes++
				simple = false
			case robolang.KindVar:
				a.vi, a.val, a.vmask = uint8(a.val-1), 0, -1
			case robolang.KindActive:
				a.vi, a.val, a.vmask = regActive, 0, -1
				simple = simple && info.Args[j] != robolang.ArgWrite // writing #Active (de)activates
			case robolang.KindConst:
				switch robolang.Const(a.val) {
				case robolang.ConstBanks:
					a.vi, a.val, a.vmask = regBanks, 0, -1
				case robolang.ConstMobile:
					a.vi, a.val, a.vmask = regMobile, 0, -1
				case robolang.ConstInstrSet:
					a.vi, a.val, a.vmask = regInstrSet, 0, -1
				case robolang.ConstFields:
					a.val = int16(o.Board)
				}
			case robolang.KindNumber:
			default:
				simple = false
			}
			c.args[j] = a
		}
		switch in.Op {
		case robolang.OpScan, robolang.OpTrans, robolang.OpCreate, robolang.OpMove, robolang.OpRTrans:
			c.ref = true
		default:
			c.ref = c.remotes > 0
		}
		d := o.cost(in.Op, int(c.remotes))
		switch in.Op {
		case robolang.OpTrans, robolang.OpCreate, robolang.OpRTrans, robolang.OpFarScan, robolang.OpSleep:
		default:
			d = min(max(d, 1), maxDuration)
			c.fixed = o.MaxDuration == 0 || d <= int64(o.MaxDuration) // (else error 16 at every fetch)
		}
		c.dur = int32(d)
		switch in.Op {
		case robolang.OpAdd, robolang.OpSub, robolang.OpSet, robolang.OpComp, robolang.OpJump,
			robolang.OpBJump, robolang.OpTurn:
			if simple && c.set == 0 && c.fixed { // (ADD, SUB, SET with a simple operand write a variable)
				c.fast = fastRobot
				if privateToTask(&c) {
					c.fast |= fastTask
				}
				if in.Op == robolang.OpTurn {
					c.fast <<= 2 // fastRobotTurn, fastTaskTurn
				}
			}
		}
		c.need = c.set
		if c.remotes > 0 {
			c.need = max(c.need, 1)
		}
		if c.indirect {
			c.need = 255
		}
		switch {
		case c.fixed:
			c.lazy = lazyFixed
		case in.Op == robolang.OpTrans || in.Op == robolang.OpCreate || in.Op == robolang.OpFarScan:
			c.lazy = lazyValues
			for j := 0; j < int(c.n); j++ {
				if a := c.args[j]; a.kind >= robolang.KindRemote || a.vmask != 0 {
					c.lazy = lazyNo
				}
			}
			// A CREATE on numbers lasts the same at every fetch: a plain task's early fetch
			// (lazyDuration) takes it from dur, as a fixed one's, instead of working it out
			// each time. (durationOfValues, for the other fetches, does not read dur for
			// CREATE; c.fixed stays false, so the classic turn and chains are as they were.)
			if c.lazy == lazyValues && in.Op == robolang.OpCreate {
				d := min(max(createDuration(o, &c, int(c.args[0].val), int(c.args[1].val), int(c.args[2].val)), 1), maxDuration)
				if o.MaxDuration == 0 || d <= int64(o.MaxDuration) {
					c.lazy, c.dur = lazyFixed, int32(d)
				}
			}
		}
		out[i] = c
	}
	return out
}

// privateToTask reports whether c, a fast instruction, is also private to its task (fastTask):
// a JUMP, COMP or TURN whose operands are numbers or the robot's constants.
func privateToTask(c *cinstr) bool {
	switch c.op {
	case robolang.OpJump, robolang.OpComp, robolang.OpTurn:
	default:
		return false // (ADD, SUB and SET write a variable; BJUMP changes the task's bank)
	}
	for j := 0; j < int(c.n); j++ {
		if a := c.args[j]; a.vmask != 0 && a.vi <= regActive { // a variable or #Active
			return false
		}
	}
	return true
}

// robot is one robot's state. See ROBOCOM.md section 2. The fields a visit touches come
// first, so that a visit mostly reads one or two cache lines: the engine is bound by memory
// latency, not arithmetic.
type robot struct {
	// First cache line: what every visit reads and writes.
	code       []cinstr // the compiled code of bank `bank` (nil if the robot has no such bank)
	bank, pos  int32    // current position: bank and instruction number, both 1-based
	due        uint32   // while scheduled: the cycle of the next visit (fetch or completion)
	fetchAt    uint32   // the cycle of the last (or, if prefetched, the coming) fetch
	id         uint32
	slot       int32 // index in Game.robots; grows with creation order (see sched.go)
	front      int32 // classic games: the board index of the reference field (see Game.front)
	dir        Dir
	set        uint8
	team       uint8
	sched      uint8 // schedNone, schedWheel or schedOverflow
	mobile     bool
	alive      bool
	inProgress bool  // an instruction was fetched and has not completed
	chained    bool  // run ahead: see chain.go; the state is past the present until settled
	field      int32 // y*n + x, the board index of the robot's field

	// Second line: what operands read: #1..#20, #Active, the robot's constants (regs), in
	// a whole line of 32 registers so that an index masked with regMask needs no bounds check.
	regs [regsLen]int16

	// Third line: the checkpoint of a run-ahead chain (chain.go), valid while chained.
	ck checkpoint

	// Fourth line: the banks (TRANS, BJUMP and reboots read them).
	banks  []*Bank
	parent uint32
	born   int32  // the cycle it was created in ($Age)
	mt     *tasks // RC3 games (Game.plain) only: the robot's tasks (tasks.go); nil otherwise
	x, y   int16
	seq    uint32 // bumped whenever pending overflow entries become invalid
	rem    int32  // while frozen with an instruction in progress: turns still needed
	gen    int32
	dur    int32 // the duration fixed at the last fetch (views read it)
	// a running ring (tasks.go): the index of the task whose turn is due, as of its last
	// scheduling: a hint, checked against mt.first, that lets a turn find the task's entry
	// (tasks.inline) beside mt, without waiting for the ring's header
	dueTask uint8
	_       [3]byte // pad to 256 bytes: four whole cache lines per robot
}

// A robot's registers: what its operands read and write. #1..#20 are regs[0..19]. Keeping
// #Active and the robot's constants beside them lets the compiled operands read all of them
// as val + regs[vi]&vmask, without a switch (see carg), so that instructions that only read
// them are fast (and private: see chain.go). Only #Active changes, always through setActive.
const (
	regActive   = robolang.NumVars     // #Active
	regBanks    = robolang.NumVars + 1 // $Banks: fixed at birth (TRANS replaces banks, never adds)
	regMobile   = robolang.NumVars + 2 // $Mobile: 1 or 0
	regInstrSet = robolang.NumVars + 3 // $InstrSet
	numRegs     = robolang.NumVars + 4
	regsLen     = 32 // regs' length: numRegs rounded up to a power of two (a cache line)
	regMask     = regsLen - 1
)

// setBank moves r to bank b (and caches that bank's code).
func (r *robot) setBank(b int32) {
	r.bank = b
	if b >= 1 && int(b) <= len(r.banks) {
		r.code = r.banks[b-1].code
	} else {
		r.code = nil
	}
}

// Config is what a game is made from.
type Config struct {
	Programs []*robolang.Program // 1..MaxPrograms, in program order
	Options  *Options            // nil means Classic()
	Seed     int64               // the seed of this game (round k of a battle: seed + k − 1)
	Places   []Placement         // Places[i] fixes program i's first robot if Fixed
	// OnEvent receives every trace event, the first robots' spawns included; may be nil. It
	// runs in the middle of a cycle: views and probes taken inside it are not exact (see
	// SetEventHandler).
	OnEvent func(Event)

	plain   bool // tests: play a classic game on the plain path (tasks.go), to compare the two
	noSkip  bool // tests: on the plain path, visit every active robot in every cycle (no skip)
	noQuiet bool // tests: no dormant robots (quiet.go), to compare
}

// Game is one RoboCom game. It is not safe for concurrent use; see Match.
type Game struct {
	opts  Options
	n     int
	progs []*robolang.Program
	seed  int64
	rng   rng

	board   []int32 // y*n+x → onBoard(the robot there); 0 is an empty field
	frontOf []int32 // field*4+dir → the field in front (neighbours)
	robots  []robot // slots in creation order, dead ones too until compact; capacity 3n²
	remap   []int32 // compact's scratch: old slot → new slot
	nextID  uint32

	cycle int  // the last cycle simulated (0 before the first)
	over  bool // the game has ended
	actor uint32

	compactAt int              // runCycle compacts the slots past this many (n² + n²/4: see sched.go)
	words     int              // bitset words per wheel bucket
	wheel     []uint64         // wheelSize buckets of words bits: pending visits by slot
	counts    [wheelSize]int32 // set bits per bucket
	far       [][]entry        // farSlots slots of wheelSize cycles: visits beyond the wheel's reach (sched.go)
	farNext   uint32           // the first cycle of the coarse wheel's next slot to move into the wheel
	overflow  heap             // visits beyond the coarse wheel's reach

	teamCount     []int // robots per team
	diedAt        []int // cycle in which the team died out, 0 while alive
	alivePrograms int
	deaths        []Death
	instructions  int64

	onEvent     func(Event)
	chains      int                // robots with chained set
	quiet       []uint32           // by slot: the cycle since which nothing touched the robot, | dormantBit (quiet.go), and one more (see touch); nil: no quiet robots in this game
	watch       []watch            // by slot: the search for a quiet robot's period (made at the first)
	grownSteps  int                // steps this game added to the watches' recordings (quiet.go, maxGrownSteps)
	dormant     int                // dormant robots
	slept       int                // tests: how often a robot went dormant
	quietBroken int                // tests: periods recorded that did not repeat (none, unless a touch is missing)
	empty       [MaxPrograms]*Bank // one empty bank per team for CREATE (banks are immutable: one suffices)

	// RC3 (tasks.go). plain games give their robots turns through turnPlain, scheduled for
	// the turns in which a task completes or fetches observably, without prefetch or chains:
	// the RC3 rules (tasks, sleeping, error 16) break the classic turn's assumptions.
	plain       bool
	rc3         bool    // instructions = rc3: events carry the task, the RC3 variables exist
	curTask     int     // the number of the task whose visit runs now (0 outside, and in non-rc3 games)
	lastVisited int32   // the number of the task visited last in this turn
	readAhead   uint8   // where the walks' read-aheads go (readAheadRing, runQuiet): values read only so that their lines arrive early
	pub         int16   // #Pub
	teamVars    []int16 // #Team per team
	teamIDs     []int16 // $ID per team

	noPrefetch bool // tests: fetch on the fetching turn only (the plain reading of the rules); no chains either; on the plain path, no skip
}

// Errors of New.
var (
	ErrNoPrograms = errors.New("a game needs at least one program")
	ErrTooMany    = fmt.Errorf("at most %d programs can play in one game", MaxPrograms)
)

// New makes a game ready to run: the first robots are placed (cycle 0) and fetch in cycle 1.
func New(cfg Config) (*Game, error) {
	opts := cfg.Options
	if opts == nil {
		opts = Classic()
	}
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	if len(cfg.Programs) == 0 {
		return nil, ErrNoPrograms
	}
	if len(cfg.Programs) > MaxPrograms {
		return nil, ErrTooMany
	}
	for _, p := range cfg.Programs {
		if err := checkProgram(p, opts.RC3); err != nil {
			return nil, err
		}
	}
	n := opts.Board
	b := takeBuffers(n)
	g := &Game{
		opts:      *opts,
		n:         n,
		progs:     cfg.Programs,
		seed:      cfg.Seed,
		rng:       newRNG(cfg.Seed),
		board:     b.board,
		frontOf:   b.frontOf,
		robots:    b.robots,
		remap:     b.remap,
		compactAt: n*n + n*n/4,
		words:     b.words,
		wheel:     b.wheel,
		far:       b.far,
		farNext:   wheelSize,
		overflow:  b.overflow,
		nextID:    1,
		actor:     ^uint32(0),
		teamCount: make([]int, len(cfg.Programs)),
		diedAt:    make([]int, len(cfg.Programs)),
		onEvent:   cfg.OnEvent,
		plain:     opts.RC3 || opts.MaxDuration > 0 || cfg.plain,
		rc3:       opts.RC3,
	}
	g.noPrefetch = g.plain && cfg.noSkip
	if !g.plain && !cfg.noQuiet {
		g.quiet, g.watch = b.quiet, b.watch
		if len(g.quiet) != cap(g.robots)+1 { // (+1: touch's mark for an empty field)
			g.quiet, g.watch = make([]uint32, cap(g.robots)+1), nil
		}
	}
	places, err := g.place(cfg.Places)
	if err != nil {
		return nil, err
	}
	if g.rc3 {
		g.drawIDs()
	}
	for team, p := range cfg.Programs {
		g.empty[team] = newBank("", nil, false, team, opts)
		banks := make([]*Bank, len(p.Banks))
		for i := range p.Banks {
			b := &p.Banks[i]
			banks[i] = newBank(b.Name, b.Code, b.Hidden || p.Hidden, team, opts)
		}
		pl := places[team]
		r := g.newRobot(team, 0, 0, pl.X, pl.Y, pl.Dir, 2, opts.FirstMobile, banks, 0)
		r.regs[regActive] = 1
		g.schedule(r, 1)
	}
	g.alivePrograms = len(cfg.Programs)
	return g, nil
}

// checkProgram refuses what the engine cannot run (RC3 forms unless rc3); the assembler
// normally never produces it, but programs can also be built in Go.
func checkProgram(p *robolang.Program, rc3 bool) error {
	if p == nil {
		return errors.New("nil program")
	}
	if len(p.Banks) > robolang.MaxBanks {
		return fmt.Errorf("program %s has %d banks; at most %d are allowed", p.Name, len(p.Banks), robolang.MaxBanks)
	}
	for bi, b := range p.Banks {
		for ii, in := range b.Code {
			where := func() string { return fmt.Sprintf("program %s, bank %d, instruction %d", p.Name, bi+1, ii+1) }
			if !in.Op.IsClassic() {
				if in.Op.IsRC3() && !rc3 {
					return fmt.Errorf("%s: %s is an RC3 instruction, which the classic option set does not have", where(), in.Op)
				}
				if !in.Op.IsRC3() {
					return fmt.Errorf("%s: invalid instruction", where())
				}
			}
			info := robolang.Instructions[in.Op]
			if int(in.N) != len(info.Args) {
				return fmt.Errorf("%s: %s takes %d operands, not %d", where(), in.Op, len(info.Args), in.N)
			}
			for ai := 0; ai < int(in.N); ai++ {
				a := in.Args[ai]
				if info.Args[ai] == robolang.ArgWrite && !a.Writable() {
					return fmt.Errorf("%s: operand %d of %s must be writable", where(), ai+1, in.Op)
				}
				switch a.Kind {
				case robolang.KindNumber, robolang.KindActive:
				case robolang.KindVar:
					if (a.Value < 1 || a.Value > robolang.NumVars) && !(rc3 && (a.Value == robolang.VarPub || a.Value == robolang.VarTeam)) {
						return fmt.Errorf("%s: variable %s does not exist in this language", where(), a)
					}
				case robolang.KindConst:
					last := robolang.ConstFields
					if rc3 {
						last = robolang.ConstTasks
					}
					if c := robolang.Const(a.Value); c < robolang.ConstBanks || c > last {
						return fmt.Errorf("%s: constant %s does not exist in this language", where(), a)
					}
				case robolang.KindRemote:
					last := robolang.RemoteInstrSet
					if rc3 {
						last = robolang.RemoteAge
					}
					if rm := robolang.Remote(a.Value); rm < robolang.RemoteActive || rm > last {
						return fmt.Errorf("%s: unknown remote", where())
					}
				case robolang.KindIndirect:
					if !rc3 || a.Value < 1 || a.Value > robolang.NumVars {
						return fmt.Errorf("%s: variable %s does not exist in this language", where(), a)
					}
				default:
					return fmt.Errorf("%s: operand %d is missing", where(), ai+1)
				}
			}
		}
	}
	return nil
}

// place decides the first robots' fields: fixed placements first (they must be on the
// board and distinct), then, in program order, a random free field and a random direction
// for each of the others (see RATIONALE.md "Placement of the first robots").
func (g *Game) place(fixed []Placement) ([]Placement, error) {
	k := len(g.progs)
	if len(fixed) > k {
		return nil, fmt.Errorf("%d placements given for %d programs", len(fixed), k)
	}
	out := make([]Placement, k)
	taken := make([]bool, g.n*g.n)
	for i, p := range fixed {
		if !p.Fixed {
			continue
		}
		if p.X < 0 || p.X >= g.n || p.Y < 0 || p.Y >= g.n {
			return nil, fmt.Errorf("placement %d,%d of program %d is off the %d×%d board", p.X, p.Y, i+1, g.n, g.n)
		}
		if p.Dir > West {
			return nil, fmt.Errorf("placement of program %d has an invalid direction", i+1)
		}
		if taken[p.Y*g.n+p.X] {
			return nil, fmt.Errorf("two programs are placed on field %d,%d", p.X, p.Y)
		}
		taken[p.Y*g.n+p.X] = true
		out[i] = p
	}
	freeCount := g.n * g.n
	for _, t := range taken {
		if t {
			freeCount--
		}
	}
	for i := 0; i < k; i++ {
		if i < len(fixed) && fixed[i].Fixed {
			continue
		}
		nth := g.rng.intn(freeCount)
		for idx, t := range taken {
			if t {
				continue
			}
			if nth == 0 {
				taken[idx] = true
				out[i] = Placement{Fixed: true, X: idx % g.n, Y: idx / g.n}
				break
			}
			nth--
		}
		freeCount--
		out[i].Dir = Dir(g.rng.intn(4))
	}
	return out, nil
}

// newRobot puts a new robot on the board (the field must be free) and emits its spawn. It
// gets the given banks, or, if banks is nil, nEmpty empty banks of its team.
func (g *Game) newRobot(team int, parent uint32, gen int, x, y int, dir Dir, set int, mobile bool, banks []*Bank, nEmpty int) *robot {
	slot := int32(len(g.robots))
	g.robots = g.robots[:slot+1]
	r := &g.robots[slot]
	keep := r.banks[:0]
	seq := r.seq
	mt := r.mt
	*r = robot{
		id: g.nextID, parent: parent, slot: slot, team: uint8(team), gen: int32(gen),
		x: int16(x), y: int16(y), field: int32(y*g.n + x), dir: dir, set: uint8(set), mobile: mobile, alive: true,
		pos: 1, seq: seq + 1, born: int32(g.cycle),
	}
	if g.plain {
		r.mt = newTasks(mt, dir, g.cycle)
	}
	if banks != nil {
		r.banks = banks
	} else {
		if cap(keep) < nEmpty {
			keep = make([]*Bank, 0, nEmpty)
		}
		empty := g.empty[team]
		for i := 0; i < nEmpty; i++ {
			keep = append(keep, empty)
		}
		r.banks = keep
	}
	r.regs[regBanks] = int16(len(r.banks))
	r.regs[regInstrSet] = int16(set)
	if mobile {
		r.regs[regMobile] = 1
	}
	r.setBank(1)
	r.front = g.lookFront(r)
	if g.quiet != nil {
		g.quiet[slot] = uint32(g.cycle)
		if g.watch != nil {
			g.watch[slot].forget() // (another robot's search)
		}
	}
	g.nextID++
	g.board[y*g.n+x] = onBoard(r)
	g.teamCount[team]++
	if g.onEvent != nil {
		g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: team, Kind: EvSpawn,
			Parent: int(parent), X: x, Y: y, Dir: dir, Set: set, Banks: len(r.banks), Mobile: mobile})
	}
	return r
}

// wrap brings a coordinate that went one step off the board back onto it (the torus).
func wrap(v, n int) int {
	if v < 0 {
		return v + n
	}
	if v >= n {
		return v - n
	}
	return v
}

// front returns the board index of r's reference field. A classic robot keeps it in its first
// cache line (robot.front, set again whenever its field or direction changes: a TURN, a MOVE,
// a settled chain), so that the instructions that look at the robot in front need not look
// it up in the neighbours table. A plain game's task switches change the direction without
// telling it, so it is looked up there.
func (g *Game) front(r *robot) int {
	if !g.plain {
		return int(r.front)
	}
	return int(g.lookFront(r))
}

// lookFront looks r's reference field up in the neighbours table (the one place: robot.front
// is set from it whenever r's field or direction changes).
func (g *Game) lookFront(r *robot) int32 { return g.frontOf[uint(r.field)<<2|uint(r.dir&3)] }

// neighbours returns, for every field of an n×n torus, the board indexes of the four fields
// next to it: index field*4 + direction.
func neighbours(n int) []int32 {
	t := make([]int32, 4*n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			for d := North; d <= West; d++ {
				t[(y*n+x)*4+int(d)] = int32(wrap(y+dirDY[d], n)*n + wrap(x+dirDX[d], n))
			}
		}
	}
	return t
}

// robotAt returns the robot on board index idx, or nil.
func (g *Game) robotAt(idx int) *robot {
	if s := g.board[idx]; s != 0 {
		return &g.robots[s&slotMask]
	}
	return nil
}

// A board entry is the robot's slot with its team+1 in the top byte, so that SCAN reads
// the team without touching the robot (its first cache line is often not in the cache); the
// team byte is never 0, so an entry of 0 is an empty field. Slots stay below 3n² ≤ 120,000
// < 2²⁴.
const slotMask = 1<<24 - 1

func onBoard(r *robot) int32 { return r.slot | int32(r.team+1)<<24 }

// instrAt returns the instruction at r's position, or nil if none stands there.
func (r *robot) instrAt() *cinstr {
	if i := uint(r.pos - 1); i < uint(len(r.code)) {
		return &r.code[i]
	}
	return nil
}

// b2i is 1 for true, 0 for false, without a branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Step simulates the next cycle. It returns false (and does nothing) if the game is over.
func (g *Game) Step() bool {
	if g.over {
		return false
	}
	g.runCycle(g.cycle + 1)
	return true
}

// Run plays the game to its end.
func (g *Game) Run() {
	g.RunUntil(g.opts.Timeout)
}

// pollCycles is how many cycles RunContext simulates between looks at its context: a look
// costs a fraction of one busy cycle, and even a full board simulates this many in well
// under a second.
const pollCycles = 2048

// RunContext plays the game to its end, as Run does, unless ctx is done first: then it
// returns ctx's error within pollCycles cycles, leaving the game unfinished. The result of a
// game played to its end is Run's (RunUntil in steps changes nothing).
func (g *Game) RunContext(ctx context.Context) error {
	done := ctx.Done()
	for !g.over {
		select {
		case <-done:
			return ctx.Err()
		default:
		}
		until := g.cycle + pollCycles
		if nb := g.nextBusyCycle(); nb > until {
			until = nb // an idle stretch is skipped in one step, as Run does
		}
		g.RunUntil(until)
	}
	return nil
}

// RunUntil simulates until the given cycle has been simulated or the game is over. Cycles
// in which no robot fetches or completes anything are skipped over (nothing observable
// happens in them).
func (g *Game) RunUntil(cycle int) {
	if cycle > g.opts.Timeout {
		cycle = g.opts.Timeout
	}
	if g.walksQuiet() {
		g.runQuiet(cycle)
		return
	}
	for !g.over && g.cycle < cycle {
		nb := g.cycle + 1
		if g.counts[nb&wheelMask] == 0 { // (the next cycle is busy most of the time)
			nb = g.nextBusyCycle()
		}
		if nb > cycle {
			g.skipTo(cycle)
			return
		}
		g.runCycle(nb)
	}
}

// walksQuiet reports whether RunUntil walks the game's cycles with runQuiet: a classic game
// with quiet robots and no event handler (a tournament's).
func (g *Game) walksQuiet() bool { return !g.plain && g.onEvent == nil && g.quiet != nil }

// runQuiet is RunUntil's loop when walksQuiet, with runCycle and visitBucket written out for
// that case (two calls fewer a cycle, and no test of the game's kind a visit), and what does
// not change during a cycle in locals: the robots (a new robot takes a slot within their
// capacity; compact runs between cycles) and the quiet marks. The bucket's words and count
// stay in memory: a robot activated by the one acting now is added to them.
func (g *Game) runQuiet(cycle int) {
	for !g.over && g.cycle < cycle {
		c := g.cycle + 1
		if g.counts[c&wheelMask] == 0 { // (the next cycle is busy most of the time)
			c = g.nextBusyCycle()
		}
		if c > cycle {
			g.skipTo(cycle)
			return
		}
		if len(g.robots) > g.compactAt {
			g.compact()
		}
		g.cycle = c
		if g.overflowDue(c) {
			g.pullOverflow()
		}
		b, now := c&wheelMask, uint32(c)
		words, count := g.wheel[b*g.words:(b+1)*g.words], &g.counts[b]
		robots, q := g.robots[:cap(g.robots)], g.quiet[:cap(g.robots)]
		for wi := 0; wi < len(words) && *count > 0; wi++ {
			for {
				w := words[wi]
				if w == 0 {
					break
				}
				bit := bits.TrailingZeros64(w)
				words[wi] = w &^ (1 << uint(bit))
				*count--
				slot := wi<<6 | bit
				r, touched := &robots[slot], int32(now-q[slot]) < quietMin // (ahead: pauseSearch; read before r's store; then the next robot's line on its way: −0.5%)
				if nx := w &^ (1 << uint(bit)); nx != 0 {
					g.readAhead ^= robots[wi<<6|bits.TrailingZeros64(nx)].sched
				}
				r.sched = schedNone
				if touched {
					g.turn(r)
				} else { // untouched for a while (quiet.go)
					n0 := g.instructions
					g.turn(r)
					if r.sched != schedNone {
						g.observe(r, g.instructions-n0)
					}
				}
			}
		}
		g.actor = ^uint32(0)
		if g.alivePrograms <= 1 || c >= g.opts.Timeout { // (else checkEnd finds nothing)
			g.checkEnd()
		}
	}
}

// skipTo ends a run at cycle c, before the next busy cycle: the cycles up to c are idle.
// Visits waiting beyond the wheel's reach that come within it are moved into the wheel, as
// runCycle does, so that nextBusyCycle, which looks at the wheel first, still finds them
// first when something is scheduled in the wheel before the next cycle (a look wakes a
// dormant robot or settles a chain).
func (g *Game) skipTo(c int) {
	g.cycle = c
	if g.overflowDue(c) {
		g.pullOverflow()
	}
	g.checkEnd()
}

// RunUntilEvent simulates until a cycle in which stop returned true for an event (that
// cycle is completed), the given cycle, or the end. It reports whether stop fired.
func (g *Game) RunUntilEvent(cycle int, stop func(Event) bool) bool {
	g.settleAll() // chains may hold TURNs, which have events from now on
	g.restartQuiet()
	prev := g.onEvent
	fired := false
	g.onEvent = func(e Event) {
		if prev != nil {
			prev(e)
		}
		if !fired && stop(e) {
			fired = true
		}
	}
	defer func() { g.onEvent = prev }()
	if cycle > g.opts.Timeout {
		cycle = g.opts.Timeout
	}
	for !g.over && g.cycle < cycle && !fired {
		nb := g.nextBusyCycle()
		if nb > cycle {
			g.skipTo(cycle)
			break
		}
		g.runCycle(nb)
	}
	return fired
}

// nextBusyCycle is the next cycle in which some robot is visited (past the time limit if
// none is).
func (g *Game) nextBusyCycle() int {
	next := g.opts.Timeout + 1
	for d := 1; d < wheelSize; d++ {
		if g.counts[(g.cycle+d)&wheelMask] > 0 {
			next = g.cycle + d
			break
		}
	}
	if int64(g.farNext) <= int64(next) { // a slot of the coarse wheel begins first: its visits are not in the wheel yet
		next = g.farFirst(next)
	}
	if next < g.cycle+wheelSize {
		return next // (the heap's are further: those within reach are in the wheel)
	}
	for len(g.overflow) > 0 {
		e := g.overflow[0]
		if g.waitingFor(e) == nil {
			g.overflow.pop()
			continue
		}
		return min(int(e.due()), next)
	}
	return next
}

// runCycle simulates cycle c (> the last one; cycles skipped must have had no visits):
// every robot due in c takes its turn, in creation order.
func (g *Game) runCycle(c int) {
	if len(g.robots) > g.compactAt {
		g.compact()
	}
	g.cycle = c
	if g.overflowDue(c) {
		g.pullOverflow()
	}
	if g.plain {
		g.visitBucketPlain()
	} else {
		g.visitBucket()
	}
	g.actor = ^uint32(0)
	if g.alivePrograms <= 1 || c >= g.opts.Timeout { // (else checkEnd finds nothing)
		g.checkEnd()
	}
}

func (g *Game) checkEnd() {
	if g.alivePrograms == 0 || (len(g.progs) > 1 && g.alivePrograms <= 1) || g.cycle >= g.opts.Timeout {
		g.over = true
		g.settleAll()
	}
}

// turn is robot r's turn in the current cycle, on which it fetches, completes, or both.
// (default.pgo's call sites are lines counted from the function's start: a statement added
// inside turn can cost the inlining of advance (+2% instructions) until `make pgo`.)
func (g *Game) turn(r *robot) {
	g.actor = r.id
	c := uint32(g.cycle)
	// The visit that ends a chain: every instruction run ahead has completed by now. Written
	// without a branch (whether r was chained is data-dependent: a mispredicted branch).
	g.chains -= b2i(r.chained)
	r.chained = false
	if !r.inProgress {
		if !g.fetch(r) {
			return
		}
		if r.due > c {
			g.schedule(r, r.due)
			return
		}
	}
	pos := r.pos // (in a register: the look-up below would wait for a store to r.pos)
	if i := uint(pos - 1); i < uint(len(r.code)) {
		if in := &r.code[i]; in.fast != 0 {
			g.instructions++
			if !g.completeFast(r, in) {
				return
			}
			pos = r.pos
		} else if in.op == robolang.OpTrans && r.set >= in.need && in.remotes == 0 && g.onEvent == nil {
			// TRANS (43% of the visits) without completeIn's jump table when it changes
			// nothing (three quarters of the July TRANSes): its checks pass (see cinstr.need),
			// the field in front is r.front, no event is due, and the source bank exists while
			// there is no target, no such target bank, or the target holds the source bank.
			ref := g.robotAt(int(r.front))
			a0, a1 := &in.args[0], &in.args[1]
			a := uint(a0.val+r.regs[a0.vi&regMask]&a0.vmask) - 1
			b := uint(a1.val+r.regs[a1.vi&regMask]&a1.vmask) - 1
			if a < uint(len(r.banks)) && (ref == nil || b >= uint(len(ref.banks)) || ref.banks[b] == r.banks[a]) {
				g.instructions++
				pos++
			} else {
				g.completeIn(r, in)
				if !r.alive {
					return
				}
				pos = r.pos
			}
		} else if in.op == robolang.OpScan && r.set >= in.need { // (20%), the same way
			g.instructions++
			if a0 := &in.args[0]; a0.kind == robolang.KindVar { // (write's common case, without looking up the robot in front)
				r.regs[a0.vi&regMask] = int16(g.scan(r, int(r.front)))
			} else {
				g.writeOther(r, *a0, g.scan(r, int(r.front)), g.robotAt(int(r.front)))
			}
			pos++
		} else if r.set >= in.need && (in.op == robolang.OpSet && setActiveIdle(g.robotAt(int(r.front)), r, in) || g.moveIdle(r, in)) {
			// SET %Active,v with the value the robot in front has already, or to an empty
			// field (15% of the visits), or a MOVE into an occupied one (6%), the same way.
			g.instructions++
			pos++
		} else {
			g.completeIn(r, in)
			if !r.alive {
				return
			}
			pos = r.pos
		}
	} // (else the bank was replaced or shortened meanwhile: nothing happens; see complete)
	r.pos, r.inProgress = pos, false
	if r.regs[regActive] < 1 {
		return
	}
	if i := uint(pos - 1); i < uint(len(r.code)) { // (chainable and afterComplete on one look-up)
		in, t := &r.code[i], c
		if in.fast != 0 && (in.op != robolang.OpTurn || g.onEvent == nil) {
			// runAhead, written out (one call fewer on the commonest way)
			ck := &r.ck
			ck.pos, ck.bank, ck.dir, ck.t, ck.saved = pos, r.bank, r.dir, c, false
			limit := c + chainHorizon
			if end := uint32(g.opts.Timeout); limit > end {
				limit = end
			}
			last, n, end, next := g.advance(r, c, limit, g.robotPrivate())
			if end > c {
				ck.n, ck.end = n, end
				g.instructions += int64(n)
				r.chained = true
				g.chains++
			}
			if next == nil {
				g.afterCompleteOther(r, last)
				return
			}
			in, t = next, last
		}
		// prefetchIn, written out but for its rare cases
		d := in.dur
		if !in.fixed {
			a0 := &in.args[0]
			if in.op != robolang.OpTrans || in.remotes > 0 || a0.kind >= robolang.KindRemote {
				g.afterCompleteOther(r, t)
				return
			}
			a := int(a0.val + r.regs[a0.vi&regMask]&a0.vmask)
			if uint(a-1) >= uint(len(r.banks)) {
				g.prefetchIn(r, in, t)
				return
			}
			d = r.banks[a-1].transDur
		}
		r.inProgress = true
		r.dur = d
		r.fetchAt = t + 1
		due := t + uint32(d)
		r.due = due
		if due-c < wheelSize { // schedule(r, due), written out
			b := due & wheelMask
			g.wheel[int(b)*g.words+int(r.slot>>6)] |= 1 << uint(r.slot&63)
			g.counts[b]++
			r.sched = schedWheel
		} else {
			g.scheduleFar(r, due)
		}
		return
	}
	if g.chainable(r) {
		g.runAhead(r, c)
		return
	}
	g.afterCompleteOther(r, c)
}

// moveIdle reports whether in, r's instruction, is a MOVE that does nothing: r is mobile
// and the field in front is occupied.
func (g *Game) moveIdle(r *robot, in *cinstr) bool {
	return in.op == robolang.OpMove && r.mobile && g.board[r.front] != 0
}

// setActiveIdle reports whether in, a SET by r, is a SET %Active,v (v no remote) that changes
// nothing: ref, the robot in front, has v already, or the field is empty (nil).
func setActiveIdle(ref, r *robot, in *cinstr) bool {
	a0, a1 := &in.args[0], &in.args[1]
	return a0.kind == robolang.KindRemote && robolang.Remote(a0.val) == robolang.RemoteActive &&
		a1.kind < robolang.KindRemote && (ref == nil || ref.regs[regActive] == a1.val+r.regs[a1.vi&regMask]&a1.vmask)
}

// prefetch makes now, at r's completing turn, the fetch that r will make on its turn in
// cycle f, when nothing that can happen before that turn can change the fetch's outcome.
// That saves one visit per instruction (half of all visits). What could change it:
//   - r's banks (a TRANS into r): TRANS calls refetch;
//   - r's variables (only the debugger, between cycles): SetVar calls refetch;
//   - r becoming inactive before the fetch: freeze undoes the prefetch;
//   - another value of r's #Active, set by the robot behind it (the duration of TRANS
//     #Active, 1 reads it): setActive calls refetch;
//   - remote values (the durations of TRANS and CREATE with remote operands) and auto-reboot
//     and data hunger (whose death must happen at the right turn): those are not prefetched.
//
// A lone robot of a plain game (tasks.go) prefetches only what a task may fetch early
// (lazyDuration): RC3's operands (#Pub, $Time, ...) change without notice, a SLEEP's fetch
// sets a flag, and error 16 strikes at the fetch.
//
// A test runs the July Package with and without prefetching and compares every event;
// FuzzGame compares random programs with the plain engine (which found the #Active case).
func (g *Game) prefetch(r *robot, f uint32) bool {
	var d int
	if g.plain { // (noPrefetch is only ever set in plain games)
		if g.noPrefetch {
			return false
		}
		if d = g.lazyDuration(r, r.code, r.pos); d == 0 {
			return false // see lazyDuration: RC3's rules (operands, SLEEP, error 16)
		}
	} else {
		in := r.instrAt()
		if in == nil || in.remotes > 0 && (in.op == robolang.OpTrans || in.op == robolang.OpCreate) {
			return false
		}
		d = g.duration(r, in)
	}
	r.inProgress = true
	r.dur = int32(d)
	r.fetchAt = f
	r.due = f + uint32(d) - 1
	return true
}

// fetchPending reports whether r's instruction in progress was prefetched and its fetching
// turn has not come yet.
func (g *Game) fetchPending(r *robot) bool {
	c := uint32(g.cycle)
	return r.inProgress && (r.fetchAt > c || (r.fetchAt == c && r.id > g.actor))
}

// refetch redoes a pending prefetch after something it depended on changed.
func (g *Game) refetch(r *robot) {
	f := r.fetchAt
	g.unschedule(r)
	r.inProgress = false
	if g.prefetch(r, f) {
		g.schedule(r, r.due)
	} else {
		g.schedule(r, f)
	}
}

// maxDuration caps a duration so that due cycles fit in 32 bits; it is far beyond any
// time limit (MaxTimeout).
const maxDuration = 1 << 30

// reboot is the fetch of a robot (or task) that stands where no instruction is: the
// auto-reboot to bank 1, instruction 1, and the instruction there, or data hunger if there is
// none (ROBOCOM.md 7; RC3.md 6.4: the fetching task alone moves). It returns nil if r died.
func (g *Game) reboot(r *robot) *cinstr {
	r.setBank(1)
	r.pos = 1
	if in := r.instrAt(); in != nil {
		return in
	}
	g.kill(r, ReasonDataHunger)
	return nil
}

// fetch takes the instruction at r's position (auto-reboot, data hunger: ROBOCOM.md
// section 7) and fixes its duration. It reports false if r died.
func (g *Game) fetch(r *robot) bool {
	in := r.instrAt()
	if in == nil {
		if in = g.reboot(r); in == nil {
			return false
		}
	}
	d := g.duration(r, in)
	r.inProgress = true
	r.dur = int32(d)
	r.fetchAt = uint32(g.cycle)
	r.due = uint32(g.cycle) + uint32(d) - 1
	return true
}

// kill removes the acting robot r.
func (g *Game) kill(r *robot, why Reason) {
	g.touch(r.field)
	g.board[r.field] = 0
	r.alive = false
	r.inProgress = false
	if r.mt != nil {
		g.unchainRing(r)
		r.mt.list, r.mt.seized, r.mt.one = r.mt.list[:0], 0, false // the robot is removed with all its tasks
	}
	g.unschedule(r)
	team := int(r.team)
	g.teamCount[team]--
	if g.teamCount[team] == 0 {
		g.diedAt[team] = g.cycle
		g.alivePrograms--
	}
	g.deaths = append(g.deaths, Death{Cycle: g.cycle, Robot: int(r.id), Program: team, Reason: why})
	if g.onEvent != nil {
		g.onEvent(Event{Cycle: g.cycle, Robot: int(r.id), Program: team, Kind: EvDeath, Reason: why, Task: g.curTask})
	}
}

// setActive stores v in target's #Active on behalf of actor and handles the crossing
// between inactive (≤ 0) and active (≥ 1). A target other than the robot acting now (g.actor;
// none between cycles, when the debugger calls it) is settled, woken or frozen.
func (g *Game) setActive(actor, target *robot, v int) {
	if target.regs[regActive] != int16(v) {
		g.touch(target.field)
	}
	if target.id != g.actor && target.regs[regActive] != int16(v) {
		g.settle(target) // (the same value changes nothing: SET %Active,1 on an active robot)
	}
	old := target.regs[regActive]
	target.regs[regActive] = int16(v)
	switch {
	case old <= 0 && v >= 1:
		if g.onEvent != nil {
			g.onEvent(Event{Cycle: g.cycle, Robot: int(actor.id), Program: int(actor.team), Kind: EvActivate, Target: int(target.id), Task: g.curTask})
		}
		if target.id != g.actor {
			g.wake(target)
		}
	case old >= 1 && v <= 0:
		if g.onEvent != nil {
			g.onEvent(Event{Cycle: g.cycle, Robot: int(actor.id), Program: int(actor.team), Kind: EvDeactivate, Target: int(target.id), Task: g.curTask})
		}
		if target.id != g.actor {
			g.freeze(target)
		}
	default:
		// Still active, another value: a prefetched TRANS or CREATE may have read #Active
		// for its duration (TRANS #Active, 1), so the prefetch is redone.
		if old != target.regs[regActive] {
			g.afterTransfer(target)
		}
	}
}

// wake schedules a robot that just became active: in this cycle if its turn is still to
// come (it is younger than the robot acting now), else from the next cycle.
func (g *Game) wake(t *robot) {
	first := uint32(g.cycle)
	if t.id < g.actor { // its turn in this cycle has passed (always so between cycles)
		first++
	}
	if g.plain && !g.lone(t) { // its ring kept its state: turns go on from first
		t.mt.since = first - 1
		g.schedule(t, g.rebase(t))
		return
	}
	if t.inProgress {
		g.schedule(t, first+uint32(t.rem)-1)
	} else {
		g.schedule(t, first)
	}
}

// freeze unschedules a robot that just became inactive; an instruction in progress keeps
// the turns it still needs.
func (g *Game) freeze(t *robot) {
	if g.plain {
		g.freezeTasks(t)
		return
	}
	g.keepTurns(t)
	g.unschedule(t)
}

// keepTurns, for a robot becoming inactive now, undoes a prefetch whose fetching turn has not
// come, or keeps in t.rem the turns its instruction in progress still needs.
func (g *Game) keepTurns(t *robot) {
	if g.fetchPending(t) {
		t.inProgress = false // the prefetch had not happened yet
	} else if t.inProgress {
		rem := int64(t.due) - int64(g.cycle)
		if t.id > g.actor {
			rem++ // its turn in this cycle has not come yet
		}
		t.rem = int32(rem)
	}
}
