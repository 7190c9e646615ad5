package arena

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"robocom/robolang"
)

// driveState is everything the debugger can read of a game at one point.
type driveState struct {
	Cycle  int
	Robots []RobotView
	Probes []Probe
	Heads  []TaskHead
	Instr  int64
}

func driveProbe(p Probe) Probe {
	if !p.Fetched {
		p.FetchCycle = 0 // (a prefetch's coming cycle: only skipping games make one)
	}
	return p
}

func driveRead(g *Game) driveState {
	// The probes first, each on its own (it settles what it reads), then the views.
	var s driveState
	for i := range g.robots {
		r := &g.robots[i]
		if !r.alive {
			continue
		}
		s.Probes = append(s.Probes, driveProbe(g.Probe(int(r.id))))
		if r.mt != nil {
			for _, tk := range r.mt.list {
				s.Probes = append(s.Probes, driveProbe(g.ProbeTask(int(r.id), int(tk.num))))
			}
		}
	}
	s.Cycle, s.Robots = g.Cycle(), g.Robots()
	s.Heads = g.AppendTaskHeads(nil)
	s.Instr = g.Instructions()
	return s
}

func drivePrograms(t *testing.T) [][]*robolang.Program {
	var sets [][]*robolang.Program
	files, _ := filepath.Glob("../robots/rc3/*.rob")
	var samples []*robolang.Program
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := robolang.Parse(filepath.Base(f), src, robolang.Options{RC3: true})
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, p)
	}
	for i := range samples {
		for j := i + 1; j < len(samples); j++ {
			sets = append(sets, []*robolang.Program{samples[i], samples[j]})
		}
	}
	for _, n := range []int{3, 10} {
		p := parseRC3(t, "Crowd", strings.ReplaceAll(crowdRC3Src, "NTASKS", fmt.Sprint(n)))
		sets = append(sets, []*robolang.Program{p})
		if len(samples) > 0 {
			sets = append(sets, []*robolang.Program{p, samples[0]})
		}
	}
	for k, src := range rc3FuzzSeeds {
		sets = append(sets, []*robolang.Program{parseRC3(t, fmt.Sprint("seed", k), src), parseRC3(t, "crowd", strings.ReplaceAll(crowdRC3Src, "NTASKS", "4"))})
	}
	return sets
}

// TestRingViewsStepSkipJump: a game stepped cycle by cycle, one without skips, and one run in
// random jumps read the same at every point; views taken inside event handlers agree too.
func TestRingViewsStepSkipJump(t *testing.T) {
	seeds := int64(3)
	if testing.Short() {
		seeds = 1
	}
	for si, progs := range drivePrograms(t) {
		for seed := int64(1); seed <= seeds; seed++ {
			for _, withEvents := range []bool{false, true} {
				o := RC3M()
				o.Timeout = 1500
				o.Board = 6 + int(seed)*2
				var evA, evB []string
				mk := func(noSkip bool, log *[]string, gp **Game) *Game {
					cfg := Config{Programs: progs, Options: o, Seed: seed, noSkip: noSkip}
					if withEvents {
						cfg.OnEvent = func(e Event) {
							g := *gp
							s := fmt.Sprintf("%+v", e)
							if g == nil {
								*log = append(*log, s)
								return
							}
							for _, v := range g.Robots() {
								if v.ID == int(g.actor) {
									continue // (mid-turn: its instruction in progress and position read differently without skips, as before)
								}
								if v.ID > int(g.actor) {
									continue // (its turn is to come: a lone robot's Remaining is off by one without skips, and a task's fetch made early for this cycle shows, as before)
								}
								if v.ID == int(g.actor) { // (mid-turn: its instruction in progress reads differently without skips, as before)
									v.InProgress, v.Remaining, v.Duration = false, 0, 0
									for k := range v.Tasks {
										if v.Tasks[k].Cursor {
											v.Tasks[k].InProgress, v.Tasks[k].Remaining, v.Tasks[k].Duration = false, 0, 0
										}
									}
								}
								s += fmt.Sprintf(" | %d %v %d %d %v %d %d %d", v.ID, v.Alive, v.Bank, v.Instr, v.InProgress, v.Remaining, v.Duration, len(v.Tasks))
								for _, tv := range v.Tasks {
									s += fmt.Sprintf(" [%d %d %d %v %d %d %v]", tv.Number, tv.Bank, tv.Instr, tv.InProgress, tv.Remaining, tv.Duration, tv.Cursor)
								}
							}
							*log = append(*log, s)
						}
					}
					g, err := New(cfg)
					if err != nil {
						t.Fatal(err)
					}
					*gp = g
					return g
				}
				var ga, gb, gc *Game
				a := mk(false, &evA, &ga)
				b := mk(true, &evB, &gb)
				var dummy []string
				c := mk(false, &dummy, &gc)
				c.SetEventHandler(nil)
				rng := rand.New(rand.NewSource(seed * 77))
				next := rng.Intn(50) + 1
				for a.Step() {
					b.Step()
					sa, sb := driveRead(a), driveRead(b)
					if !reflect.DeepEqual(sa, sb) {
						t.Fatalf("set %d seed %d events %v: cycle %d: stepped game differs from the one without skips:\n%+v\n%+v", si, seed, withEvents, a.Cycle(), sa, sb)
					}
					if a.Cycle() == next {
						c.RunUntil(next)
						if sc := driveRead(c); !reflect.DeepEqual(sa, sc) {
							t.Fatalf("set %d seed %d events %v: cycle %d: jumped game differs:\n%+v\n%+v", si, seed, withEvents, a.Cycle(), sa, sc)
						}
						next += rng.Intn(90) + 1
					}
					if !reflect.DeepEqual(evA, evB) {
						for k := range evA {
							if k >= len(evB) || evA[k] != evB[k] {
								t.Fatalf("set %d seed %d: cycle %d: event %d differs:\n%s\n%v", si, seed, a.Cycle(), k, evA[k], evB[k:min(k+1, len(evB))])
							}
						}
						t.Fatalf("set %d seed %d: cycle %d: events differ in number %d %d", si, seed, a.Cycle(), len(evA), len(evB))
					}
				}
				c.Run()
				if !reflect.DeepEqual(a.Result(), c.Result()) {
					t.Fatalf("set %d seed %d: results differ", si, seed)
				}
			}
		}
	}
}

// driveDigest is what every view reads of a game now.
func driveDigest(g *Game) string {
	return fmt.Sprintf("%d %v %+v %d %v", g.Cycle(), g.Over(), g.Robots(), g.Instructions(), g.Deaths())
}

// TestQuietMixedDriving: a tournament game (classic, quiet robots, no handler: RunUntil
// walks in runQuiet) driven by a random mix of RunUntil, Step, RunUntilEvent, a handler set
// and cleared, snapshots and rewinds reads at every stop as a game stepped cycle by cycle
// without dormant robots. (runQuiet ending a run without skipTo fails it in seconds; the July
// tests, which call Run until the game is over, hang instead.)
func TestQuietMixedDriving(t *testing.T) {
	progs := julyPrograms(t)
	k, step := 0, 9
	if testing.Short() {
		step = 20
	}
	for i := 0; i < len(progs); i += step {
		for j := i + 1; j < len(progs); j += 11 {
			k++
			ps := []*robolang.Program{progs[i], progs[j]}
			o := Classic()
			o.Timeout = 2000
			o.Board = []int{8, 14, 20}[k%3]
			seed := int64(k)
			ref, err := New(Config{Programs: ps, Options: o, Seed: seed, noQuiet: true})
			if err != nil {
				t.Fatal(err)
			}
			want := []string{driveDigest(ref)}
			for ref.Step() {
				want = append(want, driveDigest(ref))
			}
			g, _ := New(Config{Programs: ps, Options: o, Seed: seed})
			rng := rand.New(rand.NewSource(seed))
			var snaps []*Snapshot
			for steps := 0; !g.Over() && steps < 400; steps++ {
				switch a := rng.Intn(10); {
				case a < 4:
					g.RunUntil(g.Cycle() + 1 + rng.Intn(400))
				case a == 4:
					for n := rng.Intn(5); n >= 0 && g.Step(); n-- {
					}
				case a == 5:
					g.RunUntilEvent(g.Cycle()+1+rng.Intn(300), func(e Event) bool { return e.Kind == EvDeath || e.Kind == EvTrans && rng.Intn(50) == 0 })
				case a == 6:
					g.SetEventHandler(func(Event) {})
					g.RunUntil(g.Cycle() + 1 + rng.Intn(100))
					g.SetEventHandler(nil)
				case a == 7:
					snaps = append(snaps, g.Snapshot())
				case a == 8 && len(snaps) > 0:
					g.Restore(snaps[rng.Intn(len(snaps))])
				default:
					if len(snaps) > 0 && rng.Intn(2) == 0 {
						snaps = append(snaps, g.SnapshotSince(snaps[0]))
					}
				}
				checkInvariants(t, g)
				if c := g.Cycle(); c >= len(want) || driveDigest(g) != want[c] {
					t.Fatalf("%s vs %s seed %d: cycle %d: the game differs from the stepped one", ps[0].Name, ps[1].Name, seed, c)
				}
			}
		}
	}
	t.Logf("%d games", k)
}
