package redcode

import (
	"fmt"
	"strconv"
	"strings"

	"robocom/internal/srcerr"
)

// The '86 dialect of the Atari ST Corewar document (../shared/seeds/
// 001_62ee2ded83de7d80.txt): ten instructions, modes # @ < and direct,
// "LABEL:" declarations, a START label as the entry point, ';' comments,
// blanks between fields. It is an input dialect of the arena mode, not of
// "robocom mars". The choices the document leaves open are in RATIONALE.md.

var opcodes86 = map[string]Opcode{"MOV": MOV, "ADD": ADD, "SUB": SUB, "JMP": JMP, "JMZ": JMZ, "JMN": JMN,
	"DJN": DJN, "CMP": CMP, "SPL": SPL, "DAT": DAT}

// operands86 is how many arguments each instruction takes (DAT: 1 or 2).
var operands86 = map[Opcode]int{MOV: 2, ADD: 2, SUB: 2, JMP: 1, JMZ: 2, JMN: 2, DJN: 2, CMP: 2, SPL: 1, DAT: 2}

type field86 struct {
	mode  Mode
	label string
	value int
	col   int
}

type line86 struct {
	num  int
	op   Opcode
	args []field86
}

// Assemble86 loads an '86 program for a core of coreSize cells. name names
// the program (the document keeps names outside the source).
func Assemble86(file string, src []byte, coreSize int) (*Warrior, srcerr.List) {
	var errs srcerr.List
	fail := func(line, col int, format string, a ...any) {
		errs.Add(file, line, col, fmt.Sprintf(format, a...))
	}
	labels := map[string]int{}
	var lines []line86
	for i, raw := range strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n") {
		num := i + 1
		if k := strings.IndexByte(raw, ';'); k >= 0 {
			raw = raw[:k]
		}
		type word struct {
			text string
			col  int
		}
		var words []word
		for k := 0; k < len(raw); {
			if isBlank(raw[k]) || raw[k] == ',' {
				k++
				continue
			}
			st := k
			for k < len(raw) && !isBlank(raw[k]) && raw[k] != ',' {
				k++
			}
			words = append(words, word{raw[st:k], st + 1})
		}
		// The document prints its examples with line numbers ("1.  MOV 0 1").
		if len(words) > 0 && strings.HasSuffix(words[0].text, ".") {
			if _, err := strconv.Atoi(strings.TrimSuffix(words[0].text, ".")); err == nil {
				words = words[1:]
			}
		}
		if len(words) == 0 {
			continue
		}
		if strings.HasSuffix(words[0].text, ":") {
			name := strings.ToUpper(strings.TrimSuffix(words[0].text, ":"))
			if name == "" || strings.IndexFunc(name, func(r rune) bool { return r < 'A' || r > 'Z' }) >= 0 {
				fail(num, words[0].col, "label %q must be letters only", strings.TrimSuffix(words[0].text, ":"))
				continue
			}
			if _, isOp := opcodes86[name]; isOp {
				fail(num, words[0].col, "label %q is an instruction name", name)
				continue
			}
			if _, dup := labels[name]; dup {
				fail(num, words[0].col, "label %s is defined twice", name)
				continue
			}
			labels[name] = len(lines)
			words = words[1:]
			if len(words) == 0 {
				continue // the label names the next instruction
			}
		}
		op, ok := opcodes86[strings.ToUpper(words[0].text)]
		if !ok {
			fail(num, words[0].col, "unknown instruction %q (want MOV ADD SUB JMP JMZ JMN DJN CMP SPL DAT)", words[0].text)
			continue
		}
		args := words[1:]
		want := operands86[op]
		if len(args) == 0 || len(args) > want || (len(args) < want && op != DAT) {
			fail(num, words[0].col, "%s takes %d argument(s), found %d", op, want, len(args))
			continue
		}
		l := line86{num: num, op: op}
		badArg := false
		for _, a := range args {
			f := field86{mode: Direct, col: a.col}
			t := a.text
			switch t[0] {
			case '#':
				f.mode, t = Immediate, t[1:]
			case '@':
				f.mode, t = BIndirect, t[1:]
			case '<':
				f.mode, t = BPredec, t[1:]
			}
			if n, err := strconv.Atoi(t); err == nil {
				f.value = n
			} else if t != "" && strings.IndexFunc(strings.ToUpper(t), func(r rune) bool { return r < 'A' || r > 'Z' }) < 0 {
				f.label = strings.ToUpper(t)
			} else {
				fail(num, a.col, "bad argument %q: want [#@<] followed by an integer or a label", a.text)
				badArg = true
				continue
			}
			l.args = append(l.args, f)
		}
		if badArg {
			continue // reported; code generation needs every argument
		}
		lines = append(lines, l)
	}
	w := &Warrior{Name: file, Author: "Anonymous"}
	if s, ok := labels["START"]; ok {
		w.Start = s
	}
	for idx, l := range lines {
		vals := make([]field86, len(l.args))
		for k, f := range l.args {
			if f.label != "" {
				v, ok := labels[f.label]
				if !ok {
					fail(l.num, f.col, "undefined label %s", f.label)
					continue
				}
				f.value = v - idx
			}
			vals[k] = f
		}
		var a, b field86
		switch {
		case len(vals) == 1 && l.op == DAT:
			a, b = field86{mode: Immediate}, vals[0]
		case len(vals) == 1:
			a, b = vals[0], field86{mode: Direct}
		default:
			a, b = vals[0], vals[1]
		}
		if l.op == DAT && (a.mode != Immediate && a.mode != BPredec || b.mode != Immediate && b.mode != BPredec) {
			// DAT holds numbers: '#' is implied (DAT 833 = DAT #833).
			if a.mode == Direct {
				a.mode = Immediate
			}
			if b.mode == Direct {
				b.mode = Immediate
			}
			if a.mode == BIndirect || b.mode == BIndirect {
				fail(l.num, 1, "DAT takes numbers, not @ addresses")
			}
		}
		if b.mode == Immediate && (l.op == MOV || l.op == ADD || l.op == SUB || l.op == CMP) {
			fail(l.num, b.col, "%s cannot write to an immediate B argument", l.op)
		}
		if a.mode == Immediate && (l.op == JMP || l.op == JMZ || l.op == JMN || l.op == DJN || l.op == SPL) {
			fail(l.num, a.col, "%s needs an address, not an immediate A argument", l.op)
		}
		mod := defaultModifier(l.op, a.mode, b.mode)
		w.Code = append(w.Code, Instruction{Op: l.op, Mod: mod, AMode: a.mode, BMode: b.mode,
			A: reduceMod(a.value, coreSize), B: reduceMod(b.value, coreSize)})
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if len(w.Code) == 0 {
		return nil, srcerr.List{{File: file, Line: 1, Col: 1, Msg: "no instructions"}}
	}
	return w, nil
}

func reduceMod(v, s int) int {
	v %= s
	if v < 0 {
		v += s
	}
	return v
}
