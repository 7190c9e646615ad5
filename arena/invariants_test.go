package arena

import (
	"math/bits"
	"testing"
)

// checkInvariants checks the engine's bookkeeping between cycles: every living robot stands
// on its field and no field holds two robots; at most n² robots; team counts; the scheduler
// holds exactly the active robots; #Active and the variables are 16-bit by type.
func checkInvariants(t testing.TB, g *Game) {
	t.Helper()
	n := g.n
	live := 0
	teams := make([]int, len(g.progs))
	seen := make(map[int]bool)
	for i := range g.robots {
		r := &g.robots[i]
		if !r.alive {
			continue
		}
		live++
		teams[r.team]++
		idx := int(r.y)*n + int(r.x)
		if r.x < 0 || int(r.x) >= n || r.y < 0 || int(r.y) >= n {
			t.Fatalf("cycle %d: robot %d off the board at %d,%d", g.cycle, r.id, r.x, r.y)
		}
		if seen[idx] {
			t.Fatalf("cycle %d: two robots on field %d,%d", g.cycle, r.x, r.y)
		}
		seen[idx] = true
		if g.board[idx] != onBoard(r) {
			t.Fatalf("cycle %d: field %d,%d does not hold robot %d", g.cycle, r.x, r.y, r.id)
		}
		if (r.regs[regActive] >= 1) != (r.sched != schedNone) && !g.over {
			t.Fatalf("cycle %d: robot %d active %d but sched %d", g.cycle, r.id, r.regs[regActive], r.sched)
		}
		if r.sched == schedWheel && (r.due <= uint32(g.cycle) || r.due-uint32(g.cycle) >= wheelSize) {
			t.Fatalf("cycle %d: robot %d due %d out of the wheel", g.cycle, r.id, r.due)
		}
		if g.byID(r.id) != r {
			t.Fatalf("cycle %d: robot %d not found by id", g.cycle, r.id)
		}
		if i > 0 && g.robots[i-1].id >= r.id {
			t.Fatalf("cycle %d: slots not in creation order at %d", g.cycle, i)
		}
		if int(r.set) > 2 || len(r.banks) > 50 {
			t.Fatalf("robot %d: set %d, %d banks", r.id, r.set, len(r.banks))
		}
	}
	occupied := 0
	for _, s := range g.board {
		if s != 0 {
			occupied++
		}
	}
	if occupied != live || live > n*n {
		t.Fatalf("cycle %d: %d fields occupied, %d robots alive (n² = %d)", g.cycle, occupied, live, n*n)
	}
	for i := range teams {
		if teams[i] != g.teamCount[i] {
			t.Fatalf("cycle %d: team %d has %d robots, counted %d", g.cycle, i, teams[i], g.teamCount[i])
		}
	}
	for b := 0; b < wheelSize; b++ {
		c := 0
		for _, w := range g.wheel[b*g.words : (b+1)*g.words] {
			c += bits.OnesCount64(w)
		}
		if c != int(g.counts[b]) {
			t.Fatalf("cycle %d: wheel bucket %d has %d bits, count %d", g.cycle, b, c, g.counts[b])
		}
	}
}
