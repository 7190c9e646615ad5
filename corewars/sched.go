package corewars

// MaxThreads is the highest thread limit of a .cw process and of a VNA player's executors
// (their Config's MaxThreads, MaxExecutors), and so the most threads a Threads holds: with a
// .cw game's MaxProcesses processes at 8 bytes a thread, at most 128 MB, where a limit left to
// the user let a fork bomb grow one process's threads until the machine ran out of memory.
const MaxThreads = 1 << 14

// Threads is one process's threads (or one VNA player's executors) in creation order, with
// the round-robin cursor: each turn runs the thread after the one that ran last; a new thread
// joins at the end, so it runs after every older thread has had its turn.
//
// A turn is Begin, then any number of Add/Remove/SetPC calls. The zero value is empty; give
// it a capacity with Reset so that Add does not allocate in the game loop.
type Threads struct {
	pcs  []int
	next int // index of the thread whose turn is next; may equal len(pcs) until Begin wraps it
}

// Reset empties t, keeping room for capacity threads.
func (t *Threads) Reset(capacity int) {
	if cap(t.pcs) < capacity {
		t.pcs = make([]int, 0, capacity)
	}
	t.pcs = t.pcs[:0]
	t.next = 0
}

// Len is the number of threads.
func (t *Threads) Len() int { return len(t.pcs) }

// PC is the address of thread i (creation order).
func (t *Threads) PC(i int) int { return t.pcs[i] }

// SetPC moves thread i to pc.
func (t *Threads) SetPC(i, pc int) { t.pcs[i] = pc }

// Begin starts a turn: it returns the index of the thread to run and moves the cursor past
// it. t must not be empty.
func (t *Threads) Begin() int {
	if t.next >= len(t.pcs) {
		t.next = 0
	}
	i := t.next
	t.next++
	return i
}

// NextPC is the address of the thread whose turn is next (what Begin would run); t must
// not be empty.
func (t *Threads) NextPC() int {
	if t.next >= len(t.pcs) {
		return t.pcs[0]
	}
	return t.pcs[t.next]
}

// Add appends a thread at pc. The storage grows by doubling up to MaxThreads and no further
// (append would round past it), so a full Threads holds no more than the limit allows.
func (t *Threads) Add(pc int) {
	if n := len(t.pcs); n == cap(t.pcs) && n < MaxThreads {
		grown := make([]int, n, min(max(2*n, 8), MaxThreads))
		copy(grown, t.pcs)
		t.pcs = grown
	}
	t.pcs = append(t.pcs, pc)
}

// Remove deletes thread i; the cursor keeps pointing at the same next thread.
func (t *Threads) Remove(i int) {
	copy(t.pcs[i:], t.pcs[i+1:])
	t.pcs = t.pcs[:len(t.pcs)-1]
	if i < t.next {
		t.next--
	}
}

// Clear removes every thread.
func (t *Threads) Clear() {
	t.pcs = t.pcs[:0]
	t.next = 0
}

// InRunOrder appends the thread addresses to dst starting with the one whose turn is next,
// at most max of them (max < 0: all).
func (t *Threads) InRunOrder(dst []int, max int) []int {
	n := len(t.pcs)
	start := t.next
	if start >= n {
		start = 0
	}
	for k := 0; k < n && k != max; k++ {
		dst = append(dst, t.pcs[(start+k)%n])
	}
	return dst
}

// RoundRobin takes turns over processes 0..n-1 in index order, skipping dead ones, and
// counts completed time slices: a slice ends when the turn passes the last process.
type RoundRobin struct {
	alive []bool
	live  int
	cur   int // the process whose turn it is; -1 when none is alive
	cycle int64
}

// NewRoundRobin starts with every one of n processes alive and process 0 to move.
func NewRoundRobin(n int) *RoundRobin {
	r := &RoundRobin{alive: make([]bool, n), live: n}
	for i := range r.alive {
		r.alive[i] = true
	}
	if n == 0 {
		r.cur = -1
	}
	return r
}

// Current is the process whose turn it is, -1 if none is alive.
func (r *RoundRobin) Current() int { return r.cur }

// Cycle is the number of completed time slices.
func (r *RoundRobin) Cycle() int64 { return r.cycle }

// Alive reports whether process i still runs.
func (r *RoundRobin) Alive(i int) bool { return r.alive[i] }

// Live is the number of processes alive.
func (r *RoundRobin) Live() int { return r.live }

// Kill marks process i dead; it gets no more turns. The current turn is not moved: call
// Advance as usual after the turn.
func (r *RoundRobin) Kill(i int) {
	if r.alive[i] {
		r.alive[i] = false
		r.live--
	}
}

// Advance passes the turn to the next live process, counting a completed slice when it wraps.
func (r *RoundRobin) Advance() {
	if r.live == 0 {
		if r.cur >= 0 {
			r.cycle++ // the slice of the last death is complete
		}
		r.cur = -1
		return
	}
	n := len(r.alive)
	j := r.cur
	for {
		j++
		if j >= n {
			j = 0
			r.cycle++
		}
		if r.alive[j] {
			r.cur = j
			return
		}
	}
}
