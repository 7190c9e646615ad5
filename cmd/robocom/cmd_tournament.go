package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"

	"robocom/arena"
	"robocom/robolang"
	"robocom/robolang/userfile"
)

// runTournament is "robocom tournament [options] PROGRAM...|DIR" (CLI.md): every pairing,
// -rounds bouts each, in parallel over all cores; a ranking by points (3 per win, 1 per draw).
func runTournament(args []string) int {
	return tournamentMain(args, os.Stdout, os.Stderr)
}

func tournamentMain(args []string, stdout, stderr io.Writer) int {
	if isCoreTournament(args) { // .red, .cw, .vna: cmd_tournament_core.go
		return coreTournamentMain(args, stdout, stderr)
	}
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var gf gameFlags
	gf.register(fs, 10, false)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: robocom tournament [options] PROGRAM... | DIR   (at least 2 programs)")
		fs.PrintDefaults()
	}
	args, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	usageErr := usageError(stderr, "tournament")
	files, err := expandProgramArgs(args)
	if err != nil {
		return usageErr("%v", err)
	}
	if len(files) < 2 {
		return usageErr("a tournament needs at least 2 programs, got %d", len(files))
	}
	if gf.rounds < 1 {
		return usageErr("-rounds must be at least 1, not %d", gf.rounds)
	}
	opts, err := gf.optionSet()
	if err != nil {
		return usageErr("%v", err)
	}
	progs, ok := loadPrograms(stderr, files)
	if !ok {
		return 1
	}
	seed := gf.resolveSeed()
	res, err := playTournament(progs, opts, seed, gf.rounds, runtime.NumCPU())
	if err != nil {
		fmt.Fprintf(stderr, "robocom tournament: %v\n", err)
		return 1
	}
	if gf.json {
		out, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintf(stdout, "%s\n", out)
	} else {
		printTournament(stdout, res)
	}
	return 0
}

// expandProgramArgs replaces each directory by its .rob and .rbi files (sorted by name).
func expandProgramArgs(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, userfile.Check(a, userfile.Program) // the sentence for a missing file
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		ents, err := os.ReadDir(a)
		if err != nil {
			return nil, fmt.Errorf("cannot read directory %s: %v", a, err)
		}
		n := 0
		for _, e := range ents {
			ext := strings.ToLower(filepath.Ext(e.Name()))
			if !e.IsDir() && (ext == ".rob" || ext == ".rbi") {
				files = append(files, filepath.Join(a, e.Name()))
				n++
			}
		}
		if n == 0 {
			return nil, fmt.Errorf("directory %s holds no .rob or .rbi program", a)
		}
	}
	return files, nil
}

type tournamentJSON struct {
	Options  string         `json:"options"`
	Board    int            `json:"board"`
	Timeout  int            `json:"timeout"`
	Seed     int64          `json:"seed"`
	Rounds   int            `json:"rounds"`
	Programs []standingJSON `json:"programs"`
	Pairings []pairingJSON  `json:"pairings"`
}

type standingJSON struct {
	Rank   int    `json:"rank"`
	Index  int    `json:"index"`
	Name   string `json:"name"`
	File   string `json:"file"`
	Points int    `json:"points"`
	Wins   int    `json:"wins"`
	Draws  int    `json:"draws"`
	Losses int    `json:"losses"`
}

type pairingJSON struct {
	A     int `json:"a"` // program indexes
	B     int `json:"b"`
	AWins int `json:"a_wins"`
	BWins int `json:"b_wins"`
	Draws int `json:"draws"`
}

// playTournament plays every pairing (i < j) for the given rounds, bout k with seed+k-1,
// the bouts spread over workers goroutines. The result does not depend on the scheduling.
func playTournament(progs []*robolang.Program, opts *arena.Options, seed int64, rounds, workers int) (*tournamentJSON, error) {
	type job struct{ pair, k int }
	var pairs [][2]int
	for i := range progs {
		for j := i + 1; j < len(progs); j++ {
			pairs = append(pairs, [2]int{i, j})
		}
	}
	winners := make([]int8, len(pairs)*rounds) // 0 a wins, 1 b wins, 2 draw
	var firstErr error
	var errOnce sync.Once
	jobs := make(chan job, 256)
	var wg sync.WaitGroup
	for w := 0; w < max(1, workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for jb := range jobs {
				p := pairs[jb.pair]
				g, err := arena.New(arena.Config{Programs: []*robolang.Program{progs[p[0]], progs[p[1]]},
					Options: opts, Seed: seed + int64(jb.k)})
				if err != nil {
					errOnce.Do(func() { firstErr = err })
					continue
				}
				g.Run()
				res := g.Result()
				g.Release() // its buffers go to the next bout
				w := int8(2)
				switch res.Winner {
				case 0:
					w = 0
				case 1:
					w = 1
				}
				winners[jb.pair*rounds+jb.k] = w
			}
		}()
	}
	for pi := range pairs {
		for k := 0; k < rounds; k++ {
			jobs <- job{pi, k}
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}

	out := &tournamentJSON{Options: opts.Name, Board: opts.Board, Timeout: opts.Timeout, Seed: seed, Rounds: rounds}
	st := make([]standingJSON, len(progs))
	for i, p := range progs {
		st[i] = standingJSON{Index: i, Name: p.Name, File: p.File}
	}
	for pi, p := range pairs {
		pj := pairingJSON{A: p[0], B: p[1]}
		for k := 0; k < rounds; k++ {
			switch winners[pi*rounds+k] {
			case 0:
				pj.AWins++
			case 1:
				pj.BWins++
			default:
				pj.Draws++
			}
		}
		a, b := &st[p[0]], &st[p[1]]
		a.Wins += pj.AWins
		a.Losses += pj.BWins
		a.Draws += pj.Draws
		b.Wins += pj.BWins
		b.Losses += pj.AWins
		b.Draws += pj.Draws
		out.Pairings = append(out.Pairings, pj)
	}
	for i := range st {
		st[i].Points = 3*st[i].Wins + st[i].Draws
	}
	sort.SliceStable(st, func(i, j int) bool {
		if st[i].Points != st[j].Points {
			return st[i].Points > st[j].Points
		}
		return st[i].Wins > st[j].Wins
	})
	for i := range st {
		st[i].Rank = i + 1
		if i > 0 && st[i].Points == st[i-1].Points && st[i].Wins == st[i-1].Wins {
			st[i].Rank = st[i-1].Rank
		}
	}
	out.Programs = st
	return out, nil
}

func printTournament(w io.Writer, res *tournamentJSON) {
	n := len(res.Programs)
	fmt.Fprintf(w, "%d programs, %d pairings × %d bouts; option set %s, board %d×%d, time limit %d cycles, seed %d\n\n",
		n, n*(n-1)/2, res.Rounds, res.Options, res.Board, res.Board, res.Timeout, res.Seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "rank\tpoints\twins\tdraws\tlosses\t  program\t")
	for _, s := range res.Programs {
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t  %s\t\n", s.Rank, s.Points, s.Wins, s.Draws, s.Losses, s.Name)
	}
	tw.Flush()
}
