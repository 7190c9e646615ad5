package redcode

import (
	"os"
	"testing"
)

func TestDbgValidate(t *testing.T) {
	if os.Getenv("DBG") == "" {
		t.Skip()
	}
	st := hillSettings(t, hill94+" -r 1")
	ws := loadBattleWarriors(t, st, []string{os.Getenv("DBG")})
	m, _ := NewMachine(MachineConfig{CoreSize: 8000, MaxProcesses: 8000, Cycles: 80000}, ws)
	m.LoadRound([]int{0}, 0)
	for i := 0; i < 2000 && !m.RoundOver(); i++ {
		pc := m.ws[0].q.At(0)
		in, _ := m.Cell(pc)
		ev := m.Step()
		t.Logf("%5d %4d %v.%v %v%d %v%d  procs=%d died=%v", i, pc, in.Op, in.Mod, in.AMode, in.A, in.BMode, in.B, m.ProcessCount(0), ev.ProcessDied)
	}
}
