package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCoreT(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := coreMain(args, &out, &errb)
	return code, out.String(), errb.String()
}

const samples = "../../robots/core/"

// pspacePair holds Counter, which counts its rounds in p-space and dies from its second round
// on, and Duck, which loops: corewars/play's p-space pair.
const pspacePair = "../../corewars/play/testdata/pspace/"

func TestCoreUsageErrors(t *testing.T) {
	dir := t.TempDir()
	red := filepath.Join(dir, "imp.red")
	os.WriteFile(red, []byte("MOV 0, 1\n"), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{nil, "no program given"},
		{[]string{samples + "imp.cw", samples + "bomber.vna"}, "different languages"},
		{[]string{"-dialect", "87", red}, "the Redcode dialect must be 94, 88 or 86"},
		{[]string{"-dialect", "88", samples + "imp.cw"}, "-dialect is for Redcode (.red) programs"},
		{[]string{"-copies", "2", red}, "-copies is for .cw programs; Redcode (.red) loads"},
		{[]string{"x.txt"}, "unknown language \".txt\""},
		{[]string{"-copies", "2", samples + "bomber.vna"}, "-copies is for .cw programs; VNA Code (.vna) loads"},
		{[]string{"-rounds", "0", samples + "imp.cw"}, "-rounds must be at least 1"},
		{[]string{"-size", "-5", samples + "imp.cw"}, "-size must be at least 1, not -5"},
		{[]string{"-size", "0", samples + "imp.cw"}, "-size must be at least 1, not 0"},
		{[]string{"-threads", "0", samples + "imp.cw"}, "-threads must be at least 1, not 0"},
		{[]string{"-cycles", "0", samples + "imp.cw"}, "-cycles must be at least 1, not 0"},
		{[]string{"-threads", "1000000000000", samples + "imp.cw"}, "the thread limit of Corewars (.cw) programs must be at most 16384, not 1000000000000"},
		{[]string{"-cycles", "2147483648", samples + "imp.cw"}, "the cycle limit of Corewars (.cw) programs must be at most 2147483647, not 2147483648"},
		{[]string{samples + "bomber.vna", samples + "bomber.vna", samples + "bomber.vna"}, "VNA Code is a game of two players, not 3"},
		{[]string{"-p", "16385", samples + "bomber.vna"}, "the thread limit of VNA Code (.vna) programs must be at most 16384, not 16385"},
		{[]string{"-seed", "x", samples + "imp.cw"}, "-seed needs a whole number"},
	}
	for _, tc := range cases {
		code, _, stderr := runCoreT(tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

func TestCoreLoadErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.cw")
	os.WriteFile(bad, []byte("title Bad\nl: jump m\nmove 1, 2\n"), 0o644)
	code, _, stderr := runCoreT(bad, samples+"imp.cw")
	if code != 1 || !strings.Contains(stderr, bad+":2:9: undefined label \"m\"") || !strings.Contains(stderr, bad+":3:9: move: operand 2") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = runCoreT(filepath.Join(dir, "missing.vna"))
	if code != 1 || !strings.Contains(stderr, "missing.vna: no such file") {
		t.Errorf("missing file: exit %d, stderr %q", code, stderr)
	}
	// Programs that load but do not fit the core asked: a plain sentence, exit 2 as for
	// other values that cannot be played (the options must change, not the program).
	code, _, stderr = runCoreT("-size", "30", "-copies", "8", samples+"impkiller.cw")
	if code != 2 || !strings.Contains(stderr, "do not fit") {
		t.Errorf("too many copies: exit %d, stderr %q", code, stderr)
	}
}

func TestCoreJSON(t *testing.T) {
	code, out, stderr := runCoreT("-seed", "7", "-rounds", "3", "-json", samples+"impkiller.cw", samples+"imp.cw")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res coreResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Language != "cw" || res.Seed != 7 || len(res.Rounds) != 3 || res.Size != 10000 || res.Threads != 64 {
		t.Fatalf("result header %+v", res)
	}
	for k, r := range res.Rounds {
		if r.Seed != 7+int64(k) || r.Winner == nil || *r.Winner != "Imp Killer" || r.Programs[1].Alive || r.Programs[0].Kills != 1 {
			t.Errorf("round %d: %+v", k+1, r)
		}
	}
	if tot := res.Totals[0]; tot.Wins != 3 || tot.Points != 9 || res.Totals[1].Losses != 3 {
		t.Errorf("totals %+v", res.Totals)
	}
	// Same seed, same result, byte for byte.
	_, out2, _ := runCoreT("-seed", "7", "-rounds", "3", "-json", samples+"impkiller.cw", samples+"imp.cw")
	if out2 != out {
		t.Error("two runs with the same seed differ")
	}
	// Options between the programs, and copies summed per program.
	code, out, _ = runCoreT("-seed", "3", samples+"dwarf.cw", "-copies", "2", "-cycles", "500", samples+"imp.cw", "-json")
	if code != 0 {
		t.Fatal(out)
	}
	res = coreResult{}
	json.Unmarshal([]byte(out), &res)
	if res.Copies != 2 || res.Cycles != 500 || len(res.Rounds[0].Programs) != 2 {
		t.Fatalf("%+v", res)
	}
	if p := res.Rounds[0].Programs[0]; p.Processes > 2 || p.Cells < 14 {
		t.Errorf("dwarf with 2 copies: %+v", p)
	}
	if r := res.Rounds[0]; r.Cycles != 500 && r.Winner == nil {
		t.Errorf("no winner before the limit: %+v", r)
	}
}

func TestCoreVNATable(t *testing.T) {
	code, out, stderr := runCoreT("-seed", "1", "-rounds", "2", samples+"bomber.vna", samples+"bomb_evader_fixed.vna")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"VNA Code, core 200 cells", "round 1 (seed 1): winner bomb_evader_fixed", "round 2 (seed 2): winner bomb_evader_fixed", "totals over 2 rounds"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "score") {
		t.Errorf("VNA table shows a score column:\n%s", out)
	}
}

func TestCoreRedcode(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(src), 0o644)
		return p
	}
	stone := write("stone.red", ";name Stone\n;assert 1\nADD #1, 3\nMOV 2, @2\nJMP -2\nDAT #0, #4\n")
	duck := write("duck.red", ";name Duck\n;assert 1\nJMP 0\n")
	code, out, stderr := runCoreT("-seed", "1", "-size", "200", "-rounds", "2", "-json", stone, duck)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res coreResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Language != "redcode" || res.Dialect != "94" || res.Size != 200 || res.Cycles != 80000 {
		t.Errorf("header %+v", res)
	}
	for _, r := range res.Rounds {
		if r.Winner == nil || *r.Winner != "Stone" || r.Programs[0].Kills != 1 || r.Programs[0].Score != 3 {
			t.Errorf("round %+v", r)
		}
	}
	bad := write("bad.red", "MOV 0, 1\nFOO 1\n")
	code, _, stderr = runCoreT(bad, duck)
	if code != 1 || !strings.Contains(stderr, bad+":2: Unrecognized") {
		t.Errorf("bad warrior: exit %d, stderr %q", code, stderr)
	}
	// The Atari ST document's '86 dialect: blanks between the fields, START as the entry.
	imp86 := write("imp86.red", "START: MOV 0 1\n")
	code, out, stderr = runCoreT("-seed", "1", "-dialect", "86", "-size", "200", "-cycles", "1000", "-json", imp86, duck)
	res = coreResult{}
	json.Unmarshal([]byte(out), &res)
	if code != 0 || res.Dialect != "86" || len(res.Rounds) != 1 {
		t.Errorf("'86: exit %d, %s, %+v", code, stderr, res)
	}
	// A draw at the cycle limit: both alive, the slices counted to the limit.
	code, out, _ = runCoreT("-seed", "1", "-cycles", "300", "-json", duck, duck)
	res = coreResult{}
	json.Unmarshal([]byte(out), &res)
	if code != 0 || res.Rounds[0].Winner != nil || res.Rounds[0].Cycles != 300 || res.Totals[0].Draws != 1 {
		t.Errorf("draw: exit %d, %+v", code, res.Rounds)
	}
}

// A Redcode warrior's p-space carries over from round to round, as in pMARS: Counter counts
// its rounds in p-space cell 1 and dies from its second round on, so the battle is a draw and
// then Duck's wins. Every round started with an empty p-space (three draws), as hills did.
func TestCorePSpaceCarriesOverRounds(t *testing.T) {
	counter, duck := pspacePair+"counter.red", pspacePair+"duck.red"
	code, out, stderr := runCoreT("-seed", "5", "-size", "400", "-cycles", "500", "-rounds", "3", "-json", counter, duck)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res coreResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range res.Rounds {
		w := "draw"
		if r.Winner != nil {
			w = *r.Winner
		}
		got = append(got, w)
	}
	if strings.Join(got, " ") != "draw Duck Duck" {
		t.Errorf("rounds ended %q, want draw, then Duck twice (Counter remembers its rounds)", got)
	}
}
