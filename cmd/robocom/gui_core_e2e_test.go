//go:build e2e && !nogui

package main

import (
	"bytes"
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
)

// TestE2ECoreWarWindow opens the window with two .cw programs under Xvfb (display :95, or a
// free one), which starts it in the Core War mode; Space runs the game; the title, a
// screenshot and the switch to the RoboCom mode are checked; Ctrl+Q closes it.
// Run with: go test -tags e2e -run E2ECore ./cmd/robocom/
func TestE2ECoreWarWindow(t *testing.T) {
	need(t, "Xvfb", "xdotool", "import")
	dir := t.TempDir()
	bin := filepath.Join(dir, "robocom")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	disp := startXvfbCore(t)
	env := append(os.Environ(), "DISPLAY="+disp, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	app := exec.Command(bin, "../../robots/core/dwarf.cw", "../../robots/core/replicator.cw")
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
		if ids := strings.Fields(xdo("search", "--name", "Core War")); len(ids) > 0 {
			win = ids[0]
		} else {
			time.Sleep(100 * time.Millisecond)
		}
	}
	if win == "" {
		t.Fatalf("no Core War window appeared; stderr:\n%s", stderr.String())
	}
	time.Sleep(time.Second)
	xdo("mousemove", "300", "300")
	xdo("key", "space")
	time.Sleep(3 * time.Second)
	title := xdo("getwindowname", win)
	m := regexp.MustCompile(`cycle (\d+)`).FindStringSubmatch(title)
	if m == nil || !strings.Contains(title, "Dwarf") || !strings.Contains(title, "Replicator") {
		t.Fatalf("window title %q does not name the players and the cycle", title)
	}
	if c, _ := strconv.Atoi(m[1]); c == 0 {
		t.Errorf("the game did not run: title %q", title)
	}
	img := screenshot(t, env, filepath.Join(dir, "core.png"))
	// The core: empty cells, the Dwarf's orange and the Replicator's sky blue, bright and dim.
	counts := colourCounts(img)
	empty := color.RGBA{0x2E, 0x32, 0x39, 0xFF}
	orange := color.RGBA{0xE6, 0x9F, 0x00, 0xFF}
	sky := color.RGBA{0x56, 0xB4, 0xE9, 0xFF}
	if counts[empty] < 50000 {
		t.Errorf("empty core cells cover only %d pixels", counts[empty])
	}
	if counts[orange]+counts[dimmed(orange)] < 300 || counts[sky]+counts[dimmed(sky)] < 300 {
		t.Errorf("program colours: orange %d+%d pixels, sky blue %d+%d", counts[orange], counts[dimmed(orange)], counts[sky], counts[dimmed(sky)])
	}
	if len(counts) < 100 {
		t.Errorf("only %d distinct colours on screen", len(counts))
	}
	if t.Failed() {
		keep := filepath.Join(os.TempDir(), "robocom-core-e2e-bad.png")
		if data, err := os.ReadFile(filepath.Join(dir, "core.png")); err == nil && os.WriteFile(keep, data, 0o644) == nil {
			t.Logf("screenshot kept in %s", keep)
		}
	}
	// The RoboCom tab of the bar switches modes: the title loses the Core War players.
	xdo("mousemove", "45", "14")
	xdo("click", "1")
	time.Sleep(time.Second)
	if title := xdo("getwindowname", win); strings.Contains(title, "Dwarf") {
		t.Errorf("after clicking RoboCom the title is still %q", title)
	}
	xdo("key", "ctrl+q")
	select {
	case <-exited:
		if exitErr != nil {
			t.Errorf("robocom exited with %v; stderr:\n%s", exitErr, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Errorf("robocom did not exit after Ctrl+Q")
	}
}

func screenshot(t *testing.T, env []string, path string) image.Image {
	t.Helper()
	imp := exec.Command("import", "-window", "root", path)
	imp.Env = env
	if out, err := imp.CombinedOutput(); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	f, err := os.Open(path)
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

// dimmed is a colour as the core draws cells written long ago (corewin's dim).
func dimmed(c color.RGBA) color.RGBA {
	mix := func(a, b uint8) uint8 { return uint8((int(a)*55 + int(b)*45) / 100) }
	return color.RGBA{mix(c.R, 0x2E), mix(c.G, 0x32), mix(c.B, 0x39), 0xFF}
}

// startXvfbCore starts Xvfb on :95 (the display set aside for this test), or on any free
// display when :95 is taken.
func startXvfbCore(t *testing.T) string {
	if _, err := os.Stat("/tmp/.X11-unix/X95"); err == nil {
		return startXvfb(t)
	}
	cmd := exec.Command("Xvfb", ":95", "-screen", "0", "1400x900x24", "-nolisten", "tcp")
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting Xvfb: %v", err)
	}
	// SIGTERM, not Kill: Xvfb then removes its lock and socket, and :95 is free next time.
	t.Cleanup(func() { cmd.Process.Signal(syscall.SIGTERM); cmd.Wait() })
	for i := 0; i < 100; i++ {
		if _, err := os.Stat("/tmp/.X11-unix/X95"); err == nil {
			return ":95"
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("Xvfb :95 did not come up")
	return ""
}
