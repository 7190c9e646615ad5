//go:build e2e && !nogui

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"robocom/cmd/robocom/internal/xvfbtest"
)

var geometryRE = regexp.MustCompile(`Geometry: (\d+)x(\d+)`)

// On an 800×600 X screen with no window manager, the window opens inside the screen, with
// no saved size and with a saved size larger than the screen.
func TestE2EWindowFitsSmallScreen(t *testing.T) {
	xvfbtest.Need(t, "Xvfb", "xdpyinfo", "xdotool")
	dir := t.TempDir()
	bin := buildRobocom(t, dir)
	config := filepath.Join(dir, "config")
	for _, saved := range []bool{false, true} {
		t.Run(fmt.Sprintf("saved=%v", saved), func(t *testing.T) {
			if saved {
				if err := os.MkdirAll(filepath.Join(config, "robocom"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(config, "robocom", "settings.json"), []byte(`{"window_w":1900,"window_h":1200,"speed":7}`), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			disp := xvfbtest.Start(t, 800, 600)
			app := xvfbtest.StartApp(t, disp, []string{"XDG_CONFIG_HOME=" + config}, bin)
			win := app.Window("RoboCom Arena")
			var w, h int
			deadline := time.Now().Add(10 * time.Second)
			for time.Now().Before(deadline) {
				if m := geometryRE.FindStringSubmatch(app.Xdo("getwindowgeometry", win)); m != nil {
					w, _ = strconv.Atoi(m[1])
					h, _ = strconv.Atoi(m[2])
					if w > 1 && h > 1 {
						break
					}
				}
				time.Sleep(100 * time.Millisecond)
			}
			if w <= 1 || h <= 1 || w > 800 || h > 600 {
				t.Errorf("the window is %d×%d on an 800×600 screen", w, h)
			}
			if err := app.Quit(); err != nil {
				t.Error(err)
			}
		})
	}
}
