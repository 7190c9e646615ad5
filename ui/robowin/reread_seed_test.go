package robowin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Restart with a seed that is not a number restarts nothing: it must not put the file's new
// program into the players either (the board would play one program while the players list,
// the title and the debuggers named another, and no sentence would say it was read).
func TestRestartWithABadSeedDoesNotSwapThePrograms(t *testing.T) {
	p := filepath.Join(t.TempDir(), "mine.rob")
	write := func(src string) {
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(spinner("Mine"))
	h := newDiskHarness(t, p)
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	game := h.u.Snapshot().Game
	write(spinner("Mine2"))
	h.typeInto(&h.u.controls.seedEd, &h.u.controls.seedEd, "abc", false)
	h.clickLabel("Restart")
	if !strings.Contains(h.u.Message(), "seed must be a whole number") {
		t.Fatalf("status %q, want the seed's error", h.u.Message())
	}
	if h.u.Snapshot().Game == game && h.u.Players()[0].Name() != "Mine" {
		t.Errorf("no restart, yet the player is now %q while the game on the board plays Mine", h.u.Players()[0].Name())
	}
}
