package redcode

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpusFirstBadRound (set REDCODE_ROUNDS=1) prints, for every battle of
// expected.tsv, the first round whose position, starter, outcome or
// instruction count differs from pMARS's.
func TestCorpusFirstBadRound(t *testing.T) {
	if os.Getenv("REDCODE_ROUNDS") == "" {
		t.Skip("set REDCODE_ROUNDS=1 (optionally REDCODE_MATCH=substring) to compare round by round")
	}
	needCorpus(t)
	rows := readTSV(t, filepath.Join(corpusDir, "expected_rounds.tsv"))
	type key struct{ w1, w2, pos, rounds string }
	byBattle := map[key][][]string{}
	var order []key
	for _, r := range rows {
		k := key{r[0], r[1], r[2], r[3]}
		if _, ok := byBattle[k]; !ok {
			order = append(order, k)
		}
		byBattle[k] = append(byBattle[k], r)
	}
	match := os.Getenv("REDCODE_MATCH")
	bad := 0
	for _, k := range order {
		if match != "" && !strings.Contains(k.w1+" "+k.w2, match) {
			continue
		}
		st := hillSettings(t, hill94+" -F "+k.pos+" -r "+k.rounds)
		ws := loadBattleWarriors(t, st, []string{k.w1, k.w2})
		var got []string
		Battle(st, ws, 0, func(ri RoundInfo) {
			out := "tie"
			if !ri.Alive[0] {
				out = "w2"
			} else if !ri.Alive[1] {
				out = "w1"
			}
			got = append(got, fmt.Sprintf("%d %d %s %d", ri.Positions[1], ri.First+1, out, ri.Executed))
		})
		for i, r := range byBattle[k] {
			want := strings.Join(r[5:9], " ")
			if i >= len(got) || got[i] != want {
				g := ""
				if i < len(got) {
					g = got[i]
				}
				bad++
				t.Errorf("%s vs %s -F %s -r %s: round %s: got %q want %q", k.w1, k.w2, k.pos, k.rounds, r[4], g, want)
				break
			}
		}
	}
	t.Logf("%d battles with a bad round", bad)
}
