package redcode

import (
	"fmt"
	"runtime"
	"unsafe"
)

// Machine is the MARS engine for one run: the core, the warriors' process
// queues and p-spaces. A round is loaded with LoadRound and then driven with
// Step (one instruction, with events, for a display) or RunRound (fast).
type Machine struct {
	size uint32
	core []cell
	// slots holds the warriors' process queues, each in a region of its own (queue);
	// room is how many steps are sure to find room for their pushes (makeRoom).
	slots []uint32
	room  int64
	// owner and written are the last writer of each cell and the stamp of its last write
	// (-1: none since the round started); nil until something records or asks for them, so
	// that batch battles neither clear nor touch their memory (40 KB a machine at 8000
	// cells: ten pages the kernel would map at their first touch).
	owner    []int8
	written  []int32
	stamp    int32 // what Step records as the time of its writes (SetStamp)
	maxProc  int
	cycles   int64
	progs    []*Warrior
	own      []pspace // warrior i's p-space, unless it shares another's by PIN (assignPSpaces)
	ws       []simWarrior
	next     []int // next living warrior in turn order
	budget   int64
	alive    int
	cur      int
	over     bool
	err      error // why the round stopped short of its end (queueMemory), nil if it did not
	executed int64 // instructions executed this round
	generic  bool  // tests: no specialised paths (to check them against the general one)
	// untracked: RunRound skips the last-writer bookkeeping (batch battles;
	// Step always keeps it).
	untracked bool
	// ownersClear: no write was recorded since owner and written were
	// cleared (RunRound without owners records none).
	ownersClear bool
	stopAt      int64 // the budget value that ends the round: 0, or below 0 after pMARS's negative-budget quirk
	first       int   // the warrior that moved first this round
	// deaths this round in order: the warrior and the instruction count at its death (its
	// dying instruction included); enough to count time slices after a fast run (Slices).
	deaths []death
	// Score counters per warrior (PMARS-DETAILS.md 6.1): index a-1 = survived
	// with a alive, index W+a-2 = died while a were alive.
	Scores [][]int
}

// maxMachineBytes bounds the memory of one machine.
const maxMachineBytes = 2 << 30

// NewMachine prepares an engine for the warriors (p-spaces shared by PIN as
// pMARS does). Of the settings it uses CoreSize, MaxProcesses, Cycles (per
// warrior: the round budget is W*Cycles) and PSpaceSize (0: the default).
func NewMachine(cfg Settings, progs []*Warrior) (*Machine, error) {
	return newMachine(cfg, progs, false)
}

// NewMachineApart is NewMachine for a machine that plays beside others in the same process,
// on other threads at once (the rounds of a battle, a tournament's workers): its core and
// its process queues lie in a stretch of address space of their own, apartSpan bytes on a
// boundary of apartSpan. On this project's VMs, in some host states, a thread ran its rounds
// 1.3 to 1.7 times slower beside a thread of the same process whose core lay in the same
// 2 MB (and not at all slower beside another process, or once the cores lay apart;
// RATIONALE.md, "Redcode speed"). It costs address space, not memory: only the pages
// touched are backed.
func NewMachineApart(cfg Settings, progs []*Warrior) (*Machine, error) {
	return newMachine(cfg, progs, true)
}

// apartSpan is the address space one last-level page table maps on x86-64 and arm64.
const apartSpan = 2 << 20

// apartFromHeap is apart where the system cannot map memory for it (apart_other.go): n
// zeroed bytes from the Go heap at the start of a span of apartSpan, as many whole spans as
// n needs plus one to find a boundary in, so that no other object lies in them.
func apartFromHeap(n int) []byte {
	buf := make([]byte, roundUp(n, apartSpan)+apartSpan)
	off := spanOffset(buf)
	return buf[off : off+n : off+n]
}

// spanOffset is how far into b the first boundary of apartSpan lies.
func spanOffset(b []byte) int {
	return (apartSpan - int(uintptr(unsafe.Pointer(unsafe.SliceData(b)))%apartSpan)) % apartSpan
}

// machineMemory is how much of a machine lies in the memory apart gives it: the core and the
// first process-queue regions, each on a cache line of its own.
func machineMemory(cfg Settings, warriors int) int {
	return roundUp(cfg.CoreSize*int(unsafe.Sizeof(cell{})), 64) + roundUp(warriors*firstRegion*4, 64)
}

func roundUp(n, to int) int { return (n + to - 1) / to * to }

// newMachine is NewMachine, or with apartMem NewMachineApart: the core and the queues then lie
// in memory from apart, given back when the machine is collected.
func newMachine(cfg Settings, progs []*Warrior, apartMem bool) (*Machine, error) {
	if cfg.CoreSize < 1 || cfg.MaxProcesses < 1 || cfg.Cycles < 1 || len(progs) == 0 || len(progs) > 127 {
		return nil, fmt.Errorf("redcode: bad machine settings")
	}
	if cfg.PSpaceSize < 1 {
		cfg.PSpaceSize = DefaultPSpaceSize(cfg.CoreSize)
	}
	n := len(progs)
	// pMARS stops with status 254 when memory runs out; refuse up front
	// instead of letting the runtime die (cellBytes a cell, 4 a p-space cell).
	if need := int64(cfg.CoreSize)*cellBytes + int64(n)*int64(cfg.PSpaceSize)*4; need > maxMachineBytes {
		return nil, fmt.Errorf("not enough memory: a core of %d cells with %d p-space cells per warrior needs %d MB",
			cfg.CoreSize, cfg.PSpaceSize, need>>20)
	}
	m := &Machine{size: uint32(cfg.CoreSize),
		maxProc: cfg.MaxProcesses, cycles: cfg.Cycles, progs: progs, ws: make([]simWarrior, n), next: make([]int, n),
		Scores: make([][]int, n), deaths: make([]death, 0, n)}
	if apartMem {
		mem, free := apart(machineMemory(cfg, n))
		if free != nil {
			runtime.AddCleanup(m, func(free func()) { free() }, free)
		}
		coreBytes := roundUp(cfg.CoreSize*int(unsafe.Sizeof(cell{})), 64)
		m.core = unsafe.Slice((*cell)(unsafe.Pointer(unsafe.SliceData(mem))), cfg.CoreSize)
		m.slots = unsafe.Slice((*uint32)(unsafe.Pointer(&mem[coreBytes])), n*firstRegion)
	} else {
		m.core = make([]cell, cfg.CoreSize)
		m.slots = make([]uint32, n*firstRegion)
	}
	for x := range m.core {
		m.core[x].next = uint32(x+1) << cellShift // no division a cell: NewMachine runs once per battle
	}
	m.core[len(m.core)-1].next = 0
	for i := range m.ws {
		m.ws[i].id = int8(i)
		m.ws[i].q = queue{base: i * firstRegion, end: (i + 1) * firstRegion, max: cfg.MaxProcesses}
		m.ws[i].lastResult = uint32(cfg.CoreSize - 1)
		m.Scores[i] = make([]int, 2*n-1)
	}
	// P-space allocation (PMARS-DETAILS.md 7).
	m.own = make([]pspace, n)
	for i := range m.own {
		m.own[i].cells = make([]uint32, cfg.PSpaceSize)
	}
	m.assignPSpaces()
	return m, nil
}

// assignPSpaces gives every warrior its own p-space, cleared, except that warriors with the
// same PIN share the first one's (PMARS-DETAILS.md 7).
func (m *Machine) assignPSpaces() {
	for i := range m.ws {
		m.ws[i].ps = nil
	}
	for i, p := range m.progs {
		if m.ws[i].ps != nil {
			continue
		}
		ps := &m.own[i]
		clear(ps.cells)
		m.ws[i].ps = ps
		if !p.HasPIN {
			continue
		}
		for j := i + 1; j < len(m.progs); j++ {
			if m.ws[j].ps == nil && m.progs[j].PIN == p.PIN {
				m.ws[j].ps = ps
			}
		}
	}
}

// QueueBytes is the memory m's process queues hold: they grow with the processes of a
// battle and keep their size for the battles after it.
func (m *Machine) QueueBytes() int64 { return int64(cap(m.slots)) * 4 }

// Reuse makes m, made by NewMachine, what NewMachine(cfg, progs) would make, without
// allocating: for a hill or tournament that plays many one-round battles. It reports false,
// leaving m as it was, when m was made for another number of warriors or other settings.
func (m *Machine) Reuse(cfg Settings, progs []*Warrior) bool {
	if cfg.PSpaceSize < 1 {
		cfg.PSpaceSize = DefaultPSpaceSize(cfg.CoreSize)
	}
	if len(progs) != len(m.ws) || cfg.CoreSize != int(m.size) || cfg.MaxProcesses != m.maxProc ||
		cfg.Cycles != m.cycles || cfg.PSpaceSize != len(m.own[0].cells) || m.owner != nil {
		return false
	}
	m.progs = progs
	for i := range m.ws {
		m.ws[i].lastResult = uint32(cfg.CoreSize - 1)
		clear(m.Scores[i])
	}
	m.assignPSpaces()
	return true
}

// PSpaceCount is the number of distinct p-spaces.
func (m *Machine) PSpaceCount() int {
	seen := map[*pspace]bool{}
	for _, w := range m.ws {
		seen[w.ps] = true
	}
	return len(seen)
}

// LoadRound clears the core, loads warrior i at positions[i] (warrior 0 at 0)
// with one process at its start and makes warrior first move first.
func (m *Machine) LoadRound(positions []int, first int) {
	blank := toCell(Instruction{Op: DAT, Mod: ModF, AMode: Direct, BMode: Direct}, len(m.core))
	if m.generic {
		blank.kind = cellKind(blank.op(), blank.modes(), fastNone)
	}
	// Every field but next, which NewMachine set.
	core, kind := m.core, blank.kind
	for i := range core {
		core[i].a, core[i].b, core[i].kind = 0, 0, kind
	}
	if !m.untracked {
		m.makeOwners()
	}
	if !m.untracked || !m.ownersClear {
		for i := range m.owner {
			m.owner[i] = -1
			m.written[i] = -1
		}
	}
	m.ownersClear = m.untracked
	S := int(m.size)
	for i, p := range m.progs {
		pos := positions[i]
		for k, in := range p.Code {
			a := (pos + k) % S
			m.core[a] = toCell(in, S)
			m.core[a].next = uint32((a+1)%S) << cellShift
			if m.generic {
				c := &m.core[a]
				c.kind = cellKind(c.op(), c.modes(), fastNone)
			}
			if !m.untracked {
				m.owner[a] = int8(i)
			}
		}
		w := &m.ws[i]
		w.pos = pos
		w.q.head, w.q.tail = w.q.base, w.q.base
		m.push(&w.q, uint32(((pos+p.Start)%S+S)%S)<<cellShift)
		w.alive = true
		w.processDeaths = 0
	}
	n := len(m.progs)
	for i := range m.next {
		m.next[i] = (i + 1) % n
		m.ws[i].next = &m.ws[m.next[i]]
	}
	m.budget = int64(n) * m.cycles
	if m.budget/int64(n) != m.cycles {
		m.budget = 1<<63 - 1 // -c near 2^63: W*c overflows; the round is endless either way
	}
	m.stopAt = 0
	m.room = 0 // (the queues were reset)
	m.alive = n
	m.cur = first
	m.first = first
	m.deaths = m.deaths[:0]
	m.over = false
	m.err = nil
	m.executed = 0
}

// Err is why the loaded round stopped before its end, nil if it did not: its process
// queues would have needed more memory than a machine may use (queueMemory). Such a
// round has no result.
func (m *Machine) Err() error { return m.err }

// StepEvent tells what one Step did.
type StepEvent struct {
	Warrior     int  // who executed
	PC          int  // the address executed
	ProcessDied bool // the executed process was not re-queued
	WarriorDied bool // ...and it was the warrior's last
	RoundOver   bool
}

// Step executes one instruction of the current warrior.
func (m *Machine) Step() StepEvent {
	if m.over {
		return StepEvent{Warrior: -1, RoundOver: true}
	}
	w := &m.ws[m.cur]
	ev := StepEvent{Warrior: m.cur, PC: m.qAt(&w.q, 0)}
	before := w.q.Len()
	m.step()
	ev.ProcessDied = w.q.Len() < before
	ev.WarriorDied = !w.alive
	ev.RoundOver = m.over
	return ev
}

// makeOwners makes owner and written (every cell -1) if they are not there yet. An untracked
// machine that never made them has recorded no writer since its round started, so -1 is what
// they would hold.
func (m *Machine) makeOwners() {
	if m.owner == nil { // (the test inline, the work out of line)
		m.newOwners()
	}
}

//go:noinline (so that makeOwners stays small enough to inline)
func (m *Machine) newOwners() {
	m.owner, m.written = make([]int8, len(m.core)), make([]int32, len(m.core))
	for i := range m.owner {
		m.owner[i], m.written[i] = -1, -1
	}
}

// RunRound runs the loaded round to its end.
func (m *Machine) RunRound() {
	for !m.over {
		if m.untracked {
			m.runUntracked(1 << 62)
		} else {
			m.run(1 << 62)
		}
	}
}

// RunSteps runs up to n more instructions of the loaded round with RunRound's loop, so that a
// caller can look at something else (a stop request) between pieces of a long round.
func (m *Machine) RunSteps(n int64) {
	if m.over || n <= 0 {
		return
	}
	if m.untracked {
		m.runUntracked(n)
	} else {
		m.run(n)
	}
}

// death is a warrior's death in the round: who, the instruction count with its dying
// instruction, and (tracked) who wrote the cell of that instruction last.
type death struct {
	at     int64
	w      int
	killer int // the owner of the cell of its dying instruction after it, -1 if none or untracked
}

// Slices is the number of time slices the round has completed so far: a slice is one
// instruction of every living warrior in turn order from the first mover, and it is complete
// once the last of them in that order has moved (a warrior dying on its instruction has
// moved). Step by step this is counted as the turn passes back (redcodeengine's Cycle); here
// it follows from the instruction count and the deaths, so RunRound and RunSteps keep it
// without a look at every step: while the living warriors stay the same they move in strict
// rotation, and a slice ends at each move of the last of them.
func (m *Machine) Slices() int64 {
	slices, _ := m.rotation(-1)
	return slices
}

// Turns is how many instructions warrior w has executed this round (its dying one
// included), -1 with more than 64 warriors: like Slices, it follows from the instruction count
// and the deaths.
func (m *Machine) Turns(w int) int64 {
	_, turns := m.rotation(w)
	return turns
}

// rotation walks the round's moves as Slices and Turns describe them: the living warriors in
// strict rotation from the first mover between two deaths. It returns the slices completed
// and warrior w's moves (0 for w −1), both −1 with more than 64 warriors.
func (m *Machine) rotation(w int) (slices, turns int64) {
	n := len(m.ws)
	if n > 64 {
		return -1, -1
	}
	living := uint64(1)<<uint(n) - 1 // bit r: the warrior of rank r lives (rank: place in turn order from first)
	rank := func(v int) int { return (v - m.first + n) % n }
	rw := -1
	if w >= 0 {
		rw = rank(w)
	}
	// pos is the place of the warrior to move next among the living (counted from 0), k how many live.
	pos, k := 0, n
	var done int64
	rotate := func(steps int64) {
		if rw >= 0 && living>>uint(rw)&1 != 0 {
			// The moves are at places pos, pos+1, ... (mod k): w's come every k from its own.
			if first := int64((bitsBelow(living, rw) - pos + k) % k); steps > first {
				turns += (steps-first-1)/int64(k) + 1
			}
		}
		slices += (steps + int64(pos)) / int64(k)
		pos = int((steps + int64(pos)) % int64(k))
	}
	for _, d := range m.deaths {
		rotate(d.at - 1 - done) // the moves before the dying one
		if d.w == w {
			turns++ // its dying move
		}
		r := rank(d.w)
		living &^= 1 << uint(r)
		k--
		if living>>uint(r) == 0 {
			slices++ // nobody after it in this slice: it completes
			pos = 0
		} else {
			pos = bitsBelow(living, r) // the next living warrior keeps this slice going
		}
		done = d.at
		if k == 0 {
			return slices, turns
		}
	}
	rotate(m.executed - done)
	return slices, turns
}

// bitsBelow counts the set bits of x below bit r.
func bitsBelow(x uint64, r int) int {
	c := 0
	for i := 0; i < r; i++ {
		c += int(x >> uint(i) & 1)
	}
	return c
}

// TrackOwners chooses whether RunRound records each cell's last writer (on by
// default; Battle turns it off because pMARS output never shows it).
func (m *Machine) TrackOwners(on bool) { m.untracked = !on }

func (m *Machine) step() {
	m.ownersClear = false // Step records owners even when RunRound does not
	if !m.over {
		m.run(1)
	}
}

// ProcessDeaths is how many of warrior w's instructions this round ended their process (its
// last one included); counted by Step and the tracked loop only.
func (m *Machine) ProcessDeaths(w int) int64 { return m.ws[w].processDeaths }

// Killer is the warrior that killed w this round: the one that wrote last the cell of the
// instruction that ended w's last process (as it was after it). -1 if w lives, nobody wrote
// that cell, w wrote it itself, or the round was played untracked.
func (m *Machine) Killer(w int) int {
	for _, d := range m.deaths {
		if d.w == w && d.killer != w {
			return d.killer
		}
	}
	return -1
}

// Kills is how many warriors k killed this round (Killer).
func (m *Machine) Kills(k int) int {
	n := 0
	for _, d := range m.deaths {
		if d.killer == k && d.w != k {
			n++
		}
	}
	return n
}

// warriorDied does the bookkeeping of PMARS-DETAILS.md 5.2 when warrior cur
// lost its last process.
func (m *Machine) warriorDied(cur int) {
	w := &m.ws[cur]
	w.alive = false
	m.deaths = append(m.deaths, death{at: m.executed, w: cur, killer: -1})
	n := len(m.ws)
	m.Scores[cur][n+m.alive-2]++
	m.budget = m.budget - 1 - (m.budget-1)/int64(m.alive)
	m.alive--
	if m.budget-1 < m.stopAt && m.alive >= 2 {
		// pMARS's budget skipped past zero and would run until one more
		// warrior dies, possibly forever; this MARS stops after another
		// W*cycles instructions (RATIONALE.md).
		m.stopAt = m.budget - 1 - int64(len(m.ws))*m.cycles
	}
	for i := range m.next {
		if m.next[i] == cur {
			m.next[i] = m.next[cur]
			m.ws[i].next = &m.ws[m.next[i]]
		}
	}
	if m.alive < 2 {
		m.endRound()
	}
}

func (m *Machine) endRound() {
	m.over = true
	for i := range m.ws {
		w := &m.ws[i]
		if w.alive {
			m.Scores[i][m.alive-1]++
			w.lastResult = uint32(m.alive)
		} else {
			w.lastResult = 0
		}
	}
}

// RoundOver reports whether the loaded round has ended.
func (m *Machine) RoundOver() bool { return m.over }

// Executed is the number of instructions executed in the current round.
func (m *Machine) Executed() int64 { return m.executed }

// Alive reports whether warrior i still has processes.
func (m *Machine) Alive(i int) bool { return m.ws[i].alive }

// Current is the warrior that moves next.
func (m *Machine) Current() int { return m.cur }

// CoreSize is the number of cells.
func (m *Machine) CoreSize() int { return int(m.size) }

// SetStamp sets what the next steps record as the time of the cells they write (the Core
// War window's adapter gives its time slice). RunRound without owners records none.
func (m *Machine) SetStamp(t int32) { m.stamp = t }

// Written is the stamp of the last write of the cell at address a, -1 if none was written
// since the round started (loading is not a write).
func (m *Machine) Written(a int) int {
	if m.written == nil {
		return -1
	}
	return int(m.written[a])
}

// Cell returns the instruction at address a and the warrior that wrote it last (-1: none).
func (m *Machine) Cell(a int) (Instruction, int) {
	return m.core[a].instruction(), m.Owner(a)
}

// Owner is the warrior that wrote the cell at address a last, -1 if none has.
func (m *Machine) Owner(a int) int {
	if m.owner == nil {
		return -1
	}
	return int(m.owner[a])
}

// Processes returns warrior i's process queue, next to run first.
func (m *Machine) Processes(i int) []int { return m.AppendProcesses(i, nil, -1) }

// AppendProcesses appends the addresses of warrior i's first max processes in run order
// (max < 0: all) to dst and returns it.
func (m *Machine) AppendProcesses(i int, dst []int, max int) []int {
	q := &m.ws[i].q
	n := q.Len()
	if max >= 0 && max < n {
		n = max
	}
	for k := 0; k < n; k++ {
		dst = append(dst, m.qAt(q, k))
	}
	return dst
}

// PC is the address of warrior i's process that runs next (it must have one).
func (m *Machine) PC(i int) int { return m.qAt(&m.ws[i].q, 0) }

// ProcessCount is the number of processes of warrior i.
func (m *Machine) ProcessCount(i int) int { return m.ws[i].q.Len() }
