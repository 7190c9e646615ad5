package userfile

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// strays lists the temporary files an Output left in dir.
func strays(t *testing.T, dir string) []string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	return m
}

func TestWriteFileNewAndReplace(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	if err := WriteFile(p, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(p)
	if got, _ := os.ReadFile(p); string(got) != "one" || st.Mode().Perm() != 0o644 {
		t.Fatalf("new file: %q %v", got, st.Mode())
	}
	os.Chmod(p, 0o600)
	if err := WriteFile(p, []byte("two"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, _ = os.Stat(p)
	if got, _ := os.ReadFile(p); string(got) != "two" || st.Mode().Perm() != 0o600 {
		t.Fatalf("replaced file: %q %v, want the old permissions kept", got, st.Mode())
	}
	if s := strays(t, dir); len(s) != 0 {
		t.Errorf("temporary files left: %v", s)
	}
}

// TestWriteThroughLink: a link stays a link, the file it names is replaced (also when the
// link is relative and points into another folder, and when its target does not exist yet).
func TestWriteThroughLink(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "real"), 0o755)
	target := filepath.Join(dir, "real", "settings.json")
	os.WriteFile(target, []byte("old"), 0o640)
	link := filepath.Join(dir, "link.json")
	os.Symlink(filepath.Join("real", "settings.json"), link)
	if err := WriteFile(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link became a %v", fi.Mode())
	}
	st, _ := os.Stat(target)
	if got, _ := os.ReadFile(target); string(got) != "new" || st.Mode().Perm() != 0o640 {
		t.Errorf("target: %q %v", got, st.Mode())
	}
	dangling := filepath.Join(dir, "dangling")
	os.Symlink(filepath.Join("real", "later.txt"), dangling)
	if err := WriteFile(dangling, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "real", "later.txt")); string(got) != "x" {
		t.Errorf("dangling link's target: %q", got)
	}
	if fi, _ := os.Lstat(dangling); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the dangling link became a %v", fi.Mode())
	}
	loop := filepath.Join(dir, "loop")
	os.Symlink("loop", loop)
	if err := WriteFile(loop, []byte("x"), 0o644); err == nil || !strings.Contains(err.Error(), "too many levels of symbolic links") {
		t.Errorf("link loop: %v", err)
	}
	for _, d := range []string{dir, filepath.Join(dir, "real")} {
		if s := strays(t, d); len(s) != 0 {
			t.Errorf("temporary files left: %v", s)
		}
	}
}

// TestWriteRefusesSpecialFiles: a folder, FIFO, socket or device is refused with a sentence
// and left as it was, and nothing is left beside it.
func TestWriteRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skip("no Unix sockets here:", err)
	}
	defer l.Close()
	folder := filepath.Join(dir, "folder")
	os.Mkdir(folder, 0o755)
	cases := []struct{ path, want string }{
		{fifo, "is a named pipe (FIFO), not a regular file; it was left as it was"},
		{sock, "is a socket, not a regular file"},
		{folder, "is a folder; name a file in it"},
	}
	dev := filepath.Join(dir, "null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
		cases = append(cases, struct{ path, want string }{dev, "is a device, not a regular file"})
	} else {
		t.Logf("no device node (%v): the device case runs in TestAttacks as root", err)
	}
	for _, c := range cases {
		before, _ := os.Lstat(c.path)
		err := WriteFile(c.path, []byte("data"), 0o644)
		if err == nil || !strings.Contains(err.Error(), c.path+" "+c.want) || !errors.Is(err, ErrNotRegular) {
			t.Errorf("%s: %v, want %q", c.path, err, c.want)
		}
		after, _ := os.Lstat(c.path)
		if before.Mode() != after.Mode() || !os.SameFile(before, after) {
			t.Errorf("%s changed: %v → %v", c.path, before.Mode(), after.Mode())
		}
		// Through a link, too.
		link := c.path + ".link"
		os.Symlink(c.path, link)
		if err := WriteFile(link, []byte("data"), 0o644); err == nil {
			t.Errorf("%s through a link: written", c.path)
		}
	}
	if s := strays(t, dir); len(s) != 0 {
		t.Errorf("temporary files left: %v", s)
	}
}

// TestWriteFolderErrors: a folder that cannot be written is named, never the temporary file.
func TestWriteFolderErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no", "such")
	err := WriteFile(filepath.Join(missing, "x.rbi"), nil, 0o644)
	if err == nil || !strings.Contains(err.Error(), "the folder "+missing+" does not exist") {
		t.Errorf("missing folder: %v", err)
	}
	if _, err := Create(filepath.Join(missing, "trace.jsonl")); err == nil || !strings.Contains(err.Error(), "the folder "+missing+" does not exist") {
		t.Errorf("trace in a missing folder: %v", err)
	}
	if err := WriteFile("", nil, 0o644); err == nil || err.Error() != "the file name is empty; name the file to write" {
		t.Errorf("an empty name: %v", err)
	}
	if os.Geteuid() == 0 {
		t.Log("root writes in any folder: the read-only folder case runs in TestAttacks as nobody")
		return
	}
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o555)
	err = WriteFile(filepath.Join(ro, "x.rbi"), nil, 0o644)
	if err == nil || !strings.Contains(err.Error(), "the folder "+ro+" is not writable") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("read-only folder: %v", err)
	}
	if _, err := Create(filepath.Join(ro, "trace.jsonl")); err == nil || !strings.Contains(err.Error(), "the folder "+ro+" is not writable") {
		t.Errorf("trace in a read-only folder: %v", err)
	}
}

// TestOutputAbort: an aborted output leaves the target as it was and no temporary file, and
// a failed write is kept and reported by Commit.
func TestOutputAbort(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "part.jsonl")
	os.WriteFile(p, []byte("old"), 0o644)
	o, err := NewOutput(p, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	o.Write([]byte("half"))
	o.Abort()
	o.Abort()
	if got, _ := os.ReadFile(p); string(got) != "old" {
		t.Errorf("after Abort: %q", got)
	}
	if err := o.Commit(); err == nil {
		t.Error("Commit after Abort succeeded")
	}
	if s := strays(t, dir); len(s) != 0 {
		t.Errorf("temporary files left: %v", s)
	}

	o, err = NewOutput(p, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	o.f.Close() // the next write fails as a full disk would
	if _, err := o.Write([]byte("x")); err == nil || !strings.HasPrefix(err.Error(), "cannot write "+p+": ") {
		t.Errorf("failed write: %v", err)
	}
	o.f = nil
	o.Abort()
	if got, _ := os.ReadFile(p); string(got) != "old" {
		t.Errorf("after a failed write: %q", got)
	}
}

// TestCommitRefusesReplacedTarget: a target that became a FIFO while the work ran is not
// replaced.
func TestCommitRefusesReplacedTarget(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out")
	o, err := NewOutput(p, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	o.Write([]byte("x"))
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip(err)
	}
	if err := o.Commit(); err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("Commit onto a FIFO: %v", err)
	}
	if st, _ := os.Lstat(p); st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO became %v", st.Mode())
	}
	if s := strays(t, dir); len(s) != 0 {
		t.Errorf("temporary files left: %v", s)
	}
}

func TestUnwrap(t *testing.T) {
	_, err := os.Open("/no/such/file")
	if got := Unwrap(err); got != syscall.ENOENT {
		t.Errorf("Unwrap(%v) = %v", err, got)
	}
	_, err = Read("/no/such/file", Program)
	if got := Unwrap(err); got != err {
		t.Errorf("Unwrap of a sentence changed it: %v", got)
	}
}

// TestCommitNew: a file created once is put in place only if nothing is there.
func TestCommitNew(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.hill")
	o, err := NewOutput(p, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(o.TempName(), []byte("first"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := o.CommitNew(); err != nil {
		t.Fatal(err)
	}
	if o.TempName() != "" {
		t.Error("TempName after CommitNew")
	}
	o, _ = NewOutput(p, 0o644)
	o.Write([]byte("second"))
	if err := o.CommitNew(); !errors.Is(err, os.ErrExist) || !strings.Contains(err.Error(), p+" exists already") {
		t.Errorf("second CommitNew: %v", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "first" {
		t.Errorf("the file became %q", got)
	}
	if s := strays(t, dir); len(s) != 0 {
		t.Errorf("temporary files left: %v", s)
	}
}

// TestCommitNewWithoutLinks: where the file system has no hard links, CommitNew still puts a
// new file in place and still keeps one that is there; another failure of the link is told.
func TestCommitNewWithoutLinks(t *testing.T) {
	defer func(l func(string, string) error) { link = l }(link)
	for _, c := range []struct {
		name    string
		linkErr error
		there   bool
		want    string // the file's bytes afterwards
		err     string
	}{
		{"no links, new", syscall.EPERM, false, "mine", ""},
		{"no links, there", syscall.EOPNOTSUPP, true, "theirs", "exists already"},
		{"unsupported, new", errors.ErrUnsupported, false, "mine", ""},
		{"another failure", syscall.EIO, false, "", "x.jsonl"},
	} {
		link = func(old, new string) error { return &os.LinkError{Op: "link", Old: old, New: new, Err: c.linkErr} }
		dir := t.TempDir()
		p := filepath.Join(dir, "x.jsonl")
		o, err := NewOutput(p, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		o.Write([]byte("mine"))
		if c.there {
			os.WriteFile(p, []byte("theirs"), 0o644)
		}
		err = o.CommitNew()
		got, _ := os.ReadFile(p)
		if string(got) != c.want || (c.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: file %q, error %v; want %q and an error with %q", c.name, got, err, c.want, c.err)
		}
		if s := strays(t, dir); len(s) != 0 {
			t.Errorf("%s: temporary files left: %v", c.name, s)
		}
	}
}
