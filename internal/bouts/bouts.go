// Package bouts is what a tournament is, whatever the game: a fixed list of pairings, each
// played for the same number of bouts, numbered in one order so that a run can be streamed,
// split into shards, stopped between bouts and resumed, and its results stored one by one.
//
// Bout g of a plan (counted from 0) is round g%Rounds+1 of pairing g/Rounds; round k of a
// pairing plays with the pairing's Seed + k − 1. Play runs any range of bouts on several
// goroutines and hands the results over in that order, holding at most a few per worker, so
// any number of bouts runs in constant memory. The games themselves (RoboCom in arena,
// Core War in corewars/play) say how a bout is played and fold the Results into their own
// standings; this package imports nothing of them.
package bouts

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"

	"robocom/internal/termtext"
)

// Pairing is two entries of a tournament by their index in the entry list, the one added
// earlier first (A < B in a round-robin), and the seed of their first bout.
type Pairing struct {
	A    int   `json:"a"`
	B    int   `json:"b"`
	Seed int64 `json:"seed"`
}

// RoundRobin is every pairing of n entries, in the order (0,1), (0,2), …, (0,n−1), (1,2), …,
// each starting from seed: the RoboCom tournament's plan (CLI.md).
func RoundRobin(n int, seed int64) []Pairing {
	var ps []Pairing
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			ps = append(ps, Pairing{A: a, B: b, Seed: seed})
		}
	}
	return ps
}

// RoundRobinPlan is the round-robin of n programs: every pairing (i < j) in order, rounds bouts
// each, and bout k of every pairing plays with seed + k − 1. It is the one rule of both games'
// tournaments and of hills: a pairing's seeds do not depend on how many programs there are, so
// a hill that grows one program at a time plays the same bouts as the tournament.
//
// A round-robin of more than MaxPrograms programs is not built: its plan has no pairings and
// Check refuses it with a sentence, before anything is allocated or played.
func RoundRobinPlan(n int, seed int64, rounds int) Plan {
	if n > MaxPrograms {
		return Plan{Rounds: rounds, tooMany: n}
	}
	return Plan{Pairings: RoundRobin(n, seed), Rounds: rounds}
}

// MaxPrograms bounds a tournament's programs: its plan and standings take memory for every
// pairing (2,096,128 pairings for 2048 programs, about 150 MB with the standings), and the
// text and JSON results list every pairing.
const MaxPrograms = 2048

// MaxPairings is the number of pairings of MaxPrograms programs.
const MaxPairings = MaxPrograms * (MaxPrograms - 1) / 2

// Plan is a tournament's bouts: every pairing, Rounds bouts each.
type Plan struct {
	Pairings []Pairing
	Rounds   int // bouts per pairing
	tooMany  int // the programs of a round-robin too large to build
}

// MaxBouts is the most bouts a plan (or a battle's rounds) may hold: a program's points (3
// per win) are then still counted exactly in an int.
const MaxBouts = math.MaxInt / 3

// Check says in a sentence why the plan cannot be played and counted, or nil.
func (p Plan) Check() error {
	if p.tooMany > 0 {
		return fmt.Errorf("a round-robin of %d programs: a tournament holds at most %d programs (%d pairings), so that its results fit in memory", p.tooMany, MaxPrograms, MaxPairings)
	}
	if len(p.Pairings) > MaxPairings {
		return fmt.Errorf("%s: a tournament plays at most %d (the round-robin of %d programs), so that its results fit in memory", termtext.CountNoun(len(p.Pairings), "pairing"), MaxPairings, MaxPrograms)
	}
	if p.Rounds < 1 {
		return fmt.Errorf("-rounds must be at least 1, not %d", p.Rounds)
	}
	hi, lo := bits.Mul64(uint64(len(p.Pairings)), uint64(p.Rounds))
	if hi != 0 || lo > MaxBouts {
		return fmt.Errorf("%s × %s is more bouts than can be counted: at most %d bouts in all (%s a pairing here)",
			termtext.CountNoun(len(p.Pairings), "pairing"), termtext.CountNoun(p.Rounds, "round"), MaxBouts, termtext.CountNoun(MaxBouts/max(1, len(p.Pairings)), "round"))
	}
	for _, pr := range p.Pairings {
		if err := CheckSeed(pr.Seed, p.Rounds); err != nil {
			return err
		}
	}
	return nil
}

// CheckSeed says in a sentence why rounds rounds cannot start at seed, or nil: round k uses
// seed+k−1 (CLI.md), and past the largest int64 the seeds would wrap around to negative ones.
func CheckSeed(seed int64, rounds int) error {
	if rounds > 1 && seed > math.MaxInt64-int64(rounds-1) {
		return fmt.Errorf("-seed %d with %d rounds: round k uses seed+k-1, which would pass the largest seed (%d); lower -seed", seed, rounds, int64(math.MaxInt64))
	}
	return nil
}

// CheckRounds says in a sentence why a series of that many rounds (a battle) cannot be
// played and counted, or nil.
func CheckRounds(rounds int) error {
	switch {
	case rounds < 1:
		return fmt.Errorf("-rounds must be at least 1, not %d", rounds)
	case rounds > MaxBouts:
		return fmt.Errorf("-rounds %d is more rounds than can be counted: at most %d (so that 3 points a win still fit in 64 bits)", rounds, MaxBouts)
	}
	return nil
}

// Bouts is the number of bouts in the plan (Check it first).
func (p Plan) Bouts() int { return len(p.Pairings) * p.Rounds }

// Bout is one bout of a plan.
type Bout struct {
	Index   int // in the plan, from 0
	Pairing int // index into Plan.Pairings
	A, B    int // the entries
	Round   int // 1-based, within the pairing
	Seed    int64
}

// Bout returns bout g (0 ≤ g < Bouts()).
func (p Plan) Bout(g int) Bout {
	pi, r := g/p.Rounds, g%p.Rounds
	pr := p.Pairings[pi]
	return Bout{Index: g, Pairing: pi, A: pr.A, B: pr.B, Round: r + 1, Seed: pr.Seed + int64(r)}
}

// Shard returns the bouts [from, to) that shard k of n plays: n nearly equal consecutive
// ranges, the same on every machine. It panics unless 0 ≤ k < n.
func Shard(bouts, k, n int) (from, to int) {
	if n < 1 || k < 0 || k >= n {
		panic(fmt.Sprintf("bouts.Shard: shard %d of %d", k, n))
	}
	at := func(i int) int { // ⌊bouts·i/n⌋ without overflow
		hi, lo := bits.Mul64(uint64(bouts), uint64(i))
		q, _ := bits.Div64(hi, lo, uint64(n))
		return int(q)
	}
	return at(k), at(k + 1)
}

// Result is one finished bout: a plain value that can be written as a JSON line or a
// database row and read back. Winner is the entry index of the winner (A or B), or −1 for
// a draw.
type Result struct {
	Pairing int   `json:"pairing"`
	A       int   `json:"a"`
	B       int   `json:"b"`
	Round   int   `json:"round"`
	Seed    int64 `json:"seed"`
	Winner  int   `json:"winner"`
	Cycles  int64 `json:"cycles"` // the game's last cycle (RoboCom) or cycles run (Core War)
}

// Index is the bout's index in a plan of that many rounds per pairing.
func (r Result) Index(rounds int) int { return r.Pairing*rounds + r.Round - 1 }

// windowPerWorker is how many bouts per worker may be played ahead of the one each waits
// for. Bouts vary a lot in length (a RoboCom bout runs from a few cycles to the time limit),
// so a small window leaves workers idle behind one long bout; results are small, so a wide
// one costs little memory, and it is still a constant.
const windowPerWorker = 64

// Workers is the default number of goroutines for Play: GOMAXPROCS, which is the CPUs the
// process may use and, since Go 1.25, at most a container's CPU limit (rounded up, at least
// 2); runtime.NumCPU would be every CPU of a Kubernetes node whatever the pod's limit.
func Workers() int { return runtime.GOMAXPROCS(0) }

// Play plays the bouts [from, to) with play on up to workers goroutines (at least 1) and
// hands each value to each in the order of g, at most 64·workers bouts ahead of the one each
// is waiting for, so memory stays constant however many bouts there are.
//
// It stops at a bout boundary: when ctx is done it starts no new bout, lets the ones in
// progress finish, hands over those that complete the order, and returns ctx's error; when
// play or each fails it returns that error (play's wrapped with nothing; bouts after the
// failed one are not handed over). next is the first bout not handed to each: from + the
// number handed over.
func Play[R any](ctx context.Context, from, to, workers int, play func(g int) (R, error), each func(g int, r R) error) (next int, err error) {
	next = from
	if from >= to {
		return next, ctx.Err()
	}
	workers = max(1, min(workers, to-from))
	window := windowPerWorker * workers
	type done struct {
		g   int
		r   R
		err error
	}
	var (
		jobs    = make(chan int)
		results = make(chan done, window)
		slots   = make(chan struct{}, window) // a bout dispatched and not yet handed over holds one
		stop    = make(chan struct{})
		wg      sync.WaitGroup
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range jobs {
				r, err := play(g)
				results <- done{g, r, err}
			}
		}()
	}
	go func() {
		defer func() {
			close(jobs)
			wg.Wait()
			close(results)
		}()
		for g := from; g < to; g++ {
			if ctx.Err() != nil { // select picks at random among ready cases: look first
				return
			}
			select {
			case slots <- struct{}{}:
			case <-stop:
				return
			case <-ctx.Done():
				return
			}
			if ctx.Err() != nil {
				return
			}
			select {
			case jobs <- g:
			case <-stop:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	pending := make([]done, window) // by g % window; filled[i] tells whether pending[i] holds one
	filled := make([]bool, window)
	stopped := false
	halt := func(e error) {
		if err == nil {
			err = e
		}
		if !stopped {
			stopped = true
			close(stop)
		}
	}
	for d := range results {
		if stopped && err != nil {
			continue // drain
		}
		pending[d.g%window], filled[d.g%window] = d, true
		for filled[next%window] {
			i := next % window
			p := pending[i]
			pending[i], filled[i] = done{}, false
			if p.err != nil {
				halt(p.err)
				break
			}
			if e := each(next, p.r); e != nil {
				halt(e)
				break
			}
			next++
			<-slots
		}
	}
	if !stopped {
		close(stop)
	}
	if err == nil && next < to {
		err = ctx.Err()
	}
	return next, err
}

// PlayFunc plays bouts [from, to) of a plan and hands each result to each in plan order (as
// Play does): arena.Tournament.Play and play.Match.Play.
type PlayFunc func(ctx context.Context, from, to int, each func(Result) error) (next int, err error)

// Entry is a program of a tournament as stored outside any game: its name, its file and the
// file's bytes (a hill keeps programs this way; a part names them without Source).
type Entry struct {
	Name, File string
	Source     []byte
}

// Tally folds a plan's results, in any order, into a game's standings: arena.Standing and
// play.Result.
type Tally interface {
	Add(Result)
	// Ranking is the entries' indexes from the first-ranked to the last; equals keep entry order.
	Ranking() []int
}
