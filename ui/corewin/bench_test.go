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
