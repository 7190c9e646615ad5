//go:build unix

package hill

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"robocom/arena"
)

// TestFileSizeLimit: a hill that a file size limit (ulimit -f) stops from growing is named
// with that cause and what to do; it was "cannot write h.hill: disk I/O error (778)", which
// names neither. What was stored before stays.
func TestFileSizeLimit(t *testing.T) {
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Skip(err)
	}
	path := filepath.Join(t.TempDir(), "h.hill")
	if err := Create(path, Config{Game: robocom(arena.Classic()), Rounds: 2, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	h, err := Open(path, games)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	src, err := os.ReadFile("../../robots/wall.rob")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Add("wall.rob", src); err != nil {
		t.Fatal(err)
	}
	lim := old
	lim.Cur = 256 << 10
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skip(err)
	}
	big := bytes.Replace(src, []byte("Name Wall"), []byte("Name Big"), 1)
	big = append(big, bytes.Repeat([]byte("; a comment line to make the program large\n"), 20000)...)
	_, err = h.Add("big.rob", big)
	msg := fmt.Sprint(err) // (while the limit holds, as for a command)
	syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old)
	if err == nil || !strings.Contains(msg, "h.hill") || !strings.Contains(msg, "file size limit") || !strings.Contains(msg, "ulimit -f") {
		t.Errorf("adding past a file size limit: %s", msg)
	}
	if ps, err := h.Programs(true); err != nil || len(ps) != 1 {
		t.Errorf("after the failed add: %d programs, %v", len(ps), err)
	}
}
