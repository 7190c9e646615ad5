package robowin

import (
	"os"
	"path/filepath"
	"testing"

	"gioui.org/io/key"
)

// A question to remove a player, asked during a game, still removes that player when the
// user presses R before answering and R reads a changed file for it.
func TestRemoveAnsweredAfterRStillRemoves(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.rob"), filepath.Join(dir, "b.rob")
	for f, n := range map[string]string{a: "A", b: "B"} {
		if err := os.WriteFile(f, []byte(spinner(n)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := newDiskHarness(t, a, b)
	h.startAndPause()
	h.clickRect(h.findAll("×")[1])
	if q := h.u.Pending(); q != "Remove B and restart the game?" {
		t.Fatalf("pending %q", q)
	}
	if err := os.WriteFile(b, []byte(spinner("B2")), 0o644); err != nil {
		t.Fatal(err)
	}
	h.r.Queue(key.Event{Name: "R", State: key.Press})
	h.frame()
	if h.u.Pending() == "" {
		t.Skip("R dropped the question")
	}
	h.clickLabel("Remove")
	if n := len(h.u.Players()); n != 1 {
		t.Errorf("the question said Remove B; after answering Remove there are %d players", n)
	}
}
