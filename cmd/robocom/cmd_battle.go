package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"text/tabwriter"

	"robocom/arena"
	"robocom/robolang"
	"robocom/robolang/userfile"
)

// runBattle is "robocom battle [options] PROGRAM..." (CLI.md): 1 to 5 programs, headless.
func runBattle(args []string) int {
	return battleMain(args, os.Stdout, os.Stderr)
}

func battleMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("battle", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var gf gameFlags
	gf.register(fs, 1, true)
	trace := fs.String("trace", "", "write every event as JSON lines to `FILE`")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: robocom battle [options] PROGRAM.rob|PROGRAM.rbi ... (1 to 5 programs)")
		fs.PrintDefaults()
	}
	files, err := parseInterspersed(fs, args)
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
	if len(files) > arena.MaxPrograms {
		return usageErr("%d programs given; a battle takes 1 to %d", len(files), arena.MaxPrograms)
	}
	if gf.rounds < 1 {
		return usageErr("-rounds must be at least 1, not %d", gf.rounds)
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
	if *trace != "" {
		if err := checkOutputPath("-trace", *trace, append(slices.Clip(files), gf.options)); err != nil {
			return usageErr("%v", err)
		}
	}
	progs, ok := loadPrograms(stderr, files)
	if !ok {
		return 1
	}
	seed := gf.resolveSeed()

	var tw io.Writer
	var finishTrace func() error
	if *trace != "" {
		f, err := userfile.Create(*trace) // never blocks on a FIFO without a reader
		if err != nil {
			fmt.Fprintf(stderr, "robocom battle: cannot write the trace: %v\n", err)
			return 1
		}
		bw := bufio.NewWriterSize(f, 1<<16)
		// A trace that could not be written in full fails the command (a full disk must not
		// pass for success); the error is the first one, which bufio keeps.
		finishTrace = func() error {
			err := bw.Flush()
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			return err
		}
		tw = bw
	}
	res, err := playBattle(progs, opts, seed, gf.rounds, places, tw)
	if finishTrace != nil {
		if terr := finishTrace(); terr != nil {
			fmt.Fprintf(stderr, "robocom battle: writing the trace %s failed: %v\n", *trace, unwrapPath(terr))
			return 1
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "robocom battle: %v\n", err)
		return 1
	}
	if gf.json {
		out, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintf(stdout, "%s\n", out)
	} else {
		printBattle(stdout, res)
	}
	return 0
}

// The result JSON of CLI.md, field by field.
type battleJSON struct {
	Options string      `json:"options"`
	Board   int         `json:"board"`
	Timeout int         `json:"timeout"`
	Seed    int64       `json:"seed"`
	Rounds  []roundJSON `json:"rounds"`
	Totals  []totalJSON `json:"totals"`
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

// playBattle plays the rounds (round k with seed+k-1). With a trace writer the rounds run
// one after the other so that the lines come in order; without, they run in parallel
// (the results do not depend on it).
func playBattle(progs []*robolang.Program, opts *arena.Options, seed int64, rounds int, places []arena.Placement, trace io.Writer) (*battleJSON, error) {
	results := make([]arena.Result, rounds)
	errs := make([]error, rounds)
	play := func(k int, onEvent func(arena.Event)) {
		g, err := arena.New(arena.Config{Programs: progs, Options: opts, Seed: seed + int64(k), Places: places, OnEvent: onEvent})
		if err != nil {
			errs[k] = err
			return
		}
		g.Run()
		results[k] = g.Result()
		g.Release()
	}
	if trace != nil {
		var buf []byte
		for k := 0; k < rounds; k++ {
			round := k + 1
			play(k, func(e arena.Event) {
				buf = appendTraceLine(buf[:0], round, e)
				trace.Write(buf)
			})
		}
	} else {
		var wg sync.WaitGroup
		next := make(chan int)
		for w := 0; w < min(rounds, runtime.NumCPU()); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := range next {
					play(k, nil)
				}
			}()
		}
		for k := 0; k < rounds; k++ {
			next <- k
		}
		close(next)
		wg.Wait()
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}

	out := &battleJSON{Options: opts.Name, Board: opts.Board, Timeout: opts.Timeout, Seed: seed}
	totals := make([]totalJSON, len(progs))
	for i, p := range progs {
		totals[i] = totalJSON{Index: i, Name: p.Name}
	}
	for k, res := range results {
		rj := roundJSON{Round: k + 1, Seed: seed + int64(k), Cycles: res.Cycles, Instructions: res.Instructions,
			Programs: []programJSON{}, Deaths: []deathJSON{}}
		if res.Winner >= 0 {
			name := res.Programs[res.Winner].Name
			rj.Winner = &name
		}
		for i, p := range res.Programs {
			pj := programJSON{Index: p.Index, Name: p.Name, File: p.File, Alive: p.Alive, Robots: p.Robots, Rank: p.Rank}
			if !p.Alive {
				d := p.DiedAt
				pj.DiedAt = &d
			}
			rj.Programs = append(rj.Programs, pj)
			switch res.Outcome(i) {
			case arena.Win:
				totals[i].Wins++
			case arena.Draw:
				totals[i].Draws++
			default:
				totals[i].Losses++
			}
			totals[i].Points += res.Outcome(i).Points()
		}
		for _, d := range res.Deaths {
			rj.Deaths = append(rj.Deaths, deathJSON{Cycle: d.Cycle, Robot: d.Robot, Program: d.Program, Reason: d.Reason.String()})
		}
		out.Rounds = append(out.Rounds, rj)
	}
	out.Totals = totals
	return out, nil
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
	case arena.EvTrans:
		num("target", e.Target)
		num("from_bank", e.FromBank)
		num("to_bank", e.ToBank)
	case arena.EvActivate, arena.EvDeactivate:
		num("target", e.Target)
	case arena.EvDeath:
		str("reason", e.Reason.String())
	}
	return append(b, '}', '\n')
}

// printBattle prints the result as tables.
func printBattle(w io.Writer, res *battleJSON) {
	fmt.Fprintf(w, "option set %s, board %d×%d, time limit %d cycles, seed %d\n", res.Options, res.Board, res.Board, res.Timeout, res.Seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, r := range res.Rounds {
		winner := "none (draw)"
		if r.Winner != nil {
			winner = *r.Winner
		}
		fmt.Fprintf(w, "\nround %d (seed %d): %d cycles, %d instructions, winner: %s\n", r.Round, r.Seed, r.Cycles, r.Instructions, winner)
		fmt.Fprintln(tw, "  rank\tprogram\tfile\talive\trobots\tdied at")
		for _, p := range r.Programs {
			alive, died := "yes", "-"
			if !p.Alive {
				alive, died = "no", strconv.Itoa(*p.DiedAt)
			}
			fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%d\t%s\n", p.Rank, p.Name, p.File, alive, p.Robots, died)
		}
		tw.Flush()
	}
	if len(res.Rounds) > 1 || len(res.Totals) > 1 {
		fmt.Fprintf(w, "\ntotals over %d round(s)\n", len(res.Rounds))
		fmt.Fprintln(tw, "  program\twins\tdraws\tlosses\tpoints")
		for _, t := range res.Totals {
			fmt.Fprintf(tw, "  %s\t%d\t%d\t%d\t%d\n", t.Name, t.Wins, t.Draws, t.Losses, t.Points)
		}
		tw.Flush()
	}
}
