package redcode

// The simulator. Cells are compact (opcode and modifier in one byte), every
// operand is evaluated in-register exactly as pMARS does (PMARS-DETAILS.md
// 14.1), and the hot loop allocates nothing: process queues are ring buffers
// that only grow, never per instruction.

// cell is one core location; op is opcode*8 + modifier.
type cell struct {
	a, b   uint32
	op     uint8
	am, bm uint8
	fast   uint8 // fastKind(op, am, bm): a specialised path for the commonest combinations
}

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

func toCell(in Instruction) cell {
	op, am, bm := uint8(in.Op)<<3|uint8(in.Mod), uint8(in.AMode), uint8(in.BMode)
	return cell{a: uint32(in.A), b: uint32(in.B), op: op, am: am, bm: bm, fast: fastKind(op, am, bm)}
}

// Specialised paths for the opcode/modifier/mode combinations that make up
// most executed instructions (measured on bench-pairs.txt: the 13 below are
// about 75%). Every other combination takes the general path. A cell's fast
// kind is a function of its opcode and modes, which are only ever copied
// together (MOV.I), so it never goes stale.
const (
	fastNone = iota
	fastSplImmDir
	fastJmpDirDir
	fastJmpDirBPre
	fastDjnBDirAPre
	fastDatDirDir
	fastDatBPreDir
	fastSplDirDir
	fastSplImmBPre
	fastSplImmAPre
	fastSplImmBPost
	fastMovI // + A mode*8 + B mode: MOV.I in all 64 mode combinations
)

func fastKind(op, am, bm uint8) uint8 {
	type key struct{ op, am, bm uint8 }
	k := key{op, am, bm}
	if op == kMOV|mI {
		return fastMovI + (am<<3 | bm)
	}
	I, D := uint8(Immediate), uint8(Direct)
	switch k {
	case key{kSPL | mB, I, D}, key{kSPL | mB, I, I}:
		return fastSplImmDir
	case key{kSPL | mB, D, D}:
		return fastSplDirDir
	case key{kSPL | mB, I, uint8(BPredec)}:
		return fastSplImmBPre
	case key{kSPL | mB, I, uint8(APredec)}:
		return fastSplImmAPre
	case key{kSPL | mB, I, uint8(BPostinc)}:
		return fastSplImmBPost
	case key{kJMP | mB, D, D}:
		return fastJmpDirDir
	case key{kJMP | mB, D, uint8(BPredec)}:
		return fastJmpDirBPre
	case key{kDJN | mB, D, uint8(APredec)}:
		return fastDjnBDirAPre
	case key{kDAT | mF, D, D}:
		return fastDatDirDir
	case key{kDAT | mF, uint8(BPredec), D}:
		return fastDatBPreDir
	}
	return fastNone
}

func (c cell) instruction() Instruction {
	return Instruction{Op: Opcode(c.op >> 3), Mod: Modifier(c.op & 7), AMode: Mode(c.am), BMode: Mode(c.bm), A: int(c.a), B: int(c.b)}
}

// queue is a FIFO of process addresses in a ring buffer.
type queue struct {
	buf  []uint32
	head int
	n    int
	mask int
}

func (q *queue) reset() {
	if q.buf == nil {
		q.buf = make([]uint32, 64)
		q.mask = 63
	}
	q.head, q.n = 0, 0
}

func (q *queue) grow() {
	nb := make([]uint32, 2*len(q.buf))
	for i := 0; i < q.n; i++ {
		nb[i] = q.buf[(q.head+i)&q.mask]
	}
	q.buf, q.head, q.mask = nb, 0, len(nb)-1
}

func (q *queue) push(pc uint32) {
	if q.n == len(q.buf) {
		q.grow()
	}
	q.buf[(q.head+q.n)&q.mask] = pc
	q.n++
}

// Len is the number of processes.
func (q *queue) Len() int { return q.n }

// At returns the i-th process address (0 = the next to run).
func (q *queue) At(i int) int { return int(q.buf[(q.head+i)&q.mask]) }

// pspace is one p-space; index 0 is unused (each warrior has its own last result).
type pspace struct {
	cells []uint32
}

type simWarrior struct {
	q          queue
	id         int8
	alive      bool
	lastResult uint32
	ps         *pspace
	pos        int
	next       *simWarrior // the next living warrior in turn order
}

//go:generate go run gen_untracked.go

// run executes up to steps instructions of the loaded round (fewer when the
// round ends). The whole step — fetch, operand evaluation, execution, queue
// and budget bookkeeping — is one loop body so nothing is called or allocated
// per instruction except when a queue grows or a warrior dies.
func (m *Machine) run(steps int64) {
	S := m.size
	core := m.core
	owner, written, stamp := m.owner, m.written, m.stamp
	ws := m.ws
	maxProc := m.maxProc
	cw := &ws[m.cur] // the warrior whose turn it is
	for steps > 0 {
		// A chunk of steps that only a warrior's death can cut short.
		n := steps
		if left := m.budget - m.stopAt; left < n {
			n = left
		}
		i := int64(0)
		died := false
		for i < n {
			i++
			w := cw
			id := w.id
			q := &w.q
			pc := q.buf[q.head]
			q.head = (q.head + 1) & q.mask
			q.n--
			ir := core[pc]
			var aptr, aa, ab, bptr, ba, bb uint32
			next := pc + 1
			if next == S {
				next = 0
			}
			switch ir.fast {
			// BEGIN MOV.I cases: generated by internal/gen, do not edit
			case fastMovI + 0: // MOV.I Immediate, Immediate
				aptr = pc
				aa, ab = ir.a, ir.b
				bptr = pc
				src := ir
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 1: // MOV.I Immediate, Direct
				aptr = pc
				aa, ab = ir.a, ir.b
				bptr = pc + ir.b
				if bptr >= S {
					bptr -= S
				}
				src := ir
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 2: // MOV.I Immediate, BIndirect
				aptr = pc
				aa, ab = ir.a, ir.b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].b
				if bptr >= S {
					bptr -= S
				}
				src := ir
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 3: // MOV.I Immediate, BPredec
				aptr = pc
				aa, ab = ir.a, ir.b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := ir
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 4: // MOV.I Immediate, BPostinc
				aptr = pc
				aa, ab = ir.a, ir.b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				src := ir
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 5: // MOV.I Immediate, AIndirect
				aptr = pc
				aa, ab = ir.a, ir.b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].a
				if bptr >= S {
					bptr -= S
				}
				src := ir
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 6: // MOV.I Immediate, APredec
				aptr = pc
				aa, ab = ir.a, ir.b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := ir
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 7: // MOV.I Immediate, APostinc
				aptr = pc
				aa, ab = ir.a, ir.b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				src := ir
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 8: // MOV.I Direct, Immediate
				aptr = pc + ir.a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				bptr = pc
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 9: // MOV.I Direct, Direct
				aptr = pc + ir.a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				bptr = pc + ir.b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 10: // MOV.I Direct, BIndirect
				aptr = pc + ir.a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 11: // MOV.I Direct, BPredec
				aptr = pc + ir.a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 12: // MOV.I Direct, BPostinc
				aptr = pc + ir.a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 13: // MOV.I Direct, AIndirect
				aptr = pc + ir.a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].a
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 14: // MOV.I Direct, APredec
				aptr = pc + ir.a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 15: // MOV.I Direct, APostinc
				aptr = pc + ir.a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 16: // MOV.I BIndirect, Immediate
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].b
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				bptr = pc
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 17: // MOV.I BIndirect, Direct
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].b
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				bptr = pc + ir.b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 18: // MOV.I BIndirect, BIndirect
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].b
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 19: // MOV.I BIndirect, BPredec
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].b
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 20: // MOV.I BIndirect, BPostinc
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].b
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 21: // MOV.I BIndirect, AIndirect
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].b
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].a
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 22: // MOV.I BIndirect, APredec
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].b
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 23: // MOV.I BIndirect, APostinc
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].b
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 24: // MOV.I BPredec, Immediate
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				bptr = pc
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 25: // MOV.I BPredec, Direct
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				bptr = pc + ir.b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 26: // MOV.I BPredec, BIndirect
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 27: // MOV.I BPredec, BPredec
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 28: // MOV.I BPredec, BPostinc
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 29: // MOV.I BPredec, AIndirect
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].a
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 30: // MOV.I BPredec, APredec
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 31: // MOV.I BPredec, APostinc
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 32: // MOV.I BPostinc, Immediate
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				bptr = pc
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 33: // MOV.I BPostinc, Direct
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				bptr = pc + ir.b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 34: // MOV.I BPostinc, BIndirect
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 35: // MOV.I BPostinc, BPredec
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 36: // MOV.I BPostinc, BPostinc
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 37: // MOV.I BPostinc, AIndirect
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].a
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 38: // MOV.I BPostinc, APredec
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 39: // MOV.I BPostinc, APostinc
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].b
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].b = fa
				owner[ta] = id
				written[ta] = stamp
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 40: // MOV.I AIndirect, Immediate
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				bptr = pc
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 41: // MOV.I AIndirect, Direct
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				bptr = pc + ir.b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 42: // MOV.I AIndirect, BIndirect
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 43: // MOV.I AIndirect, BPredec
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 44: // MOV.I AIndirect, BPostinc
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 45: // MOV.I AIndirect, AIndirect
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].a
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 46: // MOV.I AIndirect, APredec
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 47: // MOV.I AIndirect, APostinc
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				aptr = ta + core[ta].a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 48: // MOV.I APredec, Immediate
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				bptr = pc
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 49: // MOV.I APredec, Direct
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				bptr = pc + ir.b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 50: // MOV.I APredec, BIndirect
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 51: // MOV.I APredec, BPredec
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 52: // MOV.I APredec, BPostinc
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 53: // MOV.I APredec, AIndirect
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].a
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 54: // MOV.I APredec, APredec
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 55: // MOV.I APredec, APostinc
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				if fa == 0 {
					fa = S
				}
				fa--
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 56: // MOV.I APostinc, Immediate
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				bptr = pc
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 57: // MOV.I APostinc, Direct
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				bptr = pc + ir.b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 58: // MOV.I APostinc, BIndirect
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].b
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 59: // MOV.I APostinc, BPredec
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 60: // MOV.I APostinc, BPostinc
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].b
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].b = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 61: // MOV.I APostinc, AIndirect
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				bptr = tb + core[tb].a
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 62: // MOV.I APostinc, APredec
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				if fb == 0 {
					fb = S
				}
				fb--
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			case fastMovI + 63: // MOV.I APostinc, APostinc
				ta := pc + ir.a
				if ta >= S {
					ta -= S
				}
				fa := core[ta].a
				aptr = ta + fa
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				fa++
				if fa == S {
					fa = 0
				}
				core[ta].a = fa
				owner[ta] = id
				written[ta] = stamp
				tb := pc + ir.b
				if tb >= S {
					tb -= S
				}
				fb := core[tb].a
				bptr = tb + fb
				if bptr >= S {
					bptr -= S
				}
				fb++
				if fb == S {
					fb = 0
				}
				core[tb].a = fb
				owner[tb] = id
				written[tb] = stamp
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src
				owner[bptr] = id
				written[bptr] = stamp
				goto push1
			// END MOV.I cases
			case fastSplImmDir:
				q.push(next)
				if q.n < maxProc {
					q.push(pc)
				}
				goto endstep
			case fastSplDirDir:
				aptr = pc + ir.a
				if aptr >= S {
					aptr -= S
				}
				q.push(next)
				if q.n < maxProc {
					q.push(aptr)
				}
				goto endstep
			case fastSplImmBPre, fastSplImmAPre, fastSplImmBPost:
				t := pc + ir.b
				if t >= S {
					t -= S
				}
				c := &core[t]
				switch ir.fast {
				case fastSplImmBPre:
					if c.b == 0 {
						c.b = S
					}
					c.b--
				case fastSplImmAPre:
					if c.a == 0 {
						c.a = S
					}
					c.a--
				default:
					c.b++
					if c.b == S {
						c.b = 0
					}
				}
				owner[t] = id
				written[t] = stamp
				q.push(next)
				if q.n < maxProc {
					q.push(pc)
				}
				goto endstep
			case fastJmpDirDir:
				next = pc + ir.a
				if next >= S {
					next -= S
				}
				goto push1
			case fastJmpDirBPre:
				t := pc + ir.b
				if t >= S {
					t -= S
				}
				c := &core[t]
				if c.b == 0 {
					c.b = S
				}
				c.b--
				owner[t] = id
				written[t] = stamp
				next = pc + ir.a
				if next >= S {
					next -= S
				}
				goto push1
			case fastDjnBDirAPre:
				aptr = pc + ir.a
				if aptr >= S {
					aptr -= S
				}
				t := pc + ir.b
				if t >= S {
					t -= S
				}
				f := core[t].a
				if f == 0 {
					f = S
				}
				f--
				core[t].a = f
				owner[t] = id
				written[t] = stamp
				bptr = t + f
				if bptr >= S {
					bptr -= S
				}
				c := &core[bptr]
				bb = c.b
				if c.b == 0 {
					c.b = S
				}
				c.b--
				owner[bptr] = id
				written[bptr] = stamp
				if bb != 1 {
					next = aptr
				}
				goto push1
			case fastDatDirDir:
				goto endstep
			case fastDatBPreDir:
				t := pc + ir.a
				if t >= S {
					t -= S
				}
				if core[t].b == 0 {
					core[t].b = S
				}
				core[t].b--
				owner[t] = id
				written[t] = stamp
				goto endstep
			}

			switch ir.am {
			case uint8(Immediate):
				aptr, aa, ab = pc, ir.a, ir.b
			case uint8(Direct):
				aptr = pc + ir.a
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
			case uint8(AIndirect), uint8(BIndirect):
				t := pc + ir.a
				if t >= S {
					t -= S
				}
				f := core[t].b
				if ir.am == uint8(AIndirect) {
					f = core[t].a
				}
				aptr = t + f
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
			case uint8(BPredec):
				t := pc + ir.a
				if t >= S {
					t -= S
				}
				f := core[t].b
				if f == 0 {
					f = S
				}
				f--
				core[t].b = f
				owner[t] = id
				written[t] = stamp
				aptr = t + f
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
			case uint8(APredec):
				t := pc + ir.a
				if t >= S {
					t -= S
				}
				f := core[t].a
				if f == 0 {
					f = S
				}
				f--
				core[t].a = f
				owner[t] = id
				written[t] = stamp
				aptr = t + f
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
			case uint8(BPostinc):
				t := pc + ir.a
				if t >= S {
					t -= S
				}
				f := core[t].b
				aptr = t + f
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				f++
				if f == S {
					f = 0
				}
				core[t].b = f
				owner[t] = id
				written[t] = stamp
			default: // APostinc
				t := pc + ir.a
				if t >= S {
					t -= S
				}
				f := core[t].a
				aptr = t + f
				if aptr >= S {
					aptr -= S
				}
				aa, ab = core[aptr].a, core[aptr].b
				f++
				if f == S {
					f = 0
				}
				core[t].a = f
				owner[t] = id
				written[t] = stamp
			}

			switch ir.bm {
			case uint8(Immediate):
				bptr, ba, bb = pc, ir.a, ir.b
			case uint8(Direct):
				bptr = pc + ir.b
				if bptr >= S {
					bptr -= S
				}
				ba, bb = core[bptr].a, core[bptr].b
			case uint8(AIndirect), uint8(BIndirect):
				t := pc + ir.b
				if t >= S {
					t -= S
				}
				f := core[t].b
				if ir.bm == uint8(AIndirect) {
					f = core[t].a
				}
				bptr = t + f
				if bptr >= S {
					bptr -= S
				}
				ba, bb = core[bptr].a, core[bptr].b
			case uint8(BPredec):
				t := pc + ir.b
				if t >= S {
					t -= S
				}
				f := core[t].b
				if f == 0 {
					f = S
				}
				f--
				core[t].b = f
				owner[t] = id
				written[t] = stamp
				bptr = t + f
				if bptr >= S {
					bptr -= S
				}
				ba, bb = core[bptr].a, core[bptr].b
			case uint8(APredec):
				t := pc + ir.b
				if t >= S {
					t -= S
				}
				f := core[t].a
				if f == 0 {
					f = S
				}
				f--
				core[t].a = f
				owner[t] = id
				written[t] = stamp
				bptr = t + f
				if bptr >= S {
					bptr -= S
				}
				ba, bb = core[bptr].a, core[bptr].b
			case uint8(BPostinc):
				t := pc + ir.b
				if t >= S {
					t -= S
				}
				f := core[t].b
				bptr = t + f
				if bptr >= S {
					bptr -= S
				}
				ba, bb = core[bptr].a, core[bptr].b
				f++
				if f == S {
					f = 0
				}
				core[t].b = f
				owner[t] = id
				written[t] = stamp
			default:
				t := pc + ir.b
				if t >= S {
					t -= S
				}
				f := core[t].a
				bptr = t + f
				if bptr >= S {
					bptr -= S
				}
				ba, bb = core[bptr].a, core[bptr].b
				f++
				if f == S {
					f = 0
				}
				core[t].a = f
				owner[t] = id
				written[t] = stamp
			}

			switch ir.op {
			case kMOV | mA:
				core[bptr].a = aa
			case kMOV | mB:
				core[bptr].b = ab
			case kMOV | mAB:
				core[bptr].b = aa
			case kMOV | mBA:
				core[bptr].a = ab
			case kMOV | mF:
				c := &core[bptr]
				c.a, c.b = aa, ab
			case kMOV | mX:
				c := &core[bptr]
				c.a, c.b = ab, aa
			case kMOV | mI:
				src := core[aptr]
				src.a, src.b = aa, ab
				core[bptr] = src

			case kADD | mA:
				core[bptr].a = addMod(ba, aa, S)
			case kADD | mB:
				core[bptr].b = addMod(bb, ab, S)
			case kADD | mAB:
				core[bptr].b = addMod(bb, aa, S)
			case kADD | mBA:
				core[bptr].a = addMod(ba, ab, S)
			case kADD | mF, kADD | mI:
				c := &core[bptr]
				c.a, c.b = addMod(ba, aa, S), addMod(bb, ab, S)
			case kADD | mX:
				c := &core[bptr]
				c.a, c.b = addMod(ba, ab, S), addMod(bb, aa, S)

			case kSUB | mA:
				core[bptr].a = subMod(ba, aa, S)
			case kSUB | mB:
				core[bptr].b = subMod(bb, ab, S)
			case kSUB | mAB:
				core[bptr].b = subMod(bb, aa, S)
			case kSUB | mBA:
				core[bptr].a = subMod(ba, ab, S)
			case kSUB | mF, kSUB | mI:
				c := &core[bptr]
				c.a, c.b = subMod(ba, aa, S), subMod(bb, ab, S)
			case kSUB | mX:
				c := &core[bptr]
				c.a, c.b = subMod(ba, ab, S), subMod(bb, aa, S)

			case kMUL | mA:
				core[bptr].a = mulMod(ba, aa, S)
			case kMUL | mB:
				core[bptr].b = mulMod(bb, ab, S)
			case kMUL | mAB:
				core[bptr].b = mulMod(bb, aa, S)
			case kMUL | mBA:
				core[bptr].a = mulMod(ba, ab, S)
			case kMUL | mF, kMUL | mI:
				c := &core[bptr]
				c.a, c.b = mulMod(ba, aa, S), mulMod(bb, ab, S)
			case kMUL | mX:
				c := &core[bptr]
				c.a, c.b = mulMod(ba, ab, S), mulMod(bb, aa, S)

			case kDIV | mA, kDIV | mB, kDIV | mAB, kDIV | mBA, kDIV | mF, kDIV | mI, kDIV | mX,
				kMOD | mA, kMOD | mB, kMOD | mAB, kMOD | mBA, kMOD | mF, kMOD | mI, kMOD | mX:
				owner[bptr] = id
				written[bptr] = stamp
				if !m.divide(ir.op, bptr, aa, ab, ba, bb) {
					goto endstep
				}

			case kJMP | mA, kJMP | mB, kJMP | mAB, kJMP | mBA, kJMP | mF, kJMP | mX, kJMP | mI:
				next = aptr
				goto push1

			case kJMZ | mA, kJMZ | mBA:
				if ba == 0 {
					next = aptr
				}
				goto push1
			case kJMZ | mB, kJMZ | mAB:
				if bb == 0 {
					next = aptr
				}
				goto push1
			case kJMZ | mF, kJMZ | mX, kJMZ | mI:
				if ba == 0 && bb == 0 {
					next = aptr
				}
				goto push1

			case kJMN | mA, kJMN | mBA:
				if ba != 0 {
					next = aptr
				}
				goto push1
			case kJMN | mB, kJMN | mAB:
				if bb != 0 {
					next = aptr
				}
				goto push1
			case kJMN | mF, kJMN | mX, kJMN | mI:
				if ba != 0 || bb != 0 {
					next = aptr
				}
				goto push1

			case kDJN | mA, kDJN | mBA:
				c := &core[bptr]
				if c.a == 0 {
					c.a = S
				}
				c.a--
				owner[bptr] = id
				written[bptr] = stamp
				if ba != 1 {
					next = aptr
				}
				goto push1
			case kDJN | mB, kDJN | mAB:
				c := &core[bptr]
				if c.b == 0 {
					c.b = S
				}
				c.b--
				owner[bptr] = id
				written[bptr] = stamp
				if bb != 1 {
					next = aptr
				}
				goto push1
			case kDJN | mF, kDJN | mX, kDJN | mI:
				c := &core[bptr]
				if c.a == 0 {
					c.a = S
				}
				c.a--
				if c.b == 0 {
					c.b = S
				}
				c.b--
				owner[bptr] = id
				written[bptr] = stamp
				if ba != 1 || bb != 1 {
					next = aptr
				}
				goto push1

			case kCMP | mA, kSEQ | mA:
				if aa == ba {
					next = skip(next, S)
				}
				goto push1
			case kCMP | mB, kSEQ | mB:
				if ab == bb {
					next = skip(next, S)
				}
				goto push1
			case kCMP | mAB, kSEQ | mAB:
				if aa == bb {
					next = skip(next, S)
				}
				goto push1
			case kCMP | mBA, kSEQ | mBA:
				if ab == ba {
					next = skip(next, S)
				}
				goto push1
			case kCMP | mF, kSEQ | mF:
				if aa == ba && ab == bb {
					next = skip(next, S)
				}
				goto push1
			case kCMP | mX, kSEQ | mX:
				if aa == bb && ab == ba {
					next = skip(next, S)
				}
				goto push1
			case kCMP | mI, kSEQ | mI:
				if aa == ba && ab == bb && sameInstr(core[aptr], core[bptr]) {
					next = skip(next, S)
				}
				goto push1

			case kSNE | mA:
				if aa != ba {
					next = skip(next, S)
				}
				goto push1
			case kSNE | mB:
				if ab != bb {
					next = skip(next, S)
				}
				goto push1
			case kSNE | mAB:
				if aa != bb {
					next = skip(next, S)
				}
				goto push1
			case kSNE | mBA:
				if ab != ba {
					next = skip(next, S)
				}
				goto push1
			case kSNE | mF:
				if aa != ba || ab != bb {
					next = skip(next, S)
				}
				goto push1
			case kSNE | mX:
				if aa != bb || ab != ba {
					next = skip(next, S)
				}
				goto push1
			case kSNE | mI:
				if !(aa == ba && ab == bb && sameInstr(core[aptr], core[bptr])) {
					next = skip(next, S)
				}
				goto push1

			case kSLT | mA:
				if aa < ba {
					next = skip(next, S)
				}
				goto push1
			case kSLT | mB:
				if ab < bb {
					next = skip(next, S)
				}
				goto push1
			case kSLT | mAB:
				if aa < bb {
					next = skip(next, S)
				}
				goto push1
			case kSLT | mBA:
				if ab < ba {
					next = skip(next, S)
				}
				goto push1
			case kSLT | mF, kSLT | mI:
				if aa < ba && ab < bb {
					next = skip(next, S)
				}
				goto push1
			case kSLT | mX:
				if aa < bb && ab < ba {
					next = skip(next, S)
				}
				goto push1

			case kSPL | mA, kSPL | mB, kSPL | mAB, kSPL | mBA, kSPL | mF, kSPL | mX, kSPL | mI:
				q.push(next)
				if q.n < maxProc {
					q.push(aptr)
				}
				goto endstep

			case kNOP | mA, kNOP | mB, kNOP | mAB, kNOP | mBA, kNOP | mF, kNOP | mX, kNOP | mI:
				goto push1

			case kLDP | mA, kLDP | mB, kLDP | mAB, kLDP | mBA, kLDP | mF, kLDP | mX, kLDP | mI,
				kSTP | mA, kSTP | mB, kSTP | mAB, kSTP | mBA, kSTP | mF, kSTP | mX, kSTP | mI:
				m.pspaceOp(w, ir.op, bptr, aa, ab, ba, bb)
				goto push1

			default: // DAT: the process dies
				goto endstep
			}
			owner[bptr] = id
			written[bptr] = stamp
		push1:
			// One process was popped, so one push always fits: no growth check.
			q.buf[(q.head+q.n)&q.mask] = next
			q.n++
		endstep:
			if q.n == 0 {
				died = true
				break
			}
			cw = w.next
		}
		steps -= i
		m.executed += i
		if died {
			m.budget -= i - 1 // the dying step's own decrement comes after the death's
			m.warriorDied(int(cw.id))
			if m.over {
				return
			}
			m.budget--
			if m.budget <= m.stopAt {
				m.endRound()
				return
			}
			cw = cw.next
			continue
		}
		m.budget -= i
		if m.budget <= m.stopAt {
			m.endRound()
			return
		}
	}
	m.cur = int(cw.id)
}

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

func mulMod(x, y, S uint32) uint32 { return uint32(uint64(x) * uint64(y) % uint64(S)) }

func skip(next, S uint32) uint32 {
	next++
	if next == S {
		next = 0
	}
	return next
}

func sameInstr(x, y cell) bool { return x.op == y.op && x.am == y.am && x.bm == y.bm }

// divide does DIV and MOD; it returns false when the process dies.
func (m *Machine) divide(op uint8, bptr, aa, ab, ba, bb uint32) bool {
	c := &m.core[bptr]
	isMod := op>>3 == uint8(MOD)
	f := func(x, y uint32) uint32 {
		if isMod {
			return x % y
		}
		return x / y
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
	load := func(idx uint32) uint32 {
		idx %= size
		if idx == 0 {
			// The last result (number of survivors) can reach S only in a
			// core no larger than the number of warriors; keep fields in range.
			return w.lastResult % m.size
		}
		return w.ps.cells[idx]
	}
	store := func(idx, v uint32) {
		idx %= size
		if idx == 0 {
			w.lastResult = v
			return
		}
		w.ps.cells[idx] = v
	}
	c := &m.core[bptr]
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
		m.owner[bptr] = w.id
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
