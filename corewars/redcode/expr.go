package redcode

// The expression evaluator copies pMARS's, including its unusual operator
// precedence (PMARS-DETAILS.md 11.2): a lower-precedence operator followed by a
// higher-precedence group and another operator does not associate the usual way.

type evalStatus int

const (
	evalOK evalStatus = iota
	evalOverflow
	evalBad
	evalDivZero
)

type binop int

const (
	opIdentity binop = iota // also "nothing deferred" and == (the pMARS quirk)
	opMul
	opDiv
	opMod
	opAdd
	opSub
	opLT
	opGT
	opLE
	opGE
	opEQ
	opNE
	opAnd
	opOr
	opUnknown
)

var binopPrec = [...]int{opIdentity: 0, opMul: 5, opDiv: 5, opMod: 5, opAdd: 4, opSub: 4,
	opLT: 3, opGT: 3, opLE: 3, opGE: 3, opEQ: 3, opNE: 3, opAnd: 2, opOr: 1, opUnknown: 0}

type evaluator struct {
	s        string
	pos      int
	regs     *[26]int64
	status   evalStatus
	deferred binop
}

// evaluate computes text with pMARS's rules; regs are the 26 letter registers.
func evaluate(text string, regs *[26]int64) (int64, evalStatus) {
	e := evaluator{s: text, regs: regs}
	v := e.climb(-1, 0, opIdentity)
	e.skipBlanks()
	if e.pos < len(e.s) {
		e.status = evalBad
	}
	return v, e.status
}

func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n'
}

func (e *evaluator) skipBlanks() {
	for e.pos < len(e.s) && isBlank(e.s[e.pos]) {
		e.pos++
	}
}

func (e *evaluator) setStatus(s evalStatus) {
	if s == evalOverflow {
		if e.status == evalOK {
			e.status = s
		}
		return
	}
	e.status = s
}

func (e *evaluator) climb(floor int, acc int64, op binop) int64 {
	rhs := e.operand()
	e.skipBlanks()
	if e.pos >= len(e.s) || e.s[e.pos] == ')' {
		return e.apply(acc, op, rhs)
	}
	nxt := e.readOp()
	e.deferred = opIdentity
	if nxt == opUnknown {
		e.setStatus(evalBad)
		e.pos = len(e.s)
		return e.apply(acc, op, rhs)
	}
	po, pn := binopPrec[op], binopPrec[nxt]
	if po >= pn {
		if pn >= floor || po <= floor {
			return e.climb(po, e.apply(acc, op, rhs), nxt)
		}
		e.deferred = nxt
		return e.apply(acc, op, rhs)
	}
	inner := e.climb(po, rhs, nxt)
	result := e.apply(acc, op, inner)
	if e.deferred != opIdentity && e.deferred != opEQ && binopPrec[e.deferred] >= floor {
		d := e.deferred
		result = e.climb(pn, result, d)
		e.deferred = opIdentity
	}
	return result
}

func (e *evaluator) readOp() binop {
	s := e.s
	c := s[e.pos]
	var n byte
	if e.pos+1 < len(s) {
		n = s[e.pos+1]
	}
	switch c {
	case '*':
		e.pos++
		return opMul
	case '/':
		e.pos++
		return opDiv
	case '%':
		e.pos++
		return opMod
	case '+':
		e.pos++
		return opAdd
	case '-':
		e.pos++
		return opSub
	case '<':
		if n == '=' {
			e.pos += 2
			return opLE
		}
		e.pos++
		return opLT
	case '>':
		if n == '=' {
			e.pos += 2
			return opGE
		}
		e.pos++
		return opGT
	case '=':
		if n == '=' {
			e.pos += 2
			return opEQ
		}
	case '!':
		if n == '=' {
			e.pos += 2
			return opNE
		}
	case '&':
		if n == '&' {
			e.pos += 2
			return opAnd
		}
	case '|':
		if n == '|' {
			e.pos += 2
			return opOr
		}
	}
	return opUnknown
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (e *evaluator) apply(a int64, op binop, b int64) int64 {
	switch op {
	case opIdentity:
		return b
	case opMul:
		r := a * b
		if a != 0 && (r/a != b || (a == -1 && b == -1<<63) || (b == -1 && a == -1<<63)) {
			e.setStatus(evalOverflow)
		}
		return r
	case opDiv, opMod:
		if b == 0 {
			e.setStatus(evalDivZero)
			return 0
		}
		if op == opDiv {
			return a / b
		}
		return a % b
	case opAdd:
		r := a + b
		if (a >= 0) == (b >= 0) && (r >= 0) != (a >= 0) {
			e.setStatus(evalOverflow)
		}
		return r
	case opSub:
		r := a - b
		if (a >= 0) != (b >= 0) && (r >= 0) != (a >= 0) {
			e.setStatus(evalOverflow)
		}
		return r
	case opLT:
		return b2i(a < b)
	case opGT:
		return b2i(a > b)
	case opLE:
		return b2i(a <= b)
	case opGE:
		return b2i(a >= b)
	case opEQ:
		return b2i(a == b)
	case opNE:
		return b2i(a != b)
	case opAnd:
		return b2i(a != 0 && b != 0)
	case opOr:
		return b2i(a != 0 || b != 0)
	}
	e.setStatus(evalBad)
	return 0
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

func (e *evaluator) operand() int64 {
	e.skipBlanks()
	if e.pos >= len(e.s) {
		e.setStatus(evalBad)
		return 0
	}
	c := e.s[e.pos]
	switch {
	case c == '(':
		e.pos++
		v := e.climb(-1, 0, opIdentity)
		e.skipBlanks()
		if e.pos >= len(e.s) || e.s[e.pos] != ')' {
			e.setStatus(evalBad)
		}
		e.pos++
		return v
	case c == '-':
		e.pos++
		v := e.operand()
		if v == -1<<63 {
			e.setStatus(evalOverflow)
		}
		return -v
	case c == '+':
		e.pos++
		return e.operand()
	case c == '!':
		e.pos++
		return b2i(e.operand() == 0)
	case isLetter(c):
		r := c | 0x20
		e.pos++
		save := e.pos
		e.skipBlanks()
		if e.pos < len(e.s) && e.s[e.pos] == '=' && (e.pos+1 >= len(e.s) || e.s[e.pos+1] != '=') {
			e.pos++
			v := e.climb(-1, 0, opIdentity)
			if e.regs != nil {
				e.regs[r-'a'] = v
			}
			return v
		}
		e.pos = save
		if e.regs != nil {
			return e.regs[r-'a']
		}
		return 0
	case isDigit(c):
		// A number too large for 64 bits is 2^63-1, as pMARS's sscanf reads it (a score
		// formula 99999999999999999999 counts so; in a field pMARS never finishes reducing it).
		var v int64
		for e.pos < len(e.s) && isDigit(e.s[e.pos]) {
			d := int64(e.s[e.pos] - '0')
			if v > (1<<63-1-d)/10 {
				e.setStatus(evalOverflow)
				v = 1<<63 - 1
			} else {
				v = v*10 + d
			}
			e.pos++
		}
		return v
	}
	e.setStatus(evalBad)
	return 0
}
