package cw

import (
	"os"
	"path/filepath"
	"testing"
)

// The sample programs in robots/core do what their comments say.

func loadSample(t *testing.T, name string) *Program {
	t.Helper()
	path := filepath.Join("..", "..", "robots", "core", name)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Assemble(path, src)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func newGame(t *testing.T, cfg Config, progs ...*Program) *Machine {
	t.Helper()
	copies := make([]int, len(progs))
	for i := range copies {
		copies[i] = 1
	}
	m, err := New(cfg, progs, copies)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSampleImp(t *testing.T) {
	imp := loadSample(t, "imp.cw")
	cfg := DefaultConfig()
	m := newGame(t, cfg, imp)
	m.Run(500)
	st := m.Process(0)
	if !st.Alive || st.Cells != 501 {
		t.Errorf("after 500 slices: %+v, want alive with 501 cells (its own 2, then 499 new ones)", st)
	}
	if pcs := m.Threads(0, nil, -1); len(pcs) != 1 || pcs[0] != (m.Start(0)+500)%cfg.Size {
		t.Errorf("imp at %v, want start+500", pcs)
	}
	cfg.AllowSelfMove = false
	m = newGame(t, cfg, imp)
	m.Step()
	if m.Process(0).Alive {
		t.Error("the imp survived with self move forbidden")
	}
}

func TestSampleDwarf(t *testing.T) {
	dwarf := loadSample(t, "dwarf.cw")
	duck := mustAssemble(t, "title Duck\nl: jump l")
	wins := 0
	for seed := int64(0); seed < 10; seed++ {
		cfg := DefaultConfig()
		cfg.Seed = seed
		m := newGame(t, cfg, dwarf, duck)
		m.RunToEnd()
		if m.Process(0).Alive && !m.Process(1).Alive && m.Process(0).Kills == 1 {
			wins++
		}
	}
	if wins != 10 {
		t.Errorf("the dwarf killed a sitting duck in %d of 10 games, want all", wins)
	}
	// Alone it never bombs itself: alive at the cycle limit, having bombed every third cell.
	cfg := DefaultConfig()
	cfg.MaxCycles = 40000
	m := newGame(t, cfg, dwarf)
	m.RunToEnd()
	if st := m.Process(0); !st.Alive || st.Cells < 9990 {
		t.Errorf("dwarf alone after 40000 slices: %+v, want alive owning nearly the whole core", st)
	}
}

func TestSampleReplicator(t *testing.T) {
	rep := loadSample(t, "replicator.cw")
	cfg := DefaultConfig()
	cfg.MaxCycles = 20000
	m := newGame(t, cfg, rep)
	maxThreads := 0
	for m.Step() {
		maxThreads = max(maxThreads, m.Process(0).Threads)
	}
	st := m.Process(0)
	if !st.Alive || maxThreads < 20 || maxThreads >= cfg.MaxThreads {
		t.Fatalf("replicator alone: %+v, most threads %d; want alive with 20..63 threads", st, maxThreads)
	}
	// Count the working copies: cells that are copies of its `info 2, d`, with a thread in them.
	id := m.At(m.Start(0) + 5).ID
	copies := 0
	for a := 0; a < m.Size(); a++ {
		if c := m.At(a); c.Op == Info && c.ID == id {
			copies++
		}
	}
	if copies < 20 {
		t.Errorf("%d copies of the replicator in the core, want at least 20", copies)
	}
}

func TestSampleImpKiller(t *testing.T) {
	killer := loadSample(t, "impkiller.cw")
	imp := loadSample(t, "imp.cw")
	for seed := int64(0); seed < 20; seed++ {
		for _, order := range [][]*Program{{killer, imp}, {imp, killer}} {
			cfg := DefaultConfig()
			cfg.Seed = seed
			m := newGame(t, cfg, order...)
			m.RunToEnd()
			k := 0
			if order[0] == imp {
				k = 1
			}
			if st := m.Process(k); !st.Alive || st.Kills != 1 || m.Process(1-k).Alive {
				t.Errorf("seed %d, killer is process %d: killer %+v imp %+v", seed, k, st, m.Process(1-k))
			}
		}
	}
}

// Same seed, same game, cell for cell; info 2 and placement draw from the seeded generator.
func TestSeededDeterminism(t *testing.T) {
	rep, dwarf := loadSample(t, "replicator.cw"), loadSample(t, "dwarf.cw")
	play := func(seed int64) *Machine {
		cfg := DefaultConfig()
		cfg.Seed = seed
		cfg.MaxCycles = 5000
		m, err := New(cfg, []*Program{rep, dwarf}, []int{2, 1})
		if err != nil {
			t.Fatal(err)
		}
		m.RunToEnd()
		return m
	}
	same := func(a, b *Machine) bool {
		for i := 0; i < a.Size(); i++ {
			if a.At(i) != b.At(i) || a.Owner(i) != b.Owner(i) {
				return false
			}
		}
		for p := 0; p < a.Processes(); p++ {
			if a.Process(p) != b.Process(p) {
				return false
			}
		}
		return true
	}
	if !same(play(11), play(11)) {
		t.Error("two games with seed 11 differ")
	}
	if same(play(11), play(12)) {
		t.Error("seeds 11 and 12 play the same game")
	}
}
