//go:build cgo

// Package goldentest draws Gio widgets on the headless GPU and compares them with reference
// images, for the golden tests and frame benchmarks of ui and ui/corewin (tests only: it
// calls t.Fatal, and skips a test on a machine without a headless GPU).
package goldentest

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gioui.org/gpu/headless"
	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
)

// Window is a headless window of a fixed size at 1 px per dp, drawn frame after frame (as a
// real window keeps its GPU state between frames).
type Window struct {
	hw   *headless.Window
	size image.Point
	r    input.Router
	ops  op.Ops
}

// NewWindow opens a headless window, released when the test ends; it skips the test when
// there is no headless GPU.
func NewWindow(t testing.TB, size image.Point) *Window {
	t.Helper()
	hw, err := headless.NewWindow(size.X, size.Y)
	if err != nil {
		t.Skipf("no headless GPU here: %v", err)
	}
	t.Cleanup(hw.Release)
	return &Window{hw: hw, size: size}
}

// Frame lays out one frame with draw and sends it to the GPU, without waiting for it.
func (w *Window) Frame(t testing.TB, draw func(gtx layout.Context)) {
	t.Helper()
	w.ops.Reset()
	gtx := layout.Context{Ops: &w.ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1},
		Constraints: layout.Exact(w.size), Source: w.r.Source(), Now: time.Unix(0, 0)}
	draw(gtx)
	w.r.Frame(&w.ops) // the handlers, for events a test queues on Router
	if err := w.hw.Frame(&w.ops); err != nil {
		t.Fatal(err)
	}
}

// Router is the window's input router, for events a test queues between frames.
func (w *Window) Router() *input.Router { return &w.r }

// Screenshot waits for the GPU and returns what the window shows.
func (w *Window) Screenshot(t testing.TB) *image.RGBA {
	t.Helper()
	img := image.NewRGBA(image.Rectangle{Max: w.size})
	if err := w.hw.Screenshot(img); err != nil {
		t.Fatal(err)
	}
	return img
}

// Draw draws one frame and returns it.
func (w *Window) Draw(t testing.TB, draw func(gtx layout.Context)) *image.RGBA {
	t.Helper()
	w.Frame(t, draw)
	return w.Screenshot(t)
}

// Render draws one frame in a new window of the given size and returns it.
func Render(t testing.TB, size image.Point, draw func(gtx layout.Context)) *image.RGBA {
	t.Helper()
	return NewWindow(t, size).Draw(t, draw)
}

// Compare compares img with the PNG at ref: a pixel differs when a channel is off by more
// than tol, and at most 0.2% of the pixels may differ (renderers round differently). On a
// mismatch it writes img next to ref as <name>-bad.png to look at. With update it rewrites
// ref instead.
func Compare(t testing.TB, img *image.RGBA, ref string, tol int, update bool) {
	t.Helper()
	if update {
		if err := WritePNG(ref, img); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", ref)
		return
	}
	f, err := os.Open(ref)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	want, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.TrimSuffix(ref, ".png") + "-bad.png"
	if want.Bounds() != img.Bounds() {
		WritePNG(bad, img)
		t.Fatalf("image is %v, reference %s is %v; wrote %s", img.Bounds(), ref, want.Bounds(), bad)
	}
	b := img.Bounds()
	if diff, limit := DiffPixels(img, want, tol), b.Dx()*b.Dy()/500; diff > limit {
		WritePNG(bad, img)
		t.Errorf("%d pixels differ from %s by more than %d in a channel (at most %d may); wrote %s", diff, ref, tol, limit, bad)
	}
}

// DiffPixels counts the pixels where a channel (alpha included) differs by more than tol;
// every pixel when the sizes differ.
func DiffPixels(a *image.RGBA, b image.Image, tol int) int {
	r := a.Bounds()
	if b.Bounds() != r {
		return r.Dx() * r.Dy()
	}
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !Near(a.RGBAAt(x, y), color.RGBAModel.Convert(b.At(x, y)).(color.RGBA), tol) {
				n++
			}
		}
	}
	return n
}

// Near reports whether no channel of a and b differs by more than tol.
func Near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// WritePNG writes img to path, making its folder if needed.
func WritePNG(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
