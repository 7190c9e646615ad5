package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strconv"
	"strings"

	"robocom/corewars/redcode/pmars"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
)

// Mars is "robocom mars" (CLI.md) with the process's standard streams: a drop-in for pMARS
// 0.9.2 with its options, output bytes and exit statuses. Interrupted (Ctrl-C, SIGINT), it
// stops with pMARS's status 4 (PMARS-DETAILS 13.3) and prints no result, at once, however
// long the round in progress; a SIGINT ignored at start (a background job) stays ignored.
// Piped or redirected, its output is pMARS's byte for byte; on a terminal, the control
// characters and bytes that are not UTF-8 in it (a warrior's name and author, a line of its
// source quoted in a message) are written escaped, as every other command writes text from
// files (termtext), so that a warrior cannot send the terminal commands.
func Mars(args []string) int {
	stdout := &CheckedWriter{W: os.Stdout}
	out, errOut := forTerminal(stdout), forTerminal(os.Stderr)
	interrupted := make(chan os.Signal, 1)
	if len(Caught(os.Interrupt)) > 0 {
		signal.Notify(interrupted, os.Interrupt)
	}
	defer signal.Stop(interrupted)
	done := make(chan int, 1)
	go func() {
		reserveStack(0)
		status := MarsMain(args, os.Stdin, out, errOut)
		flush(out)
		flush(errOut)
		done <- stdout.Status(status, os.Stderr)
	}()
	select {
	case status := <-done:
		return status
	case <-interrupted:
		pmars.Interrupted()
		flush(out)
		return 4
	}
}

// forTerminal is w, through a termtext.Writer if w is a terminal.
func forTerminal(w io.Writer) io.Writer {
	if termtext.IsTerminal(w) {
		return &termtext.Writer{W: w}
	}
	return w
}

// flush writes what a termtext.Writer holds back (the start of a character cut at the end).
func flush(w io.Writer) {
	if t, ok := w.(*termtext.Writer); ok {
		t.Flush()
	}
}

// MarsMain runs pMARS on args after checking, through userfile, every file it will read:
// the parameter files (-@), the warrior files and standard input. pMARS reads them whole
// (os.ReadFile, io.ReadAll), so a FIFO would hang it and /dev/zero fill the memory; such a
// file is refused here with pMARS's own message for a file it cannot read, followed by a
// sentence saying why. Files pMARS itself handles (missing, unreadable, folders) are left to
// it, so that its messages stay exact.
func MarsMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	in := &cappedStdin{r: stdin}
	var refused error
	readFile := func(name string) ([]byte, error) {
		var data []byte
		var err error
		if name == "-" {
			data, err = in.read()
		} else {
			data, err = userfile.Read(name, userfile.Params)
		}
		if isRefusal(err) {
			refused = err
		}
		return data, err
	}
	_, files, err := pmars.ParseArgs(args, readFile)
	if err != nil {
		if refused != nil {
			fmt.Fprint(stderr, pmars.UsageText())
			fmt.Fprintf(stderr, "\n%s\n%v\n", err, refused)
			return 2
		}
		return pmars.Run(args, in.reader(), stdout, stderr) // pMARS says what is wrong
	}
	for _, f := range files {
		if f == "-" || strings.HasSuffix(f, "-") && isCount(f[:len(f)-1]) {
			if _, err := in.read(); err != nil {
				fmt.Fprintf(stderr, "Error:\n        Unable to read file '-'\n%v\n", err)
				return 3
			}
			continue
		}
		if err := userfile.Check(f, userfile.CoreSource); isRefusal(err) {
			fmt.Fprintf(stderr, "Error:\n        Unable to read file '%s'\n%v\n", f, err)
			return 3
		}
	}
	return pmars.Run(args, in.reader(), stdout, stderr)
}

// isRefusal tells a file userfile will not read (a FIFO, a device, too big) from one pMARS
// reports itself (missing, permission denied, a folder).
func isRefusal(err error) bool {
	if err == nil || errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return false
	}
	var ue *userfile.Error
	if !errors.As(err, &ue) {
		return false
	}
	if errors.Is(err, userfile.ErrNotRegular) {
		st, serr := os.Stat(ue.Path)
		return serr != nil || !st.IsDir()
	}
	return errors.Is(err, userfile.ErrTooBig)
}

func isCount(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n > 0
}

// cappedStdin reads standard input once, at most userfile.CoreSource.Max bytes, for both the
// checks above and pMARS.
type cappedStdin struct {
	r    io.Reader
	done bool
	data []byte
	err  error
}

func (c *cappedStdin) read() ([]byte, error) {
	if !c.done {
		c.done = true
		c.data, c.err = userfile.ReadStream(c.r, "standard input", userfile.CoreSource)
	}
	return c.data, c.err
}

// reader is standard input for pMARS: what was read, or the stream itself when pMARS's
// arguments did not ask for it (pMARS then does not read it either).
func (c *cappedStdin) reader() io.Reader {
	if c.done {
		return bytes.NewReader(c.data)
	}
	return c.r
}

// reserveStack makes the goroutine's stack grow to over 64 KB while it is one frame deep.
// The assembler recurses once per token (pMARS's trav2 and automaton, kept as pMARS wrote
// them), so a battle's goroutine would otherwise grow its stack from 8 KB several times, each
// time copying and re-walking every frame: 6% of the machine instructions of a one-round
// battle (cachegrind: 4.82 M -> 4.52 M), which a hill pays for every battle it starts.
//
//go:noinline
func reserveStack(i int) byte {
	var buf [64 << 10]byte
	buf[i] = 1
	return buf[i/2]
}
