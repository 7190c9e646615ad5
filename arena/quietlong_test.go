package arena

import (
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"robocom/robolang"
)

// genLongPeriod writes a classic program whose robots repeat themselves in long periods:
// every bank is a loop of counters that reset (a counter of N iterations with actions that
// touch nothing on a full board: SCAN, TRANS of a bank the robot in front holds, SET %Active
// to its value, CREATE into an occupied field, TURN), so that a robot's period is N times the
// visits of one iteration, 1 to a few hundred; some banks jump to others, some robots move,
// create, switch others off, count without end or die.
func genLongPeriod(rng *rand.Rand) string {
	var b strings.Builder
	nb := 1 + rng.Intn(3)
	b.WriteString("Name LongPeriod\n")
	tr := func() string { return fmt.Sprintf("Trans %d, %d", 1+rng.Intn(nb), 1+rng.Intn(nb)) }
	copies := ""
	for k := 1; k <= nb; k++ {
		copies += fmt.Sprintf("Trans %d, %d\n", k, k)
	}
	common := []string{"Scan #15", "Trans 1, 1", fmt.Sprintf("Trans %d, %d", nb, nb), "Set %Active, 1", "Turn 1", "Turn 0",
		"Scan #16\nComp #16, 0\nTurn 1", "Scan #14"}
	rare := []string{"Move", "Create 2, 3, 1", "Create 2, 2, 0", "Create 2, 3, 0\n" + copies + "Set %Active, 1",
		"Set %Active, 0", "Add #17, 1", tr(), "Scan #18\nComp #18, 1\nSet %Active, 0", "Scan #18\nComp #18, 1\n" + tr()}
	for k := 1; k <= nb; k++ {
		a, c := 3*k-2, 3*k-1
		fmt.Fprintf(&b, "Bank B%d\n@top%d\n", k, k)
		act := func(list []string, n int) {
			for i := 0; i < n; i++ {
				b.WriteString(list[rng.Intn(len(list))] + "\n")
			}
		}
		if k == 1 && rng.Intn(5) != 0 { // fill the board with copies first, then count
			fmt.Fprintf(&b, "Scan #13\nComp #13, 0\nJump @full\nCreate 2, %d, %d\n%sSet %%Active, 1\n@full\n",
				nb, rng.Intn(2), copies)
			if rng.Intn(2) == 0 {
				b.WriteString("Turn 1\n")
			}
		}
		fmt.Fprintf(&b, "Add #%d, 1\nComp #%d, %d\nJump @s%d\nSet #%d, 0\n", a, a, 1+rng.Intn(70), k, a)
		act(common, rng.Intn(3))
		if rng.Intn(3) == 0 {
			act(rare, 1)
		}
		if nb > 1 && rng.Intn(3) == 0 {
			fmt.Fprintf(&b, "Bjump %d, 1\n", 1+rng.Intn(nb))
		}
		fmt.Fprintf(&b, "@s%d\n", k)
		act(common, 1+rng.Intn(3))
		if rng.Intn(2) == 0 { // a second counter
			fmt.Fprintf(&b, "Add #%d, 1\nComp #%d, %d\nJump @t%d\nSet #%d, 0\n", c, c, 1+rng.Intn(9), k, c)
			act(common, 1+rng.Intn(2))
			fmt.Fprintf(&b, "@t%d\n", k)
		}
		if rng.Intn(8) == 0 {
			act(rare, 1)
		}
		if k > 1 && rng.Intn(2) == 0 {
			b.WriteString("Bjump 1, 1\n")
		} else {
			fmt.Fprintf(&b, "Jump @top%d\n", k)
		}
	}
	return b.String()
}

// longPeriodGame plays one game of genLongPeriod programs in random jumps (RunUntil, Step,
// RunUntilEvent, a handler set for a while, snapshots and restores) against the same game
// without dormant robots, comparing at every stop the views, the instruction count, the
// deaths and the events; it returns how many robots were dormant with a period of more than
// pausedVisits visits at the stops (before the views woke them).
func longPeriodGame(t *testing.T, seed int64) (long int) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	var progs []*robolang.Program
	var srcs []string
	for k := 1 + rng.Intn(3); k > 0; k-- {
		src := genLongPeriod(rng)
		srcs = append(srcs, src)
		p, err := robolang.Parse("lp.rob", []byte(src), robolang.Options{})
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
		progs = append(progs, p)
	}
	o := Classic()
	o.Board = 4 + rng.Intn(5)
	o.Timeout = 5000 + rng.Intn(40000)
	o.FirstMobile = rng.Intn(2) == 0
	if rng.Intn(3) == 0 {
		o.ElimTrigger = 30 + rng.Intn(100)
	}
	if rng.Intn(3) == 0 { // long TRANS and CREATE: periods of many cycles, visits beyond the wheel
		o.TransPerInstr = 50 + rng.Intn(3000)
		o.CreatePerBank = 100 + rng.Intn(5000)
	}
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("seed %d (board %d, timeout %d): %s\nprograms:\n%s", seed, o.Board, o.Timeout,
			fmt.Sprintf(format, args...), strings.Join(srcs, "\n----\n"))
	}
	g, err := New(Config{Programs: progs, Options: o, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := New(Config{Programs: progs, Options: o, Seed: seed, noQuiet: true})
	defer g.Release()
	defer ref.Release()
	var snaps, refSnaps []*Snapshot
	var evG, evR []string
	logTo := func(l *[]string) func(Event) { return func(e Event) { *l = append(*l, fmt.Sprintf("%+v", e)) } }
	for stop := 0; !g.Over() && stop < 300; stop++ {
		a := rng.Intn(20)
		switch {
		case a < 12:
			to := g.Cycle() + 1 + rng.Intn(1+o.Timeout/8)
			g.RunUntil(to)
			ref.RunUntil(to)
		case a < 14:
			for n := rng.Intn(4); n >= 0; n-- {
				g.Step()
				ref.Step()
			}
		case a == 14:
			to := g.Cycle() + 1 + rng.Intn(500)
			stopAt := func(e Event) bool { return e.Kind == EvDeath || e.Kind == EvSpawn }
			if fg, fr := g.RunUntilEvent(to, stopAt), ref.RunUntilEvent(to, stopAt); fg != fr {
				fail("RunUntilEvent: %v, without dormant robots %v", fg, fr)
			}
		case a == 15:
			evG, evR = evG[:0], evR[:0]
			g.SetEventHandler(logTo(&evG))
			ref.SetEventHandler(logTo(&evR))
			to := g.Cycle() + 1 + rng.Intn(300)
			g.RunUntil(to)
			ref.RunUntil(to)
			g.SetEventHandler(nil)
			ref.SetEventHandler(nil)
			if !reflect.DeepEqual(evG, evR) {
				fail("cycle %d: the events differ", g.Cycle())
			}
		case a == 16:
			snaps, refSnaps = append(snaps, g.Snapshot()), append(refSnaps, ref.Snapshot())
		case a >= 17 && len(snaps) > 0: // (often with robots dormant: nothing has looked since the last run)
			i := rng.Intn(len(snaps))
			g.Restore(snaps[i])
			ref.Restore(refSnaps[i])
		}
		for s := range g.robots {
			if g.robots[s].alive && g.quiet != nil && g.quiet[s]&dormantBit != 0 && len(g.watch[s].steps) > pausedVisits {
				long++
			}
		}
		checkInvariants(t, g)
		if g.quietBroken != 0 {
			fail("%d periods recorded did not repeat", g.quietBroken)
		}
		if rng.Intn(2) == 0 { // (a look wakes the dormant robots: look now and then only)
			continue
		}
		if g.Cycle() != ref.Cycle() || g.Over() != ref.Over() {
			fail("cycle %d over %v, without dormant robots %d %v", g.Cycle(), g.Over(), ref.Cycle(), ref.Over())
		}
		if a, b := g.Instructions(), ref.Instructions(); a != b {
			fail("cycle %d: %d instructions, without dormant robots %d", g.Cycle(), a, b)
		}
		if a, b := g.Deaths(), ref.Deaths(); !reflect.DeepEqual(a, b) {
			fail("cycle %d: the deaths differ:\n%+v\n%+v", g.Cycle(), a, b)
		}
		if a, b := g.Robots(), ref.Robots(); !reflect.DeepEqual(a, b) {
			fail("cycle %d: the robots differ:\n%+v\n%+v", g.Cycle(), a, b)
		}
	}
	g.Run()
	ref.Run()
	if a, b := g.Result(), ref.Result(); !reflect.DeepEqual(a, b) {
		fail("the results differ:\n%+v\n%+v", a, b)
	}
	return long
}

// TestQuietLongPeriodsRandom: games of robots that repeat themselves in periods of up to a
// few hundred visits (genLongPeriod), played in random jumps, read as the same games without
// dormant robots. The periods of 33 to 128 visits that only the first search after a touch
// finds (RATIONALE.md "Arena scheduling", twelfth pass) are frequent here, as are Restores
// with robots dormant (a Restore without restartQuiet fails it, which the July tests miss).
// QUIETLONG_FIRST and QUIETLONG_N choose other seeds (20,000 games take 90 s), as does
// FuzzQuietLongPeriods.
func TestQuietLongPeriodsRandom(t *testing.T) {
	n := int64(300)
	if testing.Short() {
		n = 60
	}
	long, first := 0, int64(1)
	if v, err := strconv.ParseInt(os.Getenv("QUIETLONG_FIRST"), 10, 64); err == nil {
		first = v
	}
	if v, err := strconv.ParseInt(os.Getenv("QUIETLONG_N"), 10, 64); err == nil {
		n = v
	}
	for seed := first; seed < first+n; seed++ {
		long += longPeriodGame(t, seed)
	}
	t.Logf("%d games; at the stops %d robots dormant with periods of more than %d visits", n, long, pausedVisits)
	if long == 0 {
		t.Error("no robot slept with a period of more than pausedVisits visits")
	}
}

// FuzzQuietLongPeriods is TestQuietLongPeriodsRandom for any seed.
func FuzzQuietLongPeriods(f *testing.F) {
	f.Add(int64(1))
	f.Fuzz(func(t *testing.T, seed int64) { longPeriodGame(t, seed) })
}

// counterProgram is a robot that counts to 30000 and starts again: it never repeats itself
// within a search, so its searches pause.
func counterProgram(t *testing.T) *robolang.Program {
	return parse(t, "Counter", "@l\nScan #2\nAdd #1, 1\nComp #1, 30000\nJump @l\nSet #1, 0\nJump @l")
}

// TestQuietPausedSearch: a robot that does not repeat itself within maxQuietVisits visits (a
// counter) pauses its search; the search after the pause looks for pausedVisits visits only,
// unless something touched the robot or restarted every search (a Restore) in between, even
// in the very cycle the pause ends.
func TestQuietPausedSearch(t *testing.T) {
	p := counterProgram(t)
	o := Classic()
	o.Timeout = 100000
	o.ElimTrigger = 32767
	// nextSearch steps g up to the next start of a search of the robot in slot 0 and returns
	// the longest period it looks for, and the value of resume before it.
	nextSearch := func(g *Game) (most int32, resume uint32) {
		t.Helper()
		epoch := ^uint32(0)
		if g.watch != nil {
			epoch, resume = g.watch[0].epoch, g.watch[0].resume
		}
		for g.Step() {
			if g.watch == nil {
				continue
			}
			if w := &g.watch[0]; w.epoch != epoch && w.epoch != ^uint32(0) {
				return w.most, resume
			}
			epoch, resume = g.watch[0].epoch, g.watch[0].resume
		}
		t.Fatal("no search")
		return
	}
	newCounter := func() *Game {
		g, err := New(Config{Programs: []*robolang.Program{p}, Options: o, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if most, _ := nextSearch(g); most != maxQuietVisits {
			t.Fatalf("the first search looks for %d visits", most)
		}
		return g
	}

	untilPaused := func(g *Game) {
		t.Helper()
		for g.watch[0].resume == ^uint32(0) {
			if !g.Step() {
				t.Fatal("no pause")
			}
		}
	}

	g := newCounter()
	if most, resume := nextSearch(g); most != pausedVisits || resume == ^uint32(0) {
		t.Errorf("untouched after its pause: the search looks for %d visits (resume %d), want %d", most, resume, pausedVisits)
	}

	g = newCounter()
	untilPaused(g)
	g.RunUntil(g.Cycle() + 1000)
	g.touch(g.robots[0].field)
	if most, _ := nextSearch(g); most != maxQuietVisits {
		t.Errorf("touched in its pause: the search looks for %d visits, want %d", most, maxQuietVisits)
	}

	g = newCounter()
	untilPaused(g)
	g.RunUntil(int(g.watch[0].resume)) // (the cycle Game.quiet was set to)
	g.Restore(g.Snapshot())
	if most, _ := nextSearch(g); most != maxQuietVisits {
		t.Errorf("restored in the cycle its pause ends: the search looks for %d visits, want %d", most, maxQuietVisits)
	}
}

// TestQuietStepsBudget: once a game has added maxGrownSteps steps to its recordings, a
// robot without the room searches for 32 visits only, so that a full 200×200 board does not
// take gigabytes; the search's length changes no result (TestQuietLongPeriodsRandom).
func TestQuietStepsBudget(t *testing.T) {
	p := counterProgram(t)
	o := Classic()
	o.ElimTrigger = 32767
	for _, budgetUsed := range []bool{false, true} {
		g, err := New(Config{Programs: []*robolang.Program{p}, Options: o, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if budgetUsed {
			g.grownSteps = maxGrownSteps
		}
		for g.Step() && (g.watch == nil || g.watch[0].epoch == ^uint32(0)) {
		}
		want := int32(maxQuietVisits)
		if budgetUsed {
			want = pausedVisits
		}
		if g.watch == nil || g.watch[0].most != want {
			t.Fatalf("budget used %v: the first search does not look for %d visits", budgetUsed, want)
		}
		g.Release()
	}
}
