package vna

import (
	"slices"
	"strings"
	"testing"

	"robocom/corewars"
)

// gameCase is one program alone in a ring of 50 nodes, loaded at node 10, run for a number
// of steps (a lone player: one step per round). Offsets are relative to the program start.
type gameCase struct {
	name  string
	src   string
	steps int
	cfg   func(*Config)
	nodes map[int]string // offset -> node in source notation after the steps
	pcs   []int          // executor offsets in run order; nil: the player is out
}

// capture wraps a value so that its number lands in node 1's c field: `JUMP 0, 0, v`.
func capture(expr string) string {
	return "EDITC 1, " + expr + "\nJUMP 0\nCOPY 7, 8, 9\nBLANK\nCOPY b(1), 0\nCOPY 0, 42"
}

func fnCase(expr, want string) gameCase {
	return gameCase{name: "function " + expr, src: capture(expr), steps: 1, nodes: map[int]string{1: want}, pcs: []int{1}}
}

var gameCases = []gameCase{
	{name: "BLANK moves on", src: "BLANK\nJUMP 0", steps: 1, pcs: []int{1}},
	{name: "COPY", src: "COPY 2, 3\nBLANK\nBOMB", steps: 1, nodes: map[int]string{3: "BOMB", 0: "COPY 2, 3"}, pcs: []int{1}},
	{name: "COPY keeps expressions as written", src: "COPY 1, 3\nJUMP add(1, 2)", steps: 1, nodes: map[int]string{3: "JUMP add(1,2)"}, pcs: []int{1}},
	{name: "COPY wraps backwards", src: "COPY 1, -12\nJUMP 0", steps: 1, nodes: map[int]string{-12: "JUMP 0", 38: "JUMP 0"}, pcs: []int{1}},
	{name: "COPY with computed addresses", src: "COPY add(1,1), mul(2,2)\nJUMP 0\nBOMB 5, 6, 7", steps: 1, nodes: map[int]string{4: "BOMB 5, 6, 7"}, pcs: []int{1}},
	{name: "JUMP forward", src: "JUMP 2\nBOMB\nJUMP 0", steps: 1, pcs: []int{2}},
	{name: "JUMP backward wraps", src: "JUMP -11", steps: 1, pcs: []int{-11 + 50}},
	{name: "JUMP 0 stays", src: "JUMP 0", steps: 5, pcs: []int{0}},
	{name: "JUMP far", src: "JUMP 1000000000007", steps: 1, pcs: []int{7}},
	{name: "BOMB destroys the executor", src: "BOMB", steps: 1},
	{name: "executors run onto BOMB", src: "BLANK\nBLANK\nBOMB", steps: 3},
	{name: "SPLIT: the new executor runs next", src: "SPLIT 2\nJUMP 0\nJUMP 0", steps: 1, pcs: []int{2, 1}},
	{name: "SPLIT round robin", src: "SPLIT 2\nJUMP 0\nCOPY 0, 3", steps: 2, pcs: []int{1, 3}, nodes: map[int]string{5: "COPY 0, 3"}},
	{name: "SPLIT up to four", src: "SPLIT 0\nJUMP -1", steps: 7, pcs: []int{1, 0, 0, 0}},
	{name: "SPLIT at the limit does nothing", src: "SPLIT 0\nJUMP -1", steps: 2, cfg: func(c *Config) { c.MaxExecutors = 2 }, pcs: []int{1, 1}},
	{name: "MERGE deletes the newest", src: "SPLIT 2\nMERGE\nJUMP 0", steps: 3, pcs: []int{2}},
	{name: "MERGE may delete its own executor", src: "SPLIT 1\nMERGE\nJUMP 0", steps: 2, pcs: []int{1}},
	{name: "MERGE never deletes the only executor", src: "MERGE\nJUMP 0", steps: 1, pcs: []int{1}},
	{name: "EDITA", src: "EDITA 1, 4\nJUMP add(1,1)", steps: 1, nodes: map[int]string{1: "JUMP 4"}, pcs: []int{1}},
	{name: "EDITB", src: "EDITB 1, 7\nCOPY 3, 4", steps: 1, nodes: map[int]string{1: "COPY 3, 7"}, pcs: []int{1}},
	{name: "EDITC", src: "EDITC 1, -5\nJUMP 0", steps: 1, nodes: map[int]string{1: "JUMP 0, 0, -5"}, pcs: []int{1}},
	{name: "EDIT stores the value, not the expression", src: "EDITA 1, add(2, 3)\nJUMP 0", steps: 1, nodes: map[int]string{1: "JUMP 5"}, pcs: []int{1}},
	{name: "EDIT of a BLANK does nothing", src: "EDITA 1, 4\nBLANK", steps: 1, nodes: map[int]string{1: "BLANK"}, pcs: []int{1}},
	{name: "EDIT of its own node", src: "EDITB 0, 9\nJUMP 0", steps: 1, nodes: map[int]string{0: "EDITB 0, 9"}, pcs: []int{1}},
	{name: "a field referring to itself evaluates to 0", src: "JUMP a(0)", steps: 3, pcs: []int{0}},
	{name: "exponential references are cut off", src: "JUMP add(a(0),a(0))", steps: 1, pcs: []int{0}},
	{name: "exe() counts this player's executors", src: "SPLIT 3\nEDITC 2, exe()\nJUMP 0\nJUMP 0", steps: 3,
		nodes: map[int]string{3: "JUMP 0, 0, 2"}, pcs: []int{3, 2}},
	fnCase("a(2)", "JUMP 0, 0, 7"),
	fnCase("b(2)", "JUMP 0, 0, 8"),
	fnCase("c(2)", "JUMP 0, 0, 9"),
	fnCase("a(3)", "JUMP 0"), // a BLANK's values are 0
	fnCase("a(sub(5,3))", "JUMP 0, 0, 7"),
	fnCase("a(4)", "JUMP 0, 0, 42"), // node 4's a is b(1), evaluated at node 4: node 5's b
	fnCase("add(2,3)", "JUMP 0, 0, 5"),
	fnCase("sub(2,3)", "JUMP 0, 0, -1"),
	fnCase("mul(-4,3)", "JUMP 0, 0, -12"),
	fnCase("div(7,2)", "JUMP 0, 0, 3"),
	fnCase("div(-7,2)", "JUMP 0, 0, -3"),
	fnCase("div(1,0)", "JUMP 0"),
	fnCase("mod(-7,3)", "JUMP 0, 0, -1"),
	fnCase("mod(5,0)", "JUMP 0"),
	fnCase("pow(2,10)", "JUMP 0, 0, 1024"),
	fnCase("pow(-3,3)", "JUMP 0, 0, -27"),
	fnCase("pow(0,0)", "JUMP 0, 0, 1"),
	fnCase("pow(2,-1)", "JUMP 0"),
	fnCase("pow(2,64)", "JUMP 0"), // wraps at 64 bits
	fnCase("com(1,1,4,5,6)", "JUMP 0, 0, 4"),
	fnCase("com(2,1,4,5,6)", "JUMP 0, 0, 5"),
	fnCase("com(1,2,4,5,6)", "JUMP 0, 0, 6"),
	fnCase("exe()", "JUMP 0, 0, 1"),
	fnCase("num()", "JUMP 0, 0, 50"),
	fnCase("add(mul(2,3),sub(10,4))", "JUMP 0, 0, 12"),
	fnCase("ADD(Num(), 1)", "JUMP 0, 0, 51"),
}

func mustAssemble(t testing.TB, src string) *Program {
	t.Helper()
	p, err := Assemble("t.vna", []byte(src))
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	return p
}

func TestGameTable(t *testing.T) {
	for _, tc := range gameCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustAssemble(t, tc.src)
			cfg := DefaultConfig()
			cfg.Size = 50
			cfg.Starts = []int{10}
			if tc.cfg != nil {
				tc.cfg(&cfg)
			}
			g, err := New(cfg, []*Program{p})
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < tc.steps; i++ {
				if !g.Step() {
					t.Fatalf("game over after %d steps, want %d", i, tc.steps)
				}
			}
			for off, want := range tc.nodes {
				if got := g.NodeString(10 + off); got != want {
					t.Errorf("node %+d = %q, want %q", off, got, want)
				}
			}
			st := g.Process(0)
			if tc.pcs == nil {
				if st.Alive || !g.Over() {
					t.Fatalf("player alive (over=%v) with executors at %v, want out", g.Over(), g.Threads(0, nil, -1))
				}
				return
			}
			var got []int
			for _, a := range g.Threads(0, nil, -1) {
				got = append(got, corewars.Wrap(a-10, 50))
			}
			if !slices.Equal(got, tc.pcs) {
				t.Errorf("executors at %v, want %v", got, tc.pcs)
			}
		})
	}
}

// The document's round order: P1's next executor, then P2's, each cycling through its own.
func TestRoundOrderAndKill(t *testing.T) {
	a := mustAssemble(t, "COPY 2, 20\nJUMP -1\nBOMB")
	b := mustAssemble(t, "BLANK\nBLANK\nJUMP -2")
	cfg := DefaultConfig()
	cfg.Size = 60
	cfg.MinGap = 10
	cfg.Starts = []int{0, 20}
	g, err := New(cfg, []*Program{a, b})
	if err != nil {
		t.Fatal(err)
	}
	var order []int
	g.SetEventHandler(func(e corewars.Event) {
		if e.Kind == corewars.EventExec {
			order = append(order, e.Process*100+e.Addr)
		}
	})
	g.RunToEnd()
	// Round 1: A copies BOMB over B's first node, B (already moved? no: B executes node 20) dies.
	if want := []int{0, 120}; !slices.Equal(order, want) {
		t.Errorf("executed %v, want %v", order, want)
	}
	if g.Process(1).Alive || g.Process(0).Kills != 1 || g.Cycle() != 1 {
		t.Errorf("stats %+v %+v cycle %d", g.Process(0), g.Process(1), g.Cycle())
	}
	if g.Process(0).Cells != 4 || g.Process(1).Cells != 2 {
		t.Errorf("cells %d %d, want 4 2", g.Process(0).Cells, g.Process(1).Cells)
	}
}

func TestRoundLimitIsADraw(t *testing.T) {
	a := mustAssemble(t, "JUMP 0")
	cfg := DefaultConfig()
	cfg.MaxRounds = 250
	g, err := New(cfg, []*Program{a, a})
	if err != nil {
		t.Fatal(err)
	}
	if n := g.Run(1000); n != 250 || !g.Over() || !g.Process(0).Alive || !g.Process(1).Alive {
		t.Errorf("ran %d rounds, over %v", n, g.Over())
	}
}

func TestPlacementGap(t *testing.T) {
	long := mustAssemble(t, strings.Repeat("JUMP 0\n", 40))
	short := mustAssemble(t, "JUMP 0")
	for seed := int64(0); seed < 300; seed++ {
		cfg := DefaultConfig()
		cfg.Seed = seed
		g, err := New(cfg, []*Program{long, short})
		if err != nil {
			t.Fatal(err)
		}
		s0, s1 := g.Start(0), g.Start(1)
		if d := corewars.Wrap(s1-s0, 200); d < 40+40 {
			t.Fatalf("seed %d: short starts %d after long (40 nodes), want ≥ 80", seed, d)
		}
		if d := corewars.Wrap(s0-s1, 200); d < 1+40 {
			t.Fatalf("seed %d: long starts %d after short, want ≥ 41", seed, d)
		}
	}
	cfg := DefaultConfig()
	cfg.Size = 159
	if _, err := New(cfg, []*Program{long, long}); err == nil || !strings.Contains(err.Error(), "do not fit") {
		t.Errorf("two 40-node programs with 40-node gaps in 159 nodes: %v, want do not fit", err)
	}
}

func TestDocumentBomber(t *testing.T) {
	p := mustAssemble(t, "COPY 3, 4\nEDITB -1, add(b(-1), 1)\nJUMP -2\nBOMB")
	cfg := DefaultConfig()
	cfg.Starts = []int{0}
	g, err := New(cfg, []*Program{p})
	if err != nil {
		t.Fatal(err)
	}
	g.Step()
	if g.NodeString(4) != "BOMB" || g.NodeString(0) != "COPY 3, 4" {
		t.Fatalf("after round 1: %q %q", g.NodeString(0), g.NodeString(4))
	}
	g.Step()
	if g.NodeString(0) != "COPY 3, 5" {
		t.Fatalf("after round 2: %q, want COPY 3, 5 as in the document", g.NodeString(0))
	}
	g.Step()
	for i := 0; i < 3*10; i++ {
		g.Step()
	}
	for a := 4; a <= 14; a++ {
		if g.NodeString(a) != "BOMB" {
			t.Errorf("node %d = %q after 11 loops, want BOMB", a, g.NodeString(a))
		}
	}
	// Alone, the bombs go round the ring and finally hit the bomber itself.
	g.RunToEnd()
	if g.Process(0).Alive {
		t.Error("the bomber survived its own bombs")
	}
	if c := g.Cycle(); c < 3*195 || c > 3*200 {
		t.Errorf("the bomber died after %d rounds, want about 3 per node of the ring", c)
	}
}

// TestExecutorLimitBounds: the executor limit is at most corewars.MaxThreads, so SPLITs in a
// loop cannot fill the memory.
func TestExecutorLimitBounds(t *testing.T) {
	a := mustAssemble(t, "JUMP 0")
	for _, tc := range []struct {
		limit int
		ok    bool
	}{{1, true}, {corewars.MaxThreads, true}, {corewars.MaxThreads + 1, false}, {1 << 40, false}} {
		cfg := DefaultConfig()
		cfg.MaxExecutors = tc.limit
		_, err := New(cfg, []*Program{a, a})
		if (err == nil) != tc.ok {
			t.Errorf("limit %d: New gave %v, want ok %v", tc.limit, err, tc.ok)
		}
	}
}

// TestTwoPlayers: VNA Code is a game of two players (CORE-LANGUAGES.md 2); a third is refused
// (robocom core a.vna a.vna a.vna played three).
func TestTwoPlayers(t *testing.T) {
	a := mustAssemble(t, "JUMP 0")
	for _, tc := range []struct {
		players int
		ok      bool
	}{{1, true}, {2, true}, {3, false}, {5, false}} {
		progs := make([]*Program, tc.players)
		for i := range progs {
			progs[i] = a
		}
		cfg := DefaultConfig()
		cfg.Size = 1000
		_, err := New(cfg, progs)
		if (err == nil) != tc.ok || (err != nil && !strings.Contains(err.Error(), "two players, not")) {
			t.Errorf("%d players: %v, want ok %v", tc.players, err, tc.ok)
		}
	}
}
