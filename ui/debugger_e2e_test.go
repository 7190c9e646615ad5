//go:build e2e

// The end-to-end test of the debuggers: it builds robocom, starts it under Xvfb with Mine
// (source) and Virus (as RBI), runs the game, clicks one robot of each team and checks that
// two debugger panels stand beside the board, each under a band of its team's colour.
// Run with: go test -tags e2e -run E2E ./ui/ (make test does when Xvfb is there).
// -debugshot=FILE keeps the screenshot (docs/debuggers.png is made this way).
package ui

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"robocom/robolang"
)

var debugShot = flag.String("debugshot", "", "copy the debugger screenshot to this file")

func needTools(t *testing.T, tools ...string) {
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (.ci/install-deps test installs it)", tool)
		}
	}
}

// startX starts Xvfb on a free display number (far from the ones others use).
func startX(t *testing.T, w, h int) string {
	for n := 171; n < 199; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err == nil {
			continue
		}
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		disp := fmt.Sprintf(":%d", n)
		cmd := exec.Command("Xvfb", disp, "-screen", "0", fmt.Sprintf("%dx%dx24", w, h), "-nolisten", "tcp")
		if err := cmd.Start(); err != nil {
			t.Fatalf("starting Xvfb: %v", err)
		}
		// SIGTERM lets Xvfb remove its socket and lock file.
		lock := fmt.Sprintf("/tmp/.X%d-lock", n)
		t.Cleanup(func() {
			cmd.Process.Signal(syscall.SIGTERM)
			cmd.Wait()
			os.Remove(lock) // ours: there was none before this Xvfb started
		})
		for i := 0; i < 100; i++ {
			if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err == nil {
				return disp
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("Xvfb %s did not come up", disp)
	}
	t.Fatal("no free X display number")
	return ""
}

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

func TestE2EDebuggersBesideBoard(t *testing.T) {
	needTools(t, "Xvfb", "xdotool", "import")
	dir := t.TempDir()
	bin := filepath.Join(dir, "robocom")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/robocom").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	mine, err := os.ReadFile("../robots/mine.rob")
	if err != nil {
		t.Skipf("the sample robots are not here: %v", err)
	}
	minePath := filepath.Join(dir, "mine.rob")
	if err := os.WriteFile(minePath, mine, 0o644); err != nil {
		t.Fatal(err)
	}
	virus, err := robolang.LoadFile("../robots/virus.rob", robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	virusPath := filepath.Join(dir, "virus.rbi")
	if err := robolang.SaveRBI(virusPath, virus); err != nil {
		t.Fatal(err)
	}

	const W, H = 1280, 860 // the window's default size
	disp := startX(t, W, H)
	env := append(os.Environ(), "DISPLAY="+disp, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	app := exec.Command(bin, minePath, virusPath)
	app.Env = env
	var stderr bytes.Buffer
	app.Stderr = &stderr
	if err := app.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { app.Wait(); close(exited) }()
	t.Cleanup(func() {
		select {
		case <-exited:
		default:
			app.Process.Kill()
			<-exited
		}
	})
	xdo := func(args ...string) string {
		cmd := exec.Command("xdotool", args...)
		cmd.Env = env
		out, _ := cmd.Output()
		return strings.TrimSpace(string(out))
	}
	shoot := func(name string) image.Image {
		t.Helper()
		p := filepath.Join(dir, name)
		imp := exec.Command("import", "-window", "root", p)
		imp.Env = env
		if out, err := imp.CombinedOutput(); err != nil {
			t.Fatalf("import: %v\n%s", err, out)
		}
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	for i := 0; i < 300 && xdo("search", "--name", "RoboCom Arena") == ""; i++ {
		select {
		case <-exited:
			t.Fatalf("robocom exited before its window appeared; stderr:\n%s", stderr.String())
		default:
		}
		time.Sleep(100 * time.Millisecond)
	}
	if xdo("search", "--name", "RoboCom Arena") == "" {
		t.Fatalf("no window appeared in 30 s; stderr:\n%s", stderr.String())
	}
	time.Sleep(time.Second)
	orange, sky := color.RGBA{0xE6, 0x9F, 0x00, 0xFF}, color.RGBA{0x56, 0xB4, 0xE9, 0xFF}
	boardRight := W - 400 // the control panel is 400 dp wide; Xvfb has 1 px per dp

	// Run a while: the Virus sends out carriers.
	xdo("mousemove", "300", "300")
	xdo("key", "space")
	time.Sleep(4 * time.Second)
	xdo("key", "space")
	time.Sleep(500 * time.Millisecond)

	img := shoot("1.png")
	mines := blobs(img, 0, boardRight, orange)
	for i := 0; i < 10 && len(mines) == 0; i++ { // the window may still be coming up
		time.Sleep(500 * time.Millisecond)
		img = shoot("1.png")
		mines = blobs(img, 0, boardRight, orange)
	}
	if len(mines) == 0 {
		keep := filepath.Join(os.TempDir(), "robocom-debuggers-bad.png")
		data, _ := os.ReadFile(filepath.Join(dir, "1.png"))
		os.WriteFile(keep, data, 0o644)
		t.Fatalf("no Mine robot on the board (screenshot in %s); stderr:\n%s", keep, stderr.String())
	}
	xdo("mousemove", fmt.Sprint(mines[0].X), fmt.Sprint(mines[0].Y), "click", "1")
	time.Sleep(700 * time.Millisecond)
	// The board is narrower now: find a Virus robot left of the new panel.
	img = shoot("2.png")
	viruses := blobs(img, 0, boardRight-270, sky)
	if len(viruses) == 0 {
		t.Fatal("no Virus robot on the board after opening the first debugger")
	}
	v := viruses[len(viruses)-1]
	xdo("mousemove", fmt.Sprint(v.X), fmt.Sprint(v.Y), "click", "1")
	time.Sleep(700 * time.Millisecond)
	xdo("mousemove", fmt.Sprint(W-10), fmt.Sprint(H-10)) // no tooltip over the board
	time.Sleep(300 * time.Millisecond)
	img = shoot("3.png")
	if *debugShot != "" {
		data, _ := os.ReadFile(filepath.Join(dir, "3.png"))
		if err := os.WriteFile(*debugShot, data, 0o644); err != nil {
			t.Error(err)
		}
	}

	// Two panels of 270 dp left of the control panel, each topped by its team's colour (the
	// window may have a bar above them: look at the top 100 rows for the widest band).
	band := func(x0, x1 int, c color.RGBA) int {
		best := 0
		for y := 0; y < 100; y++ {
			n := 0
			for x := x0; x < x1; x++ {
				if color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) == c {
					n++
				}
			}
			best = max(best, n)
		}
		return best
	}
	first, second := boardRight-540, boardRight-270
	if n := band(first, second, orange); n < 200 {
		t.Errorf("the first panel (%d..%d) has %d px of Mine's colour along its top, want a band", first, second, n)
	}
	if n := band(second, boardRight, sky); n < 200 {
		t.Errorf("the second panel (%d..%d) has %d px of Virus's colour along its top, want a band", second, boardRight, n)
	}
	// The board is still there, left of the panels.
	if len(blobs(img, 0, first, orange))+len(blobs(img, 0, first, sky)) == 0 {
		t.Error("no robot left on the board beside the panels")
	}
	// "← 1 cycle" (a button in the theme's blue at the bottom left) goes back one cycle: the
	// window title says so.
	cycleOf := func() int {
		m := regexp.MustCompile(`cycle (\d+)`).FindStringSubmatch(xdo("getwindowname", xdo("search", "--name", "RoboCom Arena")))
		if m == nil {
			return -1
		}
		c, _ := strconv.Atoi(m[1])
		return c
	}
	before := cycleOf()
	var back []image.Point
	for _, b := range blobs(img, 0, 120, color.RGBA{0x3f, 0x51, 0xb5, 0xff}) {
		if b.Y > H-80 {
			back = append(back, b)
		}
	}
	if len(back) == 0 || before <= 0 {
		t.Errorf("no \"← 1 cycle\" button at the bottom left, or no cycle in the title (cycle %d)", before)
	} else {
		xdo("mousemove", fmt.Sprint(back[0].X), fmt.Sprint(back[0].Y), "click", "1")
		time.Sleep(700 * time.Millisecond)
		if after := cycleOf(); after != before-1 {
			t.Errorf("\"← 1 cycle\" went from cycle %d to %d", before, after)
		}
	}
	if t.Failed() {
		keep := filepath.Join(os.TempDir(), "robocom-debuggers-bad.png")
		if data, err := os.ReadFile(filepath.Join(dir, "3.png")); err == nil && os.WriteFile(keep, data, 0o644) == nil {
			t.Logf("screenshot kept in %s", keep)
		}
	}
	xdo("key", "ctrl+q")
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		t.Error("robocom did not exit after Ctrl+Q")
	}
}
