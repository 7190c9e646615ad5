package corewin

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
)

func TestMain(m *testing.M) {
	// Headless rendering needs no X server with Mesa's surfaceless platform (GIO-NOTES.md).
	if os.Getenv("DISPLAY") == "" && os.Getenv("EGL_PLATFORM") == "" {
		os.Setenv("EGL_PLATFORM", "surfaceless")
	}
	os.Exit(m.Run())
}

// samples is the folder of the sample Core War programs.
const samples = "../../robots/core"

// newTestWindow opens the Core War mode on the sample programs with a fixed seed.
func newTestWindow(t testing.TB, files ...string) *Window {
	t.Helper()
	w := New(Config{Roots: []Root{{Name: "bundled", FS: os.DirFS(samples), Home: "."}}, Files: files, Seed: 42})
	t.Cleanup(w.Close)
	return w
}

// newDiskWindow is a window whose players are the files at the absolute paths given, read from
// the disk as the window reads them (a "disk" root), so that a test can rewrite or delete them.
func newDiskWindow(t testing.TB, paths ...string) *Window {
	t.Helper()
	var files []string
	for _, p := range paths {
		files = append(files, onDisk(p))
	}
	w := New(Config{Roots: []Root{{Name: "disk", FS: os.DirFS("/"), Home: "."}}, Files: files, Seed: 1})
	t.Cleanup(w.Close)
	return w
}

// onDisk is the window's name of the file at the absolute path p ("disk:tmp/x/mine.cw").
func onDisk(p string) string { return "disk:" + strings.TrimPrefix(filepath.ToSlash(p), "/") }

// samplesOnDisk copies the bundled samples named into a new folder and returns their paths.
func samplesOnDisk(t testing.TB, names ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for _, n := range names {
		src, err := readSample(n)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// frame lays the window out once at 1280×860 and hands the ops to the router.
type harness struct {
	w    *Window
	draw func(gtx layout.Context) // instead of w.Layout, if set
	r    input.Router
	ops  op.Ops
	now  time.Time
}

func newHarness(w *Window) *harness { return &harness{w: w, now: time.Unix(1000, 0)} }

func (h *harness) frame() {
	h.ops.Reset()
	h.now = h.now.Add(16 * time.Millisecond)
	gtx := layout.Context{Ops: &h.ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(winSize), Source: h.r.Source(), Now: h.now}
	if h.draw != nil {
		h.draw(gtx)
	} else {
		h.w.Layout(gtx)
	}
	h.r.Frame(&h.ops)
}

// settle waits until the runner has no work left and lays out a frame.
func (h *harness) settle(t testing.TB) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		h.w.run.sync(&h.w.snap)
		if !h.w.snap.Running || h.w.snap.Over {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the game did not stop")
		}
		time.Sleep(2 * time.Millisecond)
	}
	// One more publish may be pending.
	time.Sleep(20 * time.Millisecond)
	h.frame()
	h.frame()
}

func readSample(name string) ([]byte, error) { return os.ReadFile(samples + "/" + name) }

// findText reports whether a label starting with text is on screen.
// applySeries sets the rounds' cycles and the rounds of a series in the Parameters tab and
// applies them (the series restarts).
func (h *harness) applySeries(t testing.TB, cycles, rounds string) {
	t.Helper()
	h.clickLabel(t, "Parameters")
	h.w.prm.cycles.SetText(cycles)
	h.w.prm.rounds.SetText(rounds)
	h.clickLabel(t, "Apply and restart")
}

// seriesOver draws frames until the series has played round and tallied it.
func (h *harness) seriesOver(t testing.TB, round int) {
	t.Helper()
	w := h.w
	for deadline := time.Now().Add(20 * time.Second); !(w.round == round && w.snap.Over && w.tallied == w.snap.Game); {
		if time.Now().After(deadline) {
			t.Fatalf("the series did not finish: round %d, over %v", w.round, w.snap.Over)
		}
		time.Sleep(20 * time.Millisecond)
		h.frame()
	}
}

// waitText draws frames until a label starting with text shows: the inspectors' views come
// from the simulation goroutine, a publish after the frame that asked for them.
func (h *harness) waitText(t testing.TB, text string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		h.frame()
		if _, ok := h.findText(text); ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %q on screen", text)
		}
	}
}

func (h *harness) findText(text string) (image.Rectangle, bool) {
	var walk func(ns []input.SemanticNode) (image.Rectangle, bool)
	walk = func(ns []input.SemanticNode) (image.Rectangle, bool) {
		for _, n := range ns {
			if strings.HasPrefix(n.Desc.Label, text) {
				return n.Desc.Bounds, true
			}
			if b, ok := walk(n.Children); ok {
				return b, true
			}
		}
		return image.Rectangle{}, false
	}
	return walk(h.r.AppendSemantics(nil))
}
