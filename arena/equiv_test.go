package arena

import (
	"fmt"
	"hash/fnv"
	"os"
	"testing"

	"robocom/robolang"
)

// eventDigest plays a game and returns a digest of its every event and its result.
func eventDigest(tb testing.TB, progs []*robolang.Program, seed int64, noPrefetch bool, upTo int) (uint64, Result) {
	tb.Helper()
	h := fnv.New64a()
	g, err := New(Config{Programs: progs, Seed: seed, OnEvent: func(e Event) { fmt.Fprintf(h, "%+v\n", e) }})
	if err != nil {
		tb.Fatal(err)
	}
	g.noPrefetch = noPrefetch
	g.RunUntil(upTo)
	checkInvariants(tb, g)
	r := g.Result()
	fmt.Fprintf(h, "%+v\n", r)
	return h.Sum64(), r
}

// TestPrefetchNoDiff: the engine that fetches ahead at the completing turn (prefetch) must
// play exactly the same games as the plain reading of the rules, event for event, on real
// programs.
func TestPrefetchNoDiff(t *testing.T) {
	progs := julyPrograms(t)
	upTo := 80000
	pairs := 14
	if testing.Short() {
		upTo, pairs = 10000, 6
	}
	for k := 0; k < pairs; k++ {
		i, j := (k*11)%len(progs), (k*11+7)%len(progs)
		ps := []*robolang.Program{progs[i], progs[j]}
		a, ra := eventDigest(t, ps, int64(k+1), false, upTo)
		b, rb := eventDigest(t, ps, int64(k+1), true, upTo)
		if a != b {
			t.Errorf("%s vs %s seed %d: prefetch changes the game (cycles %d/%d, instructions %d/%d)",
				progs[i].Name, progs[j].Name, k+1, ra.Cycles, rb.Cycles, ra.Instructions, rb.Instructions)
		}
	}
}

// TestEventDigest prints a digest of the full event stream of many July games, to check by
// hand that an engine change keeps every game identical (ARENA_DIGEST=1 go test -v -run
// EventDigest > before.txt, change, again, diff).
func TestEventDigest(t *testing.T) {
	if os.Getenv("ARENA_DIGEST") == "" {
		t.Skip("set ARENA_DIGEST=1")
	}
	progs := julyPrograms(t)
	for i := 0; i < len(progs); i++ {
		j := (i*7 + 3) % len(progs)
		if j == i {
			continue
		}
		for seed := int64(1); seed <= 2; seed++ {
			d, r := eventDigest(t, []*robolang.Program{progs[i], progs[j]}, seed, false, 80000)
			fmt.Printf("%s vs %s seed %d: %x cycles %d instr %d\n", progs[i].Name, progs[j].Name, seed, d, r.Cycles, r.Instructions)
		}
	}
}
