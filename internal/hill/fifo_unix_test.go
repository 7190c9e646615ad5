//go:build unix

package hill

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFIFONamedAsHill: a named pipe given as the hill is refused at once by every way of
// opening one; opening it to read the SQLite header first waited for a writer forever.
func TestFIFONamedAsHill(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "f.hill")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	for name, open := range map[string]func(string, map[string]Decoder) (*Hill, error){"Open": Open, "OpenRead": OpenRead} {
		done := make(chan error, 1)
		go func() { _, err := open(fifo, games); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "is not a hill file") {
				t.Errorf("%s: %v, want \"is not a hill file\"", name, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s of a FIFO still waits after 5 s", name)
		}
	}
}
