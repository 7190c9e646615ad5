package arena

import (
	"fmt"
	"hash/fnv"
	"reflect"
	"testing"

	"robocom/robolang"
)

// The plain path (tasks.go) plays every instruction of a game with RC3 rules.
// With classic costs, one task and max-duration 0 (Config.plain forces the path), its rules
// are ROBOCOM.md's, so it must play classic games exactly as the classic engine does: these tests
// compare the two on July games and on random programs. That checks the plain path's classic
// half (and its scheduler) against the engine the July digests pin down.

// withoutTasks drops the task fields of views, which only plain games have.
func withoutTasks(vs []RobotView) []RobotView {
	for i := range vs {
		vs[i].Tasks, vs[i].Next, vs[i].Seized = nil, 0, 0
	}
	return vs
}

func playDigest(tb testing.TB, progs []*robolang.Program, plain bool, seed int64) (uint64, Result) {
	h := fnv.New64a()
	g, err := New(Config{Programs: progs, Seed: seed, OnEvent: func(e Event) { fmt.Fprintf(h, "%+v\n", e) }, plain: plain})
	if err != nil {
		tb.Fatal(err)
	}
	if g.plain != plain {
		tb.Fatal("Config.plain not followed")
	}
	g.Run()
	if plain {
		checkTasks(tb, g)
	}
	return h.Sum64(), g.Result()
}

func TestPlainPathPlaysClassic(t *testing.T) {
	progs := julyPrograms(t)
	games := 6
	if testing.Short() {
		games = 4
	}
	for k := 0; k < games; k++ {
		i, j := (k*5)%len(progs), (k*5+3)%len(progs)
		ps := []*robolang.Program{progs[i], progs[j]}
		da, ra := playDigest(t, ps, false, int64(k+1))
		db, rb := playDigest(t, ps, true, int64(k+1))
		if da != db || !reflect.DeepEqual(ra, rb) {
			t.Errorf("%s vs %s seed %d: the plain path plays differently (cycles %d/%d, instructions %d/%d)",
				ps[0].Name, ps[1].Name, k+1, ra.Cycles, rb.Cycles, ra.Instructions, rb.Instructions)
		}
	}
}

// FuzzPlainPath compares the two paths on random classic programs, views every 97 cycles.
func FuzzPlainPath(f *testing.F) {
	f.Add([]byte{0, 5, 11, 2, 1, 1, 0, 10, 1, 2, 3, 6}, uint8(2), int64(1))
	f.Add([]byte{3, 12, 11, 2, 2, 1, 5, 10, 1, 1, 0, 3, 4, 6, 1, 0, 7, 0, 8, 1, 2, 0, 9}, uint8(1), int64(7))
	f.Add([]byte{1, 4, 11, 1, 2, 6, 6, 0, 10, 5, 1, 7, 4, 1}, uint8(3), int64(3))
	f.Fuzz(func(t *testing.T, data []byte, nprog uint8, seed int64) {
		k := 1 + int(nprog)%3
		var progs []*robolang.Program
		for j := 0; j < k; j++ {
			progs = append(progs, genProgram(data[j*len(data)/k:]))
		}
		o := Classic()
		o.Board = 4 + int(seed&3)
		o.FirstMobile = seed&4 != 0
		o.Timeout = 3000
		g, err := New(Config{Programs: progs, Options: o, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := New(Config{Programs: progs, Options: o, Seed: seed, plain: true})
		for !g.Over() {
			g.RunUntil(g.Cycle() + 97)
			plain.RunUntil(plain.Cycle() + 97)
			checkInvariants(t, plain)
			checkTasks(t, plain)
			if a, b := g.Robots(), withoutTasks(plain.Robots()); !reflect.DeepEqual(a, b) {
				t.Fatalf("cycle %d: the robots differ on the plain path:\n%+v\n%+v", g.Cycle(), a, b)
			}
		}
		if a, b := g.Result(), plain.Result(); !reflect.DeepEqual(a, b) {
			t.Fatalf("the result differs on the plain path:\n%+v\n%+v", a, b)
		}
	})
}
