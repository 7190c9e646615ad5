package redcode

import (
	"fmt"
	"strconv"
	"strings"
)

// Pass 2 parses each rewritten line with pMARS's state machine (its
// "automaton"): the state says what the line may hold next.
const (
	sOp         = iota // the opcode
	sModAddrExp        // a modifier, an A-mode or the A expression
	sModifier          // the modifier after '.'
	sAddrExpA          // the A-mode or the A expression
	sExpFS             // more of the A expression, or ','
	sAddrExpB          // the B-mode or the B expression
	sExpr              // more of the B expression
)

// noModifier marks an instruction without an explicit modifier.
const noModifier = int(numModifiers)

func (a *assembler) automaton(expr string, state int) {
	a.lastState = state
	kind, tok, idx := getToken(expr, 0)
	rest := expr[idx:]
	switch state {
	case sOp:
		a.statefine = 0
		if kind != tokChar {
			a.errprn(msgMissing, a.cur, "Missing 'opcode'")
			return
		}
		switch op := a.setOpcode(strings.ToUpper(tok)); {
		case op < opORG:
			a.automaton(rest, sModAddrExp)
		case op < opNone:
			a.automaton(rest, sExpr)
		default:
			// pMARS's consistency check; no known source reaches it.
			a.diag.LogicError = "Error in asm.c: a rewritten line does not start with an opcode\n"
			panic(abortAssembly{})
		}
	case sModAddrExp, sAddrExpA, sAddrExpB:
		a.statefine = 0
		next, missing := sExpFS, "A-term"
		if state == sAddrExpB {
			next, missing = sExpr, "B-term"
		}
		switch kind {
		case tokModifier:
			if state != sModAddrExp {
				a.errprn(msgMissing, a.cur, fmt.Sprintf("Missing '%s'", missing))
				return
			}
			a.automaton(rest, sModifier)
		case tokAddr:
			m := Mode(strings.IndexByte(modeChars, tok[0]))
			if m > BPostinc && a.cfg.Strict88 {
				a.errprn(msgBad88Token, a.cur, "Bad '88 format at token '[*{}]'")
			}
			if state == sAddrExpB {
				a.bMode = m
			} else {
				a.aMode = m
			}
			a.automaton(rest, next)
		case tokNumber, tokExpr:
			a.automaton(expr, next)
		case tokChar:
			a.symbol(tok, rest, state, func() { a.automaton(expr, next) })
		case tokNone:
		default:
			if state == sModAddrExp {
				a.errprn(msgImproperPlacement, a.cur, fmt.Sprintf("Improper placement of '%s'", tok))
			} else {
				a.errprn(msgMissing, a.cur, fmt.Sprintf("Missing '%s'", missing))
			}
		}
	case sModifier:
		a.statefine = 0
		switch kind {
		case tokChar:
			a.modifier = noModifier
			for i, n := range modifierNames {
				if n == strings.ToUpper(tok) {
					a.modifier = i
				}
			}
			if a.modifier == noModifier {
				a.errprn(msgMissing, a.cur, "Missing 'modifier'")
				return
			}
			a.automaton(rest, sAddrExpA)
		case tokNone:
		default:
			a.errprn(msgMissing, a.cur, "Missing 'modifier'")
		}
	case sExpFS, sExpr:
		dest := &a.aExpr
		if state == sExpr {
			dest = &a.bExpr
		}
		switch kind {
		case tokFieldSep:
			if state == sExpr {
				a.errprn(msgImproperPlacement, a.cur, fmt.Sprintf("Improper placement of '%s'", tok))
				return
			}
			a.automaton(rest, sAddrExpB)
		case tokAddr:
			if tok != ">" && tok != "<" && tok != "*" {
				a.errprn(msgImproperPlacement, a.cur, fmt.Sprintf("Improper placement of '%s'", tok))
				return
			}
			a.appendExpr(dest, tok, "")
			a.automaton(rest, state)
		case tokNumber, tokExpr:
			a.appendExpr(dest, tok, spaceIf(kind == tokNumber))
			a.automaton(rest, state)
		case tokChar:
			a.symbol(tok, rest, state, func() {
				if concat(dest, tok) {
					a.statefine = 1
					a.automaton(rest, state)
				} else {
					a.bufferOverflow()
				}
			})
		case tokNone:
		default:
			a.errprn(msgImproperPlacement, a.cur, fmt.Sprintf("Improper placement of '%s'", tok))
		}
	}
}

func (a *assembler) appendExpr(dest *[]byte, tok, space string) {
	if !concat(dest, tok, space) {
		a.bufferOverflow()
	}
	a.statefine = 1
}

// symbol handles a name in an operand: EQU text and labels are substituted;
// an unknown single letter is a register (register()); other names are errors.
func (a *assembler) symbol(name, rest string, state int, register func()) {
	t := a.lookup(name)
	if t == nil {
		if len(name) == 1 {
			register()
		} else {
			a.errprn(msgUndefinedSymbol, a.cur, fmt.Sprintf("Undefined label or symbol: '%s'", name))
		}
		return
	}
	if t.visit {
		a.errprn(msgRecursive, a.cur, fmt.Sprintf("Recursive reference of label '%s'", name))
		return
	}
	text := ""
	if t.kind == refText {
		text = t.lines.text
	} else if state == sExpr && a.opcode >= opORG {
		text = strconv.Itoa(int(uint16(t.value)))
	} else {
		text = strconv.Itoa(int(uint16(t.value)) - a.pass2Line)
	}
	t.visit = true
	a.automaton(text, state)
	t.visit = false
	if state == sExpr {
		a.automaton(rest, sExpr)
	} else {
		a.automaton(rest, a.lastState)
	}
}

// dfashell parses one rewritten line and applies the operand defaults and
// the -8 rules.
func (a *assembler) dfashell(text string) {
	a.aMode, a.bMode = Direct, Direct
	a.modifier = noModifier
	a.aExpr, a.bExpr = a.aExpr[:0], a.bExpr[:0]
	a.reported = false
	a.automaton(text, sOp)
	if a.opcode >= opORG {
		return
	}
	op := Opcode(a.opcode)
	if a.statefine == 0 && !a.reported {
		a.errprn(msgSyntax, a.cur, "Syntax error")
	} else if len(a.bExpr) == 0 {
		switch op {
		case DAT:
			a.bMode, a.bExpr = a.aMode, a.aExpr
			a.aMode, a.aExpr = Immediate, []byte{'0'} // a new buffer: bExpr now holds aExpr's
		case SPL, JMP, NOP:
			a.bMode, a.bExpr = Direct, append(a.bExpr, '0')
		default:
			a.errprn(msgIncompleteOperand, a.cur, fmt.Sprintf("Incomplete operand at instruction '%s'", op))
		}
	}
	if a.cfg.Strict88 {
		switch op {
		case DAT:
			if a.aMode != Immediate && a.aMode != BPredec || a.bMode != Immediate && a.bMode != BPredec {
				a.errprn(msgInvalid88, a.cur, "Invalid '88 format. Proper format: 'DAT [#<] [#<]'")
			}
		case MOV, ADD, SUB, CMP:
			if a.bMode == Immediate {
				a.errprn(msgInvalid88, a.cur, fmt.Sprintf("Invalid '88 format. Proper format: '%s [#$@<] [$@<]'", op))
			}
		case JMP, JMZ, JMN, DJN, SPL:
			if a.aMode == Immediate {
				a.errprn(msgInvalid88, a.cur, fmt.Sprintf("Invalid '88 format. Proper format: '%s [$@<] [#$@<]'", op))
			}
		case MUL, DIV, MOD, SEQ, SNE, NOP, LDP, STP:
			a.errprn(msgBad88Token, a.cur, fmt.Sprintf("Bad '88 format at token '%s'", op))
		}
		if a.modifier != noModifier {
			a.errprn(msgBad88Token, a.cur, "Bad '88 format at token '.'")
		}
		if a.aMode == BPostinc || a.bMode == BPostinc {
			a.errprn(msgBad88Token, a.cur, "Bad '88 format at token '>'")
		}
	}
	if a.modifier == noModifier {
		a.modifier = int(defaultModifier(op, a.aMode, a.bMode))
	}
}

// eval evaluates an operand expression of the current line.
func (a *assembler) eval(expr []byte) (int64, evalStatus, bool) {
	v, st := evaluate(string(expr), &a.regs)
	switch st {
	case evalDivZero:
		a.errprn(msgDivZero, a.cur, "Division by zero")
		return 0, st, false
	case evalBad:
		a.errprn(msgBadExpression, a.cur, "Bad expression")
		return 0, st, false
	}
	return v, st, true
}

func (a *assembler) reduce(v int64) int {
	s := int64(a.cfg.CoreSize)
	v %= s
	if v < 0 {
		v += s
	}
	return int(v)
}

// encode is pass 2: it parses and evaluates every rewritten line.
func (a *assembler) encode() {
	n := a.line
	if n > maxGeneratedLines {
		a.errprn(msgTooManyLines, nil, fmt.Sprintf("Lines generated by the source exceed the limit %d\n\tIgnoring code generation", maxGeneratedLines))
		return
	}
	if n > a.cfg.MaxLength {
		a.errprn(msgTooManyInstructions, nil, fmt.Sprintf("Too many instructions (about %d more)", n-a.cfg.MaxLength))
	}
	if n == 0 {
		a.errprn(msgNoInstructions, nil, "No instructions")
		return
	}
	w := a.w
	a.pass2Line = 0
	for l := a.out; l != nil; l = l.next {
		a.cur = l
		a.dfashell(l.text)
		if a.diag.Errors > 0 {
			continue
		}
		if len(a.aExpr) == 0 {
			a.aExpr = append(a.aExpr, '0')
		}
		if len(a.bExpr) == 0 {
			a.bExpr = append(a.bExpr, '0')
		}
		if a.opcode >= opORG {
			v, st, ok := a.eval(a.bExpr)
			if !ok {
				continue
			}
			if st == evalOverflow {
				a.errprn(msgOverflow, a.cur, "Arithmetic overflow detected")
			}
			if (a.opcode == opORG || a.opcode == opPIN) && a.cfg.Strict88 {
				a.errprn(msgBad88Token, a.cur, fmt.Sprintf("Bad '88 format at token '%s'", opNames[a.opcode]))
			}
			switch {
			case a.opcode == opORG:
				w.Start = a.reduce(v)
			case a.opcode == opPIN:
				w.PIN, w.HasPIN = v, true
			case v != 0:
				if w.Start != 0 {
					a.errprn(msgIgnoreEND, a.cur, "Both opcodes ORG and END are used. Ignoring END")
				} else {
					w.Start = a.reduce(v)
				}
			}
			continue
		}
		av, ast, ok := a.eval(a.aExpr)
		if !ok {
			continue
		}
		bv, bst, ok := a.eval(a.bExpr)
		if !ok {
			continue
		}
		if ast == evalOverflow || bst == evalOverflow {
			a.errprn(msgOverflow, a.cur, "Arithmetic overflow detected")
		}
		w.Code = append(w.Code, Instruction{Op: Opcode(a.opcode), Mod: Modifier(a.modifier), AMode: a.aMode, BMode: a.bMode,
			A: a.reduce(av), B: a.reduce(bv)})
		a.pass2Line++
	}
	if w.Start < 0 || w.Start >= n {
		a.errprn(msgStartOutside, nil, "Execution starts from outside of the program")
	}
}

// maxGeneratedLines is pMARS's MAXINSTR.
const maxGeneratedLines = 1000

func defaultModifier(op Opcode, am, bm Mode) Modifier {
	switch op {
	case DAT, NOP:
		return ModF
	case JMP, JMZ, JMN, DJN, SPL:
		return ModB
	}
	if am == Immediate {
		return ModAB
	}
	if bm == Immediate {
		return ModB
	}
	switch op {
	case MOV, CMP, SEQ, SNE:
		return ModI
	case ADD, SUB, MUL, DIV, MOD:
		return ModF
	}
	return ModB
}

// Listing renders the warrior as pMARS lists it (without -b).
func (w *Warrior) Listing(coreSize int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Program \"%s\" (length %d) by \"%s\"\n\n", w.Name, len(w.Code), w.Author)
	inside := w.Start >= 0 && w.Start < len(w.Code)
	if inside && !w.Strict88 {
		b.WriteString("       ORG      START\n")
	}
	den := func(v int) int {
		if v > coreSize/2 {
			return v - coreSize
		}
		return v
	}
	for i, in := range w.Code {
		label := "      "
		if inside && i == w.Start {
			label = "START "
		}
		mod := "." + fmt.Sprintf("%-2s", in.Mod.String())
		if w.Strict88 {
			mod = "   "
		}
		fmt.Fprintf(&b, "%s %s%s %c%6d, %c%6d     \n", label, in.Op, mod, modeChars[in.AMode], den(in.A), modeChars[in.BMode], den(in.B))
	}
	if inside && w.Strict88 {
		b.WriteString("       END      START\n")
	}
	b.WriteString("\n")
	return b.String()
}
