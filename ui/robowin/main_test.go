package robowin

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	// Headless GPU rendering (golden images, frame benchmarks) then works with Mesa even
	// without an X server (GIO-NOTES.md), and the same way with one.
	if os.Getenv("EGL_PLATFORM") == "" {
		os.Setenv("EGL_PLATFORM", "surfaceless")
	}
	os.Exit(m.Run())
}
