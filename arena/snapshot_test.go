package arena

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"

	"robocom/robolang"
)

// The delta snapshot copies every field that holds a pointer as a typed field: those are
// exactly code, banks and mt, and the raw words it copies are all the others.
func TestSnapshotRefWords(t *testing.T) {
	if !robotRefsCover {
		t.Fatal("robot has a field with pointers that robotRefs does not keep")
	}
	var want uint64
	var r robot
	for _, f := range []struct{ off, size uintptr }{
		{unsafe.Offsetof(r.code), unsafe.Sizeof(r.code)},
		{unsafe.Offsetof(r.banks), unsafe.Sizeof(r.banks)},
		{unsafe.Offsetof(r.mt), unsafe.Sizeof(r.mt)},
	} {
		for w := f.off / 8; w < (f.off+f.size)/8; w++ {
			want |= 1 << w
		}
	}
	if refWords != want {
		t.Errorf("refWords %b, want %b", refWords, want)
	}
}

// sameState fails unless g's state now equals what want (a full snapshot) holds.
func sameState(t *testing.T, g *Game, want *Snapshot, what string) {
	t.Helper()
	if got := g.Snapshot(); !reflect.DeepEqual(got, want) {
		t.Errorf("%s: the restored state differs from the full snapshot's", what)
	}
}

// A delta snapshot restores the same state as a full one taken at the same cycle, and the
// game plays on from it exactly as the original did: across deaths (which compact the
// robots, so slots hold other robots than in the base) and the base itself restored between.
func TestSnapshotSinceRestore(t *testing.T) {
	ps := julyByName(t, "Delusion_3.7.rob", "Liquid_Ice_1.2.rob")
	var events []Event
	g, err := New(Config{Programs: ps, Seed: 7, OnEvent: func(e Event) { events = append(events, e) }})
	if err != nil {
		t.Fatal(err)
	}
	g.RunUntil(500)
	base := g.Snapshot()
	g.RunUntil(3000)
	full, delta := g.Snapshot(), g.SnapshotSince(base)
	if delta.Base() != base || full.Base() != nil {
		t.Fatalf("bases: delta %p (want %p), full %p", delta.Base(), base, full.Base())
	}
	if g.DeathCount() == 0 {
		t.Fatal("the test game has no deaths by cycle 3000")
	}
	mark := len(events)
	g.RunUntil(9000)
	want, wantRobots := g.Result(), g.Robots()
	wantEvents := append([]Event(nil), events[mark:]...)

	g.Restore(base)
	g.Restore(delta)
	if g.Cycle() != 3000 || delta.Cycle() != 3000 {
		t.Fatalf("restored to cycle %d", g.Cycle())
	}
	sameState(t, g, full, "delta")
	events = events[:0]
	g.RunUntil(9000)
	if got := g.Result(); !reflect.DeepEqual(got, want) {
		t.Errorf("result after restoring the delta differs:\n%+v\n%+v", got, want)
	}
	if got := g.Robots(); !reflect.DeepEqual(got, wantRobots) {
		t.Errorf("robots after restoring the delta differ")
	}
	if !reflect.DeepEqual(events, wantEvents) {
		t.Errorf("events after restoring the delta differ: %d vs %d", len(events), len(wantEvents))
	}
	// A delta of a delta is a delta of its base; the base is unchanged by all this.
	g.Restore(delta)
	if d2 := g.SnapshotSince(delta); d2.Base() != base {
		t.Error("a delta taken since a delta does not keep the full base")
	} else {
		g.Restore(d2)
		sameState(t, g, full, "delta of a delta")
	}
	g.Restore(base)
	g.RunUntil(3000)
	sameState(t, g, full, "base replayed")
}

// An RC3 game's tasks (pointers the delta copies typed) come back from a delta too.
func TestRC3SnapshotSinceRestore(t *testing.T) {
	src := "Init 1, @b\n@a\nRandom #1, 0, 99\nAdd #Pub, 1\nSleep 3\nJump @a\n@b\nRandom #2, 1, 20\nSet #Team, ##2\nJump @b\n"
	tg := newRC3Game(t, RC3M(), origin, src)
	tg.to(20)
	base := tg.Snapshot()
	tg.to(50)
	full, delta, at50 := tg.Snapshot(), tg.SnapshotSince(base), len(tg.events)
	tg.to(200)
	want, mark := tg.robot(1), len(tg.events)
	tg.Restore(delta)
	sameState(t, tg.Game, full, "rc3 delta")
	tg.to(200)
	if got := tg.robot(1); !reflect.DeepEqual(got, want) {
		t.Errorf("restored game differs:\n%+v\n%+v", got, want)
	}
	if !reflect.DeepEqual(tg.events[at50:mark], tg.events[mark:]) {
		t.Error("the events after restoring the delta differ")
	}
}

// On a full board a delta holds a small part of what a full snapshot holds: robots change a
// few words between snapshots, and the board hardly changes.
func TestSnapshotSinceIsSmall(t *testing.T) {
	factory := "Bank Main\n@l\nCreate 2, 1, 1\nTrans 1, 1\nSet %Active, 1\nTurn 1\nJump @l\n"
	counter := "Bank Main\n@l\nAdd #1, 1\nTurn 1\nScan #2\nJump @l\n"
	var progs []*robolang.Program
	for i, src := range []string{factory, factory, counter} {
		progs = append(progs, parse(t, string(rune('A'+i)), src))
	}
	o := Classic()
	o.Board = 60
	g, err := New(Config{Programs: progs, Options: o, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for len(g.robots) < 60*60 && g.Cycle() < 20000 {
		g.Step()
	}
	base := g.Snapshot()
	g.RunUntil(g.Cycle() + 1000)
	full, delta := g.Snapshot(), g.SnapshotSince(base)
	t.Logf("%d robots: full %d bytes, delta %d bytes", len(g.robots), full.Bytes(), delta.Bytes())
	if len(g.robots) < 3000 || delta.Bytes()*5 > full.Bytes() {
		t.Errorf("%d robots: a delta holds %d bytes, a full snapshot %d", len(g.robots), delta.Bytes(), full.Bytes())
	}
	g.Restore(delta)
	sameState(t, g, full, "full board")
}

// BenchmarkSnapshotCost plays a 200×200 board of factories until it is full (40,000
// robots), then takes a delta snapshot every 256 cycles: it reports what a snapshot costs a
// robot and what the simulation costs an instruction completed, and their ratio, which the
// window's rewind tape uses to space its snapshots (ui/robowin's snapRobotInstrs).
func BenchmarkSnapshotCost(b *testing.B) {
	factory := "Bank Main\n@l\nCreate 2, 1, 1\nTrans 1, 1\nSet %Active, 1\nTurn 1\nJump @l\n"
	counter := "Bank Main\n@l\nAdd #1, 1\nTurn 1\nScan #2\nJump @l\n"
	var progs []*robolang.Program
	for i, src := range []string{factory, factory, counter} {
		progs = append(progs, parse(b, string(rune('A'+i)), src))
	}
	o := Classic()
	o.Board = 200
	o.Timeout = 1_000_000
	g, err := New(Config{Programs: progs, Options: o, Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	for len(g.robots) < 40000 && g.Cycle() < 100_000 {
		g.Step()
	}
	base := g.Snapshot()
	var sim, snap time.Duration
	var ins int64
	robots := 0
	for b.Loop() {
		i0, t0 := g.Instructions(), time.Now()
		g.RunUntil(g.Cycle() + 256)
		t1 := time.Now()
		g.SnapshotSince(base)
		sim, snap = sim+t1.Sub(t0), snap+time.Since(t1)
		ins, robots = ins+g.Instructions()-i0, robots+len(g.robots)
	}
	perRobot, perIns := float64(snap.Nanoseconds())/float64(robots), float64(sim.Nanoseconds())/float64(ins)
	b.ReportMetric(perRobot, "ns/robot-snap")
	b.ReportMetric(perIns, "ns/instr")
	b.ReportMetric(perRobot/perIns, "instrs/robot-snap")
}

// A ring of ten tasks (rc3m's most) plays on after Restore as it did: a snapshot's copy of a
// ring of 9 to 16 tasks lost the minima of its pairs of key groups, so the tasks due first
// in one pair were never visited and the restored game went another way or hung.
func TestRestoreRingOfTenTasks(t *testing.T) {
	var src strings.Builder
	for k := 1; k <= 9; k++ {
		fmt.Fprintf(&src, "Init 1, @a%d\n", k)
	}
	src.WriteString("@a0\nSet #1, 100\nJump @a0\n")
	for k := 1; k <= 9; k++ {
		fmt.Fprintf(&src, "@a%d\nSet #1, %d\nAdd #2, %d\n%sJump @a%d\n", k, k, k, strings.Repeat("Add #3, 1\n", k%4), k)
	}
	for _, at := range []int{40, 61, 88} {
		tg := newRC3Game(t, RC3M(), origin, src.String())
		tg.to(at)
		s := tg.Snapshot()
		want := tg.history(at + 60)
		tg.Restore(s)
		done := make(chan [][robolang.NumVars]int16, 1)
		go func() { done <- tg.history(at + 60) }()
		select {
		case got := <-done:
			if !reflect.DeepEqual(got, want) {
				t.Errorf("restored at cycle %d, the game plays otherwise: robot 1's variables\n%v\nwant\n%v", at, got, want)
			}
		case <-time.After(time.Minute):
			t.Fatalf("restored at cycle %d, the game did not reach cycle %d in a minute (a ring's task never due)", at, at+60)
		}
	}
}

// Visits waiting beyond the timing wheel in its coarse second wheel (sched.go: a ring whose
// every task is in a long CREATE or TRANS waits there) survive Snapshot and Restore: the game
// restored plays on as it did. Snapshots keep those visits apart from the game (Game.far is
// the live game's, reused); without their copy Restore found no entries where it looked and panicked.
func TestRestoreFarVisits(t *testing.T) {
	p := parseRC3(t, "Crowd", strings.ReplaceAll(crowdRC3Src, "NTASKS", "10"))
	o := RC3M()
	o.Timeout = MaxTimeout
	g, err := New(Config{Programs: []*robolang.Program{p}, Seed: 1, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	g.RunUntil(20000)
	for len(g.flatFar()) < 10 && g.Cycle() < 40000 {
		g.Step()
	}
	if len(g.flatFar()) < 10 {
		t.Fatalf("cycle %d: %d visits in the coarse wheel, want some to test", g.Cycle(), len(g.flatFar()))
	}
	at := g.Cycle()
	s := g.Snapshot()
	type state struct {
		robots []RobotView
		instr  int64
	}
	play := func() state {
		g.RunUntil(at + 3000)
		return state{g.Robots(), g.Instructions()}
	}
	want := play()
	g.Restore(s)
	done := make(chan state, 1)
	go func() { done <- play() }()
	select {
	case got := <-done:
		if !reflect.DeepEqual(got, want) {
			t.Errorf("restored at cycle %d, the game plays otherwise: %d instructions at cycle %d, want %d", at, got.instr, at+3000, want.instr)
		}
	case <-time.After(time.Minute):
		t.Fatalf("restored at cycle %d, the game did not reach cycle %d in a minute", at, at+3000)
	}
}
