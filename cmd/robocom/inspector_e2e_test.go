//go:build e2e && !nogui

package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"robocom/cmd/robocom/internal/xvfbtest"
)

var inspectShot = flag.String("inspectshot", "", "copy the Core War inspector screenshot (the window) to this file")

// The end-to-end test of the Core War inspector, through the real binary under Xvfb: it
// opens Dwarf against the Scanner, runs a moment, clicks a core cell of each warrior to open
// both panels, sets a breakpoint on the instruction Dwarf is about to execute, steps Dwarf
// past it and runs until the game stops there again. It finds everything by colour: the
// core's empty cells, the warriors' colours, the panels' colour bands, the yellow line of
// the instruction about to execute, the breakpoint's red text, the theme's blue buttons.
// Run with: go test -tags e2e -run E2ECoreWarInspector ./cmd/robocom/
// -inspectshot=FILE keeps the last screenshot (docs/corewar-inspector.png is made this way).

var (
	coreEmpty   = color.RGBA{0x2E, 0x32, 0x39, 0xFF}
	dwarfOrange = color.RGBA{0xE6, 0x9F, 0x00, 0xFF}
	scanSky     = color.RGBA{0x56, 0xB4, 0xE9, 0xFF}
	nextYellow  = color.RGBA{0xFF, 0xE0, 0x8A, 0xFF} // corewin's nextBg
	themeBlue   = color.RGBA{0x3f, 0x51, 0xb5, 0xff}
)

func rgbaAt(img image.Image, x, y int) color.RGBA {
	return color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
}

// coreBox is the core's bounding box: the columns and rows with more than 100 pixels of
// empty cells.
func coreBox(img image.Image) image.Rectangle {
	b := img.Bounds()
	cols, rows := make([]int, b.Dx()), make([]int, b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if rgbaAt(img, x, y) == coreEmpty {
				cols[x-b.Min.X]++
				rows[y-b.Min.Y]++
			}
		}
	}
	span := func(counts []int) (int, int) {
		lo, hi := -1, -1
		for i, n := range counts {
			if n > 100 {
				if lo < 0 {
					lo = i
				}
				hi = i
			}
		}
		return lo, hi + 1
	}
	x0, x1 := span(cols)
	y0, y1 := span(rows)
	if x0 < 0 || y0 < 0 {
		return image.Rectangle{}
	}
	return image.Rect(x0, y0, x1, y1).Add(b.Min)
}

// cellOf finds a core cell of colour c (full or dimmed) in r: a pixel whose 3×3 square is
// all that colour.
func cellOf(img image.Image, r image.Rectangle, c color.RGBA) (image.Point, bool) {
	is := func(x, y int) bool { p := rgbaAt(img, x, y); return p == c || p == dimmed(c) }
	for y := r.Min.Y + 1; y < r.Max.Y-1; y++ {
		for x := r.Min.X + 1; x < r.Max.X-1; x++ {
			all := true
			for dy := -1; dy <= 1 && all; dy++ {
				for dx := -1; dx <= 1 && all; dx++ {
					all = is(x+dx, y+dy)
				}
			}
			if all {
				return image.Pt(x, y), true
			}
		}
	}
	return image.Point{}, false
}

// panelBand is a panel's colour band right of x0 in the top 100 rows: its columns and row.
func panelBand(img image.Image, x0 int, c color.RGBA) (lo, hi, y int) {
	b := img.Bounds()
	for yy := b.Min.Y; yy < b.Min.Y+100; yy++ {
		run := -1
		for x := x0; x <= b.Max.X; x++ {
			if x < b.Max.X && rgbaAt(img, x, yy) == c {
				if run < 0 {
					run = x
				}
				continue
			}
			if run >= 0 && x-run > hi-lo {
				lo, hi, y = run, x, yy
			}
			run = -1
		}
	}
	return lo, hi, y
}

// highlight is the rows of the first yellow line (the instruction about to execute) in
// columns lo..hi below row y0.
func highlight(img image.Image, lo, hi, y0 int) (top, bottom int, ok bool) {
	top = -1
	for y := y0; y < img.Bounds().Max.Y; y++ {
		yellow := false
		for x := lo; x < hi && !yellow; x++ {
			yellow = rgbaAt(img, x, y) == nextYellow
		}
		switch {
		case yellow && top < 0:
			top = y
		case !yellow && top >= 0:
			return top, y, true
		}
	}
	return 0, 0, false
}

// redIn counts the pixels of the breakpoint's red text (corewin's breakCol, C02020, and its
// darkest blends) in columns lo..hi and rows y0..y1.
func redIn(img image.Image, lo, hi, y0, y1 int) int {
	n := 0
	for y := y0; y < y1; y++ {
		for x := lo; x < hi; x++ {
			p := rgbaAt(img, x, y)
			if p.R >= 0xA0 && p.G <= 0x70 && p.B <= 0x70 && int(p.R)-int(p.G) >= 0x60 {
				n++
			}
		}
	}
	return n
}

func TestE2ECoreWarInspector(t *testing.T) {
	xvfbtest.Need(t, "Xvfb", "xdpyinfo", "xdotool", "import")
	dir := t.TempDir()
	bin := buildRobocom(t, dir)
	disp := xvfbtest.Start(t, 1280, 860)
	app := xvfbtest.StartApp(t, disp, []string{"XDG_CONFIG_HOME=" + filepath.Join(dir, "config")},
		bin, "-seed", "17", "../../robots/core/dwarf.red", "../../robots/core/scanner.red") // a long round: Dwarf wins at cycle 5904
	win := app.Window("Core War")
	shotPath := filepath.Join(dir, "shot.png")
	shoot := func() image.Image { t.Helper(); return app.Screenshot(shotPath) }
	// A click shows once the next frame is drawn, which a loaded machine may take seconds to
	// do: look again until what is wanted is there.
	settle := func(what string, ok func(img image.Image) bool) image.Image {
		t.Helper()
		deadline := time.Now().Add(xvfbtest.Patience)
		for {
			img := shoot()
			if ok(img) {
				return img
			}
			if time.Now().After(deadline) {
				t.Errorf("%s: not within %v; stderr:\n%s", what, xvfbtest.Patience, app.Stderr())
				keepOnFailure(t, shotPath, "robocom-inspector-bad.png")
				t.FailNow()
			}
			time.Sleep(300 * time.Millisecond)
		}
	}
	click := func(p image.Point) {
		app.Xdo("mousemove", fmt.Sprint(p.X), fmt.Sprint(p.Y), "click", "1")
	}
	cycle := func() int { return cycleOf(app.Xdo("getwindowname", win)) }
	paused := func() bool {
		c := cycle()
		time.Sleep(time.Second)
		return c >= 0 && cycle() == c
	}

	// Run one block (N: 100 time slices, then a pause) so that both warriors have written
	// cells. Not Space, a wait and Space: on a loaded machine the wait could stretch until
	// Dwarf had killed the Scanner (with a random seed, at cycle 50 at the earliest) and the
	// round was over, when Step does nothing.
	app.Xdo("mousemove", "--window", win, "300", "300")
	app.Xdo("key", "n")
	running(app, win)
	for deadline := time.Now().Add(xvfbtest.Patience); !paused(); {
		if time.Now().After(deadline) {
			t.Fatalf("the block N runs did not end in a pause (title %q)", app.Xdo("getwindowname", win))
		}
	}

	// A click on a Dwarf cell of the core opens Dwarf's panel right of the core, a click on
	// a Scanner cell the Scanner's beside it.
	var box image.Rectangle
	var at image.Point
	settle("a core with a Dwarf cell", func(img image.Image) bool {
		box = coreBox(img)
		var ok bool
		at, ok = cellOf(img, box, dwarfOrange)
		return ok
	})
	click(at)
	var dLo, dHi, dY int
	img := settle("Dwarf's panel", func(img image.Image) bool {
		dLo, dHi, dY = panelBand(img, coreBox(img).Max.X, dwarfOrange)
		return dHi-dLo >= 200
	})
	at, ok := cellOf(img, coreBox(img), scanSky)
	if !ok {
		t.Fatal("no Scanner cell in the core")
	}
	click(at)
	var sLo, sHi int
	img = settle("the Scanner's panel beside Dwarf's", func(img image.Image) bool {
		dLo, dHi, dY = panelBand(img, coreBox(img).Max.X, dwarfOrange)
		sLo, sHi, _ = panelBand(img, coreBox(img).Max.X, scanSky)
		return dHi-dLo >= 200 && sHi-sLo >= 200
	})
	if dHi > sLo {
		t.Errorf("Dwarf's panel (%d..%d) is not left of the Scanner's (%d..%d)", dLo, dHi, sLo, sHi)
	}

	// A breakpoint on the instruction Dwarf is about to execute: its line turns red.
	top, bottom, ok := highlight(img, dLo, dHi, dY)
	if !ok {
		t.Fatal("Dwarf's panel marks no instruction as the next")
	}
	click(image.Pt(dLo+60, (top+bottom)/2))
	settle("the breakpoint's red line", func(img image.Image) bool { return redIn(img, dLo, dHi, top, bottom) > 5 })

	// Step (the header's blue buttons: [Window] Step ×) runs Dwarf's instruction: the line
	// about to execute is another one, without the red mark.
	var buttons []image.Point
	for _, p := range blobs(img, dLo, dHi, themeBlue) {
		if p.Y > dY && p.Y < dY+60 {
			buttons = append(buttons, p)
		}
	}
	sort.Slice(buttons, func(i, j int) bool { return buttons[i].X < buttons[j].X })
	if len(buttons) < 2 {
		t.Fatalf("Dwarf's panel header has %d buttons, want Step and ×", len(buttons))
	}
	click(buttons[len(buttons)-2])
	settle("Dwarf past its breakpoint after Step", func(img image.Image) bool {
		top, bottom, ok = highlight(img, dLo, dHi, dY)
		return ok && redIn(img, dLo, dHi, top, bottom) == 0 && redIn(img, dLo, dHi, dY+40, img.Bounds().Max.Y) > 5
	})

	// Start runs until Dwarf is about to execute the breakpoint's instruction again.
	before := cycle()
	app.Xdo("mousemove", fmt.Sprint(box.Min.X+20), fmt.Sprint(box.Min.Y+20))
	app.Xdo("key", "space")
	img = settle("the game stopped at the breakpoint", func(img image.Image) bool {
		top, bottom, ok = highlight(img, dLo, dHi, dY)
		return ok && redIn(img, dLo, dHi, top, bottom) > 5
	})
	if !paused() || cycle() < before {
		t.Errorf("after the breakpoint the game is not paused, or went back (cycle %d, was %d)", cycle(), before)
	}
	if counts := colourCounts(img); len(counts) < 100 || counts[coreEmpty] < 10000 {
		t.Errorf("the screenshot has %d colours and %d pixels of empty core", len(counts), counts[coreEmpty])
	}
	if *inspectShot != "" {
		saveWindow(t, app, win, img, *inspectShot)
	}
	keepOnFailure(t, shotPath, "robocom-inspector-bad.png")
	if err := app.Quit(); err != nil {
		t.Error(err)
	}
}

// saveWindow writes the part of the screenshot the window covers to path.
func saveWindow(t *testing.T, app *xvfbtest.App, win string, img image.Image, path string) {
	t.Helper()
	var x, y, w, h int
	for _, line := range strings.Split(app.Xdo("getwindowgeometry", win), "\n") {
		line = strings.TrimSpace(line)
		if s, ok := strings.CutPrefix(line, "Position: "); ok {
			fmt.Sscanf(s, "%d,%d", &x, &y)
		}
		if s, ok := strings.CutPrefix(line, "Geometry: "); ok {
			fmt.Sscanf(s, "%dx%d", &w, &h)
		}
	}
	r := image.Rect(x, y, x+w, y+h).Intersect(img.Bounds())
	if r.Empty() {
		r = img.Bounds()
	}
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(out, out.Bounds(), img, r.Min, draw.Src)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, out); err != nil {
		t.Error(err)
	}
}
