package vna

import (
	"errors"
	"fmt"

	"robocom/corewars"
)

// Config holds the game parameters. Start from DefaultConfig.
type Config struct {
	Size         int   // nodes in the ring, num() (default 200)
	MaxRounds    int64 // rounds before a draw (default 100000)
	MaxExecutors int   // executors per player (default 4, at most corewars.MaxThreads)
	MinGap       int   // blank nodes at least between two programs (default 40)
	Seed         int64 // fixes the placement
	Starts       []int // if set, the first node of each program instead of random places (tests, replays)
}

// DefaultConfig is the configuration of CORE-LANGUAGES.md section 2.
// MaxPlayers is how many programs a game takes: VNA Code is a game of two players
// (CORE-LANGUAGES.md 2).
const MaxPlayers = 2

func DefaultConfig() Config {
	return Config{Size: 200, MaxRounds: 100000, MaxExecutors: 4, MinGap: 40}
}

// MaxSize bounds the ring (and its memory: about 70 bytes a node).
const MaxSize = 1 << 20

// EvalBudget is how many function calls evaluating one node's values may make; past it every
// call gives 0. It stops self-referring values such as `JUMP a(0)` from recursing forever
// and nested references from blowing up exponentially.
const EvalBudget = 1000

type player struct {
	name     string
	threads  corewars.Threads
	start    int
	kills    int
	executed int64
}

// Game is one VNA battle. It implements corewars.Engine; the players are its processes.
type Game struct {
	cfg     Config
	ring    []Node
	owners  *corewars.Owners
	pool    *Pool
	players []player
	rr      *corewars.RoundRobin
	over    bool
	handler func(corewars.Event)
	solo    bool
	budget  int
	self    int // the player whose executor runs, for exe()
}

var _ corewars.Engine = (*Game)(nil)

// New places the programs at random with at least MinGap blank nodes between any two and
// gives each player one executor at its first node.
func New(cfg Config, progs []*Program) (*Game, error) {
	if cfg.Size < 1 || cfg.Size > MaxSize {
		return nil, fmt.Errorf("ring size %d is out of range (1..%d)", cfg.Size, MaxSize)
	}
	if cfg.MaxExecutors < 1 || cfg.MaxExecutors > corewars.MaxThreads {
		return nil, fmt.Errorf("executor limit %d is out of range (1..%d)", cfg.MaxExecutors, corewars.MaxThreads)
	}
	if cfg.MaxRounds < 0 || cfg.MinGap < 0 {
		return nil, errors.New("round limit and gap must not be negative")
	}
	if len(progs) == 0 {
		return nil, errors.New("no programs to load")
	}
	if len(progs) > MaxPlayers {
		// The document's game has two players (CORE-LANGUAGES.md 2); one alone may be watched.
		return nil, fmt.Errorf("VNA Code is a game of two players, not %d; a tournament plays more programs two at a time", len(progs))
	}
	g := &Game{cfg: cfg, ring: make([]Node, cfg.Size), pool: newPool(), solo: len(progs) == 1,
		owners: corewars.NewOwners(cfg.Size, len(progs))}
	var starts []int
	if cfg.Starts != nil {
		if len(cfg.Starts) != len(progs) {
			return nil, fmt.Errorf("%d fixed starts for %d programs", len(cfg.Starts), len(progs))
		}
		starts = cfg.Starts
	} else {
		spans := make([]int, len(progs))
		for i, p := range progs {
			spans[i] = len(p.Nodes) + cfg.MinGap
		}
		var err error
		starts, err = corewars.Place(corewars.NewRand(cfg.Seed), cfg.Size, spans)
		if err != nil {
			return nil, fmt.Errorf("the programs with %d blank nodes between them do not fit in a ring of %d nodes; use a bigger ring", cfg.MinGap, cfg.Size)
		}
	}
	g.players = make([]player, len(progs))
	for i, p := range progs {
		base := int32(len(g.pool.e) - 1) // the program's index k becomes base+k
		for _, x := range p.Pool.e[1:] {
			args := make([]int32, len(x.args))
			for k, a := range x.args {
				args[k] = a + base
			}
			g.pool.e = append(g.pool.e, expr{fn: x.fn, lit: x.lit, args: args})
		}
		pl := &g.players[i]
		pl.name, pl.start = p.Name, corewars.Wrap(starts[i], cfg.Size)
		for k, n := range p.Nodes {
			for v := range n.V {
				if n.V[v].Expr != 0 {
					n.V[v].Expr += base
				}
			}
			a := corewars.Wrap(pl.start+k, cfg.Size)
			g.ring[a] = n
			g.owners.Claim(a, i) // the loader writes the program for its player
		}
		pl.threads.Reset(min(cfg.MaxExecutors, 1024)) // room enough; a huge limit must not allocate up front
		pl.threads.Add(pl.start)
	}
	g.rr = corewars.NewRoundRobin(len(progs))
	if cfg.MaxRounds == 0 {
		g.over = true
	}
	return g, nil
}

// Size is num(), the number of nodes.
func (g *Game) Size() int { return len(g.ring) }

// At returns the node at addr (modulo Size).
func (g *Game) At(addr int) Node { return g.ring[corewars.Wrap(addr, len(g.ring))] }

// Owner is the player that last wrote the node at addr (modulo Size), -1 if none.
func (g *Game) Owner(addr int) int { return g.owners.Owner(corewars.Wrap(addr, len(g.ring))) }

// Written is the round of the last write of the node at addr (modulo Size), -1 if never.
func (g *Game) Written(addr int) int64 { return g.owners.Written(corewars.Wrap(addr, len(g.ring))) }

// NodeString is the node at addr in source notation.
func (g *Game) NodeString(addr int) string { return g.pool.NodeString(g.At(addr)) }

// Cell describes the node at addr for the window.
func (g *Game) Cell(addr int) corewars.Cell {
	a := corewars.Wrap(addr, len(g.ring))
	return corewars.Cell{Text: g.pool.NodeString(g.ring[a]), Owner: g.owners.Owner(a), Written: g.owners.Written(a)}
}

// Start is where player p's program was placed.
func (g *Game) Start(p int) int { return g.players[p].start }

// Cycle is the number of completed rounds.
func (g *Game) Cycle() int64 { return g.rr.Cycle() }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Processes is the number of players.
func (g *Game) Processes() int { return len(g.players) }

// SetEventHandler installs h, called from Step.
func (g *Game) SetEventHandler(h func(corewars.Event)) { g.handler = h }

// Threads appends player p's executor positions in run order to dst.
func (g *Game) Threads(p int, dst []int, max int) []int {
	return g.players[p].threads.InRunOrder(dst, max)
}

// Next is the player whose turn it is, -1 when none is alive.
func (g *Game) Next() int { return g.rr.Current() }

// Process returns player p's statistics. VNA has no scoring, so Score is 0.
func (g *Game) Process(p int) corewars.ProcessStat {
	pl := &g.players[p]
	return corewars.ProcessStat{Name: pl.name, Program: p, Alive: g.rr.Alive(p), Threads: pl.threads.Len(),
		Cells: g.owners.Count(p), Kills: pl.kills, Executed: pl.executed}
}

// Run plays up to n rounds and returns how many were completed.
func (g *Game) Run(n int) int {
	start := g.rr.Cycle()
	end := start + int64(n)
	for !g.over && g.rr.Cycle() < end {
		g.Step()
	}
	return int(g.rr.Cycle() - start)
}

// RunUntil plays up to n rounds, stopping at b (corewars.Engine.RunUntil).
func (g *Game) RunUntil(n int, b *corewars.Breakpoints, resume bool) (int, corewars.Stop) {
	if b == nil {
		return g.Run(n), corewars.Stop{}
	}
	return corewars.RunStepping(g, g.rr, g.owners, func(p int) int { return g.players[p].threads.NextPC() }, n, b, resume)
}

// RunToEnd plays until the game is over.
func (g *Game) RunToEnd() {
	for g.Step() {
	}
}

func (g *Game) emit(e corewars.Event) {
	if g.handler != nil {
		e.Cycle = g.rr.Cycle()
		g.handler(e)
	}
}

func (g *Game) wrap(a int64) int {
	n := int64(len(g.ring))
	a %= n
	if a < 0 {
		a += n
	}
	return int(a)
}

// at is origin + rel on the ring, for any 64-bit rel.
func (g *Game) at(origin int, rel int64) int {
	return g.wrap(int64(origin) + rel%int64(len(g.ring)))
}

// write replaces the node at addr on behalf of player p.
func (g *Game) write(p, addr int, n Node) {
	g.ring[addr] = n
	g.owners.Set(addr, p, g.rr.Cycle())
}

// Step lets the next executor of the player whose turn it is execute one node.
func (g *Game) Step() bool {
	if g.over {
		return false
	}
	p := g.rr.Current()
	pl := &g.players[p]
	ti := pl.threads.Begin()
	pc := pl.threads.PC(ti)
	if g.handler != nil {
		g.emit(corewars.Event{Kind: corewars.EventExec, Process: p, Addr: pc, Killer: -1})
	}
	g.self = p
	g.budget = EvalBudget
	n := g.ring[pc]
	next := g.wrap(int64(pc) + 1)
	if n.Cmd != Bomb {
		pl.executed++ // completed: a BOMB ends its executor instead
	}
	switch n.Cmd {
	case Copy:
		src := g.at(pc, g.eval(pc, n.V[0]))
		dst := g.at(pc, g.eval(pc, n.V[1]))
		g.write(p, dst, g.ring[src])
	case Jump:
		next = g.at(pc, g.eval(pc, n.V[0]))
	case Bomb:
		pl.threads.Remove(ti)
		g.emit(corewars.Event{Kind: corewars.EventThreadDied, Process: p, Addr: pc, Cause: "executed BOMB", Killer: -1})
		if pl.threads.Len() == 0 {
			killer := g.owners.Owner(pc)
			if killer == p {
				killer = -1
			}
			if killer >= 0 {
				g.players[killer].kills++
			}
			g.rr.Kill(p)
			g.emit(corewars.Event{Kind: corewars.EventProcessDied, Process: p, Addr: pc, Cause: "executed BOMB", Killer: killer})
		}
		g.finish()
		return true
	case Split:
		to := g.at(pc, g.eval(pc, n.V[0]))
		if pl.threads.Len() < g.cfg.MaxExecutors {
			pl.threads.Add(to)
		}
	case Merge:
		if last := pl.threads.Len() - 1; last > 0 {
			at := pl.threads.PC(last)
			pl.threads.Remove(last)
			g.emit(corewars.Event{Kind: corewars.EventThreadDied, Process: p, Addr: at, Cause: "merged", Killer: -1})
			if last == ti { // it deleted itself
				g.finish()
				return true
			}
		}
	case EditA, EditB, EditC:
		dst := g.at(pc, g.eval(pc, n.V[0]))
		v := g.eval(pc, n.V[1])
		if g.ring[dst].Cmd != Blank { // BLANK holds no values
			m := g.ring[dst]
			m.V[n.Cmd-EditA] = Value{Num: v}
			g.write(p, dst, m)
		}
	}
	pl.threads.SetPC(ti, next)
	g.finish()
	return true
}

// finish ends a turn: the next player, and the end of the game.
func (g *Game) finish() {
	g.rr.Advance()
	if g.rr.Live() == 0 || (!g.solo && g.rr.Live() <= 1) || g.rr.Cycle() >= g.cfg.MaxRounds {
		g.over = true
		g.emit(corewars.Event{Kind: corewars.EventGameOver, Process: -1, Killer: -1})
	}
}

// eval is the number a value stands for, an expression evaluated with origin as node 0.
func (g *Game) eval(origin int, v Value) int64 {
	if v.Expr == 0 {
		return v.Num
	}
	return g.call(origin, v.Expr)
}

func (g *Game) call(origin int, i int32) int64 {
	x := &g.pool.e[i]
	if x.fn == fLit {
		return x.lit
	}
	if g.budget <= 0 {
		return 0
	}
	g.budget--
	switch x.fn {
	case fA, fB, fC:
		at := g.at(origin, g.call(origin, x.args[0]))
		return g.eval(at, g.ring[at].V[x.fn-fA]) // a BLANK's values are all 0
	case fCom:
		m, n := g.call(origin, x.args[0]), g.call(origin, x.args[1])
		switch {
		case m == n:
			return g.call(origin, x.args[2])
		case m > n:
			return g.call(origin, x.args[3])
		default:
			return g.call(origin, x.args[4])
		}
	case fExe:
		return int64(g.players[g.self].threads.Len())
	case fNum:
		return int64(len(g.ring))
	}
	m, n := g.call(origin, x.args[0]), g.call(origin, x.args[1])
	switch x.fn {
	case fAdd:
		return m + n
	case fSub:
		return m - n
	case fMul:
		return m * n
	case fDiv:
		if n == 0 {
			return 0
		}
		return m / n // truncated; MinInt64 / -1 wraps to MinInt64
	case fMod:
		if n == 0 {
			return 0
		}
		return m % n
	case fPow:
		if n < 0 {
			return 0
		}
		r := int64(1)
		for n > 0 { // by squaring, wrapping at 64 bits
			if n&1 == 1 {
				r *= m
			}
			m *= m
			n >>= 1
		}
		return r
	}
	return 0
}
