package redcode

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// TestBattleCoresAgree: a battle played on several cores gives the same
// scores and the same rounds, in the same order, as on one core, for the
// placement options (-F, -P, -f, the clock seed), several -r and 2-4 warriors;
// a p-space warrior makes the battle sequential.
func TestBattleCoresAgree(t *testing.T) {
	const dir = "warriors/koenigstuhl-94nop/"
	tests := []struct {
		opts  string
		names []string
	}{
		{"-r 50 -F 4000", []string{dir + "borgir.red", dir + "comphunter.red"}},
		{"-r 37", []string{dir + "executor.red", dir + "baselinep.red"}},
		{"-r 40 -P", []string{dir + "enlightment2.red", dir + "borgir.red"}},
		{"-r 25 -f", []string{dir + "comphunter.red", dir + "executor.red", "dwarf.red"}},
		{"-r 30 -s 1600 -c 8000 -d 100", []string{"dwarf.red", "imp.red", dir + "borgir.red", dir + "baselinep.red"}},
		{"-r 1", []string{dir + "borgir.red", "dwarf.red"}},
		{"-r 9 -F 300", []string{"warriors/koenigstuhl-94/bigbrother.red", "warriors/koenigstuhl-94/neverbrut7.red"}},
	}
	for _, tc := range tests {
		st, err := ParseSettings(strings.Fields(tc.opts))
		if err != nil {
			t.Fatal(err)
		}
		ws := testdataWarriors(t, st, tc.names...)
		play := func(cores int) (string, []string) {
			st.Cores = cores
			var rounds []string
			m, err := Battle(st, ws, 12345, func(ri RoundInfo) {
				rounds = append(rounds, fmt.Sprint(ri.Positions, ri.First, ri.Executed, ri.Alive))
			})
			if err != nil {
				t.Fatal(err)
			}
			text, _ := Results(m, ws, st)
			return text + fmt.Sprint(m.Scores), rounds
		}
		want, wantRounds := play(1)
		if len(wantRounds) != st.Rounds {
			t.Fatalf("%s: %d rounds reported, want %d", tc.opts, len(wantRounds), st.Rounds)
		}
		for _, cores := range []int{2, 3, 8} {
			got, gotRounds := play(cores)
			if got != want || !slices.Equal(gotRounds, wantRounds) {
				t.Errorf("%s %v on %d cores:\n%s\nwant (one core)\n%s", tc.opts, tc.names, cores, got, want)
			}
		}
	}
	st, _ := ParseSettings(nil)
	if ws := testdataWarriors(t, st, "warriors/koenigstuhl-94/bigbrother.red", "dwarf.red"); !UsesPSpace(ws) {
		t.Error("bigbrother uses p-space but the battle would be played in parallel")
	}
	if ws := testdataWarriors(t, st, "dwarf.red", "imp.red"); UsesPSpace(ws) {
		t.Error("dwarf and imp use no p-space but the battle would be sequential")
	}
}

// TestBattleAllocationsDoNotGrowWithRounds: a battle allocates its machines
// and buffers once, never per round (on one core and on several).
func TestBattleAllocationsDoNotGrowWithRounds(t *testing.T) {
	for _, cores := range []int{1, 2} {
		allocs := func(rounds string) float64 {
			st, _ := ParseSettings(strings.Fields("-F 4000 -c 2000 -r " + rounds))
			st.Cores = cores
			ws := testdataWarriors(t, st, "dwarf.red", "imp.red")
			return testing.AllocsPerRun(3, func() { Battle(st, ws, 0, func(RoundInfo) {}) })
		}
		few, many := allocs("10"), allocs("300")
		if many > few+2 {
			t.Errorf("%d cores: %v allocations for 10 rounds, %v for 300", cores, few, many)
		}
	}
}

// TestMachineApart: a machine made for a thread beside others has its core and queues at
// the start of a span of address space of its own (see NewMachineApart), keeps them while
// it is in use however many others are made and collected meanwhile, and plays as
// NewMachine's.
func TestMachineApart(t *testing.T) {
	const dir = "warriors/koenigstuhl-94nop/"
	st, err := ParseSettings(strings.Fields("-r 20"))
	if err != nil {
		t.Fatal(err)
	}
	ws := testdataWarriors(t, st, dir+"borgir.red", dir+"comphunter.red")
	play := func(m *Machine) string {
		pl := newPlacer(st, ws, 7)
		pos := make([]int, len(ws))
		for range st.Rounds {
			m.LoadRound(pos, pl.next(pos))
			m.RunRound()
		}
		return fmt.Sprint(m.Scores)
	}
	plain, err := NewMachine(*st, ws)
	if err != nil {
		t.Fatal(err)
	}
	want := play(plain)
	kept, err := NewMachineApart(*st, ws)
	if err != nil {
		t.Fatal(err)
	}
	if a := uintptr(unsafe.Pointer(&kept.core[0])); a%apartSpan != 0 {
		t.Errorf("the core starts at %#x, not on a boundary of %d bytes", a, apartSpan)
	}
	for range 40 {
		if _, err := NewMachineApart(*st, ws); err != nil {
			t.Fatal(err)
		}
		runtime.GC()
	}
	if got := play(kept); got != want {
		t.Errorf("scores %s, want NewMachine's %s", got, want)
	}
	runtime.KeepAlive(kept)
}
