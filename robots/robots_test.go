package robots

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"reflect"
	"testing"

	"robocom/arena"
	"robocom/robolang"
)

func load(t *testing.T, name string) *robolang.Program {
	t.Helper()
	src, err := fs.ReadFile(FS, name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := robolang.Parse(name, src, robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func parse(t *testing.T, name, src string) *robolang.Program {
	t.Helper()
	p, err := robolang.Parse(name, []byte(src), robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// sitter does nothing for ever: a target.
const sitter = "Name Sitter\nBank\n  Jump 0\n"

// colony builds immobile robots around itself that sit still; only its first robot ever
// transfers anything, and only from its bank 2.
const colony = `Name Colony
Bank Builder
  Turn 1
  Create 1, 2, 0
  Trans 2, 1
  Set %Active, 1
Bank Sit
  Jump 0
`

// battle runs one game to its end (or to cycle stop) and returns its result and events.
func battle(t *testing.T, seed int64, stop int, places []arena.Placement, progs ...*robolang.Program) (arena.Result, []arena.Event, *arena.Game) {
	t.Helper()
	var events []arena.Event
	g, err := arena.New(arena.Config{Programs: progs, Seed: seed, Places: places,
		OnEvent: func(e arena.Event) { events = append(events, e) }})
	if err != nil {
		t.Fatal(err)
	}
	if stop > 0 {
		g.RunUntil(stop)
	} else {
		g.Run()
	}
	return g.Result(), events, g
}

func at(x, y int, d arena.Dir) arena.Placement {
	return arena.Placement{Fixed: true, X: x, Y: y, Dir: d}
}

func TestAllLoad(t *testing.T) {
	names, _ := fs.Glob(FS, "*.rob")
	if len(names) < 5 {
		t.Fatalf("only %d sample programs: %v", len(names), names)
	}
	for _, n := range names {
		load(t, n)
	}
}

// Mine turns on the spot and gives every enemy next to it its DIE bank as bank 1.
func TestMine(t *testing.T) {
	res, events, _ := battle(t, 1, 0, []arena.Placement{at(5, 5, arena.North), at(6, 5, arena.West)},
		load(t, "mine.rob"), parse(t, "sitter.rob", sitter))
	if res.Winner != 0 {
		t.Fatalf("winner %d, want Mine", res.Winner)
	}
	poisoned := false
	for _, e := range events {
		if e.Kind == arena.EvTrans && e.Robot == 1 && e.Target == 2 && e.FromBank == 2 && e.ToBank == 1 {
			poisoned = true
		}
	}
	if !poisoned || len(res.Deaths) != 1 || res.Deaths[0].Reason != arena.ReasonDie {
		t.Errorf("sitter not poisoned: %+v", res.Deaths)
	}
}

// family maps each robot id to its parent, from the spawn events.
func family(events []arena.Event) map[int]arena.Event {
	m := map[int]arena.Event{}
	for _, e := range events {
		if e.Kind == arena.EvSpawn {
			m[e.Robot] = e
		}
	}
	return m
}

// killers returns, for each robot of team victim that died of DIE, the robot that last
// transferred code into it.
func killers(events []arena.Event, victim int) map[int]int {
	last := map[int]int{}
	out := map[int]int{}
	team := map[int]int{}
	for _, e := range events {
		switch e.Kind {
		case arena.EvSpawn:
			team[e.Robot] = e.Program
		case arena.EvTrans:
			last[e.Target] = e.Robot
		case arena.EvDeath:
			if e.Program == victim && e.Reason == arena.ReasonDie {
				out[e.Robot] = last[e.Robot]
			}
		}
	}
	return out
}

var sitterPlaces = []arena.Placement{at(0, 0, arena.East), at(8, 8, arena.North), at(4, 12, arena.West), at(12, 4, arena.South), at(12, 12, arena.East)}

// Roamer's mobile scanners find enemies anywhere on the board and poison them.
func TestRoamer(t *testing.T) {
	s := parse(t, "sitter.rob", sitter)
	for seed := int64(1); seed <= 3; seed++ {
		places := sitterPlaces
		if seed > 1 {
			places = nil // random places
		}
		res, events, _ := battle(t, seed, 0, places, load(t, "roamer.rob"), s, s, s, s)
		if res.Winner != 0 {
			t.Fatalf("seed %d: winner %d, want Roamer; %+v", seed, res.Winner, res.Programs)
		}
		fam := family(events)
		moves := 0
		for _, e := range events {
			if e.Kind == arena.EvMove && e.Program == 0 {
				moves++
				if !fam[e.Robot].Mobile || fam[e.Robot].Parent != 1 {
					t.Errorf("robot %d moved but is not a scanner", e.Robot)
				}
			}
		}
		t.Logf("seed %d: Roamer won in %d cycles, scanners moved %d times", seed, res.Cycles, moves)
		if moves < 20 {
			t.Errorf("seed %d: scanners moved only %d times", seed, moves)
		}
		byScanner := 0
		for v := 1; v <= 4; v++ {
			for dead, by := range killers(events, v) {
				if fam[by].Program != 0 {
					t.Errorf("seed %d: robot %d killed by robot %d, not by Roamer", seed, dead, by)
				}
				if fam[by].Parent == 1 {
					byScanner++
				}
			}
		}
		if byScanner < 3 {
			t.Errorf("seed %d: scanners poisoned only %d sitters", seed, byScanner)
		}
	}
}

// Hive's factories build mobile robots that walk off and become factories themselves.
func TestHive(t *testing.T) {
	res, events, g := battle(t, 7, 6000, nil, load(t, "hive.rob"))
	fam := family(events)
	grandchildren, movers := 0, map[int]bool{}
	for id, e := range fam {
		if e.Parent != 0 && fam[e.Parent].Parent != 0 {
			grandchildren++
			if !e.Mobile {
				t.Errorf("robot %d built immobile", id)
			}
		}
	}
	for _, e := range events {
		if e.Kind == arena.EvMove {
			movers[e.Robot] = true
		}
	}
	t.Logf("after %d cycles: %d robots built by built robots, %d robots moved", res.Cycles, grandchildren, len(movers))
	if grandchildren < 3 || len(movers) < 5 {
		t.Errorf("after %d cycles: %d robots built by built robots, %d robots moved", res.Cycles, grandchildren, len(movers))
	}
	settled := 0
	for _, r := range g.Robots() {
		if r.Parent != 0 && r.Vars[9] == 1 { // #10 = 1: settled as a factory
			settled++
		}
	}
	t.Logf("%d settled factories", settled)
	if settled < 3 {
		t.Errorf("%d settled factories", settled)
	}
	// And it wins against sitting targets by spreading over the board.
	s := parse(t, "sitter.rob", sitter)
	res, _, _ = battle(t, 3, 0, sitterPlaces, load(t, "hive.rob"), s, s, s, s)
	if res.Winner != 0 {
		t.Errorf("Hive did not win against sitters: %+v", res.Programs)
	}
}

// Virus: infected enemies infect their own team mates (trans from their bank 1, which only
// the virus does in Colony), and die.
func TestVirus(t *testing.T) {
	col := parse(t, "colony.rob", colony)
	for seed := int64(1); seed <= 3; seed++ {
		var places []arena.Placement // random places, but one fixed game too
		if seed == 1 {
			places = []arena.Placement{at(2, 2, arena.East), at(9, 9, arena.North)}
		}
		res, events, _ := battle(t, seed, 0, places, load(t, "virus.rob"), col)
		spread, died := 0, 0
		for _, e := range events {
			if e.Kind == arena.EvTrans && e.Program == 1 && e.FromBank == 1 {
				spread++
			}
			if e.Kind == arena.EvDeath && e.Program == 1 && e.Reason == arena.ReasonDie {
				died++
			}
		}
		t.Logf("seed %d: %d cycles, colony spread the virus %d times, %d died of it", seed, res.Cycles, spread, died)
		if spread < 3 || died < 3 {
			t.Errorf("seed %d: colony robots spread the virus %d times, %d died of it", seed, spread, died)
		}
		if res.Winner != 0 {
			t.Errorf("seed %d: winner %d, want Virus", seed, res.Winner)
		}
	}
}

// Wall builds a 3x3 block around its first robot and kills attackers that come next to it.
func TestWall(t *testing.T) {
	_, _, g := battle(t, 5, 2500, []arena.Placement{at(7, 7, arena.North)}, load(t, "wall.rob"))
	block := map[[2]int]bool{}
	for _, r := range g.Robots() {
		block[[2]int{r.X, r.Y}] = true
	}
	for dx := -1; dx <= 1; dx++ {
		for dy := -1; dy <= 1; dy++ {
			if !block[[2]int{7 + dx, 7 + dy}] {
				t.Errorf("no robot at %d,%d after 2500 cycles", 7+dx, 7+dy)
			}
		}
	}
	if len(block) != 9 {
		t.Errorf("%d robots, want 9", len(block))
	}
	kills := 0
	for seed := int64(1); seed <= 3; seed++ {
		_, events, _ := battle(t, seed, 0, nil, load(t, "wall.rob"), load(t, "roamer.rob"))
		fam := family(events)
		for _, by := range killers(events, 1) {
			if fam[by].Program == 0 {
				kills++
			}
		}
	}
	t.Logf("the wall killed %d attackers in 3 games", kills)
	if kills < 15 {
		t.Errorf("the wall killed %d attackers in 3 games", kills)
	}
}

// viaRBI saves p as RBI in memory and loads it back.
func viaRBI(t *testing.T, p *robolang.Program) *robolang.Program {
	t.Helper()
	var b bytes.Buffer
	if err := robolang.WriteRBI(&b, p); err != nil {
		t.Fatal(err)
	}
	q, err := robolang.ReadRBI(&b)
	if err != nil {
		t.Fatal(err)
	}
	q.File = p.File
	return q
}

// A battle gives the same result, event for event, from .rob and from its .rbi (the first
// 20000 cycles of each game, to keep the test quick).
func TestSameBattleFromRBI(t *testing.T) {
	var progs []*robolang.Program
	names, _ := fs.Glob(FS, "*.rob")
	for _, n := range names {
		progs = append(progs, load(t, n))
	}
	corpus, _ := filepath.Glob("../../shared/corpus/robocom/july1998/*.rob")
	for _, f := range corpus {
		p, err := robolang.LoadFile(f, robolang.Options{})
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, p)
	}
	games := 0
	for i := 0; i+1 < len(progs); i += 2 {
		a, b := progs[i], progs[i+1]
		res1, ev1, _ := battle(t, int64(i), 20000, nil, a, b)
		res2, ev2, _ := battle(t, int64(i), 20000, nil, viaRBI(t, a), viaRBI(t, b))
		if !reflect.DeepEqual(res1, res2) || !reflect.DeepEqual(ev1, ev2) {
			t.Errorf("%s vs %s: different game from RBI", a.Name, b.Name)
		}
		games++
	}
	t.Logf("%d games compared", games)
}
