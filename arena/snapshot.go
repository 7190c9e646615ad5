package arena

import (
	"sync"

	"robocom/robolang"
)

// Snapshot is a frozen copy of a whole game, for rewinding. Banks are immutable and shared;
// everything else is copied.
type Snapshot struct{ g Game }

// Snapshot copies the game's state.
func (g *Game) Snapshot() *Snapshot {
	g.settleAll()
	s := &Snapshot{}
	copyGame(&s.g, g)
	s.g.onEvent = nil
	return s
}

// Restore puts the game back into the snapshot's state. The event handler stays as it is.
func (g *Game) Restore(s *Snapshot) {
	h := g.onEvent
	copyGame(g, &s.g)
	g.onEvent = h
}

// Cycle is the cycle the snapshot was taken after.
func (s *Snapshot) Cycle() int { return s.g.cycle }

func copyGame(dst, src *Game) {
	*dst = *src
	dst.progs = append([]*robolang.Program(nil), src.progs...)
	dst.board = append([]int32(nil), src.board...)
	dst.robots = make([]robot, len(src.robots), cap(src.robots))
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
	dst.remap = make([]int32, len(src.remap))
	dst.wheel = append([]uint64(nil), src.wheel...)
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
