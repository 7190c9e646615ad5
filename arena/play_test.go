package arena

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"robocom/internal/bouts"
	"robocom/robolang"
)

func loadSamples(t testing.TB, names ...string) []*robolang.Program {
	t.Helper()
	var ps []*robolang.Program
	for _, n := range names {
		p, err := robolang.LoadFile("../robots/"+n, robolang.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// TestTallyFromRanksAndResults: the window's tally (robots left and ranks) and the commands'
// (Result.Outcome) are one rule (ROBOCOM.md 10).
func TestTallyFromRanksAndResults(t *testing.T) {
	var tl Tally
	tl.AddEnd([]int{3, 0}, []int{1, 2}) // 0 alone alive: wins
	tl.AddEnd([]int{2, 1}, []int{1, 1}) // both alive at the time limit: a draw
	tl.AddEnd([]int{0, 4}, []int{2, 1}) // 1 wins
	tl.AddEnd([]int{0, 0}, []int{1, 2}) // nobody alive, 0 died out last: a draw for 0
	if s := tl.Of(0); s != (Score{Wins: 1, Draws: 2, Losses: 1}) || s.Points() != 5 || tl.Rounds != 4 {
		t.Errorf("program 0: %+v (%d points) after %d rounds", s, s.Points(), tl.Rounds)
	}
	if s := tl.Of(1); s != (Score{Wins: 1, Draws: 1, Losses: 2}) {
		t.Errorf("program 1: %+v", s)
	}
	var one Tally // a one-program game: alive is a win, dead a draw
	one.AddEnd([]int{1}, []int{1})
	one.AddEnd([]int{0}, []int{1})
	if s := one.Of(0); s != (Score{Wins: 1, Draws: 1}) {
		t.Errorf("one program: %+v", s)
	}

	progs := loadSamples(t, "hive.rob", "mine.rob", "virus.rob")
	var fromResults, fromEnds Tally
	b := &Battle{Programs: progs, Seed: 5, Rounds: 6, Options: Classic()}
	if _, err := b.Play(context.Background(), func(_ int, r *Result) error {
		fromResults.Add(r)
		counts, ranks := make([]int, len(r.Programs)), make([]int, len(r.Programs))
		for i, p := range r.Programs {
			counts[i], ranks[i] = p.Robots, p.Rank
		}
		fromEnds.AddEnd(counts, ranks)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for i := range progs {
		if fromResults.Of(i) != fromEnds.Of(i) {
			t.Errorf("program %d: %+v from results, %+v from robots and ranks", i, fromResults.Of(i), fromEnds.Of(i))
		}
	}
}

// TestBattleRoundsInOrder: rounds come in order with seed + k − 1, the same whatever the
// number of workers, and each is the game New plays alone.
func TestBattleRoundsInOrder(t *testing.T) {
	progs := loadSamples(t, "hive.rob", "roamer.rob")
	var first []Result
	for _, workers := range []int{1, 3} {
		var got []Result
		b := &Battle{Programs: progs, Seed: 40, Rounds: 5, Workers: workers}
		played, err := b.Play(context.Background(), func(k int, r *Result) error {
			if k != len(got)+1 || r.Seed != 40+int64(k-1) {
				t.Errorf("round %d with seed %d after %d rounds", k, r.Seed, len(got))
			}
			got = append(got, *r)
			return nil
		})
		if err != nil || played != 5 {
			t.Fatalf("%d played, %v", played, err)
		}
		if first == nil {
			first = got
			continue
		}
		for i := range got {
			if got[i].Cycles != first[i].Cycles || got[i].Winner != first[i].Winner || len(got[i].Deaths) != len(first[i].Deaths) {
				t.Errorf("round %d differs with %d workers", i+1, workers)
			}
		}
	}
	g, _ := New(Config{Programs: progs, Seed: 42})
	g.Run()
	if r := g.Result(); r.Cycles != first[2].Cycles || r.Winner != first[2].Winner {
		t.Errorf("round 3 alone: %d cycles, winner %d; in the battle %d, %d", r.Cycles, r.Winner, first[2].Cycles, first[2].Winner)
	}
	if _, err := (&Battle{Programs: progs, Rounds: bouts.MaxBouts + 1}).Play(context.Background(), nil); err == nil {
		t.Error("a battle of more rounds than can be counted was played")
	}
}

// TestTournamentStanding: the standing folds bouts in whatever order they come, and its
// pairings agree with battles of the same seeds.
func TestTournamentStanding(t *testing.T) {
	progs := loadSamples(t, "hive.rob", "mine.rob", "roamer.rob", "wall.rob")
	tour := NewTournament(progs, nil, 7, 3)
	tour.Workers = 2
	var results []bouts.Result
	st := NewStanding(Entries(progs), tour.Plan)
	if _, err := tour.Play(context.Background(), 0, tour.Plan.Bouts(), func(r bouts.Result) error {
		if r.Index(tour.Plan.Rounds) != len(results) {
			t.Errorf("bout %d came as number %d", r.Index(tour.Plan.Rounds), len(results))
		}
		results = append(results, r)
		st.Add(r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if st.Bouts != 18 || len(st.Pairings) != 6 {
		t.Fatalf("%d bouts, %d pairings", st.Bouts, len(st.Pairings))
	}
	// Backwards, and in two halves played apart: the same standing.
	back := NewStanding(Entries(progs), tour.Plan)
	for i := len(results) - 1; i >= 0; i-- {
		back.Add(results[i])
	}
	halves := NewStanding(Entries(progs), tour.Plan)
	for k := 0; k < 2; k++ {
		from, to := bouts.Shard(tour.Plan.Bouts(), k, 2)
		if _, err := tour.Play(context.Background(), from, to, func(r bouts.Result) error { halves.Add(r); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	for i := range st.Programs {
		if st.Programs[i] != back.Programs[i] || st.Programs[i] != halves.Programs[i] {
			t.Errorf("program %d: %+v, backwards %+v, in halves %+v", i, st.Programs[i], back.Programs[i], halves.Programs[i])
		}
	}
	for i, pg := range st.Pairings {
		if pg != back.Pairings[i] || pg != halves.Pairings[i] {
			t.Errorf("pairing %d differs", i)
		}
		var tl Tally
		b := &Battle{Programs: []*robolang.Program{progs[pg.A], progs[pg.B]}, Seed: 7, Rounds: 3}
		b.Play(context.Background(), func(_ int, r *Result) error { tl.Add(r); return nil })
		if tl.Of(0).Wins != pg.AWins || tl.Of(1).Wins != pg.BWins || tl.Of(0).Draws != pg.Draws {
			t.Errorf("pairing %+v, but the battle gives %+v %+v", pg, tl.Of(0), tl.Of(1))
		}
	}
	ranked := st.Ranked()
	for i := 1; i < len(ranked); i++ {
		a, b := ranked[i-1], ranked[i]
		if a.Points() < b.Points() || (a.Points() == b.Points() && a.Wins < b.Wins) {
			t.Errorf("not ranked: %+v before %+v", a, b)
		}
		if same := a.Points() == b.Points() && a.Wins == b.Wins; same != (a.Rank == b.Rank) {
			t.Errorf("ranks %d and %d for %+v and %+v", a.Rank, b.Rank, a, b)
		}
	}
}

// TestBattleMemoryIsFlat: 10,000 short rounds take the same memory as 1,000 (before, every
// round's result was kept: about 60 MB/s).
func TestBattleMemoryIsFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 10,000 rounds")
	}
	progs := loadSamples(t, "hive.rob", "mine.rob")
	opts := Classic()
	opts.Timeout = 50
	var tl Tally
	var heap [2]uint64
	b := &Battle{Programs: progs, Options: opts, Seed: 1, Rounds: 10000}
	if _, err := b.Play(context.Background(), func(k int, r *Result) error {
		tl.Add(r)
		if k == 1000 || k == 10000 {
			var ms runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&ms)
			heap[k/10000] = ms.HeapAlloc
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if tl.Rounds != 10000 {
		t.Fatalf("%d rounds", tl.Rounds)
	}
	if heap[1] > heap[0]+256<<10 {
		t.Errorf("the heap grew from %d to %d bytes between round 1,000 and 10,000", heap[0], heap[1])
	}
}

// TestBattleStopsAtRoundBoundary: a cancelled context ends the battle after whole rounds.
func TestBattleStopsAtRoundBoundary(t *testing.T) {
	progs := loadSamples(t, "hive.rob", "mine.rob")
	ctx, cancel := context.WithCancel(context.Background())
	var tl Tally
	b := &Battle{Programs: progs, Seed: 1, Rounds: 1 << 40, Workers: 2}
	played, err := b.Play(ctx, func(k int, r *Result) error {
		tl.Add(r)
		if k == 3 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || played < 3 || played > 3+2*64 || tl.Rounds != played {
		t.Errorf("played %d, tallied %d: %v", played, tl.Rounds, err)
	}
}
