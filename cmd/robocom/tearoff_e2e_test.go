//go:build e2e && !nogui

// The end-to-end test of torn-off debuggers: robocom under Xvfb with Hive and Wall, four
// debuggers opened by clicking robots, the selected robot's torn off into its own window with
// T while the game runs. Both windows must exist, the torn-off one's title must follow the
// cycles, and T again docks it back and closes its window.
// Run with: go test -tags e2e -run E2ETearOff ./cmd/robocom/ (-tearshot=FILE keeps the picture).

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
	"strings"
	"testing"
	"time"

	"robocom/cmd/robocom/internal/xvfbtest"
)

var tearShot = flag.String("tearshot", "", "copy the screenshot with a torn-off debugger to this file")

func TestE2ETearOffWhileRunning(t *testing.T) {
	xvfbtest.Need(t, "Xvfb", "xdpyinfo", "xdotool", "import")
	dir := t.TempDir()
	bin := filepath.Join(dir, "robocom")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, f := range []string{"hive.rob", "wall.rob"} {
		if _, err := os.Stat("../../robots/" + f); err != nil {
			t.Skipf("the sample robots are not here: %v", err)
		}
	}
	mine, _ := filepath.Abs("../../robots/hive.rob")
	virus, _ := filepath.Abs("../../robots/wall.rob")
	disp := xvfbtest.Start(t, 1280, 860)
	// A fixed seed, so the game is the same on every run: with seed 2 neither wins within the
	// 80,000 cycles (other seeds end after 32,866 or more, which a slow machine could reach).
	app := xvfbtest.StartApp(t, disp, []string{"XDG_CONFIG_HOME=" + filepath.Join(dir, "config")}, bin, "-seed", "2", mine, virus)
	win := app.Window("RoboCom Arena")
	cycleIn := func(title string) int {
		m := regexp.MustCompile(`cycle (\d+)`).FindStringSubmatch(title)
		if m == nil {
			return -1
		}
		c, _ := strconv.Atoi(m[1])
		return c
	}
	mainCycle := func() int { return cycleIn(app.Xdo("getwindowname", win)) }
	keep := func(name string) {
		kept := filepath.Join(os.TempDir(), "robocom-tearoff-bad.png")
		if data, err := os.ReadFile(filepath.Join(dir, name)); err == nil && os.WriteFile(kept, data, 0o644) == nil {
			t.Logf("screenshot kept in %s", kept)
		}
	}
	// Keys go to the window under the pointer (there is no window manager): point at the
	// graph, which the torn-off window (opened at the screen's top left) does not cover.
	press := func(k string) {
		app.Xdo("mousemove", "--window", win, "1000", "600")
		app.Xdo("key", k)
	}
	press("space")
	app.WaitTitle(win, xvfbtest.Patience, func(string) bool { return mainCycle() > 0 })
	time.Sleep(3 * time.Second)
	// Space pauses. One CI run on a loaded machine saw a Space press that never paused (not
	// reproduced in 8 runs under six busy loops here, nor found in the code): a second press,
	// logged, keeps that from failing a test about tearing off; two lost presses still fail.
	paused := false
	for try := 0; try < 2 && !paused; try++ {
		if try > 0 {
			t.Logf("Space did not pause the game within 20 s (%q); pressing it again", app.Xdo("getwindowname", win))
		}
		press("space")
		for deadline := time.Now().Add(20 * time.Second); !paused && time.Now().Before(deadline); {
			c := mainCycle()
			time.Sleep(time.Second)
			paused = c > 0 && mainCycle() == c
		}
	}
	if !paused {
		t.Fatalf("Space did not pause the game (%q)", app.Xdo("getwindowname", win))
	}

	// Robots where the paused board shows them, as fractions of the board: the board shrinks
	// as panels open, the robots stay where they are on it.
	orange, sky := color.RGBA{0xE6, 0x9F, 0x00, 0xFF}, color.RGBA{0x56, 0xB4, 0xE9, 0xFF}
	var box image.Rectangle
	var robots []image.Point
	for i := 0; i < 20 && len(robots) < 4; i++ {
		time.Sleep(300 * time.Millisecond)
		img := app.Screenshot(filepath.Join(dir, "0.png"))
		box = boardBox(img)
		robots = append(blobs(img, box.Min.X, box.Max.X, orange), blobs(img, box.Min.X, box.Max.X, sky)...)
	}
	if len(robots) < 4 {
		keep("0.png")
		t.Fatalf("only %d robots on the board %v", len(robots), box)
	}
	type frac struct{ x, y float64 }
	var picks []frac
	for _, i := range []int{0, len(robots) - 1, len(robots) / 3, 2 * len(robots) / 3} {
		p := robots[i]
		picks = append(picks, frac{float64(p.X-box.Min.X) / float64(box.Dx()), float64(p.Y-box.Min.Y) / float64(box.Dy())})
	}
	last := box
	for n, f := range picks {
		var img image.Image
		var b image.Rectangle
		for i := 0; i < 20; i++ { // the previous click's panel narrows the board a frame later
			img = app.Screenshot(filepath.Join(dir, fmt.Sprintf("%d.png", n+1)))
			if b = boardBox(img); n == 0 || b != last || i >= 6 {
				break
			}
			time.Sleep(400 * time.Millisecond)
		}
		last = b
		x, y := b.Min.X+int(f.x*float64(b.Dx())), b.Min.Y+int(f.y*float64(b.Dy()))
		app.Xdo("mousemove", fmt.Sprint(x), fmt.Sprint(y), "click", "1")
		time.Sleep(500 * time.Millisecond)
	}
	// T tears off the debugger of the robot selected last; the game runs meanwhile.
	app.Xdo("key", "t")
	torn := app.Window("Robot ")
	press("space")
	first := cycleIn(app.Xdo("getwindowname", torn))
	title := app.WaitTitle(torn, xvfbtest.Patience, func(s string) bool { return cycleIn(s) > first+50 })
	if c := cycleIn(title); c <= first+50 || !strings.HasPrefix(title, "Robot ") {
		t.Errorf("the torn-off window's title did not follow the game: %q, then %q", fmt.Sprint(first), title)
	}
	if ids := strings.Fields(app.Xdo("search", "--name", "RoboCom Arena")); len(ids) < 2 {
		t.Errorf("want the main window and the torn-off one, xdotool finds %v", ids)
	}
	time.Sleep(500 * time.Millisecond)
	app.Screenshot(filepath.Join(dir, "torn.png"))
	if *tearShot != "" {
		data, _ := os.ReadFile(filepath.Join(dir, "torn.png"))
		if err := os.WriteFile(*tearShot, data, 0o644); err != nil {
			t.Error(err)
		}
	}
	// T again docks it back: its window goes away, the main one stays.
	press("t")
	gone := false
	for deadline := time.Now().Add(xvfbtest.Patience); !gone && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		gone = app.Xdo("search", "--name", "^Robot ") == ""
	}
	if !gone {
		var names []string
		for _, id := range strings.Fields(app.Xdo("search", "--name", "^Robot ")) {
			names = append(names, app.Xdo("getwindowname", id))
		}
		app.Screenshot(filepath.Join(dir, "torn.png"))
		t.Errorf("T did not dock the debugger back: windows %q are still there (main: %q)", names, app.Xdo("getwindowname", win))
	}
	if t.Failed() {
		keep("torn.png")
	}
	if err := app.Quit(); err != nil {
		t.Error(err)
	}
}
