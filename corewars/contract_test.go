package corewars_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"robocom/corewars"
	"robocom/corewars/cw"
	"robocom/corewars/redcode"
	"robocom/corewars/redcodeengine"
	"robocom/corewars/vna"
)

// One harness over every engine: the corewars.Engine contract the window relies on.

func sample(t testing.TB, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "robots", "core", name))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func cwGame(t testing.TB, seed int64, copies int, files ...string) corewars.Engine {
	return cwGameFor(t, 30000, seed, copies, files...)
}

// cwGameFor is a .cw game of at most cycles time slices.
func cwGameFor(t testing.TB, cycles int64, seed int64, copies int, files ...string) corewars.Engine {
	var progs []*cw.Program
	var n []int
	for _, f := range files {
		p, err := cw.Assemble(f, sample(t, f))
		if err != nil {
			t.Fatal(err)
		}
		progs, n = append(progs, p), append(n, copies)
	}
	cfg := cw.DefaultConfig()
	cfg.Seed = seed
	cfg.MaxCycles = cycles
	m, err := cw.New(cfg, progs, n)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func vnaGame(t testing.TB, seed int64, files ...string) corewars.Engine {
	var progs []*vna.Program
	for _, f := range files {
		p, err := vna.Assemble(f, sample(t, f))
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, p)
	}
	cfg := vna.DefaultConfig()
	cfg.Seed = seed
	g, err := vna.New(cfg, progs)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func redcodeGame(t testing.TB, seed int64, srcs ...string) corewars.Engine {
	cfg := redcode.Defaults()
	cfg.CoreSize, cfg.MinDistance, cfg.Cycles, cfg.PSpaceSize = 400, 50, 5000, 0 // 0: the default for the core size
	return redcodeGameWith(t, cfg, seed, srcs...)
}

func redcodeGameWith(t testing.TB, cfg redcode.Settings, seed int64, srcs ...string) corewars.Engine {
	var ws []*redcode.Warrior
	for _, src := range srcs {
		acfg := redcode.DefaultConfig(len(srcs))
		acfg.CoreSize = cfg.CoreSize
		w, diag := redcode.Assemble([]byte(src), acfg)
		if diag.Failed() {
			t.Fatal(diag.Stderr())
		}
		ws = append(ws, w)
	}
	e, err := redcodeengine.New(cfg, seed, ws)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// contractGames are the games every engine test runs, by name.
func contractGames(t testing.TB) map[string]func(seed int64) corewars.Engine {
	return map[string]func(seed int64) corewars.Engine{
		"cw killer-imp":       func(s int64) corewars.Engine { return cwGame(t, s, 1, "impkiller.cw", "imp.cw") },
		"cw dwarf-replicator": func(s int64) corewars.Engine { return cwGame(t, s, 2, "dwarf.cw", "replicator.cw") },
		"vna bomber-evader":   func(s int64) corewars.Engine { return vnaGame(t, s, "bomber.vna", "bomb_evader.vna") },
		"vna bomber-fixed":    func(s int64) corewars.Engine { return vnaGame(t, s, "bomber.vna", "bomb_evader_fixed.vna") },
		"redcode stone-imp": func(s int64) corewars.Engine {
			return redcodeGame(t, s, "ADD #3, 3\nMOV 2, @2\nJMP -2\nDAT #0, #0\n", "MOV 0, 1\n")
		},
		"redcode splitter-die": func(s int64) corewars.Engine { return redcodeGame(t, s, "SPL 0\nJMP -1\n", "JMP 1\nDAT 0, 0\n") },
	}
}

func TestEngineContract(t *testing.T) {
	for name, newGame := range contractGames(t) {
		t.Run(name, func(t *testing.T) {
			for seed := int64(1); seed <= 3; seed++ {
				checkContract(t, newGame(seed))
			}
		})
	}
}

func checkContract(t *testing.T, g corewars.Engine) {
	t.Helper()
	n := g.Processes()
	var execs, deaths, overs int
	lastKind := corewars.EventKind(0)
	wantProc, wantAddr := -1, -1 // what Next and Threads said before the Step
	ranIn := make([]int64, n)    // the time slice of each process's last instruction
	for p := range ranIn {
		ranIn[p] = -1
	}
	g.SetEventHandler(func(e corewars.Event) {
		lastKind = e.Kind
		switch e.Kind {
		case corewars.EventExec:
			execs++
			// RunUntil's write watches rely on it: one instruction a process a time slice.
			if ranIn[e.Process] == e.Cycle {
				t.Fatalf("process %d executed twice in time slice %d", e.Process, e.Cycle)
			}
			ranIn[e.Process] = e.Cycle
			if e.Process != wantProc || e.Addr != wantAddr {
				t.Fatalf("process %d executed %d; Next and Threads said process %d at %d", e.Process, e.Addr, wantProc, wantAddr)
			}
			if e.Addr < 0 || e.Addr >= g.Size() {
				t.Errorf("executed address %d outside the core", e.Addr)
			}
		case corewars.EventProcessDied:
			deaths++
			if e.Killer == e.Process || e.Killer >= n {
				t.Errorf("process %d killed by %d", e.Process, e.Killer)
			}
		case corewars.EventGameOver:
			overs++
		}
	})
	check := func() {
		for p := 0; p < n; p++ {
			st := g.Process(p)
			pcs := g.Threads(p, nil, -1)
			if len(pcs) != st.Threads || st.Alive != (st.Threads > 0) {
				t.Fatalf("process %d: %+v but %d thread positions", p, st, len(pcs))
			}
			// A view asks for the first few: those and no more, appended after dst's own.
			for _, max := range []int{0, 1, 3} {
				got := g.Threads(p, []int{-7}, max)
				if want := append([]int{-7}, pcs[:min(max, len(pcs))]...); !slices.Equal(got, want) {
					t.Fatalf("process %d: the first %d threads %v, want %v", p, max, got, want)
				}
			}
		}
	}
	var last int64
	next := func() {
		wantProc, wantAddr = g.Next(), -1
		if wantProc >= 0 {
			if pcs := g.Threads(wantProc, nil, -1); len(pcs) > 0 {
				wantAddr = pcs[0]
			}
		}
	}
	next()
	for steps := 0; g.Step(); steps++ {
		next()
		if c := g.Cycle(); c < last {
			t.Fatalf("cycle went back from %d to %d", last, c)
		} else {
			last = c
		}
		if steps%997 == 0 {
			check()
		}
	}
	check()
	if !g.Over() || g.Step() || g.Run(10) != 0 {
		t.Error("the game goes on after it is over")
	}
	if overs != 1 || lastKind != corewars.EventGameOver {
		t.Errorf("%d game-over events, last event %d", overs, lastKind)
	}
	dead, owned, executed := 0, 0, int64(0)
	for p := 0; p < n; p++ {
		st := g.Process(p)
		if !st.Alive {
			dead++
		}
		owned += st.Cells
		executed += st.Executed
	}
	if dead != deaths {
		t.Errorf("%d dead, %d death events", dead, deaths)
	}
	if executed > int64(execs) {
		t.Errorf("%d instructions completed, only %d executed", executed, execs)
	}
	cells := 0
	for a := 0; a < g.Size(); a++ {
		if c := g.Cell(a); c.Owner >= 0 {
			cells++
			if c.Owner >= n || c.Text == "" {
				t.Fatalf("cell %d: %+v", a, c)
			}
		}
	}
	if cells != owned {
		t.Errorf("%d owned cells in the core, statistics say %d", cells, owned)
	}
}
