//go:build e2e && !nogui

// The end-to-end test of the arena window: it builds robocom, starts it under Xvfb with two
// programs, starts the game with the keyboard, and checks a screenshot and the window title.
// Run with: go test -tags e2e -run E2E ./cmd/robocom/ (make test does when Xvfb is there).
package main

import (
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"robocom/cmd/robocom/internal/xvfbtest"
)

// buildRobocom builds this command into dir and returns the binary's path.
func buildRobocom(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "robocom")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

var cycleRE = regexp.MustCompile(`cycle (\d+)`)

// cycleOf is the cycle a window title shows, or -1 if it shows none.
func cycleOf(title string) int {
	m := cycleRE.FindStringSubmatch(title)
	if m == nil {
		return -1
	}
	c, _ := strconv.Atoi(m[1])
	return c
}

// running waits until the window's title shows a cycle past 0 and returns the title.
func running(app *xvfbtest.App, win string) string {
	return app.WaitTitle(win, xvfbtest.Patience, func(title string) bool { return cycleOf(title) > 0 })
}

func colourCounts(img image.Image) map[color.RGBA]int {
	counts := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			counts[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	return counts
}

// keepOnFailure copies the screenshot at path to name in the temp folder if the test failed.
func keepOnFailure(t *testing.T, path, name string) {
	if !t.Failed() {
		return
	}
	keep := filepath.Join(os.TempDir(), name)
	if data, err := os.ReadFile(path); err == nil && os.WriteFile(keep, data, 0o644) == nil {
		t.Logf("screenshot kept in %s", keep)
	}
}

func TestE2EArenaWindow(t *testing.T) {
	xvfbtest.Need(t, "Xvfb", "xdpyinfo", "xdotool", "import")
	dir := t.TempDir()
	bin := buildRobocom(t, dir)
	progs := map[string]string{
		"factory.rob":  "Name Factory\nBank Main\n@l\nCreate 2, 1, 1\nTrans 1, 1\nSet %Active, 1\nTurn 1\nJump @l\n",
		"sleepers.rob": "Name Sleepers\nBank Main\n@l\nCreate 1, 1, 0\nTurn 0\nJump @l\n",
	}
	var files []string
	for name, src := range progs {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	disp := xvfbtest.Start(t, 1400, 900)
	app := xvfbtest.StartApp(t, disp, []string{"XDG_CONFIG_HOME=" + filepath.Join(dir, "config")}, bin, files...)
	win := app.Window("RoboCom Arena")
	// Keyboard focus follows the pointer: put it over the board, then Space starts the game.
	app.Xdo("mousemove", "--window", win, "300", "300")
	app.Xdo("key", "space")
	title := running(app, win)
	if cycleOf(title) < 0 {
		t.Fatalf("window title %q does not show the cycle", title)
	}
	if cycleOf(title) == 0 {
		t.Errorf("the game did not run: title %q", title)
	}
	if !strings.Contains(title, "Factory") || !strings.Contains(title, "Sleepers") {
		t.Errorf("window title %q does not name the players", title)
	}
	time.Sleep(2 * time.Second) // let the factory fill some of the board

	shot := filepath.Join(dir, "shot.png")
	img := app.Screenshot(shot)
	// Non-trivial: the board background, both team colours in many pixels, and many colours
	// overall (text, buttons, graph).
	orange := color.RGBA{0xE6, 0x9F, 0x00, 0xFF}
	sky := color.RGBA{0x56, 0xB4, 0xE9, 0xFF}
	board := color.RGBA{0x24, 0x27, 0x2D, 0xFF}
	counts := colourCounts(img)
	if counts[board] < 100000 {
		t.Errorf("board background covers only %d pixels", counts[board])
	}
	if counts[orange] < 500 || counts[sky] < 300 {
		t.Errorf("team colours: orange %d pixels, sky blue %d; want robots of both teams", counts[orange], counts[sky])
	}
	if len(counts) < 200 {
		t.Errorf("only %d distinct colours on screen", len(counts))
	}
	keepOnFailure(t, shot, "robocom-e2e-bad.png")

	// Ctrl+Q closes the window from inside the app, which then exits normally.
	if err := app.Quit(); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "config", "robocom", "settings.json")); err != nil {
		t.Errorf("settings were not saved on exit: %v", err)
	}
}

// TestE2ESettingsSavedOnSIGTERM: when the system asks the program to end (a logout sends
// SIGHUP or SIGTERM), the window closes as after Ctrl+Q, saving what the user changed.
func TestE2ESettingsSavedOnSIGTERM(t *testing.T) {
	xvfbtest.Need(t, "Xvfb", "xdpyinfo", "xdotool")
	dir := t.TempDir()
	bin := buildRobocom(t, dir)
	disp := xvfbtest.Start(t, 1280, 800)
	config := filepath.Join(dir, "config")
	app := xvfbtest.StartApp(t, disp, []string{"XDG_CONFIG_HOME=" + config}, bin, "../../robots/hive.rob")
	win := app.Window("RoboCom Arena")
	app.Xdo("mousemove", "--window", win, "300", "300")
	app.Xdo("key", "plus") // a change the settings keep: the speed
	time.Sleep(500 * time.Millisecond)
	app.Signal(syscall.SIGTERM)
	if err := app.Exit(xvfbtest.Patience); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(config, "robocom", "settings.json"))
	if err != nil || !strings.Contains(string(data), `"speed_set": true`) {
		t.Errorf("the speed set before SIGTERM was not saved (%v):\n%s", err, data)
	}
}
