package arena

import (
	"testing"
)

func TestRankPrograms(t *testing.T) {
	type p struct {
		alive  bool
		diedAt int
	}
	tests := []struct {
		name  string
		progs []p
		ranks []int
	}{
		{"one alive", []p{{true, 0}, {false, 49}}, []int{1, 2}},
		{"later death ranks better", []p{{false, 10}, {false, 30}, {true, 0}}, []int{3, 2, 1}},
		{"ties share and skip", []p{{false, 10}, {false, 10}, {false, 5}, {true, 0}}, []int{2, 2, 4, 1}},
		{"several alive share first", []p{{true, 0}, {true, 0}, {false, 7}}, []int{1, 1, 3}},
		{"nobody alive: last deaths share first", []p{{false, 20}, {false, 20}, {false, 3}}, []int{1, 1, 3}},
		{"single", []p{{false, 13}}, []int{1}},
	}
	for _, tc := range tests {
		var ps []ProgramResult
		for i, q := range tc.progs {
			ps = append(ps, ProgramResult{Index: i, Alive: q.alive, DiedAt: q.diedAt})
		}
		rankPrograms(ps)
		for i := range ps {
			if ps[i].Rank != tc.ranks[i] {
				t.Errorf("%s: program %d rank %d, want %d", tc.name, i, ps[i].Rank, tc.ranks[i])
			}
		}
	}
}

// Games that end in every way of ROBOCOM.md section 10.
func TestGameEnd(t *testing.T) {
	short := func(o *Options) *Options { o.Timeout = 100; return o }
	tests := []struct {
		name     string
		opts     *Options
		progs    []string
		cycles   int
		winner   int
		ranks    []int
		outcomes []Outcome
	}{
		// The game ends after the cycle in which only one program is left.
		{"win", nil, []string{"DIE", "JUMP 0"}, 1, 1, []int{2, 1}, []Outcome{Loss, Win}},
		{"three, dying one by one", nil, []string{"DIE", "SET #1, 1\nDIE", "JUMP 0"}, 6, 2, []int{3, 2, 1}, []Outcome{Loss, Loss, Win}},
		{"tie for second", nil, []string{"DIE", "DIE", "JUMP 0"}, 1, 2, []int{2, 2, 1}, []Outcome{Loss, Loss, Win}},
		{"all die together: draw", nil, []string{"DIE", "DIE"}, 1, -1, []int{1, 1}, []Outcome{Draw, Draw}},
		{"time limit: draw among the living", short(Classic()), []string{"JUMP 0", "JUMP 0", "SET #1, 1\nDIE"}, 100, -1, []int{1, 1, 3}, []Outcome{Draw, Draw, Loss}},
		{"one program alive at the time limit wins", short(Classic()), []string{"JUMP 0"}, 100, 0, []int{1}, []Outcome{Win}},
		{"one program dying out: draw", nil, []string{"SET #1, 1\nDIE"}, 6, -1, []int{1}, []Outcome{Draw}},
		{"inactive robots keep a program alive", short(Classic()), []string{"SET #Active, 0", "JUMP 0"}, 100, -1, []int{1, 1}, []Outcome{Draw, Draw}},
	}
	for _, tc := range tests {
		g := newGame(t, tc.opts, nil, tc.progs...)
		g.Run()
		r := g.Result()
		if r.Cycles != tc.cycles || r.Winner != tc.winner {
			t.Errorf("%s: cycles %d winner %d, want %d and %d", tc.name, r.Cycles, r.Winner, tc.cycles, tc.winner)
		}
		for i := range tc.ranks {
			if r.Programs[i].Rank != tc.ranks[i] || r.Outcome(i) != tc.outcomes[i] {
				t.Errorf("%s: program %d rank %d outcome %d, want %d and %d", tc.name, i, r.Programs[i].Rank, r.Outcome(i), tc.ranks[i], tc.outcomes[i])
			}
		}
		if g.Step() {
			t.Errorf("%s: Step after the end simulated a cycle", tc.name)
		}
	}
}

func TestPoints(t *testing.T) {
	if Win.Points() != 3 || Draw.Points() != 1 || Loss.Points() != 0 {
		t.Error("3 per win, 1 per draw")
	}
}
