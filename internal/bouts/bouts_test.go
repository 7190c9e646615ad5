package bouts

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestRoundRobinAndBout(t *testing.T) {
	p := Plan{Pairings: RoundRobin(4, 100), Rounds: 3}
	want := [][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}
	if len(p.Pairings) != len(want) {
		t.Fatalf("%d pairings", len(p.Pairings))
	}
	for i, w := range want {
		if pr := p.Pairings[i]; pr.A != w[0] || pr.B != w[1] || pr.Seed != 100 {
			t.Errorf("pairing %d = %+v, want %v seed 100", i, pr, w)
		}
	}
	if p.Bouts() != 18 {
		t.Fatalf("%d bouts", p.Bouts())
	}
	b := p.Bout(7) // pairing 2 (0–3), round 2
	if b != (Bout{Index: 7, Pairing: 2, A: 0, B: 3, Round: 2, Seed: 101}) {
		t.Errorf("bout 7 = %+v", b)
	}
	r := Result{Pairing: b.Pairing, Round: b.Round}
	if r.Index(p.Rounds) != 7 {
		t.Errorf("index %d", r.Index(p.Rounds))
	}
}

func TestCheckRefusesOverflow(t *testing.T) {
	three := RoundRobin(3, 0)
	for _, c := range []struct {
		plan Plan
		ok   bool
	}{
		{Plan{Pairings: three, Rounds: 10}, true},
		{Plan{Pairings: three, Rounds: 0}, false},
		{Plan{Pairings: three, Rounds: MaxBouts / 3}, true},
		{Plan{Pairings: three, Rounds: MaxBouts/3 + 1}, false},
		{Plan{Pairings: three, Rounds: 6148914691236517206}, false}, // 3 × this wraps around 2^64
		{Plan{Pairings: three, Rounds: math.MaxInt}, false},
	} {
		err := c.plan.Check()
		if (err == nil) != c.ok {
			t.Errorf("%d rounds: %v", c.plan.Rounds, err)
		}
		if err != nil && !strings.Contains(err.Error(), "rounds") {
			t.Errorf("not a sentence about rounds: %v", err)
		}
	}
	for _, c := range []struct {
		rounds int
		ok     bool
	}{{1, true}, {MaxBouts, true}, {MaxBouts + 1, false}, {math.MaxInt, false}, {0, false}, {-5, false}} {
		if err := CheckRounds(c.rounds); (err == nil) != c.ok {
			t.Errorf("CheckRounds(%d): %v", c.rounds, err)
		}
	}
}

// TestShard: the shards of any split cover every bout once, in order, in nearly equal
// parts, also where bouts·n would overflow.
func TestShard(t *testing.T) {
	for _, total := range []int{0, 1, 7, 18, 1000, math.MaxInt / 3} {
		for _, n := range []int{1, 2, 3, 4, 7, 64} {
			next := 0
			for k := 0; k < n; k++ {
				from, to := Shard(total, k, n)
				if from != next || to < from {
					t.Fatalf("%d bouts, shard %d/%d = [%d,%d), expected from %d", total, k, n, from, to, next)
				}
				if size := to - from; size < total/n || size > total/n+1 {
					t.Errorf("%d bouts, shard %d/%d holds %d", total, k, n, size)
				}
				next = to
			}
			if next != total {
				t.Errorf("%d bouts in %d shards end at %d", total, n, next)
			}
		}
	}
}

// TestPlayInOrder: results come in bout order whatever order the workers finish in.
func TestPlayInOrder(t *testing.T) {
	var got []int
	next, err := Play(context.Background(), 5, 205, 4, func(g int) (int, error) {
		if g%7 == 0 {
			time.Sleep(time.Millisecond) // finish out of order
		}
		return g * 10, nil
	}, func(g, r int) error {
		if r != g*10 {
			t.Errorf("bout %d got %d", g, r)
		}
		got = append(got, g)
		return nil
	})
	if err != nil || next != 205 {
		t.Fatalf("next %d, %v", next, err)
	}
	for i, g := range got {
		if g != 5+i {
			t.Fatalf("order %v", got)
		}
	}
}

// TestPlayWindow: at most 2·workers bouts are played ahead of the one being handed over,
// which is what keeps memory constant.
func TestPlayWindow(t *testing.T) {
	var started, maxAhead atomic.Int64
	var handed atomic.Int64
	_, err := Play(context.Background(), 0, 2000, 3, func(g int) (int, error) {
		started.Add(1)
		if ahead := int64(g) - handed.Load(); ahead > maxAhead.Load() {
			maxAhead.Store(ahead)
		}
		return g, nil
	}, func(g, r int) error {
		if g == 0 {
			time.Sleep(20 * time.Millisecond) // a slow consumer
		}
		handed.Add(1)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if maxAhead.Load() >= 3*windowPerWorker {
		t.Errorf("a bout was started %d ahead of the consumer, window is %d", maxAhead.Load(), 3*windowPerWorker)
	}
}

// TestPlayStops: a cancelled context stops at a bout boundary with every started bout handed
// over; an error of play or each stops it too.
func TestPlayStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	handed := 0
	next, err := Play(ctx, 0, 1_000_000, 2, func(g int) (int, error) { return g, nil }, func(g, r int) error {
		handed++
		if g == 99 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || next != handed || next < 100 || next > 100+2*windowPerWorker {
		t.Errorf("cancelled at 99: next %d, handed %d, %v", next, handed, err)
	}

	boom := errors.New("boom")
	next, err = Play(context.Background(), 0, 1000, 3, func(g int) (int, error) {
		if g == 50 {
			return 0, boom
		}
		return g, nil
	}, func(g, r int) error { return nil })
	if err != boom || next != 50 {
		t.Errorf("play fails at 50: next %d, %v", next, err)
	}
	next, err = Play(context.Background(), 0, 1000, 3, func(g int) (int, error) { return g, nil }, func(g, r int) error {
		if g == 10 {
			return boom
		}
		return nil
	})
	if err != boom || next != 10 {
		t.Errorf("each fails at 10: next %d, %v", next, err)
	}
	if next, err := Play(ctx, 3, 3, 1, func(g int) (int, error) { return g, nil }, func(g, r int) error { return nil }); next != 3 || err == nil {
		t.Errorf("empty range on a done context: %d %v", next, err)
	}
}

// BenchmarkPlayOverhead is what bouts.Play costs per bout around the game itself (channels,
// reordering): small next to the shortest real bout (tens of microseconds).
func BenchmarkPlayOverhead(b *testing.B) {
	b.ReportAllocs()
	sum := 0
	Play(context.Background(), 0, b.N, 2, func(g int) (int, error) { return g, nil }, func(g, r int) error {
		sum += r
		return nil
	})
}

// TestPlayStartsNoBoutAfterCancel: once the context is done, at most the bout already on its
// way to a worker is started.
func TestPlayStartsNoBoutAfterCancel(t *testing.T) {
	for range 20 {
		ctx, cancel := context.WithCancel(context.Background())
		var cancelled atomic.Bool
		var late atomic.Int64
		Play(ctx, 0, 1_000_000, 1, func(g int) (int, error) {
			if cancelled.Load() {
				late.Add(1)
			}
			if g == 10 {
				cancelled.Store(true)
				cancel()
			}
			return g, nil
		}, func(g, r int) error { return nil })
		if late.Load() > 1 {
			t.Fatalf("%d bouts started after the cancel", late.Load())
		}
	}
}

// TestCheckCountsAgree: Check's sentences write a count of one in the singular ("1 pairing",
// not "1 pairings").
func TestCheckCountsAgree(t *testing.T) {
	for _, c := range []struct {
		plan Plan
		want string
	}{
		{Plan{Pairings: RoundRobin(2, 0), Rounds: MaxBouts + 1}, "1 pairing × 3074457345618258603 rounds "},
		{Plan{Pairings: RoundRobin(3, 0), Rounds: MaxBouts}, "3 pairings × 3074457345618258602 rounds "},
	} {
		err := c.plan.Check()
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%d pairings, %d rounds: %v, want it to begin %q", len(c.plan.Pairings), c.plan.Rounds, err, c.want)
		}
	}
}
