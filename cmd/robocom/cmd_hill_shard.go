package main

// robocom hill play HILL -shard K/N -o PART.jsonl and robocom hill import HILL PART.jsonl...:
// the pairings a hill lacks, played in parts on other machines and stored afterwards. A hill
// part is a tournament part (docs/shards.md) whose header also lists the pairings of its plan
// (the hill's missing ones, not a whole round-robin); import also takes the parts of
// `robocom tournament -shard` of programs stored in the hill.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"

	"robocom/arena/bouts"
	"robocom/arena/hill"
)

// hillPartFormat names a hill part's format and version.
const hillPartFormat = "robocom-hill-part/1"

// hillPartHeader is a hill part's first line: a tournament part's header plus the plan's
// pairings, as indexes into Programs (the hill's residents in the order added).
type hillPartHeader struct {
	shardHeader
	Pairings [][2]int `json:"pairings"`
}

func hillHeader(h *hill.Hill, pd *hill.Pending, k, n int) *hillPartHeader {
	c := h.Config()
	hh := &hillPartHeader{shardHeader: shardHeader{Format: hillPartFormat, Game: string(c.Game), Shard: k, Shards: n,
		Bouts: pd.Plan.Bouts(), Seed: c.Seed, Rounds: c.Rounds, Programs: []shardProgram{}}, Pairings: [][2]int{}}
	hh.From, hh.To = bouts.Shard(pd.Plan.Bouts(), k, n)
	if c.Game == hill.RoboCom {
		hh.Options = optionValues(c.Options)
	} else {
		p := c.Params
		hh.Language, hh.Params, hh.Copies = langName[c.Language], &p, 1
	}
	for _, p := range pd.Programs {
		hh.Programs = append(hh.Programs, shardProgram{Name: p.Name, File: p.File, SHA256: p.SHA256})
	}
	for _, p := range pd.Plan.Pairings {
		hh.Pairings = append(hh.Pairings, [2]int{p.A, p.B})
	}
	return hh
}

// hillPlayShard plays part K of N of the hill's missing bouts and writes it; the hill is
// only read, so every machine may read one copy of it.
func hillPlayShard(h *hill.Hill, spec, out string, stdout, stderr io.Writer, quiet bool) int {
	k, n, err := parseShard(spec, os.Getenv)
	if err != nil {
		return usageError(stderr, "hill play")("%v", err)
	}
	pd, err := h.Pending()
	if err != nil {
		fmt.Fprintf(stderr, "robocom hill play: %v\n", err)
		return 1
	}
	if err := pd.Plan.Check(); err != nil && len(pd.Plan.Pairings) > 0 {
		fmt.Fprintf(stderr, "robocom hill play: %v\n", err)
		return 1
	}
	hh := hillHeader(h, pd, k, n)
	w := stdout
	var tmp *os.File
	if out != "" {
		tmp, err = os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*")
		if err != nil {
			fmt.Fprintf(stderr, "robocom hill play: cannot write the part: %v\n", err)
			return 1
		}
		tmp.Chmod(0o644)
		defer func() {
			if tmp != nil {
				tmp.Close()
				os.Remove(tmp.Name())
			}
		}()
		w = tmp
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	head, _ := json.Marshal(hh)
	bw.Write(head)
	bw.WriteByte('\n')
	ctx, interrupted := onInterrupt()
	defer interrupted.stop()
	prog := newProgress(stderr, quiet, "bouts", hh.To-hh.From)
	if hh.To > hh.From {
		_, err = h.Player(pd, 0)(ctx, hh.From, hh.To, func(r bouts.Result) error {
			line, _ := json.Marshal(r)
			bw.Write(line)
			prog.step()
			return bw.WriteByte('\n')
		})
	}
	prog.finish()
	if ctx.Err() != nil {
		// The part is not renamed into place: an incomplete part is no part.
		fmt.Fprintln(stderr, "robocom hill play: interrupted; no part written")
		return interrupted.status()
	}
	if err != nil {
		fmt.Fprintf(stderr, "robocom hill play: %v\n", err)
		return 1
	}
	werr := bw.Flush()
	if tmp != nil && werr == nil {
		if werr = tmp.Close(); werr == nil {
			werr = os.Rename(tmp.Name(), out)
		}
		if werr == nil {
			tmp = nil
		}
	}
	if werr != nil {
		fmt.Fprintf(stderr, "robocom hill play: writing the part: %v\n", werr)
		return 1
	}
	return 0
}

// importPart is one part opened for import.
type importPart struct {
	shardPart
	pairings [][2]int
}

// openImportPart reads a part's header: a hill part or a tournament part.
func openImportPart(path string) (*importPart, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", path, unwrapPath(err))
	}
	if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	p := &importPart{shardPart: shardPart{path: path, f: f, r: bufio.NewReaderSize(f, 1<<16)}}
	line, err := p.readLine()
	if err == io.EOF {
		f.Close()
		return nil, fmt.Errorf("%s is empty, not a part", path)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	var probe struct{ Format string }
	json.Unmarshal(line, &probe)
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	switch probe.Format {
	case hillPartFormat:
		var hh hillPartHeader
		if err = dec.Decode(&hh); err == nil {
			p.header, p.pairings = hh.shardHeader, hh.Pairings
		}
	case shardFormat:
		if err = dec.Decode(&p.header); err == nil {
			for _, pg := range p.header.plan().Pairings {
				p.pairings = append(p.pairings, [2]int{pg.A, pg.B})
			}
		}
	default:
		err = errors.New("unknown format")
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s:1: not a part of this version (a first line with \"format\": %q or %q)", path, hillPartFormat, shardFormat)
	}
	return p, nil
}

// plan is the part's plan: its pairings with the seeds of its format.
func (p *importPart) plan() bouts.Plan {
	if p.header.Format == shardFormat {
		return p.header.plan()
	}
	pl := bouts.Plan{Rounds: p.header.Rounds}
	for _, pg := range p.pairings {
		pl.Pairings = append(pl.Pairings, bouts.Pairing{A: pg[0], B: pg[1], Seed: p.header.Seed})
	}
	return pl
}

// checkPart says why a part cannot go into the hill, or nil: another game, seed, rounds,
// rules, a plan that does not hold together, programs the hill does not store.
func checkPart(h *hill.Hill, p *importPart, ids map[string]int64) error {
	c, hd := h.Config(), &p.header
	other := func(what string, part, hl any) error {
		return fmt.Errorf("%s is not a part of this hill: %s %v, the hill's %v", p.path, what, part, hl)
	}
	switch {
	case hd.Game != string(c.Game):
		return other("game", hd.Game, c.Game)
	case hd.Seed != c.Seed:
		return other("seed", hd.Seed, c.Seed)
	case hd.Rounds != c.Rounds:
		return other("rounds a pairing", hd.Rounds, c.Rounds)
	case hd.Shards < 1 || hd.Shard < 0 || hd.Shard >= hd.Shards:
		return fmt.Errorf("%s: part %d of %d does not exist", p.path, hd.Shard, hd.Shards)
	case len(hd.Programs) > 4096:
		return fmt.Errorf("%s: %d programs; a part holds at most 4096", p.path, len(hd.Programs))
	}
	if c.Game == hill.RoboCom {
		if !reflect.DeepEqual(hd.Options, optionValues(c.Options)) {
			return fmt.Errorf("%s is not a part of this hill: it was played with other options", p.path)
		}
	} else {
		if hd.Language != langName[c.Language] || hd.Params == nil || !reflect.DeepEqual(*hd.Params, c.Params) || hd.Copies != 1 {
			return fmt.Errorf("%s is not a part of this hill: it was played with other Core War parameters", p.path)
		}
		if hd.Format == shardFormat {
			return fmt.Errorf("%s is a Core War tournament part, whose pairing i starts at seed + i·rounds; a hill plays round k of every pairing with seed + k − 1, so its results do not belong in the hill", p.path)
		}
	}
	for i, pr := range hd.Programs {
		if _, ok := ids[pr.SHA256]; !ok {
			return fmt.Errorf("%s: program %s (%s) is not stored in the hill; add it first", p.path, pr.Name, pr.File)
		}
		if i > 0 && ids[pr.SHA256] <= ids[hd.Programs[i-1].SHA256] {
			return fmt.Errorf("%s: programs %s and %s are not in the order they were added to the hill, so they played in the wrong order", p.path, hd.Programs[i-1].Name, pr.Name)
		}
	}
	for _, pg := range p.pairings {
		if pg[0] < 0 || pg[1] >= len(hd.Programs) || pg[0] >= pg[1] {
			return fmt.Errorf("%s: a pairing (%d, %d) of programs the part does not list in order", p.path, pg[0], pg[1])
		}
	}
	plan := p.plan()
	if err := plan.Check(); err != nil && len(plan.Pairings) > 0 {
		return fmt.Errorf("%s: %v", p.path, err)
	}
	if from, to := bouts.Shard(plan.Bouts(), hd.Shard, hd.Shards); hd.Bouts != plan.Bouts() || hd.From != from || hd.To != to {
		return fmt.Errorf("%s: part %d of %d of %d bouts should hold bouts %d to %d, but it says %d to %d of %d", p.path, hd.Shard, hd.Shards, plan.Bouts(), from, to, hd.From, hd.To, hd.Bouts)
	}
	return nil
}

func hillImport(args []string, stdout, stderr io.Writer) int {
	if len(args) < 2 {
		return usageError(stderr, "hill import")("give the hill file and its parts (robocom hill play HILL -shard K/N -o PART.jsonl)")
	}
	h, code := openHill("import", args, stderr)
	if h == nil {
		return code
	}
	defer h.Close()
	fail := func(err error) int {
		fmt.Fprintf(stderr, "robocom hill import: %v\n", err)
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
	var parts []*importPart
	defer func() {
		for _, p := range parts {
			p.f.Close()
		}
	}()
	for _, path := range args[1:] {
		p, err := openImportPart(path)
		if err != nil {
			return fail(err)
		}
		parts = append(parts, p)
		if err := checkPart(h, p, ids); err != nil {
			return fail(err)
		}
	}
	// Together the parts must be one split of one plan, each part once.
	first := parts[0]
	byK := map[int]*importPart{}
	for _, p := range parts {
		switch {
		case p.header.Format != first.header.Format || p.header.Shards != first.header.Shards ||
			!reflect.DeepEqual(p.pairings, first.pairings) || !sameSums(p.header.Programs, first.header.Programs):
			return fail(fmt.Errorf("%s and %s are parts of different plays (other programs, pairings or number of parts)", first.path, p.path))
		case byK[p.header.Shard] != nil:
			return fail(fmt.Errorf("%s and %s are both part %d of %d: overlapping parts", byK[p.header.Shard].path, p.path, p.header.Shard, p.header.Shards))
		}
		byK[p.header.Shard] = p
	}
	if n := first.header.Shards; len(byK) < n {
		for k := 0; k < n; k++ {
			if byK[k] == nil {
				return fail(fmt.Errorf("part %d of %d is missing (%d given)", k, n, len(byK)))
			}
		}
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].header.Shard < parts[j].header.Shard })

	// The programs as Pending would list them, so that StorePairing finds them by index.
	pd := &hill.Pending{Plan: first.plan()}
	for _, pr := range first.header.Programs {
		pd.Programs = append(pd.Programs, hill.LoadedProgram{Program: hill.Program{ID: ids[pr.SHA256], Name: pr.Name, File: pr.File, SHA256: pr.SHA256}})
	}
	var cur []bouts.Result
	pairings := 0
	for _, p := range parts {
		err := p.eachOf(pd.Plan, func(r bouts.Result) error {
			cur = append(cur, r)
			if r.Round < pd.Plan.Rounds {
				return nil
			}
			rs := cur
			cur = nil
			pairings++
			return h.StorePairing(pd, rs)
		})
		if err != nil {
			return fail(err)
		}
	}
	fmt.Fprintf(stdout, "imported %s (%d bouts) from %s\n", countNoun(pairings, "pairing"), pd.Plan.Bouts(), countNoun(len(parts), "part"))
	off, err := h.Trim()
	for _, p := range off {
		fmt.Fprintf(stdout, "pushed off: %s (#%d)\n", p.Name, p.ID)
	}
	if err != nil {
		return fail(err)
	}
	return printStandings(h, stdout, stderr, false)
}

func sameSums(a, b []shardProgram) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].SHA256 != b[i].SHA256 {
			return false
		}
	}
	return true
}

// eachOf reads the part's bouts, checking them against the plan as shardPart.each does.
func (p *importPart) eachOf(plan bouts.Plan, fn func(bouts.Result) error) error {
	h := &p.header
	for g := h.From; g < h.To; g++ {
		line, err := p.readLine()
		if err == io.EOF {
			return fmt.Errorf("%s holds %d of its %d bouts: the part is incomplete (was its run interrupted?)", p.path, g-h.From, h.To-h.From)
		}
		if err != nil {
			return err
		}
		var r bouts.Result
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			return fmt.Errorf("%s:%d: not a bout: %v", p.path, p.line, err)
		}
		b := plan.Bout(g)
		if r.Pairing != b.Pairing || r.A != b.A || r.B != b.B || r.Round != b.Round || r.Seed != b.Seed {
			return fmt.Errorf("%s:%d: expected round %d of pairing %d (programs %d and %d, seed %d), found round %d of pairing %d",
				p.path, p.line, b.Round, b.Pairing, b.A+1, b.B+1, b.Seed, r.Round, r.Pairing)
		}
		if r.Winner != -1 && r.Winner != r.A && r.Winner != r.B {
			return fmt.Errorf("%s:%d: the winner %d is neither program of the bout", p.path, p.line, r.Winner)
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	if _, err := p.readLine(); err != io.EOF {
		if err != nil {
			return err
		}
		return fmt.Errorf("%s:%d: more lines than the %d bouts of the part", p.path, p.line, h.To-h.From)
	}
	return nil
}
