package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"robocom/corewars"
	"robocom/corewars/play"
	"robocom/internal/bouts"
	"robocom/internal/termtext"
)

// coreCommandFlags are robocom core's options.
type coreCommandFlags struct {
	seed    int64
	seedSet bool
	rounds  int
	core    coreFlags
	copies  int
	json    bool
	quiet   bool
}

// coreMain is "robocom core [options] PROGRAM..." (CLI.md): a Core War battle in one of the
// core languages, chosen by the files' extension.
func coreMain(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("core", flag.ContinueOnError)
	flags.SetOutput(stderr)
	var f coreCommandFlags
	seedFlag(flags, "seed of round 1 (round k uses seed+k-1); default random, always printed", &f.seed, &f.seedSet)
	flags.IntVar(&f.rounds, "rounds", 1, "rounds to play")
	f.core.register(flags, true)
	flags.IntVar(&f.copies, "copies", 1, "processes per program (.cw only)")
	flags.BoolVar(&f.json, "json", false, "print the result as JSON")
	flags.BoolVar(&f.quiet, "q", false, "no progress line on a terminal")
	flags.Usage = func() {
		fmt.Fprintln(flags.Output(), "usage: robocom core [options] PROGRAM.cw|PROGRAM.vna|PROGRAM.red ...")
		flags.PrintDefaults()
	}
	files, err := parseInterspersed(flags, args, stdout) // options may come between the programs
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	usageErr := usageError(stderr, "core")
	switch {
	case bouts.CheckRounds(f.rounds) != nil:
		return usageErr("%v", bouts.CheckRounds(f.rounds))
	case bouts.CheckSeed(f.seed, f.rounds) != nil:
		return usageErr("%v", bouts.CheckSeed(f.seed, f.rounds))
	case f.copies < 1:
		return usageErr("-copies must be at least 1, not %d", f.copies)
	}
	if !f.seedSet {
		f.seed = randomSeed()
	}
	if len(files) == 0 {
		return usageErr("no program given")
	}
	lang := play.LanguageOf(files[0])
	if lang == play.NoLanguage {
		return usageErr("%s: unknown language %q; robocom core plays .cw (Hofmann's Corewars), .vna (VNA Code) and .red (Redcode) programs", files[0], filepath.Ext(files[0]))
	}
	for _, file := range files[1:] {
		if play.LanguageOf(file) != lang {
			return usageErr("%s and %s are in different languages; all programs of a battle must be .cw, all .vna or all .red", files[0], file)
		}
	}
	if lang != play.CW && f.copies != 1 {
		return usageErr("-copies is for .cw programs; %s loads each program once", lang)
	}
	p, err := f.core.params(lang)
	if err != nil {
		return usageErr("%v", err)
	}
	p.Rounds = f.rounds
	progs, ok := loadCorePrograms(stderr, files, p)
	if !ok {
		return 1
	}
	copies := make([]int, len(progs))
	for i := range copies {
		copies[i] = f.copies
	}
	// Parameters these programs cannot be placed with are bad usage, told before any round.
	if _, err := play.NewGame(progs, copies, p, f.seed); err != nil {
		return usageErr("%v", err)
	}
	dialect := ""
	if lang == play.Redcode {
		dialect = p.Dialect
	}
	res := coreResult{Language: langName[lang], Dialect: dialect, Size: p.Size, Cycles: p.Cycles, Threads: p.Threads, Copies: f.copies, Seed: f.seed}
	for i, file := range files {
		res.Totals = append(res.Totals, coreTotal{Index: i, File: file})
	}
	ctx, interrupted := onInterrupt()
	defer interrupted.stop()
	out := newCoreWriter(stdout, f.json, &res)
	prog := newProgress(stderr, f.quiet, "rounds", f.rounds)
	series := play.NewSeries(progs, copies, p)
	workers := bouts.Workers()
	if series.InOrder() {
		workers = 1 // p-space: a round starts with what the one before left there
	}
	played, err := bouts.Play(ctx, 0, f.rounds, workers, func(k int) (coreRound, error) {
		seed := f.seed + int64(k)
		g, err := series.Game(seed)
		if err != nil {
			return coreRound{}, err
		}
		if err := play.RunGame(ctx, g); err != nil {
			return coreRound{}, err
		}
		return roundResult(g, k+1, seed, files), nil
	}, func(_ int, r coreRound) error {
		prog.step()
		return out.round(r)
	})
	prog.finish()
	if err != nil && ctx.Err() == nil {
		return failed(stderr, "robocom core", err)
	}
	if err := out.finish(played, f.rounds, ctx.Err() != nil); err != nil {
		return failed(stderr, "robocom core: writing the result", err)
	}
	if ctx.Err() != nil {
		return interrupted.status()
	}
	return 0
}

// langName is the language's name in the JSON result.
var langName = map[play.Language]string{play.CW: "cw", play.VNA: "vna", play.Redcode: "redcode"}

type coreResult struct {
	Language string      `json:"language"`          // "cw", "vna" or "redcode"
	Dialect  string      `json:"dialect,omitempty"` // Redcode: "94" or "88"
	Size     int         `json:"size"`
	Cycles   int64       `json:"cycles"`  // the limit: time slices (.cw), rounds (.vna), cycles per warrior (.red, as pMARS -c)
	Threads  int         `json:"threads"` // the limit per process / player
	Copies   int         `json:"copies"`
	Seed     int64       `json:"seed"`
	Rounds   []coreRound `json:"rounds"`
	Totals   []coreTotal `json:"totals"`
	// Interrupted is true when Ctrl-C or SIGTERM stopped the battle: the totals are those of
	// the rounds listed.
	Interrupted bool `json:"interrupted,omitempty"`
}

type coreRound struct {
	Round    int           `json:"round"`
	Seed     int64         `json:"seed"`
	Cycles   int64         `json:"cycles"` // time slices (rounds for VNA) completed
	Winner   *string       `json:"winner"` // the only program with a process alive, else null
	Programs []coreProgram `json:"programs"`
}

// coreProgram sums a program's processes (its copies).
type coreProgram struct {
	Index     int    `json:"index"`
	Name      string `json:"name"`
	File      string `json:"file"`
	Alive     bool   `json:"alive"`
	Processes int    `json:"processes"` // processes alive
	Threads   int    `json:"threads"`
	Cells     int    `json:"cells"`
	Kills     int    `json:"kills"`
	Executed  int64  `json:"executed"`
	Score     int64  `json:"score"` // .cw scoring (CORE-LANGUAGES.md 1); Redcode: (W²−1)/S for a survivor; VNA defines none: 0
}

type coreTotal struct {
	Index  int    `json:"index"`
	Name   string `json:"name"`
	File   string `json:"file"`
	Wins   int    `json:"wins"`
	Draws  int    `json:"draws"`
	Losses int    `json:"losses"`
	Points int    `json:"points"` // 3 per win, 1 per draw
	Score  int64  `json:"score"`  // summed over the rounds
}

func roundResult(g corewars.Engine, round int, seed int64, files []string) coreRound {
	r := coreRound{Round: round, Seed: seed, Cycles: g.Cycle(), Programs: make([]coreProgram, len(files))}
	for i, f := range files {
		r.Programs[i] = coreProgram{Index: i, File: f}
	}
	for p := 0; p < g.Processes(); p++ {
		st := g.Process(p)
		cp := &r.Programs[st.Program]
		cp.Name = st.Name
		if st.Alive {
			cp.Alive = true
			cp.Processes++
		}
		cp.Threads += st.Threads
		cp.Cells += st.Cells
		cp.Kills += st.Kills
		cp.Executed += st.Executed
		cp.Score += st.Score
	}
	alive := -1
	for i, cp := range r.Programs {
		if cp.Alive {
			if alive >= 0 {
				return r // more than one program alive: a draw
			}
			alive = i
		}
	}
	if alive >= 0 {
		r.Winner = &r.Programs[alive].Name
	}
	return r
}

// coreWriter writes a battle's result as its rounds finish (the same bytes as the whole
// document at once), folding the rounds into a play.Tally.
type coreWriter struct {
	w     *bufio.Writer
	js    *jsonStream
	res   *coreResult
	tally play.Tally
	alive []bool
	err   error
}

func newCoreWriter(w io.Writer, asJSON bool, res *coreResult) *coreWriter {
	cw := &coreWriter{w: bufio.NewWriter(w), res: res}
	if asJSON {
		cw.js = startJSONStream(cw.w, struct {
			Language string `json:"language"`
			Dialect  string `json:"dialect,omitempty"`
			Size     int    `json:"size"`
			Cycles   int64  `json:"cycles"`
			Threads  int    `json:"threads"`
			Copies   int    `json:"copies"`
			Seed     int64  `json:"seed"`
		}{res.Language, res.Dialect, res.Size, res.Cycles, res.Threads, res.Copies, res.Seed}, "rounds")
	} else {
		res.printHead(cw.w)
	}
	return cw
}

func (cw *coreWriter) round(r coreRound) error {
	cw.alive = cw.alive[:0]
	for i, p := range r.Programs {
		cw.alive = append(cw.alive, p.Alive)
		t := &cw.res.Totals[i]
		t.Name = p.Name
		t.Score += p.Score
	}
	cw.tally.Add(cw.alive)
	if cw.js != nil {
		cw.js.item(r)
	} else {
		cw.res.printRound(cw.w, r)
	}
	if err := cw.w.Flush(); err != nil && cw.err == nil {
		cw.err = err
	}
	return cw.err
}

// finish writes the totals of the rounds played, of all of them unless interrupted.
func (cw *coreWriter) finish(played, rounds int, interrupted bool) error {
	for i := range cw.res.Totals {
		t, s := &cw.res.Totals[i], cw.tally.Of(i)
		t.Wins, t.Draws, t.Losses, t.Points = s.Wins, s.Draws, s.Losses, s.Points()
	}
	if cw.js != nil {
		fields := []field{{"totals", cw.res.Totals}}
		if interrupted {
			fields = append(fields, field{"interrupted", true})
		}
		cw.js.end(fields...)
	} else {
		if interrupted {
			fmt.Fprintf(cw.w, "\ninterrupted after %d of %s\n", played, termtext.CountNoun(rounds, "round"))
		}
		cw.res.printTotals(cw.w, played)
	}
	if err := cw.w.Flush(); err != nil && cw.err == nil {
		cw.err = err
	}
	return cw.err
}

func (res *coreResult) unit() string {
	if res.Language == "vna" {
		return "rounds"
	}
	return "time slices"
}

// scoreColumn is the score column; VNA has no scoring, so its table leaves it out (the JSON
// has 0).
func (res *coreResult) scoreColumn(v int64) string {
	if res.Language == "vna" {
		return ""
	}
	return "\t" + strconv.FormatInt(v, 10)
}

func (res *coreResult) scoreHead() string {
	if res.Language == "vna" {
		return ""
	}
	return "\tscore"
}

func (res *coreResult) printHead(w io.Writer) {
	what := map[string]string{"cw": "Corewars (.cw)", "vna": "VNA Code", "redcode": "Redcode '" + res.Dialect}[res.Language]
	threads := map[string]string{"cw": "threads per process", "vna": "executors per player", "redcode": "processes per warrior"}[res.Language]
	fmt.Fprintf(w, "%s, core %d cells, limit %d %s, %d %s", what, res.Size, res.Cycles, res.unit(), res.Threads, threads)
	if res.Language == "cw" {
		fmt.Fprintf(w, ", %d %s per program", res.Copies, map[bool]string{true: "copy", false: "copies"}[res.Copies == 1])
	}
	fmt.Fprintf(w, ", seed %d\n", res.Seed)
}

func (res *coreResult) printRound(w io.Writer, r coreRound) {
	winner := "draw"
	if r.Winner != nil {
		winner = "winner " + *r.Winner
	}
	fmt.Fprintf(w, "\nround %d (seed %d): %s after %d %s\n", r.Round, r.Seed, winner, r.Cycles, res.unit())
	tw := termtext.NewTable(w, termtext.AlignLeft)
	fmt.Fprintln(tw, "  #\tprogram\tfile\talive\tthreads\tcells\tkills"+res.scoreHead())
	for _, p := range r.Programs {
		alive := "dead"
		if p.Alive {
			alive = "yes"
			if res.Copies > 1 {
				alive = fmt.Sprintf("%d of %d", p.Processes, res.Copies)
			}
		}
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%d\t%d\t%d%s\n", p.Index+1, termtext.Escape(p.Name), termtext.Escape(p.File), alive, p.Threads, p.Cells, p.Kills, res.scoreColumn(p.Score))
	}
	tw.Flush()
}

func (res *coreResult) printTotals(w io.Writer, played int) {
	fmt.Fprintf(w, "\ntotals over %s:\n", termtext.CountNoun(played, "round"))
	tw := termtext.NewTable(w, termtext.AlignLeft)
	fmt.Fprintln(tw, "  #\tprogram\twins\tdraws\tlosses\tpoints"+res.scoreHead())
	for _, t := range res.Totals {
		fmt.Fprintf(tw, "  %d\t%s\t%d\t%d\t%d\t%d%s\n", t.Index+1, termtext.Escape(t.Name), t.Wins, t.Draws, t.Losses, t.Points, res.scoreColumn(t.Score))
	}
	tw.Flush()
}
