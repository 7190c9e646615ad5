// Package redcode is a Redcode assembler and MARS that behaves like pMARS 0.9.2
// (server build): the same language, placement, random sequence, results and
// output bytes. See ../../../shared/spec/REDCODE.md and PMARS-DETAILS.md.
package redcode

// Opcode numbers are pMARS's internal ones; they enter the -f checksum.
type Opcode uint8

const (
	MOV Opcode = iota
	ADD
	SUB
	MUL
	DIV
	MOD
	JMZ
	JMN
	DJN
	CMP
	SLT
	SPL
	DAT
	JMP
	SEQ
	SNE
	NOP
	LDP
	STP
	numOpcodes
)

var opcodeNames = [numOpcodes]string{"MOV", "ADD", "SUB", "MUL", "DIV", "MOD", "JMZ", "JMN", "DJN", "CMP",
	"SLT", "SPL", "DAT", "JMP", "SEQ", "SNE", "NOP", "LDP", "STP"}

func (o Opcode) String() string {
	if o < numOpcodes {
		return opcodeNames[o]
	}
	return "???"
}

// Modifier numbers are pMARS's internal ones.
type Modifier uint8

const (
	ModA Modifier = iota
	ModB
	ModAB
	ModBA
	ModF
	ModX
	ModI
	numModifiers
)

var modifierNames = [numModifiers]string{"A", "B", "AB", "BA", "F", "X", "I"}

func (m Modifier) String() string {
	if m < numModifiers {
		return modifierNames[m]
	}
	return "?"
}

// Mode is an addressing mode, numbered in the order of its symbol in modeChars.
type Mode uint8

const (
	Immediate Mode = iota // #
	Direct                // $
	BIndirect             // @
	BPredec               // <
	BPostinc              // >
	AIndirect             // *
	APredec               // {
	APostinc              // }
	numModes
)

const modeChars = "#$@<>*{}"

// pmarsModeCode is the number pMARS stores for a mode (used by the -f checksum).
var pmarsModeCode = [numModes]int64{0, 1, 2, 3, 4, 130, 131, 132}

func (m Mode) String() string { return modeChars[m : m+1] }

// Instruction is one assembled instruction; A and B are core values 0..S-1.
type Instruction struct {
	Op    Opcode
	Mod   Modifier
	AMode Mode
	BMode Mode
	A, B  int
}

// Warrior is an assembled program.
type Warrior struct {
	Name, Author string
	Code         []Instruction
	Start        int   // start offset (may lie outside the code, with a warning)
	PIN          int64 // valid when HasPIN
	HasPIN       bool
	Strict88     bool // assembled with -8 (changes the listing style)
}

// DefaultPSpaceSize is pMARS's default: S/i for the largest i <= 16 dividing S.
func DefaultPSpaceSize(coreSize int) int {
	for i := 16; i >= 1; i-- {
		if coreSize%i == 0 {
			return coreSize / i
		}
	}
	return coreSize
}
