package main

// TestAttacks runs hostile inputs against the built robocom as real subprocesses, each with a
// deadline and a memory ceiling (RLIMIT_AS through prlimit, and the child's peak resident
// size from rusage), and checks the exit status and the message. None may hang, panic or
// exceed the ceiling. Issue 11 lists the attacks; the table adds devices, folders, link
// loops, unreadable and empty files and enormous numbers in every numeric flag.

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"robocom/robolang"
)

const (
	attackDeadline = 90 * time.Second // the machine may be busy; a hang is far longer
	addressCeiling = 2 << 30          // RLIMIT_AS: Go itself reserves about 1 GB at start
	rssCeiling     = 768 << 20        // the child's peak resident size
	interruptAfter = 4 * time.Second  // rounds cases: Ctrl-C after this long
)

type attack struct {
	name   string
	args   []string
	stdin  string // file read as standard input ("" = empty)
	stdout string // file written as standard output ("" = captured)
	status int
	want   string // in stderr or stdout
	// check, if set, checks more (files left as they were, ...).
	check func(t *testing.T, dir, out string)
	// asNobody runs the child as an unprivileged user when the test runs as root (so that
	// "permission denied" can happen).
	asNobody bool
	// rounds marks the cases of the constant-memory rounds work: if still running after
	// interruptAfter the child gets SIGINT and must stop, saying "interrupted", non-zero.
	rounds bool
	// longLines allows error lines over 1000 bytes (pMARS echoes a token whole).
	longLines bool
	// signal is what interrupts a rounds case (SIGINT when nil); status, when set on a rounds
	// case, is the exit status the interruption must give (130 for SIGINT, 143 for SIGTERM).
	signal os.Signal
	// setup are robocom commands run first, each of which must succeed (a hill to add to).
	setup [][]string
	// within, if set, is how soon the command must end (a failed write stops the work).
	within time.Duration
	// prepare, if set, runs before the command (a reader on a FIFO).
	prepare func(t *testing.T, dir string)
}

func TestAttacks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds robocom and writes files of 16 MB")
	}
	childrenTakeSignals()
	dir := t.TempDir()
	bin := filepath.Join(dir, "robocom")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	work := filepath.Join(dir, "w")
	os.MkdirAll(work, 0o755)
	virus, _ := os.ReadFile("../../robots/virus.rob")
	hive, _ := os.ReadFile("../../robots/hive.rob")
	imp, _ := os.ReadFile("../../corewars/redcode/testdata/imp.red")
	dwarf, _ := os.ReadFile("../../corewars/redcode/testdata/dwarf.red")
	impcw, _ := os.ReadFile("../../robots/core/imp.cw")
	bomber, _ := os.ReadFile("../../robots/core/bomber.vna")
	settings := []byte("{\n  \"players\": [\"bundled:virus.rob\", \"bundled:wall.rob\"], \"speed\": 3, \"speed_set\": true\n}\n")
	files := map[string][]byte{
		"a.rob": virus, "b.rob": virus, "c.rob": virus, "hive.rob": hive,
		"x.red": imp, "y.red": dwarf, "z.red": imp, "imp.cw": impcw, "b.vna": bomber,
		"commas.rob":                   append([]byte("Bank a\nSet "), bytes.Repeat([]byte{','}, 16<<20-20)...),
		"hash.rob":                     append([]byte("Bank a\nSet "), bytes.Repeat([]byte("#1, "), 2<<20-8)...),
		"number.rob":                   []byte("Bank a\nSet #1, " + strings.Repeat("9", 10<<20) + "\n"),
		"commas.cw":                    bytes.Repeat([]byte{','}, 1<<20-100),
		"dup.opt":                      []byte("board = 20\ntimeout = 1000\nboard = 30\n"),
		"long.opt":                     []byte("board = 20\n# " + strings.Repeat("x", 100000) + "\n"),
		"empty.rob":                    nil,
		"empty.red":                    nil,
		"empty.opt":                    nil,
		"secret.rob":                   virus,
		"bidi.rob":                     bytes.Replace(bytes.Replace(hive, []byte("Name Hive"), []byte("Name Evil\u202eboR.exe"), 1), []byte("Author RoboCom Arena samples"), []byte("Author \u2066Mallory\u2069 \u200f\u061c"), 1),
		"esc.red":                      bytes.Replace(bytes.Replace(imp, []byte(";name Imp"), []byte(";name \x1b]0;pwned\x07Red\u202ecode\x1b[2J"), 1), []byte(";author A. K. Dewdney"), []byte(";author \x1b[31mMallory\u0085\x7f"), 1),
		"esc\x1b[31m\u202e.rob":        virus,
		"config/robocom/settings.json": settings,
	}
	for name, data := range files {
		p := filepath.Join(work, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(filepath.Join(work, "secret.rob"), 0o000)
	for _, f := range []string{"fifo.rob", "fifo.red", "fifo.cw", "fifo.opt"} {
		if err := syscall.Mkfifo(filepath.Join(work, f), 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
	}
	os.Mkdir(filepath.Join(work, "folder.rob"), 0o755)
	secretDir := filepath.Join(work, "secretdir")
	os.Mkdir(secretDir, 0o755)
	os.WriteFile(filepath.Join(secretDir, "c.rob"), virus, 0o644)
	os.Chmod(secretDir, 0o000)
	t.Cleanup(func() { os.Chmod(secretDir, 0o755) }) // (before TempDir's removal: cleanups run last first)
	os.Mkdir(filepath.Join(work, "out.jsonl"), 0o755)
	os.Mkdir(filepath.Join(work, "ro"), 0o555)
	if err := syscall.Mkfifo(filepath.Join(work, "part.fifo"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if l, err := net.Listen("unix", filepath.Join(work, "part.sock")); err == nil {
		defer l.Close()
	}
	os.Mkdir(filepath.Join(work, "folder.red"), 0o755)
	os.Symlink("loop2.rob", filepath.Join(work, "loop1.rob"))
	os.Symlink("loop1.rob", filepath.Join(work, "loop2.rob"))

	unchanged := func(name string, want []byte) func(t *testing.T, dir, out string) {
		return func(t *testing.T, dir, out string) {
			if got, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(got, want) {
				t.Errorf("%s changed (%d bytes, was %d)", name, len(got), len(want))
			}
		}
	}
	const big = "9223372036854775807"
	const bigger = "99999999999999999999999"
	attacks := []attack{
		// Huge runs (the constant-memory rounds work).
		{name: "battle -rounds 1e9", args: []string{"battle", "-rounds", "1000000000", "a.rob", "b.rob"}, rounds: true},
		{name: "battle -rounds maxint", args: []string{"battle", "-rounds", big, "a.rob", "b.rob"}, rounds: true},
		{name: "battle -rounds 1e7 -json", args: []string{"battle", "-json", "-rounds", "10000000", "a.rob", "b.rob"}, rounds: true},
		{name: "tournament -rounds overflow", args: []string{"tournament", "-rounds", "6148914691236517206", "a.rob", "b.rob", "c.rob"}, rounds: true},
		{name: "tournament core -rounds overflow", args: []string{"tournament", "-rounds", "6148914691236517206", "x.red", "y.red", "z.red"}, rounds: true},
		{name: "core -rounds 1e9", args: []string{"core", "-rounds", "1000000000", "x.red", "y.red"}, rounds: true},
		{name: "core -rounds 1e9 short rounds", args: []string{"core", "-rounds", "1000000000", "-cycles", "1000", "imp.cw", "imp.cw"}, rounds: true},
		{name: "tournament -rounds 1e9", args: []string{"tournament", "-rounds", "1000000000", "a.rob", "c.rob", "hive.rob"}, rounds: true, status: 130},
		{name: "tournament core -rounds 1e9", args: []string{"tournament", "-rounds", "1000000000", "x.red", "y.red", "z.red"}, rounds: true, status: 130},
		{name: "battle -rounds 1e9 SIGTERM", args: []string{"battle", "-json", "-rounds", "1000000000", "a.rob", "b.rob"}, rounds: true, signal: syscall.SIGTERM, status: 143},
		{name: "tournament -shard -rounds 1e9", args: []string{"tournament", "-seed", "1", "-shard", "0/2", "-o", "part.jsonl", "-rounds", "1000000000", "a.rob", "hive.rob"}, rounds: true, status: 130},
		{name: "hill add -rounds max", args: []string{"hill", "add", "big.hill", "hive.rob"}, rounds: true, status: 130,
			setup: [][]string{{"hill", "create", "big.hill", "-game", "robocom", "-rounds", "100000"}, {"hill", "add", "big.hill", "-noplay", "a.rob"}}},
		{name: "hill create -rounds 1e9", args: []string{"hill", "create", "huge.hill", "-game", "robocom", "-rounds", "1000000000"}, status: 2, want: "-rounds 1000000000 is more than a hill plays a pairing (at most 100000)"},

		// Special files.
		{name: "-options FIFO", args: []string{"battle", "-options", "fifo.opt", "a.rob"}, status: 2, want: "fifo.opt is a named pipe (FIFO), not a regular file"},
		{name: "-options /dev/zero", args: []string{"battle", "-options", "/dev/zero", "a.rob"}, status: 2, want: "/dev/zero is a device, not a regular file"},
		{name: "rbi -info FIFO", args: []string{"rbi", "-info", "fifo.rob"}, status: 1, want: "fifo.rob is a named pipe (FIFO)"},
		{name: "check FIFO", args: []string{"check", "fifo.rob"}, status: 1, want: "fifo.rob is a named pipe (FIFO)"},
		{name: "battle FIFO", args: []string{"battle", "fifo.rob", "a.rob"}, status: 1, want: "fifo.rob is a named pipe (FIFO)"},
		{name: "core FIFO.cw", args: []string{"core", "fifo.cw"}, status: 1, want: "fifo.cw is a named pipe (FIFO)"},
		{name: "tournament core FIFO", args: []string{"tournament", "fifo.red", "x.red"}, status: 1, want: "fifo.red is a named pipe (FIFO)"},
		{name: "mars FIFO.red", args: []string{"mars", "fifo.red"}, status: 3, want: "Unable to read file 'fifo.red'\nfifo.red is a named pipe"},
		{name: "mars -@ /dev/zero", args: []string{"mars", "-@", "/dev/zero", "x.red"}, status: 2, want: "Cannot open parameter file\n/dev/zero is a device"},
		{name: "mars -@ FIFO", args: []string{"mars", "-@", "fifo.opt", "x.red"}, status: 2, want: "fifo.opt is a named pipe"},
		{name: "mars - < /dev/zero", args: []string{"mars", "-"}, stdin: "/dev/zero", status: 3, want: "standard input is too big for a Core War program"},
		{name: "mars /dev/zero", args: []string{"mars", "/dev/zero"}, status: 3, want: "/dev/zero is a device"},
		{name: "merge FIFO", args: []string{"merge", "fifo.opt"}, status: 1, want: "fifo.opt is a named pipe (FIFO)"},
		{name: "hill add FIFO", args: []string{"hill", "add", "fifo.hill", "fifo.rob"}, status: 1, want: "fifo.rob is a named pipe (FIFO)",
			setup: [][]string{{"hill", "create", "fifo.hill", "-game", "robocom"}}},
		{name: "check -options FIFO", args: []string{"check", "-options", "fifo.opt", "a.rob"}, status: 2, want: "fifo.opt is a named pipe (FIFO)"},
		{name: "check /dev/zero", args: []string{"check", "/dev/zero"}, status: 1, want: "/dev/zero is a device"},
		{name: "check folder", args: []string{"check", "folder.rob"}, status: 1, want: "folder.rob is a folder, not a program"},
		{name: "core folder", args: []string{"core", "folder.red"}, status: 1, want: "folder.red is a folder"},
		{name: "check link loop", args: []string{"check", "loop1.rob"}, status: 1, want: "loop1.rob: too many levels of symbolic links"},
		{name: "check unreadable", args: []string{"check", "secret.rob"}, status: 1, want: "secret.rob: permission denied", asNobody: true},
		// A folder that cannot be read is a file that cannot be read, not a usage mistake.
		{name: "tournament unreadable folder", args: []string{"tournament", "secretdir", "a.rob"}, status: 1, want: "secretdir: permission denied; make the folder readable", asNobody: true},
		{name: "core tournament unreadable folder", args: []string{"tournament", "secretdir", "x.red", "y.red"}, status: 1, want: "secretdir: permission denied; make the folder readable", asNobody: true},
		{name: "check missing", args: []string{"check", "missing.rob"}, status: 1, want: "missing.rob: no such file"},
		{name: "check empty", args: []string{"check", "empty.rob"}, status: 0, want: "0 banks"},
		{name: "battle empty", args: []string{"battle", "-seed", "1", "empty.rob", "a.rob"}, status: 0, want: "winner: Virus"},
		{name: "core empty", args: []string{"core", "-seed", "1", "empty.red", "x.red"}, status: 0, want: "round 1"},
		{name: "-options empty", args: []string{"battle", "-seed", "1", "-options", "empty.opt", "a.rob"}, status: 0, want: "option set empty"},

		// Parsing costs and short messages.
		{name: "16 MB of commas", args: []string{"check", "commas.rob"}, status: 1, want: "too many operands: SET takes 2 operands"},
		{name: "8 MB of #1,", args: []string{"check", "hash.rob"}, status: 1, want: "hash.rob:2:13: too many operands"},
		{name: "10 MB number", args: []string{"check", "number.rob"}, status: 1, want: "… (10485760 bytes) out of range"},
		{name: "1 MB of commas (.cw)", args: []string{"core", "commas.cw"}, status: 1, want: "commas.cw:1:1: expected an instruction keyword"},

		// Outputs never replace inputs; failed writes fail.
		{name: "battle -trace a.rob b.rob", args: []string{"battle", "-trace", "a.rob", "b.rob"}, status: 2, want: "-trace a.rob is an existing program file", check: unchanged("a.rob", virus)},
		{name: "battle -trace input", args: []string{"battle", "-trace", "b.rob", "b.rob"}, status: 2, want: "-trace b.rob names one of the input files", check: unchanged("b.rob", virus)},
		{name: "rbi -o source", args: []string{"rbi", "a.rob", "-o", "a.rob"}, status: 2, want: "-o a.rob names one of the input files", check: unchanged("a.rob", virus)},
		{name: "tournament -shard -o program", args: []string{"tournament", "-seed", "1", "-shard", "0/2", "-o", "c.rob", "a.rob", "b.rob"}, status: 2, want: "-o c.rob is an existing program file", check: unchanged("c.rob", virus)},
		{name: "stdout /dev/full", args: []string{"battle", "-seed", "1", "a.rob", "b.rob"}, stdout: "/dev/full", status: 1, want: "writing the output failed (no space left on device)"},
		{name: "core stdout /dev/full", args: []string{"core", "-seed", "1", "x.red", "y.red"}, stdout: "/dev/full", status: 1, want: "writing the output failed"},
		{name: "trace FIFO nobody reads", args: []string{"battle", "-trace", "fifo.opt", "a.rob"}, status: 1, want: "fifo.opt is a named pipe (FIFO) that no program reads"},
		{name: "trace /dev/full", args: []string{"battle", "-seed", "1", "-trace", "/dev/full", "a.rob", "b.rob"}, status: 1, want: "writing the trace /dev/full failed"},
		// "-" is standard output, an empty file name is refused (it read as "not given").
		{name: "battle -trace -", args: []string{"battle", "-seed", "1", "-trace", "-", "a.rob", "hive.rob"}, stdout: filepath.Join(work, "stdout.jsonl"),
			prepare: emptyFile("stdout.jsonl"), want: "round 1 (seed 1)", check: onlyTraceLines("stdout.jsonl")},
		{name: "battle -trace empty", args: []string{"battle", "-trace", "", "a.rob"}, status: 2, want: `invalid value "" for flag -trace: needs a file name`},
		{name: "tournament -o empty", args: []string{"tournament", "-seed", "1", "-shard", "0/1", "-o", "", "a.rob", "b.rob"}, status: 2, want: `invalid value "" for flag -o: needs a file name`},
		{name: "rbi -o empty", args: []string{"rbi", "a.rob", "-o", ""}, status: 2, want: `robocom rbi: invalid value "" for flag -o: needs a file name`, check: noFile("a.rbi")},
		{name: "rbi -o -", args: []string{"rbi", "a.rob", "-o", "-"}, stdout: filepath.Join(work, "stdout.rbi"), prepare: emptyFile("stdout.rbi"),
			want: `standard output: saved "Virus" as RBI`, check: sameProgram("stdout.rbi", "a.rob")},
		{name: "rbi -o /proc", args: []string{"rbi", "a.rob", "-o", "/proc/a.rbi"}, status: 1, want: "the folder /proc takes no new files"},

		// Option files and flags.
		{name: "duplicate key", args: []string{"battle", "-options", "dup.opt", "a.rob"}, status: 2, want: "dup.opt: line 3: board given twice (first on line 1)"},
		{name: "long line", args: []string{"battle", "-options", "long.opt", "a.rob"}, status: 2, want: "long.opt: line 2: the line is 100002 bytes long"},
		{name: "core -size 0", args: []string{"core", "-size", "0", "x.red"}, status: 2, want: "-size must be at least 1, not 0"},
		{name: "core -threads 0", args: []string{"core", "-threads", "0", "x.red"}, status: 2, want: "-threads must be at least 1, not 0"},
		{name: "core -cycles 0", args: []string{"core", "-cycles", "0", "x.red"}, status: 2, want: "-cycles must be at least 1, not 0"},
		{name: "tournament core -size 0", args: []string{"tournament", "-size", "0", "x.red", "y.red"}, status: 2, want: "must be at least 1"},

		// Enormous numbers in every numeric flag.
		{name: "battle -seed huge", args: []string{"battle", "-seed", bigger, "a.rob"}, status: 2, want: "-seed needs a whole number"},
		{name: "battle -rounds huge", args: []string{"battle", "-rounds", bigger, "a.rob"}, status: 2, want: "-rounds"},
		{name: "battle -place huge", args: []string{"battle", "-place", bigger + ",1,N", "a.rob"}, status: 2, want: "X and Y must be whole numbers"},
		{name: "battle -place maxint", args: []string{"battle", "-place", big + "," + big + ",N", "a.rob"}, status: 2, want: "off the"},
		{name: "battle -opt huge", args: []string{"battle", "-opt", "board=" + bigger, "a.rob"}, status: 2, want: "option board needs a whole number"},
		{name: "battle -opt maxint", args: []string{"battle", "-opt", "timeout=" + big, "a.rob"}, status: 2, want: "option timeout"},
		{name: "tournament -seed huge", args: []string{"tournament", "-seed", bigger, "a.rob", "b.rob"}, status: 2, want: "-seed needs a whole number"},
		{name: "core -size maxint", args: []string{"core", "-size", big, "x.red"}, status: 2, want: "core size"},
		{name: "core -size huge", args: []string{"core", "-size", bigger, "x.red"}, status: 2, want: "-size"},
		{name: "core -threads maxint", args: []string{"core", "-seed", "1", "-threads", big, "-cycles", "1000", "x.red", "y.red"}, status: 0, want: "round 1"},
		// .cw and .vna threads are bounded (corewars.MaxThreads), so their memory is.
		{name: "core .cw -threads maxint", args: []string{"core", "-seed", "1", "-threads", big, "-cycles", "1000", "imp.cw", "imp.cw"}, status: 2, want: "must be at most 16384, not " + big},
		{name: "core .vna -threads maxint", args: []string{"core", "-seed", "1", "-threads", big, "-cycles", "1000", "b.vna", "b.vna"}, status: 2, want: "must be at most 16384, not " + big},
		{name: "core .vna -size maxint", args: []string{"core", "-size", big, "b.vna"}, status: 2, want: "size"},
		{name: "core -copies maxint", args: []string{"core", "-copies", big, "imp.cw"}, status: 2, want: "processes"},
		{name: "core -mindist past -size", args: []string{"core", "-size", "10", "-mindist", "20", "x.red", "z.red"}, status: 2, want: "do not fit in a core of 10 cells\nrun 'robocom core -h' for the options\n"},
		{name: "tournament core -mindist past -size", args: []string{"tournament", "-size", "10", "-mindist", "20", "x.red", "z.red"}, status: 2, want: "do not fit in a core of 10 cells"},
		{name: "core -seed huge", args: []string{"core", "-seed", bigger, "x.red"}, status: 2, want: "-seed needs a whole number"},
		{name: "core -rounds huge", args: []string{"core", "-rounds", bigger, "x.red"}, status: 2, want: "-rounds"},
		{name: "tournament core -copies maxint", args: []string{"tournament", "-copies", big, "imp.cw", "imp.cw"}, status: 2, want: "processes"},
		{name: "mars -r huge", args: []string{"mars", "-r", bigger, "x.red"}, status: 2, want: "Option \"-r\" value must be in the range"},
		{name: "mars -s huge", args: []string{"mars", "-s", bigger, "x.red"}, status: 2, want: "Option \"-s\" value must be in the range"},
		// pMARS reads -c with strtol: a number too large is 2^63-1, which is in range (-r 0: only assemble)
		{name: "mars -c huge", args: []string{"mars", "-r", "0", "-c", bigger, "x.red"}, status: 0, want: "MOV.I  $     0, $     1"},
		{name: "mars -p huge", args: []string{"mars", "-p", bigger, "x.red"}, status: 2, want: "Option \"-p\" value must be in the range"},
		{name: "mars -l huge", args: []string{"mars", "-l", bigger, "x.red"}, status: 2, want: "Option \"-l\" value must be in the range"},
		{name: "mars -d huge", args: []string{"mars", "-d", bigger, "x.red"}, status: 2, want: "Option \"-d\" value must be in the range"},
		{name: "mars -S huge", args: []string{"mars", "-S", bigger, "x.red"}, status: 2, want: "Option \"-S\" value must be in the range"},
		{name: "mars -F huge", args: []string{"mars", "-F", bigger, "x.red", "y.red"}, status: 2, want: "Option \"-F\" value must be in the range"},

		// Outputs: only ever a regular file is created or replaced (issue 19).
		{name: "tournament -shard -o /dev/null", args: []string{"tournament", "-seed", "1", "-shard", "0/1", "-o", "/dev/null", "a.rob", "b.rob"}, status: 1,
			want: "/dev/null is a device, not a regular file; it was left as it was", check: charDevice("/dev/null")},
		{name: "tournament -shard -o FIFO", args: []string{"tournament", "-seed", "1", "-shard", "0/1", "-o", "part.fifo", "a.rob", "b.rob"}, status: 1,
			want: "part.fifo is a named pipe (FIFO), not a regular file", check: leftAs("part.fifo", os.ModeNamedPipe)},
		{name: "tournament -shard -o socket", args: []string{"tournament", "-seed", "1", "-shard", "0/1", "-o", "part.sock", "a.rob", "b.rob"}, status: 1,
			want: "part.sock is a socket, not a regular file", check: leftAs("part.sock", os.ModeSocket)},
		{name: "tournament -shard -o folder", args: []string{"tournament", "-seed", "1", "-shard", "0/1", "-o", "out.jsonl", "a.rob", "b.rob"}, status: 2,
			want: "-o out.jsonl is a directory", check: leftAs("out.jsonl", os.ModeDir)},
		{name: "tournament -shard -o read-only folder", args: []string{"tournament", "-seed", "1", "-shard", "0/1", "-o", "ro/p.jsonl", "a.rob", "b.rob"}, status: 1,
			want: "cannot write ro/p.jsonl: the folder ro is not writable", asNobody: true, check: noStrays("ro")},
		{name: "hill play -shard -o /dev/null", args: []string{"hill", "play", "shard.hill", "-shard", "0/1", "-o", "/dev/null"}, status: 1,
			want: "/dev/null is a device, not a regular file", check: charDevice("/dev/null"),
			setup: [][]string{{"hill", "create", "shard.hill", "-game", "robocom", "-rounds", "1"}, {"hill", "add", "shard.hill", "-noplay", "a.rob", "hive.rob"}}},
		{name: "hill play -shard -o FIFO", args: []string{"hill", "play", "shard2.hill", "-shard", "0/1", "-o", "part.fifo"}, status: 1,
			want: "part.fifo is a named pipe (FIFO)", check: leftAs("part.fifo", os.ModeNamedPipe),
			setup: [][]string{{"hill", "create", "shard2.hill", "-game", "robocom", "-rounds", "1"}, {"hill", "add", "shard2.hill", "-noplay", "a.rob", "hive.rob"}}},
		{name: "rbi -o /dev/null", args: []string{"rbi", "a.rob", "-o", "/dev/null"}, status: 1, want: "/dev/null is a device", check: charDevice("/dev/null")},
		{name: "battle -trace read-only folder", args: []string{"battle", "-seed", "1", "-trace", "ro/t.jsonl", "a.rob"}, status: 1, want: "the folder ro is not writable", asNobody: true},
		{name: "rbi -o read-only folder", args: []string{"rbi", "a.rob", "-o", "ro/a.rbi"}, status: 1, want: "the folder ro is not writable", asNobody: true, check: noStrays("ro")},

		// Failed writes stop the work: within seconds, status 1, the reason.
		{name: "battle -trace /dev/full long", args: []string{"battle", "-rounds", "100000", "-trace", "/dev/full", "a.rob", "b.rob"}, status: 1,
			want: "writing the trace /dev/full failed: no space left on device", within: 10 * time.Second},
		{name: "battle -trace FIFO reader gone", args: []string{"battle", "-rounds", "100000", "-trace", "trace.fifo", "a.rob", "b.rob"}, status: 1,
			want: "writing the trace trace.fifo failed: broken pipe", within: 10 * time.Second, prepare: fifoReaderLeaves("trace.fifo", 1000)},
		{name: "battle stdout /dev/full long", args: []string{"battle", "-rounds", "100000", "a.rob", "b.rob"}, stdout: "/dev/full", status: 1,
			want: "no space left on device", within: 10 * time.Second},
		{name: "tournament -shard stdout /dev/full", args: []string{"tournament", "-seed", "1", "-shard", "0/1", "-rounds", "100000", "a.rob", "b.rob"}, stdout: "/dev/full", status: 1,
			want: "no space left on device", within: 10 * time.Second},
		{name: "core stdout /dev/full long", args: []string{"core", "-rounds", "1000000", "x.red", "y.red"}, stdout: "/dev/full", status: 1,
			want: "no space left on device", within: 10 * time.Second},

		// The terminal is not an input channel: names, authors and file names reach it escaped.
		{name: "check bidi name", args: []string{"check", "bidi.rob"}, status: 0, want: `Evil\u202eboR.exe`, check: noRawControls},
		{name: "battle bidi name", args: []string{"battle", "-seed", "1", "bidi.rob", "a.rob"}, status: 0, want: `Evil\u202eboR.exe`, check: noRawControls},
		{name: "tournament bidi name", args: []string{"tournament", "-seed", "1", "bidi.rob", "a.rob"}, status: 0, want: `Evil\u202eboR.exe`, check: noRawControls},
		{name: "core ;name escapes", args: []string{"core", "-seed", "1", "esc.red", "x.red"}, status: 0, want: `\x1b]0;pwned\x07Red\u202ecode\x1b[2J`, check: noRawControls},
		{name: "tournament core ;name escapes", args: []string{"tournament", "-seed", "1", "esc.red", "x.red", "y.red"}, status: 0, want: `\x1b]0;pwned\x07Red`, check: noRawControls},
		{name: "check file name escapes", args: []string{"check", "esc\x1b[31m\u202e.rob"}, status: 0, want: `esc\x1b[31m\u202e.rob: ok`, check: noRawControls},
		{name: "missing file name escapes", args: []string{"battle", "gone\x1b]0;x\x07\u202e.rob", "a.rob"}, status: 1, want: `gone\x1b]0;x\x07\u202e.rob: no such file`, check: noRawControls},
		{name: "core missing file name escapes", args: []string{"core", "gone\x1b[2J.red", "x.red"}, status: 1, want: `gone\x1b[2J.red`, check: noRawControls},
		{name: "hill show bidi row", args: []string{"hill", "show", "bidi.hill"}, status: 0, want: `Evil\u202eboR.exe`, check: noRawControls,
			setup: [][]string{{"hill", "create", "bidi.hill", "-game", "robocom", "-rounds", "1"}, {"hill", "add", "bidi.hill", "-noplay", "bidi.rob", "a.rob"}}},
		{name: "hill show ;name row", args: []string{"hill", "show", "esc.hill"}, status: 0, want: `\x1b]0;pwned`, check: noRawControls,
			setup: [][]string{{"hill", "create", "esc.hill", "-game", "core", "-rounds", "1"}, {"hill", "add", "esc.hill", "-noplay", "esc.red", "x.red"}}},
		{name: "merge part header names", args: []string{"merge", "bidi.jsonl"}, status: 0, want: `Evil\u202eboR.exe`, check: noRawControls,
			setup: [][]string{{"tournament", "-seed", "1", "-rounds", "1", "-shard", "0/1", "-o", "bidi.jsonl", "bidi.rob", "a.rob"}}},

		// Commands and help.
		{name: "typo", args: []string{"batle", "a.rob"}, status: 2, want: "batle is not a command (and no such file); did you mean battle?"},
		{name: "not a command", args: []string{"bogus"}, status: 2, want: "bogus is not a command"},
		{name: "help battle", args: []string{"help", "battle"}, status: 0, want: "usage: robocom battle"},
		{name: "help mars", args: []string{"help", "mars"}, status: 0, want: "pMARS v0.9.2"},
		{name: "help nosuch", args: []string{"help", "tournamnet"}, status: 2, want: "did you mean tournament?"},
		{name: "battle -h", args: []string{"battle", "-h"}, status: 0, want: "usage: robocom battle"},
		{name: "tournament -h", args: []string{"tournament", "-h"}, status: 0, want: "usage: robocom tournament"},
		{name: "tournament core -h", args: []string{"tournament", "-h", "x.red", "y.red"}, status: 0, want: "usage: robocom tournament"},
		{name: "check -h", args: []string{"check", "-h"}, status: 0, want: "usage: robocom check"},
		{name: "rbi -h", args: []string{"rbi", "-h"}, status: 0, want: "usage: robocom rbi"},
		{name: "core -h", args: []string{"core", "-h"}, status: 0, want: "usage: robocom core"},
		{name: "mars -h (pMARS)", args: []string{"mars", "-h"}, status: 2, want: "Unknown option \"-h\""},

		// settings.json: a launch that fails (no display) leaves it byte for byte.
		{name: "failed launch keeps settings", args: []string{"a.rob"}, status: 1, want: "could not open a window", check: unchanged("config/robocom/settings.json", settings)},
	}
	attacks = append(attacks, hillAttacks(t, bin, work)...)
	for _, a := range attacks {
		t.Run(a.name, func(t *testing.T) {
			runAttack(t, bin, work, a)
		})
	}
	t.Run("signals", func(t *testing.T) { signalAttacks(t, bin, work) })
}

// runAttack runs one attack and checks what every attack must hold, then its own outcome.
func runAttack(t *testing.T, bin, dir string, a attack) {
	for _, step := range a.setup {
		c := exec.Command(bin, step...)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("setup robocom %s: %v\n%s", strings.Join(step, " "), err, out)
		}
	}
	if a.prepare != nil {
		a.prepare(t, dir)
	}
	name, args := bin, a.args
	if p, err := exec.LookPath("prlimit"); err == nil {
		name, args = p, append([]string{"--as=" + strconv.Itoa(addressCeiling), "--", bin}, a.args...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), attackDeadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "DISPLAY=", "WAYLAND_DISPLAY=", "GOMAXPROCS=2")
	if a.stdin != "" {
		f, err := os.Open(a.stdin)
		if err != nil {
			t.Skip(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if a.stdout != "" {
		f, err := os.OpenFile(a.stdout, os.O_WRONLY, 0)
		if err != nil {
			t.Skip(err)
		}
		defer f.Close()
		cmd.Stdout = f
	}
	if a.asNobody && os.Geteuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		for d := filepath.Dir(bin); d != "/" && d != os.TempDir(); d = filepath.Dir(d) {
			os.Chmod(d, 0o755) // nobody reaches the binary and the files
		}
	}
	started := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	interrupted := false
	var err error
	if a.rounds {
		select {
		case err = <-done:
		case <-time.After(interruptAfter):
			sig := a.signal
			if sig == nil {
				sig = os.Interrupt
			}
			cmd.Process.Signal(sig)
			interrupted = true
			err = <-done
		}
	} else {
		err = <-done
	}
	took := time.Since(started)
	out := stdout.String() + stderr.String()
	if ctx.Err() != nil {
		t.Fatalf("still running after %v (killed)\n%s", attackDeadline, tail(out))
	}
	if a.within > 0 && took > a.within {
		t.Errorf("ended after %v, want within %v: a failed write must stop the work", took.Round(time.Millisecond), a.within)
	}
	st := cmd.ProcessState
	rss := int64(st.SysUsage().(*syscall.Rusage).Maxrss) << 10
	t.Logf("exit %d, peak %d MB, interrupted %v: %s", st.ExitCode(), rss>>20, interrupted, firstLines(stderr.String()))
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf(format, args...)
	}
	for _, bad := range []string{"panic:", "fatal error:", "goroutine "} {
		if strings.Contains(out, bad) {
			fail("the output holds %q: a crash\n%s", bad, tail(out))
			return
		}
	}
	if rss > rssCeiling {
		fail("peak resident size %d MB, over the %d MB ceiling", rss>>20, rssCeiling>>20)
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		fail("killed by %v (exit error %v)\n%s", ws.Signal(), err, tail(out))
		return
	}
	if !a.longLines {
		for _, line := range strings.Split(stderr.String(), "\n") {
			if len(line) > 1000 {
				fail("an error line of %d bytes: %.120q…", len(line), line)
				break
			}
		}
	}
	if a.rounds {
		if interrupted && (st.ExitCode() == 0 || !strings.Contains(strings.ToLower(out), "interrupted")) {
			fail("interrupted: exit %d, want non-zero totals marked interrupted\n%s", st.ExitCode(), tail(out))
		}
		if interrupted && a.status != 0 && st.ExitCode() != a.status {
			fail("interrupted by %v: exit %d, want %d\n%s", a.signal, st.ExitCode(), a.status, tail(out))
		}
		if !interrupted && st.ExitCode() != 2 {
			fail("ended at once with exit %d: want a usage refusal (2) or a run that Ctrl-C ends\n%s", st.ExitCode(), tail(out))
		}
		return
	}
	if st.ExitCode() != a.status || !strings.Contains(out, a.want) {
		t.Errorf("exit %d, want %d with %q\n%s", st.ExitCode(), a.status, a.want, tail(out))
	}
	if a.check != nil {
		a.check(t, dir, out)
	}
}

// noRawControls checks that the output holds no character a terminal acts on: no C0 control
// but newline and tab, no DEL, no C1 control, no bidirectional control.
func noRawControls(t *testing.T, dir, out string) {
	t.Helper()
	for i, r := range out {
		switch {
		case r == '\n' || r == '\t':
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0,
			r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			t.Errorf("raw %U at byte %d of the output: %q", r, i, out[max(0, i-40):min(len(out), i+40)])
			return
		}
	}
}

// charDevice checks that path is still a character device (a /dev/null run as root).
func charDevice(path string) func(t *testing.T, dir, out string) {
	return func(t *testing.T, dir, out string) {
		if st, err := os.Lstat(path); err != nil || st.Mode()&os.ModeCharDevice == 0 {
			t.Errorf("%s is no longer a character device: %v %v", path, st.Mode(), err)
		}
	}
}

// leftAs checks that name (in the work folder) is still of the type it was, and that no
// temporary file was left beside it.
func leftAs(name string, typ os.FileMode) func(t *testing.T, dir, out string) {
	return func(t *testing.T, dir, out string) {
		if st, err := os.Lstat(filepath.Join(dir, name)); err != nil || st.Mode().Type() != typ {
			t.Errorf("%s became %v (was %v): %v", name, st.Mode().Type(), typ, err)
		}
		noStrays(".")(t, dir, out)
	}
}

// emptyFile makes an empty file name in the work folder (a command's standard output).
func emptyFile(name string) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// noFile checks that name was not made in the work folder.
func noFile(name string) func(t *testing.T, dir, out string) {
	return func(t *testing.T, dir, out string) {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s was made", name)
		}
	}
}

// onlyTraceLines checks that name holds trace lines and nothing else (the result went to
// standard error).
func onlyTraceLines(name string) func(t *testing.T, dir, out string) {
	return func(t *testing.T, dir, out string) {
		data, _ := os.ReadFile(filepath.Join(dir, name))
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		for _, l := range lines {
			var e struct{ Event string }
			if err := json.Unmarshal([]byte(l), &e); err != nil || e.Event == "" {
				t.Fatalf("%s: not a trace line: %q", name, l)
			}
		}
		if len(lines) < 3 {
			t.Errorf("%s: %d lines, want the battle's trace", name, len(lines))
		}
		if _, err := os.Lstat(filepath.Join(dir, "-")); err == nil {
			t.Errorf("a file named - was made")
		}
	}
}

// sameProgram checks that the RBI file rbi holds the program of the source src.
func sameProgram(rbi, src string) func(t *testing.T, dir, out string) {
	return func(t *testing.T, dir, out string) {
		got, err := robolang.LoadFile(filepath.Join(dir, rbi), robolang.Options{})
		if err != nil {
			t.Fatalf("%s: %v", rbi, err)
		}
		want, err := robolang.LoadFile(filepath.Join(dir, src), robolang.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sizes := func(p *robolang.Program) (n []int) {
			for _, b := range p.Banks {
				n = append(n, len(b.Code))
			}
			return n
		}
		if !got.Hidden || got.Name != want.Name || !slices.Equal(sizes(got), sizes(want)) {
			t.Errorf("%s holds %q, banks of %v instructions, want %q, %v as in %s", rbi, got.Name, sizes(got), want.Name, sizes(want), src)
		}
	}
}

// noStrays checks that no temporary file of the writer is left in the folder.
func noStrays(folder string) func(t *testing.T, dir, out string) {
	return func(t *testing.T, dir, out string) {
		if m, _ := filepath.Glob(filepath.Join(dir, folder, ".*.tmp")); len(m) > 0 {
			t.Errorf("temporary files left: %v", m)
		}
	}
}

// fifoReaderLeaves makes a FIFO whose reader takes n bytes and then goes away, as a
// "| head -c n" would.
func fifoReaderLeaves(name string, n int) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) {
		p := filepath.Join(dir, name)
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
		// Opened without blocking, so the command finds a reader when it opens the FIFO.
		f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			defer f.Close()
			buf := make([]byte, n)
			got := 0
			for deadline := time.Now().Add(attackDeadline); got < n && time.Now().Before(deadline); {
				k, _ := f.Read(buf[got:])
				got += k
				if k == 0 {
					time.Sleep(10 * time.Millisecond) // no writer yet
				}
			}
		}()
	}
}

// capped keeps the first 1 MB written and the last 64 KB (the rest is counted only), so that
// a command that floods its output cannot fill the test's memory, while what it prints last
// (the totals of an interrupted run after a million rounds listed) is still seen.
type capped struct {
	buf  bytes.Buffer
	last []byte // the latest bytes past the first 1 MB, at most cappedTail
	n    int64
}

const cappedHead, cappedTail = 1 << 20, 64 << 10

func (c *capped) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	room := max(cappedHead-c.buf.Len(), 0)
	c.buf.Write(p[:min(len(p), room)])
	if rest := p[min(len(p), room):]; len(rest) > 0 {
		c.last = append(c.last, rest...)
		if len(c.last) > 2*cappedTail {
			c.last = append(c.last[:0], c.last[len(c.last)-cappedTail:]...)
		}
	}
	return len(p), nil
}

func (c *capped) String() string {
	if len(c.last) == 0 {
		return c.buf.String()
	}
	last := c.last[max(len(c.last)-cappedTail, 0):]
	return c.buf.String() + "\n[…]\n" + string(last)
}

var _ io.Writer = (*capped)(nil)

// firstLines is the first two lines of s, each cut to 200 bytes, for the log.
func firstLines(s string) string {
	lines := strings.SplitN(strings.TrimSpace(s), "\n", 3)
	for i, l := range lines[:min(2, len(lines))] {
		if len(l) > 200 {
			lines[i] = l[:200] + "…"
		}
	}
	return strings.Join(lines[:min(2, len(lines))], " | ")
}

func tail(s string) string {
	if len(s) > 2000 {
		return "…" + s[len(s)-2000:]
	}
	return s
}

// signalAttack is one case of the signals class (issue 19): a command that would run for
// hours gets sig after interruptAfter and must end within signalGrace with status. With
// ignoreINT the child starts with SIGINT ignored, as a background job of a shell does: sig is
// then SIGINT, which it must ignore (still running after signalGrace), and a SIGTERM ends it.
type signalAttack struct {
	name      string
	args      []string
	sig       syscall.Signal
	status    int
	ignoreINT bool
	noStray   string                         // a file whose temporary sibling (".NAME.*") must not be left behind
	setup     [][]string                     // robocom commands run first, in the work folder
	after     func(t *testing.T, dir string) // more checks, when the command has ended
	stderr    string                         // if set, what standard error must say
}

// signalGrace is how soon a signal must end a command, even in the middle of one endless
// Core War round.
const signalGrace = 2 * time.Second

func signalAttacks(t *testing.T, bin, work string) {
	if err := os.WriteFile(filepath.Join(work, "loop.vna"), []byte("; loops forever\nJUMP 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Robots that stay busy until the time limit (about 9 s for 10^9 cycles here): each changes
	// its #Active, which the robot behind it could read, so it is never quiet (arena/quiet.go).
	// Robots that only JUMP 0 would sleep at once, and the game would end in a moment.
	const busy = "\nBank A\n@l\nSET #Active, 2\nSET #Active, 1\nJUMP @l\n"
	for _, name := range []string{"LoopA", "LoopB"} {
		if err := os.WriteFile(filepath.Join(work, strings.ToLower(name)+".rob"), []byte("Name "+name+busy), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const endless = "1000000000000"
	const longest = "timeout=1000000000" // the largest RoboCom time limit
	cases := []signalAttack{
		{name: "core .red -cycles 1e12 SIGTERM", args: []string{"core", "-rounds", "1", "-cycles", endless, "x.red", "z.red"}, sig: syscall.SIGTERM, status: 143},
		{name: "core .cw -cycles 2^31-1 SIGHUP", args: []string{"core", "-rounds", "1", "-cycles", "2147483647", "imp.cw", "imp.cw"}, sig: syscall.SIGHUP, status: 129}, // (.cw's most)
		{name: "core .vna -cycles 1e12 SIGINT", args: []string{"core", "-rounds", "1", "-cycles", endless, "loop.vna", "loop.vna"}, sig: syscall.SIGINT, status: 130},
		{name: "core -json -cycles 1e12 SIGHUP", args: []string{"core", "-json", "-rounds", "3", "-cycles", endless, "x.red", "z.red"}, sig: syscall.SIGHUP, status: 129},
		{name: "tournament .red -cycles 1e12 SIGTERM", args: []string{"tournament", "-rounds", "2", "-cycles", endless, "x.red", "z.red", "x.red"}, sig: syscall.SIGTERM, status: 143},
		{name: "tournament -shard -cycles 1e12 SIGTERM", args: []string{"tournament", "-seed", "1", "-shard", "0/1", "-o", "sigpart.jsonl", "-rounds", "1", "-cycles", endless, "x.red", "z.red"},
			sig: syscall.SIGTERM, status: 143, noStray: "sigpart.jsonl"},
		// A part to standard output says that what it printed is incomplete (it named a file "-.partial").
		{name: "tournament -shard -o - SIGTERM", args: []string{"tournament", "-seed", "1", "-shard", "0/1", "-o", "-", "-rounds", "1", "-cycles", endless, "x.red", "z.red"},
			sig: syscall.SIGTERM, status: 143, stderr: "the part printed is incomplete"},
		{name: "core SIGINT ignored at start", args: []string{"core", "-rounds", "1", "-cycles", endless, "x.red", "z.red"}, sig: syscall.SIGINT, status: 143, ignoreINT: true},
		{name: "battle .rob timeout 1e9 SIGTERM", args: []string{"battle", "-seed", "1", "-rounds", "3", "-opt", longest, "loopa.rob", "loopb.rob"}, sig: syscall.SIGTERM, status: 143},
		// An interrupted battle leaves the old trace whole (here a virus battle's, with moves and
		// transfers, which the LoopA/LoopB battle has none of), and what it traced in
		// TRACE.partial.
		{name: "battle -trace SIGINT", args: []string{"battle", "-seed", "1", "-rounds", "3", "-opt", longest, "-trace", "keep.jsonl", "loopa.rob", "loopb.rob"},
			sig: syscall.SIGINT, status: 130, noStray: "keep.jsonl",
			stderr: "the trace of round 1, stopped before its end (the result counts no round), is in keep.jsonl.partial",
			setup:  [][]string{{"battle", "-seed", "1", "-rounds", "1", "-opt", "timeout=2000", "-trace", "keep.jsonl", "a.rob", "b.rob"}},
			after: func(t *testing.T, dir string) {
				old, _ := os.ReadFile(filepath.Join(dir, "keep.jsonl"))
				if !bytes.Contains(old, []byte(`"event":"trans"`)) || !bytes.HasSuffix(old, []byte("\n")) {
					t.Errorf("the old trace is not as it was: %d bytes\n%.300s", len(old), old)
				}
				if partial, _ := os.ReadFile(filepath.Join(dir, "keep.jsonl.partial")); !bytes.Contains(partial, []byte(`"event":"spawn"`)) {
					t.Errorf("keep.jsonl.partial: %.300q", partial)
				}
			}},
		{name: "battle -json timeout 1e9 SIGHUP", args: []string{"battle", "-json", "-seed", "1", "-rounds", "3", "-opt", longest, "loopa.rob", "loopb.rob"}, sig: syscall.SIGHUP, status: 129},
		{name: "tournament .rob timeout 1e9 SIGTERM", args: []string{"tournament", "-seed", "1", "-rounds", "2", "-opt", longest, "loopa.rob", "loopb.rob", "loopa.rob"}, sig: syscall.SIGTERM, status: 143},
		{name: "tournament .rob -shard timeout 1e9 SIGINT", args: []string{"tournament", "-seed", "1", "-shard", "0/1", "-o", "sigrob.jsonl", "-rounds", "3", "-opt", longest, "loopa.rob", "loopb.rob"},
			sig: syscall.SIGINT, status: 130, noStray: "sigrob.jsonl"},
		{name: "hill add .rob timeout 1e9 SIGTERM", args: []string{"hill", "add", "sig.hill", "loopb.rob"}, sig: syscall.SIGTERM, status: 143,
			setup: [][]string{{"hill", "create", "sig.hill", "-game", "robocom", "-rounds", "3", "-seed", "1", "-opt", longest}, {"hill", "add", "sig.hill", "loopa.rob"}}},
		{name: "mars -c 1e12 SIGINT", args: []string{"mars", "-b", "-c", endless, "x.red", "z.red"}, sig: syscall.SIGINT, status: 4},
		{name: "mars SIGINT ignored at start", args: []string{"mars", "-b", "-c", endless, "x.red", "z.red"}, sig: syscall.SIGINT, status: -1, ignoreINT: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runSignalAttack(t, bin, work, c) })
	}
}

func runSignalAttack(t *testing.T, bin, dir string, a signalAttack) {
	for _, step := range a.setup {
		c := exec.Command(bin, step...)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("setup robocom %s: %v\n%s", strings.Join(step, " "), err, out)
		}
	}
	name, args := bin, a.args
	if a.ignoreINT {
		// The shell ignores SIGINT and exec keeps it ignored, as for `robocom ... &` in a script.
		name, args = "/bin/sh", append([]string{"-c", `trap "" INT; exec "$0" "$@"`, bin}, a.args...)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "DISPLAY=", "WAYLAND_DISPLAY=", "GOMAXPROCS=2")
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
		t.Fatalf("ended before the signal (exit %d)\n%s", cmd.ProcessState.ExitCode(), tail(stdout.String()+stderr.String()))
	case <-time.After(interruptAfter):
	}
	cmd.Process.Signal(a.sig)
	sent := time.Now()
	if a.ignoreINT {
		select {
		case <-done:
			t.Fatalf("a SIGINT ignored at start ended it (exit %d)\n%s", cmd.ProcessState.ExitCode(), tail(stdout.String()+stderr.String()))
		case <-time.After(signalGrace):
		}
		if a.status < 0 {
			return // the deferred kill ends it
		}
		cmd.Process.Signal(syscall.SIGTERM)
		sent = time.Now()
	}
	select {
	case <-done:
	case <-time.After(attackDeadline):
		t.Fatalf("still running %v after the signal", attackDeadline)
	}
	took := time.Since(sent)
	out := stdout.String() + stderr.String()
	t.Logf("exit %d %v after the signal", cmd.ProcessState.ExitCode(), took.Round(time.Millisecond))
	if took > signalGrace {
		t.Errorf("ended %v after the signal, want within %v", took.Round(time.Millisecond), signalGrace)
	}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		t.Fatalf("killed by %v instead of stopping\n%s", ws.Signal(), tail(out))
	}
	if got := cmd.ProcessState.ExitCode(); got != a.status {
		t.Errorf("exit %d, want %d\n%s", got, a.status, tail(out))
	}
	if a.status != 4 && !strings.Contains(out, "interrupted") {
		t.Errorf("no finished totals marked interrupted\n%s", tail(out))
	}
	if a.noStray != "" {
		stray, _ := filepath.Glob(filepath.Join(dir, "."+a.noStray+".*"))
		if len(stray) > 0 {
			t.Errorf("temporary files left: %v", stray)
		}
	}
	if a.stderr != "" && !strings.Contains(stderr.String(), a.stderr) {
		t.Errorf("standard error does not say %q:\n%s", a.stderr, tail(stderr.String()))
	}
	if a.after != nil {
		a.after(t, dir)
	}
}

// childrenTakeSignals: a test started with SIGINT ignored (a background job of a shell) or
// SIGHUP ignored (under nohup) passes that on to every child, which must then keep ignoring
// it (robocom leaves a signal ignored at start ignored, as a program run under nohup should);
// catching them here (into a channel nobody reads, so the test still ignores them) gives the
// children the default, which the signal attacks need.
func childrenTakeSignals() {
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGHUP} {
		if signal.Ignored(sig) {
			signal.Notify(make(chan os.Signal, 1), sig)
		}
	}
}
