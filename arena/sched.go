package arena

// The scheduler. A robot is visited only on the turns where something observable happens:
// the turn that fetches an instruction and the turn that completes it (often the same turn
// for a 1-cycle instruction). Turns in between only count a cycle off, so they are skipped;
// "count a cycle off" is implicit in the due cycle. Inactive robots are not scheduled at all
// (frozen: they keep their remaining cycles in robot.rem).
//
// Every pending visit is an entry keyed by due<<32 | id. Ids grow in creation order, so
// ordering by key is ordering by cycle and then by creation order: exactly the turn order of
// ROBOCOM.md section 6, including robots activated or created during the cycle (an activated
// robot whose turn is still to come gets the current cycle as its due cycle and so is popped
// later in this same cycle).
//
// Two sources feed a cycle: a binary heap (completions and activations) and a plain list of
// the robots that completed in the previous cycle and fetch in this one. That list is built
// in turn order, so it is already sorted, and the most frequent visit costs an append instead
// of a heap operation. The two are merged by key. Entries are never removed: a robot that is
// deactivated, dies or is rescheduled bumps its seq, and stale entries are skipped on pop.

type entry struct {
	key  uint64 // due<<32 | id
	slot int32  // index into Game.robots
	seq  uint32 // must equal robots[slot].seq, else the entry is stale
}

func makeKey(due uint32, id uint32) uint64 { return uint64(due)<<32 | uint64(id) }

func (e entry) due() uint32 { return uint32(e.key >> 32) }

// heap is a binary min-heap of entries by key. Hand-written (not container/heap) so that
// push and pop are not interface calls and do not allocate once the slice has grown.
type heap []entry

func (h *heap) push(e entry) {
	s := append(*h, e)
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if s[p].key <= e.key {
			break
		}
		s[i] = s[p]
		i = p
	}
	s[i] = e
	*h = s
}

func (h *heap) pop() entry {
	s := *h
	top := s[0]
	n := len(s) - 1
	last := s[n]
	s = s[:n]
	i := 0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && s[c+1].key < s[c].key {
			c++
		}
		if last.key <= s[c].key {
			break
		}
		s[i] = s[c]
		i = c
	}
	if n > 0 {
		s[i] = last
	}
	*h = s
	return top
}
