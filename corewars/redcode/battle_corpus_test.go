package redcode

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// knownDifferences are corpus battles this MARS does not reproduce, with the reason.
var knownDifferences = map[string]string{}

// loadBattleWarriors assembles the files as pMARS would for one run.
func loadBattleWarriors(t testing.TB, st *Settings, files []string) []*Warrior {
	return loadWarriorsFrom(t, filepath.Join(corpusDir, "warriors"), st, files)
}

func loadWarriorsFrom(t testing.TB, dir string, st *Settings, files []string) []*Warrior {
	var ws []*Warrior
	for i, f := range files {
		src, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		cfg := st.AssemblerConfig(len(files))
		if i > 0 {
			cfg.InitialRegs = [26]int64{}
		}
		w, diag := Assemble(src, cfg)
		if w == nil {
			t.Fatalf("%s does not assemble:\n%s", f, diag.Stderr())
		}
		ws = append(ws, w)
	}
	return ws
}

func hillSettings(t testing.TB, opts string) *Settings {
	st, err := ParseSettings(strings.Fields(opts))
	if err != nil {
		t.Fatalf("%s: %v", opts, err)
	}
	return st
}

func checkBattle(t *testing.T, opts string, w1, w2, pos, rounds, wins1, wins2, ties string) bool {
	return checkBattleIn(t, filepath.Join(corpusDir, "warriors"), opts, w1, w2, pos, rounds, wins1, wins2, ties)
}

func checkBattleIn(t *testing.T, dir, opts string, w1, w2, pos, rounds, wins1, wins2, ties string) bool {
	st := hillSettings(t, opts+" -F "+pos+" -r "+rounds)
	ws := loadWarriorsFrom(t, dir, st, []string{w1, w2})
	m, err := Battle(st, ws, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := strconv.Itoa(m.Scores[0][0]) + " " + strconv.Itoa(m.Scores[1][0]) + " " + strconv.Itoa(m.Scores[0][1])
	want := wins1 + " " + wins2 + " " + ties
	key := w1 + " " + w2 + " " + pos + " " + rounds
	if got != want {
		if reason, ok := knownDifferences[key]; ok {
			t.Logf("known difference %s: %s", key, reason)
			return false
		}
		t.Errorf("%s %s -F %s -r %s (%s): got %s, want %s", w1, w2, pos, rounds, opts, got, want)
		return false
	}
	return true
}

const hill94 = "-s 8000 -c 80000 -p 8000 -l 100 -d 100"

// fullSweep: REDCODE_FULL=1 runs every corpus battle; by default battles of
// more than 20 rounds are left out (they are 80% of the instructions), except
// the p-space battle that other fast MARSes get wrong.
var fullSweep = os.Getenv("REDCODE_FULL") != ""

func inDefaultSweep(w1, w2, rounds string) bool {
	n, _ := strconv.Atoi(rounds)
	return fullSweep || n <= 20 || strings.Contains(w1, "funkymonks") && strings.Contains(w2, "evolver2979x421")
}

// runBattleRows checks rows in parallel subtests (the corpus sweep is CPU-bound).
func runBattleRows(t *testing.T, name string, all [][]string, check func(t *testing.T, r []string) bool, pick func(r []string) bool) {
	var ok atomic.Int64
	var rows [][]string
	for _, r := range all {
		if pick(r) {
			rows = append(rows, r)
		}
	}
	if len(rows) < len(all) {
		t.Logf("%s: %d of %d battles (REDCODE_FULL=1 runs all)", name, len(rows), len(all))
	}
	t.Run(name, func(t *testing.T) {
		for i, r := range rows {
			t.Run(strconv.Itoa(i+2), func(t *testing.T) {
				t.Parallel()
				if check(t, r) {
					ok.Add(1)
				}
			})
		}
	})
	t.Logf("%s: %d of %d battles agree", name, ok.Load(), len(rows))
}

func TestCorpusBattles(t *testing.T) {
	needCorpus(t)
	rows := readTSV(t, filepath.Join(corpusDir, "expected.tsv"))
	runBattleRows(t, "expected.tsv", rows, func(t *testing.T, r []string) bool {
		return checkBattle(t, hill94, r[0], r[1], r[2], r[3], r[4], r[5], r[6])
	}, func(r []string) bool { return inDefaultSweep(r[0], r[1], r[3]) })
}

func TestCorpusHillBattles(t *testing.T) {
	needCorpus(t)
	rows := readTSV(t, filepath.Join(corpusDir, "expected_hills.tsv"))
	runBattleRows(t, "expected_hills.tsv", rows, func(t *testing.T, r []string) bool {
		return checkBattle(t, r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8])
	}, func(r []string) bool { return inDefaultSweep(r[2], r[3], r[5]) })
}
