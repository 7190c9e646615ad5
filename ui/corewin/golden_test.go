//go:build cgo

package corewin

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gioui.org/gpu/headless"
	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"

	"robocom/ui/corewin/coreplay"
)

var (
	updateGolden = flag.Bool("update", false, "rewrite the golden images in testdata/refs")
	shotDir      = flag.String("shots", "", "write full-window renders into this folder (to look at them)")
)

// render draws a widget headless; it skips the test when there is no headless GPU.
func render(t testing.TB, size image.Point, draw func(gtx layout.Context)) *image.RGBA {
	t.Helper()
	hw, err := headless.NewWindow(size.X, size.Y)
	if err != nil {
		t.Skipf("no headless GPU here: %v", err)
	}
	defer hw.Release()
	var r input.Router
	var ops op.Ops
	gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(size), Source: r.Source(), Now: time.Unix(0, 0)}
	draw(gtx)
	if err := hw.Frame(&ops); err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rectangle{Max: size})
	if err := hw.Screenshot(img); err != nil {
		t.Fatal(err)
	}
	return img
}

// goldenCore plays Dwarf against two copies of the Replicator in a 1600-cell core with seed
// 5 for 300 time slices.
func goldenCore(t testing.TB) *Snapshot {
	t.Helper()
	p := coreplay.Defaults(coreplay.CW)
	p.Size = 1600
	var progs []*coreplay.Program
	for _, n := range []string{"dwarf.cw", "replicator.cw"} {
		src, err := os.ReadFile(filepath.Join(samples, n))
		if err != nil {
			t.Fatal(err)
		}
		pr, err := coreplay.Load(n, src, p)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, pr)
	}
	g, err := coreplay.NewGame(progs, []int{1, 2}, p, 5)
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
	colorOf := func(p int) color.NRGBA { return Palette[snap.Stats[p].Program%len(Palette)] }
	got := render(t, size, func(gtx layout.Context) {
		CoreStyle{State: st, Snap: snap, ColorOf: colorOf, Marked: -1}.Layout(gtx)
	})
	ref := filepath.Join("testdata", "refs", "core.png")
	if *updateGolden {
		writePNG(t, ref, got)
		return
	}
	f, err := os.Open(ref)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if bad := diffPixels(got, want, 8); bad > size.X*size.Y/500 {
		out := filepath.Join(t.TempDir(), "core-bad.png")
		writePNG(t, out, got)
		t.Fatalf("%d pixels differ from %s (tolerance 8 per channel); got %s", bad, ref, out)
	}
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
	h.clickLabel(t, "Run block")
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
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// diffPixels counts the pixels where a channel differs by more than tol.
func diffPixels(a *image.RGBA, b image.Image, tol int) int {
	bad := 0
	r := a.Bounds()
	if b.Bounds() != r {
		return r.Dx() * r.Dy()
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := a.RGBAAt(x, y)
			br, bg, bb, _ := b.At(x, y).RGBA()
			if absDiff(c.R, uint8(br>>8)) > tol || absDiff(c.G, uint8(bg>>8)) > tol || absDiff(c.B, uint8(bb>>8)) > tol {
				bad++
			}
		}
	}
	return bad
}

// BenchmarkCoreFrame is a whole frame of a 10000-cell core on the headless GPU (software
// rendering here): layout, texture upload and drawing.
func BenchmarkCoreFrame(b *testing.B) {
	snap := goldenCore(b)
	p := coreplay.Defaults(coreplay.CW)
	var progs []*coreplay.Program
	for _, n := range []string{"dwarf.cw", "replicator.cw"} {
		src, _ := os.ReadFile(filepath.Join(samples, n))
		pr, err := coreplay.Load(n, src, p)
		if err != nil {
			b.Fatal(err)
		}
		progs = append(progs, pr)
	}
	g, err := coreplay.NewGame(progs, nil, p, 1)
	if err != nil {
		b.Fatal(err)
	}
	g.Run(2000)
	fillSnapshot(g, snap)
	size := image.Pt(840, 840)
	hw, err := headless.NewWindow(size.X, size.Y)
	if err != nil {
		b.Skipf("no headless GPU here: %v", err)
	}
	defer hw.Release()
	var r input.Router
	var ops op.Ops
	st := newCoreState()
	colorOf := func(p int) color.NRGBA { return Palette[snap.Stats[p].Program%len(Palette)] }
	for b.Loop() {
		ops.Reset()
		gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(size), Source: r.Source(), Now: time.Unix(0, 0)}
		CoreStyle{State: st, Snap: snap, ColorOf: colorOf, Marked: -1}.Layout(gtx)
		if err := hw.Frame(&ops); err != nil {
			b.Fatal(err)
		}
	}
}
