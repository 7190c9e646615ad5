package robolang

import "fmt"

// OperandKind is what an operand refers to (ROBOCOM.md section 4).
type OperandKind uint8

const (
	KindNone     OperandKind = iota // no operand
	KindNumber                      // a literal or a resolved label; Operand.Value is the number
	KindVar                         // #1..#20; Operand.Value is 1..20
	KindActive                      // #Active, the robot's own activity (writable)
	KindConst                       // $Banks, $Mobile, ...; Operand.Value is a Const
	KindRemote                      // %Active, %Banks, ...; Operand.Value is a Remote
	KindIndirect                    // ##k (rc3): the variable #v, v = the value of #k; Operand.Value is k, 1..20
)

// Const identifies an own constant ($name).
type Const int16

const (
	ConstBanks    Const = iota + 1 // $Banks: banks owned, empty ones included
	ConstMobile                    // $Mobile: 0 or 1
	ConstInstrSet                  // $InstrSet: 0..2
	ConstFields                    // $Fields: the board size n
	// RC3 constants (accepted only with the rc3 language option).
	ConstTime
	ConstAge
	ConstOwn
	ConstOthers
	ConstID
	ConstGeneration
	ConstInstrPos
	ConstElimTrigger
	ConstTimeout
	ConstTasks
	numConsts
)

// ConstNames are the canonical spellings, indexed by Const.
var ConstNames = [numConsts]string{
	ConstBanks: "$Banks", ConstMobile: "$Mobile", ConstInstrSet: "$InstrSet", ConstFields: "$Fields",
	ConstTime: "$Time", ConstAge: "$Age", ConstOwn: "$Own", ConstOthers: "$Others", ConstID: "$ID",
	ConstGeneration: "$Generation", ConstInstrPos: "$InstrPos", ConstElimTrigger: "$ElimTrigger",
	ConstTimeout: "$Timeout", ConstTasks: "$Tasks",
}

// IsRC3 reports whether c exists only in the rc3 language.
func (c Const) IsRC3() bool { return c >= ConstTime }

// Remote identifies a property of the robot on the reference field (%name).
type Remote int16

const (
	RemoteActive   Remote = iota + 1 // %Active: the only writable remote
	RemoteBanks                      // %Banks
	RemoteMobile                     // %Mobile
	RemoteInstrSet                   // %InstrSet
	RemoteAge                        // %Age (rc3)
	numRemotes
)

// IsRC3 reports whether r exists only in the rc3 language.
func (r Remote) IsRC3() bool { return r == RemoteAge }

// RemoteNames are the canonical spellings, indexed by Remote.
var RemoteNames = [numRemotes]string{
	RemoteActive: "%Active", RemoteBanks: "%Banks", RemoteMobile: "%Mobile", RemoteInstrSet: "%InstrSet",
	RemoteAge: "%Age",
}

// RC3 has two more writable variables, #Pub and #Team; they are KindVar with these numbers,
// past the 20 private variables.
const (
	VarPub  = 21 // #Pub (rc3)
	VarTeam = 22 // #Team (rc3)
)

// NumVars is the number of private variables #1..#20.
const NumVars = 20

// Operand is one resolved operand of an instruction.
type Operand struct {
	Kind  OperandKind
	Value int16  // the number, the variable number, or the Const/Remote id
	Label string // for a KindNumber that came from "@name": the name as written, for the formatter
	Abs   bool   // for such a label: written "@@name" (rc3), the labelled instruction's number in its bank
}

// Writable reports whether the operand can be the target of a write.
func (o Operand) Writable() bool {
	return o.Kind == KindVar || o.Kind == KindActive || o.Kind == KindIndirect ||
		(o.Kind == KindRemote && Remote(o.Value) == RemoteActive)
}

// IsRemote reports whether reading or writing the operand looks at the reference field
// (and so needs instruction set 1 and costs the remote surcharge).
func (o Operand) IsRemote() bool { return o.Kind == KindRemote }

// String renders the operand as source (labels by name).
func (o Operand) String() string {
	switch o.Kind {
	case KindNumber:
		if o.Label != "" {
			if o.Abs {
				return "@@" + o.Label
			}
			return "@" + o.Label
		}
		return fmt.Sprint(o.Value)
	case KindVar:
		switch o.Value {
		case VarPub:
			return "#Pub"
		case VarTeam:
			return "#Team"
		}
		return fmt.Sprintf("#%d", o.Value)
	case KindActive:
		return "#Active"
	case KindIndirect:
		return fmt.Sprintf("##%d", o.Value)
	case KindConst:
		if c := Const(o.Value); c > 0 && c < numConsts {
			return ConstNames[c]
		}
	case KindRemote:
		if rm := Remote(o.Value); rm > 0 && rm < numRemotes {
			return RemoteNames[rm]
		}
	}
	return "?"
}

// Pos is a position in a source file. Line and Col start at 1; Col counts characters
// (not bytes). The zero Pos means "unknown".
type Pos struct {
	Line, Col int
}

func (p Pos) String() string {
	if p.Line == 0 {
		return "-"
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Col)
}

// Instr is one assembled instruction: its opcode and its operands, already resolved.
type Instr struct {
	Op   Opcode
	N    uint8      // number of operands in use
	Args [3]Operand // Args[:N] are the operands
	Pos  Pos        // where the instruction stands in its source; zero for hidden (RBI) code
}

func (in Instr) String() string {
	s := in.Op.String()
	for i := 0; i < int(in.N); i++ {
		if i == 0 {
			s += " "
		} else {
			s += ", "
		}
		s += in.Args[i].String()
	}
	return s
}

// Bank is one code bank. Banks are numbered from 1 in the game; Program.Banks[0] is bank 1.
type Bank struct {
	Name   string
	Code   []Instr
	Hidden bool // came from an RBI program: the UI must not show its code or name
}

// Program is a loaded RoboCom program.
type Program struct {
	Name    string // from the Name header, else the file name without folder and extension
	Author  string
	Country string
	File    string // the path it was loaded from, as given
	Banks   []Bank
	Hidden  bool    // loaded from an RBI file: every bank is Hidden
	RC3     bool    // uses RC3 instructions or constants
	Labels  []Label // label definitions in source order, for the formatter; nil for RBI programs
	// Source is the file's bytes as LoadFile and LoadBytes loaded them (source or RBI), so
	// that what names the program (a part's sha256) is what was played, not a later read.
	Source []byte
}

// Limits of the language (ROBOCOM.md section 3).
const (
	MaxBanks        = 50
	MaxInstructions = 1000
)
