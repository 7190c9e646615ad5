package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robocom/robolang"
)

func TestCheckAndRBI(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.rob")
	bad := filepath.Join(dir, "bad.rob")
	os.WriteFile(good, []byte("Name Good\nBank\n@l\nTurn 1\nJump @l\n"), 0o644)
	os.WriteFile(bad, []byte("Bank\n  Set 1, 2\n  Jump @x\n"), 0o644)

	var out, errb bytes.Buffer
	if st := checkFiles(&out, &errb, []string{good}, robolang.Options{}, &coreFlags{}); st != 0 {
		t.Fatalf("check good: %d %s", st, errb.String())
	}
	// Counts of one are singular: the first program a newcomer writes has one bank.
	if want := good + `: ok: "Good", 1 bank, 2 instructions` + "\n"; out.String() != want {
		t.Errorf("check good: got %q, want %q", out.String(), want)
	}
	errb.Reset()
	if st := checkFiles(&out, &errb, []string{bad, good, filepath.Join(dir, "missing.rob")}, robolang.Options{}, &coreFlags{}); st != 1 {
		t.Fatalf("check bad: status %d", st)
	}
	want := bad + ":2:7: SET cannot write to 1: operand 1 must be #1..#20, #Active or %Active\n" +
		bad + ":3:8: undefined label @x\n" +
		filepath.Join(dir, "missing.rob") + ": no such file; check the name and the folder\n"
	if errb.String() != want {
		t.Errorf("got\n%s\nwant\n%s", errb.String(), want)
	}

	// rbi: default output name, -info, refusing the source, damaged files.
	out.Reset()
	errb.Reset()
	if st := rbiMain(&out, &errb, []string{good}); st != 0 {
		t.Fatalf("rbi: %d %s", st, errb.String())
	}
	rbi := filepath.Join(dir, "good.rbi")
	if want := rbi + `: saved "Good" as RBI (1 bank)` + "\n"; out.String() != want {
		t.Errorf("rbi: got %q, want %q", out.String(), want)
	}
	out.Reset()
	if st := rbiMain(&out, &errb, []string{"-info", rbi}); st != 0 || !strings.Contains(out.String(), "Name:     Good\n") {
		t.Fatalf("rbi -info: %d %q %s", st, out.String(), errb.String())
	}
	errb.Reset()
	// A refusal decided from the arguments is a usage mistake, 2, as battle -trace's (it was 1).
	if st := rbiMain(&out, &errb, []string{good, "-o", good}); st != 2 || !strings.Contains(errb.String(), "names one of the input files") {
		t.Errorf("rbi -o source: %d %s", st, errb.String())
	}
	if b, _ := os.ReadFile(good); !strings.HasPrefix(string(b), "Name Good") {
		t.Fatal("source overwritten")
	}
	data, _ := os.ReadFile(rbi)
	cut := filepath.Join(dir, "cut.rbi")
	os.WriteFile(cut, data[:len(data)-1], 0o644)
	errb.Reset()
	if st := rbiMain(&out, &errb, []string{"-info", cut}); st != 1 || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("truncated: %d %q", st, errb.String())
	}
	errb.Reset()
	if st := checkFiles(&out, &errb, []string{cut}, robolang.Options{}, &coreFlags{}); st != 1 || errb.String() != cut+": RBI file is truncated\n" {
		t.Errorf("check truncated: %d %q", st, errb.String())
	}
	for _, args := range [][]string{nil, {"-x", good}, {good, "other.rob"}, {"-o"}} {
		if st := rbiMain(&out, &errb, args); st != 2 {
			t.Errorf("rbi %q: status %d, want 2", args, st)
		}
	}
}

// TestCheckCoreWar: check reads a Core War program with its own assembler (chosen by the
// extension, as robocom core does), not as RoboCom, and battle refuses one.
func TestCheckCoreWar(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.cw")
	os.WriteFile(bad, []byte("title Bad\nl: jump m\n"), 0o644)
	cases := []struct {
		file, out, err string
		status         int
	}{
		{samples + "dwarf.cw", samples + "dwarf.cw: ok: \"Dwarf\", 7 instructions\n", "", 0},
		{samples + "imp.red", samples + "imp.red: ok: \"Imp\", 1 instruction\n", "", 0},
		{samples + "bomber.vna", samples + "bomber.vna: ok: \"bomber\", 4 nodes\n", "", 0},
		{bad, "", bad + ":2:9: undefined label \"m\"\n", 1},
	}
	for _, tc := range cases {
		var out, errb bytes.Buffer
		st := checkMain([]string{tc.file}, &out, &errb)
		if st != tc.status || out.String() != tc.out || errb.String() != tc.err {
			t.Errorf("check %s: status %d, out %q, err %q; want %d, %q, %q", tc.file, st, out.String(), errb.String(), tc.status, tc.out, tc.err)
		}
	}
	for _, file := range []string{samples + "dwarf.cw", samples + "imp.red", samples + "bomber.vna"} {
		var out, errb bytes.Buffer
		st := battleMain([]string{"../../robots/wall.rob", file}, &out, &errb)
		if st != 2 || !strings.Contains(errb.String(), "not a RoboCom one; play Core War programs with robocom core") || strings.Count(errb.String(), "\n") != 2 {
			t.Errorf("battle %s: status %d, err %q", file, st, errb.String())
		}
	}
}

// TestCheckCoreWarParameters: check takes the Core War parameters a program will play with: a
// 94x warrior asserts a core of 55440 cells and failed its assert under the defaults, with no
// way to say otherwise.
func TestCheckCoreWarParameters(t *testing.T) {
	const warrior = "../../corewars/redcode/testdata/warriors/koenigstuhl-94x/cocktail.red"
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{warrior}, 1, "Assertion in this line fails"},
		{[]string{"-s", "55440", "-c", "500000", "-p", "10000", "-l", "200", "-d", "200", warrior}, 0, `ok: "Cocktail`},
		{[]string{warrior, "-coresize", "55440", "-l", "200", "-d", "200"}, 0, `ok: "Cocktail`},
		{[]string{"-coresize", "0", warrior}, 2, "-coresize must be at least 1"},
		{[]string{"-dialect", "88", "../../robots/core/imp.cw", "../../robots/core/dwarf.red"}, 1, `imp.cw: ok`}, // (dwarf.red is no '88 program)
		{[]string{"-threads", "5", "../../robots/hive.rob"}, 2, "-threads is a Core War parameter"},
	} {
		var out, errb bytes.Buffer
		st := checkMain(c.args, &out, &errb)
		if st != c.status || !strings.Contains(out.String()+errb.String(), c.want) {
			t.Errorf("check %v: status %d, want %d with %q:\n%s%s", c.args, st, c.status, c.want, out.String(), errb.String())
		}
	}
}
