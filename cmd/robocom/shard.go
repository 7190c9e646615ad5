package main

// Tournament shards: `robocom tournament -shard K/N -o PART.jsonl` plays a part of the bouts
// and writes them as JSON lines; `robocom merge PART.jsonl…` checks that the parts make one
// whole tournament and prints its result. The format is in docs/shards.md.

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"

	"robocom/arena"
	coreplay "robocom/corewars/play"
	"robocom/internal/bouts"
	"robocom/internal/userfile"
)

// shardFormat names the format and its version in every part's header.
const shardFormat = "robocom-tournament-part/1"

// shardHeader is a part's first line: what tournament it belongs to and which bouts it holds.
// Two parts belong to the same tournament when everything but Shard, From and To agrees
// (program files may differ: programs are known by their content).
type shardHeader struct {
	Format string `json:"format"`
	Game   string `json:"game"` // "robocom" or "core"
	Shard  int    `json:"shard"`
	Shards int    `json:"shards"`
	From   int    `json:"from"`  // the part holds bouts [from, to) of the plan
	To     int    `json:"to"`    //
	Bouts  int    `json:"bouts"` // in the whole tournament
	Seed   int64  `json:"seed"`
	Rounds int    `json:"rounds"` // bouts per pairing
	// RoboCom: every rule value of the option set, and its name.
	Options map[string]string `json:"options,omitempty"`
	// Core War: the language ("cw", "vna", "redcode"), its parameters, processes per program.
	Language string           `json:"language,omitempty"`
	Params   *coreplay.Params `json:"params,omitempty"`
	Copies   int              `json:"copies,omitempty"`
	Programs []shardProgram   `json:"programs"`
	// Pairings, if present, are the plan's pairings (a hill plays only those it lacks);
	// without them the plan is the round-robin of the programs.
	Pairings []bouts.Pairing `json:"pairings,omitempty"`
}

type shardProgram struct {
	Name   string `json:"name"`
	File   string `json:"file"`
	SHA256 string `json:"sha256"` // of the file's bytes
}

// shardSpec is -shard: "K/N", "auto" (K and N from a Slurm job array) or "auto/N" (K from
// Slurm or a Kubernetes Indexed Job).
func parseShard(spec string, getenv func(string) string) (k, n int, err error) {
	ks, ns, ok := strings.Cut(spec, "/")
	if ks == "auto" {
		return autoShard(ns, ok, getenv)
	}
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("-shard takes K/N (part K of N, K from 0), auto or auto/N, not %q", spec)
	}
	if n < 1 || k < 0 || k >= n {
		return 0, 0, fmt.Errorf("-shard %s: K must be from 0 to N−1 and N at least 1", spec)
	}
	return k, n, nil
}

// autoShard takes K from SLURM_ARRAY_TASK_ID (less SLURM_ARRAY_TASK_MIN, so that --array=1-4
// works too) or JOB_COMPLETION_INDEX, and N from SLURM_ARRAY_TASK_COUNT unless given.
func autoShard(ns string, nGiven bool, getenv func(string) string) (k, n int, err error) {
	num := func(name string) (int, bool, error) {
		s := getenv(name)
		if s == "" {
			return 0, false, nil
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 {
			return 0, false, fmt.Errorf("-shard auto: %s is %q, not a whole number", name, s)
		}
		return v, true, nil
	}
	if nGiven {
		if n, err = strconv.Atoi(ns); err != nil || n < 1 {
			return 0, 0, fmt.Errorf("-shard auto/N needs a number of parts N of at least 1, not %q", ns)
		}
	}
	id, slurm, err := num("SLURM_ARRAY_TASK_ID")
	if err != nil {
		return 0, 0, err
	}
	if slurm {
		lo, _, err := num("SLURM_ARRAY_TASK_MIN")
		if err != nil {
			return 0, 0, err
		}
		count, hasCount, err := num("SLURM_ARRAY_TASK_COUNT")
		if err != nil {
			return 0, 0, err
		}
		switch {
		case !nGiven && !hasCount:
			return 0, 0, errors.New("-shard auto: SLURM_ARRAY_TASK_COUNT is not set; give the number of parts with -shard auto/N")
		case !nGiven:
			n = count
		case hasCount && count != n:
			return 0, 0, fmt.Errorf("-shard auto/%d, but the Slurm job array has %d tasks", n, count)
		}
		k = id - lo
	} else {
		idx, ok, err := num("JOB_COMPLETION_INDEX")
		if err != nil {
			return 0, 0, err
		}
		switch {
		case !ok:
			return 0, 0, errors.New("-shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set; give -shard K/N")
		case !nGiven:
			return 0, 0, errors.New("-shard auto: JOB_COMPLETION_INDEX gives the part but not the number of parts; give -shard auto/N (N = the job's completions)")
		}
		k = idx
	}
	if k < 0 || k >= n {
		return 0, 0, fmt.Errorf("-shard auto: part %d does not exist in %d parts", k, n)
	}
	return k, n, nil
}

// fileSHA256 is the hex SHA-256 of a file's bytes.
func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// optionValues are every rule value of an option set, and its name, as strings.
func optionValues(o *arena.Options) map[string]string {
	m := map[string]string{"name": o.Name}
	for _, k := range arena.Keys() {
		m[k], _ = o.Get(k)
	}
	return m
}

// optionsFromValues is the option set a header names.
func optionsFromValues(m map[string]string) (*arena.Options, error) {
	o := arena.Classic()
	for k, v := range m {
		if k == "name" {
			o.Name = v
			continue
		}
		if err := o.Set(k, v); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// sameInputs refuses an output file that is one of the inputs, or (as every output, see
// checkOutputPath) an existing program file.
func sameInputs(out string, inputs []string) error {
	st, err := os.Stat(out)
	if err != nil {
		return nil
	}
	if st.IsDir() {
		return fmt.Errorf("-o %s is a directory; give the part's file name", out)
	}
	for _, in := range inputs {
		if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) {
			return fmt.Errorf("-o %s is one of the programs; the part needs a file of its own", out)
		}
	}
	return checkOutputPath("-o", out, nil)
}

// writeShard plays bouts [h.From, h.To) with play and writes the part: the header, then one
// line per bout as it finishes. With a path the lines go to a temporary file beside it that
// is renamed into place at the end (also when interrupted: the part is then incomplete, and
// merge says so); without, to stdout. It returns the exit status.
func writeShard(cmd string, stdout, stderr io.Writer, path string, quiet bool, h *shardHeader,
	play func(ctx context.Context, from, to int, each func(bouts.Result) error) (int, error)) int {
	w := stdout
	var out *userfile.Output
	if path != "" {
		var err error
		if out, err = userfile.NewOutput(path, 0o644); err != nil {
			fmt.Fprintf(stderr, "robocom %s: %v\n", cmd, err)
			return 1
		}
		defer out.Abort()
		w = out
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	head, _ := json.Marshal(h)
	bw.Write(head)
	bw.WriteByte('\n')
	ctx, interrupted := onInterrupt()
	defer interrupted.stop()
	prog := newProgress(stderr, quiet, "bouts", h.To-h.From)
	var line []byte
	_, err := play(ctx, h.From, h.To, func(r bouts.Result) error {
		line, _ = json.Marshal(r)
		bw.Write(line)
		prog.step()
		bw.WriteByte('\n')
		return bw.Flush() // a write that fails (a full disk) stops the play at once
	})
	prog.finish()
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(stderr, "robocom %s: %v\n", cmd, err)
		return 1
	}
	werr := bw.Flush()
	if out != nil && werr == nil {
		werr = out.Commit()
	}
	if werr != nil {
		fmt.Fprintf(stderr, "robocom %s: writing the part: %v\n", cmd, werr)
		return 1
	}
	if ctx.Err() != nil {
		fmt.Fprintf(stderr, "robocom %s: interrupted; the part holds the bouts finished and robocom merge will call it incomplete\n", cmd)
		return interrupted.status()
	}
	return 0
}

// shardPart is one part file opened by readParts, positioned after its header.
type shardPart struct {
	path   string
	header shardHeader
	f      *os.File
	r      *bufio.Reader
	line   int
}

// maxPartPrograms bounds the programs of a part, whose plan lists every pairing (8 million
// for 4096 programs): a damaged header must not make merge allocate without end.
const maxPartPrograms = 4096

// maxShardLine bounds a line of a part (headers list every program with its file name).
const maxShardLine = 64 << 20

func (p *shardPart) readLine() ([]byte, error) {
	var buf []byte
	for {
		chunk, err := p.r.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(buf) > maxShardLine {
			return nil, fmt.Errorf("%s:%d: a line longer than %d bytes; this is not a tournament part", p.path, p.line+1, maxShardLine)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(buf) > 0 {
			return nil, fmt.Errorf("%s:%d: the last line is cut short (was the run killed?)", p.path, p.line+1)
		}
		if err != nil {
			return nil, err
		}
		p.line++
		return buf, nil
	}
}

// readParts opens the parts and checks that together they are exactly one tournament:
// the same format, programs (by content), options, seed and rounds, one split into N parts
// with each part present once. The parts come back in order of K; their bouts are read by
// each. The caller closes them.
func readParts(paths []string) ([]*shardPart, error) {
	if len(paths) == 0 {
		return nil, errors.New("no part given")
	}
	var parts []*shardPart
	fail := func(err error) ([]*shardPart, error) {
		for _, p := range parts {
			p.f.Close()
		}
		return nil, err
	}
	for _, path := range paths {
		f, err := userfile.Open(path, userfile.TournamentPart) // a FIFO is refused, not waited on
		if err != nil {
			return fail(err)
		}
		p := &shardPart{path: path, f: f, r: bufio.NewReaderSize(f, 1<<16)}
		parts = append(parts, p)
		line, err := p.readLine()
		if err == io.EOF {
			return fail(fmt.Errorf("%s is empty, not a tournament part", path))
		}
		if err != nil {
			return fail(err)
		}
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p.header); err != nil || p.header.Format != shardFormat {
			return fail(fmt.Errorf("%s:1: not a tournament part of this version (a first line with \"format\": %q)", path, shardFormat))
		}
		if err := p.header.check(); err != nil {
			return fail(fmt.Errorf("%s: %v", path, err))
		}
	}
	first := parts[0]
	byK := make(map[int]*shardPart, len(parts)) // not a slice of N: N comes from the file
	for _, p := range parts {
		if err := sameTournament(first, p); err != nil {
			return fail(err)
		}
		if q := byK[p.header.Shard]; q != nil {
			return fail(fmt.Errorf("%s and %s are both part %d of %d: overlapping parts", q.path, p.path, p.header.Shard, p.header.Shards))
		}
		byK[p.header.Shard] = p
	}
	if n := first.header.Shards; len(parts) < n {
		var missing []string
		for k := 0; k < n && len(missing) < 10; k++ {
			if byK[k] == nil {
				missing = append(missing, strconv.Itoa(k))
			}
		}
		more := ""
		if n-len(parts) > len(missing) {
			more = fmt.Sprintf(" (and %d more)", n-len(parts)-len(missing))
		}
		return fail(fmt.Errorf("part %s%s of %d is missing", strings.Join(missing, ", "), more, n))
	}
	for k := range parts {
		parts[k] = byK[k]
	}
	return parts, nil
}

// check says what is inconsistent within one header.
func (h *shardHeader) check() error {
	switch {
	case h.Game != "robocom" && h.Game != "core":
		return fmt.Errorf("the game is %q, not robocom or core", h.Game)
	case h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards:
		return fmt.Errorf("part %d of %d does not exist", h.Shard, h.Shards)
	case len(h.Programs) < 2 || len(h.Programs) > maxPartPrograms:
		return fmt.Errorf("a tournament of %d programs; parts hold 2 to %d", len(h.Programs), maxPartPrograms)
	case (h.Game == "robocom") != (h.Options != nil) || (h.Game == "core") != (h.Params != nil):
		return fmt.Errorf("a %s part without its options", h.Game)
	}
	if h.Pairings != nil {
		if len(h.Pairings) == 0 {
			return errors.New("an empty list of pairings")
		}
		for i, pg := range h.Pairings {
			if pg.A < 0 || pg.B < 0 || pg.A >= len(h.Programs) || pg.B >= len(h.Programs) || pg.A == pg.B {
				return fmt.Errorf("pairing %d names programs %d and %d of %d", i, pg.A, pg.B, len(h.Programs))
			}
		}
	}
	plan := h.plan()
	if err := plan.Check(); err != nil {
		return err
	}
	from, to := bouts.Shard(plan.Bouts(), h.Shard, h.Shards)
	if h.Bouts != plan.Bouts() || h.From != from || h.To != to {
		return fmt.Errorf("part %d of %d of %d bouts should hold bouts %d to %d, but it says %d to %d of %d", h.Shard, h.Shards, plan.Bouts(), from, to, h.From, h.To, h.Bouts)
	}
	return nil
}

// plan is the tournament's plan of bouts.
func (h *shardHeader) plan() bouts.Plan {
	if h.Pairings != nil {
		return bouts.Plan{Pairings: h.Pairings, Rounds: h.Rounds}
	}
	return bouts.RoundRobinPlan(len(h.Programs), h.Seed, h.Rounds)
}

// sameTournament says in a sentence how part q differs from part p, if it does.
func sameTournament(p, q *shardPart) error {
	a, b := &p.header, &q.header
	differ := func(what string, x, y any) error {
		return fmt.Errorf("%s and %s are parts of different tournaments: %s %v, %s %v", p.path, q.path, what, x, what, y)
	}
	switch {
	case a.Game != b.Game:
		return differ("game", a.Game, b.Game)
	case a.Shards != b.Shards:
		return fmt.Errorf("%s and %s split the tournament differently: into %d and into %d parts", p.path, q.path, a.Shards, b.Shards)
	case len(a.Programs) != len(b.Programs):
		return differ("programs", len(a.Programs), len(b.Programs))
	case a.Seed != b.Seed:
		return differ("seed", a.Seed, b.Seed)
	case a.Rounds != b.Rounds:
		return differ("rounds", a.Rounds, b.Rounds)
	case a.Language != b.Language:
		return differ("language", a.Language, b.Language)
	case a.Copies != b.Copies:
		return differ("copies", a.Copies, b.Copies)
	case !reflect.DeepEqual(a.Params, b.Params):
		return differ("parameters", *a.Params, *b.Params)
	case !reflect.DeepEqual(a.Pairings, b.Pairings):
		return fmt.Errorf("%s and %s are parts of different tournaments: they play different pairings", p.path, q.path)
	}
	for i := range a.Programs {
		if a.Programs[i].SHA256 != b.Programs[i].SHA256 {
			return fmt.Errorf("%s and %s are parts of different tournaments: program %d is %s in one and %s in the other, with different contents", p.path, q.path, i+1, a.Programs[i].File, b.Programs[i].File)
		}
	}
	for k, v := range a.Options {
		if b.Options[k] != v {
			return fmt.Errorf("%s and %s are parts of different tournaments: option %s is %q in one and %q in the other", p.path, q.path, k, v, b.Options[k])
		}
	}
	if len(a.Options) != len(b.Options) {
		return fmt.Errorf("%s and %s are parts of different tournaments: their option sets have different keys", p.path, q.path)
	}
	return nil
}

// each reads the part's bouts and hands them to fn, checking that they are exactly the
// bouts the header promises, in order.
func (p *shardPart) each(fn func(bouts.Result) error) error {
	h := &p.header
	plan := h.plan()
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

// shardFlags are tournament's -shard and -o.
type shardFlags struct {
	shard, out string
}

func (f *shardFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.shard, "shard", "", "play only part K of N of the bouts (K from 0) and write them as JSON lines for robocom merge: K/N, auto (a Slurm job array) or auto/N (Slurm, a Kubernetes Indexed Job)")
	fs.StringVar(&f.out, "o", "", "with -shard: write the part to `FILE` (default: standard output)")
}

func (f *shardFlags) wanted() bool { return f.shard != "" || f.out != "" }

// parse checks the flags together and returns K and N.
func (f *shardFlags) parse(asJSON, seedSet bool) (k, n int, err error) {
	switch {
	case f.shard != "" && !seedSet:
		return 0, 0, errors.New("-shard needs -seed: every part must play the bouts of one tournament, and a random seed differs from part to part")
	case f.shard == "":
		return 0, 0, errors.New("-o writes a part of a tournament: give -shard K/N too (-shard 0/1 for all of it)")
	case asJSON:
		return 0, 0, errors.New("-json prints a whole tournament's result; a part (-shard) is written as JSON lines, and robocom merge -json prints the result")
	}
	return parseShard(f.shard, os.Getenv)
}
