// Package cw is Hofmann's "Corewars" language (.cw files): the assembler and the virtual
// machine, exactly per ../shared/spec/CORE-LANGUAGES.md section 1 and the original README
// (../shared/seeds/000_269a642cf518d66b.txt). Decisions the documents leave open are in
// RATIONALE.md ("Corewars (.cw): ...").
package cw

import (
	"strconv"
	"strings"
)

// Op is an instruction; Data marks a cell holding an integer.
type Op uint8

const (
	Data Op = iota
	Move
	Add
	Neg
	Mul
	Div
	Mod
	And
	Not
	Equal
	Less
	Jump
	Fork
	Info
	System
	Own
	Loop
	Movei
	numOps
)

// Mode is how an operand is stored in a cell. The assembler turns `123` and `&label` into
// Imm (a plain number), `label` into Dir and `[label]` into Ind; offsets are relative to the
// cell holding the instruction.
type Mode uint8

const (
	Imm Mode = iota // the number itself
	Dir             // the cell at offset A (B)
	Ind             // the cell at (offset + the integer held there), counted from the offset cell
)

// Class is what the assembler accepts for an operand.
type class uint8

const (
	none  class = iota
	value       // any of 123, &label, label, [label]
	dest        // label or [label]: a cell to write, or an address to go to
	cell        // label only (movei)
)

type opInfo struct {
	name string
	a, b class
}

// ops is the instruction table the assembler, the disassembler and the machine read.
var ops = [numOps]opInfo{
	Data:   {"data", none, none}, // operand parsed specially: integer or &label
	Move:   {"move", value, dest},
	Add:    {"add", value, dest},
	Neg:    {"neg", value, dest},
	Mul:    {"mul", value, dest},
	Div:    {"div", value, dest},
	Mod:    {"mod", value, dest},
	And:    {"and", value, dest},
	Not:    {"not", value, dest},
	Equal:  {"equal", value, value},
	Less:   {"less", value, value},
	Jump:   {"jump", dest, none},
	Fork:   {"fork", dest, none},
	Info:   {"info", value, dest},
	System: {"system", value, value},
	Own:    {"own", dest, none},
	Loop:   {"loop", dest, dest},
	Movei:  {"movei", cell, cell},
}

func (o Op) String() string {
	if o < numOps {
		return ops[o].name
	}
	return "op" + strconv.Itoa(int(o))
}

// Instr is a cell's content: an instruction with its operands, or (Op == Data) the integer A.
type Instr struct {
	Op     Op
	AM, BM Mode
	A, B   int32
}

// String is the content in core notation: `data 5`, or the instruction with numbers for
// immediates, `@+3` for the cell 3 further on (source `label`) and `[@+3]` for the cell it
// points to (source `[label]`), since the labels are gone once a program is in the core.
func (in Instr) String() string {
	if in.Op == Data {
		return "data " + strconv.Itoa(int(in.A))
	}
	var sb strings.Builder
	sb.WriteString(in.Op.String())
	info := opInfo{}
	if in.Op < numOps {
		info = ops[in.Op]
	}
	if info.a != none {
		sb.WriteByte(' ')
		writeOperand(&sb, in.AM, in.A)
	}
	if info.b != none {
		sb.WriteString(", ")
		writeOperand(&sb, in.BM, in.B)
	}
	return sb.String()
}

func writeOperand(sb *strings.Builder, m Mode, v int32) {
	s := strconv.Itoa(int(v))
	if v >= 0 {
		s = "+" + s
	}
	switch m {
	case Imm:
		sb.WriteString(strconv.Itoa(int(v)))
	case Dir:
		sb.WriteString("@" + s)
	case Ind:
		sb.WriteString("[@" + s + "]")
	default:
		sb.WriteString("?" + s)
	}
}
