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
	"sort"
	"strings"

	"robocom/corewars/play"
	"robocom/internal/bouts"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
)

// isCoreTournament reports whether a tournament's arguments name Core War programs (.red,
// .cw, .vna files, or a folder holding such files and no RoboCom program): those go to
// coreTournamentMain, the rest to the RoboCom tournament. Where no argument names a program
// of either game (a folder of folders), an option only Core War has (-s, -swiss, ...) decides:
// its user then reads what is wrong with the folder, not that -s is not a RoboCom option.
func isCoreTournament(args []string) bool {
	core, roboFlags := tournamentFlagSets()
	flags, programs := flagArgs(args, core, roboFlags) // ("-o x.red" names an output, not a program)
	coreFlag, robo := false, false
	for _, a := range flags {
		coreFlag = coreFlag || flagOnlyIn(core, roboFlags, a)
	}
	for _, a := range programs {
		if play.IsCoreFile(a) {
			return true
		}
		if ext := strings.ToLower(filepath.Ext(a)); ext == ".rob" || ext == ".rbi" {
			robo = true
		}
		if st, err := os.Stat(a); err == nil && st.IsDir() {
			c, r := countProgramKinds(a)
			if c > 0 && r == 0 {
				return true
			}
			robo = robo || r > 0
		}
	}
	return coreFlag && !robo
}

// flagOnlyIn reports whether arg (-name, --name or -name=value) is an option of has that
// lacks does not have: an option of the Core War tournament only, or of the RoboCom one only.
func flagOnlyIn(has, lacks *flag.FlagSet, arg string) bool {
	name, _, ok := flagName(arg)
	return ok && has.Lookup(name) != nil && lacks.Lookup(name) == nil
}

// otherGamesFlag is the name of the first option in args that the other game's tournament has
// and this one (own) does not, "" if none: told as such, not as "flag provided but not
// defined", for it is defined, for the other game. Values are read as own's flags take them
// ("-o -s" writes a part to the file -s), and a help flag before it stops the search, as the
// flag package stops there and prints the help.
func otherGamesFlag(args []string, own, other *flag.FlagSet) string {
	flags, _ := flagArgs(args, own)
	for _, a := range flags {
		if isHelpFlag(a) {
			return ""
		}
		if flagOnlyIn(other, own, a) {
			name, _, _ := flagName(a)
			return name
		}
	}
	return ""
}

// tournamentFlagSets are the flags of the Core War tournament and of the RoboCom one.
func tournamentFlagSets() (core, robo *flag.FlagSet) {
	core, _ = newCoreTournamentFlags(io.Discard)
	robo = flag.NewFlagSet("tournament", flag.ContinueOnError)
	var gf gameFlags
	gf.register(robo, 10, false)
	var sf shardFlags
	sf.register(robo)
	return core, robo
}

func countProgramKinds(dir string) (core, robo int) {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		switch ext := filepath.Ext(e.Name()); {
		case play.IsCoreFile(e.Name()):
			core++
		case ext == ".rob" || ext == ".rbi":
			robo++
		}
	}
	return core, robo
}

// coreTournamentFlags are the options of a Core War tournament.
type coreTournamentFlags struct {
	seed        int64
	seedSet     bool
	rounds      int
	swiss       bool
	core        coreFlags
	copies      int
	json, quiet bool
	shard       shardFlags
}

// newCoreTournamentFlags defines the options of a Core War tournament on a flag set that
// writes to w; the RoboCom tournament's help lists them too.
func newCoreTournamentFlags(w io.Writer) (*flag.FlagSet, *coreTournamentFlags) {
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	fs.SetOutput(w)
	f := &coreTournamentFlags{}
	seedFlag(fs, "seed of round 1 of every pairing (round-robin: round k of a pairing uses seed+k-1; Swiss: round k of the tournament uses seed+k-1); default random, always printed", &f.seed, &f.seedSet)
	fs.IntVar(&f.rounds, "rounds", 10, fmt.Sprintf("rounds a pairing (round-robin); the Swiss system always plays %d", play.SwissBattles))
	fs.BoolVar(&f.swiss, "swiss", false, "the Atari ST Swiss system instead of round-robin")
	f.core.register(fs, true)
	fs.IntVar(&f.copies, "copies", 1, "processes per program (.cw only)")
	fs.BoolVar(&f.json, "json", false, "print the result as JSON")
	fs.BoolVar(&f.quiet, "q", false, "no progress line on a terminal")
	f.shard.register(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), coreTournamentUsage)
		fs.PrintDefaults()
	}
	return fs, f
}

const coreTournamentUsage = "usage: robocom tournament [options] PROGRAM.red|.cw|.vna ... | DIR   (at least 2 programs, one language)"

// coreTournamentMain is `robocom tournament` for the core languages: round-robin (every
// pairing, -rounds rounds each, 3 points a win, 1 a draw) or, with -swiss, the Atari ST
// Corewar's Swiss system (⌈log₂ n⌉ Swiss rounds of pairings by points, 3 rounds each, 2
// points a win, 1 a draw).
func coreTournamentMain(args []string, stdout, stderr io.Writer) int {
	fs, f := newCoreTournamentFlags(stderr)
	rounds, swiss, copies, asJSON, quiet, sf, core := &f.rounds, &f.swiss, &f.copies, &f.json, &f.quiet, &f.shard, &f.core
	usageErr := usageError(stderr, "tournament")
	_, roboFlags := tournamentFlagSets()
	if name := otherGamesFlag(args, fs, roboFlags); name != "" {
		return usageErr("-%s is an option of RoboCom tournaments, and these programs are Core War's", name)
	}
	pos, err := parseInterspersed(fs, args, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	seed, seedSet := f.seed, f.seedSet
	var files []string
	var unreadable []error // "file: why", status 1, as core and battle say of a missing program
	for _, a := range pos {
		st, err := os.Stat(a)
		if err != nil {
			unreadable = append(unreadable, userfile.Check(a, userfile.CoreSource))
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
		n := 0
		for _, e := range ents {
			if !e.IsDir() && play.IsCoreFile(e.Name()) {
				files = append(files, filepath.Join(a, e.Name()))
				n++
			}
		}
		if n == 0 {
			return usageErr("directory %s holds no .red, .cw or .vna program", a)
		}
	}
	if len(unreadable) > 0 {
		return printUnreadable(stderr, unreadable)
	}
	if len(files) < 2 {
		return usageErr("a tournament needs at least 2 programs, got %d", len(files))
	}
	lang := play.LanguageOf(files[0])
	for _, f := range files {
		if l := play.LanguageOf(f); l != lang {
			return usageErr("%s and %s are in different languages; a tournament's programs must be all .red, all .cw or all .vna", files[0], f)
		}
	}
	given := givenFlags(fs)
	rset := given["rounds"]
	switch {
	case *swiss && rset && *rounds != play.SwissBattles:
		return usageErr("the Swiss system plays %d rounds a pairing; leave out -rounds", play.SwissBattles)
	case *rounds < 1:
		return usageErr("-rounds must be at least 1, not %d", *rounds)
	case *copies < 1:
		return usageErr("-copies must be at least 1, not %d", *copies)
	case lang != play.CW && *copies != 1:
		return usageErr("-copies is for .cw programs; %s loads each program once", lang)
	}
	p, err := core.params(lang)
	if err != nil {
		return usageErr("%v", err)
	}
	progs, ok := loadCorePrograms(stderr, files, p)
	if !ok {
		return 1
	}
	if !seedSet {
		seed = randomSeed()
	}
	cs := make([]int, len(progs))
	for i := range cs {
		cs[i] = *copies
	}
	// Parameters two programs cannot be placed with are bad usage, told before any bout.
	if _, err := play.NewGame(progs[:2], cs[:2], p, seed); err != nil { // (at least 2: checked above)
		return usageErr("%v", err)
	}
	sys := play.RoundRobin
	if *swiss {
		sys = play.Swiss
	}
	if !*swiss {
		if err := bouts.RoundRobinPlan(len(progs), seed, *rounds).Check(); err != nil {
			return usageErr("%v", err)
		}
	}
	if sf.wanted() {
		k, n, err := sf.parse(*asJSON, seedSet)
		if err == nil && *swiss {
			err = errors.New("-shard plays a part of a round-robin; the Swiss system's pairings depend on the results so far")
		}
		if err == nil {
			err = sameInputs(sf.out, files, "one of the programs")
		}
		if err != nil {
			return usageErr("%v", err)
		}
		m := &play.Match{Programs: progs, Copies: cs, Params: p, Plan: bouts.RoundRobinPlan(len(progs), seed, *rounds)}
		h := &bouts.PartHeader{Format: bouts.PartFormat, Game: "core", Shard: k, Shards: n, Bouts: m.Plan.Bouts(),
			Seed: seed, Rounds: *rounds, Language: langName[lang], Params: coreParamsJSON(p), Copies: *copies}
		h.From, h.To = bouts.Shard(h.Bouts, k, n)
		for _, pr := range progs {
			h.Programs = append(h.Programs, bouts.PartProgram{Name: pr.Name, File: pr.File, SHA256: sha256Hex(pr.Source)})
		}
		return writeShard("tournament", stdout, stderr, sf.out, *quiet, h, m.Play)
	}
	ctx, interrupted := onInterrupt()
	defer interrupted.stop()
	var prog *progress
	res, err := play.PlayTournament(ctx, sys, progs, cs, p, seed, *rounds, bouts.Workers(), func(done, total int) {
		if prog == nil && done == 1 {
			prog = newProgress(stderr, *quiet, "rounds", total)
		}
		prog.step()
	})
	prog.finish()
	if err != nil && ctx.Err() == nil {
		return failed(stderr, "robocom tournament", err)
	}
	if err := writeCoreTournament(stdout, res, lang, len(progs), *asJSON, ctx.Err() != nil); err != nil {
		return failed(stderr, "robocom tournament: writing the result", err)
	}
	if ctx.Err() != nil {
		return interrupted.status()
	}
	return 0
}

// writeCoreTournament prints the result as JSON or as a table.
func writeCoreTournament(w io.Writer, res *play.Result, lang play.Language, n int, asJSON, interrupted bool) error {
	bw := bufio.NewWriter(w)
	if asJSON {
		out, _ := json.MarshalIndent(coreTournamentJSON(res, lang, interrupted), "", "  ")
		fmt.Fprintf(bw, "%s\n", out)
	} else {
		printCoreTournament(bw, res, lang, n, interrupted)
	}
	return bw.Flush()
}

type coreTournamentOut struct {
	Language string           `json:"language"`
	System   string           `json:"system"` // "round-robin" or "swiss"
	Seed     int64            `json:"seed"`
	Rounds   int              `json:"rounds"`                 // per pairing, as in the RoboCom tournament's JSON
	Swiss    int              `json:"swiss_rounds,omitempty"` // the Swiss system's rounds of pairings
	Win      int              `json:"points_win"`
	Draw     int              `json:"points_draw"`
	Programs []coreStandingJS `json:"programs"`
	Pairings []corePairingJS  `json:"pairings"`
	// Interrupted is true when Ctrl-C or SIGTERM stopped the tournament after RoundsPlayed
	// rounds: the standings count those only.
	Interrupted  bool `json:"interrupted,omitempty"`
	RoundsPlayed int  `json:"rounds_played,omitempty"`
}

// coreStandingJS is a RoboCom tournament's standing plus the Swiss system's byes.
type coreStandingJS struct {
	standingJSON
	Byes int `json:"byes"`
}

type corePairingJS struct {
	Round int `json:"round"`
	A     int `json:"a"`
	B     int `json:"b"`
	AWins int `json:"a_wins"`
	BWins int `json:"b_wins"`
	Draws int `json:"draws"`
}

func coreTournamentJSON(res *play.Result, lang play.Language, interrupted bool) coreTournamentOut {
	out := coreTournamentOut{Language: langName[lang], System: "round-robin", Seed: res.Seed, Rounds: res.Battles, Win: 3, Draw: 1,
		Programs: []coreStandingJS{}, Pairings: []corePairingJS{}} // (lists, never null: a hill may hold fewer than 2 programs)
	if interrupted {
		out.Interrupted, out.RoundsPlayed = true, res.Played
	}
	if res.System == play.Swiss {
		out.System, out.Swiss, out.Win = "swiss", res.Rounds, 2
	}
	for i, s := range res.Standings {
		rank := i + 1
		if i > 0 && s.Points == res.Standings[i-1].Points && s.Wins == res.Standings[i-1].Wins {
			rank = out.Programs[i-1].Rank
		}
		out.Programs = append(out.Programs, coreStandingJS{standingJSON{rank, s.Index, s.Name, s.File, s.Points, s.Wins, s.Draws, s.Losses}, s.Byes})
	}
	for _, pg := range res.Pairings {
		out.Pairings = append(out.Pairings, corePairingJS{pg.Round, pg.A, pg.B, pg.AWins, pg.BWins, pg.Draws})
	}
	sort.SliceStable(out.Pairings, func(i, j int) bool { return out.Pairings[i].Round < out.Pairings[j].Round })
	return out
}

func printCoreTournament(w io.Writer, res *play.Result, lang play.Language, n int, interrupted bool) {
	js := coreTournamentJSON(res, lang, interrupted)
	if res.System == play.Swiss {
		fmt.Fprintf(w, "%s, Swiss system: %d programs, %s, %d rounds a pairing (2 points a win, 1 a draw; a bye counts as %d draws), seed %d\n\n",
			lang, n, termtext.CountNoun(res.Rounds, "Swiss round"), res.Battles, res.Battles, res.Seed)
	} else {
		fmt.Fprintf(w, "%s, round-robin: %d programs, %s × %s (3 points a win, 1 a draw), seed %d\n\n",
			lang, n, termtext.CountNoun(n*(n-1)/2, "pairing"), termtext.CountNoun(res.Battles, "round"), res.Seed)
	}
	if interrupted {
		fmt.Fprintf(w, "interrupted after %s: the standings count those only\n\n", termtext.CountNoun(res.Played, "round"))
	}
	tw := termtext.NewTable(w, termtext.AlignRight)
	head := "rank\tpoints\twins\tdraws\tlosses\t"
	if res.System == play.Swiss {
		head += "byes\t"
	}
	fmt.Fprintln(tw, head+"  program\t")
	standings := make([]standingJSON, len(js.Programs))
	for i, s := range js.Programs {
		standings[i] = s.standingJSON
	}
	shown := shownNames(standings)
	for i, s := range js.Programs {
		line := fmt.Sprintf("%d\t%d\t%d\t%d\t%d\t", s.Rank, s.Points, s.Wins, s.Draws, s.Losses)
		if res.System == play.Swiss {
			line += fmt.Sprintf("%d\t", s.Byes)
		}
		fmt.Fprintf(tw, "%s  %s\t\n", line, shown[i])
	}
	tw.Flush()
}
