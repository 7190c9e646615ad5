package main

// Tournament shards: `robocom tournament -shard K/N -o PART.jsonl` plays a part of the bouts
// and writes them as JSON lines; `robocom merge PART.jsonl…` checks that the parts make one
// whole tournament and prints its result. The format and its reader are internal/bouts's
// (docs/shards.md); here are the flags and the writing of a part to a file.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"robocom/arena"
	"robocom/corewars/play"
	"robocom/internal/bouts"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
)

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
// works too, divided by SLURM_ARRAY_TASK_STEP, so that --array=0-6:2 does) or JOB_COMPLETION_INDEX, and N from SLURM_ARRAY_TASK_COUNT unless given.
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
		// --array=0-6:2 gives the ids 0, 2, 4, 6: part (id − min) / step of COUNT.
		step, hasStep, err := num("SLURM_ARRAY_TASK_STEP")
		if err != nil {
			return 0, 0, err
		}
		if !hasStep || step == 0 {
			step = 1
		}
		if (id-lo)%step != 0 {
			return 0, 0, fmt.Errorf("-shard auto: SLURM_ARRAY_TASK_ID %d is not SLURM_ARRAY_TASK_MIN %d plus a multiple of SLURM_ARRAY_TASK_STEP %d; give -shard K/N", id, lo, step)
		}
		k = (id - lo) / step
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

// sha256Hex is the hex SHA-256 of a program's bytes, as a part's header names it.
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

// sameInputs refuses a part's output file that is one of the inputs (what says what they
// are: "one of the programs", "the hill"), or (as every output, see checkOutputPath) an
// existing program file.
func sameInputs(out outputFlag, inputs []string, what string) error {
	st, err := os.Stat(out.file())
	if err != nil { // (also standard output, or no -o: no file named)
		return nil
	}
	if st.IsDir() {
		return fmt.Errorf("-o %s is a directory; give the part's file name", out)
	}
	for _, in := range inputs {
		if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) {
			return fmt.Errorf("-o %s is %s; the part needs a file of its own", out, what)
		}
	}
	return checkOutputPath("-o", "part0.jsonl", out.file(), nil)
}

// writeShard plays bouts [h.From, h.To) with play and writes the part: the header, then one
// line per bout as it finishes. With a path the lines go to a temporary file beside it that
// is renamed to the path when the last bout is in, so a part under its name is whole; when
// interrupted (Ctrl-C, SIGTERM: a cluster's time limit), to path.partial instead. Without a
// path they go to stdout. It returns the exit status.
func writeShard(cmd string, stdout, stderr io.Writer, path outputFlag, quiet bool, h *bouts.PartHeader, play bouts.PlayFunc) int {
	w := stdout
	var out *userfile.Output
	if f := path.file(); f != "" {
		var err error
		if out, err = userfile.NewOutput(f, 0o644); err != nil {
			fmt.Fprintf(stderr, "robocom %s: %v\n", cmd, err)
			return 1
		}
		defer out.Abort()
		w = out
	}
	pw, err := bouts.NewPartWriter(w, h)
	if err != nil {
		fmt.Fprintf(stderr, "robocom %s: writing the part: %v\n", cmd, err)
		return 1
	}
	ctx, interrupted := onInterrupt()
	defer interrupted.stop()
	prog := newProgress(stderr, quiet, "bouts", h.To-h.From)
	written := 0
	if h.To > h.From {
		_, err = play(ctx, h.From, h.To, func(r bouts.Result) error {
			prog.step()
			written++
			return pw.Write(r)
		})
	}
	prog.finish()
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(stderr, "robocom %s: %v\n", cmd, err)
		return 1
	}
	stopped := ctx.Err() != nil && written < h.To-h.From
	werr := pw.Flush()
	if out != nil && werr == nil {
		switch {
		case stopped:
			werr = out.CommitAside(bouts.PartialSuffix)
		case out.Existed(): // named deliberately: replaced, as every output is
			werr = out.Commit()
		default:
			// A part that appeared while this one was played is another run's (two jobs
			// given one folder): replacing it would lose that run's part without a word.
			if werr = out.CommitNew(); errors.Is(werr, fs.ErrExist) {
				fmt.Fprintf(stderr, "robocom %s: %s appeared while this part was played (another run writing to the same file?); it was left as it was and this part is not kept: give each run a file or folder of its own and play part %d of %d again\n",
					cmd, termtext.Escape(string(path)), h.Shard, h.Shards)
				return 1
			}
		}
	}
	if werr != nil {
		fmt.Fprintf(stderr, "robocom %s: writing the part: %v\n", cmd, werr)
		return 1
	}
	if stopped {
		if out != nil {
			fmt.Fprintf(stderr, "robocom %s: interrupted after %d of the part's %d bouts; %s is not written, the bouts finished are in %s (robocom hill import takes it, merge does not: play the part again)\n",
				cmd, written, h.To-h.From, termtext.Escape(string(path)), termtext.Escape(string(path)+bouts.PartialSuffix))
		} else {
			fmt.Fprintf(stderr, "robocom %s: interrupted after %d of the part's %d bouts: the part printed is incomplete\n", cmd, written, h.To-h.From)
		}
		return interrupted.status()
	}
	return 0
}

// shardFlags are tournament's -shard and -o.
type shardFlags struct {
	shard string
	out   outputFlag
}

func (f *shardFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.shard, "shard", "", "play only part K of N of the bouts (K from 0) and write them as JSON lines for robocom merge: K/N, auto (a Slurm job array) or auto/N (Slurm, a Kubernetes Indexed Job)")
	fs.Var(&f.out, "o", "with -shard: write the part to `FILE` (left out, or -: standard output)")
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

// coreParamsJSON is the parameters as a part's header holds them.
func coreParamsJSON(p play.Params) json.RawMessage {
	b, _ := json.Marshal(p) // a struct of numbers, strings and booleans always marshals
	return b
}

// partParams are the Core War parameters a part's header holds; unknown fields are refused.
func partParams(h *bouts.PartHeader) (play.Params, error) {
	var p play.Params
	dec := json.NewDecoder(bytes.NewReader(h.Params))
	dec.DisallowUnknownFields()
	err := dec.Decode(&p)
	return p, err
}
