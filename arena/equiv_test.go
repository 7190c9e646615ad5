package arena

import (
	"fmt"
	"hash/fnv"
	"os"
	"strings"
	"testing"

	"robocom/robolang"
)

// eventDigest plays a game and returns a digest of its every event and its result.
func eventDigest(tb testing.TB, progs []*robolang.Program, seed int64, noPrefetch bool, upTo int) (uint64, Result) {
	tb.Helper()
	h := fnv.New64a()
	g, err := New(Config{Programs: progs, Seed: seed, OnEvent: func(e Event) { fmt.Fprintf(h, "%+v\n", classicOnly(tb, e)) }})
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

// classicEvent has exactly the fields Event had before RC3, so that "%+v" of it writes what
// the recorded digests were made from.
type classicEvent struct {
	Cycle    int
	Robot    int
	Program  int
	Kind     EventKind
	Parent   int
	X, Y     int
	Dir      Dir
	Set      int
	Banks    int
	Mobile   bool
	Target   int
	FromBank int
	ToBank   int
	Reason   Reason
}

// classicOnly checks that a classic game's event has none of the RC3 fields set and returns
// its classic fields.
func classicOnly(tb testing.TB, e Event) classicEvent {
	if e.Task != 0 || e.NewTask != 0 || e.Bank != 0 || e.Instr != 0 || e.Replaced != 0 || e.Ended != nil || e.Kind > EvDeath {
		tb.Fatalf("RC3 fields in a classic event: %+v", e)
	}
	return classicEvent{e.Cycle, e.Robot, e.Program, e.Kind, e.Parent, e.X, e.Y, e.Dir, e.Set, e.Banks,
		e.Mobile, e.Target, e.FromBank, e.ToBank, e.Reason}
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

// digestGames lists the July games of the digest tests: each program against the one
// seven places further, seeds 1 and 2, in the order of testdata/july_event_digests.txt.
func digestGames(progs []*robolang.Program) (games [][2]int, seeds []int64) {
	for i := 0; i < len(progs); i++ {
		j := (i*7 + 3) % len(progs)
		if j == i {
			continue
		}
		for seed := int64(1); seed <= 2; seed++ {
			games = append(games, [2]int{i, j})
			seeds = append(seeds, seed)
		}
	}
	return games, seeds
}

func digestLine(tb testing.TB, progs []*robolang.Program, i, j int, seed int64) string {
	d, r := eventDigest(tb, []*robolang.Program{progs[i], progs[j]}, seed, false, 80000)
	return fmt.Sprintf("%s vs %s seed %d: %x cycles %d instr %d", progs[i].Name, progs[j].Name, seed, d, r.Cycles, r.Instructions)
}

// TestEventDigest prints a digest of the full event stream of many July games, to check by
// hand that an engine change keeps every game identical (ARENA_DIGEST=1 go test -v -run
// EventDigest > before.txt, change, again, diff).
func TestEventDigest(t *testing.T) {
	if os.Getenv("ARENA_DIGEST") == "" {
		t.Skip("set ARENA_DIGEST=1")
	}
	progs := julyPrograms(t)
	games, seeds := digestGames(progs)
	for k, gm := range games {
		fmt.Println(digestLine(t, progs, gm[0], gm[1], seeds[k]))
	}
}

// TestEventDigestGolden: July games play event for event as recorded in
// testdata/july_event_digests.txt, which the engine wrote before its speed work (commit
// e0e6cf5; RATIONALE.md "Arena scheduling"). Every sixth game by default (about 5 s);
// ARENA_DIGEST=all checks all 76. A deliberate rule change must regenerate the file with
// TestEventDigest and say why in the commit.
func TestEventDigestGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("80,000-cycle games")
	}
	progs := julyPrograms(t)
	data, err := os.ReadFile("testdata/july_event_digests.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSpace(string(data)), "\n")
	games, seeds := digestGames(progs)
	if len(want) != len(games) {
		t.Fatalf("%d recorded digests for %d games: the July Package changed?", len(want), len(games))
	}
	step := 6
	if os.Getenv("ARENA_DIGEST") == "all" {
		step = 1
	}
	for k := 0; k < len(games); k += step {
		if got := digestLine(t, progs, games[k][0], games[k][1], seeds[k]); got != want[k] {
			t.Errorf("game %d differs from the recorded one:\n got  %s\n want %s", k+1, got, want[k])
		}
	}
}
