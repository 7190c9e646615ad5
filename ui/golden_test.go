//go:build cgo

package ui

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

	"robocom/robolang"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden images in testdata/refs")

// Programs of the golden board: a factory of mobile, active Super robots, a builder that
// leaves inactive Advanced robots behind, and a lone spinner.
var goldenSources = []string{
	"Name Factory\nBank Main\n@l\nCreate 2, 1, 1\nTrans 1, 1\nSet %Active, 1\nTurn 1\nJump @l\n",
	"Name Sleepers\nBank Main\n@l\nCreate 1, 1, 0\nTurn 0\nJump @l\n",
	"Name Spinner\nBank Main\n@l\nTurn 1\nJump @l\n",
}

// goldenGame plays the golden game to a fixed cycle and returns its board.
func goldenGame(t testing.TB, cycles int) (int, []RobotView, []Team) {
	t.Helper()
	var progs []*robolang.Program
	for i, src := range goldenSources {
		p, err := LoadProgram("golden.rob", []byte(src))
		if err != nil {
			t.Fatalf("program %d: %v", i, err)
		}
		progs = append(progs, p)
	}
	g, err := NewArenaGame(progs, ArenaOptions{}.Default(), 7)
	if err != nil {
		t.Fatal(err)
	}
	for g.Cycle() < cycles && !g.Over() {
		g.Step()
	}
	teams := make([]Team, len(progs))
	for i, p := range progs {
		teams[i] = Team{Name: p.Name, Color: paletteColor(i)}
	}
	return g.Size(), g.Robots(nil), teams
}

// renderBoard draws a board headless; it skips the test when there is no headless GPU.
func renderBoard(t testing.TB, size image.Point, n int, robots []RobotView, teams []Team, selected int) *image.RGBA {
	t.Helper()
	w, err := headless.NewWindow(size.X, size.Y)
	if err != nil {
		t.Skipf("no headless GPU here: %v", err)
	}
	defer w.Release()
	var r input.Router
	var ops op.Ops
	th := testTheme()
	st := &BoardState{Selected: selected}
	gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(size), Source: r.Source(), Now: time.Unix(0, 0)}
	Board(th, st, n, robots, teams).Layout(gtx)
	if err := w.Frame(&ops); err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rectangle{Max: size})
	if err := w.Screenshot(img); err != nil {
		t.Fatal(err)
	}
	return img
}

func TestGoldenBoard(t *testing.T) {
	n, robots, teams := goldenGame(t, 900)
	if len(robots) < 10 {
		t.Fatalf("the golden game has only %d robots; the programs no longer build", len(robots))
	}
	img := renderBoard(t, image.Pt(400, 400), n, robots, teams, robots[0].ID)
	compareGolden(t, img)
}

// compareGolden compares img with testdata/refs/<test>.png: a pixel differs when a channel
// is off by more than 16, and at most 0.2% of the pixels may differ. On a mismatch it
// writes <test>-bad.png next to the reference.
func compareGolden(t *testing.T, img *image.RGBA) {
	t.Helper()
	ref := filepath.Join("testdata", "refs", t.Name()+".png")
	if *updateGolden {
		if err := writePNG(ref, img); err != nil {
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
	bad := filepath.Join("testdata", "refs", t.Name()+"-bad.png")
	if want.Bounds() != img.Bounds() {
		writePNG(bad, img)
		t.Fatalf("image is %v, reference %v; wrote %s", img.Bounds(), want.Bounds(), bad)
	}
	diff := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !near(img.RGBAAt(x, y), color.RGBAModel.Convert(want.At(x, y)).(color.RGBA), 16) {
				diff++
			}
		}
	}
	if limit := b.Dx() * b.Dy() / 500; diff > limit {
		writePNG(bad, img)
		t.Errorf("%d pixels differ from %s (at most %d may); wrote %s", diff, ref, limit, bad)
	}
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

func writePNG(path string, img image.Image) error {
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

// TestBoardLayersFollowChanges: the recorded robot layers are replayed only while nothing
// they show changed; after turning, moving and deactivating robots the board must look
// exactly like one drawn from scratch.
func TestBoardLayersFollowChanges(t *testing.T) {
	n, robots, teams := goldenGame(t, 900)
	size := image.Pt(400, 400)
	w, err := headless.NewWindow(size.X, size.Y)
	if err != nil {
		t.Skipf("no headless GPU here: %v", err)
	}
	defer w.Release()
	th := testTheme()
	var r input.Router
	var ops op.Ops
	draw := func(st *BoardState, rs []RobotView) *image.RGBA {
		ops.Reset()
		gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(size), Source: r.Source(), Now: time.Unix(0, 0)}
		Board(th, st, n, rs, teams).Layout(gtx)
		if err := w.Frame(&ops); err != nil {
			t.Fatal(err)
		}
		img := image.NewRGBA(image.Rectangle{Max: size})
		if err := w.Screenshot(img); err != nil {
			t.Fatal(err)
		}
		return img
	}
	st := &BoardState{}
	draw(st, robots)
	changed := append([]RobotView(nil), robots...)
	changed[0].Dir = (changed[0].Dir + 1) % 4
	changed[1].X = (changed[1].X + 3) % n
	changed[2].Active = 0
	changed = changed[:len(changed)-1] // one robot died
	got := draw(st, changed)
	want := draw(&BoardState{}, changed)
	diff := 0
	for i := range got.Pix {
		if got.Pix[i] != want.Pix[i] {
			diff++
		}
	}
	if diff != 0 {
		writePNG(filepath.Join("testdata", "refs", t.Name()+"-bad.png"), got)
		t.Errorf("%d bytes differ between the updated board and one drawn afresh", diff)
	}
	same := draw(st, changed)
	for i := range same.Pix {
		if same.Pix[i] != want.Pix[i] {
			t.Fatal("replaying the unchanged layers draws a different board")
		}
	}
}
