package redcode

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// Settings are a pMARS run's options after parsing (PMARS-DETAILS.md 15).
type Settings struct {
	CoreSize     int
	MaxProcesses int
	Cycles       int64
	MaxLength    int
	MinDistance  int
	Rounds       int
	FixedPos     int  // -F (0: off)
	FixedSeries  bool // -f
	Permute      bool // -P
	PSpaceSize   int
	Brief        bool   // -b
	KotH         bool   // -k
	Strict88     bool   // -8
	Verbose      bool   // -V
	SortByScore  bool   // -o
	Formula      string // -=
	Query        int    // -Q
	HasQuery     bool
	// Cores is how many rounds Battle plays at once (0: GOMAXPROCS); not a
	// pMARS option, it never changes the results.
	Cores int
}

// rng is pMARS's Park–Miller generator in Schrage form.
func rng(x int64) int64 {
	r := 16807*(x%127773) - 2836*(x/127773)
	if r < 0 {
		r += 2147483647
	}
	return r
}

// Checksum is the -f checksum of the assembled warriors (PMARS-DETAILS.md 4).
func Checksum(ws []*Warrior) int64 {
	var sum, k int64
	for _, w := range ws {
		for _, in := range w.Code {
			for _, v := range [5]int64{int64(in.Op)*8 + int64(in.Mod), pmarsModeCode[in.AMode], pmarsModeCode[in.BMode], int64(in.A), int64(in.B)} {
				sum += v ^ k
				k++
			}
		}
	}
	return sum
}

// placer produces warrior positions and the first mover round by round.
type placer struct {
	st    *Settings
	n     int
	seed  int64
	round int
	table []int32
	avail int
}

func newPlacer(st *Settings, ws []*Warrior, clockSeed int64) *placer {
	p := &placer{st: st, n: len(ws)}
	d := int64(st.MinDistance)
	switch {
	case st.FixedPos > 0:
		p.seed = int64(st.FixedPos) - d
		if st.Permute {
			p.seed *= 2
		}
	case st.FixedSeries:
		p.seed = rng(Checksum(ws))
	default:
		p.seed = rng(clockSeed)
	}
	return p
}

// next fills pos (len n) and returns the first mover for the next round.
func (p *placer) next(pos []int) int {
	st := p.st
	S, d := int64(st.CoreSize), int64(st.MinDistance)
	span := S + 1 - 2*d
	r := p.round
	p.round++
	pos[0] = 0
	switch {
	case p.n == 1:
		return 0
	case st.Permute:
		if p.avail == 0 {
			if p.table == nil {
				p.table = make([]int32, 2*span)
			}
			for i := range p.table {
				p.table[i] = int32(i)
			}
			p.avail = len(p.table)
		}
		i := p.seed % int64(p.avail)
		e := int64(p.table[i])
		p.table[i] = p.table[p.avail-1]
		p.avail--
		p.seed = rng(p.seed)
		pos[1] = int(d + e/2)
		return int(e % 2)
	case p.n == 2:
		pos[1] = int(d + p.seed%span)
		p.seed = rng(p.seed)
		return r % 2
	}
	if !p.primary(pos, span, d) {
		p.fallback(pos, S, d)
	}
	return r % p.n
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func (p *placer) primary(pos []int, span, d int64) bool {
	W := p.n
	next, redraws, backtracks := 1, 20, 4 // 0-based: warrior index 1 is warrior #2
	for next < W {
		p.seed = rng(p.seed)
		pos[next] = int(d + p.seed%span)
		clash := -1
		for j := 1; j < next; j++ {
			if abs64(int64(pos[next]-pos[j])) < d {
				clash = j
				break
			}
		}
		switch {
		case clash < 0:
			next++
		case backtracks == 0:
			return false
		case redraws == 0:
			next = clash
			backtracks--
			redraws = 20
		default:
			redraws--
		}
	}
	return true
}

func (p *placer) fallback(pos []int, S, d int64) {
	W := p.n
	room := S - int64(W)*d + 1
	list := make([]int64, 0, W)
	for k := 1; k < W; k++ {
		p.seed = rng(p.seed)
		v := p.seed % room
		i := len(list)
		for i > 0 && list[i-1] > v {
			i--
		}
		list = append(list, 0)
		copy(list[i+1:], list[i:])
		list[i] = v
	}
	for k := 1; k < W; k++ {
		pos[k] = int(list[k-1] + int64(k)*d)
	}
	for k := 1; k < W; k++ {
		p.seed = rng(p.seed)
		j := k + int(p.seed%int64(W-k))
		pos[k], pos[j] = pos[j], pos[k]
	}
}

// RoundInfo describes one finished round (for tests and traces). Positions
// and Alive are reused: they are valid only during the onRound call.
type RoundInfo struct {
	Positions []int
	First     int
	Executed  int64
	Alive     []bool
}

// roundsPerBatch bounds the memory of a parallel battle: positions are drawn
// and rounds played this many at a time, whatever -r is.
const roundsPerBatch = 1024

// Battle runs st.Rounds rounds of the warriors and returns the score
// counters; onRound (optional) is called after each round, in round order.
//
// Rounds are independent once their positions are drawn, unless a warrior
// uses p-space (LDP, STP: what a round leaves there steers the next), so the
// positions are drawn first in pMARS's sequence and the rounds are played on
// st.Cores goroutines (0: GOMAXPROCS); the score counters are sums, so the
// results are the same for any number of cores. P-space battles are played
// in order on one core.
func Battle(st *Settings, ws []*Warrior, clockSeed int64, onRound func(RoundInfo)) (*Machine, error) {
	cfg := *st
	m, err := NewMachine(cfg, ws)
	if err != nil {
		return nil, err
	}
	m.TrackOwners(false)
	pl := newPlacer(st, ws, clockSeed)
	cores := st.Cores
	if cores <= 0 {
		cores = runtime.GOMAXPROCS(0)
	}
	cores = min(cores, st.Rounds)
	// Each core plays on its own machine: together they stay within the
	// memory one machine may use (a huge -s or -S plays on fewer cores).
	perMachine := int64(st.CoreSize)*cellBytes + int64(len(ws))*int64(max(st.PSpaceSize, DefaultPSpaceSize(st.CoreSize)))*4
	if perMachine > 0 && int64(cores)*perMachine > maxMachineBytes {
		cores = int(max(1, maxMachineBytes/perMachine))
	}
	n := len(ws)
	info := RoundInfo{Positions: make([]int, n), Alive: make([]bool, n)}
	if cores <= 1 || UsesPSpace(ws) {
		pos := info.Positions
		for r := 0; r < st.Rounds; r++ {
			first := pl.next(pos)
			m.LoadRound(pos, first)
			m.RunRound()
			if m.err != nil {
				return nil, m.err
			}
			if onRound != nil {
				info.First, info.Executed = first, m.executed
				for i := range ws {
					info.Alive[i] = m.ws[i].alive
				}
				onRound(info)
			}
		}
		return m, nil
	}
	machines := []*Machine{m}
	for len(machines) < cores {
		// (its memory apart from the first machine's and the others': NewMachineApart)
		wm, err := NewMachineApart(cfg, ws)
		if err != nil {
			return nil, err
		}
		wm.TrackOwners(false)
		machines = append(machines, wm)
	}
	batch := min(st.Rounds, roundsPerBatch)
	pos := make([]int, batch*n)
	first := make([]int, batch)
	executed := make([]int64, batch)
	alive := make([]bool, batch*n)
	var wg sync.WaitGroup
	for done := 0; done < st.Rounds; {
		k := min(batch, st.Rounds-done)
		for r := 0; r < k; r++ {
			first[r] = pl.next(pos[r*n : (r+1)*n])
		}
		var taken atomic.Int64
		var failed atomic.Bool // a machine stopped short (Machine.Err): the others stop too
		for _, wm := range machines {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for !failed.Load() {
					r := int(taken.Add(1)) - 1
					if r >= k {
						return
					}
					wm.LoadRound(pos[r*n:(r+1)*n], first[r])
					wm.RunRound()
					if wm.err != nil {
						failed.Store(true)
						return
					}
					executed[r] = wm.executed
					for i := range n {
						alive[r*n+i] = wm.ws[i].alive
					}
				}
			}()
		}
		wg.Wait()
		for _, wm := range machines {
			if wm.err != nil {
				return nil, wm.err
			}
		}
		if onRound != nil {
			for r := 0; r < k; r++ {
				copy(info.Positions, pos[r*n:(r+1)*n])
				copy(info.Alive, alive[r*n:(r+1)*n])
				info.First, info.Executed = first[r], executed[r]
				onRound(info)
			}
		}
		done += k
	}
	for _, wm := range machines[1:] {
		for i := range m.Scores {
			for j := range m.Scores[i] {
				m.Scores[i][j] += wm.Scores[i][j]
			}
		}
	}
	return m, nil
}

// UsesPSpace reports whether a warrior has LDP or STP. Only those read or
// write p-space, and no instruction makes an opcode that was not loaded.
func UsesPSpace(ws []*Warrior) bool {
	for _, w := range ws {
		for _, in := range w.Code {
			if in.Op == LDP || in.Op == STP {
				return true
			}
		}
	}
	return false
}

// Score applies the score formula to warrior i's survival counters. The sum is a C int
// (PMARS-DETAILS.md 6.2): it wraps at 32 bits, as pMARS's does.
func (m *Machine) Score(i int, formula string) int {
	W := len(m.ws)
	var total int32
	for s := 1; s <= W; s++ {
		total += int32(int64(m.Scores[i][s-1]) * scoreFactor(formula, W, s))
	}
	return int(total)
}

// scoreFactor evaluates the -= formula for W warriors and s survivors.
func scoreFactor(formula string, W, s int) int64 {
	var regs [26]int64
	regs['w'-'a'] = int64(W)
	regs['s'-'a'] = int64(s)
	v, _ := evaluate(formula, &regs)
	return v
}

// CheckFormula reports whether the formula evaluates for s = 1..W.
func CheckFormula(formula string, W int) bool {
	for s := 1; s <= W; s++ {
		var regs [26]int64
		regs['w'-'a'] = int64(W)
		regs['s'-'a'] = int64(s)
		if _, st := evaluate(formula, &regs); st == evalBad || st == evalDivZero {
			return false
		}
	}
	return true
}

// Results formats the output after the battle (PMARS-DETAILS.md 6.4) and
// returns the order in which warriors are listed (for -Q).
func Results(m *Machine, ws []*Warrior, st *Settings) (string, []int) {
	W := len(ws)
	formula := st.Formula
	if formula == "" {
		formula = "(W*W-1)/S"
	}
	scores := make([]int, W)
	order := make([]int, W)
	for i := range ws {
		scores[i] = m.Score(i, formula)
		order[i] = i
	}
	if st.SortByScore {
		for i := 0; i < W; i++ {
			for j := 0; j < W-1-i; j++ {
				if scores[order[j]] < scores[order[j+1]] {
					order[j], order[j+1] = order[j+1], order[j]
				}
			}
		}
	}
	deaths := func(i int) int {
		d := 0
		for k := W; k <= 2*W-2; k++ {
			d += m.Scores[i][k]
		}
		return d
	}
	var b strings.Builder
	if st.KotH {
		if W == 2 {
			for i := 0; i < 2; i++ {
				fmt.Fprintf(&b, "%d %d\n", m.Scores[i][0], m.Scores[i][1])
			}
		} else {
			for i := 0; i < W; i++ {
				fmt.Fprintf(&b, "%d", scores[i])
				for s := 0; s < W; s++ {
					fmt.Fprintf(&b, " %d", m.Scores[i][s])
				}
				fmt.Fprintf(&b, " %d\n", deaths(i))
			}
		}
		return b.String(), order
	}
	for _, i := range order {
		fmt.Fprintf(&b, "%s by %s scores %d\n", ws[i].Name, ws[i].Author, scores[i])
		if W >= 3 {
			b.WriteString("  Results:")
			for s := 0; s < W; s++ {
				fmt.Fprintf(&b, " %d", m.Scores[i][s])
			}
			fmt.Fprintf(&b, " %d\n", deaths(i))
		}
	}
	if W == 2 {
		i := order[0]
		fmt.Fprintf(&b, "Results: %d %d %d\n", m.Scores[i][0], m.Scores[i][2], m.Scores[i][1])
	}
	return b.String(), order
}
