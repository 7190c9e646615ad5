package slurmtest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestArrayJob runs a 3-task array whose tasks each write their index and the count; a task
// that did not run, or ran with the wrong index, shows as a missing or wrong file.
func TestArrayJob(t *testing.T) {
	c := Start(t)
	out := t.TempDir()
	script := filepath.Join(out, "task.sh")
	os.WriteFile(script, []byte("#!/bin/sh\necho \"$SLURM_ARRAY_TASK_ID $SLURM_ARRAY_TASK_COUNT\" > \"$OUT/part-$SLURM_ARRAY_TASK_ID\"\n"), 0o755)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	start := time.Now()
	if _, err := c.SubmitArray(ctx, 3, out, []string{"OUT=" + out}, script); err != nil {
		t.Fatalf("%v\n%s", err, c.TaskLogs())
	}
	t.Logf("3-task array job done in %v", time.Since(start).Round(time.Millisecond))
	for k := 0; k < 3; k++ {
		b, err := os.ReadFile(filepath.Join(out, fmt.Sprintf("part-%d", k)))
		if err != nil {
			t.Fatalf("task %d wrote nothing: %v\n%s", k, err, c.TaskLogs())
		}
		if want := fmt.Sprintf("%d 3\n", k); string(b) != want {
			t.Errorf("task %d wrote %q, want %q", k, b, want)
		}
	}
}

// TestRunning checks the zombie test: a process that has exited but is not reaped counts as
// ended, which kill -0 would not say.
func TestRunning(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	if !running(os.Getpid()) {
		t.Fatal("this process does not count as running")
	}
	if running(1 << 30) {
		t.Fatal("a process that does not exist counts as running")
	}
	// A child that has exited and is not waited for is a zombie: kill -0 still succeeds.
	cmd := exec.Command("/bin/sh", "-c", "exit 0")
	if err := cmd.Start(); err != nil {
		t.Skip(err)
	}
	defer cmd.Wait()
	pid := cmd.Process.Pid
	deadline := time.Now().Add(10 * time.Second)
	for running(pid) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if running(pid) {
		t.Fatal("an exited child still counts as running after 10 s")
	}
	if err := syscall.Kill(pid, 0); err != nil {
		t.Fatalf("kill -0 on the zombie failed (%v): the test no longer shows the difference", err)
	}
}
