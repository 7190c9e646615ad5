package redcodeengine

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"robocom/corewars/redcode"
)

const corpusDir = "../../../shared/corpus/redcode"

// TestAgreesWithPMARSRounds plays the first round of every battle of pMARS's
// expected_rounds.tsv through the arena's engine (this adapter, stepped one instruction at a
// time as the window does) at pMARS's placement and first mover, and wants pMARS's outcome
// and instruction count. `robocom mars` passes the same table in corewars/redcode; this shows
// the window's engine is the same MARS. Skips without the corpus.
func TestAgreesWithPMARSRounds(t *testing.T) {
	f, err := os.Open(filepath.Join(corpusDir, "expected_rounds.tsv"))
	if err != nil {
		t.Skip("no ../shared/corpus/redcode: the agreement test needs the pMARS corpus")
	}
	defer f.Close()
	asm := map[string]*redcode.Warrior{}
	load := func(name string) *redcode.Warrior {
		if w, ok := asm[name]; ok {
			return w
		}
		src, err := os.ReadFile(filepath.Join(corpusDir, "warriors", name))
		if err != nil {
			t.Fatal(err)
		}
		w, diag := redcode.Assemble(src, redcode.DefaultConfig(2)) // the hill settings are pMARS's defaults
		if diag.Failed() {
			t.Fatalf("%s: %s", name, diag.Stderr())
		}
		asm[name] = w
		return w
	}
	sc := bufio.NewScanner(f)
	sc.Scan() // header: warrior1 warrior2 position rounds round w2pos starter outcome steps
	played := 0
	for sc.Scan() {
		r := strings.Split(sc.Text(), "\t")
		if len(r) < 9 || r[4] != "1" {
			continue
		}
		if testing.Short() && played >= 60 {
			break
		}
		w2pos, _ := strconv.Atoi(r[5])
		starter, _ := strconv.Atoi(r[6])
		steps, _ := strconv.ParseInt(r[8], 10, 64)
		e, err := NewPlaced(redcode.Defaults(), []*redcode.Warrior{load(r[0]), load(r[1])}, []int{0, w2pos}, starter-1)
		if err != nil {
			t.Fatal(err)
		}
		for e.Step() {
		}
		got := "tie"
		if a, b := e.Process(0).Alive, e.Process(1).Alive; !a && b {
			got = "w2"
		} else if a && !b {
			got = "w1"
		}
		if got != r[7] || e.Executed() != steps {
			t.Errorf("%s vs %s at %d, starter %d: %s after %d instructions, pMARS %s after %d",
				r[0], r[1], w2pos, starter, got, e.Executed(), r[7], steps)
		}
		played++
	}
	if played == 0 {
		t.Fatal("no first rounds found in expected_rounds.tsv")
	}
	t.Logf("%d first rounds agree with pMARS", played)
}
