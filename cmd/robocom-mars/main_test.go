package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLinksOnlyTheMars: robocom-mars exists to start faster than robocom, which links the
// hill store (modernc's SQLite, whose initialisers run at every start), the RoboCom engine
// and, in the window build, Gio. It stays cheap only while it links none of them.
func TestLinksOnlyTheMars(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the packages")
	}
	cmd := exec.Command(goTool, "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	forbidden := []string{"modernc.org/", "gioui.org/", "github.com/go-text/", "robocom/arena",
		"robocom/robolang", "robocom/ui/", "robocom/internal/hill", "robocom/internal/bouts", "database/sql"}
	for _, pkg := range strings.Fields(string(out)) {
		for _, f := range forbidden {
			if strings.HasPrefix(pkg, f) {
				t.Errorf("robocom-mars links %s", pkg)
			}
		}
	}
}

// TestSameAsRobocomMars: robocom-mars and `robocom mars` are one program: the same output
// bytes, messages and exit statuses for battles, listings and each kind of error.
func TestSameAsRobocomMars(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the binaries")
	}
	dir := t.TempDir()
	exe := ""
	if runtime.GOOS == "windows" {
		exe = ".exe"
	}
	mars := filepath.Join(dir, "robocom-mars"+exe)
	robocom := filepath.Join(dir, "robocom"+exe)
	for _, b := range [][]string{{"-o", mars, "."}, {"-tags", "nogui", "-o", robocom, "../robocom"}} {
		build := exec.Command(goTool, append([]string{"build"}, b...)...)
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build %v: %v\n%s", b, err, out)
		}
	}
	td := "../../corewars/redcode/testdata/"
	params := filepath.Join(dir, "params")
	if err := os.WriteFile(params, []byte("-r 3 -s 800 -p 80 -f\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.red")
	haveFifo := syscall.Mkfifo(fifo, 0o644) == nil
	// Battles use -f or -F: pMARS seeds its positions from the clock's second, and the two
	// runs of a case may fall in different seconds.
	cases := [][]string{
		{"-bk", "-f", "-r", "20", td + "dwarf.red", td + "imp.red"},
		{"-b", "-r", "5", "-s", "800", "-p", "80", "-F", "100", td + "dwarf.red", td + "jmp0.red", td + "die.red"},
		{"-r", "0", td + "dwarf.red"},
		{"-@", params, "-b", td + "dwarf.red", td + "imp.red"},
		{},
		{"-r"},
		{"-r", "x", td + "imp.red"},
		{"-b", td + "imp.red", filepath.Join(dir, "missing.red")},
		{"-b", td + "imp.red", dir},
		{"-@", filepath.Join(dir, "missing-params")},
	}
	if haveFifo {
		cases = append(cases, []string{"-b", td + "imp.red", fifo})
	}
	for _, args := range cases {
		want := runIt(t, robocom, append([]string{"mars"}, args...))
		got := runIt(t, mars, args)
		if got != want {
			t.Errorf("robocom-mars %q:\n%s\nrobocom mars:\n%s", args, got, want)
		}
	}
}

// runIt runs name with args and returns its exit status, standard output and standard
// error, in one string to compare.
func runIt(t *testing.T, name string, args []string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	status := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		status = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return "status " + strconv.Itoa(status) + "\n--- stdout\n" + stdout.String() + "--- stderr\n" + stderr.String()
}

// TestParameterFileDepth: a parameter file naming itself nests until pMARS runs out of files,
// each level naming itself in the message. With the soft and hard limit 1024 and only
// standard input, output and error open, pMARS 0.9.2 prints 1021 such lines (one fewer for
// each further descriptor it inherits). The Go
// runtime's own descriptors (its poller's, the CPU quota files of its cgroup) are not ones
// pMARS has, so they must not shorten the nesting.
func TestParameterFileDepth(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil || runtime.GOOS != "linux" {
		t.Skip("needs sh and Linux")
	}
	mars := buildMars(t)
	dir := filepath.Dir(mars)
	if err := os.WriteFile(filepath.Join(dir, "self"), []byte("-@ self\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The descriptors a C program started the same way has (the test may pass on more than
	// 0, 1 and 2): those ls lists, less the one it reads the folder with.
	var fds bytes.Buffer
	ls := exec.Command(sh, "-c", `ulimit -n 1024 && exec ls /proc/self/fd`)
	ls.Stdout = &fds
	if err := ls.Run(); err != nil {
		t.Skip("cannot list the descriptors:", err)
	}
	want := 1024 - (len(strings.Fields(fds.String())) - 1)
	var stderr bytes.Buffer
	cmd := exec.Command(sh, "-c", `ulimit -n 1024 && exec "$0" -@ self`, mars)
	cmd.Dir, cmd.Stderr = dir, &stderr
	if err := cmd.Run(); err == nil {
		t.Fatal("exit status 0, want 2")
	}
	if n := strings.Count(stderr.String(), "The error is located in \"self\"\n"); n != want {
		t.Errorf("%d levels, want %d (pMARS 0.9.2: 1021 with 0, 1 and 2 open)", n, want)
	}
}

// TestInterruptKeepsListings: SIGINT ends pMARS with status 4 through exit(), which writes
// what its standard output held: the listings printed before the battle. pMARS 0.9.2 prints
// both listings here.
func TestInterruptKeepsListings(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs SIGINT")
	}
	mars := buildMars(t)
	var stdout bytes.Buffer
	cmd := exec.Command(mars, "-r", "1000000", "-F", "500", "../../corewars/redcode/testdata/jmp0.red", "../../corewars/redcode/testdata/jmp0.red")
	cmd.Stdout = &stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	listing := "Program \"Loop\" (length 1) by \"Anonymous\"\n\n       ORG      START\nSTART  JMP.B  $     0, $     0     \n\n"
	if code := cmd.ProcessState.ExitCode(); code != 4 || stdout.String() != listing+listing {
		t.Errorf("status %d, stdout %q; want 4 and both listings", code, stdout.String())
	}
}

// buildMars builds robocom-mars (static, as make build does) into the test's own folder and
// returns its path; without a go command the test is skipped.
func buildMars(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the binary")
	}
	mars := filepath.Join(t.TempDir(), "robocom-mars")
	if runtime.GOOS == "windows" {
		mars += ".exe"
	}
	build := exec.Command(goTool, "build", "-o", mars, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return mars
}
