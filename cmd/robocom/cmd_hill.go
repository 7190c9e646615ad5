package main

// robocom hill: a standing set of programs in an SQLite file (internal/hill). Each subcommand
// opens the file, does one thing in transactions, and closes it; the file is the only state.

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"robocom/arena"
	"robocom/corewars/play"
	"robocom/internal/hill"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
)

const hillUsage = `usage: robocom hill COMMAND HILL [options] ...
  create HILL -game robocom|core [-rounds N] [-size N] [-seed N] [-opt k=v]... [-options SET]
              (Core War: -lang redcode|cw|vna, -coresize -cycles -threads -maxlength -mindist
              -dialect, or pMARS's -s -c -p -l -d)
  add HILL FILE... [-json] [-noplay]
                          add programs one after another: each plays the pairings it lacks and pushes the last off a full hill
  remove HILL NAME|FILE|#ID
                          take a program off (its results stay; adding it again brings it back)
  show HILL [-json] [-all | -pairing A B | -program NAME]
                          standings; every program stored; one pairing's rounds; one program's history
  play HILL [-json | -shard K/N -o PART.jsonl]  play the pairings still missing (all, or one part)
  import HILL PART.jsonl...                 store the parts' rounds (a stopped part: PART.jsonl.partial)
`

// hillMain is "robocom hill COMMAND HILL ..." (hillUsage): a standing set of programs in one
// SQLite file.
func hillMain(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || isHelpFlag(args[0]) || args[0] == "help" {
		w := stderr
		if len(args) > 0 {
			w = stdout
		}
		fmt.Fprint(w, hillUsage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "create":
		return hillCreate(rest, stdout, stderr)
	case "add":
		return hillAdd(rest, stdout, stderr)
	case "remove", "rm":
		return hillRemove(rest, stdout, stderr)
	case "show":
		return hillShow(rest, stdout, stderr)
	case "play":
		return hillPlay(rest, stdout, stderr)
	case "import":
		return hillImport(rest, stdout, stderr)
	}
	fmt.Fprintf(stderr, "robocom hill: unknown command %q\n%s", sub, hillUsage)
	return 2
}

// hillFlags parses a hill subcommand's flags (they may stand anywhere) and returns the
// positional arguments, or an exit status when it is done.
func hillFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, usage string) ([]string, int, bool) {
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: robocom hill "+usage)
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return nil, 0, false
	}
	if err != nil {
		return nil, 2, false
	}
	return pos, 0, true
}

func hillCreate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hill create", flag.ContinueOnError)
	var gf gameFlags
	gf.registerRules(fs, 10, false)
	game := fs.String("game", "", "robocom or core")
	size := fs.Int("size", 0, "most programs on the hill; a newcomer that makes it fuller pushes the last off (0: no limit)")
	lang := fs.String("lang", "redcode", "Core War: the language, redcode, cw or vna")
	var core coreFlags
	core.register(fs, false)
	pos, code, ok := hillFlags(fs, args, stdout, stderr, "create HILL -game robocom|core [options]")
	if !ok {
		return code
	}
	usageErr := usageError(stderr, "hill create")
	if len(pos) != 1 {
		return usageErr("give one hill file, not %d arguments", len(pos))
	}
	if pos[0] == "" {
		return usageErr("the hill file's name is empty; give the file to create")
	}
	set := givenFlags(fs)
	cfg := hill.Config{Rounds: gf.rounds, Size: *size, Seed: gf.resolveSeed()}
	switch *game {
	case "robocom":
		if n, ok := core.given(); ok || set["lang"] {
			if !ok {
				n = "lang"
			}
			return usageErr("-%s is a Core War parameter; this hill plays RoboCom", n)
		}
		opts, err := gf.optionSet()
		if err != nil {
			return usageErr("%v", err)
		}
		cfg.Game = &arena.HillGame{Options: opts}
	case "core":
		if set["options"] || len(gf.opts) > 0 {
			return usageErr("-options and -opt are RoboCom's; a Core War hill takes -coresize, -cycles, -threads, ...")
		}
		l, err := play.ParseLanguage(*lang)
		if err != nil {
			return usageErr("%v", err)
		}
		p, err := core.params(l)
		if err != nil {
			return usageErr("%v", err)
		}
		cfg.Game = &play.HillGame{Language: l, Params: p}
	case "":
		return usageErr("give the game: -game robocom or -game core")
	default:
		return usageErr("-game is robocom or core, not %q", *game)
	}
	if err := cfg.Check(); err != nil {
		return usageErr("%v", err)
	}
	if cfg.Rounds > hill.MaxRounds { // a value given on the command line, as -rounds 0
		return usageErr("-rounds %d is more than a hill plays a pairing (at most %d): each pairing's rounds are held in memory and stored at once", cfg.Rounds, hill.MaxRounds)
	}
	if err := hill.Create(pos[0], cfg); err != nil {
		fmt.Fprintf(stderr, "robocom hill create: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "created %s: %s, %s a pairing, seed %d, %s\n", pos[0], describeGame(cfg), termtext.CountNoun(cfg.Rounds, "round"), cfg.Seed, sizeText(cfg.Size))
	return 0
}

func describeGame(c hill.Config) string {
	robo, core := hillRules(c)
	if robo != nil {
		o := robo.Options
		return fmt.Sprintf("RoboCom, option set %s (board %d×%d, time limit %d cycles)", o.Name, o.Board, o.Board, o.Timeout)
	}
	p := core.Params
	s := fmt.Sprintf("Core War, %s, core %d, %d cycles, %d threads", core.Language, p.Size, p.Cycles, p.Threads)
	if core.Language == play.Redcode {
		s += fmt.Sprintf(", max length %d, min distance %d, dialect '%s", p.MaxLength, p.MinDist, p.Dialect)
	}
	return s
}

func sizeText(n int) string {
	if n == 0 {
		return "no size limit"
	}
	return fmt.Sprintf("at most %d programs", n)
}

// openHill opens the hill named by the first argument (only to read it unless write), saying
// why not on stderr.
func openHill(cmd string, pos []string, write bool, stderr io.Writer) (*hill.Hill, int) {
	if len(pos) == 0 || pos[0] == "" {
		fmt.Fprintf(stderr, "robocom hill %s: give the hill file first (its name is empty)\n", cmd)
		return nil, 2
	}
	h, err := openHillFile(pos[0], write)
	if err != nil {
		fmt.Fprintf(stderr, "robocom hill %s: %v\n", cmd, err)
		return nil, 1
	}
	return h, 0
}

func hillAdd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hill add", flag.ContinueOnError)
	quiet := fs.Bool("q", false, "no progress line on a terminal")
	asJSON := fs.Bool("json", false, "print the standings as JSON (as robocom tournament -json)")
	noPlay := fs.Bool("noplay", false, "only store the programs; play later with robocom hill play (on this machine or in parts)")
	pos, code, ok := hillFlags(fs, args, stdout, stderr, "add HILL FILE...")
	if !ok {
		return code
	}
	if len(pos) < 2 {
		return usageError(stderr, "hill add")("give the hill file and at least one program")
	}
	h, code := openHill("add", pos, true, stderr)
	if h == nil {
		return code
	}
	defer h.Close()
	info := stdout
	if *asJSON {
		info = stderr
	}
	status := 0
	files := pos[1:]
	if !*noPlay { // what an interrupted add left is played first: it joined the queue earlier
		if st := playPending(h, "add", " that programs added before still lacked", info, stderr, *quiet); st != 0 {
			fmt.Fprintf(stderr, "robocom hill add: not added: %s\n", termtext.Escape(strings.Join(files, " ")))
			return st
		}
	}
	for i, f := range files {
		src, err := readProgramFile(f, h.Config())
		if err != nil {
			fmt.Fprintf(stderr, "robocom hill add: %v\n", err)
			status = 1
			continue
		}
		r, err := h.Add(f, src)
		var we *hill.WriteError
		if errors.As(err, &we) {
			fmt.Fprintf(stderr, "robocom hill add: %v\n", err)
			return 1
		}
		var le hill.LoadError
		switch {
		case errors.As(err, &le):
			printLoadErrors(stderr, le.Err)
		case err != nil: // (the hill is full, or would be past a hill's limits)
			fmt.Fprintf(stderr, "robocom hill add: %s not added: %s\n", termtext.Escape(f), errText(err))
		}
		if err != nil {
			status = 1
			continue
		}
		printWarnings(stderr, r.Warnings)
		switch {
		case r.New && r.Version > 1:
			fmt.Fprintf(info, "added %s version %d (#%d, %s)\n", termtext.Escape(r.Name), r.Version, r.ID, termtext.Escape(f))
		case r.New:
			fmt.Fprintf(info, "added %s (#%d, %s)\n", termtext.Escape(r.Name), r.ID, termtext.Escape(f))
		case r.Returned:
			fmt.Fprintf(info, "%s is back (#%d): the same program as %s, with its stored results\n", termtext.Escape(r.Name), r.ID, termtext.Escape(r.File))
		default:
			fmt.Fprintf(info, "%s is on the hill already (#%d): the same program as %s\n", termtext.Escape(r.Name), r.ID, termtext.Escape(r.File))
		}
		if o := r.Replaced; o != nil {
			fmt.Fprintf(info, "  it replaces %s version %d (#%d, %s), whose results stay stored\n", termtext.Escape(o.Name), o.Version, o.ID, termtext.Escape(o.File))
		}
		// Each program challenges the hill as it stands after the one before (KOTH's queue):
		// adding several at once gives the hill, the push-offs and the ages that adding them
		// one by one gives.
		if *noPlay {
			continue
		}
		if st := playPending(h, "add", "", info, stderr, *quiet); st != 0 {
			if rest := files[i+1:]; len(rest) > 0 {
				fmt.Fprintf(stderr, "robocom hill add: not added: %s\n", termtext.Escape(strings.Join(rest, " ")))
			}
			return st
		}
	}
	if *noPlay {
		if *asJSON { // as hill show -json: the newcomers with no results yet
			if st := printStandings(h, stdout, stderr, true); st != 0 {
				return st
			}
		}
		return status
	}
	if st := printReport(h, stdout, stderr, *asJSON); st != 0 {
		return st
	}
	return status
}

// readProgramFile reads a program file's bytes through userfile (regular files only, capped
// as a program of the hill's game), refusing a FIFO, a folder or a huge file plainly.
func readProgramFile(path string, c hill.Config) ([]byte, error) {
	if _, core := hillRules(c); core != nil {
		return userfile.Read(path, userfile.CoreSource)
	}
	return userfile.Read(path, userfile.Program)
}

// hillJSON is what hill show -json prints: the tournament's JSON of the residents.
func hillJSON(h *hill.Hill, st *hill.Standings) any {
	c := h.Config()
	robo, core := hillRules(c)
	if robo != nil {
		return newTournamentJSON(robo.Options, c.Seed, st.Plan, st.Tally.(*arena.Standing), st.Missing > 0)
	}
	res := st.Tally.(*play.Result)
	res.Rank()
	return coreTournamentJSON(res, core.Language, st.Missing > 0)
}

// printStandings prints the standings of every resident (hill show).
func printStandings(h *hill.Hill, stdout, stderr io.Writer, asJSON bool) int {
	st, err := h.Standings()
	if err != nil {
		fmt.Fprintf(stderr, "robocom hill: %v\n", err)
		return 1
	}
	return writeStandings(h, st, 0, stdout, asJSON)
}

// printReport prints the standings after an add or a play: without the newcomers another
// process is still playing, so never more programs than the hill holds.
func printReport(h *hill.Hill, stdout, stderr io.Writer, asJSON bool) int {
	st, unsettled, err := h.Settled()
	if err != nil {
		fmt.Fprintf(stderr, "robocom hill: %v\n", err)
		return 1
	}
	return writeStandings(h, st, unsettled, stdout, asJSON)
}

func writeStandings(h *hill.Hill, st *hill.Standings, unsettled int, stdout io.Writer, asJSON bool) int {
	if asJSON {
		stdout.Write(hillShowJSON(h, st))
		return 0
	}
	c := h.Config()
	fmt.Fprintf(stdout, "\nhill %s: %s; %s\n", termtext.Escape(h.Path()), describeGame(c), sizeText(c.Size))
	fmt.Fprintf(stdout, "%s, %s of %s, seed %d\n", termtext.CountNoun(len(st.Programs), "program"), termtext.CountNoun(len(st.Plan.Pairings), "pairing"), termtext.CountNoun(c.Rounds, "round"), c.Seed)
	if unsettled > 0 {
		fmt.Fprintf(stdout, "%s being added by another process %s not in the table yet\n", termtext.CountNoun(unsettled, "program"), map[bool]string{true: "is", false: "are"}[unsettled == 1])
	}
	if st.Missing > 0 {
		printActivity(stdout, h, len(st.Plan.Pairings))
	}
	if len(st.Programs) < 2 {
		fmt.Fprintf(stdout, "%s on the hill; standings need at least 2\n", termtext.CountNoun(len(st.Programs), "program"))
		return 0
	}
	fmt.Fprintln(stdout)
	printKoth(stdout, h, st, 0)
	return 0
}

func hillRemove(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hill remove", flag.ContinueOnError)
	pos, code, ok := hillFlags(fs, args, stdout, stderr, "remove HILL NAME   (NAME: the program's name, its file as added, or #NUMBER)")
	if !ok {
		return code
	}
	if len(pos) != 2 {
		return usageError(stderr, "hill remove")("give the hill file and one program name")
	}
	h, code := openHill("remove", pos, true, stderr)
	if h == nil {
		return code
	}
	defer h.Close()
	p, err := h.Remove(pos[1])
	if err != nil {
		fmt.Fprintf(stderr, "robocom hill remove: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "removed %s (#%d); its results stay stored\n", termtext.Escape(p.Name), p.ID)
	return 0
}

func hillShow(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hill show", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "as JSON (the standings as robocom tournament -json prints them)")
	all := fs.Bool("all", false, "list every program stored, on the hill or pushed off")
	pairing := fs.Bool("pairing", false, "show one pairing's rounds: hill show HILL -pairing A B")
	program := fs.String("program", "", "show one program's history: every stored pairing, on the hill or not")
	pos, code, ok := hillFlags(fs, args, stdout, stderr, "show HILL [-json] [-all | -pairing A B | -program NAME]")
	if !ok {
		return code
	}
	usageErr := usageError(stderr, "hill show")
	set := givenFlags(fs)
	switch {
	case *program == "" && set["program"]: // (it showed the standings, as without -program)
		return usageErr("-program needs a name: robocom hill show HILL -program NAME")
	case *pairing && len(pos) != 3:
		return usageErr("-pairing needs two programs: robocom hill show HILL -pairing A B")
	case !*pairing && len(pos) != 1:
		return usageErr("give one hill file")
	case (*pairing && *all) || (*program != "" && (*pairing || *all)):
		return usageErr("-pairing, -program and -all do not go together")
	}
	h, code := openHill("show", pos, false, stderr)
	if h == nil {
		return code
	}
	defer h.Close()
	switch {
	case *pairing:
		return showPairing(h, pos[1], pos[2], stdout, stderr, *asJSON)
	case *all:
		return showAll(h, stdout, stderr, *asJSON)
	case *program != "":
		return showHistory(h, *program, stdout, stderr, *asJSON)
	}
	return printStandings(h, stdout, stderr, *asJSON)
}

func showPairing(h *hill.Hill, x, y string, stdout, stderr io.Writer, asJSON bool) int {
	a, b, rounds, err := h.Pairing(x, y)
	if err != nil {
		fmt.Fprintf(stderr, "robocom hill show: %v\n", err)
		return 1
	}
	if asJSON {
		type prog struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
			File string `json:"file"`
		}
		out, _ := json.MarshalIndent(struct {
			A      prog         `json:"a"`
			B      prog         `json:"b"`
			Rounds []hill.Round `json:"rounds"`
		}{prog{a.ID, a.Name, a.File}, prog{b.ID, b.Name, b.File}, append([]hill.Round{}, rounds...)}, "", "  ")
		fmt.Fprintf(stdout, "%s\n", out)
		return 0
	}
	// (names escaped before the table: a tab or a newline in one would break the columns)
	an, bn := termtext.Escape(a.Name), termtext.Escape(b.Name)
	fmt.Fprintf(stdout, "%s (#%d, first) against %s (#%d): %s stored of %d\n", an, a.ID, bn, b.ID, termtext.CountNoun(len(rounds), "round"), h.Config().Rounds)
	tw := termtext.NewTable(stdout, termtext.AlignRight)
	fmt.Fprintln(tw, "round\tseed\tcycles\t  winner\t")
	var wa, wb, d int
	for _, r := range rounds {
		w := "draw"
		switch r.Winner {
		case 0:
			w, wa = an, wa+1
		case 1:
			w, wb = bn, wb+1
		default:
			d++
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t  %s\t\n", r.Round, r.Seed, r.Cycles, w)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "%s %d, %s %d, draws %d\n", an, wa, bn, wb, d)
	return 0
}

func showAll(h *hill.Hill, stdout, stderr io.Writer, asJSON bool) int {
	ps, err := h.Programs(true)
	if err != nil {
		fmt.Fprintf(stderr, "robocom hill show: %v\n", err)
		return 1
	}
	if asJSON {
		type prog struct {
			ID      int64  `json:"id"`
			Name    string `json:"name"`
			File    string `json:"file"`
			SHA256  string `json:"sha256"`
			Added   string `json:"added"`
			OnHill  bool   `json:"on_hill"`
			Version int    `json:"version"`
			Author  string `json:"author"`
		}
		out := []prog{}
		for _, p := range ps {
			out = append(out, prog{p.ID, p.Name, p.File, p.SHA256, p.Added.UTC().Format("2006-01-02T15:04:05Z"), p.OnHill, p.Version, p.Author})
		}
		b, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	tw := termtext.NewTable(stdout, termtext.AlignLeft)
	fmt.Fprintln(tw, "#\tprogram\tfile\tadded") // no tab after the last column: it would pad it with spaces
	for _, p := range ps {
		name := p.Name
		if p.Version > 1 {
			name += fmt.Sprintf(" version %d", p.Version)
		}
		if !p.OnHill {
			name += " (off the hill)"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", p.ID, termtext.Escape(name), termtext.Escape(p.File), p.Added.UTC().Format("2006-01-02 15:04"))
	}
	tw.Flush()
	return 0
}

func hillPlay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hill play", flag.ContinueOnError)
	quiet := fs.Bool("q", false, "no progress line on a terminal")
	asJSON := fs.Bool("json", false, "print the standings as JSON")
	shard := fs.String("shard", "", "play part K of N (K from 0) of the missing pairings' bouts and write them to -o; the hill is not changed")
	var out outputFlag
	fs.Var(&out, "o", "with -shard: the part `FILE` (JSON lines) to write (left out, or -: standard output)")
	pos, code, ok := hillFlags(fs, args, stdout, stderr, "play HILL [-shard K/N -o PART.jsonl]")
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return usageError(stderr, "hill play")("give one hill file")
	}
	if *shard == "" && out != "" {
		return usageError(stderr, "hill play")("-o goes with -shard")
	}
	if *shard != "" && *asJSON { // (as tournament's -shard -json)
		return usageError(stderr, "hill play")("-json prints the standings; a part (-shard) is written as JSON lines, and robocom hill import stores it")
	}
	// The part's file never replaces the hill or a program file, as tournament -shard -o's.
	if err := sameInputs(out, pos[:1], "the hill"); err != nil {
		return usageError(stderr, "hill play")("%v", err)
	}
	h, code := openHill("play", pos, *shard == "", stderr)
	if h == nil {
		return code
	}
	defer h.Close()
	if *shard != "" {
		return hillPlayShard(h, *shard, out, stdout, stderr, *quiet)
	}
	info := stdout
	if *asJSON {
		info = stderr
	}
	if st := playPending(h, "play", "", info, stderr, *quiet); st != 0 {
		return st
	}
	return printReport(h, stdout, stderr, *asJSON)
}

func showHistory(h *hill.Hill, name string, stdout, stderr io.Writer, asJSON bool) int {
	p, recs, err := h.History(name)
	if err != nil {
		fmt.Fprintf(stderr, "robocom hill show: %v\n", err)
		return 1
	}
	if asJSON {
		type rec struct {
			ID     int64  `json:"id"`
			Name   string `json:"name"`
			OnHill bool   `json:"on_hill"`
			First  bool   `json:"first"`
			Wins   int    `json:"wins"`
			Draws  int    `json:"draws"`
			Losses int    `json:"losses"`
			Rounds int    `json:"rounds"`
		}
		out := []rec{}
		for _, r := range recs {
			out = append(out, rec{r.Opponent.ID, r.Opponent.Name, r.Opponent.OnHill, r.First, r.Wins, r.Draws, r.Lost, r.Rounds})
		}
		b, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	where := "on the hill"
	if !p.OnHill {
		where = "off the hill"
	}
	fmt.Fprintf(stdout, "%s version %d (#%d, %s, %s): %s stored\n", termtext.Escape(p.Name), p.Version, p.ID, termtext.Escape(p.File), where, termtext.CountNoun(len(recs), "pairing"))
	if vs, err := h.Versions(p.Name); err == nil && len(vs) > 1 {
		fmt.Fprintf(stdout, "versions of %s (robocom hill show %s -program #ID for another):\n", termtext.Escape(p.Name), termtext.Escape(h.Path()))
		for _, v := range vs {
			state := "off the hill"
			if v.OnHill {
				state = "on the hill"
			}
			fmt.Fprintf(stdout, "  version %d  #%d  %s  added %s  %s\n", v.Version, v.ID, termtext.Escape(v.File), v.Added.UTC().Format("2006-01-02 15:04"), state)
		}
	}
	tw := termtext.NewTable(stdout, termtext.AlignRight)
	fmt.Fprintln(tw, "wins\tdraws\tlosses\t  against\t")
	var w, d, l int
	for _, r := range recs {
		opp := termtext.Escape(r.Opponent.Name) // (before the table, as the standings)
		if !r.Opponent.OnHill {
			opp += " (off the hill)"
		}
		if r.Rounds != h.Config().Rounds {
			opp += fmt.Sprintf(" (%d of %d rounds)", r.Rounds, h.Config().Rounds)
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t  %s\t\n", r.Wins, r.Draws, r.Lost, opp)
		w, d, l = w+r.Wins, d+r.Draws, l+r.Lost
	}
	tw.Flush()
	fmt.Fprintf(stdout, "in all: %s, %s, %s\n", termtext.CountNoun(w, "win"), termtext.CountNoun(d, "draw"), map[bool]string{true: "1 loss", false: fmt.Sprint(l, " losses")}[l == 1])
	return 0
}
