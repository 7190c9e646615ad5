package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHillPlayShardKeepsInputs: hill play -shard -o refuses, as tournament -shard -o does, a
// part file that is the hill itself or an existing program file (the README: "a part's -o
// never replaces an input or an existing program file"); before, -o my.hill wrote the part
// over the hill and -o a.red over the program.
func TestHillPlayShardKeepsInputs(t *testing.T) {
	dir := t.TempDir()
	copyRobots(t, dir, "core/imp.red", "core/dwarf.red")
	if code, _, errs := runMain(t, dir, "hill", "create", "r.hill", "-game", "core", "-rounds", "1",
		"-s", "800", "-c", "800", "-p", "80", "-l", "20", "-d", "20", "-seed", "1"); code != 0 {
		t.Fatalf("hill create: %d %s", code, errs)
	}
	if code, _, errs := runMain(t, dir, "hill", "add", "-noplay", "r.hill", "imp.red", "dwarf.red"); code != 0 {
		t.Fatalf("hill add: %d %s", code, errs)
	}
	for _, c := range []struct{ out, want string }{
		{"r.hill", "-o r.hill is the hill"},
		{"imp.red", "is an existing program file"},
	} {
		before, _ := os.ReadFile(filepath.Join(dir, c.out))
		code, _, errs := runMain(t, dir, "hill", "play", "r.hill", "-shard", "0/1", "-o", c.out)
		after, _ := os.ReadFile(filepath.Join(dir, c.out))
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("hill play -shard 0/1 -o %s: status %d, %q; want 2 and %q", c.out, code, errs, c.want)
		}
		if !bytes.Equal(before, after) {
			t.Errorf("hill play -shard 0/1 -o %s replaced %s", c.out, c.out)
		}
	}
	if code, _, errs := runMain(t, dir, "hill", "show", "r.hill"); code != 0 {
		t.Errorf("hill show after the refused parts: %d %s", code, errs)
	}
}

// TestHillCreateTooManyRounds: -rounds past hill.MaxRounds is a usage mistake of hill create
// (status 2), as -rounds 0 is; it gave status 1, as for a file that cannot be written.
func TestHillCreateTooManyRounds(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := runMain(t, dir, "hill", "create", "x.hill", "-game", "robocom", "-rounds", "100001")
	if code != 2 || !strings.Contains(errs, "at most 100000") {
		t.Errorf("hill create -rounds 100001: status %d, %q; want 2 and the limit", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.hill")); err == nil {
		t.Errorf("hill create -rounds 100001 made the hill")
	}
}

// TestTournamentPartKeepsOptionsFile: tournament -shard -o refuses the -options file, an
// input as the programs are (battle -trace refuses it already); it wrote the part over it.
func TestTournamentPartKeepsOptionsFile(t *testing.T) {
	dir := t.TempDir()
	copyRobots(t, dir, "wall.rob", "mine.rob")
	opts := []byte("board = 12\n")
	if err := os.WriteFile(filepath.Join(dir, "my.opts"), opts, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runMain(t, dir, "tournament", "-q", "-seed", "1", "-rounds", "1", "-opt", "timeout=100",
		"-options", "my.opts", "-shard", "0/1", "-o", "my.opts", "wall.rob", "mine.rob")
	if code != 2 || !strings.Contains(errs, "names one of the input files") {
		t.Errorf("tournament -options my.opts -shard 0/1 -o my.opts: status %d, %q; want 2 and a refusal", code, errs)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "my.opts")); !bytes.Equal(got, opts) {
		t.Errorf("the option set's file was replaced: %q", got)
	}
}
