//go:build e2e && !nogui

// The end-to-end test of the arena window: it builds robocom, starts it under Xvfb with two
// programs, starts the game with the keyboard, and checks a screenshot and the window title.
// Run with: go test -tags e2e -run E2E ./cmd/robocom/ (make test does when Xvfb is there).
package main

import (
	"bytes"
	"fmt"
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
)

func need(t *testing.T, tools ...string) {
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (.ci/install-deps test installs it)", tool)
		}
	}
}

// startXvfb starts an X server on a free display number and returns it.
func startXvfb(t *testing.T) string {
	for n := 140; n < 160; n++ {
		sock, lock := fmt.Sprintf("/tmp/.X11-unix/X%d", n), fmt.Sprintf("/tmp/.X%d-lock", n)
		if _, err := os.Stat(sock); err == nil {
			continue
		}
		if _, err := os.Stat(lock); err == nil {
			continue
		}
		disp := fmt.Sprintf(":%d", n)
		cmd := exec.Command("Xvfb", disp, "-screen", "0", "1400x900x24", "-nolisten", "tcp")
		if err := cmd.Start(); err != nil {
			t.Fatalf("starting Xvfb: %v", err)
		}
		t.Cleanup(func() {
			// SIGTERM lets Xvfb remove its socket and lock; remove them anyway if it did not.
			cmd.Process.Signal(syscall.SIGTERM)
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				cmd.Process.Kill()
				<-done
			}
			os.Remove(sock)
			os.Remove(lock)
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

func TestE2EArenaWindow(t *testing.T) {
	need(t, "Xvfb", "xdotool", "import")
	dir := t.TempDir()
	bin := filepath.Join(dir, "robocom")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
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
	disp := startXvfb(t)
	env := append(os.Environ(), "DISPLAY="+disp, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	app := exec.Command(bin, files...)
	app.Env = env
	var stderr bytes.Buffer
	app.Stderr = &stderr
	if err := app.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	var exitErr error
	go func() { exitErr = app.Wait(); close(exited) }()
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
	var win string
	for i := 0; i < 200 && win == ""; i++ {
		if ids := strings.Fields(xdo("search", "--name", "RoboCom Arena")); len(ids) > 0 {
			win = ids[0]
		} else {
			time.Sleep(100 * time.Millisecond)
		}
	}
	if win == "" {
		t.Fatalf("no window appeared; stderr:\n%s", stderr.String())
	}
	time.Sleep(time.Second)
	// Keyboard focus follows the pointer: put it over the board, then Space starts the game.
	xdo("mousemove", "300", "300")
	xdo("key", "space")
	time.Sleep(3 * time.Second)

	title := xdo("getwindowname", win)
	m := regexp.MustCompile(`cycle (\d+)`).FindStringSubmatch(title)
	if m == nil {
		t.Fatalf("window title %q does not show the cycle", title)
	}
	if c, _ := strconv.Atoi(m[1]); c == 0 {
		t.Errorf("the game did not run: title %q", title)
	}
	if !strings.Contains(title, "Factory") || !strings.Contains(title, "Sleepers") {
		t.Errorf("window title %q does not name the players", title)
	}

	shot := filepath.Join(dir, "shot.png")
	imp := exec.Command("import", "-window", "root", shot)
	imp.Env = env
	if out, err := imp.CombinedOutput(); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	// Non-trivial: the board background, both team colours in many pixels, and many colours
	// overall (text, buttons, graph).
	orange := color.RGBA{0xE6, 0x9F, 0x00, 0xFF}
	sky := color.RGBA{0x56, 0xB4, 0xE9, 0xFF}
	board := color.RGBA{0x24, 0x27, 0x2D, 0xFF}
	counts := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			counts[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	if counts[board] < 100000 {
		t.Errorf("board background covers only %d pixels", counts[board])
	}
	if counts[orange] < 500 || counts[sky] < 300 {
		t.Errorf("team colours: orange %d pixels, sky blue %d; want robots of both teams", counts[orange], counts[sky])
	}
	if len(counts) < 200 {
		t.Errorf("only %d distinct colours on screen", len(counts))
	}
	if t.Failed() {
		keep := filepath.Join(os.TempDir(), "robocom-e2e-bad.png")
		if data, err := os.ReadFile(shot); err == nil && os.WriteFile(keep, data, 0o644) == nil {
			t.Logf("screenshot kept in %s", keep)
		}
	}

	// Ctrl+Q closes the window from inside the app, which then exits normally.
	xdo("key", "ctrl+q")
	select {
	case <-exited:
		if exitErr != nil {
			t.Errorf("robocom exited with %v; stderr:\n%s", exitErr, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Errorf("robocom did not exit after Ctrl+Q")
	}
	if _, err := os.Stat(filepath.Join(dir, "config", "robocom", "settings.json")); err != nil {
		t.Errorf("settings were not saved on exit: %v", err)
	}
}
