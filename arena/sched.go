package arena

import "math/bits"

// The scheduler. A robot is visited only on the turns where something observable happens:
// the turn that fetches an instruction and the turn that completes it (often the same turn
// for a 1-cycle instruction). Turns in between only count a cycle off, so they are skipped;
// "count a cycle off" is implicit in the due cycle. Inactive robots are not scheduled at all
// (frozen: they keep their remaining cycles in robot.rem).
//
// Pending visits live in a timing wheel of wheelSize buckets, one per cycle (due mod
// wheelSize). A bucket is a bitset indexed by the robot's slot in Game.robots, and slots are
// handed out in creation order: scanning a bucket's bits from low to high visits the robots
// due in that cycle in creation order, the turn order of ROBOCOM.md section 6. A robot activated during
// the cycle whose turn is still to come has a higher slot than the robot acting now, so its
// bit is set ahead of the scan and it is visited in this same cycle. Deactivation clears the
// bit. Visits further away than the wheel (long CREATEs and TRANSes, rings whose every task
// is in one) wait in a second, coarse wheel (far): farSlots slots of wheelSize cycles each,
// unordered, a slot moved into the wheel as a whole at its first cycle (pullOverflow), so a
// far visit costs an append and a move. Only visits beyond its reach (2^16 cycles) wait in an
// overflow heap keyed by due<<32 | id and move into the wheel when they come within reach.
// (The heap alone cost a ten-task RC3 board 2% of its machine instructions, most in pop:
// RATIONALE.md, "RC3: the plain path", sixteenth pass.)
//
// Slots are handed out up to 3n² and compacted (the living robots moved down, in the same
// order) between cycles once they pass 1.25n² (any threshold up to 2n² is safe: at most n²
// robots live, and at most n² can be built in one cycle, so slots never run out; a low one
// keeps the living robots close together in memory). Scanning in slot order also walks the robots
// in memory order. Measured on July pairings, this replaced a binary heap
// of all visits and made whole bouts about 3× faster (RATIONALE.md "Scheduling").

const (
	wheelBits = 8
	wheelSize = 1 << wheelBits
	wheelMask = wheelSize - 1
	farSlots  = 256 // the coarse wheel's slots, each of wheelSize cycles
)

// Where a robot's next visit is recorded.
const (
	schedNone     uint8 = iota // not scheduled (inactive, dead, or being visited now)
	schedWheel                 // a bit in bucket due&wheelMask
	schedOverflow              // an entry in the coarse second wheel, or the overflow heap beyond it
	schedDormant               // none: a quiet robot repeating itself (quiet.go)
)

// schedule records r's next visit in cycle due (≥ the current cycle).
// Small enough to be inlined into the visit; the far case is a call.
func (g *Game) schedule(r *robot, due uint32) {
	r.due = due
	if due-uint32(g.cycle) >= wheelSize {
		g.scheduleFar(r, due)
		return
	}
	b := due & wheelMask
	g.wheel[int(b)*g.words+int(r.slot>>6)] |= 1 << uint(r.slot&63)
	g.counts[b]++
	r.sched = schedWheel
}

// scheduleFar records a visit beyond the wheel's reach in the coarse wheel, or beyond its
// reach in the overflow heap. (due ≥ cycle + wheelSize ≥ farNext: its slot is still to come.)
func (g *Game) scheduleFar(r *robot, due uint32) {
	r.seq++
	e := entry{makeKey(due, r.id), r.slot, r.seq}
	if due>>wheelBits-g.farNext>>wheelBits < farSlots {
		s := &g.far[due>>wheelBits&(farSlots-1)]
		*s = append(*s, e)
	} else {
		g.overflow.push(e)
	}
	r.sched = schedOverflow
}

// unschedule cancels r's pending visit.
func (g *Game) unschedule(r *robot) {
	switch r.sched {
	case schedWheel:
		b := int(r.due & wheelMask)
		g.wheel[b*g.words+int(r.slot>>6)] &^= 1 << uint(r.slot&63)
		g.counts[b]--
	case schedOverflow:
		r.seq++ // the far entry (coarse wheel or heap) goes stale
	}
	r.sched = schedNone
}

// waitingFor is the robot whose far visit e records, nil when e went stale: the robot
// unscheduled it since (its seq moved on), died and its slot went to another (id), or waits
// otherwise now (sched).
func (g *Game) waitingFor(e entry) *robot {
	if r := &g.robots[e.slot]; r.seq == e.seq && r.id == uint32(e.key) && r.sched == schedOverflow {
		return r
	}
	return nil
}

// overflowDue reports whether visits waiting beyond the wheel's reach may have come within it
// in cycle c (a slot of the coarse wheel begins, or the heap's first is near): pullOverflow's
// first test, made before the call since most cycles pull nothing.
func (g *Game) overflowDue(c int) bool {
	return uint32(c) >= g.farNext || len(g.overflow) > 0 && g.overflow[0].due() <= uint32(c)+wheelSize-1
}

// pullOverflow moves the far visits that came within the wheel's reach into it: the coarse
// wheel's slots that began by now (their visits are due in the slot's wheelSize cycles, none
// before now: nextBusyCycle stops at them), and the heap's.
func (g *Game) pullOverflow() {
	c := uint32(g.cycle)
	for n := 0; g.farNext <= c; n++ {
		if n < farSlots { // (past a long idle stretch, every slot once)
			s := &g.far[g.farNext>>wheelBits&(farSlots-1)]
			for _, e := range *s {
				if r := g.waitingFor(e); r != nil {
					g.schedule(r, e.due())
				}
			}
			*s = (*s)[:0]
		}
		g.farNext += wheelSize
	}
	limit := c + wheelSize - 1
	for len(g.overflow) > 0 && g.overflow[0].due() <= limit {
		e := g.overflow.pop()
		if r := g.waitingFor(e); r != nil {
			g.schedule(r, e.due())
		}
	}
}

// compact moves the living robots down to slots 0, 1, ... in creation order (slot order
// is creation order: the wheel's bitsets are indexed by slot) and rebuilds the
// board, the wheel, the coarse second wheel and the overflow heap. Called between cycles. Structs are swapped, not
// copied, so that every slot keeps a banks array of its own for reuse.
func (g *Game) compact() {
	remap := g.remap[:len(g.robots)]
	nr := int32(0)
	for i := range g.robots {
		if !g.robots[i].alive {
			remap[i] = -1
			continue
		}
		remap[i] = nr
		if int32(i) != nr {
			g.robots[nr], g.robots[i] = g.robots[i], g.robots[nr]
			if g.quiet != nil {
				g.quiet[nr], g.quiet[i] = g.quiet[i], g.quiet[nr]
			}
			if g.watch != nil {
				g.watch[nr], g.watch[i] = g.watch[i], g.watch[nr]
			}
		}
		r := &g.robots[nr]
		r.slot = nr
		g.board[r.field] = onBoard(r)
		nr++
	}
	g.robots = g.robots[:nr]
	clear(g.wheel)
	for i := range g.robots {
		r := &g.robots[i]
		if r.sched == schedWheel {
			g.wheel[int(r.due&wheelMask)*g.words+int(r.slot>>6)] |= 1 << uint(r.slot&63)
		}
	}
	h := g.overflow[:0]
	for _, e := range g.overflow {
		if ns := remap[e.slot]; ns >= 0 {
			e.slot = ns
			h = append(h, e)
		}
	}
	h.heapify()
	g.overflow = h
	for i, s := range g.far {
		f := s[:0]
		for _, e := range s {
			if ns := remap[e.slot]; ns >= 0 {
				e.slot = ns
				f = append(f, e)
			}
		}
		g.far[i] = f
	}
}

// farFirst is the cycle of the first live visit in the coarse wheel before limit, or limit: the
// first slot holding one holds it (slots begin in order from farNext).
func (g *Game) farFirst(limit int) int {
	for s, n := int64(g.farNext), 0; s < int64(limit) && n < farSlots; s, n = s+wheelSize, n+1 {
		first, live := ^uint32(0), false
		for _, e := range g.far[s>>wheelBits&(farSlots-1)] {
			if g.waitingFor(e) != nil {
				first, live = min(first, e.due()), true
			}
		}
		if live {
			return min(int(first), limit)
		}
	}
	return limit
}

// flatFar is the coarse wheel's entries in one slice (snapshots keep them so: most slots are
// empty); refillFar puts such entries back into its slots.
func (g *Game) flatFar() []entry {
	var f []entry
	for _, s := range g.far {
		f = append(f, s...)
	}
	return f
}

func (g *Game) refillFar(f []entry) {
	for i := range g.far {
		g.far[i] = g.far[i][:0]
	}
	for _, e := range f {
		s := &g.far[e.due()>>wheelBits&(farSlots-1)]
		*s = append(*s, e)
	}
}

// visitBucket visits, in slot (creation) order, every robot due in the current cycle, including those
// added to the bucket while it is being scanned: the classic game's walk (runCycle's); a plain
// game's is visitBucketPlain, and runQuiet has its own copy for a tournament's games.
func (g *Game) visitBucket() {
	b := g.cycle & wheelMask
	words := g.wheel[b*g.words : (b+1)*g.words]
	for wi := 0; wi < len(words) && g.counts[b] > 0; wi++ {
		for {
			w := words[wi]
			if w == 0 {
				break
			}
			bit := bits.TrailingZeros64(w)
			words[wi] = w &^ (1 << uint(bit))
			g.counts[b]--
			r := &g.robots[wi<<6|bit]
			r.sched = schedNone
			if g.onEvent != nil || g.quiet == nil {
				g.turn(r)
			} else if int32(uint32(g.cycle)-g.quiet[wi<<6|bit]) < quietMin { // (quiet may lie ahead: pauseSearch)
				g.turn(r)
			} else { // untouched for a while (quiet.go)
				n0 := g.instructions
				g.turn(r)
				if r.sched != schedNone {
					g.observe(r, g.instructions-n0)
				}
			}
		}
	}
}

// visitBucketPlain is visitBucket for a plain game: the same walk, which reads the next
// robot's ring ahead and calls the ring's common turn itself (turnPlain's case, see there).
// (A walk of its own so that the classic one neither tests the game's kind at every turn nor
// carries the plain one's code: a change to readAheadRing had moved the classic walk's
// registers.)
func (g *Game) visitBucketPlain() {
	b := g.cycle & wheelMask
	words := g.wheel[b*g.words : (b+1)*g.words]
	for wi := 0; wi < len(words) && g.counts[b] > 0; wi++ {
		for {
			w := words[wi]
			if w == 0 {
				break
			}
			bit := bits.TrailingZeros64(w)
			words[wi] = w &^ (1 << uint(bit))
			g.counts[b]--
			r := &g.robots[wi<<6|bit]
			r.sched = schedNone
			if next := w &^ (1 << uint(bit)); next != 0 {
				g.readAheadRing(&g.robots[wi<<6|bits.TrailingZeros64(next)])
			}
			if g.ringOneDue(r) { // (turnPlain's common case: see there)
				g.actor = r.id
				g.turnRingOne(r, int(r.dueTask))
				g.curTask = 0
			} else {
				g.turnPlain(r)
			}
		}
	}
}

// readAheadRing reads the ring header of r, the next robot of the bucket, and the entry of the
// task its hint names, and keeps nothing of them but a byte in g.readAhead: only so that their
// cache lines are on their way while the robot before it takes its turn. A ring's turn
// begins with a chain of dependent loads (the robot, its header, the due task's entry) that
// on a crowded board all miss the first-level cache; with the two lines on their way,
// RC3Tasks10 runs about 5% faster (RATIONALE.md, "RC3: the plain path", fourteenth pass).
// The robot two ahead was slower, and so was a PREFETCH instruction (an assembly call); the
// classic walk's same read-ahead measured nothing (the eighth pass of "Arena scheduling"). A lone
// robot's entry is not read: its turn does not read it, and reading it cost RC3Tasks1 3%.
func (g *Game) readAheadRing(r *robot) {
	if mt := r.mt; mt != nil && mt.one { // (reading one brings the header's line; a lone robot's turn does not read the entry)
		g.readAhead ^= uint8(mt.inline[min(uint(r.dueTask), inlineTasks-1)].num) // (min, not %: a modulo by ten is a multiply and seven instructions)
	}
}

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

// heapify restores the heap order of an arbitrary slice.
func (h heap) heapify() {
	n := len(h)
	for i := n/2 - 1; i >= 0; i-- {
		e := h[i]
		j := i
		for {
			c := 2*j + 1
			if c >= n {
				break
			}
			if c+1 < n && h[c+1].key < h[c].key {
				c++
			}
			if e.key <= h[c].key {
				break
			}
			h[j] = h[c]
			j = c
		}
		h[j] = e
	}
}
