package cw

import (
	"slices"
	"strings"
	"testing"

	"robocom/corewars"
)

// machineCase is one program run alone for a number of steps (one step = one instruction;
// a lone process has one step per time slice). Cell offsets and thread positions are
// relative to the program's first cell, which the test puts at start.
type machineCase struct {
	name   string
	src    string
	steps  int
	start  int            // where the program is loaded (default 10 in a core of 40)
	cfg    func(*Config)  // changes to the test configuration
	cells  map[int]string // offset -> Instr.String() expected after the steps
	pcs    []int          // thread offsets in run order; nil: the process is dead
	cause  string         // for a dead process: the cause of the last thread death
	extras func(t *testing.T, m *Machine)
}

var machineCases = []machineCase{
	// move: every source form, both destination forms.
	{name: "move imm", src: "move 5, x\nl: jump l\nx: data 0", steps: 1,
		cells: map[int]string{2: "data 5"}, pcs: []int{1}},
	{name: "move negative imm", src: "move -7, x\nl: jump l\nx: data 0", steps: 1,
		cells: map[int]string{2: "data -7"}, pcs: []int{1}},
	{name: "move &label is relative to the instruction", src: "l: move &x, y\njump l\nx: data 0\ny: data 9", steps: 1,
		cells: map[int]string{3: "data 2"}, pcs: []int{1}},
	{name: "move label copies an instruction", src: "move l, x\nl: jump l\nx: data 0", steps: 1,
		cells: map[int]string{2: "jump @+0"}, pcs: []int{1}},
	{name: "move label copies an integer", src: "move y, x\nl: jump l\nx: data 0\ny: data 42", steps: 1,
		cells: map[int]string{2: "data 42"}, pcs: []int{1}},
	{name: "move to [p] counts from p's cell", src: "move 7, [p]\nl: jump l\np: data 2\ndata 0\nt: data 0", steps: 1,
		cells: map[int]string{4: "data 7", 2: "data 2"}, pcs: []int{1}},
	{name: "move from [p]", src: "move [p], x\nl: jump l\np: data 2\nx: data 0\nt: data 33", steps: 1,
		cells: map[int]string{3: "data 33"}, pcs: []int{1}},
	{name: "move [p] wraps below address 0", src: "move 1, [p]\nl: jump l\np: data -15", steps: 1,
		cells: map[int]string{-13: "data 1"}, pcs: []int{1}},
	{name: "move [p] wraps past the end", src: "move 1, [p]\nl: jump l\np: data 38", steps: 1,
		cells: map[int]string{40: "data 1"}, pcs: []int{1}},
	{name: "move [p] with an instruction in p dies", src: "move 1, [p]\nl: jump l\np: jump l", steps: 1,
		cause: "an instruction where an integer was needed"},
	{name: "move self copy allowed by default", src: "m: move m, x\nl: jump l\nx: data 0", steps: 1,
		cells: map[int]string{2: "move @+0, @+2"}, pcs: []int{1}},
	{name: "move self copy forbidden", src: "m: move m, x\nl: jump l\nx: data 0", steps: 1,
		cfg: func(c *Config) { c.AllowSelfMove = false }, cause: "forbidden self move",
		cells: map[int]string{2: "data 0"}},
	{name: "forbidden self move only for label operands", src: "m: move m, [p]\nl: jump l\np: data 1", steps: 1,
		cfg: func(c *Config) { c.AllowSelfMove = false }, cells: map[int]string{3: "move @+0, [@+2]"}, pcs: []int{1}},
	{name: "forbidden self move only for a move source", src: "move l, x\nl: jump l\nx: data 0", steps: 1,
		cfg: func(c *Config) { c.AllowSelfMove = false }, cells: map[int]string{2: "jump @+0"}, pcs: []int{1}},

	// arithmetic: b := b op a
	{name: "add", src: "add 5, x\nl: jump l\nx: data 10", steps: 1, cells: map[int]string{2: "data 15"}, pcs: []int{1}},
	{name: "add from label", src: "add y, x\nl: jump l\nx: data 10\ny: data -3", steps: 1, cells: map[int]string{2: "data 7"}, pcs: []int{1}},
	{name: "add wraps at 32 bits", src: "add 1, x\nl: jump l\nx: data 2147483647", steps: 1, cells: map[int]string{2: "data -2147483648"}, pcs: []int{1}},
	{name: "add to an instruction dies", src: "add 1, l\nl: jump l", steps: 1, cause: "an instruction where an integer was needed",
		cells: map[int]string{1: "jump @+0"}},
	{name: "add an instruction dies", src: "add l, x\nl: jump l\nx: data 1", steps: 1, cause: "an instruction where an integer was needed"},
	{name: "mul", src: "mul -3, x\nl: jump l\nx: data 7", steps: 1, cells: map[int]string{2: "data -21"}, pcs: []int{1}},
	{name: "div truncates toward zero", src: "div 2, x\nl: jump l\nx: data -7", steps: 1, cells: map[int]string{2: "data -3"}, pcs: []int{1}},
	{name: "div by zero dies", src: "div 0, x\nl: jump l\nx: data 7", steps: 1, cause: "division by zero", cells: map[int]string{2: "data 7"}},
	{name: "mod keeps the dividend's sign", src: "mod 3, x\nl: jump l\nx: data -7", steps: 1, cells: map[int]string{2: "data -1"}, pcs: []int{1}},
	{name: "mod by zero dies", src: "mod z, x\nl: jump l\nx: data 7\nz: data 0", steps: 1, cause: "division by zero"},
	{name: "and", src: "and 12, x\nl: jump l\nx: data 10", steps: 1, cells: map[int]string{2: "data 8"}, pcs: []int{1}},
	{name: "neg", src: "neg y, x\nl: jump l\nx: data 3\ny: data 5", steps: 1, cells: map[int]string{2: "data -5"}, pcs: []int{1}},
	{name: "neg overwrites an instruction", src: "neg 4, l\nl: jump l", steps: 2, cells: map[int]string{1: "data -4"}, cause: "executed a data cell"},
	{name: "not", src: "not 0, x\nl: jump l\nx: data 3", steps: 1, cells: map[int]string{2: "data -1"}, pcs: []int{1}},
	{name: "not of an instruction dies", src: "not l, x\nl: jump l\nx: data 3", steps: 1, cause: "an instruction where an integer was needed"},

	// comparisons skip the next instruction unless true
	{name: "equal integers continue", src: "equal 3, x\nl: jump l\nm: jump m\nx: data 3", steps: 1, pcs: []int{1}},
	{name: "equal different integers skip", src: "equal 4, x\nl: jump l\nm: jump m\nx: data 3", steps: 1, pcs: []int{2}},
	{name: "equal a copy of an instruction", src: "move l, x\nequal l, x\nm: jump m\nl: jump l\nx: data 0", steps: 2, pcs: []int{2}},
	{name: "equal look-alike instructions skip", src: "equal l, m\nl: jump l\nm: jump m\nn: jump n", steps: 1, pcs: []int{2}},
	{name: "equal instruction and integer skip", src: "equal l, x\nl: jump l\nm: jump m\nx: data 0", steps: 1, pcs: []int{2}},
	{name: "less true continues", src: "less 1, x\nl: jump l\nm: jump m\nx: data 2", steps: 1, pcs: []int{1}},
	{name: "less equal skips", src: "less 2, x\nl: jump l\nm: jump m\nx: data 2", steps: 1, pcs: []int{2}},
	{name: "less greater skips", src: "less x, 1\nl: jump l\nm: jump m\nx: data 2", steps: 1, pcs: []int{2}},
	{name: "less on an instruction dies", src: "less l, 1\nl: jump l", steps: 1, cause: "an instruction where an integer was needed"},

	// control
	{name: "jump label", src: "jump x\ndata 0\nx: jump x", steps: 1, pcs: []int{2}},
	{name: "jump back", src: "x: jump y\ny: jump x", steps: 2, pcs: []int{0}},
	{name: "jump [p]", src: "jump [p]\np: data 2\nd: data 0\nx: jump x", steps: 1, pcs: []int{3}},
	{name: "fork runs the new thread after the old ones", src: "fork x\nl: jump l\nx: jump x", steps: 1, pcs: []int{2, 1}},
	{name: "fork round robin", src: "fork x\nl: jump l\nx: move 1, y\ny: data 0", steps: 2,
		pcs: []int{1, 3}, cells: map[int]string{3: "data 1"}},
	{name: "fork up to the limit", src: "a: fork b\nb: jump a", steps: 3, cfg: func(c *Config) { c.MaxThreads = 2 }, pcs: []int{0, 0}},
	{name: "fork past the limit crashes the process", src: "a: fork b\nb: jump a", steps: 4, cfg: func(c *Config) { c.MaxThreads = 2 },
		cause: "too many threads"},
	{name: "a thread dies alone", src: "fork x\nl: jump l\nx: data 0", steps: 2, pcs: []int{1}},

	// info
	{name: "info 0 size", src: "info 0, x\nl: jump l\nx: data 0", steps: 1, cells: map[int]string{2: "data 40"}, pcs: []int{1}},
	{name: "info 1 square root", src: "info 1, x\nl: jump l\nx: data 0", steps: 1, cells: map[int]string{2: "data 6"}, pcs: []int{1}},
	{name: "info 4 threads", src: "fork l\ninfo 4, x\nl: jump l\nx: data 0", steps: 3, cells: map[int]string{3: "data 2"}, pcs: []int{2, 2}},
	{name: "info 5 elapsed cycles", src: "l: jump m\nm: jump n\nn: info 5, x\nx: data 0", steps: 3, cells: map[int]string{3: "data 2"}, pcs: []int{3}},
	{name: "info 6 thread limit", src: "info 6, x\nl: jump l\nx: data 0", steps: 1, cells: map[int]string{2: "data 64"}, pcs: []int{1}},
	{name: "info 7 does not exist", src: "info 7, x\nl: jump l\nx: data 0", steps: 1, cause: "info index does not exist", cells: map[int]string{2: "data 0"}},
	{name: "info -1 does not exist", src: "info -1, x\nl: jump l\nx: data 0", steps: 1, cause: "info index does not exist"},
	{name: "info index from an instruction", src: "info l, x\nl: jump l\nx: data 0", steps: 1, cause: "info index does not exist"},
	{name: "info index from a cell", src: "info i, x\nl: jump l\nx: data 0\ni: data 6", steps: 1, cells: map[int]string{2: "data 64"}, pcs: []int{1}},
	{name: "info 2 in range", src: "r: info 2, x\nless x, s\njump r\nl: jump l\nx: data 0\ns: data 40", steps: 300, pcs: []int{0}, extras: allNonNeg},
	{name: "info 3 in range", src: "r: info 3, x\nless x, s\njump r\nl: jump l\nx: data 0\ns: data 6", steps: 300, pcs: []int{0}, extras: allNonNeg},

	// the rest
	{name: "system changes nothing", src: "system 1, 2\nl: jump l", steps: 1, pcs: []int{1}},
	{name: "own cell continues", src: "own x\nl: jump l\nm: jump m\nx: data 0", steps: 1, pcs: []int{1}},
	{name: "own foreign cell skips", src: "own [p]\nl: jump l\nm: jump m\np: data 20", steps: 1, pcs: []int{2}},
	{name: "own after writing continues", src: "move 1, [p]\nown [p]\nl: jump l\nm: jump m\np: data 20", steps: 2, pcs: []int{2}},
	{name: "loop counts down and jumps", src: "a: loop c, a\nl: jump l\nc: data 3", steps: 1, pcs: []int{0}, cells: map[int]string{2: "data 2"}},
	{name: "loop falls through at zero", src: "a: loop c, a\nl: jump l\nc: data 3", steps: 3, pcs: []int{1}, cells: map[int]string{2: "data 0"}},
	{name: "loop with [c] and [t]", src: "loop [p], [q]\nl: jump l\np: data 2\nq: data 2\nc: data 5\nt: jump t", steps: 1,
		pcs: []int{5}, cells: map[int]string{4: "data 4"}},
	{name: "loop on an instruction dies", src: "a: loop a, a", steps: 1, cause: "an instruction where an integer was needed"},
	{name: "movei copies and advances", src: "movei s, d\nmovei s, d\nl: jump l\ns: data 2\nd: data 4\nx: data 77\ny: data 9\ndata 0\ndata 0\ndata 0", steps: 2,
		pcs: []int{2}, cells: map[int]string{3: "data 4", 4: "data 6", 8: "data 77", 9: "data 9"}},
	{name: "movei onto its own pointer", src: "movei s, s\nl: jump l\ns: data 0", steps: 1, pcs: []int{1}, cells: map[int]string{2: "data 2"}},
	{name: "movei with an instruction as pointer dies", src: "movei s, d\nl: jump l\ns: jump l\nd: data 4", steps: 1,
		cause: "an instruction where an integer was needed"},

	// start and death
	{name: "execution starts at the first non-data cell", src: "data 5\ndata 6\nl: jump l", steps: 0, pcs: []int{2}},
	{name: "executing data dies", src: "jump x\nx: data 0", steps: 2, cause: "executed a data cell"},
}

func allNonNeg(t *testing.T, m *Machine) {
	v := m.At(m.Start(0) + 4).A
	if v < 0 {
		t.Errorf("random value %d < 0", v)
	}
}

func mustAssemble(t testing.TB, src string) *Program {
	t.Helper()
	p, err := Assemble("t.cw", []byte(src))
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	return p
}

func TestMachineTable(t *testing.T) {
	for _, tc := range machineCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustAssemble(t, tc.src)
			cfg := DefaultConfig()
			cfg.Size = 40
			start := 10
			if tc.start != 0 {
				start = tc.start
			}
			cfg.Starts = []int{start}
			if tc.cfg != nil {
				tc.cfg(&cfg)
			}
			m, err := New(cfg, []*Program{p}, []int{1})
			if err != nil {
				t.Fatal(err)
			}
			var lastCause string
			m.SetEventHandler(func(e corewars.Event) {
				if e.Kind == corewars.EventThreadDied {
					lastCause = e.Cause
				}
			})
			steps := tc.steps
			for i := 0; i < steps; i++ {
				if !m.Step() {
					t.Fatalf("game over after %d steps, want %d", i, steps)
				}
			}
			for off, want := range tc.cells {
				if got := m.At(start + off).String(); got != want {
					t.Errorf("cell %+d = %q, want %q", off, got, want)
				}
			}
			st := m.Process(0)
			if tc.pcs == nil {
				if st.Alive {
					t.Fatalf("process alive with threads at %v, want dead", rel(m.Threads(0, nil, -1), start, cfg.Size))
				}
				if lastCause != tc.cause {
					t.Errorf("died of %q, want %q", lastCause, tc.cause)
				}
				if !m.Over() {
					t.Errorf("game not over after the only process died")
				}
				return
			}
			if !st.Alive {
				t.Fatalf("process dead (%s), want threads at %v", lastCause, tc.pcs)
			}
			if got := rel(m.Threads(0, nil, -1), start, cfg.Size); !slices.Equal(got, tc.pcs) {
				t.Errorf("threads at %v, want %v", got, tc.pcs)
			}
			if tc.extras != nil {
				tc.extras(t, m)
			}
		})
	}
}

func rel(abs []int, start, size int) []int {
	out := make([]int, len(abs))
	for i, a := range abs {
		out[i] = corewars.Wrap(a-start, size)
	}
	return out
}

// Two processes: a bomber crashes a sitting duck and gets the kill and its points.
func TestKillAttributionAndScore(t *testing.T) {
	bomber := mustAssemble(t, "l: move bomb, [ptr]\njump l\nptr: data 8\nbomb: data 0")
	duck := mustAssemble(t, "l: jump l")
	cfg := DefaultConfig()
	cfg.Size = 40
	cfg.Starts = []int{0, 10}
	m, err := New(cfg, []*Program{bomber, duck}, []int{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	var died []corewars.Event
	m.SetEventHandler(func(e corewars.Event) {
		if e.Kind == corewars.EventProcessDied {
			died = append(died, e)
		}
	})
	m.RunToEnd()
	if len(died) != 1 || died[0].Process != 1 || died[0].Killer != 0 || died[0].Addr != 10 {
		t.Fatalf("deaths %+v, want process 1 killed by 0 at 10", died)
	}
	if m.Cycle() != 1 {
		t.Errorf("over after %d slices, want 1", m.Cycle())
	}
	a, b := m.Process(0), m.Process(1)
	if a.Kills != 1 || a.Cells != 5 || a.Executed != 1 || a.Score != 1+5+100 {
		t.Errorf("bomber %+v, want 1 kill, 5 cells, 1 executed, score 106", a)
	}
	if b.Alive || b.Cells != 0 || b.Score != 0 || b.Threads != 0 {
		t.Errorf("duck %+v, want dead with nothing", b)
	}
	if o := m.Owner(10); o != 0 {
		t.Errorf("bombed cell owner %d, want 0", o)
	}
}

// A process that runs into its own data gets no kill credited to anyone.
func TestSelfCrashNoKill(t *testing.T) {
	a := mustAssemble(t, "jump x\nx: data 0")
	b := mustAssemble(t, "l: jump l")
	cfg := DefaultConfig()
	cfg.Size = 40
	cfg.Starts = []int{0, 20}
	m, err := New(cfg, []*Program{a, b}, []int{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	m.RunToEnd()
	if m.Process(0).Alive || m.Process(1).Kills != 0 || m.Process(0).Kills != 0 {
		t.Errorf("stats %+v %+v", m.Process(0), m.Process(1))
	}
	if m.Cycle() != 1 { // the game ends mid-slice, as soon as one process is left
		t.Errorf("over after %d slices, want 1", m.Cycle())
	}
}

// Round robin over processes, one instruction each per slice, and the cycle limit.
func TestSchedulingAndCycleLimit(t *testing.T) {
	a := mustAssemble(t, "fork l\nl: add 1, x\njump l\nx: data 0")
	b := mustAssemble(t, "l: add 1, x\njump l\nx: data 0")
	cfg := DefaultConfig()
	cfg.Size = 40
	cfg.MaxCycles = 100
	cfg.Starts = []int{0, 20}
	m, err := New(cfg, []*Program{a, b}, []int{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Run(1000); got != 100 || !m.Over() {
		t.Fatalf("Run completed %d slices, over=%v; want 100, true", got, m.Over())
	}
	// b: 100 instructions alternating add/jump => 50 adds.
	if got := m.At(22).A; got != 50 {
		t.Errorf("b's counter %d, want 50", got)
	}
	// a: fork, then two threads sharing 99 instructions: 49 adds by... each thread alternates.
	if got, want := m.Process(0).Executed, int64(100); got != want {
		t.Errorf("a executed %d, want %d", got, want)
	}
	if got := m.At(3).A; got != 50 {
		t.Errorf("a's counter %d, want 50", got)
	}
}

func TestPlacementDistanceAndDeterminism(t *testing.T) {
	p := mustAssemble(t, "l: jump l\ndata 0\ndata 0")
	for seed := int64(0); seed < 200; seed++ {
		cfg := DefaultConfig()
		cfg.Size = 100
		cfg.Seed = seed
		m, err := New(cfg, []*Program{p, p}, []int{3, 2})
		if err != nil {
			t.Fatal(err)
		}
		n := m.Processes()
		minDist := 100 / (2 * n)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if i == j {
					continue
				}
				d := corewars.Wrap(m.Start(j)-m.Start(i), 100)
				if d < minDist {
					t.Fatalf("seed %d: processes %d and %d only %d apart, want ≥ %d", seed, i, j, d, minDist)
				}
			}
		}
		m2, _ := New(cfg, []*Program{p, p}, []int{3, 2})
		for i := 0; i < n; i++ {
			if m.Start(i) != m2.Start(i) {
				t.Fatalf("seed %d: placement differs between two runs", seed)
			}
		}
	}
	cfg := DefaultConfig()
	cfg.Size = 10
	if _, err := New(cfg, []*Program{p, p}, []int{3, 2}); err == nil || !strings.Contains(err.Error(), "do not fit") {
		t.Errorf("5 programs of 3 cells in 10 cells: err %v, want 'do not fit'", err)
	}
}

// TestCopiesOverflow: copies whose sum overflows an int are refused, not a makeslice panic
// (robocom tournament -copies 9223372036854775807 crashed).
func TestCopiesOverflow(t *testing.T) {
	p := mustAssemble(t, "l: jump l")
	const huge = int(^uint(0) >> 1)
	if _, err := New(DefaultConfig(), []*Program{p, p}, []int{huge, huge}); err == nil || !strings.Contains(err.Error(), "processes") {
		t.Errorf("New with copies %d twice: %v", huge, err)
	}
}

// TestThreadLimitBounds: the thread limit is at most corewars.MaxThreads, so a fork bomb's
// threads cannot fill the memory and info 6 (a 32-bit cell) reads the limit itself; a limit
// of 2³¹ would have read as a negative number.
func TestThreadLimitBounds(t *testing.T) {
	p := mustAssemble(t, "info 6, x\nl: jump l\nx: data 0")
	cases := []struct {
		limit int
		info6 string // "" for a limit New refuses
	}{
		{1, "data 1"},
		{corewars.MaxThreads, "data 16384"},
		{corewars.MaxThreads + 1, ""},
		{1 << 31, ""},
		{1 << 40, ""},
	}
	for _, tc := range cases {
		cfg := DefaultConfig()
		cfg.Size, cfg.MaxThreads, cfg.Starts = 40, tc.limit, []int{0}
		m, err := New(cfg, []*Program{p}, []int{1})
		if tc.info6 == "" {
			if err == nil || !strings.Contains(err.Error(), "out of range") {
				t.Errorf("limit %d: New gave %v, want out of range", tc.limit, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("limit %d: %v", tc.limit, err)
		}
		m.Step()
		if got := m.At(2).String(); got != tc.info6 {
			t.Errorf("limit %d: info 6 wrote %q, want %q", tc.limit, got, tc.info6)
		}
	}
}

// TestCycleLimitBounds: the cycle limit is at most MaxCycles, so info 5 (elapsed time slices,
// written into a 32-bit cell) never wraps to a negative number; a limit past it is refused.
func TestCycleLimitBounds(t *testing.T) {
	p := mustAssemble(t, "l: jump l")
	for _, tc := range []struct {
		limit int64
		ok    bool
	}{{0, true}, {MaxCycles, true}, {MaxCycles + 1, false}, {1 << 40, false}, {-1, false}} {
		cfg := DefaultConfig()
		cfg.MaxCycles = tc.limit
		_, err := New(cfg, []*Program{p}, []int{1})
		if (err == nil) != tc.ok {
			t.Errorf("limit %d: New gave %v, want ok %v", tc.limit, err, tc.ok)
		}
	}
}
