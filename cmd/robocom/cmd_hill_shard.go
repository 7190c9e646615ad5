package main

// robocom hill play HILL -shard K/N -o PART.jsonl and robocom hill import HILL PART.jsonl...:
// the pairings a hill lacks, played in parts on other machines and stored afterwards. A hill
// part is a tournament part (docs/shards.md) whose header lists the plan's pairings (the
// hill's missing ones, not a whole round-robin); import also takes the parts of
// `robocom tournament -shard` of RoboCom programs stored in the hill.

import (
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"

	"robocom/internal/bouts"
	"robocom/internal/hill"
	"robocom/internal/termtext"
)

func hillHeader(h *hill.Hill, pd *hill.Pending, k, n int) *bouts.PartHeader {
	c := h.Config()
	hh := &bouts.PartHeader{Format: bouts.PartFormat, Game: c.Game.Name(), Shard: k, Shards: n,
		Bouts: pd.Plan.Bouts(), Seed: c.Seed, Rounds: c.Rounds, Programs: []bouts.PartProgram{}, Pairings: pd.Plan.Pairings}
	if hh.Pairings == nil { // every pairing stored: a list of none, not the round robin
		hh.Pairings = []bouts.Pairing{}
	}
	hh.From, hh.To = bouts.Shard(pd.Plan.Bouts(), k, n)
	if robo, core := hillRules(c); robo != nil {
		hh.Options = optionValues(robo.Options)
	} else {
		hh.Language, hh.Params, hh.Copies = core.Language.Name(), coreParamsJSON(core.Params), 1
	}
	for _, p := range pd.Programs {
		hh.Programs = append(hh.Programs, bouts.PartProgram{Name: p.Name, File: p.File, SHA256: p.SHA256})
	}
	return hh
}

// hillPlayShard plays part K of N of the hill's missing bouts and writes it; the hill is
// only read, so every machine may read one copy of it. A hill with nothing to play still
// gets its part, an empty one (no pairings): a script that plays N parts and imports them
// all finds every file, and the import stores nothing.
func hillPlayShard(h *hill.Hill, spec string, out outputFlag, stdout, stderr io.Writer, quiet bool) int {
	k, n, err := parseShard(spec, os.Getenv)
	if err != nil {
		return usageError(stderr, "hill play")("%v", err)
	}
	pd, err := h.Pending()
	if err != nil {
		fmt.Fprintf(stderr, "robocom hill play: %v\n", err)
		return 1
	}
	var play bouts.PlayFunc // (writeShard plays nothing of an empty part)
	if len(pd.Plan.Pairings) == 0 {
		fmt.Fprintf(stderr, "robocom hill play: %s has nothing left to play (every pairing stored, or fewer than 2 programs); part %d of %d is empty, and hill import takes it and stores nothing\n",
			termtext.Escape(h.Path()), k, n)
	} else {
		if err := pd.Plan.Check(); err != nil {
			fmt.Fprintf(stderr, "robocom hill play: %v\n", err)
			return 1
		}
		if play, err = h.Player(pd, 0); err != nil {
			fmt.Fprintf(stderr, "robocom hill play: %v\n", err)
			return 1
		}
	}
	return writeShard("hill play", stdout, stderr, out, quiet, hillHeader(h, pd, k, n), play)
}

// checkPart says why a part cannot go into the hill, or nil: another game, seed, rounds or
// rules, programs the hill does not store or that played in another order, pairings whose
// rounds do not start at the hill's seed. A tournament's parts (RoboCom or Core War) play
// every pairing from the seed as a hill does, so they fit when their programs do.
func checkPart(h *hill.Hill, p *bouts.Part, ids map[string]int64) error {
	c, hd := h.Config(), &p.Header
	other := func(what string, part, hl any) error {
		return fmt.Errorf("%s is not a part of this hill: %s %v, the hill's %v", p.Path, what, part, hl)
	}
	switch {
	case hd.Game != c.Game.Name():
		return other("game", hd.Game, c.Game.Name())
	case hd.Seed != c.Seed:
		return other("seed", hd.Seed, c.Seed)
	case hd.Rounds != c.Rounds:
		return other("rounds a pairing", hd.Rounds, c.Rounds)
	}
	if robo, core := hillRules(c); robo != nil {
		if !reflect.DeepEqual(hd.Options, optionValues(robo.Options)) {
			return fmt.Errorf("%s is not a part of this hill: it was played with other options", p.Path)
		}
	} else if params, err := partParams(hd); hd.Language != core.Language.Name() || err != nil || !reflect.DeepEqual(params, core.Params) || hd.Copies != 1 {
		return fmt.Errorf("%s is not a part of this hill: it was played with other Core War parameters", p.Path)
	}
	seen := map[string]int{} // (a tournament may be given one file twice; a hill stores it once)
	for i, pr := range hd.Programs {
		if j, ok := seen[pr.SHA256]; ok {
			return fmt.Errorf("%s: programs %d and %d are the same program, %s: a hill holds it once, so a part that plays it against itself cannot go into a hill", p.Path, j+1, i+1, pr.Name)
		}
		seen[pr.SHA256] = i
	}
	for i, pr := range hd.Programs {
		if _, ok := ids[pr.SHA256]; !ok {
			return fmt.Errorf("%s: program %s (%s) is not stored in the hill; add it first (hill add -noplay)", p.Path, pr.Name, pr.File)
		}
		if i > 0 && ids[pr.SHA256] <= ids[hd.Programs[i-1].SHA256] {
			return fmt.Errorf("%s: programs %s and %s are not in the order they were added to the hill, so they played in the wrong order", p.Path, hd.Programs[i-1].Name, pr.Name)
		}
	}
	for _, pg := range hd.Plan().Pairings {
		if pg.A >= pg.B {
			return fmt.Errorf("%s: a pairing plays program %d before program %d; a hill plays the one added earlier first", p.Path, pg.A+1, pg.B+1)
		}
		if pg.Seed != c.Seed {
			return fmt.Errorf("%s: a pairing starts at seed %d; a hill plays round k of every pairing with seed %d + k − 1", p.Path, pg.Seed, c.Seed)
		}
	}
	return nil
}

func hillImport(args []string, stdout, stderr io.Writer) int {
	// No flags of its own, but -h prints the usage and "--" ends the options, as for the others.
	fs := flag.NewFlagSet("hill import", flag.ContinueOnError)
	args, code, ok := hillFlags(fs, args, stdout, stderr, "import HILL PART.jsonl...   (the parts of robocom hill play HILL -shard K/N -o PART.jsonl; a stopped part: PART.jsonl.partial)")
	if !ok {
		return code
	}
	if len(args) < 2 {
		return usageError(stderr, "hill import")("give the hill file and its parts (robocom hill play HILL -shard K/N -o PART.jsonl)")
	}
	h, code := openHill("import", args, true, stderr)
	if h == nil {
		return code
	}
	defer h.Close()
	fail := func(err error) int { // (escaped: the parts' sentences name their files and programs as written)
		fmt.Fprintf(stderr, "robocom hill import: %s\n", errText(err))
		return 1
	}
	stored, err := h.Programs(true)
	if err != nil {
		return fail(err)
	}
	ids := map[string]int64{}
	for _, p := range stored {
		ids[p.SHA256] = p.ID
	}
	// Together the parts must be one split of one plan, each part once, whole or partial
	// (ReadParts), and fit this hill.
	parts, err := bouts.ReadParts(args[1:], true)
	if err != nil {
		return fail(err)
	}
	for _, p := range parts {
		if err := checkPart(h, p, ids); err != nil {
			return fail(err)
		}
	}
	first := &parts[0].Header
	// The programs as Pending would list them, so that StorePairing finds them by index.
	pd := &hill.Pending{Plan: first.Plan()}
	for _, pr := range first.Programs {
		pd.Programs = append(pd.Programs, hill.Program{ID: ids[pr.SHA256], Name: pr.Name, File: pr.File, SHA256: pr.SHA256})
	}
	// In order of K, so a pairing split between two whole parts comes whole; where a partial
	// part ends early, the pairing it was playing is left for hill play.
	var cur []bouts.Result
	pairings, boutsStored, partial, already := 0, 0, 0, 0
	for _, p := range parts {
		next := p.Header.From
		if len(cur) > 0 && cur[len(cur)-1].Pairing != pd.Plan.Bout(next).Pairing {
			cur = nil
		}
		err := p.Each(func(r bouts.Result) error {
			next++
			if len(cur) == 0 && r.Round != 1 { // its first rounds are in a partial part
				return nil
			}
			cur = append(cur, r)
			if r.Round < pd.Plan.Rounds {
				return nil
			}
			rs := cur
			cur = nil
			stored, err := h.StorePairing(pd, rs)
			if stored {
				pairings++
				boutsStored += len(rs)
			} else {
				already++
			}
			return err
		})
		if err != nil {
			return fail(err)
		}
		if next < p.Header.To {
			partial++
			cur = nil
		}
	}
	fmt.Fprintf(stdout, "imported %s (%s) from %s\n", termtext.CountNoun(pairings, "pairing"), termtext.CountNoun(boutsStored, "bout"), termtext.CountNoun(len(parts), "part"))
	if already > 0 { // (the same results: StorePairing refuses others)
		fmt.Fprintf(stdout, "%s in them %s stored already, with the same rounds\n", termtext.CountNoun(already, "pairing"), map[bool]string{true: "was", false: "were"}[already == 1])
	}
	if left := len(pd.Plan.Pairings) - pairings - already; left > 0 {
		verb := map[bool]string{true: "is not whole and stays", false: "are not whole and stay"}[left == 1]
		fmt.Fprintf(stdout, "%s stopped early: %s of the parts %s missing (robocom hill play %s plays them)\n",
			termtext.CountNoun(partial, "partial part"), termtext.CountNoun(left, "pairing"), verb, termtext.Escape(h.Path()))
	}
	off, err := h.Trim()
	printPushOffs(stdout, h, off)
	if err != nil {
		return fail(err)
	}
	// The hill as hill show has it: an import that leaves pairings missing (a partial part,
	// a program replaced since the parts were played) leaves programs that nobody is adding,
	// which printReport would take for another process's newcomers and leave out.
	return printStandings(h, stdout, stderr, false)
}
