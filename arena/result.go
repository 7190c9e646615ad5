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
func (r *Result) Outcome(i int) Outcome {
	switch {
	case r.Winner == i:
		return Win
	case r.Winner < 0 && r.Programs[i].Rank == 1:
		return Draw
	}
	return Loss
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
