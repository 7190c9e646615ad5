package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"robocom/internal/bouts"
	"robocom/robolang"
)

// playParts plays a tournament in n parts into dir and returns their paths.
func playParts(t *testing.T, dir string, n int, args ...string) []string {
	t.Helper()
	var paths []string
	for k := 0; k < n; k++ {
		p := filepath.Join(dir, "part"+string(rune('0'+k))+".jsonl")
		var out, errb bytes.Buffer
		if code := tournamentMain(append([]string{"-shard", string(rune('0'+k)) + "/" + string(rune('0'+n)), "-o", p}, args...), &out, &errb); code != 0 {
			t.Fatalf("part %d: exit %d: %s", k, code, errb.String())
		}
		if out.Len() != 0 {
			t.Errorf("part %d wrote to stdout: %q", k, out.String())
		}
		paths = append(paths, p)
	}
	return paths
}

func mustRun(t *testing.T, f func([]string, *bytes.Buffer, *bytes.Buffer) int, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := f(args, &out, &errb); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	return out.String()
}

func tournamentF(args []string, out, errb *bytes.Buffer) int { return tournamentMain(args, out, errb) }
func mergeF(args []string, out, errb *bytes.Buffer) int      { return mergeMain(args, out, errb) }

// TestMergeEqualsSingleRun: three parts merged give the single-machine result byte for byte,
// text and JSON, for RoboCom and Core War, whatever order the parts are given in.
func TestMergeEqualsSingleRun(t *testing.T) {
	robo, _ := filepath.Glob("../../robots/*.rob")
	core := []string{"../../robots/core/dwarf.cw", "../../robots/core/imp.cw", "../../robots/core/impkiller.cw", "../../robots/core/replicator.cw"}
	for name, progs := range map[string][]string{"robocom": robo, "core": core} {
		t.Run(name, func(t *testing.T) {
			args := append([]string{"-seed", "11", "-rounds", "4"}, progs...)
			parts := playParts(t, t.TempDir(), 3, args...)
			for _, asJSON := range []bool{false, true} {
				single, merge := args, parts
				if asJSON {
					single = append([]string{"-json"}, args...)
					merge = []string{"-json", parts[2], parts[0], parts[1]}
				}
				want := mustRun(t, tournamentF, single...)
				got := mustRun(t, mergeF, merge...)
				if got != want {
					t.Errorf("json %v: merged\n%s\nsingle run\n%s", asJSON, got, want)
				}
			}
			// All in one part is the same as well.
			one := playParts(t, t.TempDir(), 1, args...)
			if got, want := mustRun(t, mergeF, one...), mustRun(t, tournamentF, args...); got != want {
				t.Errorf("one part: %s\nwant %s", got, want)
			}
		})
	}
}

// TestMergeRefuses: overlapping, missing, incomplete, damaged and mismatched parts are
// refused with a sentence that names the problem.
func TestMergeRefuses(t *testing.T) {
	robo, _ := filepath.Glob("../../robots/*.rob")
	dir := t.TempDir()
	args := append([]string{"-seed", "11", "-rounds", "2"}, robo...)
	parts := playParts(t, dir, 3, args...)
	other := func(sub string, n int, extra ...string) []string {
		d := filepath.Join(dir, sub)
		os.Mkdir(d, 0o755)
		return playParts(t, d, n, append(extra, robo...)...)
	}
	otherSeed := other("seed", 3, "-seed", "12", "-rounds", "2")
	otherOpts := other("opts", 3, "-seed", "11", "-rounds", "2", "-opt", "timeout=5000")
	otherRounds := other("rounds", 3, "-seed", "11", "-rounds", "3")
	otherSplit := other("split", 2, "-seed", "11", "-rounds", "2")

	// The same programs with one changed by a byte: another tournament.
	changed := filepath.Join(dir, "changed")
	os.Mkdir(changed, 0o755)
	var changedProgs []string
	for _, f := range robo {
		src, _ := os.ReadFile(f)
		if filepath.Base(f) == "wall.rob" {
			src = append(src, '\n')
		}
		p := filepath.Join(changed, filepath.Base(f))
		os.WriteFile(p, src, 0o644)
		changedProgs = append(changedProgs, p)
	}
	otherProg := playParts(t, filepath.Join(dir, "changed"), 3, append([]string{"-seed", "11", "-rounds", "2"}, changedProgs...)...)

	data, _ := os.ReadFile(parts[1])
	lines := strings.SplitAfter(string(data), "\n")
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	short := write("short.jsonl", strings.Join(lines[:len(lines)-2], ""))
	cut := write("cut.jsonl", strings.Join(lines[:len(lines)-1], "")[:len(data)-5])
	swapped := write("swapped.jsonl", lines[0]+lines[2]+lines[1]+strings.Join(lines[3:], ""))
	extra := write("extra.jsonl", string(data)+lines[1])
	notPart := write("notpart.jsonl", "hello\n")
	empty := write("empty.jsonl", "")
	wrongRange := write("range.jsonl", strings.Replace(string(data), `"from":`, `"from":1`, 1))
	negative := write("negative.jsonl", lines[0]+strings.Replace(lines[1], `"cycles":`, `"cycles":-`, 1)+strings.Join(lines[2:], ""))

	for _, c := range []struct {
		parts []string
		want  string
	}{
		{[]string{parts[0], parts[1], parts[1], parts[2]}, "both part 1 of 3: overlapping"},
		{[]string{parts[0], parts[2]}, "part 1 of 3 is missing"},
		{[]string{parts[0], otherSeed[1], parts[2]}, "different tournaments: seed 11, seed 12"},
		{[]string{parts[0], otherOpts[1], parts[2]}, `option timeout is "80000" in one and "5000"`},
		{[]string{parts[0], otherRounds[1], parts[2]}, "different tournaments: rounds 2, rounds 3"},
		{[]string{parts[0], otherProg[1], parts[2]}, "program 5 is ../../robots/wall.rob in one and " + changedProgs[4] + " in the other, with different contents"},
		{[]string{parts[0], otherSplit[1]}, "split the tournament differently: into 3 and into 2 parts"},
		{[]string{parts[0], short, parts[2]}, "short.jsonl holds 6 of its 7 bouts: the part is incomplete"},
		{[]string{parts[0], cut, parts[2]}, "cut.jsonl:8: the last line is cut short"},
		{[]string{parts[0], swapped, parts[2]}, "swapped.jsonl:2: expected round 1 of pairing 3 (programs 1 and 5, seed 11), found round 2 of pairing 3"},
		{[]string{parts[0], extra, parts[2]}, "extra.jsonl:9: more lines than the 7 bouts"},
		{[]string{notPart}, "notpart.jsonl:1: not a tournament part"},
		{[]string{empty}, "empty.jsonl is empty"},
		{[]string{parts[0], wrongRange, parts[2]}, "part 1 of 3 of 20 bouts should hold bouts 6 to 13, but it says 16 to 13"},
		{[]string{parts[0], negative, parts[2]}, "negative.jsonl:2: the bout lasted -"},
		{[]string{parts[0], filepath.Join(dir, "nothing.jsonl")}, "nothing.jsonl: no such file"},
		{[]string{dir}, "is a folder, not a tournament part"},
	} {
		var out, errb bytes.Buffer
		code := mergeMain(c.parts, &out, &errb)
		if code != 1 || out.Len() != 0 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("merge %v: exit %d, stdout %q, stderr %q; want %q", c.parts, code, out.String(), errb.String(), c.want)
		}
	}
}

// TestShardFlags: -shard's forms, with the job arrays' variables, and what goes with it.
func TestShardFlags(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, c := range []struct {
		spec string
		env  func(string) string
		k, n int
		err  string
	}{
		{"2/5", env(), 2, 5, ""},
		{"0/1", env(), 0, 1, ""},
		{"5/5", env(), 0, 0, "K must be from 0 to N−1"},
		{"-1/5", env(), 0, 0, "K must be"},
		{"x", env(), 0, 0, "-shard takes K/N"},
		{"auto", env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_COUNT", "4"), 3, 4, ""},
		{"auto", env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_COUNT", "4"), 3, 4, ""},
		{"auto/4", env("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "4"), 1, 4, ""},
		{"auto", env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_STEP", "2", "SLURM_ARRAY_TASK_COUNT", "4"), 2, 4, ""},
		{"auto", env("SLURM_ARRAY_TASK_ID", "6", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_STEP", "2", "SLURM_ARRAY_TASK_COUNT", "4"), 3, 4, ""},
		{"auto", env("SLURM_ARRAY_TASK_ID", "7", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_STEP", "3", "SLURM_ARRAY_TASK_COUNT", "3"), 2, 3, ""},
		{"auto", env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_STEP", "2", "SLURM_ARRAY_TASK_COUNT", "4"), 0, 0, "not SLURM_ARRAY_TASK_MIN 0 plus a multiple of SLURM_ARRAY_TASK_STEP 2"},
		{"auto", env("SLURM_ARRAY_TASK_ID", "2", "SLURM_ARRAY_TASK_STEP", "1", "SLURM_ARRAY_TASK_COUNT", "4"), 2, 4, ""},
		{"auto/3", env("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "4"), 0, 0, "the Slurm job array has 4 tasks"},
		{"auto/8", env("JOB_COMPLETION_INDEX", "7"), 7, 8, ""},
		{"auto", env("JOB_COMPLETION_INDEX", "7"), 0, 0, "give -shard auto/N"},
		{"auto/8", env("JOB_COMPLETION_INDEX", "8"), 0, 0, "part 8 does not exist in 8 parts"},
		{"auto", env(), 0, 0, "neither SLURM_ARRAY_TASK_ID"},
		{"auto", env("SLURM_ARRAY_TASK_ID", "x"), 0, 0, "not a whole number"},
	} {
		k, n, err := parseShard(c.spec, c.env)
		if c.err == "" && (err != nil || k != c.k || n != c.n) {
			t.Errorf("%s: %d/%d %v, want %d/%d", c.spec, k, n, err, c.k, c.n)
		}
		if c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%s: %v, want %q", c.spec, err, c.err)
		}
	}
	robo, _ := filepath.Glob("../../robots/*.rob")
	core := []string{"../../robots/core/dwarf.cw", "../../robots/core/imp.cw"}
	someProgram := filepath.Join(t.TempDir(), "mine.rob") // not an input, yet a program: kept
	if err := os.WriteFile(someProgram, []byte("Bank a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{append([]string{"-seed", "1", "-shard", "0/2", "-json"}, robo...), "-json prints a whole tournament"},
		{append([]string{"-seed", "1", "-o", filepath.Join(t.TempDir(), "x.jsonl")}, robo...), "give -shard K/N too"},
		{append([]string{"-seed", "1", "-shard", "0/2", "-o", robo[0]}, robo...), "is one of the programs"},
		{append([]string{"-seed", "1", "-shard", "0/2", "-o", someProgram}, robo...), "is an existing program file"},
		{append([]string{"-seed", "1", "-shard", "0/2", "-swiss"}, core...), "Swiss system's pairings depend"},
		{append([]string{"-shard", "0/2"}, robo...), "-shard needs -seed"},
		{append([]string{"-seed", "1", "-shard", "0/2", "-o", t.TempDir()}, robo...), "is a directory"},
		{append([]string{"-shard", "0/2"}, core...), "-shard needs -seed"},
	} {
		var out, errb bytes.Buffer
		if code := tournamentMain(c.args, &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d: %s; want %q", c.args, code, errb.String(), c.want)
		}
	}
	// Without -o the part goes to standard output.
	out := mustRun(t, tournamentF, append([]string{"-seed", "1", "-rounds", "1", "-shard", "1/2"}, robo...)...)
	if !strings.HasPrefix(out, `{"format":"robocom-tournament-part/1","game":"robocom","shard":1,"shards":2,"from":5,"to":10,`) || strings.Count(out, "\n") != 6 {
		t.Errorf("part on stdout:\n%s", out)
	}
}

// FuzzMergePart: any bytes as a part (alone, or after a real part 0 of 2) give a result or a
// refusal, never a panic or a hang. Seeded with real parts and their damaged forms.
func FuzzMergePart(f *testing.F) {
	robo, _ := filepath.Glob("../../robots/*.rob")
	dir := f.TempDir()
	var out, errb bytes.Buffer
	part0 := filepath.Join(dir, "p0.jsonl")
	for k, p := range []string{part0, filepath.Join(dir, "p1.jsonl")} {
		if code := tournamentMain(append([]string{"-seed", "3", "-rounds", "1", "-shard", string(rune('0'+k)) + "/2", "-o", p}, robo...), &out, &errb); code != 0 {
			f.Fatal(errb.String())
		}
		data, _ := os.ReadFile(p)
		f.Add(data)
		f.Add(data[:len(data)/2])
		f.Add(bytes.Replace(data, []byte(`"winner":`), []byte(`"winner":9`), 1))
	}
	core := filepath.Join(dir, "core.jsonl")
	if code := tournamentMain([]string{"-seed", "3", "-rounds", "2", "-shard", "0/1", "-o", core, "../../robots/core/dwarf.cw", "../../robots/core/imp.cw"}, &out, &errb); code != 0 {
		f.Fatal(errb.String())
	}
	data, _ := os.ReadFile(core)
	f.Add(data)
	// A field missing from the header or a bout line is refused, never read as 0.
	for _, cut := range []string{`"seed":3,`, `"shards":1,`, `"winner":`, `"cycles":`, `"params":`, `"copies":1,`, `"sha256":`} {
		f.Add(bytes.Replace(data, []byte(cut), nil, 1))
	}
	f.Add(bytes.Replace(data, []byte(`"shards":1`), []byte(`"shards":1000000000`), 1))
	f.Add([]byte(`{"format":"robocom-tournament-part/1","game":"robocom","shard":0,"shards":1,"from":0,"to":9223372036854775807,"bouts":9223372036854775807,"seed":0,"rounds":9223372036854775807,"options":{},"programs":[{},{}]}` + "\n"))
	// A plan of nothing (a hill's empty part): merge refuses it as every hill part.
	f.Add([]byte(`{"format":"robocom-tournament-part/1","game":"robocom","shard":0,"shards":1,"from":0,"to":0,"bouts":0,"seed":1,"rounds":2,"options":{},"programs":[],"pairings":[]}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "fuzz.jsonl")
		os.WriteFile(p, data, 0o644)
		for _, args := range [][]string{{p}, {"-json", part0, p}} {
			var out, errb bytes.Buffer
			code := mergeMain(args, &out, &errb)
			if code != 0 && code != 1 || code == 1 && errb.Len() == 0 {
				t.Fatalf("merge %v: exit %d without a sentence: %q", args, code, errb.String())
			}
		}
	})
}

// TestPartWithPairings: a part may list its plan's pairings (a hill's); listing the
// round-robin's own gives the same result, and a pairing of a program with itself or
// with one that does not exist is refused.
func TestPartWithPairings(t *testing.T) {
	progs := []string{"../../robots/hive.rob", "../../robots/mine.rob", "../../robots/wall.rob"}
	dir := t.TempDir()
	part := playParts(t, dir, 1, append([]string{"-seed", "5", "-rounds", "2"}, progs...)...)[0]
	data, _ := os.ReadFile(part)
	head, rest, _ := strings.Cut(string(data), "\n")
	listed := strings.TrimSuffix(head, "}") + `,"pairings":[{"a":0,"b":1,"seed":5},{"a":0,"b":2,"seed":5},{"a":1,"b":2,"seed":5}]}`
	p := filepath.Join(dir, "listed.jsonl")
	os.WriteFile(p, []byte(listed+"\n"+rest), 0o644)
	if got, want := mustRun(t, mergeF, "-json", p), mustRun(t, mergeF, "-json", part); got != want {
		t.Errorf("with the pairings listed:\n%s\nwant\n%s", got, want)
	}
	for _, bad := range []string{`{"a":1,"b":1,"seed":5}`, `{"a":0,"b":3,"seed":5}`} {
		h := strings.TrimSuffix(head, "}") + `,"pairings":[{"a":0,"b":1,"seed":5},` + bad + `,{"a":1,"b":2,"seed":5}]}`
		os.WriteFile(p, []byte(h+"\n"+rest), 0o644)
		var out, errb bytes.Buffer
		if code := mergeMain([]string{p}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "pairing 1 names programs") {
			t.Errorf("pairing %s: exit %d: %s", bad, code, errb.String())
		}
	}
}

// TestPartHashesLoadedBytes: a part's header names each program by the hash of the bytes
// that were loaded and played, even when the file changes after loading (source or RBI).
func TestPartHashesLoadedBytes(t *testing.T) {
	src, err := os.ReadFile("../../robots/mine.rob")
	if err != nil {
		t.Fatal(err)
	}
	p, err := robolang.Parse("mine.rob", src, robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var rbi bytes.Buffer
	if err := robolang.WriteRBI(&rbi, p); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"mine.rob", src},
		{"mine.rbi", rbi.Bytes()},
	} {
		path := filepath.Join(t.TempDir(), c.name)
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		progs, ok := loadPrograms(&errb, []string{path})
		if !ok {
			t.Fatalf("%s: %s", c.name, errb.String())
		}
		// The file changes between loading and writing the header.
		if err := os.WriteFile(path, append(c.data, "; changed\n"...), 0o644); err != nil {
			t.Fatal(err)
		}
		if got, want := partPrograms(progs)[0].SHA256, sha256Hex(c.data); got != want {
			t.Errorf("%s: the header's sha256 is %s, the loaded bytes' %s", c.name, got, want)
		}
	}
}

// TestShardKeepsPartThatAppeared: a part file that appears while a part is played (another
// run given the same -o) is left as it was and the run fails saying so; a part file that was
// there at the start was named deliberately and is replaced, as every output is.
func TestShardKeepsPartThatAppeared(t *testing.T) {
	h := &bouts.PartHeader{Format: bouts.PartFormat, Game: "robocom", Shard: 0, Shards: 1, Seed: 1, Rounds: 1,
		Options: map[string]string{"name": "classic"}}
	for _, f := range []string{"a.rob", "b.rob"} {
		h.Programs = append(h.Programs, bouts.PartProgram{Name: f, File: f, SHA256: sha256Hex([]byte(f))})
	}
	plan := h.Plan()
	h.Bouts = plan.Bouts()
	h.From, h.To = bouts.Shard(h.Bouts, 0, 1)
	const other = "another run's part\n"
	for _, c := range []struct {
		name            string
		before, during  bool // the file is there at the start, or written while playing
		code            int
		want, stderrHas string
	}{
		{"new", false, false, 0, `{"format"`, ""},
		{"there at the start", true, false, 0, `{"format"`, ""},
		{"appeared", false, true, 1, other, "appeared while this part was played"},
		{"there and rewritten", true, true, 0, `{"format"`, ""},
	} {
		path := filepath.Join(t.TempDir(), "part-0.jsonl")
		if c.before {
			os.WriteFile(path, []byte("an old part\n"), 0o644)
		}
		play := func(ctx context.Context, from, to int, each func(bouts.Result) error) (int, error) {
			if c.during {
				os.WriteFile(path, []byte(other), 0o644)
			}
			for g := from; g < to; g++ {
				b := plan.Bout(g)
				if err := each(bouts.Result{Pairing: b.Pairing, A: b.A, B: b.B, Round: b.Round, Seed: b.Seed, Winner: -1}); err != nil {
					return g, err
				}
			}
			return to, nil
		}
		var out, errb bytes.Buffer
		code := writeShard("tournament", &out, &errb, outputFlag(path), true, h, play)
		got, _ := os.ReadFile(path)
		if code != c.code || !strings.HasPrefix(string(got), c.want) || !strings.Contains(errb.String(), c.stderrHas) {
			t.Errorf("%s: exit %d, file %.40q, stderr %q; want exit %d, file %q…, stderr with %q", c.name, code, got, errb.String(), c.code, c.want, c.stderrHas)
		}
		if strays, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*.tmp")); len(strays) > 0 {
			t.Errorf("%s: temporary files left: %v", c.name, strays)
		}
	}
}

// TestMergeRefusesHillPart: a part of a hill's missing pairings is not a tournament's (its
// standings would count only those pairings under a heading of all of them): merge refuses
// it and names hill import; a hill part whose pairings are the whole round robin is one.
func TestMergeRefusesHillPart(t *testing.T) {
	for _, c := range []struct {
		name    string
		played  []string // added and played
		noplay  []string // added with -noplay
		code    int
		stderr  string
		heading string
	}{
		{"some pairings missing", hillRobots[:2], hillRobots[2:3], 1, "is a part of a hill's missing pairings, not of a tournament; robocom hill import HILL", ""},
		{"every pairing missing", nil, hillRobots[:3], 0, "", "3 programs, 3 pairings × 3 rounds"},
		// A part of nothing (every pairing stored) is a hill's too: hill import takes it.
		{"every pairing stored", hillRobots[:2], nil, 1, "is a part of a hill's missing pairings, not of a tournament; robocom hill import HILL", ""},
	} {
		dir := t.TempDir()
		hl, part := filepath.Join(dir, "t.hill"), filepath.Join(dir, "hp.jsonl")
		mustHill(t, "create", hl, "-game", "robocom", "-rounds", "3", "-seed", "7")
		if len(c.played) > 0 {
			mustHill(t, append([]string{"add", hl}, c.played...)...)
		}
		if len(c.noplay) > 0 {
			mustHill(t, append([]string{"add", "-noplay", hl}, c.noplay...)...)
		}
		mustHill(t, "play", hl, "-q", "-shard", "0/1", "-o", part)
		var out, errb bytes.Buffer
		code := mergeMain([]string{part}, &out, &errb)
		if code != c.code || !strings.Contains(errb.String(), c.stderr) || !strings.HasPrefix(out.String(), c.heading) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d, %q", c.name, code, out.String(), errb.String(), c.code, c.stderr+c.heading)
		}
	}
}

// TestMergeChecksCoreParams: a Core War part's parameters are decoded as hill import decodes
// them, and parts whose parameters are not valid parameters are refused, even when every
// part carries the same.
func TestMergeChecksCoreParams(t *testing.T) {
	dir := t.TempDir()
	parts := playParts(t, dir, 2, "-seed", "3", "-rounds", "2", "../../robots/core/dwarf.cw", "../../robots/core/imp.cw")
	var data []string
	for _, p := range parts {
		b, _ := os.ReadFile(p)
		data = append(data, string(b))
	}
	params := regexp.MustCompile(`"params":\{[^}]*\}`)
	for _, c := range []struct {
		params string // for every part
		want   string
	}{
		{`"params":"garbage"`, "the Core War parameters in the header are not valid"},
		{`"params":[1,2]`, "the Core War parameters in the header are not valid"},
		{`"params":{}`, "the core size must be between"},
		{`"params":{"Size":8000,"Bogus":1}`, `unknown field "Bogus"`},
	} {
		var bad []string
		for k, d := range data {
			p := filepath.Join(dir, fmt.Sprintf("bad%d.jsonl", k))
			if err := os.WriteFile(p, []byte(params.ReplaceAllString(d, c.params)), 0o644); err != nil {
				t.Fatal(err)
			}
			bad = append(bad, p)
		}
		var out, errb bytes.Buffer
		if code := mergeMain(bad, &out, &errb); code != 1 || out.Len() != 0 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", c.params, code, out.String(), errb.String(), c.want)
		}
	}
	mustRun(t, mergeF, parts...) // the parts themselves merge
	// Parts played before the .cw thread limit (20,000 threads) still merge: merge plays
	// nothing, and their results stand.
	var old []string
	for k, d := range data {
		p := filepath.Join(dir, fmt.Sprintf("old%d.jsonl", k))
		if err := os.WriteFile(p, []byte(strings.Replace(d, `"Threads":64`, `"Threads":20000`, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(d, `"Threads":64`) {
			t.Fatalf("part %d holds no thread limit of 64 to change: %.300s", k, d)
		}
		old = append(old, p)
	}
	mustRun(t, mergeF, old...)
	// ... but garbage in them is refused all the same (the limit's error came first and hid it).
	for k, d := range data {
		d = strings.Replace(d, `"Threads":64`, `"Threads":20000`, 1)
		d = regexp.MustCompile(`"MaxLength":\d+`).ReplaceAllString(d, `"MaxLength":-7`)
		if err := os.WriteFile(old[k], []byte(d), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	if code := mergeMain(old, &out, &errb); code != 1 || !strings.Contains(errb.String(), "maximum length must not be negative") {
		t.Errorf("parts past the limit with a negative maximum length: exit %d, %q", code, errb.String())
	}
}
