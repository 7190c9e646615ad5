package redcode

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Redcode samples in robots/core do what their ;strategy lines say, under pMARS's '94
// defaults (-s 8000 -c 80000 -p 8000 -l 100 -d 100).

const samplesDir = "../../robots/core"

// sampleSettings are pMARS's defaults with the given rounds.
func sampleSettings(t *testing.T, rounds string) *Settings {
	t.Helper()
	st, err := ParseSettings(strings.Fields("-r " + rounds))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// sampleWarriors assembles sources for one battle: a file name of robots/core, or Redcode
// text (with a newline).
func sampleWarriors(t *testing.T, st *Settings, sources ...string) []*Warrior {
	t.Helper()
	var ws []*Warrior
	for i, s := range sources {
		src := []byte(s)
		if !strings.Contains(s, "\n") {
			var err error
			if src, err = os.ReadFile(filepath.Join(samplesDir, s)); err != nil {
				t.Fatal(err)
			}
		}
		cfg := st.AssemblerConfig(len(sources))
		if i > 0 {
			cfg.InitialRegs = [26]int64{}
		}
		w, diag := Assemble(src, cfg)
		if w == nil || diag.Failed() || diag.Warnings > 0 {
			t.Fatalf("%.40q does not assemble cleanly:\n%s", s, diag.Stderr())
		}
		ws = append(ws, w)
	}
	return ws
}

// aloneSurvives plays one round of the sample alone and tells whether it lives to the end.
// (Battle's counters cannot tell: with one warrior pMARS counts its death in the same slot as
// its survival.)
func aloneSurvives(t *testing.T, name string) bool {
	t.Helper()
	st := sampleSettings(t, "1")
	ws := sampleWarriors(t, st, name)
	m, err := NewMachine(Settings{CoreSize: st.CoreSize, MaxProcesses: st.MaxProcesses, Cycles: st.Cycles, PSpaceSize: st.PSpaceSize}, ws)
	if err != nil {
		t.Fatal(err)
	}
	m.LoadRound([]int{0}, 0)
	m.RunRound()
	return m.Alive(0) && m.Executed() == st.Cycles
}

// battle plays the sources and returns, per warrior, the rounds it won (alone alive at the
// end) and the rounds that ended with both alive.
func battle(t *testing.T, rounds string, seed int64, sources ...string) (wins []int, ties int) {
	t.Helper()
	st := sampleSettings(t, rounds)
	ws := sampleWarriors(t, st, sources...)
	m, err := Battle(st, ws, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ws {
		wins = append(wins, m.Scores[i][0])
	}
	if len(ws) > 1 {
		ties = m.Scores[0][1]
	}
	return wins, ties
}

func TestSamplesAssemble(t *testing.T) {
	names, _ := filepath.Glob(filepath.Join(samplesDir, "*.red"))
	if len(names) < 4 {
		t.Fatalf("%d Redcode samples in %s, want at least 4", len(names), samplesDir)
	}
	st := sampleSettings(t, "1")
	for _, n := range names {
		w := sampleWarriors(t, st, filepath.Base(n))[0]
		if w.Name == "" || w.Name == "Unknown" || w.Author == "" || w.Author == "Anonymous" {
			t.Errorf("%s: name %q, author %q; want both from ;name and ;author", n, w.Name, w.Author)
		}
	}
}

// A target that keeps running through four cells: any one of them bombed kills it.
const walker4 = ";redcode-94\n;name Walker\n;assert 1\nloop jmp 1\njmp 1\njmp 1\njmp loop\nend\n"

// A target of one cell, the classic sitting duck.
const duck = ";redcode-94\n;name Duck\n;assert 1\nloop jmp loop\nend\n"

func TestSampleImp(t *testing.T) {
	if !aloneSurvives(t, "imp.red") {
		t.Error("the imp alone did not live to the end of the round")
	}
	// It cannot win: the duck it runs over becomes an imp, and both live on.
	wins, ties := battle(t, "10", 2, "imp.red", duck)
	if wins[0] != 0 || wins[1] != 0 || ties != 10 {
		t.Errorf("imp vs duck: imp won %d, duck %d, ties %d of 10; want 10 ties", wins[0], wins[1], ties)
	}
}

func TestSampleDwarf(t *testing.T) {
	if !aloneSurvives(t, "dwarf.red") {
		t.Error("the dwarf alone did not live to the end of the round: it bombed itself")
	}
	// A warrior running through four cells is hit every round.
	wins, ties := battle(t, "20", 4, "dwarf.red", walker4)
	if wins[0] != 20 {
		t.Errorf("dwarf vs a four-cell walker: dwarf won %d, walker %d, ties %d of 20; want 20 dwarf wins", wins[0], wins[1], ties)
	}
	// A one-cell duck escapes it in about three rounds of four (the bombs miss 3 cells of 4):
	// what the comment's "four or more cells" is about.
	wins, ties = battle(t, "40", 5, "dwarf.red", duck)
	if wins[0] == 0 || ties == 0 || wins[1] != 0 {
		t.Errorf("dwarf vs a duck: dwarf won %d, duck %d, ties %d of 40; want some of each but no duck win", wins[0], wins[1], ties)
	}
}

func TestSamplePaper(t *testing.T) {
	// It never loses to the Dwarf and beats it in most rounds.
	wins, ties := battle(t, "40", 6, "paper.red", "dwarf.red")
	if wins[1] != 0 || wins[0] <= 20 {
		t.Errorf("paper vs dwarf: paper won %d, dwarf %d, ties %d of 40; want no dwarf win and most for paper", wins[0], wins[1], ties)
	}
	// It spreads: copies of its code all over the core, each a process.
	st := sampleSettings(t, "1")
	ws := sampleWarriors(t, st, "paper.red")
	m, err := NewMachine(Settings{CoreSize: st.CoreSize, MaxProcesses: st.MaxProcesses, Cycles: st.Cycles, PSpaceSize: st.PSpaceSize}, ws)
	if err != nil {
		t.Fatal(err)
	}
	m.LoadRound([]int{0}, 0)
	for i := 0; i < 20000 && !m.RoundOver(); i++ {
		m.Step()
	}
	copies := 0
	for a := 0; a < m.CoreSize(); a++ {
		if in, _ := m.Cell(a); in == ws[0].Code[len(ws[0].Code)-1] { // "jmp start", in each copy
			copies++
		}
	}
	if copies < 20 || m.ProcessCount(0) < 20 {
		t.Errorf("after 20000 cycles alone: %d copies of its last cell, %d processes; want it spread", copies, m.ProcessCount(0))
	}
}

func TestSampleScanner(t *testing.T) {
	if !aloneSurvives(t, "scanner.red") {
		t.Error("the scanner alone did not live to the end of the round: it wiped itself")
	}
	// It finds a one-cell duck every round (the Dwarf misses most of them).
	wins, ties := battle(t, "20", 8, "scanner.red", duck)
	if wins[0] != 20 {
		t.Errorf("scanner vs duck: scanner won %d, duck %d, ties %d of 20; want 20 scanner wins", wins[0], wins[1], ties)
	}
	// The Dwarf's bombs keep it busy: the Dwarf wins most rounds.
	wins, ties = battle(t, "40", 9, "scanner.red", "dwarf.red")
	if wins[1] <= 20 {
		t.Errorf("scanner vs dwarf: scanner won %d, dwarf %d, ties %d of 40; want most for the dwarf", wins[0], wins[1], ties)
	}
}
