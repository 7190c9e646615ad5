package play

// Score is one program's record over a series of Core War games: 3 points a win, 1 a draw.
type Score struct{ Wins, Draws, Losses int }

// Points are 3 per win and 1 per draw.
func (s Score) Points() int { return 3*s.Wins + s.Draws }

// Tally is the running score of a series of games of the same programs (robocom core's
// rounds): each game's end is folded in, so it takes the same memory after any number.
// The rule is the tournaments' (Winner): the only program alive wins and the others lose;
// with several alive they draw and the dead lose; with none alive all draw.
type Tally struct {
	Rounds int
	scores []Score
}

// Of returns program i's score.
func (t *Tally) Of(i int) Score {
	if i < len(t.scores) {
		return t.scores[i]
	}
	return Score{}
}

// Add folds in one finished game, given which programs have a process alive.
func (t *Tally) Add(alive []bool) {
	for len(t.scores) < len(alive) {
		t.scores = append(t.scores, Score{})
	}
	n := 0
	for _, a := range alive {
		if a {
			n++
		}
	}
	for i, a := range alive {
		s := &t.scores[i]
		switch {
		case a && n == 1:
			s.Wins++
		case a || n == 0:
			s.Draws++
		default:
			s.Losses++
		}
	}
	t.Rounds++
}
