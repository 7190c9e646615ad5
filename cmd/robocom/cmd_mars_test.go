package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMarsChild is the child process of TestMarsInterrupted; it runs only there.
func TestMarsChild(t *testing.T) {
	if os.Getenv("ROBOCOM_MARS_CHILD") == "" {
		t.Skip("the child of TestMarsInterrupted")
	}
	os.Stderr.WriteString("ready\n")
	os.Exit(run([]string{"mars", "-r", "1000000", "../../corewars/redcode/testdata/imp.red", "../../corewars/redcode/testdata/imp.red"}))
}

// TestMarsInterrupted: Ctrl-C during a battle ends "robocom mars" with pMARS's status 4.
func TestMarsInterrupted(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestMarsChild$")
	cmd.Env = append(os.Environ(), "ROBOCOM_MARS_CHILD=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the child is about to run the battle (a loaded machine may take a while
	// to start it), then give it time to be simulating: a million rounds take hours.
	if line, err := bufio.NewReader(stderr).ReadString('\n'); err != nil || line != "ready\n" {
		t.Fatalf("the child did not start: %q %v", line, err)
	}
	time.Sleep(300 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 4 {
		t.Fatalf("interrupted robocom mars: %v, want exit status 4", err)
	}
}

// TestMarsNoguiLinksNoWindow: the nogui build is the one for hills, which start "robocom mars"
// once per battle; it stays cheap to start only while it links neither Gio nor its font
// stack, whose initialisers and C libraries cost ~4.8 M machine instructions per start
// (RATIONALE, "Redcode speed").
func TestMarsNoguiLinksNoWindow(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the nogui build's packages")
	}
	cmd := exec.Command(goTool, "list", "-deps", "-tags", "nogui", ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, "gioui.org/") || strings.HasPrefix(pkg, "github.com/go-text/") ||
			strings.HasPrefix(pkg, "robocom/ui/") {
			t.Errorf("the nogui build links %s", pkg)
		}
	}
}

// TestHeadlessOpensWindowBeside: the headless build (the cheap one for `robocom mars`) hands
// `robocom` with no subcommand to the window build beside it, with the same arguments and its
// exit status; without one it says so, and a headless build named as the window does not
// start itself.
func TestHeadlessOpensWindowBeside(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in window is a shell script")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the headless binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "robocom")
	build := exec.Command(goTool, "build", "-tags", "nogui", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	runIt := func(name string, args ...string) (string, int) {
		var out bytes.Buffer
		cmd := exec.Command(name, args...)
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		var exit *exec.ExitError
		switch {
		case err == nil:
			return out.String(), 0
		case errors.As(err, &exit):
			return out.String(), exit.ExitCode()
		}
		t.Fatalf("%s: %v", name, err)
		return "", -1
	}
	if out, status := runIt(bin, "a.rob"); status != 2 || !strings.Contains(out, "no robocom-window beside it") {
		t.Errorf("without a window build: status %d, %q", status, out)
	}
	window := filepath.Join(dir, "robocom-window")
	script := "#!/bin/sh\necho \"window: $*\"\nexit 3\n"
	if err := os.WriteFile(window, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, status := runIt(bin, "a.rob", "b c.rob"); status != 3 || out != "window: a.rob b c.rob\n" {
		t.Errorf("with a window build: status %d, %q", status, out)
	}
	if out, status := runIt(bin, "mars", "-r", "0", "nosuch.red"); strings.Contains(out, "window:") || !strings.Contains(out, "nosuch.red") {
		t.Errorf("robocom mars went to the window: status %d, %q", status, out)
	}
	if err := os.Remove(window); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(bin, window); err != nil {
		t.Skipf("no hard link: %v", err)
	}
	if out, status := runIt(window, "a.rob"); status != 2 || !strings.Contains(out, "no robocom-window beside it") {
		t.Errorf("a headless build named robocom-window: status %d, %q", status, out)
	}
}
