package redcode

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func testdataWarriors(t *testing.T, st *Settings, names ...string) []*Warrior {
	t.Helper()
	var ws []*Warrior
	for i, n := range names {
		src, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil {
			t.Fatal(err)
		}
		cfg := st.AssemblerConfig(len(names))
		if i > 0 {
			cfg.InitialRegs = [26]int64{}
		}
		w, diag := Assemble(src, cfg)
		if w == nil {
			t.Fatalf("%s: %s", n, diag.Stderr())
		}
		ws = append(ws, w)
	}
	return ws
}

func TestRNG(t *testing.T) {
	if rng(0) != 0 || rng(1) != 16807 {
		t.Errorf("rng(0)=%d rng(1)=%d", rng(0), rng(1))
	}
}

// placements runs rounds of an empty battle and returns "pos... first" per round.
func placements(t *testing.T, opts string, names []string, rounds int) []string {
	t.Helper()
	st, err := ParseSettings(strings.Fields(opts))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Finish(len(names)); err != nil {
		t.Fatal(err)
	}
	ws := testdataWarriors(t, st, names...)
	pl := newPlacer(st, ws, 0)
	pos := make([]int, len(ws))
	var out []string
	for r := 0; r < rounds; r++ {
		first := pl.next(pos)
		out = append(out, fmt.Sprint(pos[1:], " ", first+1))
	}
	return out
}

func TestPlacementVectors(t *testing.T) {
	rep := func(name string, n int) []string {
		var s []string
		for i := 0; i < n; i++ {
			s = append(s, name)
		}
		return s
	}
	tests := []struct {
		opts string
		n    int
		want []string
	}{
		{"-F 500", 3, []string{"[6239 6726] 1", "[7853 6055] 2", "[3063 5936] 3", "[2715 3290] 1"}},
		{"-F 1234", 5, []string{"[1395 4958 1688 4558] 1", "[5825 985 2143 5412] 2", "[2917 1887 6127 2322] 3"}},
		{"-s 800 -l 1 -d 100 -F 333", 7, []string{"[206 424 320 105 677 538] 1", "[108 338 558 457 691 218] 2", "[101 571 432 688 203 318] 3"}},
		{"-s 800 -d 100 -F 100", 7, []string{"[100 200 300 400 500 600] 1", "[100 200 300 400 500 600] 2"}},
		{"-P -s 200 -d 50 -l 1 -F 77", 2, []string{"[77] 1", "[81] 2", "[108] 2", "[131] 1", "[101] 1", "[71] 2"}},
	}
	for _, tc := range tests {
		got := placements(t, tc.opts, rep("jmp0.red", tc.n), len(tc.want))
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s W=%d: got %v, want %v", tc.opts, tc.n, got, tc.want)
		}
	}
	// -f: Imp + Dwarf checksum 32337, seed 543487959.
	st, err := ParseSettings([]string{"-f"})
	if err != nil {
		t.Fatal(err)
	}
	ws := testdataWarriors(t, st, "imp.red", "dwarf.red")
	if c := Checksum(ws); c != 32337 || rng(c) != 543487959 {
		t.Errorf("checksum %d (seed %d), want 32337 (543487959)", c, rng(c))
	}
	if got := placements(t, "-f", []string{"imp.red", "dwarf.red"}, 3); strings.Join(got, "|") != "[190] 1|[2770] 2|[1542] 1" {
		t.Errorf("-f: %v", got)
	}
	if got := placements(t, "-P -f", []string{"imp.red", "dwarf.red"}, 3); strings.Join(got, "|") != "[4045] 2|[7221] 1|[6001] 2" {
		t.Errorf("-P -f: %v", got)
	}
	st, err = ParseSettings(strings.Fields("-P -s 100 -l 10 -d 10"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Rounds != 162 {
		t.Errorf("-P -s 100 -d 10: %d rounds, want 162", st.Rounds)
	}
}

func TestBudgetVectors(t *testing.T) {
	tests := []struct {
		opts  string
		names []string
		want  int64
	}{
		{"-c 100", []string{"die.red", "jmp0.red", "jmp0.red"}, 200},
		{"-c 100", []string{"die.red", "jmp0.red", "jmp0.red", "jmp0.red"}, 300},
		{"-c 100", []string{"die.red", "die.red", "jmp0.red", "jmp0.red"}, 200},
		{"-c 80000", []string{"jmp0.red", "jmp0.red"}, 160000},
	}
	for _, tc := range tests {
		st, _ := ParseSettings(strings.Fields(tc.opts + " -F 500 -r 1"))
		ws := testdataWarriors(t, st, tc.names...)
		var got int64
		Battle(st, ws, 0, func(ri RoundInfo) { got = ri.Executed })
		if got != tc.want {
			t.Errorf("%s %v: %d instructions, want %d", tc.opts, tc.names, got, tc.want)
		}
	}
}
