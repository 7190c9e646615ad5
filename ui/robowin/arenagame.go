package robowin

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"robocom/arena"
	"robocom/robolang"
)

// ArenaGame adapts an arena.Game to the window's Game interface. It keeps the robot counts
// and the event log itself, from the engine's event callback, so that a cycle costs no
// allocation beyond the engine's own.
type ArenaGame struct {
	g      *arena.Game
	counts []int
	events []arena.Event
	ranks  []int
	placed []arena.Placed // Robots' buffer
}

// NewArenaGame starts an arena game of progs with the option set o and a seed.
func NewArenaGame(progs []*robolang.Program, o GameOptions, seed int64) (Game, error) {
	opts, err := arenaOptions(o)
	if err != nil {
		return nil, err
	}
	a := &ArenaGame{counts: make([]int, len(progs))}
	g, err := arena.New(arena.Config{Programs: progs, Options: opts, Seed: seed, OnEvent: a.onEvent})
	if err != nil {
		return nil, err
	}
	a.g = g
	return a, nil
}

func (a *ArenaGame) onEvent(e arena.Event) {
	switch e.Kind {
	case arena.EvSpawn:
		if e.Program >= 0 && e.Program < len(a.counts) {
			a.counts[e.Program]++
		}
		a.events = append(a.events, e)
	case arena.EvDeath:
		if e.Program >= 0 && e.Program < len(a.counts) {
			a.counts[e.Program]--
		}
		a.events = append(a.events, e)
	case arena.EvInit, arena.EvQuit, arena.EvBreak, arena.EvSeize, arena.EvResume, arena.EvRTrans:
		// RC3's task and bank events (RC3.md 9), as -trace writes them; only RC3 games have them.
		a.events = append(a.events, e)
	}
}

// Engine is the arena game itself, for views that need more than the board (debuggers).
func (a *ArenaGame) Engine() *arena.Game { return a.g }

func (a *ArenaGame) Step()      { a.g.Step() }
func (a *ArenaGame) Over() bool { return a.g.Over() }
func (a *ArenaGame) Cycle() int { return a.g.Cycle() }
func (a *ArenaGame) Size() int  { return a.g.Size() }

// Robots appends what the window shows of every robot. Where robots have one task at most,
// that is the few fields arena.Placed has, read without an allocation: full views (banks,
// variables, the instruction) cost two allocations and 250 bytes a robot, and the window
// publishes the board about once a frame (30,000 robots on a 200×200 board). Debuggers
// fetch their full views themselves. With several tasks the views carry them for the
// heads' arrows and the hover text.
func (a *ArenaGame) Robots(dst []arena.RobotView) []arena.RobotView {
	if a.g.Options().MaxTasks > 1 {
		return append(dst, a.g.Robots()...)
	}
	a.placed = a.g.AppendPlaced(a.placed[:0])
	for i := range a.placed {
		p := &a.placed[i]
		dst = append(dst, arena.RobotView{ID: p.ID, Team: p.Team, Generation: p.Generation, X: p.X, Y: p.Y,
			Dir: p.Dir, Set: p.Set, Mobile: p.Mobile, Active: p.Active, Alive: true})
	}
	return dst
}

func (a *ArenaGame) Events(dst []arena.Event) []arena.Event {
	dst = append(dst, a.events...)
	a.events = a.events[:0]
	return dst
}

func (a *ArenaGame) Counts(dst []int) []int { return append(dst, a.counts...) }

func (a *ArenaGame) Ranks() []int {
	if !a.g.Over() {
		return nil
	}
	if a.ranks == nil {
		for _, p := range a.g.Result().Programs {
			a.ranks = append(a.ranks, p.Rank)
		}
	}
	return a.ranks
}

// LoadProgram loads a .rob or .rbi program from its bytes through robolang.LoadBytes, the
// loader the commands use, in the language lang (the option set's: RC3 forms only under
// rc3/rc3m, and a refusal names the set); name is what errors show.
func LoadProgram(name string, src []byte, lang robolang.Options) (*robolang.Program, error) {
	return robolang.LoadBytes(name, src, lang)
}

// ArenaOptions reaches the arena's option sets (built-in and saved files).
type ArenaOptions struct{}

// optionKeys are the keys the editor shows, in this order; the arena knows them all.
var optionKeys = func() []string {
	first := []string{"board", "timeout", "elim-trigger", "first-mobile", "remote-cost", "instructions", "max-tasks", "max-duration"}
	seen := map[string]bool{}
	for _, k := range first {
		seen[k] = true
	}
	out := append([]string(nil), first...)
	for _, k := range arena.Keys() {
		if !seen[k] {
			out = append(out, k)
		}
	}
	return out
}()

func fromArena(o *arena.Options) GameOptions {
	g := GameOptions{Name: o.Name}
	for _, k := range optionKeys {
		s, ok := o.Get(k)
		if !ok {
			continue
		}
		switch s {
		case "true", "rc3":
			s = "1"
		case "false", "classic":
			s = "0"
		}
		v, err := strconv.Atoi(s)
		if err != nil {
			continue
		}
		g.Values = append(g.Values, OptionValue{Key: k, Value: v})
	}
	return g
}

// arenaOptions rebuilds the arena set: the named base set (classic when unknown) with the
// values applied through arena's own Set, so its range checks apply. A refused value is told
// by its field's label in the Options tab, then arena's sentence with the key, as option
// files and -opt name it ("Time limit (cycles): option timeout must be in 1..1000000000").
func arenaOptions(o GameOptions) (*arena.Options, error) {
	base := arena.Classic()
	name := strings.TrimPrefix(o.Name, "edited ")
	if b := arena.Builtin(name); b != nil {
		base = b
	} else if name != "" {
		if l, err := arena.LoadOptions(name); err == nil {
			base = l
		}
	}
	for _, v := range o.Values {
		val := strconv.Itoa(v.Value)
		if v.Key == instructionsKey {
			switch v.Value {
			case instrClassic:
				val = "classic"
			case instrRC3:
				val = "rc3"
			default:
				return nil, fmt.Errorf("%s: option instructions must be 0 (classic) or 1 (rc3), not %d", optionLabel(v.Key), v.Value)
			}
		}
		if err := base.Set(v.Key, val); err != nil {
			return nil, fmt.Errorf("%s: %w", optionLabel(v.Key), err)
		}
	}
	if o.Name != "" {
		base.Name = o.Name
	}
	return base, nil
}

func (ArenaOptions) Default() GameOptions { return fromArena(arena.Classic()) }
func (ArenaOptions) Builtin() []string    { return []string{"classic", "rc3", "rc3m"} }

func (ArenaOptions) Load(nameOrFile string) (GameOptions, error) {
	o, err := arena.ResolveOptions(nameOrFile)
	if err != nil {
		return GameOptions{}, err
	}
	g := fromArena(o)
	if arena.Builtin(nameOrFile) == nil {
		g.Name = nameOrFile // the file, so the set can be found again
	}
	return g, nil
}

func (ArenaOptions) Check(o GameOptions) error {
	a, err := arenaOptions(o)
	if err != nil {
		return err
	}
	return a.Validate()
}

func (ArenaOptions) Text(o GameOptions) ([]byte, error) {
	a, err := arenaOptions(o)
	if err != nil {
		return nil, err
	}
	return a.MarshalText()
}

func (ArenaOptions) Parse(name string, text []byte) (GameOptions, error) {
	o, err := arena.ParseOptions(name, text)
	if err == nil {
		err = o.Validate()
	}
	if err != nil {
		return GameOptions{}, err
	}
	return fromArena(o), nil
}

func (ArenaOptions) Save(file string, o GameOptions) error {
	a, err := arenaOptions(o)
	if err != nil {
		return err
	}
	a.Name = strings.TrimSuffix(path.Base(file), optionFileExt)
	return a.Save(file)
}
