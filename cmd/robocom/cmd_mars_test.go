package main

import (
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
	os.Exit(runMars([]string{"-r", "1000000", "../../corewars/redcode/testdata/imp.red", "../../corewars/redcode/testdata/imp.red"}))
}

// TestMarsInterrupted: Ctrl-C during a battle ends "robocom mars" with pMARS's status 4.
func TestMarsInterrupted(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestMarsChild$")
	cmd.Env = append(os.Environ(), "ROBOCOM_MARS_CHILD=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // a million rounds of imp against imp take hours: it is simulating
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 4 {
		t.Fatalf("interrupted robocom mars: %v, want exit status 4", err)
	}
}
