package arena

import (
	"fmt"
	"hash/fnv"
	"reflect"
	"sync"
	"testing"

	"robocom/robolang"
)

// played plays a game to its end, released or not, and returns a digest of its events and
// its result.
func played(t *testing.T, progs []*robolang.Program, o *Options, seed int64, release bool) (uint64, Result) {
	t.Helper()
	h := fnv.New64a()
	g, err := New(Config{Programs: progs, Options: o, Seed: seed, OnEvent: func(e Event) { fmt.Fprintf(h, "%+v\n", e) }})
	if err != nil {
		t.Fatal(err)
	}
	g.Run()
	checkInvariants(t, g)
	r := g.Result()
	if release {
		g.Release()
		if g.Step() || len(g.Robots()) != 0 {
			t.Fatal("a released game still plays")
		}
	}
	return h.Sum64(), r
}

// TestReleaseReuse: games made from a released game's buffers (robot slots with banks
// arrays of old robots, a cleared board and wheel) play exactly like games on fresh memory,
// also after a game on another board size.
func TestReleaseReuse(t *testing.T) {
	crowd := parse(t, "Crowd", crowdSrc)
	other := parse(t, "Spinner", "Bank Main\n@l\nScan #1\nTurn 1\nJump @l\n")
	small := Classic()
	small.Board = 10
	small.Timeout = 3000
	o := Classic()
	o.Timeout = 20000
	progs := []*robolang.Program{crowd, other}
	want := map[int64]uint64{}
	wantRes := map[int64]Result{}
	for seed := int64(1); seed <= 3; seed++ {
		bufferPool = sync.Pool{} // fresh memory for the reference games
		want[seed], wantRes[seed] = played(t, progs, o, seed, false)
	}
	for round := 0; round < 2; round++ {
		for seed := int64(3); seed >= 1; seed-- {
			d, r := played(t, progs, o, seed, true)
			if d != want[seed] || !reflect.DeepEqual(r, wantRes[seed]) {
				t.Fatalf("round %d, seed %d: a game on reused buffers plays differently", round, seed)
			}
		}
		played(t, progs, small, 9, true) // another board size in between
	}
}
