package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCoreFlagsAgree: -coresize, -s and (for core and tournament) -size set the same
// parameter, and so do each long name and its pMARS letter.
func TestCoreFlagsAgree(t *testing.T) {
	type want struct{ size, cycles, threads, maxLength, minDist int64 }
	cases := []struct {
		args []string
		want want
	}{
		{[]string{"-coresize", "800", "-cycles", "900", "-threads", "64", "-maxlength", "20", "-mindist", "30"}, want{800, 900, 64, 20, 30}},
		{[]string{"-s", "800", "-c", "900", "-p", "64", "-l", "20", "-d", "30"}, want{800, 900, 64, 20, 30}},
		{[]string{"-size", "800", "-c", "900", "-threads", "64", "-l", "20", "-mindist", "30"}, want{800, 900, 64, 20, 30}},
	}
	for _, tc := range cases {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		var f coreFlags
		f.register(fs, true)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		got := want{f.size.n, f.cycles.n, f.threads.n, f.maxLength.n, f.minDist.n}
		if got != tc.want {
			t.Errorf("%v: %+v, want %+v", tc.args, got, tc.want)
		}
	}
	fs := flag.NewFlagSet("hill create", flag.ContinueOnError)
	fs.Int("size", 0, "the hill's limit")
	var f coreFlags
	f.register(fs, false) // a second -size would panic
}

// TestTournamentReproducesHill: a hill created with the Core War settings of a KOTH hill
// (expected_hills.tsv: tiny, limited process, '88) and robocom tournament with the same flags
// give the same result, byte for byte; the settings reach the game (a program longer than
// -l is refused).
func TestTournamentReproducesHill(t *testing.T) {
	var files, files88 []string
	for _, n := range []string{"dwarf.red", "imp.red", "paper.red"} {
		files = append(files, filepath.Join("../../robots/core", n))
	}
	for _, n := range []string{"mutagenpar.red", "wow.red", "chimera.red"} {
		files88 = append(files88, filepath.Join("../../../shared/corpus/redcode/warriors/koenigstuhl-88", n))
	}
	for _, tc := range []struct {
		settings, files []string
	}{
		{[]string{"-s", "800", "-p", "800", "-c", "8000", "-l", "20", "-d", "20"}, files},   // tiny
		{[]string{"-s", "8000", "-p", "8", "-c", "80000", "-l", "200", "-d", "200"}, files}, // limited process
		{[]string{"-coresize", "8000", "-threads", "8000", "-cycles", "80000", "-maxlength", "100", "-mindist", "100", "-dialect", "88"}, files88},
	} {
		if _, err := os.Stat(tc.files[0]); err != nil {
			t.Logf("%v skipped: %v", tc.settings, err)
			continue
		}
		h := filepath.Join(t.TempDir(), "core.hill")
		mustHill(t, append([]string{"create", h, "-game", "core", "-rounds", "4", "-seed", "7"}, tc.settings...)...)
		mustHill(t, append([]string{"add", h}, tc.files...)...)
		got := mustHill(t, "show", h, "-json")
		want := tournamentJSONOf(t, append(append([]string{"-seed", "7", "-rounds", "4"}, tc.settings...), tc.files...)...)
		if got != want {
			t.Errorf("%v: hill show -json differs from robocom tournament -json:\n--- hill\n%s\n--- tournament\n%s", tc.settings, got, want)
		}
		var res coreTournamentOut
		if err := json.Unmarshal([]byte(want), &res); err != nil || res.Rounds != 4 || res.Swiss != 0 {
			t.Errorf("%v: rounds %d, swiss rounds %d (%v)", tc.settings, res.Rounds, res.Swiss, err)
		}
	}
	var out, errb bytes.Buffer
	if code := tournamentMain(append([]string{"-l", "2"}, files...), &out, &errb); code != 1 || !strings.Contains(errb.String(), "Too many instructions") {
		t.Errorf("-l 2: exit %d, %q", code, errb.String())
	}
}
