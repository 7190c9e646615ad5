package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robocom/cmd/internal/cli"
	"robocom/internal/termtext"
)

// copyRobots copies bundled programs (paths under robots/, like "mine.rob" or "core/imp.red")
// into dir, each under its own base name.
func copyRobots(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		src, err := os.ReadFile(filepath.Join("../../robots", n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(n)), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runMain runs robocom with args from dir and returns the status and both streams.
func runMain(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	var out, errb bytes.Buffer
	code := robocomMain(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestNamesCannotForgeLines: a newline in a file name or a word reaches the terminal as "\n",
// in every message that names it, so a name cannot print a line of its own.
func TestNamesCannotForgeLines(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../robots/mine.rob")
	if err != nil {
		t.Fatal(err)
	}
	forged := "x\nrobocom: all ok.rob"
	if err := os.WriteFile(filepath.Join(dir, forged), src, 0o644); err != nil {
		t.Skip(err) // a file system without newlines in names
	}
	os.WriteFile(filepath.Join(dir, "imp.red"), []byte("MOV 0, 1\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "e\nd"), 0o755)
	for _, args := range [][]string{
		{"check", forged},
		{"rbi", forged, "-o", "y\nrobocom: fake.rbi"},
		{"core", "imp.red", "a\nrobocom: b.txt"},
		{"tournament", "e\nd", forged},
		{"help", "a\nrobocom: fake"},
	} {
		_, out, errs := runMain(t, dir, args...)
		for _, line := range strings.Split(out+errs, "\n") {
			if strings.HasPrefix(line, "robocom: ") && strings.Contains(line, "fake") || strings.HasPrefix(line, "robocom: all ok") || strings.HasPrefix(line, "robocom: b.txt") {
				t.Errorf("%q: a name printed a line of its own: %q\n%s%s", args, line, out, errs)
			}
		}
	}
}

// TestCommandArguments: check takes flags after its files, rbi takes "--" before a file whose
// name starts with "-" and says what is wrong with -info -o, "help help" is the general help,
// and a seed whose rounds would pass the largest int64 is refused instead of wrapping.
func TestCommandArguments(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("../../robots/mine.rob")
	os.WriteFile(filepath.Join(dir, "mine.rob"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "-x.rob"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "other.rob"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "imp.red"), []byte("MOV 0, 1\n"), 0o644)
	const maxSeed = "9223372036854775807"
	for _, c := range []struct {
		args   []string
		status int
		want   string // in stdout or stderr
	}{
		{[]string{"check", "mine.rob", "-rc3"}, 0, "mine.rob: ok"},
		{[]string{"rbi", "--", "-x.rob"}, 0, "-x.rbi: saved"},
		// After "--" every argument is a file, not only the first (-o was read as a flag).
		{[]string{"rbi", "--", "-x.rob", "-o", "y.rbi"}, 2, "one file at a time (got -x.rob and -o)"},
		{[]string{"battle", "-q", "-seed", "1", "--", "-x.rob", "-x.rob"}, 0, "round 1 (seed 1)"},
		{[]string{"battle", "-q", "-seed", "1", "mine.rob", "--", "-x.rob", "-x.rob"}, 0, "round 1 (seed 1)"},
		{[]string{"check", "-rc3", "--", "-x.rob", "-rc3"}, 1, "-rc3: no such file"},
		// A flag's value "--" does not end the flags.
		{[]string{"rbi", "mine.rob", "-o", "--", "-rc3"}, 0, "--: saved"},
		{[]string{"rbi", "-info", "-o", "y.rbi", "--", "-x.rbi"}, 2, "-info prints what an RBI file holds and writes nothing"},
		{[]string{"rbi", "mine.rob", "-o", "-x.rob"}, 2, "for example program.rbi"}, // (a usage mistake, as battle -trace's)
		{[]string{"help", "help"}, 0, "robocom help COMMAND"},
		{[]string{"battle", "-q", "-seed", maxSeed, "-rounds", "2", "mine.rob"}, 2, "would pass the largest seed"},
		{[]string{"battle", "-q", "-seed", maxSeed, "-rounds", "1", "mine.rob"}, 0, ""},
		{[]string{"tournament", "-q", "-seed", maxSeed, "-rounds", "2", "mine.rob", "other.rob"}, 2, "would pass the largest seed"},
		{[]string{"core", "-seed", maxSeed, "-rounds", "2", "imp.red", "imp.red"}, 2, "would pass the largest seed"},
	} {
		code, out, errs := runMain(t, dir, c.args...)
		if code != c.status || !strings.Contains(out+errs, c.want) {
			t.Errorf("%q: status %d, want %d and %q in:\n%s%s", c.args, code, c.status, c.want, out, errs)
		}
	}
}

// TestOutputFailureOnce: a failed write to standard output is reported once, at the end of
// the process (cli.CheckedWriter.Status), not also by the command in Go's words.
func TestOutputFailureOnce(t *testing.T) {
	var errb bytes.Buffer
	if got := failed(&errb, "robocom battle: writing the result", &cli.OutputError{Err: errors.New("write /dev/stdout: no space left on device")}); got != 1 || errb.Len() != 0 {
		t.Errorf("status %d, printed %q; want 1 and nothing", got, errb.String())
	}
	if got := failed(&errb, "robocom battle", errors.New("the trace file\nx is gone")); got != 1 || errb.String() != "robocom battle: the trace file\\nx is gone\n" {
		t.Errorf("status %d, printed %q", got, errb.String())
	}
}

// TestJSONThroughTheEscapingWriter: -json output passes through the terminal's escaping
// writer (run), and stays JSON that gives back the names as the programs spell them: DEL,
// which encoding/json leaves raw, was escaped as \x7f, no JSON escape (a hostile review).
func TestJSONThroughTheEscapingWriter(t *testing.T) {
	dir := t.TempDir()
	name := "a\x7fb\u0085c\u202ed"
	os.WriteFile(filepath.Join(dir, "odd.rob"), []byte("Name "+name+"\nBank\njump 0\n"), 0o644)
	src, err := os.ReadFile("../../robots/mine.rob")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "mine.rob"), src, 0o644)
	for _, args := range [][]string{
		{"battle", "-q", "-json", "-seed", "1", "-opt", "timeout=5", "odd.rob"},
		{"tournament", "-q", "-json", "-seed", "1", "-rounds", "1", "-opt", "timeout=5", "odd.rob", "mine.rob"},
	} {
		t.Chdir(dir)
		var out, errb bytes.Buffer
		w := &termtext.Writer{W: &out}
		code := robocomMain(args, strings.NewReader(""), w, &errb)
		w.Flush()
		if code != 0 {
			t.Fatalf("%v: exit %d %s", args, code, errb.String())
		}
		var v any
		if err := json.Unmarshal(out.Bytes(), &v); err != nil {
			t.Errorf("%v: not JSON: %v\n%s", args, err, out.String())
			continue
		}
		if !strings.Contains(fmt.Sprint(v), name) {
			t.Errorf("%v: the name %q does not come back from the JSON\n%s", args, name, out.String())
		}
	}
}

// TestTournamentFolderOfBothGames: a folder holding RoboCom and Core War programs is refused
// (its Core War programs were left out without a word), as a folder of two Core War
// languages is.
func TestTournamentFolderOfBothGames(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "mix"), 0o755)
	copyRobots(t, filepath.Join(dir, "mix"), "mine.rob", "wall.rob", "core/imp.red")
	code, out, errs := runMain(t, dir, "tournament", "-seed", "1", "-rounds", "1", "mix")
	if code != 2 || out != "" || !strings.Contains(errs, "directory mix holds programs of both games: 2 RoboCom programs and 1 Core War program") {
		t.Errorf("exit %d, %q %q", code, out, errs)
	}
}

// TestOutputOverInputIsUsage: every command refuses an output that would replace one of its
// inputs or an existing program file with the same status, 2, a usage mistake decided from
// the arguments before anything is loaded or played (CLI.md: 2 on bad usage), and leaves the
// file as it was. rbi gave 1 where battle -trace gave 2.
func TestOutputOverInputIsUsage(t *testing.T) {
	dir := t.TempDir()
	copyRobots(t, dir, "mine.rob", "wall.rob", "core/imp.red", "core/dwarf.red")
	os.WriteFile(filepath.Join(dir, "old.rbi"), []byte("not even an RBI file"), 0o644)
	for _, c := range []struct {
		args []string
		kept string // the file refused, which must stay as it was
		want string
	}{
		{[]string{"battle", "-trace", "mine.rob", "mine.rob"}, "mine.rob", "-trace mine.rob names one of the input files"},
		{[]string{"battle", "-trace", "wall.rob", "mine.rob"}, "wall.rob", "-trace wall.rob is an existing program file"},
		{[]string{"rbi", "mine.rob", "-o", "mine.rob"}, "mine.rob", "-o mine.rob names one of the input files"},
		{[]string{"rbi", "mine.rob", "-o", "wall.rob"}, "wall.rob", "-o wall.rob is an existing program file"},
		{[]string{"rbi", "old.rbi"}, "old.rbi", "old.rbi is already an RBI file"}, // (the default output is the input)
		{[]string{"tournament", "-seed", "1", "-shard", "0/1", "-o", "mine.rob", "mine.rob", "wall.rob"}, "mine.rob", "-o mine.rob is one of the programs"},
		{[]string{"tournament", "-seed", "1", "-shard", "0/1", "-o", "dwarf.red", "imp.red", "imp.red"}, "dwarf.red", "-o dwarf.red is an existing program file"},
	} {
		before, _ := os.ReadFile(filepath.Join(dir, c.kept))
		code, out, errs := runMain(t, dir, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || !strings.Contains(errs, "run 'robocom "+c.args[0]+" -h' for the options") || out != "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2, %q and the usage hint", c.args, code, out, errs, c.want)
		}
		if after, _ := os.ReadFile(filepath.Join(dir, c.kept)); !bytes.Equal(before, after) {
			t.Errorf("%q changed %s", c.args, c.kept)
		}
	}
}

// TestRBIOfAnRBIFile: robocom rbi on an RBI file says so (it said "-o x.rbi names one of the
// input files", with no -o given), and its errors carry the command's name.
func TestRBIOfAnRBIFile(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../robots/mine.rob")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "mine.rob"), src, 0o644)
	if code, _, errs := runMain(t, dir, "rbi", "mine.rob"); code != 0 {
		t.Fatalf("rbi mine.rob: exit %d %s", code, errs)
	}
	code, _, errs := runMain(t, dir, "rbi", "mine.rbi") // (the default output would be the input: 2, TestOutputOverInputIsUsage)
	if code != 2 || !strings.HasPrefix(errs, "robocom rbi: mine.rbi is already an RBI file; robocom rbi makes one from a .rob program") {
		t.Errorf("rbi mine.rbi: exit %d %q", code, errs)
	}
	if code, _, errs := runMain(t, dir, "rbi", "-info", "mine.rob"); code != 1 || !strings.HasPrefix(errs, "robocom rbi: mine.rob: ") {
		t.Errorf("rbi -info mine.rob: exit %d %q", code, errs)
	}
}

// TestHelpFlagOnStdout: CMD -h prints the help on standard output with status 0, as robocom
// help CMD does, so that "robocom battle -h | less" shows it (the flag package printed it on
// standard error).
func TestHelpFlagOnStdout(t *testing.T) {
	for _, cmd := range []string{"battle", "tournament", "core", "merge", "check", "rbi"} {
		for _, h := range []string{"-h", "--h", "-help", "--help", "-h=true"} { // (the flag package's forms)
			code, out, errs := runMain(t, t.TempDir(), cmd, h)
			_, want, _ := runMain(t, t.TempDir(), "help", cmd)
			if code != 0 || errs != "" || out != want || !strings.Contains(out, "usage: robocom "+cmd) {
				t.Errorf("%s %s: exit %d, stdout %.60q, stderr %.60q", cmd, h, code, out, errs)
			}
		}
	}
}

// Help for the whole program and for hill, in every form the flag package takes (robocom --h
// said "unknown flag", robocom hill --h "unknown command").
func TestTopHelpFlagForms(t *testing.T) {
	_, want, _ := runMain(t, t.TempDir(), "help")
	_, hillWant, _ := runMain(t, t.TempDir(), "hill", "-h")
	for _, h := range []string{"-h", "--h", "-help", "--help", "-h=true"} {
		if code, out, errs := runMain(t, t.TempDir(), h); code != 0 || errs != "" || out != want {
			t.Errorf("robocom %s: exit %d, stdout %.60q, stderr %.60q", h, code, out, errs)
		}
		if code, out, errs := runMain(t, t.TempDir(), "hill", h); code != 0 || errs != "" || out != hillWant {
			t.Errorf("robocom hill %s: exit %d, stdout %.60q, stderr %.60q", h, code, out, errs)
		}
	}
}

// A flag's value that reads as -h is the value: "rbi x.rob -o -h" writes the file -h, as the
// flag package reads it, where the help was printed instead.
func TestHelpFlagAsAValue(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.rob"), []byte("Name X\nBank Main\nJump 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runMain(t, dir, "rbi", "x.rob", "-o", "-h")
	if code != 0 || strings.Contains(out, "usage:") || errs != "" {
		t.Fatalf("rbi x.rob -o -h: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "-h")); err != nil {
		t.Errorf("rbi x.rob -o -h wrote no file -h: %v", err)
	}
}

// A wrong flag is told as every other usage mistake: the command, the one wrong thing and
// where the options are. The flag package printed its message and then the whole option
// list, which buried it (-seed abc printed 40 lines).
func TestWrongFlagsToldInOneLine(t *testing.T) {
	dir := t.TempDir()
	const emptyOptions = "needs an option set: classic, rc3, rc3m or a saved set's file (leave -options out for classic)"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"battle", "-seed", "abc", "x.rob"}, `robocom battle: invalid value "abc" for flag -seed: -seed needs a whole number, not "abc"`},
		{[]string{"battle", "-trace", "", "x.rob"}, `robocom battle: invalid value "" for flag -trace: needs a file name (- for standard output)`},
		// An empty -options is no option set (CLI.md names none); it played classic without a
		// word, in every command that takes it (gameFlags, langFlags).
		{[]string{"battle", "-options", "", "x.rob"}, `robocom battle: invalid value "" for flag -options: ` + emptyOptions},
		{[]string{"tournament", "-options=", "x.rob", "y.rob"}, `robocom tournament: invalid value "" for flag -options: ` + emptyOptions},
		{[]string{"check", "x.rob", "-options", ""}, `robocom check: invalid value "" for flag -options: ` + emptyOptions},
		{[]string{"rbi", "-options", "", "x.rob"}, `robocom rbi: invalid value "" for flag -options: ` + emptyOptions},
		{[]string{"hill", "create", "x.hill", "-game", "robocom", "-options", ""}, `robocom hill create: invalid value "" for flag -options: ` + emptyOptions},
		{[]string{"tournament", "-bogus", "x.rob"}, "robocom tournament: flag provided but not defined: -bogus"},
		{[]string{"core", "x.red", "-rounds"}, "robocom core: flag needs an argument: -rounds"},
		{[]string{"check", "-bogus", "x.rob"}, "robocom check: flag provided but not defined: -bogus"},
		{[]string{"hill", "show", "-program"}, "robocom hill show: flag needs an argument: -program"},
		{[]string{"merge", "-bogus"}, "robocom merge: flag provided but not defined: -bogus"},
		// Told apart from a flag nobody has, and the other usage mistakes of check.
		{[]string{"tournament", "-swiss", "a.rob", "b.rob"}, "robocom tournament: -swiss is an option of Core War tournaments, and these programs are RoboCom's"},
		// And the other way round (the Core War tournament said "flag provided but not defined").
		{[]string{"tournament", "-options", "rc3", "a.red", "b.red"}, "robocom tournament: -options is an option of RoboCom tournaments, and these programs are Core War's"},
		{[]string{"check"}, "robocom check: no program given"},
		{[]string{"check", "-options", "bogus", "x.rob"}, `robocom check: option set "bogus" is neither a built-in set (classic, rc3, rc3m) nor a readable file`},
	} {
		code, out, errs := runMain(t, dir, c.args...)
		cmd := strings.TrimPrefix(strings.SplitN(c.want, ":", 2)[0], "robocom ")
		want := c.want + "\nrun 'robocom " + cmd + " -h' for the options\n"
		if code != 2 || out != "" || errs != want {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errs, want)
		}
	}
}

// A flag's value that reads as a Core War option is the value, not the option: the refusal
// of Core War options in a RoboCom tournament took "-o -s" for -s and wrote nothing, where
// the flag package writes the part to the file -s.
func TestTournamentFlagValueLikeACoreOption(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"mine.rob", "wall.rob"} {
		src, err := os.ReadFile("../../robots/" + f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), src, 0o644)
	}
	code, out, errs := runMain(t, dir, "tournament", "-q", "-rounds", "1", "-seed", "1", "-shard", "0/2", "-o", "-s", "mine.rob", "wall.rob")
	if code != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "-s")); err != nil {
		t.Errorf("the part was not written to -s: %v", err)
	}
	// A value "--" does not end the options that follow it.
	code, _, errs = runMain(t, dir, "tournament", "-shard", "0/2", "-o", "--", "-swiss", "mine.rob", "wall.rob")
	if want := "robocom tournament: -swiss is an option of Core War tournaments"; code != 2 || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d, stderr %q, want %q", code, errs, want)
	}
}

// A file that cannot be read is told as "file: why" by every command that loads programs,
// Core War's as RoboCom's (check and core said "robocom check: nothere.red: ...", battle and
// check "nothere.rob: ..."), each file that cannot be, with status 1. tournament called it
// a usage mistake (2, "run 'robocom tournament -h' for the options").
func TestUnreadableProgramToldAlike(t *testing.T) {
	const why = ": no such file; check the name and the folder\n"
	for _, args := range [][]string{
		{"check", "nothere.rob"}, {"check", "nothere.red"}, {"battle", "nothere.rob"}, {"core", "nothere.red"},
		{"battle", "nothere.rob", "gone.rob"},
		{"tournament", "nothere.rob", "gone.rob"}, {"tournament", "nothere.red", "gone.red"},
		{"tournament", "nothere"}, // (a folder, as the user meant it: not "needs at least 2 programs")
	} {
		want := ""
		for _, f := range args[1:] {
			want += f + why
		}
		if code, out, errs := runMain(t, t.TempDir(), args...); code != 1 || out != "" || errs != want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 1 and %q", args, code, out, errs, want)
		}
	}
}
