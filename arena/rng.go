package arena

// rng is SplitMix64 (Steele, Lea, Flood: "Fast splittable pseudorandom number generators",
// OOPSLA 2014; the constants of Vigna's public-domain splitmix64.c). Its output sequence is
// part of the determinism contract (ROBOCOM.md section 10): the same seed gives the same
// game on every machine. math/rand is not used because its sequence is not a documented
// contract.
type rng struct{ state uint64 }

func newRNG(seed int64) rng { return rng{state: uint64(seed)} }

// next returns the next 64-bit output.
func (r *rng) next() uint64 {
	r.state += 0x9E3779B97F4A7C15
	z := r.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// intn returns a uniform number in 0..n-1 (n > 0): outputs at or above the largest multiple
// of n are rejected, then the remainder is taken, so there is no modulo bias.
func (r *rng) intn(n int) int {
	un := uint64(n)
	limit := ^uint64(0) - (^uint64(0) % un) // a multiple of un (or 2^64 - un·k)
	for {
		x := r.next()
		if x < limit {
			return int(x % un)
		}
	}
}
