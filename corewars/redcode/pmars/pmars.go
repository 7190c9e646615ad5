// Package pmars is pMARS 0.9.2's command line on top of the Redcode engine:
// its options and parameter files, its output and its exit statuses
// (../../../../shared/spec/PMARS-DETAILS.md 13, 15).
package pmars

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"robocom/corewars/redcode"
	"robocom/internal/termtext"
)

// Query results of -Q that do not depend on the battle (server build values).
const (
	queryVersion  = 92
	queryServer   = 0
	queryVersion2 = 920
	queryAddrSize = 4
)

// stdioBlock is the C library's buffer for a standard output that is not a terminal
// (st_blksize of a pipe or of a file on the usual file systems).
const stdioBlock = 4096

// stdioOut is pMARS's standard output as the C library buffers it. On a terminal it is
// line-buffered, so what was printed is out before the next message on standard error
// (sync). Otherwise it is written in whole blocks of stdioBlock bytes and the rest at exit,
// whatever pMARS prints on standard error meanwhile: with "pmars ... 2>&1" a later
// warrior's messages come before the earlier warriors' listings.
type stdioOut struct {
	mu       sync.Mutex // (Interrupted flushes it from another goroutine)
	w        io.Writer
	terminal bool
	buf      []byte
	closed   bool // interrupted: pMARS has exited, nothing more is written
}

// running is the standard output of the Run in progress, for Interrupted.
var running struct {
	sync.Mutex
	out *stdioOut
}

// Interrupted writes what the Run in progress holds for standard output and stops it
// from writing more: SIGINT ends pMARS through exit(), which flushes its standard output
// (the listings printed before the battle), with status 4.
func Interrupted() {
	running.Lock()
	o := running.out
	running.Unlock()
	if o != nil {
		o.Flush()
		o.mu.Lock()
		o.closed = true
		o.mu.Unlock()
	}
}

func (o *stdioOut) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return len(p), nil
	}
	o.buf = append(o.buf, p...)
	if n := len(o.buf) - len(o.buf)%stdioBlock; n > 0 {
		_, err := o.w.Write(o.buf[:n])
		o.buf = append(o.buf[:0], o.buf[n:]...)
		if err != nil {
			return len(p), err
		}
	}
	return len(p), nil
}

// sync is called before pMARS writes to standard error.
func (o *stdioOut) sync() {
	if o.terminal {
		o.Flush()
	}
}

// Flush writes what is held.
func (o *stdioOut) Flush() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.buf) == 0 || o.closed {
		return nil
	}
	_, err := o.w.Write(o.buf)
	o.buf = o.buf[:0]
	return err
}

// readParamFile reads a -@ file as pMARS does (fopen, then fgets until it fails): a
// folder opens and reads as an empty file, so "-@ DIR" adds no arguments.
func readParamFile(name string) ([]byte, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		if fi, serr := os.Stat(name); serr == nil && fi.IsDir() {
			return nil, nil
		}
	}
	return data, err
}

// Run is "pmars ARGS": it writes what pMARS writes and returns its exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &stdioOut{w: stdout, terminal: termtext.IsTerminal(stdout)}
	running.Lock()
	running.out = out
	running.Unlock()
	defer func() {
		out.Flush()
		running.Lock()
		if running.out == out { // (a Run that has returned is not Interrupted's)
			running.out = nil
		}
		running.Unlock()
	}()
	var stdinData []byte
	stdinRead := false
	readStdin := func() []byte {
		if !stdinRead {
			stdinRead = true
			stdinData, _ = io.ReadAll(stdin)
		}
		return stdinData
	}
	usage := func(msg string) int {
		out.sync()
		fmt.Fprint(stderr, UsageText())
		fmt.Fprintf(stderr, "\n%s\n", msg)
		return 2
	}
	p := &parser{st: redcode.DefaultSettings(), readFile: readParamFile, stdin: readStdin, notice: stderr}
	var files []string
	if err := p.parse(args, &files); err != nil {
		return usage(err.Error())
	}
	st := p.st
	// Count warriors: "N-" reads N warriors from standard input.
	type source struct {
		file  string
		stdin bool
	}
	var srcs []source
	for _, f := range files {
		if f == "-" {
			srcs = append(srcs, source{"-", true})
			continue
		}
		if strings.HasSuffix(f, "-") {
			for k := stdinWarriors(f); k > 0; k-- {
				srcs = append(srcs, source{"-", true})
			}
			continue
		}
		srcs = append(srcs, source{f, false})
	}
	if err := st.Finish(len(srcs)); err != nil {
		rc := usage(err.Error())
		if st.HasQuery {
			// pMARS stores -Q before these checks and exits with the query
			// (no p-space was set up yet: 2000 gives W + 1).
			return queryUnplayed(st, len(srcs), 0)
		}
		return rc
	}
	var ws []*redcode.Warrior
	var pendingStdin []byte
	for i, s := range srcs {
		var src redcode.Source
		if s.stdin {
			if pendingStdin == nil {
				pendingStdin = readStdin()[p.stdinUsed:]
			}
			var rest []byte
			src, rest, _ = redcode.ReadSource(pendingStdin)
			pendingStdin = rest
			if pendingStdin == nil {
				pendingStdin = []byte{}
			}
		} else {
			data, err := os.ReadFile(s.file)
			if err != nil {
				out.sync()
				msg := "Unable to open file '%s'"
				if _, serr := os.Stat(s.file); serr == nil {
					msg = "Unable to read file '%s'"
				}
				// the name goes through printf's format, like pMARS's other messages
				fmt.Fprint(stderr, "Error:\n"+redcode.EchoPrintf(fmt.Sprintf("        "+msg+"\n", s.file)))
				return queryFailed(st, len(srcs))
			}
			src, _, _ = redcode.ReadSource(data)
		}
		cfg := st.AssemblerConfig(len(srcs))
		if i > 0 {
			cfg.InitialRegs = [26]int64{} // pMARS resets them after each warrior
		}
		w, diag := redcode.AssembleSource(src, cfg)
		out.sync()
		fmt.Fprint(stderr, diag.Stderr())
		if diag.LogicError != "" {
			// pMARS prints its consistency-check failure on stdout.
			fmt.Fprint(out, diag.LogicError)
			return queryFailed(st, len(srcs))
		}
		if w == nil {
			return queryFailed(st, len(srcs))
		}
		if !st.Brief {
			fmt.Fprint(out, w.Listing(st.CoreSize))
		}
		ws = append(ws, w)
	}
	if st.Rounds == 0 {
		return exitStatus(st, 0, nil, ws)
	}
	m, err := redcode.Battle(st, ws, time.Now().Unix(), nil)
	if err != nil {
		out.sync()
		fmt.Fprintf(stderr, "%v\n", err)
		return 254
	}
	text, order := redcode.Results(m, ws, st)
	fmt.Fprint(out, text)
	return exitStatusQuery(st, m, ws, order)
}

func exitStatus(st *redcode.Settings, status int, m *redcode.Machine, ws []*redcode.Warrior) int {
	if !st.HasQuery {
		return status
	}
	if m == nil && len(ws) > 0 {
		// -r 0: no battle; queries about scores see zero.
		mm, err := redcode.NewMachine(*st, ws)
		if err == nil {
			order := make([]int, len(ws))
			for i := range order {
				order[i] = i
			}
			return exitStatusQuery(st, mm, ws, order)
		}
	}
	return queryConst(st, len(ws), -1)
}

// queryFailed is the exit status when a warrior could not be assembled or read:
// 3, or with -Q the query over all W warriors of the command line, none of
// which has scored (pMARS's Exit(3) answers -Q too, PMARS-DETAILS.md 13.3).
func queryFailed(st *redcode.Settings, W int) int {
	if !st.HasQuery {
		return 3
	}
	return queryUnplayed(st, W, -1)
}

// queryUnplayed answers -Q when no round was played: every score is 0, so the
// (stable) -o order is the command-line order. pspaces < 0: not known.
func queryUnplayed(st *redcode.Settings, W int, pspaces int) int {
	q := st.Query
	switch {
	case q >= 1 && q <= W:
		return 0
	case q >= 101 && q <= 100+W:
		return q - 100
	case q == 2000 && pspaces == 0:
		return (W + 1) & 0xff
	}
	return queryConst(st, W, pspaces)
}

func queryConst(st *redcode.Settings, W int, pspaces int) int {
	q := st.Query
	switch {
	case q == 1000:
		return queryVersion
	case q == 1001:
		return queryServer
	case q == 1002:
		return queryVersion2 & 0xff
	case q == 1003:
		return queryAddrSize
	case q == 2000 && pspaces > 0:
		return (W - pspaces + 1) & 0xff
	}
	return 255
}

func exitStatusQuery(st *redcode.Settings, m *redcode.Machine, ws []*redcode.Warrior, order []int) int {
	if !st.HasQuery {
		return 0
	}
	W := len(ws)
	q := st.Query
	switch {
	case q >= 1 && q <= W:
		formula := st.Formula
		return m.Score(order[q-1], formula) & 0xff
	case q >= 101 && q <= 100+W:
		return order[q-101] + 1
	}
	return queryConst(st, W, m.PSpaceCount())
}
