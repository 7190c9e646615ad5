//go:build e2e && !nogui

// The end-to-end test of the debuggers: it builds robocom, starts it under Xvfb with Mine
// (source) and Virus (as RBI), runs the game, clicks one robot of each team and checks that
// two debugger panels stand beside the board, each under a band of its team's colour.
// Run with: go test -tags e2e -run E2EDebuggers ./cmd/robocom/ (make test does when Xvfb is there).
// -debugshot=FILE keeps the screenshot (docs/debuggers.png, once made this way, gave way to
// docs/window-*.png, taken by hand with four debuggers open).
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"robocom/cmd/robocom/internal/xvfbtest"
	"robocom/robolang"
	"robocom/ui/robowin"
)

var debugShot = flag.String("debugshot", "", "copy the debugger screenshot to this file")

// blobs finds the centres of areas of colour c (robots) in columns x0..x1.
func blobs(img image.Image, x0, x1 int, c color.RGBA) []image.Point {
	b := img.Bounds()
	is := func(x, y int) bool {
		return color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) == c
	}
	seen := map[image.Point]bool{}
	var out []image.Point
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := x0; x < x1; x++ {
			p := image.Pt(x, y)
			if seen[p] || !is(x, y) {
				continue
			}
			stack := []image.Point{p}
			seen[p] = true
			n, sum := 0, image.Point{}
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				n++
				sum = sum.Add(q)
				for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					r := q.Add(d)
					if r.X < x0 || r.X >= x1 || r.Y < b.Min.Y || r.Y >= b.Max.Y || seen[r] || !is(r.X, r.Y) {
						continue
					}
					seen[r] = true
					stack = append(stack, r)
				}
			}
			if n > 40 { // a robot, not a letter or a swatch
				out = append(out, sum.Div(n))
			}
		}
	}
	return out
}

// boardBox is the board's bounding box on the screen: the columns and rows holding more than
// 100 pixels of the board's background (the legend's small samples hold fewer).
func boardBox(img image.Image) image.Rectangle {
	b := img.Bounds()
	bg := color.RGBAModel.Convert(robowin.BoardBackground).(color.RGBA)
	cols := make([]int, b.Dx())
	rows := make([]int, b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) == bg {
				cols[x-b.Min.X]++
				rows[y-b.Min.Y]++
			}
		}
	}
	span := func(counts []int, base int) (int, int) {
		lo, hi := -1, -1
		for i, n := range counts {
			if n > 100 {
				if lo < 0 {
					lo = i
				}
				hi = i
			}
		}
		return base + lo, base + hi + 1
	}
	x0, x1 := span(cols, b.Min.X)
	y0, y1 := span(rows, b.Min.Y)
	if x0 < b.Min.X || y0 < b.Min.Y {
		return image.Rectangle{}
	}
	return image.Rect(x0, y0, x1, y1)
}

// band finds the widest horizontal run of colour c in the rows y0..y1 and columns x0..x1
// (a debugger panel's top band) and returns its first and last column + 1.
func band(img image.Image, x0, x1, y0, y1 int, c color.RGBA) (int, int) {
	bestLo, bestHi := 0, 0
	for y := y0; y < y1; y++ {
		lo := -1
		for x := x0; x <= x1; x++ {
			if x < x1 && color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) == c {
				if lo < 0 {
					lo = x
				}
				continue
			}
			if lo >= 0 && x-lo > bestHi-bestLo {
				bestLo, bestHi = lo, x
			}
			lo = -1
		}
	}
	return bestLo, bestHi
}

func TestE2EDebuggersBesideBoard(t *testing.T) {
	xvfbtest.Need(t, "Xvfb", "xdpyinfo", "xdotool", "import")
	dir := t.TempDir()
	bin := filepath.Join(dir, "robocom")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	mine, err := os.ReadFile("../../robots/mine.rob")
	if err != nil {
		t.Skipf("the sample robots are not here: %v", err)
	}
	minePath := filepath.Join(dir, "mine.rob")
	if err := os.WriteFile(minePath, mine, 0o644); err != nil {
		t.Fatal(err)
	}
	virus, err := robolang.LoadFile("../../robots/virus.rob", robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	virusPath := filepath.Join(dir, "virus.rbi")
	if err := robolang.SaveRBI(virusPath, virus); err != nil {
		t.Fatal(err)
	}

	disp := xvfbtest.Start(t, 1280, 860) // the window's default size
	// A fixed seed whose round lasts (Virus takes Mine over after 10,570 cycles; with a random
	// seed it could be 3,300, and on a slow machine the round ended before the clicks below,
	// which then found no Mine robot to open).
	app := xvfbtest.StartApp(t, disp, []string{"XDG_CONFIG_HOME=" + filepath.Join(dir, "config")}, bin, "-seed", "10", minePath, virusPath)
	shoot := func(name string) image.Image {
		t.Helper()
		return app.Screenshot(filepath.Join(dir, name))
	}
	keep := func(name string) {
		kept := filepath.Join(os.TempDir(), "robocom-debuggers-bad.png")
		if data, err := os.ReadFile(filepath.Join(dir, name)); err == nil && os.WriteFile(kept, data, 0o644) == nil {
			t.Logf("screenshot kept in %s", kept)
		}
	}
	win := app.Window("RoboCom Arena")
	cycleOf := func() int {
		m := regexp.MustCompile(`cycle (\d+)`).FindStringSubmatch(app.Xdo("getwindowname", win))
		if m == nil {
			return -1
		}
		c, _ := strconv.Atoi(m[1])
		return c
	}
	orange, sky := color.RGBA{0xE6, 0x9F, 0x00, 0xFF}, color.RGBA{0x56, 0xB4, 0xE9, 0xFF}

	// Run a while: the Virus sends out carriers.
	app.Xdo("mousemove", "--window", win, "300", "300")
	app.Xdo("key", "space")
	app.WaitTitle(win, xvfbtest.Patience, func(string) bool { return cycleOf() > 0 })
	time.Sleep(4 * time.Second)
	app.Xdo("key", "space")
	// Paused: the cycle in the title stands still (it did not once, when a loaded machine
	// made Space auto-repeat and the window took the repeat for a second press).
	paused := false
	for deadline := time.Now().Add(xvfbtest.Patience); !paused && time.Now().Before(deadline); {
		c := cycleOf()
		time.Sleep(time.Second)
		paused = c > 0 && cycleOf() == c
	}
	if !paused {
		t.Fatalf("Space did not pause the game: the title still changes (%q)", app.Xdo("getwindowname", win))
	}

	var img image.Image
	var box image.Rectangle
	var mines []image.Point
	for i := 0; i < 20 && len(mines) == 0; i++ { // the window may still be drawing
		if i > 0 {
			time.Sleep(500 * time.Millisecond)
		}
		img = shoot("1.png")
		box = boardBox(img)
		mines = blobs(img, box.Min.X, box.Max.X, orange)
	}
	if len(mines) == 0 {
		keep("1.png")
		t.Fatalf("no Mine robot on the board %v; stderr:\n%s", box, app.Stderr())
	}
	// Each click opens a panel once the next frame is drawn, which a loaded machine may take
	// seconds to do: look again until it is there.
	settle := func(name string, ok func(img image.Image) bool) image.Image {
		t.Helper()
		deadline := time.Now().Add(xvfbtest.Patience)
		for {
			img := shoot(name)
			if ok(img) || time.Now().After(deadline) {
				return img
			}
			time.Sleep(500 * time.Millisecond)
		}
	}
	app.Xdo("mousemove", fmt.Sprint(mines[0].X), fmt.Sprint(mines[0].Y), "click", "1")
	// The board is narrower now: find a Virus robot on it, left of the new panel.
	img = settle("2.png", func(img image.Image) bool { return boardBox(img).Max.X < box.Max.X })
	box2 := boardBox(img)
	viruses := blobs(img, box2.Min.X, box2.Max.X, sky)
	if box2.Max.X >= box.Max.X || len(viruses) == 0 {
		keep("2.png")
		t.Fatalf("after opening the first debugger the board is %v (before %v) and shows %d Virus robots", box2, box, len(viruses))
	}
	v := viruses[len(viruses)-1]
	app.Xdo("mousemove", fmt.Sprint(v.X), fmt.Sprint(v.Y), "click", "1")
	b := img.Bounds()
	// Two panels right of the board, each topped by a band of its team's colour (the window
	// may have a bar above them: look at the top 100 rows), Mine's first, then Virus's.
	top := b.Min.Y + 100
	bands := func(img image.Image) (box image.Rectangle, oLo, oHi, sLo, sHi int) {
		box = boardBox(img)
		oLo, oHi = band(img, box.Max.X, b.Max.X, b.Min.Y, top, orange)
		sLo, sHi = band(img, box.Max.X, b.Max.X, b.Min.Y, top, sky)
		return
	}
	img = settle("3.png", func(img image.Image) bool {
		box, oLo, oHi, sLo, sHi := bands(img)
		return box.Max.X < box2.Max.X && oHi-oLo >= 200 && sHi-sLo >= 200
	})
	app.Xdo("mousemove", fmt.Sprint(b.Max.X-10), fmt.Sprint(b.Max.Y-10)) // no tooltip over the board
	time.Sleep(time.Second)
	img = shoot("3.png")
	if *debugShot != "" {
		data, _ := os.ReadFile(filepath.Join(dir, "3.png"))
		if err := os.WriteFile(*debugShot, data, 0o644); err != nil {
			t.Error(err)
		}
	}
	box3, oLo, oHi, sLo, sHi := bands(img)
	if oHi-oLo < 200 {
		t.Errorf("right of the board (x ≥ %d) the widest band of Mine's colour is %d px (%d..%d), want a panel's", box3.Max.X, oHi-oLo, oLo, oHi)
	}
	if sHi-sLo < 200 {
		t.Errorf("right of the board (x ≥ %d) the widest band of Virus's colour is %d px (%d..%d), want a panel's", box3.Max.X, sHi-sLo, sLo, sHi)
	}
	if oHi > sLo {
		t.Errorf("Mine's panel (%d..%d) is not left of Virus's (%d..%d)", oLo, oHi, sLo, sHi)
	}
	// The board is still there, left of the panels.
	if box3.Empty() || len(blobs(img, box3.Min.X, box3.Max.X, orange))+len(blobs(img, box3.Min.X, box3.Max.X, sky)) == 0 {
		t.Errorf("no robot left on the board (%v) beside the panels", box3)
	}
	// "← 1 cycle" (the leftmost button in the theme's blue under the board) goes back one
	// cycle: the window title says so.
	before := cycleOf()
	var back *image.Point
	for _, p := range blobs(img, b.Min.X, box3.Max.X, color.RGBA{0x3f, 0x51, 0xb5, 0xff}) {
		if p.Y > box3.Max.Y && (back == nil || p.X < back.X) {
			back = &p
		}
	}
	if back == nil || before <= 0 {
		t.Errorf("no \"← 1 cycle\" button under the board, or no cycle in the title (cycle %d)", before)
	} else {
		app.Xdo("mousemove", fmt.Sprint(back.X), fmt.Sprint(back.Y), "click", "1")
		after := before
		app.WaitTitle(win, xvfbtest.Patience, func(string) bool { after = cycleOf(); return after != before })
		if after != before-1 {
			t.Errorf("\"← 1 cycle\" went from cycle %d to %d", before, after)
		}
	}
	if t.Failed() {
		keep("3.png")
	}
	if err := app.Quit(); err != nil {
		t.Error(err)
	}
}
