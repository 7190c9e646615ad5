// Package corewars holds what the arena's Core War engines share: the Engine interface the
// Core War window and `robocom core` drive, circular addressing, the round-robin scheduling
// of processes and of their threads, random placement with a minimum distance, and the
// seeded random generator every engine uses.
//
// The engines themselves live in sub-packages: corewars/cw (Hofmann's Corewars language),
// corewars/vna (VNA Code) and corewars/redcode (Redcode, the pMARS drop-in).
package corewars

// Engine is one game in a shared core, seen from outside: the window draws it, the CLI runs
// it to the end. Processes are numbered from 0 in load order (program by program, copy by
// copy); addresses are 0..Size()-1.
type Engine interface {
	// Size is the number of cells in the core.
	Size() int
	// Cell describes the cell at addr (taken modulo Size).
	Cell(addr int) Cell

	// Step executes one instruction: the next thread of the process whose turn it is. It
	// reports false, doing nothing, once the game is over.
	Step() bool
	// Run plays up to n time slices (every live process one instruction), stopping early at
	// the end of the game; it returns the number of slices completed.
	Run(n int) int
	// RunUntil plays as Run(n), but stops at b (Breakpoints): before an instruction at a
	// breakpoint of the process about to run it (so the next Step runs it), after every
	// instruction that wrote a watched cell, after b.Turn's instruction. With resume the
	// first instruction is not checked against the breakpoints: it is the one a stop was
	// before. It returns the slices completed and why it stopped; b nil is Run.
	RunUntil(n int, b *Breakpoints, resume bool) (int, Stop)
	// Cycle is the number of completed time slices.
	Cycle() int64
	// Over reports whether the game has ended.
	Over() bool

	// Processes is the number of processes (alive or dead).
	Processes() int
	// Process returns the statistics of process p.
	Process(p int) ProcessStat
	// Threads appends the addresses of process p's threads, in the order they run starting
	// with the one whose turn is next, to dst and returns it: at most max of them (max < 0:
	// all). A view asks for the few it shows: a process may have hundreds of millions.
	Threads(p int, dst []int, max int) []int
	// Next is the process whose turn it is: the next Step runs its first thread (Threads'
	// first address). -1 once none is alive.
	Next() int

	// SetEventHandler installs h (nil removes it). It is called synchronously from Step.
	SetEventHandler(h func(Event))
}

// Failing is an Engine whose game can stop short of its end: the Redcode MARS, when its
// process queues would outgrow the memory a machine may use. Over is then true and Err says
// why; Err is nil for a game that did not stop short.
type Failing interface {
	Err() error
}

// StopErr is why g's game stopped short of its end (Failing), nil if it did not or cannot.
func StopErr(g Engine) error {
	if f, ok := g.(Failing); ok {
		return f.Err()
	}
	return nil
}

// Cell is one core cell as the window shows it.
type Cell struct {
	Text    string // the content, in the engine's own notation
	Owner   int    // the process that last wrote the cell, -1 if none has
	Written int64  // the time slice of the last write, -1 if never written
}

// ProcessStat is one line of the statistics view.
type ProcessStat struct {
	Name     string // the program's name (its title, else its file name)
	Program  int    // index of the program this process is a copy of
	Copy     int    // which copy of the program, from 0
	Alive    bool   //
	Threads  int    // running threads; 0 once dead
	Cells    int    // cells the process owns now
	Kills    int    // other processes it crashed
	Executed int64  // instructions it completed (one that ends its thread does not count)
	Score    int64  // per the engine's scoring rules; 0 for an engine without scoring
}

// EventKind says what happened.
type EventKind uint8

const (
	EventExec        EventKind = iota + 1 // a thread executed the instruction at Addr
	EventThreadDied                       // a thread died at Addr (Cause says why)
	EventProcessDied                      // a process lost its last thread; Killer is set
	EventGameOver                         // the game ended (Process is -1)
)

// Event is reported to the handler of SetEventHandler.
type Event struct {
	Kind    EventKind //
	Cycle   int64     // the time slice it happened in
	Process int       // the process concerned
	Addr    int       // the address executed or where the thread died
	Cause   string    // for EventThreadDied: the engine's reason, a short phrase
	Killer  int       // for EventProcessDied: the process credited with the kill, -1 if none
}

// Wrap returns a modulo size in 0..size-1 for any a (size > 0).
func Wrap(a, size int) int {
	a %= size
	if a < 0 {
		a += size
	}
	return a
}

// Isqrt is the integer part of the square root of n ≥ 0.
func Isqrt(n int) int {
	if n < 2 {
		return n
	}
	x := n
	y := (x + 1) / 2
	for y < x {
		x = y
		y = (x + n/x) / 2
	}
	return x
}
