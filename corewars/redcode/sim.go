package redcode

import (
	"fmt"
	"runtime/debug"
	"unsafe"
)

// The simulator. A cell is 16 bytes (its instruction in one word, see cell),
// every operand is evaluated in-register exactly as pMARS does (PMARS-DETAILS.md
// 14.1), and the hot loop allocates nothing: process queues are regions of
// one array that only grows, never per instruction.

// cell is one core location. Its fields a and b and its next address hold
// a number times cellUnit, the size of a cell, and so do the queued
// addresses: a sum of an address and a field is then the byte offset of its
// cell from core[0], which the batch loop reaches with no shift (see
// sliceBase). Everything outside the loops sees plain numbers (instruction,
// Machine.qAt, toCell); arithmetic mod S works alike on the scaled numbers
// with S scaled (the loops' S is the core size times cellUnit).
type cell struct {
	a, b uint32
	// kind is the instruction: the specialised case that executes it
	// (fastKind) in bits 0-15, op (opcode*8 + modifier) in bits 16-23 and
	// modes (A mode*8 + B mode) in bits 24-31. One word, so that MOV.I copies
	// an instruction with one load and one store (three and three as three
	// fields), and the dispatch reads its case with the low bits.
	kind uint32
	// next is the address after this cell's, (x+1) mod S: a property of the
	// address, not of the contents, set by LoadRound and never copied (the
	// loops copy cells field by field), so the fetch need not compute it.
	// It also makes a cell 16 bytes, a power of two: cell x is at x<<4, and
	// each field is one load or store at base + offset + x<<4. At 12 bytes
	// the compiler could fold only the 4-byte fields into such an address
	// and made two LEAs for each other access (MOV.I's copy, the fetch of
	// fast): 7.8% more machine instructions in the batch loop (BenchPairs,
	// cachegrind).
	next uint32
}

// cellShift is log2 of a cell's size, cellUnit the size: a field or queued
// address holding n holds n<<cellShift.
const (
	cellShift = 4
	cellUnit  = 1 << cellShift
)

// A cell is cellUnit bytes (both differences must be non-negative), and the
// scaled numbers of the largest core fit a uint32 twice over, so that the sum
// of an address and a field cannot overflow before it is wrapped.
var (
	_ [unsafe.Sizeof(cell{}) - cellUnit]struct{}
	_ [cellUnit - unsafe.Sizeof(cell{})]struct{}
	_ = uint32(2 * (maxMachineBytes / cellBytes) << cellShift)
)

// cellBytes is the memory of a core cell: the cell, its owner and write stamp.
const cellBytes = int64(unsafe.Sizeof(cell{})) + 1 + 4

const (
	kMOV = uint8(MOV) << 3
	kADD = uint8(ADD) << 3
	kSUB = uint8(SUB) << 3
	kMUL = uint8(MUL) << 3
	kDIV = uint8(DIV) << 3
	kMOD = uint8(MOD) << 3
	kJMZ = uint8(JMZ) << 3
	kJMN = uint8(JMN) << 3
	kDJN = uint8(DJN) << 3
	kCMP = uint8(CMP) << 3
	kSLT = uint8(SLT) << 3
	kSPL = uint8(SPL) << 3
	kDAT = uint8(DAT) << 3
	kJMP = uint8(JMP) << 3
	kSEQ = uint8(SEQ) << 3
	kSNE = uint8(SNE) << 3
	kNOP = uint8(NOP) << 3
	kLDP = uint8(LDP) << 3
	kSTP = uint8(STP) << 3
)

const (
	mA  = uint8(ModA)
	mB  = uint8(ModB)
	mAB = uint8(ModAB)
	mBA = uint8(ModBA)
	mF  = uint8(ModF)
	mX  = uint8(ModX)
	mI  = uint8(ModI)
)

// toCell is the cell of an instruction in a core of S cells: its fields
// reduced mod S (the assembler's already are, for its core size; the loops
// rely on every field being below S) and scaled.
func toCell(in Instruction, S int) cell {
	op, modes := uint8(in.Op)<<3|uint8(in.Mod), uint8(in.AMode)<<3|uint8(in.BMode)
	return cell{a: uint32((in.A%S+S)%S) << cellShift, b: uint32((in.B%S+S)%S) << cellShift,
		kind: cellKind(op, modes, fastKind(op, modes))}
}

// kindShift is where op starts in a kind word: the bits above it are the
// instruction, the bits below its case.
const kindShift = 16

// cellKind is a cell's kind word.
func cellKind(op, modes uint8, fast uint16) uint32 {
	return uint32(fast) | uint32(op)<<kindShift | uint32(modes)<<(kindShift+8)
}

func (c *cell) op() uint8    { return uint8(c.kind >> kindShift) }
func (c *cell) modes() uint8 { return uint8(c.kind >> (kindShift + 8)) }

func (c cell) instruction() Instruction {
	op, modes := c.op(), c.modes()
	return Instruction{Op: Opcode(op >> 3), Mod: Modifier(op & 7), AMode: Mode(modes >> 3), BMode: Mode(modes & 7), A: int(c.a >> cellShift), B: int(c.b >> cellShift)}
}

// queue is a warrior's FIFO of process addresses: the live ones are
// Machine.slots[head:tail], oldest first, inside the warrior's region
// [base, end) of slots. The loops push at tail and pop at head without a
// wrap: before each chunk of steps, makeRoom leaves every living warrior
// room for two pushes a step (moving its live addresses to the start of its
// region, or making the regions larger), so the loops never run out of room
// and the step needs neither a mask nor a check.
type queue struct {
	head, tail int // indices into Machine.slots
	base, end  int // the warrior's region
	max        int // the process limit (-p), here for the simulator's SPL
	stop       int // the head at which the warrior's steps are done (setStops)
}

// setStops prepares the batch loop (runUntrackedSteps) to execute left (≥ 1)
// steps from warrior cw's turn: the living warriors take turns strictly, so
// each has a known number of the steps, and the steps are done when the
// warrior whose turn it is has its queue head at the head after its steps
// (queue.stop). The loop compares the head it loads for the pop anyway; a
// count of the steps left cost a load, a decrement and a store a step (the
// compiler kept it on the stack): 4.2% of a battle's machine instructions. The
// tracked loop (the window's, one step a call) keeps the count, which costs
// it less than setting the stops at every step (+7%).
func setStops(cw *simWarrior, left int64) {
	k := int64(1)
	for w := cw.next; w != cw; w = w.next {
		k++
	}
	per, extra := left/k, left%k
	w := cw
	for j := int64(0); j < k; j++ {
		t := per
		if j < extra {
			t++
		}
		w.q.stop = w.q.head + int(t)
		w = w.next
	}
}

// stepsLeft is how many of the steps setStops gave remain, the living warriors
// counted from cw.
func stepsLeft(cw *simWarrior) int64 {
	n := int64(cw.q.stop - cw.q.head)
	for w := cw.next; w != cw; w = w.next {
		n += int64(w.q.stop - w.q.head)
	}
	return n
}

// Len is the number of processes.
func (q *queue) Len() int { return q.tail - q.head }

// firstRegion is the slots a warrior's region starts with; a region grows when
// its live processes leave less than half of it free, or, from largeRegion
// slots on, less than a quarter (see moreRoom). minChunk is the fewest steps a
// chunk is cut to for room (below, makeRoom moves the live addresses to the
// start of the region).
const (
	firstRegion = 4096
	largeRegion = 1 << 20
	minChunk    = 512
)

// makeRoom returns how many of n steps (n ≥ 1) the next chunk may take so
// that no warrior's pushes, two a step at most, pass the end of its region;
// the loops take m.room off by the steps they made. It returns 0, and ends
// the round with m.err set, when the regions would need more than
// queueMemory bytes.
func (m *Machine) makeRoom(n int64) int64 {
	if n <= m.room { // (the window steps one instruction at a time)
		return n
	}
	return m.moreRoom(n)
}

// moreRoom is makeRoom when the room counted is not enough: it looks at each
// warrior's room, moving its live addresses to the start of its region, or
// enlarging the regions, when it has less room than minChunk steps need.
//
// How full a region may get before it grows trades copies for memory: a
// region of R slots holding L live addresses is compacted every (R − L)/2
// steps at most, a copy of L. Up to largeRegion a region grows at half full
// (at most one address copied a step); larger ones at three quarters full
// (three a step), because there the pages touched cost more than the copies:
// two spl 0 / jmp -1 warriors at -p 50000000 touched 647 MB growing at half
// full and 490 MB at three quarters (RATIONALE.md, "Queues without a wrap").
func (m *Machine) moreRoom(n int64) int64 {
	m.room = 1 << 62
	for i := range m.ws {
		q := &m.ws[i].q
		room := int64(q.end - q.tail)
		if room < 2*n {
			if room < 2*minChunk {
				m.compact(q)
				room = int64(q.end - q.tail)
			}
			if room < 2*minChunk || q.Len() > fullAt(q.end-q.base) {
				if !m.growRegions(2*(q.Len()+minChunk), i) { // (the others' room only grows)
					return 0
				}
				room = int64(q.end - q.tail)
			}
		}
		m.room = min(m.room, room/2)
	}
	return min(n, m.room)
}

// fullAt is how many live addresses a region of size slots holds before it
// grows (see moreRoom).
func fullAt(size int) int {
	if size < largeRegion {
		return size / 2
	}
	return size / 4 * 3
}

// compact moves q's live addresses to the start of its region.
func (m *Machine) compact(q *queue) {
	n := copy(m.slots[q.base:], m.slots[q.head:q.tail])
	q.head, q.tail = q.base, q.base+n
}

// growRegions makes every warrior's region at least size slots (doubling), in
// a new slot array, each warrior's live addresses at the start of its region.
//
// A large array is where a battle of millions of processes spends its time:
// in page faults (~10 µs each on a virtual machine) more than in steps. So it
// asks for huge pages (adviseHugePages: a fault per 2 MB instead of per 4 kB),
// and once the old array is large, hands it back to the system at once: the
// garbage collector would keep every generation (each is smaller than the
// next, so its pages are never reused), and the process would hold the sum.
//
// Past queueMemory bytes it leaves everything as it is, ends the round and
// sets m.err, naming warrior w, whose processes asked for the room, and
// returns false.
func (m *Machine) growRegions(size, w int) bool {
	r := m.ws[0].q.end - m.ws[0].q.base
	for r < size {
		r *= 2
	}
	if need := int64(r) * int64(len(m.ws)) * 4; need > queueMemory {
		m.err = &QueueMemoryError{Warrior: w + 1, Processes: m.ws[w].q.Len(), NeedMB: need >> 20, LimitMB: queueMemory >> 20}
		m.over = true
		return false
	}
	slots := make([]uint32, r*len(m.ws))
	if r >= largeRegion {
		adviseHugePages(slots)
	}
	for i := range m.ws {
		q := &m.ws[i].q
		n := copy(slots[i*r:], m.slots[q.head:q.tail])
		q.base, q.end = i*r, (i+1)*r
		q.head, q.tail = q.base, q.base+n
	}
	old := len(m.slots)
	m.slots = slots
	if old >= releasedSlots {
		debug.FreeOSMemory() // (a forced collection: a few times a battle at most, each after millions of steps)
	}
	return true
}

// QueueMemoryError is why a round stopped short (Machine.Err): its warriors' process queues
// would outgrow the memory a machine may take. Error advises pMARS's -p, which every command
// takes; a front end with another name for the limit words it with Advise.
type QueueMemoryError struct {
	Warrior         int // 1-based: the warrior whose processes asked for the room
	Processes       int // its processes then
	NeedMB, LimitMB int64
}

func (e *QueueMemoryError) Error() string { return e.Advise("-p, the processes per warrior") }

// Advise is the error with limit, the front end's name for the processes per warrior, as the
// thing to lower. The advice comes before the figures, since a window may show only the start.
func (e *QueueMemoryError) Advise(limit string) string {
	return fmt.Sprintf("not enough memory: warrior %d has %d processes; lower %s (their queues would need %d MB, at most %d MB)",
		e.Warrior, e.Processes, limit, e.NeedMB, e.LimitMB)
}

// queueMemory bounds the slot array: the memory one machine may use, past which a
// round stops (Machine.Err) where pMARS would run out of memory. A variable so that a
// test can reach it with a small battle.
var queueMemory = int64(maxMachineBytes)

// releasedSlots is the size of a slot array (64 MB) from which growRegions
// returns it to the system when it replaces it.
const releasedSlots = 1 << 24

// push queues a new process at pc (scaled) outside the loops; the caller
// checks the limit and has room (makeRoom, or a round just loaded).
func (m *Machine) push(q *queue, pc uint32) {
	m.slots[q.tail] = pc
	q.tail++
}

// qAt returns the i-th process address of q (0 = the next to run).
func (m *Machine) qAt(q *queue, i int) int { return int(m.slots[q.head+i] >> cellShift) }

// The batch loop (runUntrackedSteps) reaches the cell at scaled address x
// as (*cell)(unsafe.Add(core, x)), core from sliceBase, and queue slot i at
// sliceBase(m.slots) + 4i, without Go's bounds checks: they were 14% of its machine
// instructions. Every index it uses is in range by construction:
//   - an address (scaled, a byte offset) is a sum pc + field (or t + field)
//     brought below S by one subtraction, which is enough because pc and
//     every field are below S:
//     LoadRound reduces the loaded fields mod S (toCell), and every write of a
//     field or a queued address is a wrapped sum, a cell's next address, a
//     copy of a field, or a p-space value (which only ever holds fields, or a
//     result taken mod S);
//   - a queue's head and tail stay within its region of slots: a warrior
//     with no process left stops its loop at once (so a pop has head < tail),
//     and makeRoom gives each chunk room for two pushes a step, which is all
//     a step pushes (TestQueueRoom).
// The tracked loop (run, behind Step) is written from the same template with
// Go's bounds checks, and FuzzSimulate plays random warriors through both and
// checks the fields.

// cellAt is the cell at scaled address x, bounds-checked: the general path's
// and the tracked loop's way to a cell.
func cellAt(core []cell, x uint32) *cell { return &core[x>>cellShift] }

// sliceBase is the address of s[0], to which the batch loop adds an offset
// it knows to be in range: a scaled address to reach a cell of the core, a
// queue index times 4 to reach a slot of Machine.slots.
func sliceBase[T any](s []T) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(s)) }

// pspace is one p-space; index 0 is unused (each warrior has its own last result).
type pspace struct {
	cells []uint32
}

type simWarrior struct {
	warriorState
	// Two cache lines: the machines of a parallel battle write their warriors'
	// queue heads and tails at every step, and when a warrior of one machine
	// shared a line with a warrior of the other (72-byte warriors, 144-byte
	// arrays), two cores ran a battle slower than one.
	_ [2*64 - unsafe.Sizeof(warriorState{})]byte
}

type warriorState struct {
	q          queue
	id         int8
	alive      bool
	lastResult uint32
	ps         *pspace
	pos        int
	next       *simWarrior // the next living warrior in turn order
	// processDeaths counts the instructions that ended one of its processes this round; only
	// the tracked loop (Machine.run) counts them (see ProcessDeaths).
	processDeaths int64
}

// action is what an executed instruction does with its process.
type action uint8

const (
	actNext  action = iota // goes on at its next address
	actSplit               // goes on and queues a new process
	actDie                 // dies
)

// stopKind says why the simulator's inner loop returned.
type stopKind uint8

const (
	stopDone    stopKind = iota // the steps asked for are done
	stopDied                    // a warrior lost its last process
	stopGeneral                 // an instruction of the general path is to be executed
)

// Machine.run and Machine.runUntracked are written from internal/gen/run.tmpl.
//go:generate go run gen_run.go

func addMod(x, y, S uint32) uint32 {
	r := x + y
	if r >= S {
		r -= S
	}
	return r
}

func subMod(x, y, S uint32) uint32 {
	r := x + S - y
	if r >= S {
		r -= S
	}
	return r
}

// mulMod is x*y mod S on scaled numbers: (x·u)(y·u)/u = x·y·u.
func mulMod(x, y, S uint32) uint32 { return uint32(uint64(x) * uint64(y>>cellShift) % uint64(S)) }

func skip(next, S uint32) uint32 {
	next += cellUnit
	if next == S {
		next = 0
	}
	return next
}

// sameInstr is whether two cells hold the same opcode, modifier and modes
// (their specialised cases follow from these).
func sameInstr(x, y *cell) bool { return x.kind>>kindShift == y.kind>>kindShift }

// divide does DIV and MOD; it returns false when the process dies.
func (m *Machine) divide(op uint8, bptr, aa, ab, ba, bb uint32) bool {
	c := cellAt(m.core, bptr)
	isMod := op>>3 == uint8(MOD)
	f := func(x, y uint32) uint32 { // on scaled numbers: (x·u) mod (y·u) = (x mod y)·u
		if isMod {
			return x % y
		}
		return x / y << cellShift
	}
	switch op & 7 {
	case mA:
		if aa == 0 {
			return false
		}
		c.a = f(ba, aa)
	case mB:
		if ab == 0 {
			return false
		}
		c.b = f(bb, ab)
	case mAB:
		if aa == 0 {
			return false
		}
		c.b = f(bb, aa)
	case mBA:
		if ab == 0 {
			return false
		}
		c.a = f(ba, ab)
	case mF, mI:
		if aa != 0 {
			c.a = f(ba, aa)
		}
		if ab != 0 {
			c.b = f(bb, ab)
		}
		if aa == 0 || ab == 0 {
			return false
		}
	case mX:
		if ab != 0 {
			c.a = f(ba, ab)
		}
		if aa != 0 {
			c.b = f(bb, aa)
		}
		if aa == 0 || ab == 0 {
			return false
		}
	}
	return true
}

func (m *Machine) pspaceOp(w *simWarrior, op uint8, bptr, aa, ab, ba, bb uint32) {
	size := uint32(len(w.ps.cells))
	// P-space holds plain numbers; the core's fields are scaled.
	load := func(idx uint32) uint32 {
		idx = idx >> cellShift % size
		if idx == 0 {
			// The last result (number of survivors) can reach S only in a
			// core no larger than the number of warriors; keep fields in range.
			return w.lastResult % m.size << cellShift
		}
		return w.ps.cells[idx] << cellShift
	}
	store := func(idx, v uint32) {
		idx = idx >> cellShift % size
		if idx == 0 {
			w.lastResult = v >> cellShift
			return
		}
		w.ps.cells[idx] = v >> cellShift
	}
	c := cellAt(m.core, bptr)
	if Opcode(op>>3) == LDP {
		switch op & 7 {
		case mA:
			c.a = load(aa)
		case mAB:
			c.b = load(aa)
		case mBA:
			c.a = load(ab)
		default:
			c.b = load(ab)
		}
		return
	}
	switch op & 7 {
	case mA:
		store(ba, aa)
	case mAB:
		store(bb, aa)
	case mBA:
		store(ba, ab)
	default:
		store(bb, ab)
	}
}
