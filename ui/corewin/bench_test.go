package corewin

import (
	"image"
	"image/color"
	"testing"
	"time"

	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"

	"robocom/corewars"
	"robocom/corewars/play"
	"robocom/ui/kit"
)

func benchGame(b *testing.B, lang play.Language, files ...string) corewars.Engine {
	b.Helper()
	p := play.Defaults(lang)
	var progs []*play.Program
	for _, f := range files {
		src := []byte(f)
		name := "x.red"
		if lang == play.CW {
			name = f
			var err error
			if src, err = readSample(f); err != nil {
				b.Fatal(err)
			}
		}
		pr, err := play.Load(name, src, p)
		if err != nil {
			b.Fatal(err)
		}
		progs = append(progs, pr)
	}
	g, err := play.NewGame(progs, nil, p, 1)
	if err != nil {
		b.Fatal(err)
	}
	g.Run(500)
	return g
}

// BenchmarkSnapshot is the runner's publish: every cell's owner and write time, the
// statistics and the threads (done about 30 times a second while a game runs).
func BenchmarkSnapshot(b *testing.B) {
	for _, c := range []struct {
		name  string
		lang  play.Language
		files []string
	}{
		{"cw-10000", play.CW, []string{"dwarf.cw", "replicator.cw"}},
		{"redcode-8000", play.Redcode, []string{"MOV 0, 1\n", "ADD #4, 3\nMOV 2, @2\nJMP -2\nDAT #0, #0\n"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			g := benchGame(b, c.lang, c.files...)
			var s Snapshot
			b.ReportAllocs()
			for b.Loop() {
				fillSnapshot(g, &s)
			}
		})
	}
}

// BenchmarkCoreLayout is one frame's layout of a 10000-cell core (no GPU).
func BenchmarkCoreLayout(b *testing.B) {
	g := benchGame(b, play.CW, "dwarf.cw", "replicator.cw")
	var s Snapshot
	fillSnapshot(g, &s)
	st := newCoreState()
	var r input.Router
	var ops op.Ops
	colorOf := func(p int) color.NRGBA { return kit.PaletteColor(s.Stats[p].Program) }
	b.ReportAllocs()
	for b.Loop() {
		ops.Reset()
		gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(image.Pt(840, 840)), Source: r.Source(), Now: time.Unix(0, 0)}
		CoreStyle{State: st, Snap: &s, ColorOf: colorOf, Marked: -1}.Layout(gtx)
	}
}

// BenchmarkAdvance is the runner playing 100 time slices as a running game does, with no
// breakpoint ("none") and with one that is never hit ("break", on process 0). Redcode: a
// splitter of 8000 processes against a warrior looping in place (the breakpoint is the
// splitter's); .cw: Dwarf against Imp, started again every 5000 time slices (outside the
// timer), before Imp has gone round the core.
func BenchmarkAdvance(b *testing.B) {
	for _, c := range []struct {
		name    string
		lang    play.Language
		files   []string
		warm    int
		horizon int64
	}{
		{"redcode-8000-processes", play.Redcode, []string{"SPL 0\nJMP -1\n", "JMP 0\n"}, 20000, 1 << 62},
		{"cw", play.CW, []string{"dwarf.cw", "imp.cw"}, 0, 5000},
	} {
		for _, mode := range []string{"none", "break"} {
			b.Run(c.name+"/"+mode, func(b *testing.B) {
				p := play.Defaults(c.lang)
				p.Cycles = 1 << 40
				var progs []*play.Program
				for _, f := range c.files {
					name, src := "x.red", []byte(f)
					if c.lang == play.CW {
						var err error
						name = f
						if src, err = readSample(f); err != nil {
							b.Fatal(err)
						}
					}
					pr, err := play.Load(name, src, p)
					if err != nil {
						b.Fatal(err)
					}
					progs = append(progs, pr)
				}
				newGame := func() corewars.Engine {
					g, err := play.NewGame(progs, nil, p, 1)
					if err != nil {
						b.Fatal(err)
					}
					g.Run(c.warm)
					return g
				}
				// An address process 0 never executes within the horizon (or 500,000 slices).
				g := newGame()
				ran := make([]bool, g.Size())
				g.SetEventHandler(func(e corewars.Event) {
					if e.Kind == corewars.EventExec && e.Process == 0 {
						ran[e.Addr] = true
					}
				})
				g.Run(int(min(c.horizon, 500_000)))
				never := -1
				for a, r := range ran {
					if !r && never < 0 {
						never = a
					}
				}
				if never < 0 {
					b.Fatal("process 0 runs everywhere")
				}
				r := newRunner(nil)
				defer r.Close()
				r.reset(newGame())
				if mode == "break" {
					r.setBreaks(Breaks{Exec: map[int][]int{0: {never}}})
				}
				r.Read(func(e corewars.Engine, ok bool) { // on the simulation goroutine
					b.ReportAllocs()
					for b.Loop() {
						if e.Cycle() >= c.horizon {
							b.StopTimer()
							e = newGame()
							r.Swap(e)
							b.StartTimer()
						}
						if r.advance(e, 100) != 100 || r.insp.hits != 0 {
							b.Fatalf("stopped at cycle %d, %d hits", e.Cycle(), r.insp.hits)
						}
					}
				})
			})
		}
	}
}
