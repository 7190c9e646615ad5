package arena

import (
	"slices"
	"testing"

	"robocom/robolang"
)

// TestAppendPlacedMatchesRobots: the cheap board view tells the same as the full views, at
// several points of a real game, and appends after what dst already holds.
func TestAppendPlacedMatchesRobots(t *testing.T) {
	p := parse(t, "Crowd", crowdSrc)
	g, err := New(Config{Programs: []*robolang.Program{p, p}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	sentinel := Placed{ID: -1}
	buf := []Placed{sentinel}
	counts := []int{-7}
	for _, c := range []int{0, 1, 200, 3000, 20000} {
		g.RunUntil(c)
		views := g.Robots()
		buf = g.AppendPlaced(buf[:1])
		if buf[0] != sentinel {
			t.Fatalf("cycle %d: AppendPlaced overwrote dst's contents", c)
		}
		got := buf[1:]
		if len(got) != len(views) {
			t.Fatalf("cycle %d: %d placed, %d robots", c, len(got), len(views))
		}
		for i, v := range views {
			want := Placed{ID: v.ID, Team: v.Team, X: v.X, Y: v.Y, Dir: v.Dir, Set: v.Set,
				Mobile: v.Mobile, Active: v.Active, Generation: v.Generation}
			if got[i] != want {
				t.Fatalf("cycle %d robot %d: placed %+v, view says %+v", c, i, got[i], want)
			}
		}
		counts = g.AppendTeamCounts(counts[:1])
		if counts[0] != -7 || !slices.Equal(counts[1:], g.TeamCounts()) {
			t.Fatalf("cycle %d: AppendTeamCounts %v, TeamCounts %v", c, counts, g.TeamCounts())
		}
		if c == 20000 && len(got) < 100 {
			t.Fatalf("board not crowded at cycle %d: %d robots", c, len(got))
		}
	}
}

// TestAppendViewsNoAlloc: with room in dst, neither board view allocates.
func TestAppendViewsNoAlloc(t *testing.T) {
	p := parse(t, "Crowd", crowdSrc)
	g, err := New(Config{Programs: []*robolang.Program{p}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.RunUntil(30000)
	m := NewMatch(g)
	placed := make([]Placed, 0, g.Size()*g.Size())
	counts := make([]int, 0, MaxPrograms)
	if a := testing.AllocsPerRun(100, func() {
		placed = g.AppendPlaced(placed[:0])
		counts = g.AppendTeamCounts(counts[:0])
		placed = m.AppendPlaced(placed[:0])
		counts = m.AppendTeamCounts(counts[:0])
	}); a != 0 {
		t.Errorf("%v allocations per call", a)
	}
	if len(placed) < 250 || counts[0] != len(placed) {
		t.Errorf("%d placed, team count %v", len(placed), counts)
	}
}
