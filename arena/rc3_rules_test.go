package arena

import (
	"reflect"
	"testing"
)

// Rules of RC3.md beyond the worked examples, one test each.

// RANDOM and $ID draw from the round's generator in the order of RC3.md 8: placements (none
// here: both are fixed), one $ID per program, then one U per completing RANDOM; b = c still
// draws; b > c is error 13 and draws nothing.
func TestRC3RandomDraws(t *testing.T) {
	tg := newRC3Game(t, RC3(), []Placement{at(0, 0, East), at(5, 5, North)},
		"Random #1, -3, 3\nSet #2, $ID\nRandom #3, 5, 5\nRandom #4, 0, 100\nRandom #5, 1, 0\n", "Set #2, $ID\nJump 0\n")
	tg.to(5) // 1 RANDOM, 2-3 SET, 4 and 5 RANDOM, 6 RANDOM 1, 0: error 13
	r := newRNG(1)
	id1 := int16(1 + r.intn(32767))
	id2 := int16(1 + r.intn(32767))
	for id2 == id1 {
		id2 = int16(1 + r.intn(32767))
	}
	v1 := int16(-3 + r.intn(7))
	r.intn(1)
	v4 := int16(r.intn(101))
	tg.expectVar(1, 1, v1)
	tg.expectVar(1, 2, id1)
	tg.expectVar(2, 2, id2)
	tg.expectVar(1, 3, 5)
	tg.expectVar(1, 4, v4)
	tg.to(12)
	tg.expectDeath(1, 6, ReasonInvalidParameter)
	if g := tg.Game; g.rng != r {
		t.Errorf("generator state %x after the game, want %x (RANDOM 1, 0 must not draw)", g.rng.state, r.state)
	}
}

// The RC3 constants (RC3.md 3), %Age, and saturation at 32767.
func TestRC3Constants(t *testing.T) {
	src := "Set #1, $Time\nSet #2, $Age\nSet #3, $InstrPos\nSet #4, $Tasks\nSet #5, $Timeout\nSet #6, $ElimTrigger\n" +
		"Set #7, $Own\nSet #8, $Others\nSet #9, $Generation\nSet #10, %Age\nSet #11, $Fields\nJump 0\n"
	tg := newRC3Game(t, RC3M(), []Placement{at(0, 0, East), at(1, 0, North), at(9, 9, North)}, src, enemyLoop, enemyLoop)
	tg.to(30)
	for v, want := range []int16{2, 4, 3, 1, 32767, 5000, 1, 2, 0, 26, 16} { // %Age: read at completion, cycle 26
		tg.expectVar(1, v+1, want)
	}
	o := RC3()
	o.Timeout = 40000
	o.MaxDuration = 0
	tg2 := newRC3Game(t, o, origin, "Sleep 32767\nSet #1, $Time\nSet #2, $Age\nSet #3, $Timeout\nJump 0\n")
	tg2.RunUntil(32780)
	tg2.expectVar(1, 1, 32767)
	tg2.expectVar(1, 2, 32767)
	tg2.expectVar(1, 3, 32767)
}

// #Pub is one value for the game, #Team one per team; both start at 0.
func TestRC3SharedVariables(t *testing.T) {
	tg := newRC3Game(t, RC3(), []Placement{at(0, 0, East), at(5, 5, North)},
		"Set #Pub, 7\nSet #Team, 3\nSet #1, #Team\nJump 0\n", "Sleep 10\nSet #1, #Pub\nSet #2, #Team\nJump 0\n")
	tg.to(20)
	tg.expectVar(1, 1, 3)
	tg.expectVar(2, 1, 7)
	tg.expectVar(2, 2, 0)
}

// ##k reads and writes the variable #v, v = #k; an index outside 1..20 is error 13, before
// the instruction's own checks (Div ##3, 0 is 13, not 14).
func TestRC3Indirect(t *testing.T) {
	tg := newRC3Game(t, RC3(), origin, "Set #1, 5\nSet ##1, 9\nSet #2, ##1\nAdd ##1, ##1\nSet #3, 21\nSet ##3, 1\n")
	tg.to(10)
	tg.expectVar(1, 5, 18)
	tg.expectVar(1, 2, 9)
	tg.to(14)
	tg.expectDeath(1, 12, ReasonInvalidParameter)
	tg2 := newRC3Game(t, RC3(), origin, "Div ##3, 0\n")
	tg2.to(3)
	tg2.expectDeath(1, 2, ReasonInvalidParameter)
	// At fetch an index outside 1..20 reads 0: SLEEP ##3 with #3 = 0 lasts 1 cycle, and its
	// completion, which resolves ##3, is error 13.
	tg3 := newRC3Game(t, RC3(), origin, "Sleep ##3\n")
	tg3.to(3)
	tg3.expectDeath(1, 1, ReasonInvalidParameter)
}

// Error 16 is decided at fetch, before the completion's checks; max-duration works under
// classic too (and classic events have no task).
func TestRC3Error16(t *testing.T) {
	tg := newRC3Game(t, RC3(), origin, "Create 0, 57, 0\n")
	tg.to(3)
	tg.expectDeath(1, 1, ReasonDurationTooHigh)
	tg = newRC3Game(t, RC3(), origin, "Farscan #1, #2, 496\nFarscan #1, #2, 497\n")
	tg.RunUntil(1600)
	tg.expectDeath(1, 1499, ReasonDurationTooHigh)
	o := Classic()
	o.MaxDuration = 10
	tg = newGame(t, o, origin, "Set #1, 1\nMove\n")
	tg.to(8)
	tg.expectDeath(1, 6, ReasonDurationTooHigh)
	if e := tg.events[len(tg.events)-1]; e.Task != 0 {
		t.Errorf("classic death event has task %d", e.Task)
	}
}

// Deactivation freezes every task; reactivated, the robot goes on where it was.
func TestRC3DeactivationFreezesTasks(t *testing.T) {
	a := "Init 1, @b\n@a\nAdd #1, 1\nJump @a\n@b\nAdd #2, 1\nJump @b\n"
	b := "Sleep 6\nSet %Active, 0\nSleep 40\nSet %Active, 1\nJump 0\n"
	tg := newRC3Game(t, RC3M(), []Placement{at(1, 0, East), at(0, 0, East)}, a, b)
	tg.to(14) // B's SET %Active (2 + 6 cycles) completes in cycle 14: A is frozen from then on
	frozen := tg.robot(1)
	if frozen.Active != 0 || len(frozen.Tasks) != 2 {
		t.Fatalf("cycle 14: %+v", frozen)
	}
	tg.to(40)
	if v := tg.robot(1); !reflect.DeepEqual(v, frozen) {
		t.Errorf("frozen robot changed:\n%+v\n%+v", frozen, v)
	}
	tg.to(80) // reactivated in cycle 62
	v := tg.robot(1)
	if v.Active != 1 || v.Vars[0] <= frozen.Vars[0] || v.Vars[1] <= frozen.Vars[1] {
		t.Errorf("after reactivation: active %d, #1 %d→%d, #2 %d→%d", v.Active, frozen.Vars[0], v.Vars[0], frozen.Vars[1], v.Vars[1])
	}
}

// RTRANS copies the robot in front's bank a over own bank b (RC3.md 4): 14 + N cycles, an
// rtrans event; a missing own bank b is error 12; an empty field does nothing.
func TestRC3RTrans(t *testing.T) {
	tg := newRC3Game(t, RC3(), []Placement{at(0, 0, East), at(1, 0, North)},
		"Bank A\nRTrans 1, 2\nBJump 2, 1\nBank B\nDie\n", "Bank\nAdd #5, 1\nJump -1\n")
	tg.to(30)
	if got := tg.rc3Log(); got != "16:1:T1:rtrans:2:1>2" {
		t.Errorf("events %s", got)
	}
	// 1-16 RTRANS (14 + 2), 17-18 BJUMP, then ADD/JUMP: #5 = 1, 2, 3, 4 in cycles 20, 23, 26, 29.
	if v := tg.robot(1); v.Vars[4] != 4 || v.Banks[1].Len != 2 || v.Banks[1].Origin != 1 {
		t.Errorf("robot 1 after RTRANS: #5 = %d, bank 2 %+v", v.Vars[4], v.Banks[1])
	}
	tg = newRC3Game(t, RC3(), []Placement{at(0, 0, East), at(1, 0, North)}, "RTrans 1, 2\n", enemyLoop)
	tg.to(20)
	tg.expectDeath(1, 15, ReasonNoSourceBank) // 14 + the remote bank's 1 instruction
	tg = newRC3Game(t, RC3(), origin, "RTrans 1, 1\nSet #1, $Time\nJump 0\n")
	tg.to(20)
	tg.expectVar(1, 1, 16)
	if got := tg.rc3Log(); got != "" {
		t.Errorf("RTRANS from an empty field wrote %s", got)
	}
}

// QUIT of the seized task ends the seizure; SEIZE while seized, RESUME while not and BREAK
// alone write nothing.
func TestRC3SeizeQuit(t *testing.T) {
	tg := newRC3Game(t, RC3M(), origin, "Init 1, @b\nSeize\nSeize\nQuit\n@b\nAdd #2, 1\nJump @b\n")
	h := tg.history(8)
	// 1-2 INIT; 3 T2 fetches ADD; 4 T1 SEIZE; 5 T1 SEIZE again (nothing); 6 T1 QUIT: the
	// seizure ends; 7 T2's ADD completes.
	becomes(t, h, 7, 2, 1)
	if got := tg.rc3Log(); got != "2:1:T1:init:2@1,5:r0 4:1:T1:seize 6:1:T1:quit" {
		t.Errorf("events %s", got)
	}
	if v := tg.robot(1); v.Seized != 0 || !reflect.DeepEqual(taskNums(v), []int{2}) {
		t.Errorf("after QUIT: seized %d, tasks %v", v.Seized, taskNums(v))
	}
	tg = newRC3Game(t, RC3M(), origin, "Resume\nBreak\nSet #1, 1\nJump 0\n")
	tg.to(10)
	if got := tg.rc3Log(); got != "" {
		t.Errorf("no-op task instructions wrote %s", got)
	}
}

// A built robot has one task facing the builder's executing task's head, generation + 1,
// and reads $Age 0 in its creation cycle.
func TestRC3CreateChild(t *testing.T) {
	tg := newRC3Game(t, RC3M(), origin, "Bank\nInit 1, @b\nJump 0\n@b\nTurn 1\nCreate 0, 1, 0\nTrans 2, 1\nSet %Active, 1\nJump 0\nBank\nSet #1, $Age\nSet #2, $Generation\nJump 0\n")
	tg.to(400)
	var spawn Event
	for _, e := range tg.events {
		if e.Kind == EvSpawn && e.Parent == 1 {
			spawn = e
		}
	}
	if spawn.Robot != 2 || spawn.Dir != South || spawn.X != 0 || spawn.Y != 1 {
		t.Fatalf("spawn %+v: want robot 2 south of the builder, facing S (task 2's head)", spawn)
	}
	v := tg.robot(2)
	if len(v.Tasks) != 1 || v.Tasks[0].Number != 1 || v.Tasks[0].Dir != South || v.Generation != 1 {
		t.Errorf("child %+v", v)
	}
	if v.Vars[1] != 1 || v.Vars[0] < 1 {
		t.Errorf("child #1 ($Age) %d, #2 ($Generation) %d", v.Vars[0], v.Vars[1])
	}
}

// A snapshot of an RC3 game restores tasks, #Pub, #Team and the generator.
func TestRC3SnapshotRestore(t *testing.T) {
	src := "Init 1, @b\n@a\nRandom #1, 0, 99\nAdd #Pub, 1\nSleep 3\nJump @a\n@b\nRandom #2, 1, 20\nSet #Team, ##2\nJump @b\n"
	tg := newRC3Game(t, RC3M(), origin, src)
	tg.to(50)
	s := tg.Snapshot()
	tg.to(200)
	want, mark := tg.robot(1), len(tg.events)
	tg.Restore(s)
	tg.to(200)
	if got := tg.robot(1); !reflect.DeepEqual(got, want) {
		t.Errorf("restored game differs:\n%+v\n%+v", got, want)
	}
	if !reflect.DeepEqual(tg.events[mark:], tg.events[len(tg.events)-(len(tg.events)-mark):]) || tg.pub == 0 {
		t.Errorf("pub %d", tg.pub)
	}
}

// ProbeTask follows one task: E1's task 2, created at its ADD (instruction 4) in cycle 2,
// arrives there again when its JUMP completes in cycle 7 (a probe of a task that did not
// exist yet is not alive, so its creation is not an arrival, as for a new robot).
func TestRC3ProbeTask(t *testing.T) {
	tg := newRC3Game(t, RC3M(), origin, "Init 1, @b\n@a\nAdd #1, 1\nJump @a\n@b\nAdd #2, 1\nJump @b\n")
	var arrivals []int
	prev := tg.ProbeTask(1, 2)
	for tg.Cycle() < 12 {
		tg.Step()
		cur := tg.ProbeTask(1, 2)
		if Arrived(prev, cur) && cur.Instr == 4 {
			arrivals = append(arrivals, tg.Cycle())
		}
		prev = cur
	}
	if !reflect.DeepEqual(arrivals, []int{7}) {
		t.Errorf("task 2 arrived at its ADD in cycles %v", arrivals)
	}
	if p := tg.ProbeTask(1, 3); p.Alive {
		t.Error("task 3 probed alive")
	}
}
