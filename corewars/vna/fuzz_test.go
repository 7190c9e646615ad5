package vna

import (
	"strings"
	"testing"

	"robocom/corewars"
)

func addSeeds(f *testing.F) {
	for _, tc := range asmCases {
		f.Add([]byte(tc.src))
	}
	for _, tc := range asmErrors {
		f.Add([]byte(tc.src))
	}
	for _, tc := range gameCases {
		f.Add([]byte(tc.src))
	}
}

// FuzzAssemble: the assembler never panics, errors carry positions, and what it accepts
// prints back to source that assembles to the same program.
func FuzzAssemble(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Assemble("f.vna", src)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.vna:") {
				t.Fatalf("error without position: %v", err)
			}
			return
		}
		if len(p.Nodes) == 0 || len(p.Nodes) > MaxNodes || len(p.Nodes) != len(p.Lines) {
			t.Fatalf("malformed program: %d nodes", len(p.Nodes))
		}
		q, err := Assemble("f.vna", []byte(p.String()))
		if err != nil || q.String() != p.String() {
			t.Fatalf("round trip: %v\n%s\n%v", err, p, q)
		}
	})
}

// FuzzGame: any program that assembles plays against the document's Bomb Evader without
// crashing, within the executor limit, with consistent ownership counts.
func FuzzGame(f *testing.F) {
	addSeeds(f)
	evader := "SPLIT -3\nJUMP com(exe(),1,4,1,1)\nMERGE\nEDITA -3, sub(a(-3),2)\nJUMP -4\nCOPY 2, sub(a(-5),7)\nJUMP sub(a(-5),8)\nJUMP 0"
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Assemble("f.vna", src)
		if err != nil {
			return
		}
		e, err := Assemble("e.vna", []byte(evader))
		if err != nil {
			t.Fatal(err)
		}
		cfg := DefaultConfig()
		cfg.MaxRounds = 300
		cfg.Seed = int64(len(src))
		g, err := New(cfg, []*Program{p, e})
		if err != nil {
			t.Fatal(err) // two programs of ≤ 40 nodes always fit in 200
		}
		for g.Step() {
			total := 0
			for i := 0; i < g.Processes(); i++ {
				st := g.Process(i)
				if st.Threads > cfg.MaxExecutors || (st.Threads == 0) == st.Alive {
					t.Fatalf("player %d: %+v", i, st)
				}
				total += st.Cells
			}
			owned := 0
			for a := 0; a < g.Size(); a++ {
				if g.Owner(a) >= 0 {
					owned++
				}
			}
			if owned != total {
				t.Fatalf("nodes owned %d, statistics say %d", owned, total)
			}
		}
		if g.Cycle() > cfg.MaxRounds {
			t.Fatalf("%d rounds, limit %d", g.Cycle(), cfg.MaxRounds)
		}
	})
}

func BenchmarkStep(b *testing.B) {
	bomber := mustAssemble(b, "COPY 3, 4\nEDITB -1, add(b(-1), 1)\nJUMP -2\nBOMB")
	evader := mustAssemble(b, "SPLIT -3\nJUMP com(exe(),1,4,1,1)\nMERGE\nEDITA -3, sub(a(-3),2)\nJUMP -4\nCOPY 2, sub(a(-5),7)\nJUMP sub(a(-5),8)\nJUMP 0")
	cfg := DefaultConfig()
	seed := int64(0)
	newGame := func() *Game {
		cfg.Seed = seed
		seed++
		g, err := New(cfg, []*Program{bomber, evader})
		if err != nil {
			b.Fatal(err)
		}
		return g
	}
	g := newGame()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if !g.Step() {
			b.StopTimer()
			g = newGame()
			b.StartTimer()
		}
	}
}

func TestStepAllocatesNothing(t *testing.T) {
	p := mustAssemble(t, "SPLIT 2\nCOPY 0, add(b(0), 3)\nEDITB -1, add(b(-1), 1)\nJUMP -2\nMERGE")
	g, err := New(DefaultConfig(), []*Program{p, p})
	if err != nil {
		t.Fatal(err)
	}
	g.SetEventHandler(func(corewars.Event) {})
	if avg := testing.AllocsPerRun(2000, func() { g.Step() }); avg != 0 {
		t.Errorf("Step allocates %.2f times per call", avg)
	}
}
