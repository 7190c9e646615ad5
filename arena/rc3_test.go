package arena

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"robocom/robolang"
)

// parseRC3 assembles a program under rc3 (a "Bank" line may be left out).
func parseRC3(t testing.TB, name, src string) *robolang.Program {
	t.Helper()
	if !bankLine.MatchString(src) {
		src = "Bank Main\n" + src
	}
	p, err := robolang.Parse(name+".rob", []byte("Name "+name+"\n"+src), robolang.Options{RC3: true})
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return p
}

// newRC3Game is newGame for RC3 sources.
func newRC3Game(t testing.TB, opts *Options, places []Placement, srcs ...string) *testGame {
	t.Helper()
	tg := &testGame{t: t}
	var progs []*robolang.Program
	for i, s := range srcs {
		progs = append(progs, parseRC3(t, fmt.Sprintf("P%d", i), s))
	}
	g, err := New(Config{Programs: progs, Options: opts, Seed: 1, Places: places,
		OnEvent: func(e Event) { tg.events = append(tg.events, e) }})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	tg.Game = g
	return tg
}

// history steps the game to cycle n and returns robot 1's variables after each cycle
// (index 0: before cycle 1).
func (tg *testGame) history(n int) [][robolang.NumVars]int16 {
	h := [][robolang.NumVars]int16{tg.robot(1).Vars}
	for tg.Cycle() < n && tg.Step() {
		v, _ := tg.Robot(1)
		h = append(h, v.Vars)
	}
	return h
}

// becomes checks that #v of robot 1 took the value want in cycle c (and had another before).
func becomes(t *testing.T, h [][robolang.NumVars]int16, c, v int, want int16) {
	t.Helper()
	if c >= len(h) {
		t.Errorf("#%d = %d in cycle %d: the game ended after cycle %d", v, want, c, len(h)-1)
		return
	}
	if got := h[c][v-1]; got != want {
		t.Errorf("cycle %d: #%d = %d, want %d", c, v, got, want)
	}
	if prev := h[c-1][v-1]; prev == want {
		t.Errorf("cycle %d: #%d was already %d in cycle %d", c, v, want, c-1)
	}
}

// rc3Log renders the events other than the first spawns, with the task: "cycle:robot:T:event[:detail]".
func (tg *testGame) rc3Log() string {
	var parts []string
	for _, e := range tg.events {
		if e.Kind == EvSpawn && e.Cycle == 0 {
			continue
		}
		s := fmt.Sprintf("%d:%d:T%d:%s", e.Cycle, e.Robot, e.Task, e.Kind)
		switch e.Kind {
		case EvTurn:
			s += ":" + e.Dir.String()
		case EvDeath:
			s += ":" + e.Reason.String()
		case EvInit:
			s += fmt.Sprintf(":%d@%d,%d:r%d", e.NewTask, e.Bank, e.Instr, e.Replaced)
		case EvBreak:
			s += fmt.Sprint(":", e.Ended)
		case EvTrans, EvRTrans:
			s += fmt.Sprintf(":%d:%d>%d", e.Target, e.FromBank, e.ToBank)
		case EvActivate, EvDeactivate:
			s += fmt.Sprintf(":%d", e.Target)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func taskNums(v RobotView) []int {
	var out []int
	for _, t := range v.Tasks {
		out = append(out, t.Number)
	}
	return out
}

var origin = []Placement{at(0, 0, East)}

const enemyLoop = "Jump 0"

// The worked examples of RC3.md section 10, one test each.

func TestRC3E1RoundRobin(t *testing.T) {
	tg := newRC3Game(t, RC3M(), origin, "Init 1, @b\n@a\nAdd #1, 1\nJump @a\n@b\nAdd #2, 1\nJump @b\n")
	h := tg.history(12)
	becomes(t, h, 5, 2, 1)
	becomes(t, h, 6, 1, 1)
	becomes(t, h, 11, 2, 2)
	becomes(t, h, 12, 1, 2)
	if got := tg.rc3Log(); got != "2:1:T1:init:2@1,4:r0" {
		t.Errorf("events %s", got)
	}
}

func TestRC3E2WhereInitPutsATask(t *testing.T) {
	tg := newRC3Game(t, RC3M(), origin, "Init 1, @x\nInit 1, @y\n@z\nAdd #1, 1\nJump @z\n@x\nAdd #2, 1\nJump @x\n@y\nAdd #3, 1\nJump @y\n")
	tg.to(6)
	if got := taskNums(tg.robot(1)); !reflect.DeepEqual(got, []int{1, 3, 2}) {
		t.Errorf("ring after cycle 6: %v, want [1 3 2]", got)
	}
	tg2 := newRC3Game(t, RC3M(), origin, "Init 1, @x\nInit 1, @y\n@z\nAdd #1, 1\nJump @z\n@x\nAdd #2, 1\nJump @x\n@y\nAdd #3, 1\nJump @y\n")
	h := tg2.history(14)
	becomes(t, h, 5, 2, 1)
	becomes(t, h, 10, 3, 1)
	becomes(t, h, 12, 1, 1)
	becomes(t, h, 14, 2, 2)
}

func TestRC3E3SleepAJumpError16(t *testing.T) {
	tg := newRC3Game(t, RC3(), origin, "Set #20, @@back\nJump @wait\n@back\nAdd #1, 1\nSleep 2000\n@wait\nSleep 5\nAJump #20\n")
	h := tg.history(20)
	becomes(t, h, 2, 20, 3)
	becomes(t, h, 11, 1, 1)
	tg.expectDeath(1, 12, ReasonDurationTooHigh)
	if got := tg.rc3Log(); got != "12:1:T1:death:duration_too_high" {
		t.Errorf("events %s", got)
	}
	// SLEEP 5 is a plain 5-cycle wait: AJUMP is fetched in cycle 9, so the ADD in 10.
	tg2 := newRC3Game(t, RC3(), origin, "Set #20, @@back\nJump @wait\n@back\nAdd #1, 1\nSleep 2000\n@wait\nSleep 5\nAJump #20\n")
	tg2.to(7)
	if v := tg2.robot(1); v.Instr != 5 || !v.InProgress || v.Remaining != 1 {
		t.Errorf("cycle 7: at %d in progress %v remaining %d, want SLEEP at 5 with 1 left", v.Instr, v.InProgress, v.Remaining)
	}
	tg2.to(9)
	if v := tg2.robot(1); v.Instr != 3 {
		t.Errorf("cycle 9: AJUMP went to %d, want 3", v.Instr)
	}
}

func TestRC3E4SleepPassesTheTurnOn(t *testing.T) {
	src := "Init 1, @w\nSleep 4\nAdd #1, 1\nJump -1\n@w\nAdd #2, 1\nJump @w\n"
	h := newRC3Game(t, RC3M(), origin, src).history(11)
	becomes(t, h, 4, 2, 1)
	becomes(t, h, 8, 2, 2)
	becomes(t, h, 11, 1, 1)
	// Cycle 5: T1 counts, then T2 (its JUMP) in the same turn; T1 is asleep with 2 left.
	tg := newRC3Game(t, RC3M(), origin, src).to(5)
	v := tg.robot(1)
	if len(v.Tasks) != 2 || !v.Tasks[0].Asleep || v.Tasks[0].Remaining != 2 || v.Tasks[1].Instr != 5 || !v.Tasks[1].Cursor {
		t.Errorf("cycle 5: tasks %+v", v.Tasks)
	}
}

func TestRC3E5SeizeInitResume(t *testing.T) {
	src := "Seize\nInit 1, @w\nAdd #1, 1\nAdd #1, 1\nResume\n@z\nAdd #3, 1\nJump @z\n@w\nAdd #2, 1\nJump @w\n"
	tg := newRC3Game(t, RC3M(), origin, src)
	h := tg.history(12)
	becomes(t, h, 5, 1, 1)
	becomes(t, h, 7, 1, 2)
	becomes(t, h, 11, 2, 1)
	becomes(t, h, 12, 3, 1)
	if got := tg.rc3Log(); got != "1:1:T1:seize 3:1:T1:init:2@1,8:r0 8:1:T1:resume" {
		t.Errorf("events %s", got)
	}
	tg2 := newRC3Game(t, RC3M(), origin, src).to(4)
	v := tg2.robot(1)
	if v.Seized != 1 || len(v.Tasks) != 2 || !v.Tasks[1].Paused || v.Tasks[1].InProgress || v.Next != 1 {
		t.Errorf("cycle 4: seized %d next %d tasks %+v", v.Seized, v.Next, v.Tasks)
	}
}

func TestRC3E6Quit(t *testing.T) {
	tg := newRC3Game(t, RC3M(), origin, "Init 1, @b\nAdd #1, 1\nQuit\n@b\nAdd #2, 1\nQuit\n")
	h := tg.history(10)
	becomes(t, h, 5, 2, 1)
	becomes(t, h, 6, 1, 1)
	tg.expectDeath(1, 8, ReasonNoTasks)
	if got := tg.rc3Log(); got != "2:1:T1:init:2@1,4:r0 7:1:T2:quit 8:1:T1:death:no_tasks" {
		t.Errorf("events %s", got)
	}
}

func TestRC3E7InitAtTheLimit(t *testing.T) {
	src := "Init 1, @b\n@a\nAdd #1, 1\nJump @a\n@b\nInit 1, @c\nAdd #2, 1\nJump -1\n@c\nAdd #3, 1\nJump @c\n"
	o := RC3M()
	if err := o.Set("max-tasks", "2"); err != nil {
		t.Fatal(err)
	}
	tg := newRC3Game(t, o, origin, src)
	h := tg.history(12)
	becomes(t, h, 8, 3, 1)
	becomes(t, h, 9, 2, 1)
	for c := range h {
		if h[c][0] != 0 {
			t.Errorf("cycle %d: #1 = %d, want 0 (T1 was replaced before its ADD completed)", c, h[c][0])
		}
	}
	if got := tg.rc3Log(); got != "2:1:T1:init:2@1,4:r0 5:1:T2:init:3@1,7:r1" {
		t.Errorf("events %s", got)
	}
	if got := taskNums(tg.robot(1)); !reflect.DeepEqual(got, []int{3, 2}) {
		t.Errorf("ring %v, want [3 2]", got)
	}
	// Under rc3 (one task) T1's INIT does nothing in its 2 cycles; #1 = 1 in cycle 4.
	tg1 := newRC3Game(t, RC3(), origin, src)
	h1 := tg1.history(4)
	becomes(t, h1, 4, 1, 1)
	if got := tg1.rc3Log(); got != "" {
		t.Errorf("rc3 events %s", got)
	}
}

func TestRC3E8FarScan(t *testing.T) {
	tg := newRC3Game(t, RC3M(), []Placement{at(0, 0, East), at(5, 0, North)},
		"Farscan #1, #2, 4\nFarscan #3, #4, 6\nFarscan #5, #6, 0\n", enemyLoop)
	h := tg.history(60)
	for c := 1; c < 50; c++ {
		if h[c][2] != 0 || h[c][3] != 0 {
			t.Fatalf("cycle %d: #3, #4 = %d, %d too early", c, h[c][2], h[c][3])
		}
	}
	if h[22][0] != 0 || h[22][1] != 0 {
		t.Errorf("cycle 22: #1, #2 = %d, %d, want 0, 0", h[22][0], h[22][1])
	}
	becomes(t, h, 50, 3, 1)
	becomes(t, h, 50, 4, 5)
	tg.expectDeath(1, 60, ReasonInvalidParameter)
	// Alone on a 4×4 board facing W: the line comes back to the robot itself.
	o := RC3M()
	o.Board = 4
	tg2 := newRC3Game(t, o, []Placement{at(0, 0, West)}, "Farscan #1, #2, 9\nJump 0\n")
	h2 := tg2.history(37)
	becomes(t, h2, 37, 1, 2)
	becomes(t, h2, 37, 2, 4)
}

func TestRC3E9Arithmetic(t *testing.T) {
	tg := newRC3Game(t, RC3(), origin, "Set #1, -7\nSet #2, -7\nDiv #1, 2\nMod #2, 2\nSet #3, 100\nMul #3, 60\n")
	h := tg.history(12)
	becomes(t, h, 2, 1, -7)
	becomes(t, h, 4, 2, -7)
	becomes(t, h, 6, 1, -3)
	becomes(t, h, 8, 2, -1)
	becomes(t, h, 10, 3, 100)
	tg.expectDeath(1, 12, ReasonElimination)
	if v, _ := tg.Robot(1); v.Alive {
		t.Error("alive after MUL 6000")
	}
	// The side notes: Div #1, 0 is error 14; −32768 DIV −1 stores −32768.
	tg2 := newRC3Game(t, RC3(), origin, "Div #1, 0\n")
	tg2.to(3)
	tg2.expectDeath(1, 2, ReasonDivisionByZero)
	tg3 := newRC3Game(t, RC3(), origin, "Set #1, -32768\nSet #2, -32768\nDiv #1, -1\nMod #2, -1\nJump 0\n")
	tg3.to(8)
	tg3.expectVar(1, 1, -32768)
	tg3.expectVar(1, 2, 0)
}

func TestRC3E10OneHeadPerTaskBreak(t *testing.T) {
	src := "Init 1, @t2\nTurn 1\nBreak\nScan #2\nJump 0\n@t2\nScan #1\nJump @t2\n"
	tg := newRC3Game(t, RC3M(), []Placement{at(0, 0, East), at(1, 0, North)}, src, enemyLoop)
	h := tg.history(28)
	becomes(t, h, 17, 1, 1)
	if h[28][1] != 0 {
		t.Errorf("#2 = %d after T1's scan south, want 0", h[28][1])
	}
	want := "2:1:T1:init:2@1,6:r0 18:1:T1:turn:S 20:1:T1:break:[2]"
	if got := tg.rc3Log(); got != want {
		t.Errorf("events\n got %s\nwant %s", got, want)
	}
	tg2 := newRC3Game(t, RC3M(), []Placement{at(0, 0, East), at(1, 0, North)}, src, enemyLoop).to(18)
	v := tg2.robot(1)
	if len(v.Tasks) != 2 || v.Tasks[0].Dir != South || v.Tasks[1].Dir != East {
		t.Errorf("cycle 18: heads %+v, want T1 S, T2 E", v.Tasks)
	}
	if got := tg2.AppendTaskHeads(nil); len(got) != 3 || got[0].Dir != South || got[1].Dir != East {
		t.Errorf("task heads %+v", got)
	}
}
