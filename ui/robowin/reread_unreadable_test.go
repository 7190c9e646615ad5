package robowin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A player's file that cannot be read at Restart (deleted, replaced by a FIFO, grown past the
// cap) leaves the old program playing, and the window says so, as the Core War mode does
// and as for a file that does not load: it went on without a word, the user believing the
// file on disk played. Back as it was, the sentence and the error go.
func TestRestartSaysAFileCannotBeReadNow(t *testing.T) {
	p := filepath.Join(t.TempDir(), "mine.rob")
	if err := os.WriteFile(p, []byte(spinner("Mine")), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newDiskHarness(t, p)
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	h.clickLabel("Restart")
	if want := "Mine does not load now (errors below), so the game plays its version loaded before."; h.u.Message() != want {
		t.Errorf("the status line says %q, want %q", h.u.Message(), want)
	}
	if len(h.u.Errors()) != 1 || !strings.Contains(h.u.Errors()[0], "mine.rob") {
		t.Errorf("errors %q, want one saying mine.rob cannot be read", h.u.Errors())
	}
	h.clickLabel("Restart")
	if len(h.u.Errors()) != 1 {
		t.Errorf("a second Restart lists %d errors: %q", len(h.u.Errors()), h.u.Errors())
	}
	if err := os.WriteFile(p, []byte(spinner("Mine")), 0o644); err != nil {
		t.Fatal(err)
	}
	h.clickLabel("Restart")
	if len(h.u.Errors()) != 0 || strings.Contains(h.u.Message(), "does not load now") {
		t.Errorf("the file is back, yet errors %q and status %q", h.u.Errors(), h.u.Message())
	}
}
