package arena

import (
	"sync"
	"unsafe"

	"robocom/robolang"
)

// Snapshot is a frozen copy of a whole game, for rewinding. Banks are immutable and shared;
// everything else is copied, compactly: a window keeps dozens of snapshots of a 200×200
// board, and a plain copy of the game holds the robots' full capacity (3n² slots, 30 MB
// there), the timing wheel as a dense bitset (4 MB, nearly all zero) and compact's scratch.
// A snapshot keeps the robots it has (len, not cap), the wheel's non-zero words only and no
// scratch; Restore gives the game back its capacities.
type Snapshot struct {
	g         Game
	robotCap  int      // cap of the game's robots
	wheelLen  int      // len of the game's wheel
	wheelAt   []uint32 // the indices of the wheel's non-zero words
	wheelBits []uint64 // and those words
	remapLen  int
}

// Snapshot copies the game's state.
func (g *Game) Snapshot() *Snapshot {
	g.settleAll()
	s := &Snapshot{robotCap: cap(g.robots), wheelLen: len(g.wheel), remapLen: len(g.remap)}
	copyGame(&s.g, g, len(g.robots))
	s.g.onEvent = nil
	for i, w := range s.g.wheel {
		if w != 0 {
			s.wheelAt = append(s.wheelAt, uint32(i))
			s.wheelBits = append(s.wheelBits, w)
		}
	}
	s.g.wheel, s.g.remap = nil, nil
	return s
}

// Restore puts the game back into the snapshot's state. The event handler stays as it is.
func (g *Game) Restore(s *Snapshot) {
	h := g.onEvent
	wheel, remap := g.wheel, g.remap
	copyGame(g, &s.g, s.robotCap)
	g.onEvent = h
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
}

// Cycle is the cycle the snapshot was taken after.
func (s *Snapshot) Cycle() int { return s.g.cycle }

// Bytes estimates the memory the snapshot holds (the window's rewind history is kept
// within a budget of these).
func (s *Snapshot) Bytes() int {
	g := &s.g
	n := int(unsafe.Sizeof(*s)) + len(g.board)*4 + cap(g.robots)*int(unsafe.Sizeof(robot{})) +
		len(s.wheelAt)*12 + len(g.overflow)*int(unsafe.Sizeof(g.overflow[0])) +
		len(g.deaths)*int(unsafe.Sizeof(Death{})) + len(g.progs)*8 + (len(g.teamVars)+len(g.teamIDs))*2 +
		(len(g.teamCount)+len(g.diedAt))*8
	for i := range g.robots {
		n += cap(g.robots[i].banks) * 8
		if t := g.robots[i].mt; t != nil {
			n += int(unsafe.Sizeof(*t)) + cap(t.list)*int(unsafe.Sizeof(t.list[0]))
		}
	}
	return n
}

// copyGame copies src into dst, with room for robotCap robots. The wheel and the remap
// scratch are copied as they are (Snapshot and Restore replace them).
func copyGame(dst, src *Game, robotCap int) {
	*dst = *src
	dst.progs = append([]*robolang.Program(nil), src.progs...)
	dst.board = append([]int32(nil), src.board...)
	dst.robots = make([]robot, len(src.robots), max(robotCap, len(src.robots)))
	copy(dst.robots, src.robots)
	for i := range dst.robots {
		if b := src.robots[i].banks; b != nil {
			nb := make([]*Bank, len(b), max(cap(b), len(b)))
			copy(nb, b)
			dst.robots[i].banks = nb
		}
		if t := src.robots[i].mt; t != nil {
			dst.robots[i].mt = t.clone()
		}
	}
	dst.teamVars = append([]int16(nil), src.teamVars...)
	dst.teamIDs = append([]int16(nil), src.teamIDs...)
	dst.overflow = append(heap(nil), src.overflow...)
	dst.teamCount = append([]int(nil), src.teamCount...)
	dst.diedAt = append([]int(nil), src.diedAt...)
	dst.deaths = append([]Death(nil), src.deaths...)
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
