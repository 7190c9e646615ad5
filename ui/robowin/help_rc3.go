package robowin

import (
	"fmt"
	"strings"

	"robocom/robolang"
)

// decidedCost marks the RC3 instructions whose rc3 cycles no source gives: RC3.md decides
// them (its section 11: "INIT 2, QUIT/SEIZE/RESUME/BREAK 1 [decided]: no source gives them").
// The other RC3 costs come from other implementations (RC3.md's [impl]).
var decidedCost = map[robolang.Opcode]bool{
	robolang.OpInit: true, robolang.OpQuit: true, robolang.OpSeize: true, robolang.OpResume: true, robolang.OpBreak: true,
}

// rc3Help is the help's RoboCom 3 part: the option sets, the instructions from robolang's
// table, the new operands, and which values RC3.md decides rather than knows.
func rc3Help() []helpLine {
	var l []helpLine
	add := func(style int, s string) { l = append(l, helpLine{text: s, style: style}) }
	add(1, "RoboCom 3: the option sets rc3 and rc3m")
	add(0, "rc3 has the RC3 instructions, variables and costs with one task per robot; rc3m (the competition set) adds multitasking with up to 10 tasks per robot. Choose them in the Options tab; the players are loaded again in the set's language (under classic an RC3 program is refused with a message naming the set).")
	add(0, "Values marked * are decided by RC3.md, not known from an original RoboCom source (RC3.md section 11 gives the evidence for each); the others come from RoboCom documents or other implementations.")
	var rows [][]string
	for _, in := range robolang.Instructions {
		if !in.Op.Valid() || !in.RC3 {
			continue
		}
		cost := fmt.Sprint(in.RC3Cost)
		switch {
		case in.Op == robolang.OpSleep:
			cost = "a"
		case decidedCost[in.Op]:
			cost += "*"
		}
		rows = append(rows, []string{signature(in), fmt.Sprint(in.Set), cost, in.Doc})
	}
	l = append(l, tableRows([]string{"instruction", "set", "rc3", "effect"}, rows)...)
	add(0, "RTRANS costs 14 + 1 per instruction of the remote bank; FARSCAN 10 + 3 per field (c). SLEEP a lasts a visits of its task (at least 1*).")
	add(0, "Errors: 16 a fetched instruction lasts longer than max-duration (1500; at fetch*); 13 FARSCAN c < 1, RANDOM b > c, ##k index outside 1..20*; 14 DIV/MOD by 0; 15 QUIT of the only task. DIV truncates toward zero*, MOD has the sign of a*; MUL checks elimination*, DIV/MOD/MIN/MAX never eliminate*.")
	var consts []string
	for c := robolang.Const(1); int(c) < len(robolang.ConstNames); c++ {
		if c.IsRC3() {
			consts = append(consts, robolang.ConstNames[c])
		}
	}
	add(1, "RoboCom 3 operands")
	add(0, "#Pub (one value for the game*) and #Team (one per team*), writable, start at 0. ##k (k = 1..20): the variable #v where v is the value of #k (arrays)*. @@label: the label's instruction number in its bank.")
	add(0, strings.Join(consts, " ")+" (own constants, read-only; values above 32767 read 32767*). $ID is drawn per team at the start*. %Age: the age of the robot in front (a remote).")
	add(1, "Multitasking (rc3m)")
	add(0, "INIT a, b starts a task at bank a, instruction b, right after the executing task in the ring* and facing that task's head*; at max-tasks (10*) it replaces the oldest other task. Each turn the robot visits the task after the one visited last; a task that sleeps passes the turn on. SEIZE pauses the other tasks until RESUME; BREAK ends every other task; QUIT ends the executing one. Variables, banks and #Active are shared by all tasks*; each task has its own head, which TURN, MOVE, SCAN, TRANS and CREATE use.")
	add(0, "On the board a robot with several tasks shows a small white arrow at the edge of its field for every direction one of its tasks faces; the pentagon points where the task visited last faces. The debugger lists the tasks: position, instruction in progress, head, asleep, paused, seized, which ran last and which runs next.")
	return l
}
