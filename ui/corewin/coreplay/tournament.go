package coreplay

import (
	"context"
	"fmt"
	"math/bits"
	"sort"
	"sync"
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
	Standings []Standing // ranked: points, then wins, then entry order
	Pairings  []Pairing
}

// Progress is told after every battle: battles done and the total planned.
type Progress func(done, total int)

// Tournament plays the programs against each other, two at a time, each with copies[i]
// processes (.cw). Battle k of the whole tournament (counted from 0) uses seed+k, so a seed
// fixes every battle. For RoundRobin, battles is per pairing; Swiss always plays
// SwissBattles. The battles of a round run on up to workers goroutines; the result does not
// depend on their number. ctx stops it between battles.
func Tournament(ctx context.Context, sys System, progs []*Program, copies []int, p Params, seed int64, battles, workers int, progress Progress) (*Result, error) {
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
	winPts, drawPts := 3, 1
	if sys == Swiss {
		winPts, drawPts = 2, 1
	}
	res := &Result{System: sys, Seed: seed, Battles: battles, Rounds: 1, Standings: make([]Standing, n)}
	for i, pr := range progs {
		res.Standings[i] = Standing{Index: i, Name: pr.Name, File: pr.File}
	}
	var rounds [][][2]int // rounds of pairings
	if sys == Swiss {
		res.Rounds = SwissRounds(n)
	} else {
		var all [][2]int
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				all = append(all, [2]int{i, j})
			}
		}
		rounds = [][][2]int{all}
	}
	total := res.Rounds * (n / 2) * battles
	if sys == RoundRobin {
		total = len(rounds[0]) * battles
	}
	k := 0 // battles so far: battle k plays with seed+k
	played := 0
	var progMu sync.Mutex
	met := make(map[[2]int]bool)
	for r := 0; r < res.Rounds; r++ {
		var pairs [][2]int
		if sys == Swiss {
			var bye int
			pairs, bye = swissPairs(res.Standings, met)
			if bye >= 0 {
				// A bye scores as drawn battles: neither a reward nor a penalty for the odd one out.
				st := &res.Standings[bye]
				st.Byes++
				st.Points += battles * drawPts
			}
		} else {
			pairs = rounds[0]
		}
		outcomes, err := playRound(ctx, progs, copies, p, pairs, battles, seed+int64(k), workers, func() {
			if progress != nil {
				progMu.Lock()
				played++
				progress(played, total)
				progMu.Unlock()
			}
		})
		if err != nil {
			return nil, err
		}
		k += len(pairs) * battles
		for pi, pr := range pairs {
			met[pr] = true
			pg := Pairing{Round: r + 1, A: pr[0], B: pr[1]}
			a, bb := &res.Standings[pr[0]], &res.Standings[pr[1]]
			for _, w := range outcomes[pi*battles : (pi+1)*battles] {
				switch w {
				case 0:
					pg.AWins++
					a.Wins++
					bb.Losses++
					a.Points += winPts
				case 1:
					pg.BWins++
					bb.Wins++
					a.Losses++
					bb.Points += winPts
				default:
					pg.Draws++
					a.Draws++
					bb.Draws++
					a.Points += drawPts
					bb.Points += drawPts
				}
			}
			a.Pairings++
			bb.Pairings++
			res.Pairings = append(res.Pairings, pg)
		}
	}
	sortStandings(res.Standings)
	return res, nil
}

// playRound plays battles battles of every pair, battle b of pair i with seed+i·battles+b,
// on up to workers goroutines, and returns the winners in that order (0 or 1, -1 a draw).
func playRound(ctx context.Context, progs []*Program, copies []int, p Params, pairs [][2]int, battles int, seed int64, workers int, done func()) ([]int, error) {
	out := make([]int, len(pairs)*battles)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var errMu sync.Mutex
	var firstErr error
	for w := 0; w < max(1, workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				pr := pairs[j/battles]
				win, err := Play([]*Program{progs[pr[0]], progs[pr[1]]}, []int{at(copies, pr[0]), at(copies, pr[1])}, p, seed+int64(j))
				if err != nil {
					errMu.Lock()
					if firstErr == nil {
						firstErr = fmt.Errorf("%s against %s: %v", progs[pr[0]].Name, progs[pr[1]].Name, err)
					}
					errMu.Unlock()
					continue
				}
				out[j] = win
				done()
			}
		}()
	}
	for j := range out {
		if ctx.Err() != nil {
			break
		}
		jobs <- j
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
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
