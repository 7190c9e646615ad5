package arena

import (
	"context"
	"sort"

	"robocom/internal/bouts"
	"robocom/robolang"
)

// Battle is a series of rounds of the same 1 to MaxPrograms programs (CLI.md "robocom
// battle"): round k plays with Seed + k − 1.
type Battle struct {
	Programs []*robolang.Program
	Options  *Options // nil means Classic()
	Seed     int64
	Rounds   int
	Places   []Placement
	Workers  int // goroutines playing rounds at once; 0 means one per CPU; with OnEvent always 1
	// OnEvent, if set, receives every event of every round, the rounds one after the other.
	OnEvent func(round int, e Event)
}

// Play plays the rounds and hands each one's result to each, round 1 first, holding only a
// few rounds at a time (bouts.Play), so any number of rounds takes the same memory. When ctx
// is done it stops within a few thousand cycles, drops the rounds unfinished and returns
// ctx's error; played counts the rounds handed over.
func (b *Battle) Play(ctx context.Context, each func(round int, r *Result) error) (played int, err error) {
	if err := bouts.CheckRounds(b.Rounds); err != nil {
		return 0, err
	}
	workers := b.Workers
	if workers <= 0 {
		workers = bouts.Workers()
	}
	if b.OnEvent != nil {
		workers = 1
	}
	next, err := bouts.Play(ctx, 0, b.Rounds, workers, func(k int) (*Result, error) {
		cfg := Config{Programs: b.Programs, Options: b.Options, Seed: b.Seed + int64(k), Places: b.Places}
		if b.OnEvent != nil {
			round := k + 1
			cfg.OnEvent = func(e Event) { b.OnEvent(round, e) }
		}
		g, err := New(cfg)
		if err != nil {
			return nil, err
		}
		if err := g.RunContext(ctx); err != nil {
			g.Release()
			return nil, err
		}
		res := g.Result()
		g.Release() // its buffers go to the next round
		return &res, nil
	}, func(k int, r *Result) error { return each(k+1, r) })
	return next, err
}

// Tournament is a RoboCom tournament: two programs at a time, the bouts of a bouts.Plan
// (CLI.md "robocom tournament"; NewTournament makes the round-robin one).
type Tournament struct {
	Programs []*robolang.Program
	Options  *Options // nil means Classic()
	Plan     bouts.Plan
	Workers  int // goroutines playing bouts at once; 0 means one per CPU
}

// NewTournament is the round-robin tournament of the programs: every pairing (the program
// given earlier first), rounds bouts each, bout k with seed + k − 1.
func NewTournament(progs []*robolang.Program, opts *Options, seed int64, rounds int) *Tournament {
	return &Tournament{Programs: progs, Options: opts, Plan: bouts.RoundRobinPlan(len(progs), seed, rounds)}
}

// PlayBout plays one bout of the plan.
func (t *Tournament) PlayBout(b bouts.Bout) (bouts.Result, error) {
	return t.playBout(context.Background(), b)
}

// playBout is PlayBout, returning ctx's error as soon as ctx is done (see Game.RunContext).
func (t *Tournament) playBout(ctx context.Context, b bouts.Bout) (bouts.Result, error) {
	g, err := New(Config{Programs: []*robolang.Program{t.Programs[b.A], t.Programs[b.B]}, Options: t.Options, Seed: b.Seed})
	if err != nil {
		return bouts.Result{}, err
	}
	if err := g.RunContext(ctx); err != nil {
		g.Release()
		return bouts.Result{}, err
	}
	res := g.Result()
	g.Release()
	winner := -1
	switch res.Winner {
	case 0:
		winner = b.A
	case 1:
		winner = b.B
	}
	return bouts.Result{Pairing: b.Pairing, A: b.A, B: b.B, Round: b.Round, Seed: b.Seed, Winner: winner, Cycles: int64(res.Cycles)}, nil
}

// Play plays the plan's bouts [from, to) (all of them: 0, Plan.Bouts(); a shard:
// bouts.Shard) and hands each result to each in plan order. When ctx is done it stops within
// a few thousand cycles, dropping the bouts unfinished, and returns ctx's error; next is the
// first bout not handed over.
func (t *Tournament) Play(ctx context.Context, from, to int, each func(bouts.Result) error) (next int, err error) {
	if err := t.Plan.Check(); err != nil {
		return from, err
	}
	workers := t.Workers
	if workers <= 0 {
		workers = bouts.Workers()
	}
	return bouts.Play(ctx, from, to, workers,
		func(g int) (bouts.Result, error) { return t.playBout(ctx, t.Plan.Bout(g)) },
		func(_ int, r bouts.Result) error { return each(r) })
}

// Entry is a tournament's program as its results name it.
type Entry struct{ Name, File string }

// Entries are the programs' names and files.
func Entries(progs []*robolang.Program) []Entry {
	es := make([]Entry, len(progs))
	for i, p := range progs {
		es[i] = Entry{Name: p.Name, File: p.File}
	}
	return es
}

// Standing is a RoboCom tournament's score so far: bout results are folded in as they
// come, in any order, so it takes memory for the programs and pairings only.
type Standing struct {
	Programs []ProgramStanding // in entry order
	Pairings []PairingScore    // in plan order
	Bouts    int               // results folded in
}

// ProgramStanding is one program's record in a tournament.
type ProgramStanding struct {
	Index      int // in the entry list
	Name, File string
	Score
}

// PairingScore is how one pairing's bouts went.
type PairingScore struct {
	A, B         int
	AWins, BWins int
	Draws        int
}

// NewStanding is the empty standing of a tournament of these entries and plan.
func NewStanding(entries []Entry, plan bouts.Plan) *Standing {
	s := &Standing{Programs: make([]ProgramStanding, len(entries)), Pairings: make([]PairingScore, len(plan.Pairings))}
	for i, e := range entries {
		s.Programs[i] = ProgramStanding{Index: i, Name: e.Name, File: e.File}
	}
	for i, p := range plan.Pairings {
		s.Pairings[i] = PairingScore{A: p.A, B: p.B}
	}
	return s
}

// Add folds in one bout: 3 points a win, 1 a draw (ROBOCOM.md 10).
func (s *Standing) Add(r bouts.Result) {
	pg := &s.Pairings[r.Pairing]
	a, b := &s.Programs[r.A].Score, &s.Programs[r.B].Score
	switch r.Winner {
	case r.A:
		pg.AWins++
		a.add(Win)
		b.add(Loss)
	case r.B:
		pg.BWins++
		b.add(Win)
		a.add(Loss)
	default:
		pg.Draws++
		a.add(Draw)
		b.add(Draw)
	}
	s.Bouts++
}

// RankedProgram is a program's line in the ranking.
type RankedProgram struct {
	Rank int // 1 is best; equal points and wins share a rank
	ProgramStanding
}

// Ranked is the ranking: by points, then wins, then entry order; equal points and wins
// share a rank (1, 1, 3).
func (s *Standing) Ranked() []RankedProgram {
	out := make([]RankedProgram, len(s.Programs))
	for i, p := range s.Programs {
		out[i].ProgramStanding = p
	}
	sort.SliceStable(out, func(i, j int) bool {
		if pi, pj := out[i].Points(), out[j].Points(); pi != pj {
			return pi > pj
		}
		return out[i].Wins > out[j].Wins
	})
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Points() == out[i-1].Points() && out[i].Wins == out[i-1].Wins {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}
