//go:build e2e && !nogui

package main

import (
	"image/color"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"robocom/cmd/robocom/internal/xvfbtest"
)

// TestE2ECoreWarWindow opens the window with two .cw programs under Xvfb, which starts it in
// the Core War mode; Space runs the game; the title, a screenshot and the switch to the
// RoboCom mode are checked; Ctrl+Q closes it.
// Run with: go test -tags e2e -run E2ECore ./cmd/robocom/
func TestE2ECoreWarWindow(t *testing.T) {
	xvfbtest.Need(t, "Xvfb", "xdpyinfo", "xdotool", "import")
	dir := t.TempDir()
	bin := buildRobocom(t, dir)
	disp := xvfbtest.Start(t, 1400, 900)
	// No runtime directory and no Wayland display, as under ssh -X or a bare X server: the
	// start must be quiet (no "XDG_RUNTIME_DIR is invalid or not set" from libwayland).
	app := xvfbtest.StartApp(t, disp, []string{"XDG_CONFIG_HOME=" + filepath.Join(dir, "config"), "XDG_RUNTIME_DIR=", "WAYLAND_DISPLAY="},
		bin, "../../robots/core/dwarf.cw", "../../robots/core/replicator.cw")
	win := app.Window("Core War")
	app.Xdo("mousemove", "--window", win, "300", "300")
	app.Xdo("key", "space")
	title := running(app, win)
	if cycleOf(title) < 0 || !strings.Contains(title, "Dwarf") || !strings.Contains(title, "Replicator") {
		t.Fatalf("window title %q does not name the players and the cycle", title)
	}
	if cycleOf(title) == 0 {
		t.Errorf("the game did not run: title %q", title)
	}
	time.Sleep(2 * time.Second) // let both programs write some of the core
	shot := filepath.Join(dir, "core.png")
	img := app.Screenshot(shot)
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
	keepOnFailure(t, shot, "robocom-core-e2e-bad.png")
	// The RoboCom tab of the bar (top left of the window) switches modes: the title loses the
	// Core War players.
	app.Xdo("mousemove", "--window", win, "45", "14")
	app.Xdo("click", "1")
	if title := app.WaitTitle(win, xvfbtest.Patience, func(s string) bool { return !strings.Contains(s, "Dwarf") }); strings.Contains(title, "Dwarf") {
		t.Errorf("after clicking RoboCom the title is still %q", title)
	}
	if err := app.Quit(); err != nil {
		t.Error(err)
	}
	if strings.Contains(app.Stderr(), "XDG_RUNTIME_DIR") {
		t.Errorf("the window's start was not quiet; its stderr:\n%s", app.Stderr())
	}
}

// dimmed is a colour as the core draws cells written long ago (corewin's dim).
func dimmed(c color.RGBA) color.RGBA {
	mix := func(a, b uint8) uint8 { return uint8((int(a)*55 + int(b)*45) / 100) }
	return color.RGBA{mix(c.R, 0x2E), mix(c.G, 0x32), mix(c.B, 0x39), 0xFF}
}
