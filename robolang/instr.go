// Package robolang is the RoboCom language: the instruction table, the program model, the
// assembler that loads .rob source, the formatter that writes it back, and the RBI format.
//
// The instruction table (Instructions) is the one place that says what an instruction is
// called, which operands it takes, which instruction set it needs and which cost rule it
// follows. The assembler, the formatter/disassembler and the arena's VM all read it.
package robolang

import (
	"sync"
)

// Opcode names an instruction. The zero value is invalid.
type Opcode uint8

// Classic instructions (ROBOCOM.md section 5), then the RC3 additions (section 11), which the
// assembler accepts only when Options.RC3 is set.
const (
	OpInvalid Opcode = iota

	classicBeg
	OpAdd
	OpSub
	OpSet
	OpComp
	OpJump
	OpBJump
	OpTurn
	OpMove
	OpDie
	OpScan
	OpTrans
	OpCreate
	classicEnd

	rc3Beg
	OpAJump
	OpRTrans
	OpFarScan
	OpRandom
	OpMul
	OpDiv
	OpMod
	OpMin
	OpMax
	OpInit
	OpQuit
	OpSeize
	OpResume
	OpBreak
	OpSleep
	rc3End

	NumOpcodes // one past the last opcode; sizes per-opcode tables
)

// IsClassic reports whether op is one of the 12 original instructions.
func (op Opcode) IsClassic() bool { return op > classicBeg && op < classicEnd }

// IsRC3 reports whether op is a RoboCom 3 addition.
func (op Opcode) IsRC3() bool { return op > rc3Beg && op < rc3End }

// Valid reports whether op names an instruction.
func (op Opcode) Valid() bool { return op.IsClassic() || op.IsRC3() }

// Info returns the table row of op; the zero InstrInfo for an invalid opcode.
func (op Opcode) Info() InstrInfo {
	if int(op) < len(Instructions) {
		return Instructions[op]
	}
	return InstrInfo{}
}

func (op Opcode) String() string {
	if n := op.Info().Name; n != "" {
		return n
	}
	return "INVALID"
}

// ArgMode says what an instruction does with one operand.
type ArgMode uint8

const (
	ArgRead  ArgMode = iota + 1 // any readable operand
	ArgWrite                    // must be writable: #1..#20, #Active, %Active
)

// InstrInfo is one row of the instruction table.
type InstrInfo struct {
	Op      Opcode
	Name    string    // canonical upper-case mnemonic
	Args    []ArgMode // operand modes, in order
	Set     int       // instruction set the executing robot needs (0 Basic, 1 Advanced, 2 Super)
	Cost    int       // cycles in the classic set (for TRANS, CREATE, RTRANS, FARSCAN the base of their formula; SLEEP's is added to a)
	RC3Cost int       // the same in the rc3 and rc3m sets (RC3.md 1); an RC3 instruction's Cost equals it
	CostKey string    // the option key suffix: "-opt cost.<CostKey>=N"
	RC3     bool      // accepted only with the rc3 language option
	Doc     string    // one-line description for help panels and the disassembler
}

var (
	w    = []ArgMode{ArgWrite}
	r    = []ArgMode{ArgRead}
	wr   = []ArgMode{ArgWrite, ArgRead}
	rr   = []ArgMode{ArgRead, ArgRead}
	rrr  = []ArgMode{ArgRead, ArgRead, ArgRead}
	wwr  = []ArgMode{ArgWrite, ArgWrite, ArgRead}
	wrr  = []ArgMode{ArgWrite, ArgRead, ArgRead}
	none = []ArgMode{}
)

// Instructions is the instruction table, indexed by Opcode. Classic costs are ROBOCOM.md
// section 5; the rc3 costs (RC3Cost, and Cost of the RC3 rows, which classic keeps unused)
// are RC3.md section 1, where the evidence for each is given.
var Instructions = [NumOpcodes]InstrInfo{
	OpAdd:    {OpAdd, "ADD", wr, 0, 6, 2, "add", false, "a := a + b (elimination check)"},
	OpSub:    {OpSub, "SUB", wr, 0, 6, 2, "sub", false, "a := a - b (elimination check)"},
	OpSet:    {OpSet, "SET", wr, 0, 5, 2, "set", false, "a := b"},
	OpComp:   {OpComp, "COMP", rr, 0, 3, 2, "comp", false, "skip the next instruction if a = b"},
	OpJump:   {OpJump, "JUMP", r, 0, 2, 1, "jump", false, "relative jump by a instructions"},
	OpBJump:  {OpBJump, "BJUMP", rr, 0, 5, 2, "bjump", false, "continue in bank a at instruction b"},
	OpTurn:   {OpTurn, "TURN", r, 0, 5, 8, "turn", false, "turn left if a = 0, else right"},
	OpMove:   {OpMove, "MOVE", none, 0, 18, 20, "move", false, "step onto the reference field if free"},
	OpDie:    {OpDie, "DIE", none, 0, 1, 1, "die", false, "the robot is removed"},
	OpScan:   {OpScan, "SCAN", w, 1, 6, 8, "scan", false, "a := 0 empty, 1 enemy, 2 friend"},
	OpTrans:  {OpTrans, "TRANS", rr, 1, 5, 14, "trans", false, "copy own bank a over bank b of the robot in front"},
	OpCreate: {OpCreate, "CREATE", rrr, 2, 50, 100, "create", false, "build a robot: set a, b banks, mobile c"},

	OpAJump:   {OpAJump, "AJUMP", r, 0, 1, 1, "ajump", true, "absolute jump to instruction a of this bank"},
	OpRTrans:  {OpRTrans, "RTRANS", rr, 1, 14, 14, "rtrans", true, "copy bank a of the robot in front over own bank b"},
	OpFarScan: {OpFarScan, "FARSCAN", wwr, 1, 10, 10, "farscan", true, "look up to c fields ahead: a := 0 none, 1 enemy, 2 friend; b := distance"},
	OpRandom:  {OpRandom, "RANDOM", wrr, 0, 1, 1, "random", true, "a := a random number in b..c"},
	OpMul:     {OpMul, "MUL", wr, 0, 2, 2, "mul", true, "a := a * b (elimination check)"},
	OpDiv:     {OpDiv, "DIV", wr, 0, 2, 2, "div", true, "a := a / b, truncated toward zero"},
	OpMod:     {OpMod, "MOD", wr, 0, 2, 2, "mod", true, "a := a mod b, with the sign of a"},
	OpMin:     {OpMin, "MIN", wr, 0, 2, 2, "min", true, "a := min(a, b)"},
	OpMax:     {OpMax, "MAX", wr, 0, 2, 2, "max", true, "a := max(a, b)"},
	OpInit:    {OpInit, "INIT", rr, 0, 2, 2, "init", true, "start a new task at bank a, instruction b"},
	OpQuit:    {OpQuit, "QUIT", none, 0, 1, 1, "quit", true, "end the executing task"},
	OpSeize:   {OpSeize, "SEIZE", none, 0, 1, 1, "seize", true, "pause the other tasks until RESUME"},
	OpResume:  {OpResume, "RESUME", none, 0, 1, 1, "resume", true, "end the seizure: the other tasks run again"},
	OpBreak:   {OpBreak, "BREAK", none, 0, 1, 1, "break", true, "end every task but the executing one"},
	OpSleep:   {OpSleep, "SLEEP", r, 0, 0, 0, "sleep", true, "wait a cycles, passing the turn on to the other tasks"},
}

// byName is built on first use, so that starting a program that assembles no RoboCom costs nothing.
var byName = sync.OnceValue(func() map[string]Opcode {
	m := make(map[string]Opcode)
	for op := Opcode(1); op < NumOpcodes; op++ {
		if op.Valid() {
			m[Instructions[op].Name] = op
		}
	}
	return m
})

// LookupOpcode finds a mnemonic, case-insensitively. It returns OpInvalid if there is none.
// Whether an RC3 mnemonic is allowed is the caller's business (see Opcode.IsRC3).
func LookupOpcode(name string) Opcode { return byName()[asciiUpper(name)] } // (ASCII letters only: see asciiLower)
