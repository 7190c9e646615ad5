package arena

import (
	"fmt"
	"hash/fnv"
	"reflect"
	"testing"

	"robocom/robolang"
)

// playLooking plays a game without an event handler (so that chains may hold TURNs and quiet
// robots may sleep),
// looking at every robot every `every` cycles (which settles the chains early: replays), and
// returns a digest of those views and the result.
func playLooking(tb testing.TB, progs []*robolang.Program, o *Options, seed int64, plain bool, every int) (uint64, Result) {
	lookUntil := 200 * every // views are slow: a few hundred looks per game
	tb.Helper()
	g, err := New(Config{Programs: progs, Options: o, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	g.noPrefetch = plain
	if plain {
		g.quiet = nil // no dormant robots either (quiet.go): the rules as they read
	}
	h := fnv.New64a()
	for !g.Over() {
		if every > 0 && g.Cycle() < lookUntil {
			g.RunUntil(g.Cycle() + every)
			fmt.Fprintf(h, "%d %+v\n", g.Cycle(), g.Robots())
		} else {
			g.Run()
		}
	}
	checkInvariants(tb, g)
	return h.Sum64(), g.Result()
}

// TestChainNoDiff: the engine that runs private instructions ahead (chain.go) plays the same
// games as the plain reading of the rules: the same results (instruction counts and every
// death included), and the same robots wherever one looks at them in between, on July
// programs. TestEventDigestGolden covers the same with an event handler (TURNs not chained).
func TestChainNoDiff(t *testing.T) {
	progs := julyPrograms(t)
	pairs := 24
	if testing.Short() {
		pairs = 6
	}
	for k := 0; k < pairs; k++ {
		i, j := (k*5)%len(progs), (k*5+3+k/len(progs))%len(progs)
		ps := []*robolang.Program{progs[i], progs[j]}
		seed := int64(k + 1)
		every := []int{0, 1, 7, 250}[k%4]
		_, plain := playLooking(t, ps, nil, seed, true, 0)
		_, fast := playLooking(t, ps, nil, seed, false, 0)
		if !reflect.DeepEqual(plain, fast) {
			t.Errorf("%s vs %s seed %d: results differ: plain %d cycles %d instructions, chained %d, %d",
				progs[i].Name, progs[j].Name, seed, plain.Cycles, plain.Instructions, fast.Cycles, fast.Instructions)
		}
		if every == 0 || (testing.Short() && every < 7) {
			continue
		}
		dp, rp := playLooking(t, ps, nil, seed, true, every)
		df, rf := playLooking(t, ps, nil, seed, false, every)
		if dp != df || !reflect.DeepEqual(rp, rf) {
			t.Errorf("%s vs %s seed %d, looking every %d cycles: the robots differ", progs[i].Name, progs[j].Name, seed, every)
		}
	}
}
