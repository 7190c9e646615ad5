package arena

import "testing"

// The worked example of ROBOCOM.md section 6: ADD #1,1 / ADD #1,1 / DIE completes the ADDs
// in cycles 6 and 12 and dies in cycle 13.
func TestWorkedExample(t *testing.T) {
	g := newGame(t, nil, []Placement{at(3, 4, North)}, "ADD #1,1\nADD #1,1\nDIE")
	for c, want := range map[int]int16{5: 0, 6: 1, 11: 1, 12: 2} {
		h := newGame(t, nil, []Placement{at(3, 4, North)}, "ADD #1,1\nADD #1,1\nDIE")
		h.to(c).expectVar(1, 1, want)
	}
	g.Run()
	g.expectDeath(1, 13, ReasonDie)
	res := g.Result()
	if res.Cycles != 13 || res.Instructions != 3 || res.Winner != -1 || res.Programs[0].DiedAt != 13 || res.Programs[0].Rank != 1 {
		t.Errorf("result = %+v", res)
	}
	if res.Outcome(0) != Draw {
		t.Errorf("a one-program game whose program dies out is a draw, got %v", res.Outcome(0))
	}
}
