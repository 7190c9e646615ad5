package arena

// ProgramResult is one program's outcome in a game.
type ProgramResult struct {
	Index  int
	Name   string
	File   string
	Alive  bool
	Robots int // robots alive at the end
	DiedAt int // the cycle in which its last robot died; 0 if alive
	Rank   int // 1 is best; equal ranks share, and ranks skip after a tie (1, 1, 3)
}

// Result is the outcome of a game (ROBOCOM.md section 10).
type Result struct {
	Seed         int64
	Cycles       int   // the last cycle simulated
	Instructions int64 // instructions completed
	Winner       int   // program index of the winner, -1 for a draw
	Programs     []ProgramResult
	Deaths       []Death
}

// Outcome of one program in one game, for scoring.
type Outcome uint8

const (
	Loss Outcome = iota
	Draw
	Win
)

// Points of an outcome: 3 per win, 1 per draw.
func (o Outcome) Points() int { return [...]int{Loss: 0, Draw: 1, Win: 3}[o] }

// Outcome tells how program i fared: the winner wins; if there is no winner, the programs
// sharing first place draw; everyone else loses.
func (r *Result) Outcome(i int) Outcome { return outcome(i, r.Winner, r.Programs[i].Rank) }

// outcome is the one scoring rule of ROBOCOM.md 10, for the commands and the window alike.
func outcome(i, winner, rank int) Outcome {
	switch {
	case winner == i:
		return Win
	case winner < 0 && rank == 1:
		return Draw
	}
	return Loss
}

// Score is one program's record over a series of games.
type Score struct{ Wins, Draws, Losses int }

// Points are 3 per win and 1 per draw.
func (s Score) Points() int { return 3*s.Wins + s.Draws }

func (s *Score) add(o Outcome) {
	switch o {
	case Win:
		s.Wins++
	case Draw:
		s.Draws++
	default:
		s.Losses++
	}
}

// Tally is the running score of a series of rounds of the same programs (a battle, or the
// window's rounds): each finished game is folded in, so it takes the same memory after any
// number of rounds.
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

func (t *Tally) grow(n int) {
	for len(t.scores) < n {
		t.scores = append(t.scores, Score{})
	}
}

// Add folds in a finished game.
func (t *Tally) Add(r *Result) {
	t.grow(len(r.Programs))
	for i := range r.Programs {
		t.scores[i].add(r.Outcome(i))
	}
	t.Rounds++
}

// AddEnd folds in a finished game known by what the window shows of it: each program's
// robots left (counts) and its rank. The winner is the only program with robots left, as in
// Result.
func (t *Tally) AddEnd(counts, ranks []int) {
	winner := -1
	for i, c := range counts {
		if c > 0 {
			if winner >= 0 {
				winner = -1
				break
			}
			winner = i
		}
	}
	t.grow(len(ranks))
	for i, rank := range ranks {
		t.scores[i].add(outcome(i, winner, rank))
	}
	t.Rounds++
}

// Result returns the game's result so far (final once Over).
func (g *Game) Result() Result {
	g.settleAll()
	res := Result{Seed: g.seed, Cycles: g.cycle, Instructions: g.instructions, Winner: -1,
		Deaths: append([]Death(nil), g.deaths...)}
	alive := 0
	for i, p := range g.progs {
		pr := ProgramResult{Index: i, Name: p.Name, File: p.File, Alive: g.teamCount[i] > 0,
			Robots: g.teamCount[i], DiedAt: g.diedAt[i]}
		if pr.Alive {
			alive++
		}
		res.Programs = append(res.Programs, pr)
	}
	rankPrograms(res.Programs)
	if alive == 1 {
		for _, p := range res.Programs {
			if p.Alive {
				res.Winner = p.Index
			}
		}
	}
	return res
}

// rankPrograms sets Rank: the living share first place; the dead rank by the cycle they
// died out, later is better, equal cycles share; ranks skip after ties. With nobody alive,
// those that died out last share first place.
func rankPrograms(ps []ProgramResult) {
	key := func(p ProgramResult) int {
		if p.Alive {
			return int(^uint(0) >> 1)
		}
		return p.DiedAt
	}
	for i := range ps {
		better := 0
		for j := range ps {
			if key(ps[j]) > key(ps[i]) {
				better++
			}
		}
		ps[i].Rank = better + 1
	}
}
