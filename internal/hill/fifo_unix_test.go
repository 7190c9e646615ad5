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
			if err == nil || !strings.Contains(err.Error(), "is a named pipe (FIFO), not a regular file; save a hill to a file") {
				t.Errorf("%s: %v, want what it is and what to do", name, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s of a FIFO still waits after 5 s", name)
		}
	}
	// A folder named as the hill says so (it said only "is not a hill file").
	dir := t.TempDir()
	if _, err := Open(dir, games); err == nil || !strings.Contains(err.Error(), "is a folder, not a hill; name a file in it") {
		t.Errorf("a folder as the hill: %v", err)
	}
}
