package corewars_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"robocom/corewars"
	"robocom/corewars/redcode"
	"robocom/corewars/redcodeengine"
)

// stepper is the reference RunUntil: one Step at a time, with Next, Threads and Cell.
type stepper struct {
	g      corewars.Engine
	breaks map[int][]int // per process
	watch  []int
	extra  int // instructions since the time slice began
}

// next plays until the next stop, at most limit instructions, as RunUntil describes it.
func (s *stepper) next(resume bool, limit int) (corewars.Stop, bool) {
	for i := 0; i < limit && !s.g.Over(); i++ {
		p, c := s.g.Next(), s.g.Cycle()
		pc := s.g.Threads(p, nil, -1)[0]
		if !resume && slices.Contains(s.breaks[p], pc) {
			return corewars.Stop{Kind: corewars.StopBreak, Process: p, Addr: pc, Cycle: c}, true
		}
		resume = false
		s.g.Step()
		if s.extra++; s.g.Cycle() != c {
			s.extra = 0
		}
		for _, a := range s.watch {
			if cell := s.g.Cell(a); cell.Written == c && cell.Owner == p {
				return corewars.Stop{Kind: corewars.StopWatch, Process: p, Addr: a, Cycle: c}, true
			}
		}
	}
	return corewars.Stop{}, false
}

// breaksFor picks breakpoints and watches a game meets: addresses its first two processes
// execute and cells they write early in the game.
func breaksFor(g corewars.Engine) (map[int][]int, []int) {
	execs := map[int][]int{}
	g.SetEventHandler(func(e corewars.Event) {
		if e.Kind == corewars.EventExec {
			execs[e.Process] = append(execs[e.Process], e.Addr)
		}
	})
	var watch []int
	for i := 0; i < 400 && g.Step(); i++ {
		for a := 0; a < g.Size() && len(watch) < 2; a++ {
			if g.Cell(a).Written >= 0 && !slices.Contains(watch, a) && (len(watch) == 0 || g.Cell(a).Owner != g.Cell(watch[0]).Owner) {
				watch = append(watch, a)
			}
		}
	}
	breaks := map[int][]int{}
	for p, as := range execs {
		if p < 2 && len(as) > 7 {
			breaks[p] = []int{as[5], as[7]}
		}
	}
	return breaks, watch
}

func TestRunUntilStopsWhereSteppingWould(t *testing.T) {
	for name, newGame := range contractGames(t) {
		t.Run(name, func(t *testing.T) {
			breaks, watch := breaksFor(newGame(2))
			if len(breaks) == 0 && len(watch) == 0 {
				if g := newGame(2); g.Run(10) < 10 {
					t.Skip("the game ends within a few instructions")
				}
				t.Fatalf("no breakpoints (%v) or watches (%v) to test with", breaks, watch)
			}
			ref := &stepper{g: newGame(2), breaks: breaks, watch: watch}
			g := newGame(2)
			b := corewars.NewBreakpoints(g.Size(), g.Processes())
			for p, as := range breaks {
				for _, a := range as {
					b.Break(p, a)
				}
			}
			for _, a := range watch {
				b.Watch(a)
			}
			extra, resume, stops := 0, false, 0
			for !g.Over() && stops < 300 {
				c := g.Cycle()
				got, s := g.RunUntil(7, b, resume)
				if int64(got) != g.Cycle()-c {
					t.Fatalf("RunUntil said %d slices, the game went from %d to %d", got, c, g.Cycle())
				}
				if g.Cycle() == c {
					extra += s.Into
				} else {
					extra = s.Into
				}
				if s.Kind == corewars.StopNone {
					if !g.Over() && got != 7 {
						t.Fatalf("no stop after %d slices of 7", got)
					}
					continue
				}
				stops++
				want, ok := ref.next(resume, 1<<20)
				s.Into = 0
				if !ok || s != want {
					t.Fatalf("stop %d: RunUntil %+v, stepping %+v (found %v)", stops, s, want, ok)
				}
				same := g.Cycle() == ref.g.Cycle() && g.Next() == ref.g.Next()
				if stops%50 == 1 {
					same = engineState(g) == engineState(ref.g) // formats every cell: not at every stop
				}
				if extra != ref.extra || !same {
					t.Fatalf("stop %d (%+v): %d instructions into the slice, stepping %d; or the games differ", stops, s, extra, ref.extra)
				}
				resume = s.Kind == corewars.StopBreak
			}
			if stops < 3 {
				t.Errorf("only %d stops", stops)
			}
			if _, ok := ref.next(resume, 1<<20); ok && stops < 300 {
				t.Error("stepping stops once more after RunUntil's game ended")
			}
		})
	}
}

// Turn stops after that process's next instruction: another's breakpoint stops it before,
// its own does not (its next instruction is the one asked for).
func TestRunUntilTurn(t *testing.T) {
	for name, newGame := range contractGames(t) {
		t.Run(name, func(t *testing.T) {
			g := newGame(3)
			g.Run(20)
			for range 10 {
				if g.Over() {
					break
				}
				for q := 0; q < 2; q++ {
					if !g.Process(q).Alive || g.Over() {
						continue
					}
					b := corewars.NewBreakpoints(g.Size(), g.Processes())
					b.Turn = q
					pc := g.Threads(q, nil, -1)[0]
					b.Break(q, pc) // its own: no stop before
					executed := g.Process(q).Executed
					ref := newGame(3)
					ref.Run(int(g.Cycle()))
					_, s := g.RunUntil(3, b, false)
					if s.Kind != corewars.StopTurn || s.Process != q || s.Addr != pc {
						if !g.Over() {
							t.Fatalf("Turn %d at %d: stopped %+v", q, pc, s)
						}
					}
					if g.Process(q).Executed > executed+1 {
						t.Fatalf("process %d ran %d instructions", q, g.Process(q).Executed-executed)
					}
					// Another process's breakpoint before that turn stops first.
					other := 1 - q
					if g.Over() || !g.Process(other).Alive || g.Next() != other {
						continue
					}
					opc := g.Threads(other, nil, -1)[0]
					b.Break(other, opc)
					before := engineState(g)
					_, s = g.RunUntil(3, b, false)
					if want := (corewars.Stop{Kind: corewars.StopBreak, Process: other, Addr: opc, Cycle: g.Cycle()}); s != want || engineState(g) != before {
						t.Fatalf("a breakpoint of %d before %d's turn: %+v, want %+v and nothing run", other, q, s, want)
					}
					_, s = g.RunUntil(3, b, true) // resumed: runs past it to q's turn
					if s.Kind != corewars.StopTurn && !(s.Kind == corewars.StopWatch && s.Process == q) && !g.Over() {
						t.Fatalf("resumed: %+v", s)
					}
				}
			}
		})
	}
}

// Every write of a watched cell stops: two warriors write the same content into cell 100 in
// each even time slice, and each write is a stop of its own.
func TestRunUntilWatchStopsAtEveryWrite(t *testing.T) {
	cfg := redcode.Defaults()
	cfg.CoreSize, cfg.MinDistance, cfg.Cycles, cfg.PSpaceSize = 400, 50, 5000, 0
	var ws []*redcode.Warrior
	for _, src := range []string{"MOV 1, 100\nJMP -1\n", "MOV 1, 50\nJMP -1\n"} {
		acfg := redcode.DefaultConfig(2)
		acfg.CoreSize = cfg.CoreSize
		w, diag := redcode.Assemble([]byte(src), acfg)
		if diag.Failed() {
			t.Fatal(diag.Stderr())
		}
		ws = append(ws, w)
	}
	g, err := redcodeengine.NewPlaced(cfg, ws, []int{0, 50}, 0)
	if err != nil {
		t.Fatal(err)
	}
	b := corewars.NewBreakpoints(g.Size(), g.Processes())
	b.Watch(100)
	var got []string
	for len(got) < 6 {
		_, s := g.RunUntil(10, b, false)
		got = append(got, fmt.Sprintf("%d:%d@%d", s.Process, s.Addr, s.Cycle))
		if s.Kind != corewars.StopWatch {
			t.Fatalf("stop %+v", s)
		}
	}
	if want := []string{"0:100@0", "1:100@0", "0:100@2", "1:100@2", "0:100@4", "1:100@4"}; !slices.Equal(got, want) {
		t.Errorf("stops %v, want %v", got, want)
	}
}

// engineState is what can be seen of a game, to compare two.
func engineState(e corewars.Engine) string {
	var b strings.Builder
	fmt.Fprintf(&b, "cycle %d over %v next %d\n", e.Cycle(), e.Over(), e.Next())
	for p := 0; p < e.Processes(); p++ {
		fmt.Fprintf(&b, "%+v %v\n", e.Process(p), e.Threads(p, nil, -1))
	}
	for a := 0; a < e.Size(); a++ {
		fmt.Fprintf(&b, "%+v\n", e.Cell(a))
	}
	return b.String()
}

// BenchmarkRunUntil is 100 time slices of a game through Run ("run") and through RunUntil
// with a breakpoint that is never hit ("break"), or that and a watched cell nobody writes
// ("watch"). Redcode: a splitter of 8000 processes against a warrior looping in place (the
// breakpoint is on the splitter), a game without end; .cw: Dwarf against Imp; VNA: two Bomb
// Evaders; those two start again every 5000 time slices (outside the timer), before Imp
// has gone round the core.
func BenchmarkRunUntil(b *testing.B) {
	games := []struct {
		name    string
		new     func() corewars.Engine
		horizon int64
	}{
		{"redcode-8000-processes", func() corewars.Engine {
			cfg := redcode.Defaults()
			cfg.Cycles = 1 << 40
			g := redcodeGameWith(b, cfg, 1, "SPL 0\nJMP -1\n", "JMP 0\n")
			g.Run(20000) // the splitter's queue is full
			return g
		}, 1 << 62},
		{"cw", func() corewars.Engine { return cwGameFor(b, 1<<40, 1, 1, "dwarf.cw", "imp.cw") }, 5000},
		{"vna", func() corewars.Engine { return vnaGame(b, 1, "bomb_evader_fixed.vna", "bomb_evader.vna") }, 5000},
	}
	for _, gm := range games {
		for _, mode := range []string{"run", "break", "watch"} {
			b.Run(gm.name+"/"+mode, func(b *testing.B) {
				// The game played once as far as the benchmark plays it: an address process 0
				// never executes, a cell nobody writes.
				g := gm.new()
				ran := make([]bool, g.Size())
				g.SetEventHandler(func(e corewars.Event) {
					if e.Kind == corewars.EventExec && e.Process == 0 {
						ran[e.Addr] = true
					}
				})
				g.Run(int(min(gm.horizon, 500_000)))
				never, unwritten := slices.Index(ran, false), -1
				for a := 0; a < g.Size() && unwritten < 0; a++ {
					if g.Cell(a).Written < 0 {
						unwritten = a
					}
				}
				if never < 0 || unwritten < 0 || g.Over() {
					b.Fatalf("process 0 runs everywhere (%d), every cell is written (%d) or the game is over (%v)", never, unwritten, g.Over())
				}
				var bp *corewars.Breakpoints
				fresh := func() {
					g = gm.new()
					if mode != "run" {
						bp = corewars.NewBreakpoints(g.Size(), g.Processes())
						bp.Break(0, never)
						if mode == "watch" {
							bp.Watch(unwritten)
						}
					}
				}
				fresh()
				b.ReportAllocs()
				for b.Loop() {
					if g.Cycle() >= gm.horizon {
						b.StopTimer()
						fresh()
						b.StartTimer()
					}
					if bp == nil {
						g.Run(100)
					} else if _, s := g.RunUntil(100, bp, false); s.Kind != corewars.StopNone {
						b.Fatalf("stopped at %+v", s)
					}
				}
			})
		}
	}
}
