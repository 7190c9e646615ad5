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
		{[]string{red}, "Redcode (.red) is not supported by `robocom core` yet"},
		{[]string{"x.txt"}, "unknown language \".txt\""},
		{[]string{"-copies", "2", samples + "bomber.vna"}, "-copies is for .cw programs"},
		{[]string{"-rounds", "0", samples + "imp.cw"}, "-rounds must be at least 1"},
		{[]string{"-size", "-5", samples + "imp.cw"}, "-size must be positive"},
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
	if code != 1 || !strings.Contains(stderr, "cannot read") {
		t.Errorf("missing file: exit %d, stderr %q", code, stderr)
	}
	// Programs that do not fit: a plain sentence, exit 1.
	code, _, stderr = runCoreT("-size", "30", "-copies", "8", samples+"impkiller.cw")
	if code != 1 || !strings.Contains(stderr, "do not fit") {
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
