package vna

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

// wins plays the programs over seeds 1..n and counts the games each wins.
func wins(t *testing.T, n int, a, b *Program) (int, int) {
	wa, wb := 0, 0
	for seed := int64(1); seed <= int64(n); seed++ {
		cfg := DefaultConfig()
		cfg.Seed = seed
		g, err := New(cfg, []*Program{a, b})
		if err != nil {
			t.Fatal(err)
		}
		g.RunToEnd()
		switch {
		case g.Process(0).Alive && !g.Process(1).Alive:
			wa++
		case g.Process(1).Alive && !g.Process(0).Alive:
			wb++
		}
	}
	return wa, wb
}

func TestSampleBomberAlone(t *testing.T) {
	bomber := loadSample(t, "bomber.vna")
	cfg := DefaultConfig()
	g, err := New(cfg, []*Program{bomber})
	if err != nil {
		t.Fatal(err)
	}
	g.RunToEnd()
	if g.Process(0).Alive || g.Cycle() > 600 {
		t.Errorf("bomber alone: %+v after %d rounds; want it bombed itself within 600 rounds", g.Process(0), g.Cycle())
	}
}

func TestSampleBombEvader(t *testing.T) {
	bomber := loadSample(t, "bomber.vna")
	fixed := loadSample(t, "bomb_evader_fixed.vna")
	if b, e := wins(t, 50, bomber, fixed); e != 50 {
		t.Errorf("fixed evader against the bomber: %d wins, bomber %d; want 50 of 50", e, b)
	}
	// The document's version, run as written, does not park (see the file): it mostly loses.
	doc := loadSample(t, "bomb_evader.vna")
	if b, e := wins(t, 50, bomber, doc); e > 10 || b < 40 {
		t.Errorf("document's evader against the bomber: %d wins, bomber %d", e, b)
	}
	// Node 6 as written: with one executor, JUMP sub(a(-5),8) reads node 1 and goes to node 2.
	cfg := DefaultConfig()
	cfg.Starts = []int{0}
	g, err := New(cfg, []*Program{doc})
	if err != nil {
		t.Fatal(err)
	}
	g.ring[0].Cmd = Blank // no more SPLITs: the run-through after a lost probe
	g.players[0].threads.SetPC(0, 6)
	g.Step()
	if pcs := g.Threads(0, nil, -1); pcs[0] != 2 {
		t.Errorf("node 6 jumped to %d, want 2", pcs[0])
	}
}
