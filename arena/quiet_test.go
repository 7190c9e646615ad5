package arena

import (
	"fmt"
	"hash/fnv"
	"reflect"
	"testing"

	"robocom/robolang"
)

// playQuiet plays a game without an event handler, with or without dormant robots
// (quiet.go), looking at every robot every `every` cycles if every > 0 (each look wakes the
// dormant robots and cuts the chains short), and returns a digest of those views, the result,
// and how often a robot went dormant.
func playQuiet(tb testing.TB, progs []*robolang.Program, seed int64, quiet bool, every int) (uint64, Result, int) {
	tb.Helper()
	g, err := New(Config{Programs: progs, Seed: seed, noQuiet: !quiet})
	if err != nil {
		tb.Fatal(err)
	}
	h := fnv.New64a()
	for !g.Over() {
		if every > 0 {
			g.RunUntil(g.Cycle() + every)
			fmt.Fprintf(h, "%d %+v\n", g.Cycle(), g.Robots())
		} else {
			g.Run()
		}
	}
	checkInvariants(tb, g)
	if g.quietBroken != 0 {
		tb.Errorf("%d periods recorded did not repeat (a change that touches no robot?)", g.quietBroken)
	}
	return h.Sum64(), g.Result(), g.slept
}

// TestQuietNoDiff: with dormant robots the July games end as without them (results, every
// death, the instruction count), and the robots are the same wherever one looks at them in
// between; and the games do put robots to sleep. TestChainNoDiff and FuzzGame compare the
// engine with dormant robots to the plain reading of the rules too.
func TestQuietNoDiff(t *testing.T) {
	progs := julyPrograms(t)
	step := 9
	if testing.Short() {
		step = 37
	}
	slept, k := 0, 0
	for i := range progs {
		for j := i + 1; j < len(progs); j++ {
			if k++; k%step != 0 {
				continue
			}
			ps := []*robolang.Program{progs[i], progs[j]}
			seed := int64(k)
			_, quiet, n := playQuiet(t, ps, seed, true, 0)
			_, awake, _ := playQuiet(t, ps, seed, false, 0)
			if !reflect.DeepEqual(quiet, awake) {
				t.Errorf("%s vs %s seed %d: results differ: with dormant robots %d cycles %d instructions, without %d, %d",
					progs[i].Name, progs[j].Name, seed, quiet.Cycles, quiet.Instructions, awake.Cycles, awake.Instructions)
			}
			slept += n
			every := []int{1000, 2500, 4999}[k%3]
			dq, rq, _ := playQuiet(t, ps, seed, true, every)
			da, ra, _ := playQuiet(t, ps, seed, false, every)
			if dq != da || !reflect.DeepEqual(rq, ra) {
				t.Errorf("%s vs %s seed %d, looking every %d cycles: the robots differ", progs[i].Name, progs[j].Name, seed, every)
			}
		}
	}
	if slept == 0 {
		t.Error("no robot went dormant in any game")
	}
	t.Logf("%d times a robot went dormant", slept)
}

// TestQuietLongPeriods: in a July timeout (Conciler against The Masterkiller 1, the
// tournament's ninth bout of the pairing, seed 9) the robots of a full board repeat
// themselves in periods of 33 to 128 visits, which a search up to 32 visits missed: no
// robot slept in it then. They sleep now (RATIONALE.md "Arena scheduling", twelfth pass), and
// the game is the same as without dormant robots.
func TestQuietLongPeriods(t *testing.T) {
	progs := julyByName(t, "Conciler.rob", "The_Masterkiller_1.rob")
	g, err := New(Config{Programs: progs, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	g.RunUntil(40000)
	dormant, long := 0, 0
	for s := range g.robots {
		if g.robots[s].alive && g.quiet[s]&dormantBit != 0 {
			dormant++
			if len(g.watch[s].steps) > pausedVisits {
				long++
			}
		}
	}
	t.Logf("cycle 40000: %d robots dormant, %d with periods of more than %d visits", dormant, long, pausedVisits)
	if long < 200 {
		t.Errorf("cycle 40000: %d robots dormant, %d of them with periods of more than %d visits; want at least 200 such", dormant, long, pausedVisits)
	}
	g.Run()
	checkInvariants(t, g)
	if g.quietBroken != 0 {
		t.Errorf("%d periods recorded did not repeat", g.quietBroken)
	}
	_, awake, _ := playQuiet(t, progs, 9, false, 0)
	if res := g.Result(); !reflect.DeepEqual(res, awake) {
		t.Errorf("results differ: with dormant robots %d cycles %d instructions, without %d, %d", res.Cycles, res.Instructions, awake.Cycles, awake.Instructions)
	}
	dq, rq, _ := playQuiet(t, progs, 9, true, 3000)
	da, ra, _ := playQuiet(t, progs, 9, false, 3000)
	if dq != da || !reflect.DeepEqual(rq, ra) {
		t.Error("looking every 3000 cycles: the robots differ")
	}
}
