package corewars

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestWrapAndIsqrt(t *testing.T) {
	for _, c := range []struct{ a, size, want int }{{0, 10, 0}, {10, 10, 0}, {-1, 10, 9}, {-21, 10, 9}, {25, 10, 5}, {7, 1, 0}} {
		if got := Wrap(c.a, c.size); got != c.want {
			t.Errorf("Wrap(%d, %d) = %d, want %d", c.a, c.size, got, c.want)
		}
	}
	for n := 0; n < 20000; n++ {
		r := Isqrt(n)
		if r*r > n || (r+1)*(r+1) <= n {
			t.Fatalf("Isqrt(%d) = %d", n, r)
		}
	}
}

// The first outputs of SplitMix64 seeded with 0 and 1234567, as published with the
// reference implementation (and Java's SplittableRandom); they pin the sequence forever.
func TestRandSequence(t *testing.T) {
	r := NewRand(0)
	want0 := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for i, w := range want0 {
		if got := r.Uint64(); got != w {
			t.Errorf("seed 0, output %d: %#x, want %#x", i, got, w)
		}
	}
	r = NewRand(1234567)
	want := []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423}
	for i, w := range want {
		if got := r.Uint64(); got != w {
			t.Errorf("seed 1234567, output %d: %d, want %d", i, got, w)
		}
	}
	// Intn is uniform enough and in range.
	r = NewRand(42)
	var counts [7]int
	for i := 0; i < 70000; i++ {
		counts[r.Intn(7)]++
	}
	for v, c := range counts {
		if c < 9500 || c > 10500 {
			t.Errorf("Intn(7) gave %d %d times of 70000", v, c)
		}
	}
}

func TestThreadsRoundRobin(t *testing.T) {
	var th Threads
	th.Reset(4)
	th.Add(10)
	ran := func() int { i := th.Begin(); return th.PC(i) }
	if first, second := ran(), ran(); first != 10 || second != 10 {
		t.Fatal("a single thread runs every turn")
	}
	th.Add(20) // joins at the end
	th.Add(30)
	var got []int
	for k := 0; k < 6; k++ {
		got = append(got, ran())
	}
	if !slices.Equal(got, []int{20, 30, 10, 20, 30, 10}) {
		t.Errorf("order %v", got)
	}
	// The thread that runs removes itself: the next one still follows.
	i := th.Begin() // 20
	th.Remove(i)
	if pc := ran(); pc != 30 {
		t.Errorf("after removing the running thread, %d ran, want 30", pc)
	}
	// A thread added now joins the ring at the cursor's end: it runs before the oldest.
	th.Add(40) // [10 30 40], 30 ran last
	if got := th.InRunOrder(nil, -1); !slices.Equal(got, []int{40, 10, 30}) {
		t.Errorf("run order %v", got)
	}
	th.Remove(th.Begin()) // 40 runs and dies
	if got := th.InRunOrder(nil, -1); !slices.Equal(got, []int{10, 30}) {
		t.Errorf("run order %v after the newest died", got)
	}
	th.Remove(0) // 10, before the cursor
	if pc := ran(); pc != 30 || th.Len() != 1 {
		t.Errorf("ran %d with %d threads, want 30 alone", pc, th.Len())
	}
}

func TestRoundRobinSlices(t *testing.T) {
	r := NewRoundRobin(3)
	var got []int
	for k := 0; k < 4; k++ {
		got = append(got, r.Current())
		if k == 1 {
			r.Kill(1) // dies in its own turn
		}
		r.Advance()
	}
	if !slices.Equal(got, []int{0, 1, 2, 0}) || r.Cycle() != 1 {
		t.Errorf("turns %v, cycle %d; want [0 1 2 0], 1", got, r.Cycle())
	}
	if r.Current() != 2 || r.Live() != 2 { // 0 -> 2, skipping the dead 1
		t.Errorf("current %d, live %d", r.Current(), r.Live())
	}
	r.Kill(0)
	r.Kill(2)
	r.Advance()
	if r.Current() != -1 || r.Live() != 0 {
		t.Errorf("all dead: current %d", r.Current())
	}
}

func TestPlace(t *testing.T) {
	for seed := int64(0); seed < 500; seed++ {
		spans := []int{5, 17, 3, 40}
		starts, err := Place(NewRand(seed), 100, spans)
		if err != nil {
			t.Fatal(err)
		}
		used := make([]bool, 100)
		for i, s := range starts {
			for k := 0; k < spans[i]; k++ {
				a := Wrap(s+k, 100)
				if used[a] {
					t.Fatalf("seed %d: overlap at %d in %v", seed, a, starts)
				}
				used[a] = true
			}
		}
	}
	if _, err := Place(NewRand(1), 10, []int{6, 5}); !errors.Is(err, ErrNoRoom) {
		t.Errorf("11 cells in 10: %v", err)
	}
	// A tight fit has exactly one arrangement up to rotation and order.
	if _, err := Place(NewRand(1), 11, []int{6, 5}); err != nil {
		t.Error(err)
	}
}

func TestErrorList(t *testing.T) {
	var l Errors
	l.Add("f", 3, 1, "c")
	l.Add("f", 1, 5, "a")
	l.Add("f", 1, 2, "second on line 1, dropped")
	err := l.Err()
	if err.Error() != "f:1:5: a\nf:3:1: c" {
		t.Errorf("%q", err.Error())
	}
	var empty Errors
	if empty.Err() != nil {
		t.Error("empty list is an error")
	}
}

func TestOwners(t *testing.T) {
	o := NewOwners(10, 2)
	o.Claim(3, 0)
	o.Claim(4, 0)
	if o.Owner(3) != 0 || o.Written(3) != -1 || o.Count(0) != 2 || o.Owner(5) != -1 {
		t.Fatal("claim")
	}
	o.Set(3, 1, 7) // taken over
	o.Set(9, 1, 8)
	o.Set(9, 1, 9) // rewritten by the owner: counted once
	if o.Owner(3) != 1 || o.Written(3) != 7 || o.Written(9) != 9 || o.Count(0) != 1 || o.Count(1) != 2 {
		t.Errorf("counts %d %d", o.Count(0), o.Count(1))
	}
}

// TestErrorQuotesExcerpt: a huge token is quoted as a short excerpt.
func TestErrorQuotesExcerpt(t *testing.T) {
	var l Errors
	l.Add("x.cw", 1, 1, "found %q (known: %s)", strings.Repeat(",", 1<<20), "a, b")
	if msg := l.Err().Error(); len(msg) > 200 || !strings.Contains(msg, "(1048576 bytes)") || !strings.Contains(msg, "(known: a, b)") {
		t.Errorf("message %q", msg)
	}
}

// TestThreadsStorageBounded: a Threads filled to MaxThreads holds no room past it, whatever
// capacity it started with (append rounded a fork bomb's storage past the limit).
func TestThreadsStorageBounded(t *testing.T) {
	for _, start := range []int{0, 1, 4, 1000, 1024, MaxThreads - 1} {
		var th Threads
		th.Reset(start)
		for th.Len() < MaxThreads {
			th.Add(th.Len())
		}
		if c := cap(th.pcs); c > MaxThreads {
			t.Errorf("Reset(%d), then %d threads: room for %d", start, MaxThreads, c)
		}
		if th.PC(MaxThreads-1) != MaxThreads-1 || th.PC(0) != 0 {
			t.Errorf("Reset(%d): the threads moved while the storage grew", start)
		}
	}
}
