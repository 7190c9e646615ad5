package hill

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"robocom/arena"
)

// folderSums are the hashes of every file in a folder, by name.
func folderSums(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	m := map[string][32]byte{}
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		m[e.Name()] = sha256.Sum256(b)
	}
	return m
}

func sameSums(t *testing.T, what string, a, b map[string][32]byte) {
	t.Helper()
	if len(a) != len(b) {
		t.Errorf("%s: %d files, then %d: %v", what, len(a), len(b), b)
	}
	for n, s := range a {
		if b[n] != s {
			t.Errorf("%s: %s changed or went away", what, n)
		}
	}
}

// playedHill makes a hill of three programs with every pairing played, closed.
func playedHill(t *testing.T, path string) {
	t.Helper()
	if err := Create(path, Config{Game: robocom(arena.Classic()), Rounds: 2, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	h, err := Open(path, games)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"../../robots/mine.rob", "../../robots/wall.rob", "../../robots/hive.rob"} {
		add(t, h, f)
	}
	pd, err := h.Pending()
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Play(context.Background(), pd, 0, pd.Plan.Bouts(), 1, nil); err != nil {
		t.Fatal(err)
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
}

// readAll does everything a reader does with a hill.
func readAll(h *Hill) error {
	if _, err := h.Standings(); err != nil {
		return err
	}
	ps, err := h.Programs(true)
	if err != nil {
		return err
	}
	if len(ps) >= 2 {
		if _, _, _, err := h.Pairing("#"+strconv.FormatInt(ps[0].ID, 10), "#"+strconv.FormatInt(ps[1].ID, 10)); err != nil {
			return err
		}
		if _, _, err := h.History("#" + strconv.FormatInt(ps[0].ID, 10)); err != nil {
			return err
		}
	}
	_, err = h.Pending()
	return err
}

// TestPathCharacters: a hill path is a file path, whatever characters it holds; nothing is
// created beside it.
func TestPathCharacters(t *testing.T) {
	for _, name := range []string{"a?b.hill", "a#b.hill", "a%41.hill", "a b.hill", "é ü.hill", "q?mode=memory&x#y%2F.hill", "%"} {
		dir := t.TempDir()
		path := filepath.Join(dir, name)
		playedHill(t, path)
		h, err := OpenRead(path, games)
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		if err := readAll(h); err != nil {
			t.Errorf("%q: %v", name, err)
		}
		h.Close()
		es, _ := os.ReadDir(dir)
		if len(es) != 1 || es[0].Name() != name {
			var names []string
			for _, e := range es {
				names = append(names, e.Name())
			}
			t.Errorf("%q: the folder holds %q", name, names)
		}
	}
	// A relative path, from inside the folder.
	dir := t.TempDir()
	playedHill(t, filepath.Join(dir, "r?x#y.hill"))
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	h, err := OpenRead("r?x#y.hill", games)
	if err != nil {
		t.Fatal(err)
	}
	h.Close()
}

// TestReadingNeverWrites: reading a hill, a foreign database or an empty file leaves every
// file in the folder as it was, and nothing is added.
func TestReadingNeverWrites(t *testing.T) {
	dir := t.TempDir()
	playedHill(t, filepath.Join(dir, "h.hill"))
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "notes.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE notes (x); INSERT INTO notes VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	os.WriteFile(filepath.Join(dir, "empty.hill"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, "text.hill"), []byte("not a database\n"), 0o644)
	before := folderSums(t, dir)
	h, err := OpenRead(filepath.Join(dir, "h.hill"), games)
	if err != nil {
		t.Fatal(err)
	}
	if err := readAll(h); err != nil {
		t.Error(err)
	}
	if _, err := h.Add("../../robots/roamer.rob", []byte("x")); err == nil {
		t.Error("a hill opened to be read took a program")
	}
	h.Close()
	for _, c := range []struct{ file, want string }{
		{"notes.db", "is not a hill: it has no hill table"},
		{"empty.hill", "is empty, not a hill"},
		{"text.hill", "is not a hill: not an SQLite database"},
	} {
		for _, open := range []func(string, map[string]Decoder) (*Hill, error){Open, OpenRead} {
			if _, err := open(filepath.Join(dir, c.file), games); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v, want %q", c.file, err, c.want)
			}
		}
	}
	sameSums(t, "after reading", before, folderSums(t, dir))
}

// TestReadOnlyMount: a WAL hill on a read-only mount, where not even root can make the lock
// files, is read in immutable mode and left as it was.
func TestReadOnlyMount(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("a read-only bind mount needs root")
	}
	src, mnt := t.TempDir(), t.TempDir()
	path := filepath.Join(src, "h.hill")
	playedHill(t, path)
	// A hill left in WAL mode, as an older robocom or a killed writer leaves it.
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`PRAGMA journal_mode = WAL`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if out, err := exec.Command("mount", "--bind", src, mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot bind-mount here (%v: %s); the read-only folder case of TestAttacks still runs", err, out)
	}
	defer exec.Command("umount", mnt).Run()
	if out, err := exec.Command("mount", "-o", "remount,bind,ro", mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot make the bind mount read-only here (%v: %s)", err, out)
	}
	before := folderSums(t, src)
	h, err := OpenRead(filepath.Join(mnt, "h.hill"), games)
	if err != nil {
		t.Fatalf("reading a hill on a read-only mount: %v", err)
	}
	st, err := h.Standings()
	if err != nil || st.Missing != 0 || len(st.Programs) != 3 {
		t.Errorf("standings from the read-only mount: %+v %v", st, err)
	}
	h.Close()
	// (the sentence says what to do: it said "open …: read-only file system")
	if _, err := Open(filepath.Join(mnt, "h.hill"), games); err == nil || !strings.Contains(err.Error(), "cannot write") || !strings.Contains(err.Error(), "read-only file system; copy it") {
		t.Errorf("opening to write on a read-only mount: %v", err)
	}
	sameSums(t, "the read-only mount", before, folderSums(t, src))
}

// damage are SQL statements that break a hill in ways a file may come: each must give an
// error naming the hill, never a panic. They are FuzzHillFile's seeds too.
var damage = []string{
	`UPDATE bout SET winner = 7 WHERE round = 1`,
	`UPDATE bout SET winner = 'x'`,
	`UPDATE bout SET round = 99 WHERE a = 1 AND b = 2 AND round = 1`,
	`UPDATE bout SET a = b WHERE a = 1 AND b = 2 AND round = 1`,
	`UPDATE bout SET a = 999 WHERE a = 1 AND b = 2 AND round = 1`,
	`INSERT INTO bout SELECT a, b, round + 2, seed, winner, cycles FROM bout`,
	`UPDATE hill SET rounds = -5`,
	`UPDATE hill SET size = -1`,
	`UPDATE hill SET format = 99`,
	`UPDATE hill SET game = 'chess'`,
	`UPDATE hill SET options = 'board = x'`,
	`UPDATE hill SET options = zeroblob(2000000)`,
	`DELETE FROM hill`,
	`UPDATE hill SET id = 2`,
	`UPDATE program SET added = 'yesterday'`,
	`UPDATE program SET name = x'00' WHERE id = 1`,
	`UPDATE program SET source = zeroblob(100000000) WHERE id = 1`,
	`UPDATE program SET source = x'00ff'`,
	`UPDATE program SET sha256 = 'short' WHERE id = 1`,
	`UPDATE program SET id = -id`,
	`UPDATE program SET removed = 'gone'`,
	`DROP TABLE bout; CREATE VIEW bout AS SELECT 1 AS a, 2 AS b, 1 AS round, 1 AS seed, 5 AS winner, 0 AS cycles`,
	`CREATE TRIGGER t AFTER INSERT ON bout BEGIN DELETE FROM program; END`,
	`CREATE VIEW v AS SELECT 1`,
	`DROP TABLE program`,
	`ALTER TABLE bout DROP COLUMN cycles`,
	`UPDATE program SET source = CAST(source AS TEXT) || ' ' WHERE id = 2`, // loads and plays, but is not the program added
}

// damaged applies one statement to a copy of a played hill.
func damaged(t testing.TB, base []byte, dir, stmt string) string {
	path := filepath.Join(dir, "d.hill")
	if err := os.WriteFile(path, base, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=ignore_check_constraints(1)&_pragma=foreign_keys(0)")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	db.ExecContext(ctx, stmt) // a statement that fails leaves the hill as it was
	cancel()
	db.Close()
	return path
}

func TestDamagedHills(t *testing.T) {
	dir := t.TempDir()
	playedHill(t, filepath.Join(dir, "base.hill"))
	base, _ := os.ReadFile(filepath.Join(dir, "base.hill"))
	for _, stmt := range damage {
		path := damaged(t, base, t.TempDir(), stmt)
		for _, open := range []func(string, map[string]Decoder) (*Hill, error){Open, OpenRead} {
			h, err := open(path, games)
			if err == nil {
				err = readAll(h)
				h.Close()
			}
			if err == nil {
				t.Errorf("%s: read without an error", stmt)
			} else if !strings.Contains(err.Error(), path) {
				t.Errorf("%s: %v (the hill is not named)", stmt, err)
			}
		}
	}
}

// FuzzHillFile damages a real hill with SQL and with bytes, then reads it every way a command
// does: an error or a result, never a panic, a hang or unbounded memory.
func FuzzHillFile(f *testing.F) {
	dir := f.TempDir()
	playedHill(&testing.T{}, filepath.Join(dir, "base.hill"))
	base, err := os.ReadFile(filepath.Join(dir, "base.hill"))
	if err != nil || len(base) == 0 {
		f.Fatal("no base hill", err)
	}
	for _, stmt := range damage {
		f.Add(stmt, uint32(0), []byte(nil))
	}
	f.Add(`UPDATE hill SET rounds = 9223372036854775807`, uint32(0), []byte(nil))
	f.Add(`UPDATE program SET name = ''`, uint32(0), []byte(nil))
	f.Add("", uint32(0), []byte("SQLite format 3\x00"))
	f.Add("", uint32(16), []byte{0xff, 0xff})        // the page size
	f.Add("", uint32(100), []byte{0x0d, 0, 0, 0xff}) // the first page's header
	f.Add("", uint32(4096), []byte{0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, stmt string, at uint32, patch []byte) {
		work := t.TempDir()
		path := damaged(t, base, work, stmt)
		if len(patch) > 0 {
			b, _ := os.ReadFile(path)
			off := int(at % uint32(len(b)))
			copy(b[off:], patch)
			os.WriteFile(path, b, 0o644)
		}
		for _, open := range []func(string, map[string]Decoder) (*Hill, error){OpenRead, Open} {
			h, err := open(path, games)
			if err != nil {
				continue
			}
			readAll(h)
			h.Close()
		}
	})
}

// TestOpenWhileAnotherWrites: a hill at rest (not in WAL) whose write lock another command
// holds is opened once that command is done, not refused as busy at once. Two `hill add`s
// started together met this: SQLite's switch into WAL does not wait for a lock.
func TestOpenWhileAnotherWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.hill")
	if err := Create(path, Config{Game: robocom(arena.Classic()), Rounds: 2, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	conn := foreignConn(t, path)
	var mode string
	if err := conn.QueryRowContext(context.Background(), `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "delete" {
		t.Fatalf("the hill at rest is in journal mode %q (%v), not delete", mode, err)
	}
	if _, err := conn.ExecContext(context.Background(), `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	release := time.AfterFunc(300*time.Millisecond, func() { conn.ExecContext(context.Background(), `COMMIT`) })
	defer release.Stop()
	start := time.Now()
	h, err := Open(path, games)
	if err != nil {
		t.Fatalf("opening while another command writes (after %v): %v", time.Since(start), err)
	}
	h.Close()
}

// TestCutShortHill: a hill cut short (a copy that ran out of disk) is a damaged hill, not
// "not a hill", which sent its owner looking for the right file; the message says what to do,
// for reading and for writing.
func TestCutShortHill(t *testing.T) {
	dir := t.TempDir()
	playedHill(t, filepath.Join(dir, "base.hill"))
	base, _ := os.ReadFile(filepath.Join(dir, "base.hill"))
	path := filepath.Join(dir, "cut.hill")
	os.WriteFile(path, base[:len(base)/2], 0o644)
	for _, open := range []func(string, map[string]Decoder) (*Hill, error){Open, OpenRead} {
		h, err := open(path, games)
		if err == nil {
			err = readAll(h)
			h.Close()
		}
		if err == nil || !strings.Contains(err.Error(), "cut.hill is damaged") || !strings.Contains(err.Error(), "restore it from a copy") {
			t.Errorf("%v", err)
		}
	}
	we := &WriteError{path, sqliteCorrupt(t, path)}
	if !strings.Contains(we.Error(), "cut.hill: it is damaged") || !strings.Contains(we.Error(), "restore it from a copy") {
		t.Errorf("writing: %v", we)
	}
}

// sqliteCorrupt is SQLite's error for reading the damaged database at path.
func sqliteCorrupt(t *testing.T, path string) error {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	err = db.QueryRow(`SELECT count(*) FROM bout`).Scan(&n)
	if err == nil {
		t.Fatal("a cut hill read without an error")
	}
	return err
}

// TestHillMovedWhileOpen: a hill moved, replaced by a copy or deleted while a command writes
// to it is not written any more, with a sentence. SQLite in WAL mode does not notice, and the
// command went on storing results that a copy put in place never saw (and said it had stored
// them), or that a second command opening the new name overwrote.
func TestHillMovedWhileOpen(t *testing.T) {
	for _, change := range []struct {
		name string
		do   func(path string) error
	}{
		{"moved", func(path string) error { return os.Rename(path, path+".moved") }},
		{"replaced", func(path string) error {
			b, err := os.ReadFile(path)
			if err == nil {
				err = os.WriteFile(path+".copy", b, 0o644)
			}
			if err == nil {
				err = os.Rename(path+".copy", path)
			}
			return err
		}},
		{"deleted", os.Remove},
	} {
		t.Run(change.name, func(t *testing.T) {
			h, path := newHill(t)
			add(t, h, "../../robots/mine.rob")
			if err := change.do(path); err != nil {
				t.Fatal(err)
			}
			src, _ := os.ReadFile("../../robots/wall.rob")
			_, err := h.Add("../../robots/wall.rob", src)
			var we *WriteError
			if !errors.As(err, &we) || !strings.Contains(err.Error(), "no longer the one this command opened") || !strings.Contains(err.Error(), "run the command again") {
				t.Fatalf("adding to a hill %s while open: %v", change.name, err)
			}
		})
	}
}

// TestHillFullSaysWhatToDo: a hill that cannot grow (a full disk; here SQLite's page limit,
// which fails the same way) is told with what to do; it was SQLite's "database or disk is
// full (13)" alone.
func TestHillFullSaysWhatToDo(t *testing.T) {
	h, _ := newHill(t)
	add(t, h, "../../robots/mine.rob")
	h.db.SetMaxOpenConns(1) // (the page limit is the connection's)
	var pages int
	if err := h.db.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := h.db.Exec(fmt.Sprintf(`PRAGMA max_page_count = %d`, pages)); err != nil {
		t.Fatal(err)
	}
	src := []byte(strings.Repeat("; a long comment to fill a page or two\n", 400) + "NAME Big\nBANK Big\nDIE\n")
	_, err := h.Add("big.rob", src)
	var we *WriteError
	if !errors.As(err, &we) || !strings.Contains(err.Error(), "full") || !strings.Contains(err.Error(), "free some space on its disk and run the command again") {
		t.Fatalf("adding to a full hill: %v", err)
	}
}

// TestNotWritableSaysWhatToDo: a hill file the user may not write is refused with what to do,
// not the system's "open h.hill: permission denied" (root, who runs these tests in CI, may
// write any file, so the error is made here).
func TestNotWritableSaysWhatToDo(t *testing.T) {
	for errno, want := range map[syscall.Errno]string{syscall.EACCES: "chmod u+w", syscall.EROFS: "copy it to a folder you can write"} {
		err := &WriteError{"h.hill", notWritable(&fs.PathError{Op: "open", Path: "h.hill", Err: errno})}
		if !strings.Contains(err.Error(), "cannot write h.hill") || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "open h.hill") {
			t.Errorf("%v: %v", errno, err)
		}
	}
}

// TestHillOpenedByRelativePathAfterChdir: the moved-file check looks at the file SQLite
// writes, which it opened by its absolute path; a hill opened by a relative name is not
// "moved" when the process changes its working folder (a library user, a test), where the
// check stat'ed the relative name in the new folder and refused every write.
func TestHillOpenedByRelativePathAfterChdir(t *testing.T) {
	src, err := os.ReadFile("../../robots/wall.rob")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := Create(filepath.Join(dir, "t.hill"), Config{Game: robocom(arena.Classic()), Rounds: 2, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	h, err := Open("t.hill", games)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	t.Chdir(t.TempDir())
	if _, err := h.Add("wall.rob", src); err != nil {
		t.Fatalf("adding after a change of folder: %v", err)
	}
}

// TestOpenWhileLockedTooLong: a hill whose lock another program holds past BusyTimeout is
// "busy" with what to do, when opened to be written as when written: opening said "cannot
// read h.hill: database is locked (5) (SQLITE_BUSY)" after a minute's wait.
func TestOpenWhileLockedTooLong(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.hill")
	if err := Create(path, Config{Game: robocom(arena.Classic()), Rounds: 2, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	defer func(d time.Duration) { BusyTimeout = d }(BusyTimeout)
	BusyTimeout = 200 * time.Millisecond
	conn := foreignConn(t, path)
	if _, err := conn.ExecContext(context.Background(), `BEGIN EXCLUSIVE`); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(context.Background(), `ROLLBACK`)
	h, err := Open(path, games)
	if err == nil {
		h.Close()
		t.Fatal("opened a hill another program holds locked")
	}
	if !strings.Contains(err.Error(), "t.hill is busy") || !strings.Contains(err.Error(), "try again when it is done") {
		t.Errorf("opening a locked hill: %v", err)
	}
}

// TestNewerHill: a hill written by a newer robocom (a higher format) is refused, reading and
// writing, with a sentence that says so and what to do; it said "h.hill is not a hill",
// which sent its owner looking for another file.
func TestNewerHill(t *testing.T) {
	dir := t.TempDir()
	playedHill(t, filepath.Join(dir, "base.hill"))
	base, _ := os.ReadFile(filepath.Join(dir, "base.hill"))
	path := damaged(t, base, dir, fmt.Sprintf(`UPDATE hill SET format = %d`, formatVersion+1))
	before := folderSums(t, dir)
	for _, open := range []func(string, map[string]Decoder) (*Hill, error){Open, OpenRead} {
		h, err := open(path, games)
		if err == nil {
			h.Close()
			t.Fatal("a hill of a newer format opened")
		}
		if msg := err.Error(); strings.Contains(msg, "not a hill") || !strings.Contains(msg, "d.hill was written by a newer robocom") || !strings.Contains(msg, "use a newer robocom") {
			t.Errorf("%v", err)
		}
	}
	sameSums(t, "a newer hill's folder", before, folderSums(t, dir))
}

// TestCreateOnAFullDisk: hill create on a full disk says what to do, as a write to a hill on
// a full disk does; it said "cannot create h.hill: database or disk is full (13)" and left the
// user to find out. Nothing is left behind.
func TestCreateOnAFullDisk(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting a small tmpfs needs root")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v: %s)", err, out)
	}
	defer exec.Command("umount", dir).Run()
	fill, _ := os.Create(filepath.Join(dir, "fill"))
	for _, err := fill.Write(make([]byte, 4096)); err == nil; _, err = fill.Write(make([]byte, 4096)) {
	}
	fill.Close()
	err := Create(filepath.Join(dir, "h.hill"), Config{Game: robocom(arena.Classic()), Rounds: 2, Seed: 3})
	if err == nil || !strings.Contains(err.Error(), "h.hill") || !strings.Contains(err.Error(), "free some space on its disk") {
		t.Errorf("creating a hill on a full disk: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind on the full disk: %v", entries)
	}
}

// foreignConn is a connection of another program to the hill at path, closed at the test's end.
func foreignConn(t *testing.T, path string) *sql.Conn {
	t.Helper()
	other, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	conn, err := other.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}
