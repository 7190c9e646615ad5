package arena

import (
	"reflect"
	"testing"

	"robocom/robolang"
)

// TestJuly plays every July Package program against three others: no engine error, the
// invariants hold all along, the result is consistent.
func TestJuly(t *testing.T) {
	progs := julyPrograms(t)
	upTo := 80000
	if testing.Short() {
		upTo = 8000
	}
	for i := range progs {
		for _, d := range []int{1, 5, 17} {
			j := (i + d) % len(progs)
			g, err := New(Config{Programs: []*robolang.Program{progs[i], progs[j]}, Seed: int64(i*100 + d)})
			if err != nil {
				t.Fatalf("%s vs %s: %v", progs[i].Name, progs[j].Name, err)
			}
			for !g.Over() && g.Cycle() < upTo {
				g.RunUntil(g.Cycle() + 5000)
				checkInvariants(t, g)
			}
			res := g.Result()
			alive := 0
			for _, p := range res.Programs {
				if p.Alive {
					alive++
					if p.Rank != 1 || p.DiedAt != 0 {
						t.Errorf("%s vs %s: living %+v", progs[i].Name, progs[j].Name, p)
					}
				}
			}
			if g.Over() && alive > 1 && res.Cycles != 80000 {
				t.Errorf("%s vs %s: ended at %d with %d alive", progs[i].Name, progs[j].Name, res.Cycles, alive)
			}
		}
	}
}

// TestSnapshotRestore: a game restored from a snapshot plays on exactly as the original.
func TestSnapshotRestore(t *testing.T) {
	ps := julyByName(t, "Delusion_3.7.rob", "Liquid_Ice_1.2.rob")
	var events []Event
	g, err := New(Config{Programs: ps, Seed: 7, OnEvent: func(e Event) { events = append(events, e) }})
	if err != nil {
		t.Fatal(err)
	}
	g.RunUntil(3000)
	snap := g.Snapshot()
	mark := len(events)
	g.RunUntil(9000)
	want, wantRobots := g.Result(), g.Robots()
	wantEvents := append([]Event(nil), events[mark:]...)

	g.Restore(snap)
	if g.Cycle() != 3000 || snap.Cycle() != 3000 {
		t.Fatalf("restored to cycle %d", g.Cycle())
	}
	events = events[:0]
	g.RunUntil(9000)
	if got := g.Result(); !reflect.DeepEqual(got, want) {
		t.Errorf("result after restore differs:\n%+v\n%+v", got, want)
	}
	if got := g.Robots(); !reflect.DeepEqual(got, wantRobots) {
		t.Errorf("robots after restore differ")
	}
	if !reflect.DeepEqual(events, wantEvents) {
		t.Errorf("events after restore differ: %d vs %d", len(events), len(wantEvents))
	}
	// The snapshot is unaffected by the game going on: restore again, same again.
	g.Restore(snap)
	g.RunUntil(9000)
	if got := g.Result(); !reflect.DeepEqual(got, want) {
		t.Errorf("second restore differs")
	}
}

// TestDeterminism: the same seed gives the same game; another seed another placement.
func TestDeterminism(t *testing.T) {
	ps := julyByName(t, "Styx.rob", "Rainman.rob")
	a, ra := eventDigest(t, ps, 99, false, 80000)
	b, rb := eventDigest(t, ps, 99, false, 80000)
	if a != b || !reflect.DeepEqual(ra, rb) {
		t.Error("the same seed gave different games")
	}
	c, _ := eventDigest(t, ps, 100, false, 80000)
	if a == c {
		t.Error("seeds 99 and 100 gave the same game")
	}
}

// TestPlacement: random placements are on free fields and deterministic; fixed ones are
// kept; conflicts are errors.
func TestPlacement(t *testing.T) {
	p := parse(t, "P", "JUMP 0")
	progs := []*robolang.Program{p, p, p, p, p}
	o := Classic()
	o.Board = 4
	for seed := int64(0); seed < 200; seed++ {
		g, err := New(Config{Programs: progs, Options: o, Seed: seed, Places: []Placement{{}, at(1, 2, West)}})
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, g)
		r, _ := g.Robot(2)
		if r.X != 1 || r.Y != 2 || r.Dir != West {
			t.Fatalf("fixed placement not kept: %+v", r)
		}
	}
	if _, err := New(Config{Programs: progs[:2], Seed: 1, Places: []Placement{at(1, 1, North), at(1, 1, South)}}); err == nil {
		t.Error("two programs on one field accepted")
	}
	if _, err := New(Config{Programs: progs[:1], Seed: 1, Places: []Placement{at(16, 1, North)}}); err == nil {
		t.Error("placement off the board accepted")
	}
	if _, err := New(Config{Programs: append(progs, p), Seed: 1}); err == nil {
		t.Error("six programs accepted")
	}
}

// TestMatchConcurrent: one goroutine runs a Match while another takes views (run with
// -race to check the locking).
func TestMatchConcurrent(t *testing.T) {
	ps := julyByName(t, "Styx.rob", "Rainman.rob")
	g, err := New(Config{Programs: ps, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	m := NewMatch(g)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 3000 && m.Step(); i++ {
		}
	}()
	views := 0
	for running := true; running; {
		select {
		case <-done:
			running = false
		default:
			for _, v := range m.Robots() {
				if !v.Alive {
					t.Error("a view of a dead robot in Robots")
				}
			}
			m.Result()
			views++
		}
	}
	m.Do(func(g *Game) {
		if g.Cycle() == 0 {
			t.Error("the match did not run")
		}
	})
}
