// Package redcodeengine runs the Redcode MARS of corewars/redcode behind corewars.Engine, so
// the Core War window and `robocom core` drive Redcode like the other core languages.
//
// It is a separate package, not a file of corewars, so that corewars/redcode stays free to
// import corewars without an import cycle.
//
// What the adapter adds or approximates (the MARS itself is untouched):
//   - placement: at random with corewars.Place, at least MinDistance apart, warrior 0 at
//     address 0, a random first mover — not pMARS's placement sequence (`robocom mars` has that);
//   - Cycle counts completed time slices (every live warrior one instruction), from the turn order;
//   - kills: a warrior whose last process dies credits the last writer of the cell it executed;
//   - Cell.Written is the time slice (Cycle) in which the cell was last written, from the
//     MARS's write stamps (Step stamps its writes with the slice in progress); loading is no write;
//   - Score is pMARS's default formula (W²−1)/S for a survivor of the round, else 0.
package redcodeengine

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"robocom/corewars"
	"robocom/corewars/redcode"
)

// Engine is one Redcode round. It implements corewars.Engine; warriors are its processes
// and a warrior's processes are its threads.
type Engine struct {
	m        *redcode.Machine
	ws       []*redcode.Warrior
	first    int
	slices   int64
	executed []int64
	starts   []int
	handler  func(corewars.Event)
}

var _ corewars.Engine = (*Engine)(nil)

// New loads the warriors for one round, placed at random from seed (which
// also picks the first mover). Of the settings (redcode.Defaults has pMARS's)
// it uses CoreSize, MaxProcesses, Cycles (per warrior, as pMARS -c: the round
// ends after Warriors×Cycles instructions), MinDistance (between two warriors'
// first cells) and PSpaceSize.
func New(cfg redcode.Settings, seed int64, ws []*redcode.Warrior) (*Engine, error) {
	return NewAfter(cfg, seed, ws, redcode.PSpace{})
}

// NewAfter is New for a round of a battle that starts with ps in p-space: what the round
// before left there (its Engine's PSpace once it was over), the zero PSpace for the battle's
// first round. It plays as the round Series.Round plays after those rounds, on a machine of
// its own, so that the same round can be made again (the Core War window rewinds so).
func NewAfter(cfg redcode.Settings, seed int64, ws []*redcode.Warrior, ps redcode.PSpace) (*Engine, error) {
	if err := check(cfg, ws); err != nil {
		return nil, err
	}
	m, err := redcode.NewMachine(cfg, ws)
	if err != nil {
		return nil, err
	}
	if err := m.LoadPSpace(ps); err != nil {
		return nil, err
	}
	starts, first, err := place(cfg, seed, ws)
	if err != nil {
		return nil, err
	}
	return load(m, ws, starts, first), nil
}

// check refuses what New and Bout cannot load.
func check(cfg redcode.Settings, ws []*redcode.Warrior) error {
	if len(ws) == 0 {
		return errors.New("no warriors to load")
	}
	if cfg.CoreSize < 1 || cfg.MaxProcesses < 1 || cfg.Cycles < 1 || cfg.MinDistance < 0 {
		return fmt.Errorf("core size, processes and cycles must be at least 1 (have %d, %d, %d)", cfg.CoreSize, cfg.MaxProcesses, cfg.Cycles)
	}
	return nil
}

// place draws New's placement from seed: the warriors' start addresses (warrior 0 at 0) and
// the first mover.
func place(cfg redcode.Settings, seed int64, ws []*redcode.Warrior) (starts []int, first int, err error) {
	spans := make([]int, len(ws))
	for i, w := range ws {
		spans[i] = max(cfg.MinDistance, len(w.Code), 1)
	}
	rng := corewars.NewRand(seed)
	starts, err = corewars.Place(rng, cfg.CoreSize, spans)
	if err != nil {
		return nil, 0, fmt.Errorf("%d warriors at least %d cells apart do not fit in a core of %d cells", len(ws), cfg.MinDistance, cfg.CoreSize)
	}
	base := starts[0]
	for i := range starts {
		starts[i] = corewars.Wrap(starts[i]-base, cfg.CoreSize)
	}
	return starts, rng.Intn(len(ws)), nil
}

// boutPiece is how many instructions Bout plays between two looks at its stop: a few
// milliseconds' work, so that a stop request ends even an endless round at once.
const boutPiece = 1 << 18

// machines keeps the machines of finished bouts for the next one (Machine.Reuse): a hill or
// a tournament plays one round a bout, and a new machine meant a core and queues to allocate
// and set up for every round.
var machines sync.Pool

// pooledQueues is the most queue memory a machine may hold to be kept for the next bout: a
// battle of millions of processes grows its queues to hundreds of megabytes, which should go
// with it rather than stay with a worker for every bout after.
const pooledQueues = 1 << 20

// Bout plays the round New(cfg, seed, ws) would load to its end with the MARS's batch loop
// (no events, no owners, no per-warrior counts: several times faster than stepping it) and
// returns the winner (the warrior alone alive, or -1) and the completed time slices, which
// are what Cycle gives the stepped round. Tournaments play their bouts so. stop (nil: never)
// is asked between pieces of the round; when it says true, Bout returns stopped, the round
// unfinished.
func Bout(cfg redcode.Settings, seed int64, ws []*redcode.Warrior, stop func() bool) (winner int, slices int64, stopped bool, err error) {
	if err := check(cfg, ws); err != nil {
		return -1, 0, false, err
	}
	m, _ := machines.Get().(*redcode.Machine)
	if m == nil || !m.Reuse(cfg, ws) {
		var err error
		if m, err = redcode.NewMachineApart(cfg, ws); err != nil { // (tournaments play bouts on every core)
			return -1, 0, false, err
		}
	}
	defer func() {
		if m.QueueBytes() <= pooledQueues {
			machines.Put(m)
		}
	}()
	m.TrackOwners(false)
	return playRound(m, cfg, seed, ws, stop)
}

// playRound plays on m (made for cfg and ws) the round New(cfg, seed, ws) would load, as
// Bout says. m keeps its p-space and each warrior's result for the next round.
func playRound(m *redcode.Machine, cfg redcode.Settings, seed int64, ws []*redcode.Warrior, stop func() bool) (winner int, slices int64, stopped bool, err error) {
	starts, first, err := place(cfg, seed, ws)
	if err != nil {
		return -1, 0, false, err
	}
	m.LoadRound(starts, first)
	for !m.RoundOver() {
		if stop != nil && stop() {
			return -1, 0, true, nil
		}
		m.RunSteps(boutPiece)
	}
	if err := m.Err(); err != nil {
		return -1, 0, false, err
	}
	winner = -1
	for i := range ws {
		if m.Alive(i) {
			if winner >= 0 {
				return -1, m.Slices(), false, nil
			}
			winner = i
		}
	}
	return winner, m.Slices(), false, nil
}

// Series plays the rounds of one battle in order on one machine, as pMARS plays a battle of
// several rounds: what the warriors leave in p-space (STP), and each one's result of the
// round before (p-space cell 0), carry over to the next round. Bout starts every round
// afresh, which is right only for warriors without LDP or STP (redcode.UsesPSpace); a KOTH
// hill's p-space warriors adapt to their opponent from round to round.
type Series struct {
	cfg redcode.Settings
	ws  []*redcode.Warrior
	m   *redcode.Machine
}

// NewSeries is the battle of the warriors before its first round.
func NewSeries(cfg redcode.Settings, ws []*redcode.Warrior) (*Series, error) {
	if err := check(cfg, ws); err != nil {
		return nil, err
	}
	m, err := redcode.NewMachineApart(cfg, ws) // (a tournament's p-space pairings play beside other bouts)
	if err != nil {
		return nil, err
	}
	m.TrackOwners(false)
	return &Series{cfg: cfg, ws: ws, m: m}, nil
}

// Round plays the battle's next round, placed from seed, as Bout plays a round. A round
// stopped unfinished leaves the series unusable: what it left in p-space is not a round's.
func (s *Series) Round(seed int64, stop func() bool) (winner int, slices int64, stopped bool, err error) {
	if s.m == nil {
		return -1, 0, false, errors.New("a stopped series cannot go on")
	}
	winner, slices, stopped, err = playRound(s.m, s.cfg, seed, s.ws, stop)
	if stopped || err != nil {
		s.m = nil
	}
	return winner, slices, stopped, err
}

// NewPlaced loads the warriors at the given addresses (warrior 0 at 0) with warrior first
// moving first: a round exactly as pMARS placed it, so the window can replay a `robocom mars`
// round and tests can compare the two.
func NewPlaced(cfg redcode.Settings, ws []*redcode.Warrior, starts []int, first int) (*Engine, error) {
	if len(starts) != len(ws) || first < 0 || first >= len(ws) {
		return nil, fmt.Errorf("%d warriors need %d start addresses and a first mover among them", len(ws), len(ws))
	}
	m, err := redcode.NewMachine(cfg, ws)
	if err != nil {
		return nil, err
	}
	placed := make([]int, len(starts))
	for i, a := range starts {
		placed[i] = corewars.Wrap(a-starts[0], cfg.CoreSize)
	}
	return load(m, ws, placed, first), nil
}

func load(m *redcode.Machine, ws []*redcode.Warrior, starts []int, first int) *Engine {
	e := &Engine{m: m, ws: ws, first: first, executed: make([]int64, len(ws)), starts: starts}
	m.LoadRound(starts, first)
	return e
}

// PSpace is what the warriors keep in p-space for the next round (a copy): once the round is
// over, what the battle's next round starts with (NewAfter).
func (e *Engine) PSpace() redcode.PSpace { return e.m.SavePSpace() }

// Executed is the number of instructions the MARS has executed this round, as pMARS counts
// them (a process that dies on its instruction counts too).
func (e *Engine) Executed() int64 { return e.m.Executed() }

// Size is the number of cells.
func (e *Engine) Size() int { return e.m.CoreSize() }

// Start is where warrior p was loaded.
func (e *Engine) Start(p int) int { return e.starts[p] }

// Cell describes the cell at addr: `MOV.I $0, $1`, fields shown signed.
func (e *Engine) Cell(addr int) corewars.Cell {
	size := e.m.CoreSize()
	in, owner := e.m.Cell(corewars.Wrap(addr, size))
	signed := func(v int) int {
		if v > size/2 {
			return v - size
		}
		return v
	}
	text := fmt.Sprintf("%s.%s %s%d, %s%d", in.Op, in.Mod, in.AMode, signed(in.A), in.BMode, signed(in.B))
	return corewars.Cell{Text: text, Owner: owner, Written: e.Written(addr)}
}

// Owner is the warrior that last wrote the cell at addr, or -1: what Cell(addr).Owner says,
// without formatting the instruction (the Core War window copies every owner ~30 times a second).
func (e *Engine) Owner(addr int) int { return e.m.Owner(corewars.Wrap(addr, e.m.CoreSize())) }

// Written is the time slice in which the cell at addr was last written, -1 if never: what
// Cell(addr).Written says, without formatting the instruction.
func (e *Engine) Written(addr int) int64 {
	return int64(e.m.Written(corewars.Wrap(addr, e.m.CoreSize())))
}

// WriteTimes is true: the MARS stamps every write with the time slice (see Step).
func (e *Engine) WriteTimes() bool { return true }

// Cycle is the number of completed time slices.
func (e *Engine) Cycle() int64 { return e.slices }

// Over reports whether the round has ended.
func (e *Engine) Over() bool { return e.m.RoundOver() }

// Err is why the round stopped before its end (redcode.Machine.Err), nil if it did not.
func (e *Engine) Err() error { return e.m.Err() }

// Processes is the number of warriors.
func (e *Engine) Processes() int { return len(e.ws) }

// SetEventHandler installs h, called from Step.
func (e *Engine) SetEventHandler(h func(corewars.Event)) { e.handler = h }

// Threads appends warrior p's process addresses, next to run first.
func (e *Engine) Threads(p int, dst []int, max int) []int { return e.m.AppendProcesses(p, dst, max) }

// Next is the warrior whose turn it is, -1 once the round is over.
func (e *Engine) Next() int {
	if e.m.RoundOver() {
		return -1
	}
	return e.m.Current()
}

// Process returns warrior p's statistics (Cells counts the core: O(size)).
func (e *Engine) Process(p int) corewars.ProcessStat {
	cells := 0
	for a := 0; a < e.m.CoreSize(); a++ {
		if _, o := e.m.Cell(a); o == p {
			cells++
		}
	}
	st := corewars.ProcessStat{Name: e.ws[p].Name, Program: p, Alive: e.m.Alive(p), Threads: e.m.ProcessCount(p),
		Cells: cells, Kills: e.m.Kills(p), Executed: e.executed[p]}
	if e.m.RoundOver() && st.Alive {
		st.Score = int64(e.m.Score(p, "(W*W-1)/S"))
	}
	return st
}

func (e *Engine) rank(w int) int { return (w - e.first + len(e.ws)) % len(e.ws) }

func (e *Engine) emit(ev corewars.Event) {
	if e.handler != nil {
		ev.Cycle = e.slices
		e.handler(ev)
	}
}

// Step executes one instruction of the warrior whose turn it is.
func (e *Engine) Step() bool {
	if e.m.RoundOver() {
		return false
	}
	w := e.m.Current()
	e.m.SetStamp(int32(min(e.slices, math.MaxInt32)))
	ev := e.m.Step()
	if !ev.ProcessDied {
		e.executed[w]++ // completed: the instruction did not end its process
	}
	e.emit(corewars.Event{Kind: corewars.EventExec, Process: w, Addr: ev.PC, Killer: -1})
	if ev.ProcessDied {
		e.emit(corewars.Event{Kind: corewars.EventThreadDied, Process: w, Addr: ev.PC, Cause: "process died", Killer: -1})
	}
	if ev.WarriorDied {
		e.emit(corewars.Event{Kind: corewars.EventProcessDied, Process: w, Addr: ev.PC, Cause: "last process died", Killer: e.m.Killer(w)})
	}
	if ev.RoundOver {
		// The slice is complete if no live warrior was still to move in it.
		complete := true
		for j := range e.ws {
			if j != w && e.m.Alive(j) && e.rank(j) > e.rank(w) {
				complete = false
			}
		}
		if complete {
			e.slices++
		}
		e.emit(corewars.Event{Kind: corewars.EventGameOver, Process: -1, Killer: -1})
		return true
	}
	if e.rank(e.m.Current()) <= e.rank(w) {
		e.slices++
	}
	return true
}

// Run plays up to n time slices and returns how many were completed.
func (e *Engine) Run(n int) int {
	start := e.slices
	for !e.m.RoundOver() && e.slices < start+int64(n) {
		e.Step()
	}
	return int(e.slices - start)
}

// Play plays about n time slices, as Run does, but with the MARS's tracked loop instead of
// step by step: the same round, cells' owners, kills, instruction counts and time slices,
// several times faster (play.RunGame plays headless rounds with it). It sends no events, so
// with a handler it plays step by step; its writes are stamped with the slice it starts at
// (what Written and watch breakpoints read), and it may end a few slices past n, inside a
// slice. With more than 64 warriors (beyond Machine.Slices) it plays step by step too.
func (e *Engine) Play(n int) int {
	if e.handler != nil || len(e.ws) > 64 || n <= 0 {
		return e.Run(n)
	}
	start := e.slices
	living := int64(0)
	for w := range e.ws {
		if e.m.Alive(w) {
			living++
		}
	}
	e.m.SetStamp(int32(min(e.slices, math.MaxInt32)))
	steps := int64(n) * living
	if steps/living != int64(n) {
		steps = math.MaxInt64 // (n near the largest int: the whole round)
	}
	e.m.RunSteps(steps)
	e.slices = e.m.Slices()
	for w := range e.ws {
		// Step counts an instruction unless it ended its process: the machine counts both.
		e.executed[w] = e.m.Turns(w) - e.m.ProcessDeaths(w)
	}
	return int(e.slices - start)
}

// RunUntil plays up to n time slices, stopping at b (corewars.Engine.RunUntil). A write is
// told from the MARS's write stamps (Step stamps with the time slice) and owners.
func (e *Engine) RunUntil(n int, b *corewars.Breakpoints, resume bool) (int, corewars.Stop) {
	if b == nil {
		return e.Run(n), corewars.Stop{}
	}
	start := e.slices
	into := 0
	for !e.m.RoundOver() && e.slices < start+int64(n) {
		p, c := e.m.Current(), e.slices
		pc := e.m.PC(p)
		if !resume && b.Before(p, pc) {
			return int(c - start), corewars.Stop{Kind: corewars.StopBreak, Process: p, Addr: pc, Into: into, Cycle: c}
		}
		resume = false
		e.Step()
		if into++; e.slices != c {
			into = 0
		}
		stamp := int(min(c, math.MaxInt32)) // what Step stamped its writes with
		for _, a := range b.Watched() {
			if e.m.Written(a) == stamp && e.m.Owner(a) == p {
				return int(e.slices - start), corewars.Stop{Kind: corewars.StopWatch, Process: p, Addr: a, Into: into, Cycle: c}
			}
		}
		if p == b.Turn {
			return int(e.slices - start), corewars.Stop{Kind: corewars.StopTurn, Process: p, Addr: pc, Into: into, Cycle: c}
		}
	}
	return int(e.slices - start), corewars.Stop{Into: into}
}
