package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"robocom/arena"
	"robocom/corewars/play"
	"robocom/internal/bouts"
	"robocom/internal/termtext"
)

// mergeMain is "robocom merge [-json] PART.jsonl...": the result of a tournament played in
// parts (robocom tournament -shard K/N), the same text and JSON as the tournament played on
// one machine. Parts that overlap, are missing, are incomplete or come from another
// tournament are refused with a sentence.
func mergeMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the result as JSON")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: robocom merge [-json] PART.jsonl ...   (the parts written by robocom tournament -shard K/N -o PART.jsonl)")
		fs.PrintDefaults()
	}
	paths, err := parseInterspersed(fs, args, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if len(paths) == 0 {
		return usageError(stderr, "merge")("no part given")
	}
	parts, err := bouts.ReadParts(paths, false)
	if err != nil {
		fmt.Fprintf(stderr, "robocom merge: %s\n", errText(err))
		return 1
	}
	h := &parts[0].Header
	if !h.RoundRobin() {
		// Its standings would count only the pairings it played, under a heading of all.
		fmt.Fprintf(stderr, "robocom merge: %s is a part of a hill's missing pairings, not of a tournament; robocom hill import HILL %s adds it to the hill\n",
			termtext.Escape(parts[0].Path), termtext.Escape(parts[0].Path))
		return 1
	}
	plan := h.Plan()
	var add func(bouts.Result)
	var write func() error
	if h.Game == "robocom" {
		opts, err := optionsFromValues(h.Options)
		if err != nil {
			fmt.Fprintf(stderr, "robocom merge: %s: the option set: %s\n", termtext.Escape(parts[0].Path), errText(err))
			return 1
		}
		entries := make([]arena.Entry, len(h.Programs))
		for i, p := range h.Programs {
			entries[i] = arena.Entry{Name: p.Name, File: p.File}
		}
		st := arena.NewStanding(entries, plan)
		add = st.Add
		write = func() error {
			return writeTournament(stdout, newTournamentJSON(opts, h.Seed, plan, st, false), *asJSON)
		}
	} else {
		lang := play.NoLanguage
		for l, name := range langName {
			if name == h.Language {
				lang = l
			}
		}
		if lang == play.NoLanguage {
			fmt.Fprintf(stderr, "robocom merge: %s: unknown language %q\n", termtext.Escape(parts[0].Path), h.Language)
			return 1
		}
		// The parameters do not change the result printed, but parts that do not say what
		// they were played with are not a tournament's (hill import decodes them the same
		// way; ReadParts checked that the parts agree).
		for _, p := range parts {
			params, err := partParams(&p.Header)
			if err == nil {
				err = params.Check(lang)
			}
			var past play.LimitError
			if errors.As(err, &past) {
				err = nil // (played before the engines' later limits: the results stand, merge plays nothing)
			}
			if err != nil {
				fmt.Fprintf(stderr, "robocom merge: %s: the Core War parameters in the header are not valid: %s\n", termtext.Escape(p.Path), errText(err))
				return 1
			}
		}
		entries := make([]*play.Program, len(h.Programs))
		for i, p := range h.Programs {
			entries[i] = &play.Program{Name: p.Name, File: p.File, Lang: lang}
		}
		res := play.NewRoundRobin(entries, h.Seed, plan)
		add = res.Add
		write = func() error {
			res.Rank()
			return writeCoreTournament(stdout, res, lang, len(entries), *asJSON, false)
		}
	}
	for _, p := range parts {
		if err := p.Each(func(r bouts.Result) error { add(r); return nil }); err != nil {
			fmt.Fprintf(stderr, "robocom merge: %s\n", errText(err))
			return 1
		}
	}
	if err := write(); err != nil {
		return failed(stderr, "robocom merge: writing the result", err)
	}
	return 0
}
