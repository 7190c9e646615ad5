package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robocom/arena"
	"robocom/robolang"
)

var updateBattleGolden = flag.Bool("update-battle", false, "rewrite the golden files in testdata/")

const battleJulyDir = "../../../shared/corpus/robocom/july1998"

func needBattleJuly(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(battleJulyDir); err != nil {
		t.Skip("July Package not found at " + battleJulyDir)
	}
}

// TestBattleGolden: a fixed-seed July battle gives exactly the recorded JSON result.
// Regenerate with: go test -tags nogui ./cmd/robocom -run BattleGolden -update-battle
func TestBattleGolden(t *testing.T) {
	needBattleJuly(t)
	var out, errb bytes.Buffer
	code := battleMain([]string{"-seed", "42", "-rounds", "2", "-json",
		filepath.Join(battleJulyDir, "Styx.rob"), filepath.Join(battleJulyDir, "Rainman.rob")}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	got := bytes.ReplaceAll(out.Bytes(), []byte(battleJulyDir+"/"), []byte("JULY/"))
	golden := filepath.Join("testdata", "battle_styx_rainman_42.json")
	if *updateBattleGolden {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update-battle to create it)", err)
	}
	if !bytes.Equal(got, want) {
		bad := golden + ".bad"
		os.WriteFile(bad, got, 0o644)
		t.Errorf("result differs from %s; got written to %s (diff them)", golden, bad)
	}
}

// The text result counts in words that agree with their numbers, as core's does: it said
// "totals over 1 round(s)" where core said "totals over 1 round:".
func TestBattleTextCounts(t *testing.T) {
	var out, errb bytes.Buffer
	if code := battleMain([]string{"-seed", "1", "../../robots/hive.rob", "../../robots/mine.rob"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"\nround 1 (seed 1): 4265 cycles, ", " instructions, winner: Hive\n", "\ntotals over 1 round:\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "(s)") {
		t.Errorf("a count with (s) in\n%s", out.String())
	}
}

func writeBattleProg(t *testing.T, dir, name, src string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBattleCLI(t *testing.T) {
	dir := t.TempDir()
	die := writeBattleProg(t, dir, "die.rob", "Name Duck\nBank A\nSET #1, 1\nDIE\n")
	loop := writeBattleProg(t, dir, "loop.rob", "Name Mine\nBank A\nJUMP 0\n")
	bad := writeBattleProg(t, dir, "bad.rob", "Bank A\nFLY 3\n")
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := battleMain(args, &out, &errb)
		return code, out.String(), errb.String()
	}
	usage := [][]string{
		{},
		{loop, loop, loop, loop, loop, loop},
		{"-opt", "board=2", loop},
		{"-opt", "fly=1", loop},
		{"-place", "1,2", loop},
		{"-place", "1,2,Q", loop},
		{"-place", "16,0,N", loop},
		{"-place", "1,1,N", "-place", "1,1,S", loop, die},
		{"-rounds", "0", loop},
		{"-options", "nosuchset", loop},
		{"-nosuchflag", loop},
	}
	for _, args := range usage {
		if code, _, _ := run(args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	if code, _, e := run(loop, bad); code != 1 || !strings.Contains(e, "bad.rob:2:1:") {
		t.Errorf("load error: exit %d, %q", code, e)
	}
	if code, _, e := run(loop, filepath.Join(dir, "missing.rob")); code != 1 || e == "" {
		t.Errorf("missing file: exit %d, %q", code, e)
	}

	// Flags may follow the programs; the seed is always printed.
	code, out, e := run(loop, die, "-place", "3,4,E", "-place", "5,4,W")
	if code != 0 || !strings.Contains(out, "seed ") || !strings.Contains(out, "winner: Mine") {
		t.Errorf("table: exit %d\n%s%s", code, out, e)
	}

	// JSON, with a trace: Duck (SET 1-5, DIE 6) dies in cycle 6, the game ends there.
	trace := filepath.Join(dir, "t.jsonl")
	code, out, e = run("-json", "-seed", "5", "-rounds", "2", "-trace", trace, "-place", "3,4,E", "-place", "5,4,W", loop, die)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	var res battleJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Seed != 5 || res.Options != "classic" || res.Board != 16 || res.Timeout != 80000 || len(res.Rounds) != 2 {
		t.Fatalf("result: %+v", res)
	}
	r2 := res.Rounds[1]
	if r2.Round != 2 || r2.Seed != 6 || r2.Cycles != 6 || r2.Instructions != 5 || r2.Winner == nil || *r2.Winner != "Mine" {
		t.Errorf("round 2: %+v", r2)
	}
	if p := r2.Programs[1]; p.Alive || p.DiedAt == nil || *p.DiedAt != 6 || p.Rank != 2 || p.Robots != 0 || p.Name != "Duck" || p.File != die {
		t.Errorf("Duck: %+v", p)
	}
	if p := r2.Programs[0]; !p.Alive || p.DiedAt != nil || p.Rank != 1 || p.Robots != 1 {
		t.Errorf("Mine: %+v", p)
	}
	if len(r2.Deaths) != 1 || r2.Deaths[0] != (deathJSON{Cycle: 6, Robot: 2, Program: 1, Reason: "die"}) {
		t.Errorf("deaths: %+v", r2.Deaths)
	}
	if tot := res.Totals[0]; tot.Wins != 2 || tot.Points != 6 || tot.Losses != 0 {
		t.Errorf("totals: %+v", res.Totals)
	}
	// Raw JSON keeps null for winner/died_at and the field names of CLI.md.
	for _, key := range []string{`"died_at": null`, `"instructions": 5`, `"deaths": [`, `"totals": [`} {
		if !strings.Contains(out, key) {
			t.Errorf("JSON lacks %s", key)
		}
	}

	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []map[string]any
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("trace line %q: %v", sc.Text(), err)
		}
		lines = append(lines, m)
	}
	// Per round: 2 spawns at cycle 0, then Duck's death in 6.
	if len(lines) != 6 {
		t.Fatalf("trace has %d lines: %v", len(lines), lines)
	}
	first := lines[0]
	want := map[string]any{"round": 1.0, "cycle": 0.0, "robot": 1.0, "program": 0.0, "event": "spawn", "parent": 0.0,
		"x": 3.0, "y": 4.0, "dir": "E", "set": 2.0, "banks": 1.0, "mobile": 0.0}
	for k, w := range want {
		if first[k] != w {
			t.Errorf("first trace line %s = %v, want %v", k, first[k], w)
		}
	}
	if d := lines[5]; d["round"] != 2.0 || d["cycle"] != 6.0 || d["event"] != "death" || d["reason"] != "die" || d["robot"] != 2.0 {
		t.Errorf("last trace line %v", d)
	}
}

// TestOptionsFile: -options FILE and -opt on top of it reach the game.
func TestOptionsFile(t *testing.T) {
	dir := t.TempDir()
	prog := writeBattleProg(t, dir, "p.rob", "Bank A\nSET #1, 1\nDIE\n")
	o := arena.Classic()
	o.Name = "quick"
	o.SetPair("cost.set=1")
	o.SetPair("board=9")
	path := filepath.Join(dir, "quick.opts")
	if err := o.Save(path); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := battleMain([]string{"-json", "-seed", "1", "-options", path, "-opt", "timeout=500", prog}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res battleJSON
	json.Unmarshal(out.Bytes(), &res)
	if res.Options != "quick" || res.Board != 9 || res.Timeout != 500 || res.Rounds[0].Cycles != 2 {
		t.Errorf("%+v", res)
	}
}

func TestTournament(t *testing.T) {
	needBattleJuly(t)
	files := []string{"Styx.rob", "Rainman.rob", "Alpha.rob"}
	var args []string
	for _, f := range files {
		args = append(args, filepath.Join(battleJulyDir, f))
	}
	var out, errb bytes.Buffer
	if code := tournamentMain(append([]string{"-json", "-seed", "3", "-rounds", "2"}, args...), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res tournamentJSON
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Pairings) != 3 || len(res.Programs) != 3 {
		t.Fatalf("%+v", res)
	}
	// Every pairing's bouts add up, and each standing is what the pairings say; the
	// same bouts played by battle give the same winners.
	var progs []*robolang.Program
	for _, f := range args {
		p, err := robolang.LoadFile(f, robolang.Options{})
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, p)
	}
	points := make([]int, 3)
	for _, pr := range res.Pairings {
		if pr.AWins+pr.BWins+pr.Draws != 2 {
			t.Errorf("pairing %+v", pr)
		}
		points[pr.A] += 3*pr.AWins + pr.Draws
		points[pr.B] += 3*pr.BWins + pr.Draws
		b := &arena.Battle{Programs: []*robolang.Program{progs[pr.A], progs[pr.B]}, Options: arena.Classic(), Seed: 3, Rounds: 2}
		var tally arena.Tally
		if _, err := b.Play(context.Background(), func(_ int, r *arena.Result) error { tally.Add(r); return nil }); err != nil {
			t.Fatal(err)
		}
		if tally.Of(0).Wins != pr.AWins || tally.Of(1).Wins != pr.BWins || tally.Of(0).Draws != pr.Draws {
			t.Errorf("pairing %+v but battle says %+v %+v", pr, tally.Of(0), tally.Of(1))
		}
	}
	for i, s := range res.Programs {
		if s.Points != points[s.Index] || s.Wins+s.Draws+s.Losses != 4 {
			t.Errorf("standing %+v, points %d", s, points[s.Index])
		}
		if i > 0 && s.Points > res.Programs[i-1].Points {
			t.Error("standings not sorted by points")
		}
	}

	// A directory of programs; fewer than two programs is a usage error.
	dir := t.TempDir()
	writeBattleProg(t, dir, "a.rob", "Bank A\nJUMP 0\n")
	writeBattleProg(t, dir, "b.rob", "Bank A\nDIE\n")
	writeBattleProg(t, dir, "notes.txt", "not a program")
	out.Reset()
	if code := tournamentMain([]string{"-seed", "1", "-rounds", "3", dir}, &out, &errb); code != 0 || !strings.Contains(out.String(), "seed 1") {
		t.Errorf("dir: exit %d\n%s%s", code, out.String(), errb.String())
	}
	if code := tournamentMain([]string{filepath.Join(dir, "a.rob")}, &out, &errb); code != 2 {
		t.Errorf("one program: exit %d", code)
	}
}
