package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"sync/atomic"

	"robocom/arena"
	"robocom/corewars/play"
	"robocom/internal/bouts"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
)

// battleMain is "robocom battle [options] PROGRAM..." (CLI.md): 1 to 5 programs, headless.
func battleMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("battle", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var gf gameFlags
	gf.register(fs, 1, true)
	fs.Lookup("rounds").Usage = "rounds to play"
	var trace outputFlag
	fs.Var(&trace, "trace", "write every event as JSON lines to `FILE` (-: standard output, and the result goes to standard error)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: robocom battle [options] PROGRAM.rob|PROGRAM.rbi ... (1 to 5 programs)")
		fs.PrintDefaults()
	}
	files, err := parseInterspersed(fs, args, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	usageErr := usageError(stderr, "battle")
	if len(files) == 0 {
		return usageErr("no program given")
	}
	for _, f := range files {
		if l := play.LanguageOf(f); l != play.NoLanguage {
			return usageErr("%s is a %s program, not a RoboCom one; play Core War programs with robocom core", f, l)
		}
	}
	if len(files) > arena.MaxPrograms {
		return usageErr("%d programs given; a battle takes 1 to %d", len(files), arena.MaxPrograms)
	}
	if err := bouts.CheckRounds(gf.rounds); err != nil {
		return usageErr("%v", err)
	}
	if err := bouts.CheckSeed(gf.seed, gf.rounds); err != nil {
		return usageErr("%v", err)
	}
	opts, err := gf.optionSet()
	if err != nil {
		return usageErr("%v", err)
	}
	places, err := gf.placements(len(files))
	if err != nil {
		return usageErr("%v", err)
	}
	for i, p := range places {
		if p.X < 0 || p.X >= opts.Board || p.Y < 0 || p.Y >= opts.Board {
			return usageErr("-place %d,%d,%s: off the %d×%d board", p.X, p.Y, p.Dir, opts.Board, opts.Board)
		}
		for _, q := range places[:i] {
			if p.X == q.X && p.Y == q.Y {
				return usageErr("-place: two programs on field %d,%d", p.X, p.Y)
			}
		}
	}
	if f := trace.file(); f != "" {
		if err := checkOutputPath("-trace", "trace.jsonl", f, append(slices.Clip(files), string(gf.options))); err != nil {
			return usageErr("%v", err)
		}
	}
	progs, ok := loadPrograms(stderr, files, language(opts))
	if !ok {
		return 1
	}
	seed := gf.resolveSeed()

	var tw io.Writer
	var finishTrace func(played, stopped bool) (partial string, err error) // stopped: interrupted
	resultOut := stdout
	if trace.toStdout() {
		resultOut = stderr // (standard output carries the trace alone, for a pipe to read)
	}
	if trace != "" {
		w, finish, err := openTrace(string(trace), stdout, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "robocom battle: cannot write the trace: %v\n", err)
			return 1
		}
		defer finish(false, false) // (an early return: drops what was written aside)
		bw := bufio.NewWriterSize(w, 1<<16)
		// A trace that could not be written in full fails the command (a full disk must not
		// pass for success); the error is the first one, which bufio keeps.
		finishTrace = func(played, stopped bool) (string, error) {
			err := bw.Flush()
			partial, ferr := finish(played && err == nil, stopped && err == nil)
			if err == nil {
				err = ferr
			}
			return partial, err
		}
		tw = bw
	}
	ctx, interrupted := onInterrupt()
	defer interrupted.stop()
	b := &arena.Battle{Programs: progs, Options: opts, Seed: seed, Rounds: gf.rounds, Places: places}
	var traceFailed atomic.Bool // set where the rounds are played, read where they are handed over
	// A failed trace write stops the play at once, also in the middle of a long round: the
	// play's context is cancelled, which RunContext checks every few thousand cycles.
	playCtx, stopPlay := context.WithCancel(ctx)
	defer stopPlay()
	tracedRound := 0 // the last round with an event in the trace (rounds come one at a time then)
	if tw != nil {
		var buf []byte
		b.OnEvent = func(round int, e arena.Event) {
			tracedRound = round
			buf = appendTraceLine(buf[:0], round, e)
			if _, err := tw.Write(buf); err != nil {
				traceFailed.Store(true)
				stopPlay()
			}
		}
	}
	out := newBattleWriter(resultOut, gf.json, b)
	prog := newProgress(stderr, gf.quiet, "rounds", gf.rounds)
	played, err := b.Play(playCtx, func(round int, r *arena.Result) error {
		if traceFailed.Load() {
			return errTraceFailed // no use playing on: the command fails
		}
		prog.step()
		return out.round(round, r)
	})
	prog.finish()
	var traceErr error
	if finishTrace != nil {
		var partial string
		partial, traceErr = finishTrace(err == nil, ctx.Err() != nil)
		if partial != "" {
			fmt.Fprintln(stderr, "robocom battle:", partialTraceNote(termtext.Escape(partial), played, tracedRound))
		}
	}
	if traceErr != nil {
		fmt.Fprintf(stderr, "robocom battle: writing the trace %s failed: %v\n", termtext.Escape(string(trace)), userfile.Unwrap(traceErr))
		return 1
	}
	if err != nil && ctx.Err() == nil {
		return failed(stderr, "robocom battle", err)
	}
	if err := out.finish(played, ctx.Err() != nil); err != nil {
		return failed(stderr, "robocom battle: writing the result", err)
	}
	if ctx.Err() != nil {
		return interrupted.status()
	}
	return 0
}

// partialTraceNote says what an interrupted battle's trace file holds: the rounds played, and
// the round the interruption cut short as far as it went (the result leaves it out).
func partialTraceNote(file string, played, traced int) string {
	switch {
	case traced <= played:
		return fmt.Sprintf("the trace of the %s played is in %s", termtext.CountNoun(played, "round"), file)
	case played == 0:
		return fmt.Sprintf("the trace of round 1, stopped before its end (the result counts no round), is in %s", file)
	default:
		return fmt.Sprintf("the trace of the %s played, then of round %d stopped before its end (the result does not count it), is in %s",
			termtext.CountNoun(played, "round"), traced, file)
	}
}

// openTrace opens battle's -trace path. A file is written aside and put in place when the
// battle has played (an old trace stays whole until then), an interrupted battle's in
// path.partial, whose name finish returns; a pipe or a device (a FIFO another program reads,
// /dev/stdout) is written as it goes. finish ends the writing (again: nothing); with played
// and stopped false it drops a file written aside.
func openTrace(path string, stdout, stderr io.Writer) (w io.Writer, finish func(played, stopped bool) (string, error), err error) {
	if path == "-" {
		return stdout, func(bool, bool) (string, error) { return "", nil }, nil
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		f, err := userfile.Create(path) // never blocks on a FIFO without a reader
		if err != nil {
			return nil, nil, err
		}
		var closed bool
		return f, func(bool, bool) (string, error) {
			if closed {
				return "", nil
			}
			closed = true
			return "", f.Close()
		}, nil
	}
	out, err := userfile.NewOutput(path, 0o644)
	if err != nil {
		return nil, nil, err
	}
	return out, func(played, stopped bool) (string, error) {
		switch {
		case stopped:
			if err := out.CommitAside(bouts.PartialSuffix); err != nil {
				return "", err
			}
			return path + bouts.PartialSuffix, nil
		case played:
			return "", out.Commit()
		}
		out.Abort() // (failed: the old trace stays as it was; after a Commit, nothing)
		return "", nil
	}, nil
}

// errTraceFailed stops a battle whose trace can no longer be written; the write's own error
// is reported when the trace is closed (bufio keeps the first one).
var errTraceFailed = errors.New("writing the trace failed")

// The result JSON of CLI.md, field by field.
type battleJSON struct {
	Options string      `json:"options"`
	Board   int         `json:"board"`
	Timeout int         `json:"timeout"`
	Seed    int64       `json:"seed"`
	Rounds  []roundJSON `json:"rounds"`
	Totals  []totalJSON `json:"totals"`
	// Interrupted is true when Ctrl-C or SIGTERM stopped the battle: the totals are those of
	// the rounds listed.
	Interrupted bool `json:"interrupted,omitempty"`
}

type roundJSON struct {
	Round        int           `json:"round"`
	Seed         int64         `json:"seed"`
	Cycles       int           `json:"cycles"`
	Instructions int64         `json:"instructions"`
	Winner       *string       `json:"winner"`
	Programs     []programJSON `json:"programs"`
	Deaths       []deathJSON   `json:"deaths"`
}

type programJSON struct {
	Index  int    `json:"index"`
	Name   string `json:"name"`
	File   string `json:"file"`
	Alive  bool   `json:"alive"`
	Robots int    `json:"robots"`
	DiedAt *int   `json:"died_at"`
	Rank   int    `json:"rank"`
}

type deathJSON struct {
	Cycle   int    `json:"cycle"`
	Robot   int    `json:"robot"`
	Program int    `json:"program"`
	Reason  string `json:"reason"`
}

type totalJSON struct {
	Index  int    `json:"index"`
	Name   string `json:"name"`
	Wins   int    `json:"wins"`
	Draws  int    `json:"draws"`
	Losses int    `json:"losses"`
	Points int    `json:"points"`
}

// battleWriter writes a battle's result as its rounds finish, in the shape CLI.md gives
// (the same bytes as the whole document written at once): the header, each round, then the
// totals, folded into an arena.Tally as they come so that nothing grows with the rounds.
type battleWriter struct {
	w      *bufio.Writer
	json   bool
	js     *jsonStream
	b      *arena.Battle
	tally  arena.Tally
	rounds int // written so far
	tw     *termtext.Table
	err    error
}

func newBattleWriter(w io.Writer, asJSON bool, b *arena.Battle) *battleWriter {
	bw := &battleWriter{w: bufio.NewWriter(w), json: asJSON, b: b}
	bw.tw = termtext.NewTable(bw.w, termtext.AlignLeft)
	opts := b.Options
	if bw.json {
		bw.js = startJSONStream(bw.w, struct {
			Options string `json:"options"`
			Board   int    `json:"board"`
			Timeout int    `json:"timeout"`
			Seed    int64  `json:"seed"`
		}{opts.Name, opts.Board, opts.Timeout, b.Seed}, "rounds")
	} else {
		fmt.Fprintf(bw.w, "option set %s, board %d×%d, time limit %d cycles, seed %d\n", opts.Name, opts.Board, opts.Board, opts.Timeout, b.Seed)
	}
	return bw
}

// round writes one finished round and flushes it, so that a reader sees it at once.
func (bw *battleWriter) round(k int, res *arena.Result) error {
	bw.tally.Add(res)
	rj := roundJSON{Round: k, Seed: res.Seed, Cycles: res.Cycles, Instructions: res.Instructions,
		Programs: []programJSON{}, Deaths: []deathJSON{}}
	if res.Winner >= 0 {
		name := res.Programs[res.Winner].Name
		rj.Winner = &name
	}
	for _, p := range res.Programs {
		pj := programJSON{Index: p.Index, Name: p.Name, File: p.File, Alive: p.Alive, Robots: p.Robots, Rank: p.Rank}
		if !p.Alive {
			d := p.DiedAt
			pj.DiedAt = &d
		}
		rj.Programs = append(rj.Programs, pj)
	}
	for _, d := range res.Deaths {
		rj.Deaths = append(rj.Deaths, deathJSON{Cycle: d.Cycle, Robot: d.Robot, Program: d.Program, Reason: d.Reason.String()})
	}
	if bw.json {
		bw.js.item(rj)
	} else {
		printRound(bw.w, bw.tw, rj)
	}
	bw.rounds++
	if err := bw.w.Flush(); err != nil && bw.err == nil {
		bw.err = err
	}
	return bw.err
}

// finish writes the totals of the rounds played (of all of them unless interrupted).
func (bw *battleWriter) finish(played int, interrupted bool) error {
	totals := make([]totalJSON, len(bw.b.Programs))
	for i, p := range bw.b.Programs {
		s := bw.tally.Of(i)
		totals[i] = totalJSON{Index: i, Name: p.Name, Wins: s.Wins, Draws: s.Draws, Losses: s.Losses, Points: s.Points()}
	}
	if bw.json {
		fields := []field{{"totals", totals}}
		if interrupted {
			fields = append(fields, field{"interrupted", true})
		}
		bw.js.end(fields...)
	} else {
		if interrupted {
			fmt.Fprintf(bw.w, "\ninterrupted after %d of %s\n", played, termtext.CountNoun(bw.b.Rounds, "round"))
		}
		if played > 1 || len(totals) > 1 || interrupted {
			fmt.Fprintf(bw.w, "\ntotals over %s:\n", termtext.CountNoun(played, "round"))
			fmt.Fprintln(bw.tw, "  program\twins\tdraws\tlosses\tpoints")
			for _, t := range totals {
				fmt.Fprintf(bw.tw, "  %s\t%d\t%d\t%d\t%d\n", termtext.Escape(t.Name), t.Wins, t.Draws, t.Losses, t.Points)
			}
			bw.tw.Flush()
		}
	}
	if err := bw.w.Flush(); err != nil && bw.err == nil {
		bw.err = err
	}
	return bw.err
}

// appendTraceLine renders one event as a JSON line (CLI.md "Trace lines"). Hand-written
// because a trace can have millions of lines.
func appendTraceLine(b []byte, round int, e arena.Event) []byte {
	num := func(key string, v int) {
		b = append(b, ',', '"')
		b = append(b, key...)
		b = append(b, '"', ':')
		b = strconv.AppendInt(b, int64(v), 10)
	}
	str := func(key, v string) {
		b = append(b, ',', '"')
		b = append(b, key...)
		b = append(b, `":"`...)
		b = append(b, v...)
		b = append(b, '"')
	}
	b = append(b, `{"round":`...)
	b = strconv.AppendInt(b, int64(round), 10)
	num("cycle", e.Cycle)
	num("robot", e.Robot)
	num("program", e.Program)
	str("event", e.Kind.String())
	if e.Task > 0 { // RC3 games (RC3.md 9)
		num("task", e.Task)
	}
	switch e.Kind {
	case arena.EvSpawn:
		num("parent", e.Parent)
		num("x", e.X)
		num("y", e.Y)
		str("dir", e.Dir.String())
		num("set", e.Set)
		num("banks", e.Banks)
		m := 0
		if e.Mobile {
			m = 1
		}
		num("mobile", m)
	case arena.EvMove:
		num("x", e.X)
		num("y", e.Y)
	case arena.EvTurn:
		str("dir", e.Dir.String())
	case arena.EvTrans, arena.EvRTrans:
		num("target", e.Target)
		num("from_bank", e.FromBank)
		num("to_bank", e.ToBank)
	case arena.EvActivate, arena.EvDeactivate:
		num("target", e.Target)
	case arena.EvDeath:
		str("reason", e.Reason.String())
	case arena.EvInit:
		num("new_task", e.NewTask)
		num("bank", e.Bank)
		num("instr", e.Instr)
		num("replaced", e.Replaced)
	case arena.EvBreak:
		b = append(b, `,"ended":[`...)
		for i, n := range e.Ended {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(n), 10)
		}
		b = append(b, ']')
	}
	return append(b, '}', '\n')
}

// printRound prints one round as a table.
func printRound(w io.Writer, tw *termtext.Table, r roundJSON) {
	winner := "none (draw)"
	if r.Winner != nil {
		winner = *r.Winner
	}
	fmt.Fprintf(w, "\nround %d (seed %d): %s, %s, winner: %s\n", r.Round, r.Seed, termtext.CountNoun(r.Cycles, "cycle"), termtext.CountNoun(r.Instructions, "instruction"), winner)
	fmt.Fprintln(tw, "  rank\tprogram\tfile\talive\trobots\tdied at")
	for _, p := range r.Programs {
		alive, died := "yes", "-"
		if !p.Alive {
			alive, died = "no", strconv.Itoa(*p.DiedAt)
		}
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%d\t%s\n", p.Rank, termtext.Escape(p.Name), termtext.Escape(p.File), alive, p.Robots, died)
	}
	tw.Flush()
}
