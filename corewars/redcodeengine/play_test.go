package redcodeengine

import (
	"fmt"
	"reflect"
	"testing"

	"robocom/corewars/redcode"
)

// samePlayed plays the round of (cfg, seed, ws) twice, step by step and by Play in pieces of
// piece slices, and fails unless after every piece the two agree on everything a caller can
// read: time slices, the end, every warrior's counts (threads, cells, kills, instructions,
// score) and every cell's owner. It returns the played engine.
func samePlayed(t *testing.T, cfg redcode.Settings, seed int64, ws []*redcode.Warrior, piece int) *Engine {
	t.Helper()
	stepped, err := New(cfg, seed, ws)
	if err != nil {
		t.Fatal(err)
	}
	played, _ := New(cfg, seed, ws)
	for pieces := 0; ; pieces++ {
		played.Play(piece)
		for stepped.Executed() < played.Executed() && stepped.Step() {
		}
		where := fmt.Sprintf("%d warriors, seed %d, pieces of %d, after piece %d (%d instructions)", len(ws), seed, piece, pieces, played.Executed())
		if stepped.Executed() != played.Executed() || stepped.Cycle() != played.Cycle() || stepped.Over() != played.Over() {
			t.Fatalf("%s: stepped %d instructions, %d slices, over %v; played %d, %d, %v", where,
				stepped.Executed(), stepped.Cycle(), stepped.Over(), played.Executed(), played.Cycle(), played.Over())
		}
		for p := range ws {
			if a, b := stepped.Process(p), played.Process(p); !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: warrior %d stepped %+v, played %+v", where, p, a, b)
			}
		}
		for a := 0; a < stepped.Size(); a++ {
			if _, o := stepped.m.Cell(a); o != played.m.Owner(a) {
				t.Fatalf("%s: cell %d's owner stepped %d, played %d", where, a, o, played.m.Owner(a))
			}
		}
		if played.Over() {
			return played
		}
	}
}

// TestPlayIsTheSteppedRound: Play gives the stepped round, in pieces of every size, for 2 to 5
// warriors of every kind of ending (bombed, suicides, split races, the cycle limit), with
// kills and without.
func TestPlayIsTheSteppedRound(t *testing.T) {
	ws, cfg := smallRounds(t)
	kills, ends := 0, map[string]bool{}
	for n := 2; n <= 5; n++ {
		for seed := int64(0); seed < 40; seed++ {
			pick := pickWarriors(ws, n, seed)
			var e *Engine
			for _, piece := range []int{1, 7, 100, 5000} {
				e = samePlayed(t, cfg, seed, pick, piece)
			}
			alive := 0
			for p := range pick {
				kills += e.Process(p).Kills
				if e.Process(p).Alive {
					alive++
				}
			}
			ends[fmt.Sprint(alive, e.Cycle() == cfg.Cycles)] = true
		}
	}
	if kills == 0 || len(ends) < 4 {
		t.Errorf("the rounds checked too little: %d kills, endings %v", kills, ends)
	}
}

// TestPlayCorpus: the same on the corpus's bench pairs under the '94 hill settings, and on
// melees of four of their warriors.
func TestPlayCorpus(t *testing.T) {
	cfg := redcode.Defaults()
	var names []string
	for _, pair := range benchPairs(t) {
		names = append(names, pair[:]...)
		samePlayed(t, cfg, 1, []*redcode.Warrior{corpusWarrior(t, pair[0], 2), corpusWarrior(t, pair[1], 2)}, 4096)
	}
	for i := 0; i+4 <= len(names); i += 4 {
		var ws []*redcode.Warrior
		for _, n := range names[i : i+4] {
			ws = append(ws, corpusWarrior(t, n, 4))
		}
		c := cfg
		c.MinDistance = 100
		samePlayed(t, c, int64(i), ws, 4096)
	}
}
