// Package cli holds what the commands robocom and robocom-mars share about the process they
// run in: standard output that remembers a failed write, signals ignored at start, and the
// pMARS drop-in itself (Mars), so that `robocom mars` and `robocom-mars` are one program.
package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
)

// CheckedWriter passes writes on and keeps the first error.
type CheckedWriter struct {
	W   io.Writer
	err error
}

// OutputError is a failed write to standard output as CheckedWriter returns it. Status reports
// it once for the whole command, so a command that meets it while writing its result stops
// without a message of its own (IsOutputError).
type OutputError struct{ Err error }

func (e *OutputError) Error() string { return e.Err.Error() }
func (e *OutputError) Unwrap() error { return e.Err }

// IsOutputError reports whether err is, or wraps, a failed write to standard output.
func IsOutputError(err error) bool {
	var oe *OutputError
	return errors.As(err, &oe)
}

// Unwrap is the stream written to, for asking what it is (a terminal?), not for writing.
func (c *CheckedWriter) Unwrap() io.Writer { return c.W }

func (c *CheckedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.W.Write(p)
	if err != nil {
		c.err = &OutputError{err}
	}
	return n, c.err
}

// Status is the exit status of a command that returned status: 1 with a message when a
// write to standard output failed, whatever the command thought.
func (c *CheckedWriter) Status(status int, stderr io.Writer) int {
	if c.err == nil {
		return status
	}
	err := c.err.(*OutputError).Err
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	fmt.Fprintf(stderr, "robocom: writing the output failed (%v); the results are incomplete\n", err)
	if status == 0 {
		return 1
	}
	return status
}

// Caught returns those of sigs that were not ignored when the program started: a shell
// starts a background job with SIGINT ignored (and nohup ignores SIGHUP), and such a signal
// must stay ignored, which Notify would undo.
func Caught(sigs ...os.Signal) []os.Signal {
	var out []os.Signal
	for _, s := range sigs {
		if !signal.Ignored(s) {
			out = append(out, s)
		}
	}
	return out
}
