package redcode

import (
	"fmt"
	"os"
	"sort"
	"testing"
)

// TestInstructionFrequencies (REDCODE_FREQ=1) prints the commonest instruction forms on
// bench-pairs.txt: how the specialised paths in sim.go were chosen. With
// REDCODE_FREQ=general it prints only the forms that take the general path, and
// for every pair the share of its steps that do.
func TestInstructionFrequencies(t *testing.T) {
	if os.Getenv("REDCODE_FREQ") == "" {
		t.Skip()
	}
	pairs := benchPairs(t)
	st := hillSettings(t, hill94+" -F 4000 -r 5")
	freq := map[string]int{}
	total := 0
	general := os.Getenv("REDCODE_FREQ") == "general" // only the general path's forms
	for _, p := range pairs {
		pairGeneral, pairTotal := 0, 0
		ws := loadBattleWarriors(t, st, p[:])
		m, _ := NewMachine(Settings{CoreSize: 8000, MaxProcesses: 8000, Cycles: 80000}, ws)
		pl := newPlacer(st, ws, 0)
		pos := make([]int, 2)
		for r := 0; r < 5; r++ {
			first := pl.next(pos)
			m.LoadRound(pos, first)
			for !m.RoundOver() {
				pc := m.PC(m.cur)
				in, _ := m.Cell(pc)
				c := cellAt(m.core, uint32(pc)<<cellShift)
				total++
				pairTotal++
				if !general || c.kind&fastMask == fastNone {
					freq[fmt.Sprintf("%v.%v %v %v", in.Op, in.Mod, in.AMode, in.BMode)]++
				}
				if c.kind&fastMask == fastNone {
					pairGeneral++
				}
				m.Step()
			}
		}
		t.Logf("%s %s: %.2f%% general of %d", p[0], p[1], 100*float64(pairGeneral)/float64(pairTotal), pairTotal)
	}
	type kv struct {
		k string
		v int
	}
	var kvs []kv
	for k, v := range freq {
		kvs = append(kvs, kv{k, v})
	}
	sort.Slice(kvs, func(i, j int) bool { return kvs[i].v > kvs[j].v })
	cum := 0
	for i, e := range kvs {
		cum += e.v
		if i < 40 {
			t.Logf("%-16s %5.2f%% cum %5.1f%%", e.k, 100*float64(e.v)/float64(total), 100*float64(cum)/float64(total))
		}
	}
	t.Logf("%d distinct", len(kvs))
}
