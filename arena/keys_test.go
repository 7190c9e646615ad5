package arena

import (
	"math/rand/v2"
	"testing"
)

// TestKeyMinima: a ring's first key is the smallest of its tasks' keys after every change,
// for every ring size up to MaxTasks (groups full and partial), with at values that repeat
// and with never; clone keeps them apart from the original.
func TestKeyMinima(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= MaxTasks; n++ {
		mt := &tasks{list: make([]task, n)}
		for i := range mt.list {
			mt.list[i].at = rng.Int64N(50)
		}
		mt.resetKeys()
		for step := 0; step < 200; step++ {
			i := rng.IntN(n)
			at := rng.Int64N(60)
			if step%17 == 0 {
				at = never
			}
			mt.list[i].at = at
			mt.set(i, newKey(at, i))
			want := 0
			for j := range mt.list {
				if mt.list[j].at < mt.list[want].at {
					want = j
				}
			}
			if got := mt.first; got.at() != min(mt.list[want].at, keyNever) || mt.list[got.index()].at != mt.list[want].at {
				t.Fatalf("%d tasks, step %d: first is task %d (at %d), want at %d", n, step, got.index(), got.at(), mt.list[want].at)
			}
		}
		c := mt.clone()
		before := mt.keys[0]
		c.list[0].at = 99
		c.set(0, newKey(99, 0))
		if mt.keys[0] != before || &c.keys[0] == &mt.keys[0] || &c.mins[0] == &mt.mins[0] {
			t.Fatalf("%d tasks: the clone shares its keys with the original", n)
		}
		// The clone's minima are whole: a change to one group leaves the others' minimum
		// standing (a clone of a ring of 9 to 16 tasks lost the pairs' minima, so a task due
		// first in the other pair was never scheduled: a restored game hung).
		for j := range c.list {
			if c.list[j].at < c.list[0].at {
				c.list[0].at = c.list[j].at + 1
			}
		}
		c.set(0, newKey(c.list[0].at, 0))
		want := 0
		for j := range c.list {
			if c.list[j].at < c.list[want].at {
				want = j
			}
		}
		if got := c.first; c.list[got.index()].at != c.list[want].at {
			t.Fatalf("%d tasks: after a clone and a change, first is task %d (at %d), want at %d", n, got.index(), got.at(), c.list[want].at)
		}
	}
}
