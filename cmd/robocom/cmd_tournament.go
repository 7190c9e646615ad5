package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"robocom/arena"
	"robocom/internal/bouts"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
	"robocom/robolang"
)

// tournamentMain is "robocom tournament [options] PROGRAM...|DIR" (CLI.md): every pairing,
// -rounds rounds each, in parallel over all cores; a ranking by points (3 per win, 1 per draw).
func tournamentMain(args []string, stdout, stderr io.Writer) int {
	if isCoreTournament(args) { // .red, .cw, .vna: cmd_tournament_core.go
		return coreTournamentMain(args, stdout, stderr)
	}
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var gf gameFlags
	gf.register(fs, 10, false)
	var sf shardFlags
	sf.register(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: robocom tournament [options] PROGRAM.rob|.rbi ... | DIR   (at least 2 programs)")
		fs.PrintDefaults()
		core, _ := newCoreTournamentFlags(fs.Output())
		fmt.Fprintln(fs.Output(), "\nCore War programs take these options instead:")
		core.Usage()
	}
	usageErr := usageError(stderr, "tournament")
	core, _ := tournamentFlagSets()
	if name := otherGamesFlag(args, fs, core); name != "" {
		return usageErr("-%s is an option of Core War tournaments, and these programs are RoboCom's", name)
	}
	args, err := parseInterspersed(fs, args, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	set := givenFlags(fs)
	files, unreadable, err := expandProgramArgs(args, set["options"] || set["opt"])
	if err != nil {
		return usageErr("%v", err)
	}
	if len(unreadable) > 0 { // "file: why", status 1, as battle says of a missing program
		return printUnreadable(stderr, unreadable)
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
	progs, ok := loadPrograms(stderr, files, language(opts))
	if !ok {
		return 1
	}
	seed := gf.resolveSeed()
	t := arena.NewTournament(progs, opts, seed, gf.rounds)
	if err := t.Plan.Check(); err != nil {
		return usageErr("%v", err)
	}
	if sf.wanted() {
		k, n, err := sf.parse(gf.json, gf.seedSet)
		if err != nil {
			return usageErr("%v", err)
		}
		if err := sameInputs(sf.out, files, "one of the programs"); err != nil {
			return usageErr("%v", err)
		}
		if err := checkOutputPath("-o", "part0.jsonl", sf.out.file(), []string{string(gf.options)}); err != nil {
			return usageErr("%v", err) // the option set's file is an input too, as for battle -trace
		}
		h := &bouts.PartHeader{Format: bouts.PartFormat, Game: "robocom", Shard: k, Shards: n, Bouts: t.Plan.Bouts(),
			Seed: seed, Rounds: gf.rounds, Options: optionValues(opts)}
		h.From, h.To = bouts.Shard(h.Bouts, k, n)
		h.Programs = partPrograms(progs)
		return writeShard("tournament", stdout, stderr, sf.out, gf.quiet, h, t.Play)
	}
	ctx, interrupted := onInterrupt()
	defer interrupted.stop()
	st := arena.NewStanding(arena.Entries(progs), t.Plan)
	prog := newProgress(stderr, gf.quiet, "rounds", t.Plan.Bouts())
	_, err = t.Play(ctx, 0, t.Plan.Bouts(), func(r bouts.Result) error {
		st.Add(r)
		prog.step()
		return nil
	})
	prog.finish()
	if err != nil && ctx.Err() == nil {
		return failed(stderr, "robocom tournament", err)
	}
	res := newTournamentJSON(opts, seed, t.Plan, st, ctx.Err() != nil)
	if err := writeTournament(stdout, res, gf.json); err != nil {
		return failed(stderr, "robocom tournament: writing the result", err)
	}
	if ctx.Err() != nil {
		return interrupted.status()
	}
	return 0
}

// partPrograms are the programs as a part's header names them, each hashed from the bytes
// it was loaded from (as Core War's, pr.Source): reading the file again could hash a file
// changed since, naming programs other than those played.
func partPrograms(progs []*robolang.Program) []bouts.PartProgram {
	var out []bouts.PartProgram
	for _, p := range progs {
		out = append(out, bouts.PartProgram{Name: p.Name, File: p.File, SHA256: sha256Hex(p.Source)})
	}
	return out
}

// writeTournament prints the result as JSON or as a table.
func writeTournament(w io.Writer, res *tournamentJSON, asJSON bool) error {
	bw := bufio.NewWriter(w)
	if asJSON {
		out, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintf(bw, "%s\n", out)
	} else {
		printTournament(bw, res)
	}
	return bw.Flush()
}

// expandProgramArgs replaces each directory by its .rob and .rbi files (sorted by name). A
// directory without any says which programs were looked for: RoboCom's when the game is
// decided (roboFlags: a RoboCom-only option was given; or another argument is a RoboCom
// program or a directory holding one), else both games' (a Core War tournament comes here
// only when its programs are not found either: isCoreTournament). An argument that names
// nothing to read (no such file, permission denied) is no usage mistake: its sentence is in
// unreadable, every one of them, as loadPrograms reports every program that does not load.
func expandProgramArgs(args []string, roboFlags bool) (files []string, unreadable []error, err error) {
	robo := roboFlags
	for _, a := range args {
		if ext := strings.ToLower(filepath.Ext(a)); ext == ".rob" || ext == ".rbi" {
			robo = true
		} else if st, err := os.Stat(a); err == nil && st.IsDir() {
			_, r := countProgramKinds(a)
			robo = robo || r > 0
		}
	}
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			unreadable = append(unreadable, userfile.Check(a, userfile.Program)) // the sentence for a missing file
			continue
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		ents, err := userfile.ReadDir(a)
		if err != nil { // (a folder that cannot be read is told as a file that cannot be)
			unreadable = append(unreadable, err)
			continue
		}
		// A folder of both games is refused, as one of two Core War languages is: playing
		// its RoboCom programs and leaving the others out without a word would not be "every
		// program in DIR".
		if c, r := countProgramKinds(a); c > 0 && r > 0 {
			return nil, nil, fmt.Errorf("directory %s holds programs of both games: %s and %s; a tournament plays one game (put them in folders of their own)",
				termtext.Escape(a), termtext.CountNoun(r, "RoboCom program"), termtext.CountNoun(c, "Core War program"))
		}
		n := 0
		for _, e := range ents {
			ext := strings.ToLower(filepath.Ext(e.Name()))
			if !e.IsDir() && (ext == ".rob" || ext == ".rbi") {
				files = append(files, filepath.Join(a, e.Name()))
				n++
			}
		}
		if n == 0 && robo {
			return nil, nil, fmt.Errorf("directory %s holds no .rob or .rbi program", termtext.Escape(a))
		}
		if n == 0 {
			return nil, nil, fmt.Errorf("directory %s holds no program: no RoboCom program (.rob, .rbi) and no Core War program (.red, .cw, .vna)", termtext.Escape(a))
		}
	}
	return files, unreadable, nil
}

type tournamentJSON struct {
	Options  string         `json:"options"`
	Board    int            `json:"board"`
	Timeout  int            `json:"timeout"`
	Seed     int64          `json:"seed"`
	Rounds   int            `json:"rounds"`
	Programs []standingJSON `json:"programs"`
	Pairings []pairingJSON  `json:"pairings"`
	// Interrupted is true when Ctrl-C or SIGTERM stopped the tournament after RoundsPlayed
	// rounds (in plan order): the standings count those only.
	Interrupted  bool `json:"interrupted,omitempty"`
	RoundsPlayed int  `json:"rounds_played,omitempty"`
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

// newTournamentJSON is the result of CLI.md from a standing.
func newTournamentJSON(opts *arena.Options, seed int64, plan bouts.Plan, st *arena.Standing, interrupted bool) *tournamentJSON {
	out := &tournamentJSON{Options: opts.Name, Board: opts.Board, Timeout: opts.Timeout, Seed: seed, Rounds: plan.Rounds,
		Programs: []standingJSON{}, Pairings: []pairingJSON{}}
	for _, p := range st.Ranked() {
		out.Programs = append(out.Programs, standingJSON{Rank: p.Rank, Index: p.Index, Name: p.Name, File: p.File,
			Points: p.Points(), Wins: p.Wins, Draws: p.Draws, Losses: p.Losses})
	}
	for _, pg := range st.Pairings {
		out.Pairings = append(out.Pairings, pairingJSON{A: pg.A, B: pg.B, AWins: pg.AWins, BWins: pg.BWins, Draws: pg.Draws})
	}
	if interrupted {
		out.Interrupted, out.RoundsPlayed = true, st.Bouts
	}
	return out
}

func printTournament(w io.Writer, res *tournamentJSON) {
	n := len(res.Programs)
	fmt.Fprintf(w, "%d programs, %s × %s; option set %s, board %d×%d, time limit %d cycles, seed %d\n\n",
		n, termtext.CountNoun(n*(n-1)/2, "pairing"), termtext.CountNoun(res.Rounds, "round"), termtext.Escape(res.Options), res.Board, res.Board, res.Timeout, res.Seed)
	if res.Interrupted {
		fmt.Fprintf(w, "interrupted after %d of %d rounds: the standings count those only\n\n", res.RoundsPlayed, len(res.Pairings)*res.Rounds)
	}
	tw := termtext.NewTable(w, termtext.AlignRight)
	fmt.Fprintln(tw, "rank\tpoints\twins\tdraws\tlosses\t  program\t")
	shown := shownNames(res.Programs)
	for i, s := range res.Programs {
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t  %s\t\n", s.Rank, s.Points, s.Wins, s.Draws, s.Losses, shown[i])
	}
	tw.Flush()
}

// shownNames are the standings' names as a table prints them: escaped, and two programs of
// one name (two versions of a program) told apart by their files, as the windows do, then
// by their places among the arguments ("#2": the second program given).
func shownNames(standings []standingJSON) []string {
	names, files := make([]string, len(standings)), make([]string, len(standings))
	for _, s := range standings { // by program index, so that "#n" does not follow the ranks
		names[s.Index], files[s.Index] = termtext.Escape(s.Name), termtext.Escape(filepath.Base(s.File))
	}
	byIndex := termtext.TellApart(names, files)
	shown := make([]string, len(standings))
	for i, s := range standings {
		shown[i] = byIndex[s.Index]
	}
	return shown
}
