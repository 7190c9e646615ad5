//go:build nogui

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
)

// windowCommand is the file name of the window build that `make build` installs beside the
// headless robocom. The headless build is the one to put on the PATH: `robocom mars`, which
// hills and scripts start once per battle, then never pays the window build's start-up (Gio's
// C libraries and go-text's initialisers run before main whatever the subcommand; RATIONALE,
// "Redcode speed"), and `robocom` with no subcommand still opens the window through it.
func windowCommand() string {
	if runtime.GOOS == "windows" {
		return "robocom-window.exe"
	}
	return "robocom-window"
}

// openArena in the nogui build: the window build beside this executable opens the window with
// the same arguments; without one, there is no window to open.
func openArena(args []string) int {
	if path := windowBeside(); path != "" {
		return runWindow(path, args)
	}
	fmt.Fprintf(os.Stderr, "robocom: this build has no window (built with -tags nogui), and there is no %s beside it.\n", windowCommand())
	fmt.Fprintln(os.Stderr, "Build the window (make build), or use a subcommand; robocom help lists them.")
	return 2
}

// windowBeside is the window build in this executable's folder, or "" when there is none (or
// when it is this very file, so that a headless build given the window's name cannot start
// itself forever).
func windowBeside() string {
	self, err := os.Executable()
	if err != nil {
		return ""
	}
	if s, err := filepath.EvalSymlinks(self); err == nil {
		self = s
	}
	path := filepath.Join(filepath.Dir(self), windowCommand())
	st, err := os.Stat(path)
	if err != nil || st.IsDir() {
		return ""
	}
	if me, err := os.Stat(self); err == nil && os.SameFile(me, st) {
		return ""
	}
	return path
}

// runWindow hands the process to the window build: replaced by it where the system can
// (Unix), else started as a child whose exit status becomes ours.
func runWindow(path string, args []string) int {
	argv := append([]string{path}, args...)
	err := syscall.Exec(path, argv, os.Environ())
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err = cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		fmt.Fprintf(os.Stderr, "robocom: cannot start the window (%s): %v\n", path, err)
		return 1
	}
	return 0
}
