package play

import (
	"context"
	"fmt"
	"math/bits"
	"sort"
	"sync"
	"sync/atomic"

	"robocom/corewars/redcode"
	"robocom/corewars/redcodeengine"
	"robocom/internal/bouts"
)

// System is a tournament system.
type System int

const (
	RoundRobin System = iota // every pairing plays the given number of battles; 3 points a win, 1 a draw
	Swiss                    // the Atari ST Corewar's: pairings by score, 3 battles each; 2 points a win, 1 a draw
)

func (s System) String() string {
	if s == Swiss {
		return "Swiss"
	}
	return "round-robin"
}

// SwissBattles is how many battles a Swiss pairing plays (the Atari ST document).
const SwissBattles = 3

// Standing is one program's line in the results table.
type Standing struct {
	Index               int // the program's index in the entry list
	Name, File          string
	Points              int
	Wins, Draws, Losses int // battles
	Pairings, Byes      int
}

// Pairing is the outcome of two programs' battles.
type Pairing struct {
	Round        int // Swiss round (1-based); 1 for round-robin
	A, B         int // program indexes
	AWins, BWins int
	Draws        int
}

// Result is a finished tournament.
type Result struct {
	System    System
	Seed      int64
	Battles   int        // per pairing
	Rounds    int        // Swiss rounds (1 for round-robin)
	Standings []Standing // ranked: points, then wins, then entry order (in entry order until Rank)
	Pairings  []Pairing
	Played    int // battles folded in (fewer than planned when interrupted)
}

// Progress is told after every battle: battles done and the total planned.
type Progress func(done, total int)

// Match plays the bouts of a plan between the programs, two at a time, program i with
// Copies[i] processes (.cw; missing or 0 is 1).
type Match struct {
	Programs []*Program
	Copies   []int
	Params   Params
	Plan     bouts.Plan
	Workers  int // goroutines playing battles at once; 0 means one per CPU

	// Redcode programs assembled once for all their bouts (redcodeBout), with each one's error.
	assembleOnce sync.Once
	warriors     []*redcode.Warrior
	assembleErrs []error

	// The battles of pairings with p-space warriors, by pairing (pspaceBout).
	seriesMu     sync.Mutex
	series       map[int]*pairingSeries
	playTo       int          // the end of the bouts Play plays: playAhead looks no further
	seriesRounds atomic.Int64 // the rounds of p-space pairings played (a round played again counts again)
}

// pairingSeries is one pairing's rounds played in order on one machine, p-space kept: the
// rounds played and the results of those not yet asked for.
type pairingSeries struct {
	mu      sync.Mutex
	s       *redcodeengine.Series
	played  int
	results map[int]bouts.Result
}

// PlayBout plays one bout of the plan.
func (m *Match) PlayBout(b bouts.Bout) (bouts.Result, error) {
	return m.playBout(context.Background(), b)
}

// playBout is PlayBout, returning ctx's error as soon as ctx is done (see RunGame).
func (m *Match) playBout(ctx context.Context, b bouts.Bout) (bouts.Result, error) {
	pa, pb := m.Programs[b.A], m.Programs[b.B]
	if pa.Lang == Redcode && pb.Lang == Redcode {
		return m.redcodeBout(ctx, b)
	}
	g, err := NewGame([]*Program{pa, pb}, []int{at(m.Copies, b.A), at(m.Copies, b.B)}, m.Params, b.Seed)
	if err != nil {
		return bouts.Result{}, fmt.Errorf("%s against %s: %v", pa.Name, pb.Name, err)
	}
	if err := RunGame(ctx, g); err != nil {
		return bouts.Result{}, err
	}
	winner := -1
	switch Winner(g) {
	case 0:
		winner = b.A
	case 1:
		winner = b.B
	}
	return bouts.Result{Pairing: b.Pairing, A: b.A, B: b.B, Round: b.Round, Seed: b.Seed, Winner: winner, Cycles: g.Cycle()}, nil
}

// redcodeBout is playBout for two Redcode programs: the round NewGame would load, played by
// the MARS's batch loop rather than step by step (redcodeengine.Bout: the same winner and
// time slices, several times faster).
func (m *Match) redcodeBout(ctx context.Context, b bouts.Bout) (bouts.Result, error) {
	pa, pb := m.Programs[b.A], m.Programs[b.B]
	fail := func(err error) (bouts.Result, error) {
		return bouts.Result{}, fmt.Errorf("%s against %s: %v", pa.Name, pb.Name, err)
	}
	if err := m.Params.Check(Redcode); err != nil {
		return fail(err)
	}
	m.assembleOnce.Do(func() {
		// Every bout has two warriors; the warriors are only read while they play.
		m.warriors, m.assembleErrs = make([]*redcode.Warrior, len(m.Programs)), make([]error, len(m.Programs))
		for i, pr := range m.Programs {
			if pr.Lang == Redcode {
				ws, err := redcodeWarriors([]*Program{pr}, m.Params, 2)
				if err == nil {
					m.warriors[i] = ws[0]
				}
				m.assembleErrs[i] = err
			}
		}
	})
	for _, i := range []int{b.A, b.B} {
		if err := m.assembleErrs[i]; err != nil {
			return fail(err)
		}
	}
	ws := []*redcode.Warrior{m.warriors[b.A], m.warriors[b.B]}
	done := ctx.Done()
	stop := func() bool {
		select {
		case <-done:
			return true
		default:
			return false
		}
	}
	if redcode.UsesPSpace(ws) {
		r, err := m.pspaceBout(b, ws, stop)
		if err != nil {
			return fail(err)
		}
		if r == nil {
			return bouts.Result{}, ctx.Err()
		}
		return *r, nil
	}
	w, slices, stopped, err := redcodeengine.Bout(m.Params.redcodeSettings(), b.Seed, ws, stop)
	if err != nil {
		return fail(err)
	}
	if stopped {
		return bouts.Result{}, ctx.Err()
	}
	return boutResult(b, w, slices), nil
}

// boutResult is bout b's result when warrior w of the two (0 or 1, −1: none) survived.
func boutResult(b bouts.Bout, w int, slices int64) bouts.Result {
	winner := -1
	switch w {
	case 0:
		winner = b.A
	case 1:
		winner = b.B
	}
	return bouts.Result{Pairing: b.Pairing, A: b.A, B: b.B, Round: b.Round, Seed: b.Seed, Winner: winner, Cycles: slices}
}

// pspaceBout is redcodeBout for warriors that use p-space: as in pMARS's battle of several
// rounds (and on KOTH's hills), round k of a pairing starts from the p-space, and the result,
// that rounds 1 … k−1 left, so the pairing's rounds are played in order on one machine, each
// from its own seed as before. Bouts are handed out in plan order, so a worker asking for
// round k finds it played by the worker that played round k+1, or plays the rounds up to it;
// a part starting inside a pairing plays its first rounds again. A worker that finds the
// pairing's machine busy plays a later p-space pairing whole meanwhile (playAhead), so that
// the workers do not all wait on one pairing. The result is nil when stop stopped the round.
func (m *Match) pspaceBout(b bouts.Bout, ws []*redcode.Warrior, stop func() bool) (*bouts.Result, error) {
	ps := m.seriesOf(b.Pairing)
	for !ps.mu.TryLock() {
		if !m.playAhead(b.Pairing, stop) {
			ps.mu.Lock()
			break
		}
	}
	defer ps.mu.Unlock()
	if err := m.playSeries(ps, b.Index-b.Round+1, b.Round, ws, stop); err != nil {
		return nil, err
	}
	r, ok := ps.results[b.Round]
	if !ok { // stopped
		return nil, nil
	}
	delete(ps.results, b.Round)
	m.dropSeries(b.Pairing, ps)
	return &r, nil
}

// seriesOf is pairing p's series, made on first use.
func (m *Match) seriesOf(p int) *pairingSeries {
	m.seriesMu.Lock()
	defer m.seriesMu.Unlock()
	if m.series == nil {
		m.series = map[int]*pairingSeries{}
	}
	ps := m.series[p]
	if ps == nil {
		ps = &pairingSeries{results: map[int]bouts.Result{}}
		m.series[p] = ps
	}
	return ps
}

// playSeries plays the rounds of ps (whose first bout in the plan is first) up to round last,
// keeping each result until it is asked for. The caller holds ps.mu. A stopped round leaves
// ps without a machine or results and returns nil.
func (m *Match) playSeries(ps *pairingSeries, first, last int, ws []*redcode.Warrior, stop func() bool) error {
	if _, ok := ps.results[last]; ok {
		return nil
	}
	if ps.s == nil || ps.played >= last { // asked again, stopped, or done: from round 1
		s, err := redcodeengine.NewSeries(m.Params.redcodeSettings(), ws)
		if err != nil {
			return err
		}
		ps.s, ps.played = s, 0
		if ps.results == nil { // (dropSeries)
			ps.results = map[int]bouts.Result{}
		}
		clear(ps.results)
	}
	for ps.played < last {
		rb := m.Plan.Bout(first + ps.played)
		w, slices, stopped, err := ps.s.Round(rb.Seed, stop)
		if err != nil || stopped {
			ps.s, ps.played = nil, 0
			clear(ps.results)
			return err
		}
		ps.played++
		m.seriesRounds.Add(1)
		ps.results[ps.played] = boutResult(rb, w, slices)
	}
	return nil
}

// aheadResults bounds the results playAhead keeps waiting (about 56 bytes each).
const aheadResults = 1 << 20

// playAhead plays, whole, one of the next p-space pairings of this Play that no one has
// started, and reports whether it found one. Its results wait until their bouts are asked for.
func (m *Match) playAhead(p int, stop func() bool) bool {
	workers := m.Workers
	if workers <= 0 {
		workers = bouts.Workers()
	}
	if m.Plan.Rounds*workers > aheadResults {
		return false
	}
	for q := p + 1; q <= p+workers && (q+1)*m.Plan.Rounds <= m.playTo; q++ {
		pr := m.Plan.Pairings[q]
		ws := []*redcode.Warrior{m.warriors[pr.A], m.warriors[pr.B]}
		if ws[0] == nil || ws[1] == nil || !redcode.UsesPSpace(ws) {
			continue
		}
		ps := m.seriesOf(q)
		if !ps.mu.TryLock() {
			continue
		}
		if ps.played > 0 || ps.s != nil {
			ps.mu.Unlock()
			continue
		}
		m.playSeries(ps, q*m.Plan.Rounds, m.Plan.Rounds, ws, stop) // (an error is met again when its bouts are asked for)
		ps.mu.Unlock()
		return true
	}
	return false
}

// dropSeries lets go of pairing p's machine and results once every round has been played and
// handed out. The pairing's entry stays, marked played, until Play ends: a worker that finds a
// pairing busy plays a later one ahead (playAhead) only if no one has started it, and a
// pairing deleted once done looked unstarted, so a worker stuck on one pairing played whole
// again the later ones the others had already played and handed out (8 workers, 300 p-space
// rounds to play: up to 380 played). The caller holds ps.mu.
func (m *Match) dropSeries(p int, ps *pairingSeries) {
	if ps.played < m.Plan.Rounds || len(ps.results) > 0 {
		return
	}
	ps.s, ps.results = nil, nil // (played stays: playAhead passes it by)
}

// Play plays the plan's bouts [from, to) and hands each result to each in plan order (see
// bouts.Play): when ctx is done it stops, leaving the battles in progress unfinished, and
// returns ctx's error; next is the first bout not handed over.
func (m *Match) Play(ctx context.Context, from, to int, each func(bouts.Result) error) (next int, err error) {
	if err := m.Plan.Check(); err != nil {
		return from, err
	}
	workers := m.Workers
	if workers <= 0 {
		workers = bouts.Workers()
	}
	m.playTo = to
	defer func() { // a part starting inside a pairing leaves the rounds before it
		m.seriesMu.Lock()
		clear(m.series)
		m.seriesMu.Unlock()
	}()
	return bouts.Play(ctx, from, to, workers,
		func(g int) (bouts.Result, error) { return m.playBout(ctx, m.Plan.Bout(g)) },
		func(_ int, r bouts.Result) error { return each(r) })
}

// NewRoundRobin is the empty result of a round-robin tournament of the entries (Name and
// File are used) with the plan's pairings, for folding bouts into with Add.
func NewRoundRobin(entries []*Program, seed int64, plan bouts.Plan) *Result {
	res := &Result{System: RoundRobin, Seed: seed, Battles: plan.Rounds, Rounds: 1, Standings: make([]Standing, len(entries))}
	for i, pr := range entries {
		res.Standings[i] = Standing{Index: i, Name: pr.Name, File: pr.File}
	}
	for _, pg := range plan.Pairings {
		res.Pairings = append(res.Pairings, Pairing{Round: 1, A: pg.A, B: pg.B})
	}
	return res
}

// Add folds one battle of pairing r.Pairing into the result: the pairing's and both
// programs' counts, 3 points a win and 1 a draw (2 and 1 in the Swiss system). The
// standings stay in entry order until Rank.
func (res *Result) Add(r bouts.Result) {
	winPts, drawPts := res.points()
	pg := &res.Pairings[r.Pairing]
	a, b := &res.Standings[r.A], &res.Standings[r.B]
	if r.Round == 1 {
		a.Pairings++
		b.Pairings++
	}
	switch r.Winner {
	case r.A:
		pg.AWins++
		a.Wins++
		b.Losses++
		a.Points += winPts
	case r.B:
		pg.BWins++
		b.Wins++
		a.Losses++
		b.Points += winPts
	default:
		pg.Draws++
		a.Draws++
		b.Draws++
		a.Points += drawPts
		b.Points += drawPts
	}
	res.Played++
}

func (res *Result) points() (win, draw int) {
	if res.System == Swiss {
		return 2, 1
	}
	return 3, 1
}

// Rank sorts the standings: by points, then battles won, then entry order.
func (res *Result) Rank() { sortStandings(res.Standings) }

// Tournament plays the programs against each other, two at a time, each with copies[i]
// processes (.cw). A seed fixes every battle: in a round-robin, battle k of every pairing uses
// seed + k − 1 (bouts.RoundRobinPlan); in a Swiss tournament, battle k of the whole tournament
// (counted from 0) uses seed + k. For RoundRobin, battles is per pairing; Swiss always plays
// SwissBattles. The battles run on up to workers goroutines; the result does not depend on
// their number. ctx stops it between battles, and then it returns only ctx's error.
func Tournament(ctx context.Context, sys System, progs []*Program, copies []int, p Params, seed int64, battles, workers int, progress Progress) (*Result, error) {
	res, err := PlayTournament(ctx, sys, progs, copies, p, seed, battles, workers, progress)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// PlayTournament is Tournament, except that when ctx stops it, it also returns the ranked
// result of the battles finished so far (Result.Played of them, in plan order for
// round-robin) with ctx's error.
func PlayTournament(ctx context.Context, sys System, progs []*Program, copies []int, p Params, seed int64, battles, workers int, progress Progress) (*Result, error) {
	n := len(progs)
	if n < 2 {
		return nil, fmt.Errorf("a tournament needs at least 2 programs, got %d", n)
	}
	for _, pr := range progs[1:] {
		if pr.Lang != progs[0].Lang {
			return nil, fmt.Errorf("%s and %s are in different languages; a tournament needs all programs in one", progs[0].File, pr.File)
		}
	}
	if sys == Swiss {
		battles = SwissBattles
	}
	if battles < 1 {
		return nil, fmt.Errorf("each pairing needs at least 1 battle, not %d", battles)
	}
	m := &Match{Programs: progs, Copies: copies, Params: p, Workers: workers}
	played := 0
	step := func(total int) func(bouts.Result) error {
		return func(r bouts.Result) error {
			played++
			if progress != nil {
				progress(played, total)
			}
			return nil
		}
	}
	if sys == RoundRobin {
		m.Plan = bouts.RoundRobinPlan(n, seed, battles)
		if err := m.Plan.Check(); err != nil {
			return nil, err
		}
		res := NewRoundRobin(progs, seed, m.Plan)
		count := step(m.Plan.Bouts())
		_, err := m.Play(ctx, 0, m.Plan.Bouts(), func(r bouts.Result) error {
			res.Add(r)
			return count(r)
		})
		res.Rank()
		if err != nil && ctx.Err() == nil {
			return nil, err
		}
		return res, err
	}

	_, drawPts := (&Result{System: sys}).points()
	res := &Result{System: sys, Seed: seed, Battles: battles, Rounds: SwissRounds(n), Standings: make([]Standing, n)}
	for i, pr := range progs {
		res.Standings[i] = Standing{Index: i, Name: pr.Name, File: pr.File}
	}
	count := step(res.Rounds * (n / 2) * battles)
	k := int64(0) // battles so far: battle k plays with seed+k
	met := make(map[[2]int]bool)
	for r := 0; r < res.Rounds; r++ {
		pairs, bye := swissPairs(res.Standings, met)
		if bye >= 0 {
			// A bye scores as drawn battles: neither a reward nor a penalty for the odd one out.
			st := &res.Standings[bye]
			st.Byes++
			st.Points += battles * drawPts
		}
		first := len(res.Pairings)
		m.Plan = bouts.Plan{Rounds: battles}
		for i, pr := range pairs {
			met[pr] = true
			m.Plan.Pairings = append(m.Plan.Pairings, bouts.Pairing{A: pr[0], B: pr[1], Seed: seed + k + int64(i*battles)})
			res.Pairings = append(res.Pairings, Pairing{Round: r + 1, A: pr[0], B: pr[1]})
		}
		k += int64(len(pairs) * battles)
		_, err := m.Play(ctx, 0, m.Plan.Bouts(), func(b bouts.Result) error {
			b.Pairing += first
			res.Add(b)
			return count(b)
		})
		if err != nil {
			res.Rank()
			if ctx.Err() == nil {
				return nil, err
			}
			return res, err
		}
	}
	res.Rank()
	return res, nil
}

func at(copies []int, i int) int {
	if i < len(copies) && copies[i] > 0 {
		return copies[i]
	}
	return 1
}

// SwissRounds is how many rounds a Swiss tournament of n programs plays: ⌈log₂ n⌉, enough
// for one program to be the only one that won every pairing, and never more than n−1 (after
// which every pair has met).
func SwissRounds(n int) int {
	if n < 2 {
		return 0
	}
	r := bits.Len(uint(n - 1))
	return min(max(r, 1), n-1)
}

// swissPairs pairs the programs for the next Swiss round: ranked by points (entry order
// breaks ties, so the first round pairs 1–2, 3–4, ...), the best unpaired program meets the
// best next one it has not met yet (a rematch only if it has met them all). With an odd
// number, the lowest-ranked program that has had no bye yet sits out; it is returned as bye
// (-1 if none).
func swissPairs(st []Standing, met map[[2]int]bool) (pairs [][2]int, bye int) {
	order := make([]int, len(st))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return st[order[a]].Points > st[order[b]].Points })
	bye = -1
	if len(order)%2 == 1 {
		pick := len(order) - 1
		for i := len(order) - 1; i >= 0; i-- {
			if st[order[i]].Byes == 0 {
				pick = i
				break
			}
		}
		bye = order[pick]
		order = append(order[:pick:pick], order[pick+1:]...)
	}
	used := make([]bool, len(order))
	for i := range order {
		if used[i] {
			continue
		}
		used[i] = true
		partner := -1
		for j := i + 1; j < len(order); j++ {
			if !used[j] && !met[key(order[i], order[j])] {
				partner = j
				break
			}
		}
		if partner < 0 {
			for j := i + 1; j < len(order); j++ {
				if !used[j] {
					partner = j
					break
				}
			}
		}
		if partner < 0 {
			break
		}
		used[partner] = true
		pairs = append(pairs, key(order[i], order[partner]))
	}
	return pairs, bye
}

func key(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// sortStandings ranks by points, then battles won, then entry order.
func sortStandings(st []Standing) {
	sort.SliceStable(st, func(a, b int) bool {
		if st[a].Points != st[b].Points {
			return st[a].Points > st[b].Points
		}
		if st[a].Wins != st[b].Wins {
			return st[a].Wins > st[b].Wins
		}
		return st[a].Index < st[b].Index
	})
}
