package corewars

import (
	"errors"
	"fmt"
	"sort"
)

// Rand is the engines' random generator: SplitMix64 (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", OOPSLA 2014), the same 64-bit state and output function as
// Java's SplittableRandom and the seeding generator of xoshiro. It is written out here rather
// than taken from math/rand so that a seed means the same game on every machine and every Go
// version: the sequence is fixed by these few lines.
type Rand struct {
	state uint64
}

// NewRand returns a generator whose sequence is fixed by seed.
func NewRand(seed int64) *Rand { return &Rand{state: uint64(seed)} }

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a uniform number in 0..n-1 (n > 0), rejecting the few values of the top
// partial range so that no result is favoured.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("corewars: Intn with n <= 0")
	}
	un := uint64(n)
	limit := ^uint64(0) - (^uint64(0)%un+1)%un // largest multiple of n, minus 1
	for {
		v := r.Uint64()
		if v <= limit {
			return int(v % un)
		}
	}
}

// ErrNoRoom is returned by Place when the spans do not fit in the core.
var ErrNoRoom = errors.New("the programs do not fit in the core with the required distance")

// Place puts items of the given spans on a ring of size cells at random, without overlap:
// item i occupies span[i] cells from its start, so two starts are at least the span of the
// earlier one apart. The free cells are split into random gaps, the items are shuffled
// into a random order around the ring, and the whole is rotated by a random offset; any
// placement that fits is possible. It returns the start of each item in input order.
func Place(r *Rand, size int, spans []int) ([]int, error) {
	n := len(spans)
	total := 0
	for _, s := range spans {
		if s < 1 {
			return nil, fmt.Errorf("corewars: span %d < 1", s)
		}
		total += s
	}
	if total > size {
		return nil, fmt.Errorf("%w (need %d cells, have %d)", ErrNoRoom, total, size)
	}
	free := size - total
	cuts := make([]int, n)
	for i := range cuts {
		cuts[i] = r.Intn(free + 1)
	}
	sort.Ints(cuts)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	for i := n - 1; i > 0; i-- { // Fisher–Yates
		j := r.Intn(i + 1)
		order[i], order[j] = order[j], order[i]
	}
	base := r.Intn(size)
	starts := make([]int, n)
	pos := 0
	for k, item := range order {
		starts[item] = Wrap(base+pos+cuts[k], size)
		pos += spans[item]
	}
	return starts, nil
}
