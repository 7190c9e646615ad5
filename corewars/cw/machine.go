package cw

import (
	"errors"
	"fmt"
	"math"

	"robocom/corewars"
)

// Config holds the game parameters. Start from DefaultConfig.
type Config struct {
	Size          int   // cells in the core (default 10000)
	MaxCycles     int64 // time slices before the game ends (default 100000, at most MaxCycles)
	MaxThreads    int   // threads a process may have; one more crashes it (default 64, at most corewars.MaxThreads)
	MinDist       int   // minimum distance between two processes; 0: SIZE/(2·processes), at least the longest program
	AllowSelfMove bool  // the "allow self move" option (default on)
	AlivePoints   int64 // per instruction completed (default 1)
	CellPoints    int64 // per cell owned at the end (default 1)
	KillPoints    int64 // per other process crashed (default 100)
	Seed          int64 // fixes placement and the random values of info 2 and 3
	Starts        []int // if set, the first cell of each process instead of random places (tests, replays)
}

// DefaultConfig is the configuration of CORE-LANGUAGES.md section 1.
func DefaultConfig() Config {
	return Config{
		Size: 10000, MaxCycles: 100000, MaxThreads: 64, AllowSelfMove: true,
		AlivePoints: 1, CellPoints: 1, KillPoints: 100,
	}
}

// MaxSize bounds the core (32 bytes a cell); every offset fits a cell's 32-bit integer.
const MaxSize = 1 << 20

// MaxCycles bounds the cycle limit: info 5 writes the elapsed time slices into a 32-bit
// cell, which holds them exactly only up to this many.
const MaxCycles = math.MaxInt32

// MaxProcesses bounds programs × copies, and so the memory set aside for threads.
const MaxProcesses = 1000

// Cause is why a thread died.
type Cause uint8

const (
	alive           Cause = iota
	CauseData             // executed a data cell
	CauseDivZero          // div or mod by zero
	CauseNotInt           // arithmetic, comparison or indirection on a cell that holds an instruction
	CauseBadInfo          // info with an index that does not exist
	CauseSelfMove         // a forbidden self move ("allow self move" off)
	CauseThreads          // its process exceeded the thread limit (the whole process crashes)
	CauseBadOperand       // an immediate where a cell is needed (never produced by Assemble)
)

var causeText = [...]string{
	alive: "", CauseData: "executed a data cell", CauseDivZero: "division by zero",
	CauseNotInt: "an instruction where an integer was needed", CauseBadInfo: "info index does not exist",
	CauseSelfMove: "forbidden self move", CauseThreads: "too many threads",
	CauseBadOperand: "an immediate where a cell was needed",
}

func (c Cause) String() string {
	if int(c) < len(causeText) {
		return causeText[c]
	}
	return "unknown"
}

// Cell is one core cell: its content and the identity of the instruction (copies share it,
// so `equal` can tell copies from look-alikes). Owners and write times are kept beside the
// cells, in a corewars.Owners.
type Cell struct {
	Instr
	ID int32 // for instructions: which assembled cell this is a copy of (from 1); 0 for data
}

type process struct {
	program, copy int
	threads       corewars.Threads
	kills         int
	executed      int64
	start         int // address of the copy's first cell
}

// Machine is one game. It implements corewars.Engine.
type Machine struct {
	cfg     Config
	cells   []Cell
	owners  *corewars.Owners
	procs   []process
	names   []string
	rr      *corewars.RoundRobin
	rng     *corewars.Rand
	over    bool
	handler func(corewars.Event)
	solo    bool // a single process: the game runs until it dies or time runs out
}

var _ corewars.Engine = (*Machine)(nil)

// New loads copies[i] processes of progs[i] (program by program, copy by copy) at random
// places at least MinDist apart and returns the game ready to run.
func New(cfg Config, progs []*Program, copies []int) (*Machine, error) {
	if len(progs) != len(copies) {
		return nil, errors.New("cw: need one copy count per program")
	}
	if cfg.Size < 1 || cfg.Size > MaxSize {
		return nil, fmt.Errorf("core size %d is out of range (1..%d)", cfg.Size, MaxSize)
	}
	if cfg.MaxThreads < 1 || cfg.MaxThreads > corewars.MaxThreads {
		return nil, fmt.Errorf("thread limit %d is out of range (1..%d)", cfg.MaxThreads, corewars.MaxThreads)
	}
	if cfg.MaxCycles < 0 || cfg.MaxCycles > MaxCycles {
		return nil, fmt.Errorf("cycle limit %d is out of range (0..%d)", cfg.MaxCycles, MaxCycles)
	}
	n, longest := 0, 0
	for i, p := range progs {
		if copies[i] < 1 {
			return nil, fmt.Errorf("%s: copies %d must be at least 1", p.Name, copies[i])
		}
		if copies[i] > MaxProcesses-n { // checked before adding: the sum must not overflow
			return nil, fmt.Errorf("more than %d processes; a game takes at most %d (programs × copies)", MaxProcesses, MaxProcesses)
		}
		n += copies[i]
		longest = max(longest, len(p.Code))
	}
	if n == 0 {
		return nil, errors.New("no programs to load")
	}
	if n > MaxProcesses {
		return nil, fmt.Errorf("%d processes; a game takes at most %d (programs × copies)", n, MaxProcesses)
	}
	minDist := cfg.MinDist
	if minDist == 0 {
		minDist = max(cfg.Size/(2*n), longest)
	}
	if minDist < longest {
		return nil, fmt.Errorf("minimum distance %d is shorter than the longest program (%d cells)", minDist, longest)
	}
	m := &Machine{cfg: cfg, cells: make([]Cell, cfg.Size), rng: corewars.NewRand(cfg.Seed), solo: n == 1}
	m.owners = corewars.NewOwners(cfg.Size, n)
	spans := make([]int, n)
	for i := range spans {
		spans[i] = minDist
	}
	var starts []int
	if cfg.Starts != nil {
		if len(cfg.Starts) != n {
			return nil, fmt.Errorf("%d fixed start addresses for %d processes", len(cfg.Starts), n)
		}
		starts = cfg.Starts
	} else {
		var err error
		starts, err = corewars.Place(m.rng, cfg.Size, spans)
		if err != nil {
			return nil, fmt.Errorf("%d processes at least %d cells apart do not fit in a core of %d cells; use a bigger core or fewer copies", n, minDist, cfg.Size)
		}
	}
	m.procs = make([]process, 0, n)
	var firstID int32 = 1
	for pi, p := range progs {
		for c := 0; c < copies[pi]; c++ {
			proc := process{program: pi, copy: c, start: corewars.Wrap(starts[len(m.procs)], cfg.Size)}
			proc.threads.Reset(min(cfg.MaxThreads, 1024))
			self := len(m.procs)
			for k, in := range p.Code {
				cell := &m.cells[corewars.Wrap(proc.start+k, cfg.Size)]
				cell.Instr = in
				cell.ID = 0
				if in.Op != Data {
					cell.ID = firstID + int32(k)
				}
				m.owners.Claim(corewars.Wrap(proc.start+k, cfg.Size), self) // the loader writes on the process's behalf
			}
			proc.threads.Add(corewars.Wrap(proc.start+p.Start, cfg.Size))
			m.procs = append(m.procs, proc)
		}
		m.names = append(m.names, p.Name)
		firstID += int32(len(p.Code))
	}
	m.rr = corewars.NewRoundRobin(n)
	if cfg.MaxCycles == 0 {
		m.over = true
	}
	return m, nil
}

// Size is the number of cells.
func (m *Machine) Size() int { return len(m.cells) }

// At returns the raw cell at addr (modulo Size).
func (m *Machine) At(addr int) Cell { return m.cells[corewars.Wrap(addr, len(m.cells))] }

// Cell describes the cell at addr for the window.
func (m *Machine) Cell(addr int) corewars.Cell {
	a := corewars.Wrap(addr, len(m.cells))
	return corewars.Cell{Text: m.cells[a].Instr.String(), Owner: m.owners.Owner(a), Written: m.owners.Written(a)}
}

// Owner is the process that last wrote the cell at addr (modulo Size), -1 if none.
func (m *Machine) Owner(addr int) int {
	return m.owners.Owner(corewars.Wrap(addr, len(m.cells)))
}

// Written is the time slice of the last write of the cell at addr (modulo Size), -1 if never.
func (m *Machine) Written(addr int) int64 {
	return m.owners.Written(corewars.Wrap(addr, len(m.cells)))
}

// Start is the address of process p's first cell.
func (m *Machine) Start(p int) int { return m.procs[p].start }

// Cycle is the number of completed time slices.
func (m *Machine) Cycle() int64 { return m.rr.Cycle() }

// Over reports whether the game has ended.
func (m *Machine) Over() bool { return m.over }

// Processes is the number of processes.
func (m *Machine) Processes() int { return len(m.procs) }

// SetEventHandler installs h, called from Step.
func (m *Machine) SetEventHandler(h func(corewars.Event)) { m.handler = h }

// Threads appends process p's thread addresses in run order to dst.
func (m *Machine) Threads(p int, dst []int, max int) []int {
	return m.procs[p].threads.InRunOrder(dst, max)
}

// Next is the process whose turn it is, -1 when none is alive.
func (m *Machine) Next() int { return m.rr.Current() }

// Process returns the statistics of process p; the score counts the cells owned now.
func (m *Machine) Process(p int) corewars.ProcessStat {
	pr := &m.procs[p]
	return corewars.ProcessStat{
		Name: m.names[pr.program], Program: pr.program, Copy: pr.copy,
		Alive: m.rr.Alive(p), Threads: pr.threads.Len(), Cells: m.owners.Count(p), Kills: pr.kills,
		Executed: pr.executed,
		Score:    m.cfg.AlivePoints*pr.executed + m.cfg.CellPoints*int64(m.owners.Count(p)) + m.cfg.KillPoints*int64(pr.kills),
	}
}

// Run plays up to n time slices and returns how many were completed.
func (m *Machine) Run(n int) int {
	start := m.rr.Cycle()
	end := start + int64(n)
	for !m.over && m.rr.Cycle() < end {
		m.Step()
	}
	return int(m.rr.Cycle() - start)
}

// RunUntil plays up to n time slices, stopping at b (corewars.Engine.RunUntil).
func (m *Machine) RunUntil(n int, b *corewars.Breakpoints, resume bool) (int, corewars.Stop) {
	if b == nil {
		return m.Run(n), corewars.Stop{}
	}
	return corewars.RunStepping(m, m.rr, m.owners, func(p int) int { return m.procs[p].threads.NextPC() }, n, b, resume)
}

// RunToEnd plays until the game is over.
func (m *Machine) RunToEnd() {
	for m.Step() {
	}
}

func (m *Machine) emit(e corewars.Event) {
	if m.handler != nil {
		e.Cycle = m.rr.Cycle()
		m.handler(e)
	}
}

// Step executes the next instruction of the process whose turn it is.
func (m *Machine) Step() bool {
	if m.over {
		return false
	}
	p := m.rr.Current()
	pr := &m.procs[p]
	ti := pr.threads.Begin()
	pc := pr.threads.PC(ti)
	if m.handler != nil {
		m.emit(corewars.Event{Kind: corewars.EventExec, Process: p, Addr: pc, Killer: -1})
	}
	next, cause := m.exec(p, pr, pc)
	switch cause {
	case alive:
		pr.executed++
		pr.threads.SetPC(ti, next)
	case CauseThreads:
		// The whole process crashes.
		for pr.threads.Len() > 0 {
			at := pr.threads.PC(0)
			if pr.threads.Len() == 1 {
				at = pc
			}
			pr.threads.Remove(0)
			m.emit(corewars.Event{Kind: corewars.EventThreadDied, Process: p, Addr: at, Cause: cause.String(), Killer: -1})
		}
	default:
		pr.threads.Remove(ti)
		m.emit(corewars.Event{Kind: corewars.EventThreadDied, Process: p, Addr: pc, Cause: cause.String(), Killer: -1})
	}
	if pr.threads.Len() == 0 {
		// Credit the kill to whoever last wrote the cell whose execution crashed it.
		killer := m.owners.Owner(pc)
		if killer == p {
			killer = -1
		}
		if killer >= 0 {
			m.procs[killer].kills++
		}
		m.rr.Kill(p)
		m.emit(corewars.Event{Kind: corewars.EventProcessDied, Process: p, Addr: pc, Cause: cause.String(), Killer: killer})
	}
	m.rr.Advance()
	if m.rr.Live() == 0 || (!m.solo && m.rr.Live() <= 1) || m.rr.Cycle() >= m.cfg.MaxCycles {
		m.over = true
		m.emit(corewars.Event{Kind: corewars.EventGameOver, Process: -1, Killer: -1})
	}
	return true
}

func (m *Machine) wrap(a int) int {
	n := len(m.cells)
	a %= n
	if a < 0 {
		a += n
	}
	return a
}

// target is the address an operand names: Dir the cell at the offset, Ind the cell the
// integer there points to, counted from the pointer's own cell.
func (m *Machine) target(pc int, mode Mode, off int32) (int, Cause) {
	a := m.wrap(pc + int(off))
	switch mode {
	case Dir:
		return a, alive
	case Ind:
		ptr := &m.cells[a]
		if ptr.Op != Data {
			return 0, CauseNotInt
		}
		return m.wrap(a + int(ptr.A)), alive
	}
	return 0, CauseBadOperand
}

// value reads an operand as a cell content (an integer cell for an immediate).
func (m *Machine) value(pc int, mode Mode, v int32) (Cell, Cause) {
	if mode == Imm {
		return Cell{Instr: Instr{Op: Data, A: v}}, alive
	}
	a, c := m.target(pc, mode, v)
	if c != alive {
		return Cell{}, c
	}
	return m.cells[a], alive
}

// integer reads an operand that must hold an integer.
func (m *Machine) integer(pc int, mode Mode, v int32) (int32, Cause) {
	c, cause := m.value(pc, mode, v)
	if cause != alive {
		return 0, cause
	}
	if c.Op != Data {
		return 0, CauseNotInt
	}
	return c.A, alive
}

// write stores content (with its instruction identity) at addr for process p.
func (m *Machine) write(p int, addr int, in Instr, id int32) {
	m.owners.Set(addr, p, m.rr.Cycle())
	c := &m.cells[addr]
	c.Instr = in
	c.ID = id
	if in.Op == Data {
		c.ID = 0
	}
}

func (m *Machine) writeInt(p, addr int, v int32) { m.write(p, addr, Instr{Op: Data, A: v}, 0) }

// exec runs the instruction at pc for process p and returns where the thread goes next.
func (m *Machine) exec(p int, pr *process, pc int) (int, Cause) {
	in := m.cells[pc].Instr
	next := m.wrap(pc + 1)
	skip := m.wrap(pc + 2)
	switch in.Op {
	case Data:
		return 0, CauseData

	case Move:
		src, c := m.value(pc, in.AM, in.A)
		if c != alive {
			return 0, c
		}
		dst, c := m.target(pc, in.BM, in.B)
		if c != alive {
			return 0, c
		}
		if !m.cfg.AllowSelfMove && in.AM == Dir && in.BM == Dir &&
			src.Op == Move && src.AM == Dir && src.BM == Dir {
			return 0, CauseSelfMove
		}
		m.write(p, dst, src.Instr, src.ID)
		return next, alive

	case Add, Mul, Div, Mod, And:
		a, c := m.integer(pc, in.AM, in.A)
		if c != alive {
			return 0, c
		}
		dst, c := m.target(pc, in.BM, in.B)
		if c != alive {
			return 0, c
		}
		d := &m.cells[dst]
		if d.Op != Data {
			return 0, CauseNotInt
		}
		b := d.A
		switch in.Op {
		case Add:
			b += a
		case Mul:
			b *= a
		case Div:
			if a == 0 {
				return 0, CauseDivZero
			}
			b /= a // truncates toward zero, as C does; MinInt32 / -1 wraps to MinInt32
		case Mod:
			if a == 0 {
				return 0, CauseDivZero
			}
			b %= a // the sign of the dividend, as C does
		case And:
			b &= a
		}
		m.writeInt(p, dst, b)
		return next, alive

	case Neg, Not:
		a, c := m.integer(pc, in.AM, in.A)
		if c != alive {
			return 0, c
		}
		dst, c := m.target(pc, in.BM, in.B)
		if c != alive {
			return 0, c
		}
		if in.Op == Neg {
			a = -a
		} else {
			a = ^a
		}
		m.writeInt(p, dst, a)
		return next, alive

	case Equal:
		a, c := m.value(pc, in.AM, in.A)
		if c != alive {
			return 0, c
		}
		b, c := m.value(pc, in.BM, in.B)
		if c != alive {
			return 0, c
		}
		var eq bool
		switch {
		case a.Op == Data && b.Op == Data:
			eq = a.A == b.A
		case a.Op != Data && b.Op != Data:
			eq = a.ID == b.ID
		}
		if eq {
			return next, alive
		}
		return skip, alive

	case Less:
		a, c := m.integer(pc, in.AM, in.A)
		if c != alive {
			return 0, c
		}
		b, c := m.integer(pc, in.BM, in.B)
		if c != alive {
			return 0, c
		}
		if a < b {
			return next, alive
		}
		return skip, alive

	case Jump:
		return m.target(pc, in.AM, in.A)

	case Fork:
		to, c := m.target(pc, in.AM, in.A)
		if c != alive {
			return 0, c
		}
		if pr.threads.Len() >= m.cfg.MaxThreads {
			return 0, CauseThreads
		}
		pr.threads.Add(to)
		return next, alive

	case Info:
		i, c := m.integer(pc, in.AM, in.A)
		if c == CauseNotInt {
			return 0, CauseBadInfo
		}
		if c != alive {
			return 0, c
		}
		dst, c := m.target(pc, in.BM, in.B)
		if c != alive {
			return 0, c
		}
		var v int32
		switch i {
		case 0:
			v = int32(len(m.cells))
		case 1:
			v = int32(corewars.Isqrt(len(m.cells)))
		case 2:
			v = int32(m.rng.Intn(len(m.cells)))
		case 3:
			v = int32(m.rng.Intn(corewars.Isqrt(len(m.cells))))
		case 4:
			v = int32(pr.threads.Len())
		case 5:
			v = int32(m.rr.Cycle())
		case 6:
			v = int32(m.cfg.MaxThreads)
		default:
			return 0, CauseBadInfo
		}
		m.writeInt(p, dst, v)
		return next, alive

	case System:
		return next, alive

	case Own:
		a, c := m.target(pc, in.AM, in.A)
		if c != alive {
			return 0, c
		}
		if m.owners.Owner(a) == p {
			return next, alive
		}
		return skip, alive

	case Loop:
		ctr, c := m.target(pc, in.AM, in.A)
		if c != alive {
			return 0, c
		}
		to, c := m.target(pc, in.BM, in.B)
		if c != alive {
			return 0, c
		}
		if m.cells[ctr].Op != Data {
			return 0, CauseNotInt
		}
		v := m.cells[ctr].A - 1
		m.writeInt(p, ctr, v)
		if v != 0 {
			return to, alive
		}
		return next, alive

	case Movei:
		// move [a], [b]; add 1, a; add 1, b — in one step, in that order.
		src, c := m.target(pc, Ind, in.A)
		if c != alive {
			return 0, c
		}
		dst, c := m.target(pc, Ind, in.B)
		if c != alive {
			return 0, c
		}
		s := m.cells[src]
		m.write(p, dst, s.Instr, s.ID)
		for _, off := range [2]int32{in.A, in.B} {
			ptr := m.wrap(pc + int(off))
			if m.cells[ptr].Op != Data {
				return 0, CauseNotInt
			}
			m.writeInt(p, ptr, m.cells[ptr].A+1)
		}
		return next, alive
	}
	return 0, CauseBadOperand
}
