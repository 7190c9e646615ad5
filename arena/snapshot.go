package arena

import (
	"reflect"
	"slices"
	"sync"
	"unsafe"
)

// Snapshot is a frozen copy of a whole game, for rewinding. Banks are immutable and shared;
// everything else is copied, compactly: a window keeps dozens of snapshots of a 200×200
// board, and a plain copy of the game holds the robots' full capacity (3n² slots, 30 MB
// there), the timing wheel as a dense bitset (4 MB, nearly all zero) and compact's scratch.
// A snapshot keeps the robots it has (len, not cap), the wheel's non-zero words only and no
// scratch; Restore gives the game back its capacities.
//
// A delta snapshot (SnapshotSince) keeps its robots and board as the changes from a full
// one, its base: of a robot, only the 8-byte words that differ from the robot in the same
// slot of the base. On a full 200×200 board a robot changes about two words (where it stands
// in its code, when it is due, its direction) between snapshots hundreds of cycles apart, so
// a delta holds about 1 MB where a full snapshot holds 10.
type Snapshot struct {
	g         Game     // a delta's g has neither robots nor board (they are in the fields below)
	robotCap  int      // cap of the game's robots
	wheelLen  int      // len of the game's wheel
	wheelAt   []uint32 // the indices of the wheel's non-zero words
	wheelBits []uint64 // and those words
	far       []entry  // the coarse wheel's entries (its slots follow from their cycles)
	remapLen  int
	bytes     int // Bytes, worked out once taken

	// A delta's robots and board: base's, changed as these fields say.
	base       *Snapshot
	nRobots    int         // len of the game's robots
	deathsFrom int         // a delta's g.deaths follow the first deathsFrom of base's
	patchAt    []uint32    // slots with plain words that differ from base's (or from zero past its robots)
	patchMask  []uint64    // which words: bit w for word w of the robot
	patchWord  []uint64    // their values, in slot and then word order
	refs       []robotRefs // slots whose references differ from base's
	boardAt    []uint32    // fields that differ from base's board
	boardVal   []int32     // and what they hold
}

// robotRefs are the fields of a robot that hold pointers, which a delta cannot keep as raw
// words: they are kept typed, so that the collector sees them.
type robotRefs struct {
	slot  uint32
	code  []cinstr // a bank's compiled code: immutable and shared
	banks []*Bank  // the snapshot's own copy, or base's when the same
	mt    *tasks   // the snapshot's own copy
}

// A robot is robotWords 8-byte words; refWords marks those of the fields that hold
// pointers (code, banks, mt), found by reflection so that a field added later cannot be
// copied as raw bits by mistake: robotRefsCover checks that robotRefs covers them all.
const robotWords = int(unsafe.Sizeof(robot{}) / 8)

var refWords, robotRefsCover = robotRefWords()

func robotRefWords() (mask uint64, covered bool) {
	t := reflect.TypeFor[robot]()
	covered = true
	for i := range t.NumField() {
		f := t.Field(i)
		if !hasPointers(f.Type) {
			continue
		}
		for w := f.Offset / 8; w < (f.Offset+f.Type.Size()+7)/8; w++ {
			mask |= 1 << w
		}
		if f.Name != "code" && f.Name != "banks" && f.Name != "mt" {
			covered = false
		}
	}
	return mask, covered && unsafe.Sizeof(robot{})%8 == 0 && robotWords <= 64
}

func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Pointer, reflect.Slice, reflect.String, reflect.Map, reflect.Chan, reflect.Func,
		reflect.Interface, reflect.UnsafePointer:
		return true
	}
	return false
}

// words views a robot as its 8-byte words. Only the words outside refWords may be written
// through it.
func words(r *robot) []uint64 { return unsafe.Slice((*uint64)(unsafe.Pointer(r)), robotWords) }

// Snapshot copies the game's state.
func (g *Game) Snapshot() *Snapshot {
	g.settleAll()
	s := g.newSnapshot()
	s.g.robots = make([]robot, len(g.robots))
	copy(s.g.robots, g.robots)
	for i := range s.g.robots {
		r := &s.g.robots[i]
		r.banks = cloneBanks(r.banks)
		if r.mt != nil {
			r.mt = r.mt.clone()
		}
	}
	s.g.board = slices.Clone(g.board)
	s.g.deaths = slices.Clone(g.deaths)
	s.bytes = s.size()
	return s
}

// SnapshotSince copies the game's state as the changes from base, a full snapshot of this
// game taken earlier (a delta's own base is used when given a delta). Restore needs base
// too: the delta keeps it. Without a base it is Snapshot.
func (g *Game) SnapshotSince(base *Snapshot) *Snapshot {
	if base != nil && base.base != nil {
		base = base.base
	}
	if base == nil || !robotRefsCover || base.g.n != g.n || len(base.g.board) != len(g.board) {
		return g.Snapshot()
	}
	g.settleAll()
	s := g.newSnapshot()
	s.base = base
	var zero robot
	br := base.g.robots
	for i := range g.robots {
		r, b := &g.robots[i], &zero
		if i < len(br) {
			b = &br[i]
		}
		rw, bw := words(r), words(b)
		var mask uint64
		for w := range rw {
			if rw[w] != bw[w] {
				mask |= 1 << w
			}
		}
		if mask &^= refWords; mask != 0 {
			s.patchAt = append(s.patchAt, uint32(i))
			s.patchMask = append(s.patchMask, mask)
			for w := range rw {
				if mask&(1<<w) != 0 {
					s.patchWord = append(s.patchWord, rw[w])
				}
			}
		}
		sameCode := len(r.code) == len(b.code) && unsafe.SliceData(r.code) == unsafe.SliceData(b.code)
		sameBanks := slices.Equal(r.banks, b.banks) && (r.banks == nil) == (b.banks == nil)
		if sameCode && sameBanks && (r.mt == nil && b.mt == nil || r.mt != nil && b.mt != nil && r.mt.sameAs(b.mt)) {
			continue // (the base's refs stand)
		}
		ref := robotRefs{slot: uint32(i), code: r.code, banks: b.banks}
		if !sameBanks {
			ref.banks = cloneBanks(r.banks)
		}
		if r.mt != nil {
			ref.mt = r.mt.clone()
		}
		s.refs = append(s.refs, ref)
	}
	for i, v := range g.board {
		if v != base.g.board[i] {
			s.boardAt = append(s.boardAt, uint32(i))
			s.boardVal = append(s.boardVal, v)
		}
	}
	bd := base.deaths()
	if len(g.deaths) >= len(bd) && slices.Equal(g.deaths[:len(bd)], bd) {
		s.deathsFrom = len(bd)
	}
	s.g.deaths = slices.Clone(g.deaths[s.deathsFrom:])
	s.bytes = s.size()
	return s
}

// newSnapshot copies what every snapshot copies in full: all but the robots, the board and
// the deaths.
func (g *Game) newSnapshot() *Snapshot {
	s := &Snapshot{robotCap: cap(g.robots), wheelLen: len(g.wheel), remapLen: len(g.remap), nRobots: len(g.robots)}
	copyRest(&s.g, g)
	s.g.onEvent, s.g.wheel, s.g.remap, s.g.quiet, s.g.watch = nil, nil, nil, nil, nil
	s.far = g.flatFar()
	for i, w := range g.wheel {
		if w != 0 {
			s.wheelAt = append(s.wheelAt, uint32(i))
			s.wheelBits = append(s.wheelBits, w)
		}
	}
	return s
}

// Restore puts the game back into the snapshot's state. The event handler stays as it is.
func (g *Game) Restore(s *Snapshot) {
	h := g.onEvent
	wheel, remap, robots, board := g.wheel, g.remap, g.robots, g.board
	quiet, watch, far := g.quiet, g.watch, g.far
	copyRest(g, &s.g)
	g.onEvent = h
	if far == nil {
		far = make([][]entry, farSlots)
	}
	g.far = far
	g.refillFar(s.far)
	g.quiet, g.watch, g.dormant = quiet, watch, 0

	// The robots: the game's own array when big enough, its slots past the robots zero.
	if n := max(s.robotCap, s.nRobots); cap(robots) < n {
		robots = make([]robot, 0, n)
	}
	robots = robots[:s.nRobots]
	clear(robots[len(robots):cap(robots)])
	full := s
	if s.base != nil {
		full = s.base
	}
	clear(robots[copy(robots, full.g.robots):])
	k := 0
	for j, i := range s.patchAt {
		rw, mask := words(&robots[i]), s.patchMask[j]
		for w := range rw {
			if mask&(1<<w) != 0 {
				rw[w] = s.patchWord[k]
				k++
			}
		}
	}
	for _, ref := range s.refs {
		r := &robots[ref.slot]
		r.code, r.banks, r.mt = ref.code, ref.banks, ref.mt
	}
	for i := range robots { // the game's own banks and tasks: TRANS and tasks change them in place
		r := &robots[i]
		r.banks = cloneBanks(r.banks)
		if r.mt != nil {
			r.mt = r.mt.clone()
		}
	}
	g.robots = robots

	if len(board) != len(full.g.board) {
		board = make([]int32, len(full.g.board))
	}
	copy(board, full.g.board)
	for j, i := range s.boardAt {
		board[i] = s.boardVal[j]
	}
	g.board = board
	g.deaths = append(slices.Clone(s.baseDeaths()), s.g.deaths...)

	if cap(wheel) < s.wheelLen {
		wheel = make([]uint64, s.wheelLen)
	}
	g.wheel = wheel[:s.wheelLen]
	clear(g.wheel)
	for i, at := range s.wheelAt {
		g.wheel[at] = s.wheelBits[i]
	}
	if cap(remap) < s.remapLen {
		remap = make([]int32, s.remapLen)
	}
	g.remap = remap[:s.remapLen]
	g.restartQuiet()
}

// deaths are the deaths of the game the snapshot holds.
func (s *Snapshot) deaths() []Death {
	if s.base == nil {
		return s.g.deaths
	}
	return append(slices.Clone(s.baseDeaths()), s.g.deaths...)
}

// baseDeaths are the deaths a delta shares with its base (none for a full snapshot).
func (s *Snapshot) baseDeaths() []Death {
	if s.base == nil {
		return nil
	}
	return s.base.g.deaths[:s.deathsFrom]
}

// Cycle is the cycle the snapshot was taken after.
func (s *Snapshot) Cycle() int { return s.g.cycle }

// Base is the full snapshot a delta (SnapshotSince) keeps its changes from; nil for a full one.
func (s *Snapshot) Base() *Snapshot { return s.base }

// Bytes estimates the memory the snapshot holds itself, a delta's base not included (the
// window's rewind history is kept within a budget of these).
func (s *Snapshot) Bytes() int { return s.bytes }

func (s *Snapshot) size() int {
	g := &s.g
	n := int(unsafe.Sizeof(*s)) + len(g.board)*4 + len(g.robots)*int(unsafe.Sizeof(robot{})) +
		len(s.wheelAt)*12 + (len(g.overflow)+len(s.far))*int(unsafe.Sizeof(g.overflow[0])) +
		len(g.deaths)*int(unsafe.Sizeof(Death{})) + len(g.progs)*8 + (len(g.teamVars)+len(g.teamIDs))*2 +
		(len(g.teamCount)+len(g.diedAt))*8 +
		len(s.patchAt)*4 + len(s.patchMask)*8 + len(s.patchWord)*8 + len(s.refs)*int(unsafe.Sizeof(robotRefs{})) +
		len(s.boardAt)*8
	for i := range g.robots {
		n += refBytes(g.robots[i].banks, g.robots[i].mt)
	}
	for _, ref := range s.refs {
		if i := int(ref.slot); i < len(s.base.g.robots) && unsafe.SliceData(ref.banks) == unsafe.SliceData(s.base.g.robots[i].banks) {
			ref.banks = nil // base's
		}
		n += refBytes(ref.banks, ref.mt)
	}
	return n
}

func refBytes(banks []*Bank, mt *tasks) int {
	n := cap(banks) * 8
	if mt != nil {
		n += int(unsafe.Sizeof(*mt))
		if !mt.inlined() {
			n += cap(mt.list) * int(unsafe.Sizeof(mt.list[0]))
		}
	}
	return n
}

// cloneBanks copies a robot's banks (nil stays nil).
func cloneBanks(b []*Bank) []*Bank {
	if b == nil {
		return nil
	}
	return append(make([]*Bank, 0, len(b)), b...)
}

// copyRest copies src into dst but for the robots, the board and the deaths, which dst
// gets none of. The wheel and the remap scratch are copied as they are (Snapshot and
// Restore replace them).
func copyRest(dst, src *Game) {
	*dst = *src
	dst.robots, dst.board, dst.deaths = nil, nil, nil
	dst.progs = slices.Clone(src.progs)
	dst.teamVars = slices.Clone(src.teamVars)
	dst.teamIDs = slices.Clone(src.teamIDs)
	dst.overflow = append(heap(nil), src.overflow...)
	dst.far = nil // (Snapshot and Restore copy the coarse wheel: see far)
	dst.teamCount = slices.Clone(src.teamCount)
	dst.diedAt = slices.Clone(src.diedAt)
}

// Match wraps a Game for use from several goroutines: one runs it while others take views.
// Every method holds the mutex for its whole duration, so views are consistent copies
// taken between cycles.
type Match struct {
	mu sync.Mutex
	g  *Game
}

// NewMatch wraps g; from then on g must only be used through the Match.
func NewMatch(g *Game) *Match { return &Match{g: g} }

// Do runs f with the game locked. f must not keep g.
func (m *Match) Do(f func(g *Game)) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f(m.g)
}

// Step simulates one cycle.
func (m *Match) Step() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.g.Step()
}

// RunUntil simulates up to the given cycle.
func (m *Match) RunUntil(cycle int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.g.RunUntil(cycle)
}

// Robots returns views of the living robots.
func (m *Match) Robots() []RobotView {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.g.Robots()
}

// AppendPlaced is Game.AppendPlaced under the lock.
func (m *Match) AppendPlaced(dst []Placed) []Placed {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.g.AppendPlaced(dst)
}

// AppendTeamCounts is Game.AppendTeamCounts under the lock.
func (m *Match) AppendTeamCounts(dst []int) []int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.g.AppendTeamCounts(dst)
}

// Result returns the result so far.
func (m *Match) Result() Result {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.g.Result()
}

// Snapshot copies the game.
func (m *Match) Snapshot() *Snapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.g.Snapshot()
}

// Restore rewinds the game to s.
func (m *Match) Restore(s *Snapshot) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.g.Restore(s)
}
