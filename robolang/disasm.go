package robolang

import (
	"strconv"
	"strings"
)

// Disassemble renders one instruction as source with every operand as the value the
// robot sees: labels appear as the numbers they were resolved to. The debugger uses it;
// it does not know whether the code is hidden — use Bank.Listing for that.
func Disassemble(in Instr) string {
	var b strings.Builder
	b.WriteString(in.Op.String())
	for i := 0; i < int(in.N) && i < len(in.Args); i++ {
		if i == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteString(", ")
		}
		o := in.Args[i]
		if o.Kind == KindNumber {
			b.WriteString(strconv.Itoa(int(o.Value)))
		} else {
			b.WriteString(o.String())
		}
	}
	return b.String()
}

// HiddenText is what the debugger shows instead of hidden (RBI) code.
const HiddenText = "(hidden)"

// Listing returns instruction i of the bank for display: its disassembly, or HiddenText
// if the bank came from an RBI program, or "" if there is no instruction i.
func (b *Bank) Listing(i int) string {
	if i < 0 || i >= len(b.Code) {
		return ""
	}
	if b.Hidden {
		return HiddenText
	}
	return Disassemble(b.Code[i])
}

// DisplayName is the bank's name for display: HiddenText for hidden banks.
func (b *Bank) DisplayName() string {
	if b.Hidden {
		return HiddenText
	}
	return b.Name
}
