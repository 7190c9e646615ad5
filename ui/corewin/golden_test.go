//go:build cgo

package corewin

import (
	"flag"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"gioui.org/layout"

	"robocom/corewars/play"
	"robocom/ui/internal/goldentest"
	"robocom/ui/kit"
)

var (
	updateGolden = flag.Bool("update", false, "rewrite the golden images in testdata/refs")
	shotDir      = flag.String("shots", "", "write full-window renders into this folder (to look at them)")
)

// render draws a widget headless; it skips the test when there is no headless GPU.
func render(t testing.TB, size image.Point, draw func(gtx layout.Context)) *image.RGBA {
	t.Helper()
	return goldentest.Render(t, size, draw)
}

// goldenCore plays Dwarf against two copies of the Replicator in a 1600-cell core with seed
// 5 for 300 time slices.
func goldenCore(t testing.TB) *Snapshot {
	t.Helper()
	p := play.Defaults(play.CW)
	p.Size = 1600
	var progs []*play.Program
	for _, n := range []string{"dwarf.cw", "replicator.cw"} {
		src, err := os.ReadFile(filepath.Join(samples, n))
		if err != nil {
			t.Fatal(err)
		}
		pr, err := play.Load(n, src, p)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, pr)
	}
	g, err := play.NewGame(progs, []int{1, 2}, p, 5)
	if err != nil {
		t.Fatal(err)
	}
	g.Run(300)
	var s Snapshot
	fillSnapshot(g, &s)
	return &s
}

func TestGoldenCore(t *testing.T) {
	snap := goldenCore(t)
	size := image.Pt(400, 400)
	st := newCoreState()
	st.Selected = 0
	colorOf := func(p int) color.NRGBA { return kit.PaletteColor(snap.Stats[p].Program) }
	got := render(t, size, func(gtx layout.Context) {
		CoreStyle{State: st, Snap: snap, ColorOf: colorOf, Marked: -1}.Layout(gtx)
	})
	goldentest.Compare(t, got, filepath.Join("testdata", "refs", "core.png"), 8, *updateGolden)
	// The image shows what the snapshot says: a cell's pixel has its owner's colour.
	s := st
	for a, o := range snap.Owner {
		if o < 0 || snap.Written[a] >= 0 {
			continue
		}
		x, y := s.cellRect(a)
		c := got.RGBAAt(int(s.origin.X+x+1), int(s.origin.Y+y+1))
		want := dim(colorOf(int(o)))
		if absDiff(c.R, want.R) > 8 || absDiff(c.G, want.G) > 8 || absDiff(c.B, want.B) > 8 {
			t.Fatalf("cell %d owned by %d drawn %v, want %v", a, o, c, want)
		}
		break
	}
}

// TestWindowShots renders the whole window at a few moments when -shots is given, so that a
// person can look at them.
func TestWindowShots(t *testing.T) {
	if *shotDir == "" {
		t.Skip("-shots not given")
	}
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:replicator.cw", "bundled:impkiller.cw")
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Run")
	h.settle(t)
	for _, tab := range []string{"Players", "Statistics", "Parameters", "Trace", "Core dump", "Tournament", "Editor"} {
		h.clickLabel(t, tab)
		if tab == "Statistics" {
			h.clickLabel(t, "2. ")
		}
		img := render(t, winSize, func(gtx layout.Context) { w.Layout(gtx) })
		writePNG(t, filepath.Join(*shotDir, "tab-"+tab+".png"), img)
	}
}

func writePNG(t testing.TB, path string, img image.Image) {
	t.Helper()
	if err := goldentest.WritePNG(path, img); err != nil {
		t.Fatal(err)
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// BenchmarkCoreFrame is a whole frame of a 10000-cell core on the headless GPU (software
// rendering here): layout, texture upload and drawing.
func BenchmarkCoreFrame(b *testing.B) {
	snap := goldenCore(b)
	g := benchGame(b, play.CW, "dwarf.cw", "replicator.cw")
	g.Run(1500) // benchGame ran 500: 2000 in all
	fillSnapshot(g, snap)
	w := goldentest.NewWindow(b, image.Pt(840, 840))
	st := newCoreState()
	colorOf := func(p int) color.NRGBA { return kit.PaletteColor(snap.Stats[p].Program) }
	for b.Loop() {
		w.Frame(b, func(gtx layout.Context) {
			CoreStyle{State: st, Snap: snap, ColorOf: colorOf, Marked: -1}.Layout(gtx)
		})
	}
}
