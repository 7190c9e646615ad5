package corewars

// Breakpoints are where Engine.RunUntil stops: before a process executes an instruction at
// one of its breakpoint addresses, after an instruction that wrote a watched cell, and after
// the instruction of the process Turn names (a debugger's "Step" for one process). Make one
// with NewBreakpoints for a core and its processes; the checks cost an index or two per
// instruction, so a game runs at nearly full speed with breakpoints set.
type Breakpoints struct {
	size  int
	at    [][]bool // per process: nil, or per address whether executing it stops
	watch []int    // watched cells
	// Turn is the process whose next instruction ends the run (once it ran), -1 for none.
	// Its own breakpoint does not stop it before that instruction: it is the one asked for.
	Turn int
}

// NewBreakpoints returns empty breakpoints for a core of size cells and processes processes.
func NewBreakpoints(size, processes int) *Breakpoints {
	return &Breakpoints{size: max(size, 1), at: make([][]bool, max(processes, 0)), Turn: -1}
}

// Size is the core size the breakpoints were made for.
func (b *Breakpoints) Size() int { return b.size }

// Processes is the number of processes they were made for.
func (b *Breakpoints) Processes() int { return len(b.at) }

// Break stops the run before process p executes the instruction at addr (modulo the core
// size); a process not in the game is ignored.
func (b *Breakpoints) Break(p, addr int) {
	if p < 0 || p >= len(b.at) {
		return
	}
	if b.at[p] == nil {
		b.at[p] = make([]bool, b.size)
	}
	b.at[p][Wrap(addr, b.size)] = true
}

// Watch stops the run after every instruction that writes the cell at addr (modulo the
// core size), whoever runs it.
func (b *Breakpoints) Watch(addr int) { b.watch = append(b.watch, Wrap(addr, b.size)) }

// Before reports whether process p stops before executing the instruction at pc.
func (b *Breakpoints) Before(p, pc int) bool {
	if p == b.Turn || p < 0 || p >= len(b.at) {
		return false
	}
	at := b.at[p]
	return at != nil && at[pc]
}

// Watched are the watched cells. An engine tells that process p's instruction of time slice
// c wrote one from the cell's record of its last write: writer p, slice c. Every engine gives
// each live process one instruction per time slice, so no earlier instruction has that
// record: every write is told, even two of one cell in one slice.
func (b *Breakpoints) Watched() []int { return b.watch }

// StopKind says why RunUntil returned.
type StopKind uint8

const (
	StopNone  StopKind = iota // the slices asked for were played, or the game ended
	StopBreak                 // before Process's instruction at Addr, a breakpoint (not run)
	StopWatch                 // after Process's instruction wrote the watched cell Addr (Turn's too)
	StopTurn                  // after the instruction of Breakpoints.Turn (Process) at Addr
)

// Stop is where and why RunUntil returned.
type Stop struct {
	Kind    StopKind
	Process int   // the process about to run (StopBreak) or that ran (StopWatch, StopTurn)
	Addr    int   // the breakpoint's address, the cell written, or the address Turn executed
	Into    int   // instructions run in this call since the last time slice it completed (all if none)
	Cycle   int64 // the time slice of the instruction (StopWatch, StopTurn) or of the one to come
}

// Stepper is an engine that plays one instruction a Step, keeps its turns in a RoundRobin
// and its writes in Owners (the .cw and VNA machines), so RunStepping can stop it.
type Stepper interface {
	Over() bool
	Step() bool
}

// RunStepping is RunUntil for a Stepper: it plays g instruction by instruction, up to n time
// slices of rr, checking b around each one. nextPC tells where process p executes next.
func RunStepping(g Stepper, rr *RoundRobin, owners *Owners, nextPC func(p int) int, n int, b *Breakpoints, resume bool) (int, Stop) {
	start := rr.Cycle()
	end := start + int64(n)
	into := 0
	for !g.Over() && rr.Cycle() < end {
		p, c := rr.Current(), rr.Cycle()
		pc := nextPC(p)
		if !resume && b.Before(p, pc) {
			return int(c - start), Stop{Kind: StopBreak, Process: p, Addr: pc, Into: into, Cycle: c}
		}
		resume = false
		g.Step()
		if into++; rr.Cycle() != c {
			into = 0
		}
		for _, a := range b.Watched() {
			if owners.Written(a) == c && owners.Owner(a) == p {
				return int(rr.Cycle() - start), Stop{Kind: StopWatch, Process: p, Addr: a, Into: into, Cycle: c}
			}
		}
		if p == b.Turn {
			return int(rr.Cycle() - start), Stop{Kind: StopTurn, Process: p, Addr: pc, Into: into, Cycle: c}
		}
	}
	return int(rr.Cycle() - start), Stop{Into: into}
}
