package ui

// Tally is the running score of a series of rounds: 3 points per win, 1 per draw
// (ROBOCOM.md section 10).
type Tally struct {
	Rounds int
	scores []Score
}

// Score is one program's record in a series.
type Score struct{ Wins, Draws, Losses int }

// Points are 3 per win and 1 per draw.
func (s Score) Points() int { return 3*s.Wins + s.Draws }

// Of returns program i's score.
func (t *Tally) Of(i int) Score {
	if i < len(t.scores) {
		return t.scores[i]
	}
	return Score{}
}

// Add records one finished game from its ranks (1 best). A single program ranked first
// wins; several sharing first place draw; the rest lose.
func (t *Tally) Add(ranks []int, players int) {
	for len(t.scores) < players {
		t.scores = append(t.scores, Score{})
	}
	first := 0
	for _, r := range ranks {
		if r == 1 {
			first++
		}
	}
	for i, r := range ranks {
		if i >= players {
			break
		}
		switch {
		case r == 1 && first == 1 && players > 1:
			t.scores[i].Wins++
		case r == 1:
			t.scores[i].Draws++
		default:
			t.scores[i].Losses++
		}
	}
	t.Rounds++
}
