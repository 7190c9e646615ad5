package robots

import (
	"io/fs"
	"reflect"
	"testing"

	"robocom/arena"
	"robocom/robolang"
)

func loadRC3(t *testing.T, name string) *robolang.Program {
	t.Helper()
	src, err := fs.ReadFile(RC3FS, "rc3/"+name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := robolang.Parse(name, src, robolang.Options{RC3: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := robolang.Parse(name, src, robolang.Options{}); err == nil {
		t.Errorf("%s loads under classic: it is meant to need rc3", name)
	}
	return p
}

func rc3Battle(t *testing.T, o *arena.Options, seed int64, stop int, places []arena.Placement, progs ...*robolang.Program) ([]arena.Event, *arena.Game) {
	t.Helper()
	var events []arena.Event
	g, err := arena.New(arena.Config{Programs: progs, Options: o, Seed: seed, Places: places,
		OnEvent: func(e arena.Event) { events = append(events, e) }})
	if err != nil {
		t.Fatal(err)
	}
	g.RunUntil(stop)
	return events, g
}

func TestRC3SamplesLoad(t *testing.T) {
	names, _ := fs.Glob(RC3FS, "rc3/*.rob")
	if len(names) < 3 {
		t.Fatalf("only %d rc3 samples: %v", len(names), names)
	}
	for _, n := range names {
		loadRC3(t, n[len("rc3/"):])
	}
}

// The Guarded Factory builds walkers with task 1 while task 2 poisons an enemy beside it.
func TestGuardedFactory(t *testing.T) {
	p := loadRC3(t, "factory.rob")
	enemy := parse(t, "sitter.rob", sitter)
	places := []arena.Placement{at(5, 5, arena.East), at(5, 6, arena.North)}
	// Alone, it builds walkers that walk away east.
	events, g := rc3Battle(t, arena.RC3M(), 1, 3000, places[:1], p)
	var built, moves int
	children := map[int]bool{}
	for _, e := range events {
		switch {
		case e.Kind == arena.EvSpawn && e.Parent == 1:
			built++
			children[e.Robot] = true
			if !e.Mobile || e.X != 6 || e.Y != 5 {
				t.Errorf("child %+v: want mobile, east of the factory", e)
			}
		case e.Kind == arena.EvMove && children[e.Robot]:
			moves++
		}
	}
	if built < 2 || moves < 2 {
		t.Errorf("built %d, walker moves %d", built, moves)
	}
	if v, _ := g.Robot(1); len(v.Tasks) != 2 || v.Tasks[1].Dir == v.Tasks[0].Dir && v.Tasks[1].Dir == arena.East {
		t.Errorf("factory tasks %+v, want 2, the guard's head turning", v.Tasks)
	}
	// With an enemy south of it, task 2 poisons it.
	events, _ = rc3Battle(t, arena.RC3M(), 1, 3000, places, p, enemy)
	poison, died := 0, false
	for _, e := range events {
		switch {
		case e.Kind == arena.EvTrans && e.Robot == 1 && e.Target == 2:
			poison++
			if e.Task != 2 || e.FromBank != 3 {
				t.Errorf("poison %+v: want task 2, bank 3", e)
			}
		case e.Kind == arena.EvDeath && e.Robot == 2:
			died = e.Reason == arena.ReasonDie
		}
	}
	if poison < 1 || !died {
		t.Errorf("poisonings %d, enemy died %v", poison, died)
	}
	// Under rc3 INIT does nothing: the factory builds, the enemy lives.
	events, _ = rc3Battle(t, arena.RC3(), 1, 3000, places, p, enemy)
	for _, e := range events {
		if e.Kind == arena.EvDeath && e.Robot == 2 || e.Kind == arena.EvInit {
			t.Errorf("under rc3: %+v", e)
		}
	}
}

// Hydra's first robot runs ten tasks whose heads face all four ways: it builds on every side,
// and its robots run ten tasks too. Next to an enemy it transfers its bank into it. Under
// rc3 it has one task, which builds alone.
func TestHydra(t *testing.T) {
	p := loadRC3(t, "hydra.rob")
	events, g := rc3Battle(t, arena.RC3M(), 1, 20000, []arena.Placement{at(5, 5, arena.East)}, p)
	sides := map[[2]int]bool{}
	for _, e := range events {
		if e.Kind == arena.EvSpawn && e.Parent == 1 {
			sides[[2]int{e.X, e.Y}] = true
		}
	}
	if want := map[[2]int]bool{{6, 5}: true, {5, 6}: true, {4, 5}: true, {5, 4}: true}; !reflect.DeepEqual(sides, want) {
		t.Errorf("the first Hydra built on %v, want its four sides", sides)
	}
	ten := 0
	for _, r := range g.Robots() {
		if len(r.Tasks) == 10 {
			ten++
		}
	}
	if n := g.TeamCounts()[0]; n < 50 || ten < n*3/4 {
		t.Errorf("%d robots after 20000 cycles, %d of them with ten tasks; want 50 or more, most with ten", n, ten)
	}
	enemy := parse(t, "sitter.rob", sitter)
	events, _ = rc3Battle(t, arena.RC3M(), 1, 3000, []arena.Placement{at(5, 5, arena.East), at(6, 5, arena.North)}, p, enemy)
	infected := false
	for _, e := range events {
		infected = infected || e.Kind == arena.EvTrans && e.Robot == 1 && e.Target == 2
	}
	if !infected {
		t.Error("the Hydra never transferred its bank into the enemy in front of it")
	}
	_, g = rc3Battle(t, arena.RC3(), 1, 5000, []arena.Placement{at(5, 5, arena.East)}, p)
	if v, _ := g.Robot(1); len(v.Tasks) != 1 || g.TeamCounts()[0] < 10 {
		t.Errorf("under rc3: %d tasks, %d robots; want one task that builds", len(v.Tasks), g.TeamCounts()[0])
	}
}

// The Far Hunter sees an enemy 5 fields away, walks up to it and poisons it; an immobile
// first robot builds mobile hunters.
func TestFarHunter(t *testing.T) {
	p := loadRC3(t, "hunter.rob")
	enemy := parse(t, "sitter.rob", sitter)
	o := arena.RC3()
	o.FirstMobile = true
	events, _ := rc3Battle(t, o, 1, 2000, []arena.Placement{at(2, 3, arena.East), at(7, 3, arena.North)}, p, enemy)
	var moves []int
	died := 0
	for _, e := range events {
		if e.Kind == arena.EvMove && e.Robot == 1 {
			moves = append(moves, e.X)
		}
		if e.Kind == arena.EvDeath && e.Robot == 2 && e.Reason == arena.ReasonDie {
			died = e.Cycle
		}
	}
	if !reflect.DeepEqual(moves, []int{3, 4, 5, 6}) || died == 0 {
		t.Errorf("hunter moved to x %v, enemy died in cycle %d; want 3..6 and a death", moves, died)
	}
	// Not mobile: it builds a mobile hunter on its first side.
	events, _ = rc3Battle(t, arena.RC3(), 1, 600, []arena.Placement{at(2, 3, arena.East)}, p)
	spawned := false
	for _, e := range events {
		if e.Kind == arena.EvSpawn && e.Parent == 1 && e.Mobile && e.Set == 1 && e.Banks == 3 {
			spawned = true
		}
	}
	if !spawned {
		t.Error("an immobile hunter built no mobile hunter")
	}
}

// The Random Walker walks in several directions; the same seed gives the same walk, another
// seed another one.
func TestRandomWalker(t *testing.T) {
	p := loadRC3(t, "walker.rob")
	o := arena.RC3()
	o.FirstMobile = true
	walk := func(seed int64) []arena.Event {
		events, _ := rc3Battle(t, o, seed, 3000, []arena.Placement{at(8, 8, arena.North)}, p)
		var moves []arena.Event
		for _, e := range events {
			if e.Kind == arena.EvMove || e.Kind == arena.EvTurn {
				moves = append(moves, e)
			}
		}
		return moves
	}
	a, b, c := walk(1), walk(1), walk(2)
	dirs := map[[2]int]bool{}
	x, y := 8, 8
	for _, e := range a {
		if e.Kind == arena.EvMove {
			dirs[[2]int{(e.X - x + 17) % 16, (e.Y - y + 17) % 16}] = true
			x, y = e.X, e.Y
		}
	}
	if len(a) < 20 || len(dirs) < 3 {
		t.Errorf("%d moves and turns, %d step directions: not much of a random walk", len(a), len(dirs))
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("the same seed gave another walk")
	}
	if reflect.DeepEqual(a, c) {
		t.Error("seeds 1 and 2 gave the same walk")
	}
}
