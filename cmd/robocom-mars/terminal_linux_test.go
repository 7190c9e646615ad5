package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// TestNamesReachATerminalEscaped: a warrior's name goes to a terminal with its control
// characters escaped (an ESC there would be a command to the terminal), and to a pipe as
// pMARS writes it, byte for byte.
func TestNamesReachATerminalEscaped(t *testing.T) {
	mars := buildMars(t)
	dir := filepath.Dir(mars)
	warrior := filepath.Join(dir, "red.red")
	if err := os.WriteFile(warrior, []byte(";redcode\n;name Red\x1b]0;owned\a\n;author Eve\x1b[2J\nmov 0, 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-b", "-r", "1", "-f", warrior}

	piped, err := exec.Command(mars, args...).Output()
	if err != nil {
		t.Fatalf("piped: %v", err)
	}
	if !bytes.Contains(piped, []byte("Red\x1b]0;owned\a by Eve\x1b[2J")) {
		t.Errorf("piped output is not pMARS's bytes:\n%q", piped)
	}

	master, slave, err := openPty()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer master.Close()
	cmd := exec.Command(mars, args...)
	cmd.Stdout, cmd.Stderr = slave, slave
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	var shown bytes.Buffer
	io.Copy(&shown, master) // ends with EIO once the program has exited
	if err := cmd.Wait(); err != nil {
		t.Fatalf("on a terminal: %v", err)
	}
	got := strings.ReplaceAll(shown.String(), "\r\n", "\n")
	if strings.ContainsAny(got, "\x1b\a") {
		t.Errorf("a control character reached the terminal:\n%q", got)
	}
	if want := `Red\x1b]0;owned\x07 by Eve\x1b[2J`; !strings.Contains(got, want) {
		t.Errorf("the terminal shows\n%s\nwant it to contain %s", got, want)
	}
}

// openPty opens a new pseudo-terminal: the master end, read by the test, and the slave end,
// the program's terminal.
func openPty() (master, slave *os.File, err error) {
	master, err = os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		master.Close()
		return nil, nil, err
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		master.Close()
		return nil, nil, err
	}
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		return nil, nil, err
	}
	return master, slave, nil
}
