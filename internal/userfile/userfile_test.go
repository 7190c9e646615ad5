package userfile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// TestRefusals: every kind of file that is not a readable regular file within the cap is
// refused at once with a sentence naming it.
func TestRefusals(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.rob")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	loop := filepath.Join(dir, "loop.rob")
	os.Symlink(loop, loop)
	big := filepath.Join(dir, "big.rob")
	os.WriteFile(big, bytes.Repeat([]byte{','}, 2000), 0o644)
	small := Kind{"a program", 1000}
	cases := []struct {
		path string
		kind Kind
		want string
	}{
		{fifo, Program, "is a named pipe (FIFO), not a regular file"},
		{dir, Program, "is a folder, not a program"},
		{"/dev/zero", OptionSet, "is a device, not a regular file"},
		{loop, Program, "too many levels of symbolic links"},
		{filepath.Join(dir, "missing.rob"), Program, "no such file"},
		{big, small, "is too big for a program (2000 bytes, at most 1000 bytes)"},
		{"", Program, "the file name is empty; name a file holding a program"},
	}
	for _, c := range cases {
		done := make(chan error, 1)
		go func() { _, err := Read(c.path, c.kind); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.path) {
				t.Errorf("Read(%s) = %v, want a sentence naming it with %q", c.path, err, c.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Read(%s) blocked", c.path)
		}
	}
	if _, err := Read(filepath.Join(dir, "missing.rob"), Program); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file's error does not unwrap to fs.ErrNotExist: %v", err)
	}
}

func TestPermissionDenied(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every file")
	}
	p := filepath.Join(t.TempDir(), "secret.rob")
	os.WriteFile(p, []byte("x"), 0o000)
	_, err := Read(p, Program)
	if err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("Read of an unreadable file = %v", err)
	}
}

func TestReadFSAndStream(t *testing.T) {
	fsys := fstest.MapFS{
		"a.rob": {Data: []byte("Bank a")},
		"d":     {Mode: fs.ModeDir},
		"p.rob": {Mode: fs.ModeNamedPipe},
		"b.rob": {Data: bytes.Repeat([]byte{'x'}, 11)},
	}
	ten := Kind{"a program", 10}
	if b, err := ReadFS(fsys, "a.rob", "disk:a.rob", ten); err != nil || string(b) != "Bank a" {
		t.Errorf("ReadFS(a.rob) = %q, %v", b, err)
	}
	for name, want := range map[string]string{"d": "is a folder", "p.rob": "named pipe", "b.rob": "too big",
		"/a.rob": "is not a path inside its folder", "x/../a.rob": "is not a path inside its folder"} { // (a hand-edited "disk:/etc/passwd" said "invalid argument")
		if _, err := ReadFS(fsys, name, "disk:"+name, ten); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "disk:"+name) {
			t.Errorf("ReadFS(%s) = %v, want %q", name, err, want)
		}
	}
	// A stream longer than the cap (standard input from /dev/zero) stops at the cap.
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer zero.Close()
	if _, err := ReadStream(zero, "standard input", Kind{"a Core War program", 1 << 16}); err == nil || !strings.Contains(err.Error(), "standard input is too big") {
		t.Errorf("ReadStream(/dev/zero) = %v", err)
	}
}

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("9", 10<<20)
	if e := Excerpt(long, 20); len(e) > 60 || !strings.Contains(e, "10485760 bytes") {
		t.Errorf("Excerpt of 10 MB = %q", e)
	}
	if e := Excerpt("äääää", 3); e != "ä… (10 bytes)" {
		t.Errorf("Excerpt cuts inside a rune: %q", e)
	}
	if Excerpt("short", 20) != "short" {
		t.Error("Excerpt changed a short string")
	}
}

// TestCreateFIFO: an output FIFO nobody reads is refused at once instead of blocking.
func TestCreateFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "trace")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() {
		f, err := Create(fifo)
		if err == nil {
			f.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "no program reads") {
			t.Errorf("Create(FIFO) = %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Create blocks on a FIFO without a reader")
	}
}

// TestOpen: Open (for streamed files) refuses a FIFO at once and opens a regular file.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "part.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() {
		f, err := Open(fifo, TournamentPart)
		if f != nil {
			f.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "part.jsonl is a named pipe (FIFO), not a regular file; save a tournament part") {
			t.Errorf("Open(FIFO) = %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Open(FIFO) blocked")
	}
	if _, err := Open(dir, TournamentPart); err == nil || !strings.Contains(err.Error(), "is a folder, not a tournament part") {
		t.Errorf("Open(folder) = %v", err)
	}
	p := filepath.Join(dir, "ok.jsonl")
	os.WriteFile(p, []byte("{}\n"), 0o644)
	f, err := Open(p, TournamentPart)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if b, err := io.ReadAll(f); err != nil || string(b) != "{}\n" {
		t.Errorf("read %q, %v", b, err)
	}
}
