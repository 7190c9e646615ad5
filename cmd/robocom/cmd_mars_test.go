package main

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
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
