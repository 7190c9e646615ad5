// Package vna is VNA Code (Virtual Node Array): the assembler and the game, exactly per
// ../shared/spec/CORE-LANGUAGES.md section 2 and the original post
// (../shared/seeds/003_b9405034b610f931.txt). Decisions the documents leave open are in
// RATIONALE.md ("VNA Code: ...").
package vna

import (
	"strconv"
	"strings"
)

// Cmd is a node's command.
type Cmd uint8

const (
	Blank Cmd = iota
	Copy
	Jump
	Bomb
	Split
	Merge
	EditA
	EditB
	EditC
	numCmds
)

// cmdNames are the spellings; cmdUses is how many values each command reads (the display
// shows at least these).
var (
	cmdNames = [numCmds]string{"BLANK", "COPY", "JUMP", "BOMB", "SPLIT", "MERGE", "EDITA", "EDITB", "EDITC"}
	cmdUses  = [numCmds]int{0, 2, 1, 0, 1, 0, 2, 2, 2}
)

func (c Cmd) String() string {
	if c < numCmds {
		return cmdNames[c]
	}
	return "CMD" + strconv.Itoa(int(c))
}

// Value is a node's a, b or c: a plain number (Expr == 0) or a function expression kept as
// written, Expr being its index in the expression pool. Expressions never change once
// loaded (EDITA/B/C store numbers), so copying a node copies the index.
type Value struct {
	Expr int32
	Num  int64
}

// Node is one cell of the ring.
type Node struct {
	Cmd Cmd
	V   [3]Value
}

// fn is an expression operator.
type fn uint8

const (
	fLit fn = iota // a number inside an expression
	fA
	fB
	fC
	fAdd
	fSub
	fMul
	fDiv
	fMod
	fPow
	fCom
	fExe
	fNum
	numFns
)

var fnNames = [numFns]string{"", "a", "b", "c", "add", "sub", "mul", "div", "mod", "pow", "com", "exe", "num"}
var fnArity = [numFns]int{0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 5, 0, 0}

// expr is one function call (or literal) of an expression; args index the same pool.
type expr struct {
	fn   fn
	lit  int64
	args []int32
}

// Pool holds the expressions of the programs loaded into one ring. Index 0 is unused so
// that Value.Expr == 0 means "a plain number".
type Pool struct {
	e []expr
}

func newPool() *Pool { return &Pool{e: make([]expr, 1)} }

func (p *Pool) add(x expr) int32 {
	p.e = append(p.e, x)
	return int32(len(p.e) - 1)
}

// format writes the expression at i in source notation.
func (p *Pool) format(sb *strings.Builder, i int32) {
	x := &p.e[i]
	if x.fn == fLit {
		sb.WriteString(strconv.FormatInt(x.lit, 10))
		return
	}
	sb.WriteString(fnNames[x.fn])
	sb.WriteByte('(')
	for k, a := range x.args {
		if k > 0 {
			sb.WriteByte(',')
		}
		p.format(sb, a)
	}
	sb.WriteByte(')')
}

// NodeString is the node in source notation, e.g. `EDITB -1, add(b(-1),1)`; values past
// those the command uses are shown only if they are not 0.
func (p *Pool) NodeString(n Node) string {
	var sb strings.Builder
	sb.WriteString(n.Cmd.String())
	if n.Cmd == Blank {
		return sb.String()
	}
	last := 0
	if n.Cmd < numCmds {
		last = cmdUses[n.Cmd]
	}
	for k := 2; k >= last; k-- {
		if n.V[k] != (Value{}) {
			last = k + 1
			break
		}
	}
	for k := 0; k < last; k++ {
		if k == 0 {
			sb.WriteByte(' ')
		} else {
			sb.WriteString(", ")
		}
		if n.V[k].Expr != 0 {
			p.format(&sb, n.V[k].Expr)
		} else {
			sb.WriteString(strconv.FormatInt(n.V[k].Num, 10))
		}
	}
	return sb.String()
}
