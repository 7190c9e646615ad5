package refmodel

import (
	"fmt"
	"strings"
	"testing"

	"robocom/robolang"
)

// Tests of the model alone against the outcomes RC3.md states: every worked example of its
// section 10, and the small examples of sections 4, 5 and 8. The expectations below are typed
// from the spec's text, not from the model's output.

// history is what a model run recorded: per cycle the visits of robot 1's tasks, robot 1's
// variables after the cycle, and every trace line.
type history struct {
	g      *Game
	visits map[int][]string // cycle → "T1+ADD" (fetched), "T1=ADD" (completed), "T1+=JUMP", "T1"
	vars   map[int][21]int16
	lines  []string
}

// runModel plays the programs (assembled by the model, rc3 forms allowed) for at most
// cycles cycles.
func runModel(t *testing.T, opt Options, places []Place, cycles int, srcs ...string) *history {
	t.Helper()
	var progs []*Program
	for i, src := range srcs {
		p, err := Assemble(fmt.Sprintf("p%d", i), src, opt.RC3)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, p)
	}
	h := &history{visits: map[int][]string{}, vars: map[int][21]int16{}}
	opt.Timeout = cycles
	h.g = NewSeeded(progs, opt, places, 1, func(e Event) { h.lines = append(h.lines, e.Line()) })
	h.g.OnVisit = func(r *Robot, tk *Task, fetched, completed *Instr) {
		if r.ID != 1 {
			return
		}
		s := fmt.Sprintf("T%d", tk.Num)
		if fetched != nil {
			s += "+"
		}
		if completed != nil {
			s += "="
		}
		switch {
		case completed != nil:
			s += completed.Op.String()
		case fetched != nil:
			s += fetched.Op.String()
		}
		h.visits[h.g.Cycle] = append(h.visits[h.g.Cycle], s)
	}
	for h.g.Step() {
		h.vars[h.g.Cycle] = h.g.Robots[0].Vars
	}
	return h
}

// wantVisits checks the visits of cycles 1..len(want); want[i] lists cycle i+1's visits,
// comma-separated.
func (h *history) wantVisits(t *testing.T, want ...string) {
	t.Helper()
	for i, w := range want {
		got := strings.Join(h.visits[i+1], ",")
		if got != w {
			t.Errorf("cycle %d: visits %q, spec says %q", i+1, got, w)
		}
	}
}

// becomes checks that #v changes to val in cycle c (and had another value before).
func (h *history) becomes(t *testing.T, v int, val int16, c int) {
	t.Helper()
	if h.vars[c][v] != val || (c > 1 && h.vars[c-1][v] == val) {
		t.Errorf("#%d: %d in cycle %d (%d before), spec says it becomes %d in cycle %d", v, h.vars[c][v], c, h.vars[c-1][v], val, c)
	}
}

// stays checks #v through cycle c.
func (h *history) stays(t *testing.T, v int, val int16, c int) {
	t.Helper()
	for k := 1; k <= c; k++ {
		if x, ok := h.vars[k]; ok && x[v] != val {
			t.Errorf("#%d is %d in cycle %d; spec says it stays %d", v, x[v], k, val)
			return
		}
	}
}

// hasLine checks that the trace holds exactly this line.
func (h *history) hasLine(t *testing.T, line string) {
	t.Helper()
	for _, l := range h.lines {
		if l == line {
			return
		}
	}
	t.Errorf("trace lacks %s; it has:\n  %s", line, strings.Join(h.lines, "\n  "))
}

// lacks checks that no line has the event.
func (h *history) lacks(t *testing.T, event string) {
	t.Helper()
	for _, l := range h.lines {
		if strings.Contains(l, `"event":"`+event+`"`) {
			t.Errorf("trace has %s, spec says none: %s", event, l)
		}
	}
}

func (h *history) diedAt(t *testing.T, cycle int, reason string) {
	t.Helper()
	r := h.g.Robots[0]
	if r.Alive || r.DeathCycle != cycle || r.DeathReason != reason {
		t.Errorf("robot 1: alive %v, died in cycle %d of %q; spec says %q in cycle %d", r.Alive, r.DeathCycle, r.DeathReason, reason, cycle)
	}
}

var origin = []Place{{0, 0, E}}

// asm joins lines into a one-bank program.
func asm(lines ...string) string { return "Bank\n" + strings.Join(lines, "\n") + "\n" }

func TestExampleE1RoundRobin(t *testing.T) {
	h := runModel(t, RC3M(), origin, 12, asm("Init 1, @b", "@a", "Add #1, 1", "Jump @a", "@b", "Add #2, 1", "Jump @b"))
	h.wantVisits(t, "T1+INIT", "T1=INIT", "T2+ADD", "T1+ADD", "T2=ADD", "T1=ADD", "T2+=JUMP", "T1+=JUMP",
		"T2+ADD", "T1+ADD", "T2=ADD", "T1=ADD")
	h.becomes(t, 2, 1, 5)
	h.becomes(t, 1, 1, 6)
	h.becomes(t, 2, 2, 11)
	h.becomes(t, 1, 2, 12)
	// RC3.md 9's example line is this INIT.
	h.hasLine(t, `{"round":1,"cycle":2,"robot":1,"program":0,"event":"init","task":1,"new_task":2,"bank":1,"instr":4,"replaced":0}`)
}

func TestExampleE2WhereInitPutsATask(t *testing.T) {
	h := runModel(t, RC3M(), origin, 14, asm("Init 1, @x", "Init 1, @y", "@z", "Add #1, 1", "Jump @z",
		"@x", "Add #2, 1", "Jump @x", "@y", "Add #3, 1", "Jump @y"))
	h.wantVisits(t, "T1+INIT", "T1=INIT", "T2+ADD", "T1+INIT", "T2=ADD", "T1=INIT", "T3+ADD", "T2+=JUMP",
		"T1+ADD", "T3=ADD", "T2+ADD", "T1=ADD", "T3+=JUMP", "T2=ADD")
	h.becomes(t, 2, 1, 5)
	h.becomes(t, 3, 1, 10)
	h.becomes(t, 1, 1, 12)
	h.becomes(t, 2, 2, 14)
	h.hasLine(t, `{"round":1,"cycle":6,"robot":1,"program":0,"event":"init","task":1,"new_task":3,"bank":1,"instr":7,"replaced":0}`)
	var ring []int
	for _, tk := range h.g.Robots[0].Tasks {
		ring = append(ring, tk.Num)
	}
	if fmt.Sprint(ring) != "[1 3 2]" {
		t.Errorf("ring %v, spec says T1 T3 T2", ring)
	}
}

func TestExampleE3SleepAjumpError16(t *testing.T) {
	h := runModel(t, RC3(), origin, 100, asm("Set #20, @@back", "Jump @wait", "@back", "Add #1, 1", "Sleep 2000",
		"@wait", "Sleep 5", "AJump #20"))
	h.wantVisits(t, "T1+SET", "T1=SET", "T1+=JUMP", "T1+SLEEP", "T1", "T1", "T1", "T1=SLEEP", "T1+=AJUMP",
		"T1+ADD", "T1=ADD", "T1")
	h.becomes(t, 20, 3, 2)
	h.becomes(t, 1, 1, 11)
	h.diedAt(t, 12, "duration_too_high")
	h.hasLine(t, `{"round":1,"cycle":12,"robot":1,"program":0,"event":"death","task":1,"reason":"duration_too_high"}`)
	if h.g.Cycle != 12 {
		t.Errorf("the game ran to cycle %d; its only robot died in 12", h.g.Cycle)
	}
}

func TestExampleE4SleepPassesTheTurnOn(t *testing.T) {
	h := runModel(t, RC3M(), origin, 11, asm("Init 1, @w", "Sleep 4", "Add #1, 1", "Jump -1", "@w", "Add #2, 1", "Jump @w"))
	h.wantVisits(t, "T1+INIT", "T1=INIT", "T2+ADD", "T1+SLEEP,T2=ADD", "T1,T2+=JUMP", "T1,T2+ADD", "T1=SLEEP",
		"T2=ADD", "T1+ADD", "T2+=JUMP", "T1=ADD")
	h.becomes(t, 2, 1, 4)
	h.becomes(t, 2, 2, 8)
	h.becomes(t, 1, 1, 11)
}

func TestExampleE5SeizeInitResume(t *testing.T) {
	h := runModel(t, RC3M(), origin, 12, asm("Seize", "Init 1, @w", "Add #1, 1", "Add #1, 1", "Resume",
		"@z", "Add #3, 1", "Jump @z", "@w", "Add #2, 1", "Jump @w"))
	h.wantVisits(t, "T1+=SEIZE", "T1+INIT", "T1=INIT", "T1+ADD", "T1=ADD", "T1+ADD", "T1=ADD", "T1+=RESUME",
		"T2+ADD", "T1+ADD", "T2=ADD", "T1=ADD")
	h.becomes(t, 1, 1, 5)
	h.becomes(t, 1, 2, 7)
	h.becomes(t, 2, 1, 11)
	h.becomes(t, 3, 1, 12)
	h.hasLine(t, `{"round":1,"cycle":1,"robot":1,"program":0,"event":"seize","task":1}`)
	h.hasLine(t, `{"round":1,"cycle":8,"robot":1,"program":0,"event":"resume","task":1}`)
}

func TestExampleE6Quit(t *testing.T) {
	h := runModel(t, RC3M(), origin, 100, asm("Init 1, @b", "Add #1, 1", "Quit", "@b", "Add #2, 1", "Quit"))
	h.wantVisits(t, "T1+INIT", "T1=INIT", "T2+ADD", "T1+ADD", "T2=ADD", "T1=ADD", "T2+=QUIT", "T1+=QUIT")
	h.becomes(t, 2, 1, 5)
	h.becomes(t, 1, 1, 6)
	h.hasLine(t, `{"round":1,"cycle":7,"robot":1,"program":0,"event":"quit","task":2}`)
	h.diedAt(t, 8, "no_tasks")
	h.hasLine(t, `{"round":1,"cycle":8,"robot":1,"program":0,"event":"death","task":1,"reason":"no_tasks"}`)
	// "a QUIT of the last task writes only death with no_tasks"
	n := 0
	for _, l := range h.lines {
		if strings.Contains(l, `"event":"quit"`) {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d quit lines, spec says 1 (task 2's)", n)
	}
}

func TestExampleE7InitAtTheLimit(t *testing.T) {
	src := asm("Init 1, @b", "@a", "Add #1, 1", "Jump @a", "@b", "Init 1, @c", "Add #2, 1", "Jump -1", "@c", "Add #3, 1", "Jump @c")
	opt := RC3M()
	opt.MaxTasks = 2
	h := runModel(t, opt, origin, 9, src)
	h.wantVisits(t, "T1+INIT", "T1=INIT", "T2+INIT", "T1+ADD", "T2=INIT", "T3+ADD", "T2+ADD", "T3=ADD", "T2=ADD")
	h.becomes(t, 3, 1, 8)
	h.becomes(t, 2, 1, 9)
	h.stays(t, 1, 0, 9)
	h.hasLine(t, `{"round":1,"cycle":5,"robot":1,"program":0,"event":"init","task":2,"new_task":3,"bank":1,"instr":7,"replaced":1}`)
	var ring []int
	for _, tk := range h.g.Robots[0].Tasks {
		ring = append(ring, tk.Num)
	}
	if fmt.Sprint(ring) != "[3 2]" {
		t.Errorf("ring %v, spec says T3 T2", ring)
	}

	// Under rc3 T1's INIT does nothing (2 cycles); #1 = 1 in cycle 4.
	h = runModel(t, RC3(), origin, 9, src)
	h.wantVisits(t, "T1+INIT", "T1=INIT", "T1+ADD", "T1=ADD")
	h.becomes(t, 1, 1, 4)
	h.lacks(t, "init")
	if n := len(h.g.Robots[0].Tasks); n != 1 {
		t.Errorf("rc3: %d tasks, spec says INIT does nothing", n)
	}
}

func TestExampleE8Farscan(t *testing.T) {
	places := []Place{{0, 0, E}, {5, 0, N}}
	h := runModel(t, RC3M(), places, 200, asm("Farscan #1, #2, 4", "Farscan #3, #4, 6", "Farscan #5, #6, 0"), asm("Jump 0"))
	if v := h.visits[22]; strings.Join(v, ",") != "T1=FARSCAN" {
		t.Errorf("cycle 22: %v, spec says the first FARSCAN completes (10 + 3·4)", v)
	}
	for _, v := range []int{1, 2} {
		h.stays(t, v, 0, 22)
	}
	h.becomes(t, 3, 1, 50)
	h.becomes(t, 4, 5, 50)
	h.diedAt(t, 60, "invalid_parameter")

	// Alone on a 4×4 board facing W: the robot finds itself at distance 4.
	opt := RC3M()
	opt.Board = 4
	h = runModel(t, opt, []Place{{0, 0, W}}, 37, asm("Farscan #1, #2, 9", "Jump 0"))
	h.becomes(t, 1, 2, 37)
	h.becomes(t, 2, 4, 37)
}

func TestExampleE9Arithmetic(t *testing.T) {
	h := runModel(t, RC3(), origin, 100, asm("Set #1, -7", "Set #2, -7", "Div #1, 2", "Mod #2, 2", "Set #3, 100", "Mul #3, 60"))
	h.becomes(t, 1, -7, 2)
	h.becomes(t, 2, -7, 4)
	h.becomes(t, 1, -3, 6)
	h.becomes(t, 2, -1, 8)
	h.becomes(t, 3, 100, 10)
	h.diedAt(t, 12, "elimination")
	if v := h.g.Robots[0].Vars[3]; v != 100 {
		t.Errorf("#3 = %d after the elimination, spec says nothing is stored", v)
	}

	h = runModel(t, RC3(), origin, 100, asm("Set #1, 5", "Div #1, 0"))
	h.diedAt(t, 4, "division_by_zero")
	h = runModel(t, RC3(), origin, 100, asm("Set #1, -32768", "Div #1, -1", "Set #2, -32768", "Mod #2, -1", "Jump 0"))
	h.becomes(t, 1, -32768, 2)
	if v := h.g.Robots[0].Vars; v[1] != -32768 || v[2] != 0 {
		t.Errorf("-32768 DIV -1 = %d, MOD = %d; spec says -32768 and 0", v[1], v[2])
	}
	// MOD has the dividend's sign: 7 mod -2 = 1.
	h = runModel(t, RC3(), origin, 100, asm("Set #1, 7", "Mod #1, -2", "Jump 0"))
	h.becomes(t, 1, 1, 4)
}

func TestExampleE10HeadPerTaskBreak(t *testing.T) {
	places := []Place{{0, 0, E}, {1, 0, N}}
	h := runModel(t, RC3M(), places, 28, asm("Init 1, @t2", "Turn 1", "Break", "Scan #2", "Jump 0", "@t2", "Scan #1", "Jump @t2"), asm("Jump 0"))
	h.wantVisits(t, "T1+INIT", "T1=INIT", "T2+SCAN", "T1+TURN")
	h.becomes(t, 1, 1, 17)
	if v := strings.Join(h.visits[17], ","); v != "T2=SCAN" {
		t.Errorf("cycle 17: %s, spec says T2's SCAN completes", v)
	}
	if v := strings.Join(h.visits[18], ","); v != "T1=TURN" {
		t.Errorf("cycle 18: %s, spec says T1's TURN completes", v)
	}
	h.hasLine(t, `{"round":1,"cycle":18,"robot":1,"program":0,"event":"turn","task":1,"dir":"S"}`)
	if v := strings.Join(h.visits[19], ","); v != "T2+=JUMP" {
		t.Errorf("cycle 19: %s, spec says T2 JUMP", v)
	}
	h.hasLine(t, `{"round":1,"cycle":20,"robot":1,"program":0,"event":"break","task":1,"ended":[2]}`)
	if v := strings.Join(h.visits[21], ","); v != "T1+SCAN" {
		t.Errorf("cycle 21: %s, spec says T1 alone fetches SCAN", v)
	}
	if v := strings.Join(h.visits[28], ","); v != "T1=SCAN" {
		t.Errorf("cycle 28: %s, spec says T1's SCAN (south) completes", v)
	}
	h.stays(t, 2, 0, 28)
	r := h.g.Robots[0]
	if len(r.Tasks) != 1 || r.Tasks[0].Dir != S {
		t.Errorf("after BREAK: %v", r)
	}
}

// RC3.md 8: the generator, U and its example.
func TestRandomDraws(t *testing.T) {
	// SplitMix64 from state 0: the first outputs of Vigna's reference splitmix64.c.
	g := SplitMix64{}
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for i, w := range want {
		if x := g.Next(); x != w {
			t.Errorf("output %d: %#x, want %#x", i, x, w)
		}
	}
	// "RANDOM #1, −3, 3 has n = 7; an output x = 1000 gives −3 + (1000 mod 7) = 3; the output
	// 2⁶⁴ − 1 is ≥ L = 2⁶⁴ − 2 and is drawn again."
	if u, ok := accept(1000, 7); !ok || -3+u != 3 {
		t.Errorf("x = 1000, n = 7: %d, %v", -3+u, ok)
	}
	if _, ok := accept(^uint64(0), 7); ok {
		t.Error("2⁶⁴ − 1 accepted for n = 7")
	}
	if _, ok := accept(^uint64(0)-2, 7); !ok {
		t.Error("2⁶⁴ − 3 rejected for n = 7")
	}
	// RANDOM on the model: b + U(c − b + 1), one draw per completing RANDOM, b = c still draws.
	opt := RC3()
	progs := []*Program{MustAssemble("r", asm("Random #1, -3, 3", "Random #2, 5, 5", "Random #3, -32768, 32767", "Jump 0"), true)}
	m := NewSeeded(progs, opt, origin, 9, nil)
	for i := 0; i < 10; i++ {
		m.Step()
	}
	ref := SplitMix64{State: 9}
	id := 1 + ref.U(32767) // the $ID draw comes first
	if m.IDs[0] != id {
		t.Errorf("$ID = %d, want %d", m.IDs[0], id)
	}
	w1 := -3 + ref.U(7)
	w2 := 5 + ref.U(1)
	w3 := -32768 + ref.U(65536)
	v := m.Robots[0].Vars
	if int(v[1]) != w1 || int(v[2]) != w2 || int(v[3]) != w3 {
		t.Errorf("RANDOM gave %d %d %d, want %d %d %d", v[1], v[2], v[3], w1, w2, w3)
	}
	// b > c is error 13 and draws nothing.
	progs = []*Program{MustAssemble("r", asm("Random #1, 4, 3"), true)}
	m = NewSeeded(progs, opt, origin, 9, nil)
	before := m.Rand
	m.Run()
	if m.Robots[0].DeathReason != "invalid_parameter" || m.Rand != before {
		t.Errorf("RANDOM 4, 3: %q, generator moved %v", m.Robots[0].DeathReason, m.Rand != before)
	}
}

// RC3.md 5: the error-16 thresholds with rc3's costs, and 16 before 11.
func TestDurationTooHigh(t *testing.T) {
	cases := []struct {
		instr string
		dies  bool
	}{
		{"Create 2, 47, 1", false}, {"Create 2, 48, 1", true},
		{"Create 1, 49, 1", false}, {"Create 1, 50, 1", true},
		{"Farscan #1, #2, 496", false}, {"Farscan #1, #2, 497", true},
		{"Sleep 1500", false}, {"Sleep 1501", true},
		{"Create 0, 57, 0", true}, // 1525 cycles: 16 in its first cycle, not 11 at its last
	}
	for _, c := range cases {
		h := runModel(t, RC3(), origin, 3, asm(c.instr))
		dead := !h.g.Robots[0].Alive
		if dead != c.dies || (dead && (h.g.Robots[0].DeathCycle != 1 || h.g.Robots[0].DeathReason != "duration_too_high")) {
			t.Errorf("%s: dead %v (%s in %d), spec says dies of 16 in cycle 1: %v", c.instr, dead,
				h.g.Robots[0].DeathReason, h.g.Robots[0].DeathCycle, c.dies)
		}
	}
	// max-duration 0 turns it off; classic has 0.
	opt := RC3()
	opt.MaxDuration = 0
	if h := runModel(t, opt, origin, 3, asm("Sleep 30000")); !h.g.Robots[0].Alive {
		t.Error("max-duration 0 still kills")
	}
}

// RC3.md 3: FARSCAN #1, #1, 5 leaves the distance in #1 (writes in operand order), and ##k.
func TestResolutionAndIndirection(t *testing.T) {
	places := []Place{{0, 0, E}, {3, 0, N}}
	h := runModel(t, RC3(), places, 100, asm("Farscan #1, #1, 5", "Jump 0"), asm("Jump 0"))
	if v := h.g.Robots[0].Vars[1]; v != 3 {
		t.Errorf("FARSCAN #1, #1, 5: #1 = %d, spec says the distance 3", v)
	}
	// ##k: #v with v = #k at resolution; writable; a bad index is error 13 at completion.
	h = runModel(t, RC3(), origin, 100, asm("Set #1, 5", "Set ##1, 7", "Add ##1, ##1", "Set #2, ##1", "Set #1, 21", "Set #3, ##1"))
	v := h.g.Robots[0].Vars
	if v[5] != 14 || v[2] != 14 {
		t.Errorf("##1 with #1 = 5: #5 = %d, #2 = %d; want 14, 14", v[5], v[2])
	}
	h.diedAt(t, 12, "invalid_parameter")
	// At fetch a bad ##k reads 0 for the duration: SLEEP ##1 with #1 = 0 takes 1 cycle.
	h = runModel(t, RC3(), origin, 100, asm("Sleep ##1", "Set #2, 1"))
	if h.g.Robots[0].DeathCycle != 1 || h.g.Robots[0].DeathReason != "invalid_parameter" {
		t.Errorf("SLEEP ##1 with #1 = 0: %q in %d; want 13 in cycle 1", h.g.Robots[0].DeathReason, h.g.Robots[0].DeathCycle)
	}
}

// RC3.md 3: the constants.
func TestConstants(t *testing.T) {
	places := []Place{{0, 0, E}, {1, 0, N}, {9, 9, N}}
	prog0 := asm("Set #1, $Time", "Set #2, $Age", "Set #3, $Own", "Set #4, $Others", "Set #5, $ID", "Set #6, $Generation",
		"Set #7, $InstrPos", "Set #8, $ElimTrigger", "Set #9, $Timeout", "Set #10, $Tasks", "Set #11, %Age", "Set #Pub, 7", "Set #Team, 8", "Jump 0")
	h := runModel(t, RC3M(), places, 200, prog0, asm("Jump 0"), asm("Sleep 40", "Set #1, #Pub", "Set #2, #Team", "Jump 0"))
	v := h.g.Robots[0].Vars
	// Each SET takes 2 cycles and reads at completion; SET #11, %Age pays the surcharge (8).
	// runModel sets the time limit to the cycles it plays (200).
	want := []int16{0, 2, 4, 1, 2, int16(h.g.IDs[0]), 0, 7, 5000, 200, 1, 28}
	for i := 1; i <= 11; i++ {
		if v[i] != want[i] {
			t.Errorf("#%d = %d, want %d", i, v[i], want[i])
		}
	}
	if h.g.IDs[0] == h.g.IDs[1] || h.g.IDs[0] < 1 {
		t.Errorf("$IDs %v", h.g.IDs)
	}
	// #Pub is shared by all, #Team only by the team: program 2 read 7 and its own 0.
	if w := h.g.Robots[2].Vars; w[1] != 7 || w[2] != 0 {
		t.Errorf("program 2 read #Pub %d, #Team %d; want 7, 0", w[1], w[2])
	}
}

// The model's own assembler reads the RC3 label forms as RC3.md 2 says.
func TestAssembleLabels(t *testing.T) {
	p := MustAssemble("l", "Bank one\nJump @x\n@x\nAJump @x\nInit @x, @x\nSet #1, @@x\nBJump 2, @y\nSet #2, @x\nBank two\nDie\n@y\nSet #3, @x\n", true)
	got := []string{}
	for _, b := range p.Banks {
		for _, in := range b.Code {
			got = append(got, in.String())
		}
	}
	want := "JUMP 1|AJUMP 2|INIT 2, 2|SET #1, 2|BJUMP 2, 2|SET #2, -4|DIE|SET #3, 2"
	if strings.Join(got, "|") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "|"), want)
	}
	if _, err := Assemble("l", "Bank\n@@x\nJump 0\n", true); err == nil {
		t.Error("a label beginning with @ loads under rc3")
	}
	if _, err := Assemble("l", "Bank\nSet #1, ##21\n", true); err == nil {
		t.Error("##21 loads")
	}
	if _, err := Assemble("l", "Bank\nSet $Time, 1\n", true); err == nil {
		t.Error("writing $Time loads")
	}
	// A robolang program converts to the same instructions (classic forms robolang has today).
	rp, err := robolang.Parse("c.rob", []byte("Bank\nADD #1, %Banks\nJUMP -1\n"), robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mp := MustFromRobolang(rp)
	if s := mp.Banks[0].Code[0].String() + "|" + mp.Banks[0].Code[1].String(); s != "ADD #1, %banks|JUMP -1" {
		t.Errorf("converted: %s", s)
	}
}

// checkInvariants is what must hold after every cycle (issue 15's fuzz invariants, on the
// model): at most max-tasks tasks, the cursor and the seized task in the ring, task numbers
// unique and below the next one, a dead robot without tasks, the board and the robots agree.
func checkInvariants(g *Game) string {
	n := g.Opt.Board
	onBoard := 0
	for _, r := range g.Robots {
		if !r.Alive {
			if len(r.Tasks) != 0 || r.Cursor != nil || r.Seized != nil {
				return fmt.Sprintf("dead robot %d keeps tasks", r.ID)
			}
			continue
		}
		onBoard++
		if g.board[r.Y*n+r.X] != r {
			return fmt.Sprintf("robot %d not on its field", r.ID)
		}
		if len(r.Tasks) < 1 || len(r.Tasks) > g.Opt.MaxTasks {
			return fmt.Sprintf("robot %d has %d tasks (max-tasks %d)", r.ID, len(r.Tasks), g.Opt.MaxTasks)
		}
		seen := map[int]bool{}
		cursor, seized := false, r.Seized == nil
		for _, t := range r.Tasks {
			if seen[t.Num] || t.Num < 1 || t.Num >= r.NextNum {
				return fmt.Sprintf("robot %d: task number %d twice or out of range", r.ID, t.Num)
			}
			seen[t.Num] = true
			cursor = cursor || r.Cursor == t
			seized = seized || r.Seized == t
			if t.InProgress != (t.Remaining > 0) || t.Asleep && !t.InProgress {
				return fmt.Sprintf("robot %d: task %d in progress %v with %d left, asleep %v", r.ID, t.Num, t.InProgress, t.Remaining, t.Asleep)
			}
		}
		if !cursor || !seized {
			return fmt.Sprintf("robot %d: cursor or seized task outside the ring", r.ID)
		}
	}
	for _, x := range g.board {
		if x != nil {
			onBoard--
		}
	}
	if onBoard != 0 {
		return "board and living robots disagree"
	}
	return ""
}

// Every game of the differential RC3 tests, on the model alone, under both sets: the sources
// assemble, nothing panics, the invariants hold every cycle. This runs while the engine
// refuses rc3; the comparisons with the engine are in rc3_test.go.
func TestRC3GamesOnModel(t *testing.T) {
	var gs []*game
	gs = append(gs, rc3Hand()...)
	gs = append(gs, rc3Windows()...)
	gs = append(gs, rc3Examples()...)
	for _, set := range rc3Sets {
		stats := map[string]int{}
		for _, gm := range append(gs, randomRC3Games(set, 60)...) {
			opt := modelSet(set)
			for k, v := range gm.opts {
				if err := applyModelOpt(&opt, k, v); err != nil {
					t.Fatalf("%s: %v", gm.name, err)
				}
			}
			opt.Timeout = gm.limit
			if opt.Timeout == 0 {
				opt.Timeout = 2000
			}
			var progs []*Program
			for i, src := range gm.srcs {
				p, err := Assemble(fmt.Sprintf("%s_p%d", gm.name, i), src, true)
				if err != nil {
					t.Fatalf("%s/%s: %v", set, gm.name, err)
				}
				progs = append(progs, p)
			}
			seed := gm.seed
			if seed == 0 {
				seed = 1
			}
			g := NewSeeded(progs, opt, gm.places, seed, func(e Event) { stats[e.Kind]++ })
			for g.Step() {
				if d := checkInvariants(g); d != "" {
					t.Fatalf("%s/%s: cycle %d: %s", set, gm.name, g.Cycle, d)
				}
			}
			for _, d := range g.Deaths {
				stats["death:"+d.Reason]++
			}
		}
		t.Logf("%s: %d games; events and deaths: %v", set, len(gs)+60, stats)
	}
}

// RC3.md 6.3 and 6.4, rules the worked examples do not show.
func TestTaskRules(t *testing.T) {
	// QUIT of the seized task ends the seizure; T1 runs again.
	h := runModel(t, RC3M(), origin, 40, asm("Init 1, @a", "Add #1, 1", "Jump -1", "@a", "Seize", "Add #2, 1", "Quit"))
	r := h.g.Robots[0]
	if r.Seized != nil || len(r.Tasks) != 1 || r.Tasks[0].Num != 1 || r.Vars[2] != 1 || r.Vars[1] < 5 {
		t.Errorf("QUIT of the seized task: %v", r)
	}
	// BREAK keeps the seizure; RESUME ends it.
	h = runModel(t, RC3M(), origin, 8, asm("Init 1, @a", "Seize", "Break", "Jump 0", "@a", "Add #2, 1", "Jump -1"))
	if r := h.g.Robots[0]; r.Seized == nil || r.Seized.Num != 1 || len(r.Tasks) != 1 {
		t.Errorf("BREAK while seized: %v", r)
	}
	h.hasLine(t, `{"round":1,"cycle":5,"robot":1,"program":0,"event":"break","task":1,"ended":[2]}`)
	// SEIZE while seized and RESUME while not seized write nothing; under rc3 a single task
	// still seizes (the flag changes), so seize and resume are written.
	h = runModel(t, RC3(), origin, 10, asm("Seize", "Seize", "Resume", "Resume", "Break", "Init 1, 1", "Jump 0"))
	h.hasLine(t, `{"round":1,"cycle":1,"robot":1,"program":0,"event":"seize","task":1}`)
	h.hasLine(t, `{"round":1,"cycle":3,"robot":1,"program":0,"event":"resume","task":1}`)
	if n := len(h.lines); n != 3 { // spawn, seize, resume
		t.Errorf("%d lines: %v", n, h.lines)
	}
	// A built robot faces the builder's executing task's head; the other task keeps its own.
	h = runModel(t, RC3M(), origin, 400, asm("Init 1, @a", "Turn 1", "Create 0, 1, 0", "Jump 0", "@a", "Jump 0"))
	h.hasLine(t, `{"round":1,"cycle":0,"robot":1,"program":0,"event":"spawn","parent":0,"x":0,"y":0,"dir":"E","set":2,"banks":1,"mobile":0}`)
	found := false
	for _, l := range h.lines {
		found = found || strings.Contains(l, `"event":"spawn","parent":1,"x":0,"y":1,"dir":"S"`)
	}
	if !found {
		t.Errorf("no child at (0,1) facing S: %v", h.lines)
	}
	if r := h.g.Robots[0]; r.TaskByNum(2).Dir != E || r.TaskByNum(1).Dir != S {
		t.Errorf("heads: %v", r)
	}
	// Deactivation freezes every task with its remaining cycles, the cursor and the asleep
	// flags; reactivated, they go on. Robot 1 (older) deactivates robot 2 in cycle 18
	// (SLEEP 10, then SET with a remote: 2 + 6) and reactivates it in cycle 46.
	places := []Place{{0, 0, E}, {1, 0, W}}
	g := NewSeeded([]*Program{
		MustAssemble("a", asm("Sleep 10", "Set %Active, 0", "Sleep 20", "Set %Active, 1", "Jump 0"), true),
		MustAssemble("b", asm("Init 1, @a", "Sleep 30", "Add #1, 1", "Jump -1", "@a", "Add #2, 1", "Jump -1"), true),
	}, RC3M(), places, 1, nil)
	snap := map[int]string{}
	for g.Cycle < 46 {
		g.Step()
		snap[g.Cycle] = g.Robots[1].String()
	}
	tasks := func(c int) string { return snap[c][strings.Index(snap[c], "banks"):] }
	if tasks(17) != tasks(45) || tasks(17) == tasks(16) || tasks(46) == tasks(45) {
		t.Errorf("freeze: 16 %s\n17 %s\n45 %s\n46 %s", snap[16], snap[17], snap[45], snap[46])
	}
	// $Time and $Age saturate at 32767.
	opt := RC3()
	opt.MaxDuration = 0
	h = runModel(t, opt, origin, 33000, asm("Sleep 30000", "Sleep 2800", "Set #1, $Time", "Set #2, $Age", "Set #3, $Timeout", "Jump 0"))
	if v := h.g.Robots[0].Vars; v[1] != 32767 || v[2] != 32767 || v[3] != 32767 {
		t.Errorf("$Time %d $Age %d $Timeout %d late in a game; spec says 32767", v[1], v[2], v[3])
	}
	// TRANS into a robot with tasks: every task keeps its position, remaining cycles and
	// asleep flag, and completes the new bank's instruction at its number. Both tasks of robot
	// 2 sleep (so both are visited every cycle): T2 until 27, T1 until 33; robot 1's TRANS
	// replaces their bank in cycle 21.
	g = NewSeeded([]*Program{
		MustAssemble("a", "Bank\nSleep 2\nTrans 2, 1\nJump 0\nBank\nDie\nSet #1, 1\nJump 0\nSet #2, 2\nJump 0\n", true),
		MustAssemble("b", asm("Init 1, @a", "Sleep 30", "Jump 0", "@a", "Sleep 25", "Jump 0"), true),
	}, RC3M(), places, 1, nil)
	for g.Cycle < 40 {
		g.Step()
		r2 := g.Robots[1]
		if g.Cycle == 21 && (!r2.TaskByNum(1).Asleep || !r2.TaskByNum(2).Asleep || len(r2.Banks[0].Code) != 5) {
			t.Errorf("cycle 21: %v", r2)
		}
		if g.Cycle == 26 && (r2.Vars[2] != 0 || r2.TaskByNum(2).Remaining != 1) {
			t.Errorf("cycle 26: %v", r2)
		}
		if g.Cycle == 27 && r2.Vars[2] != 2 {
			t.Errorf("cycle 27: T2 should complete SET #2, 2 (instruction 4 of the new bank): %v", r2)
		}
		if g.Cycle == 33 && (r2.Vars[1] != 1 || !r2.Alive) {
			t.Errorf("cycle 33: T1 should complete SET #1, 1 (instruction 2 of the new bank): %v", r2)
		}
	}
}

// FuzzAssembleAndRun: the model's assembler never panics, and whatever it assembles plays
// 300 cycles on the model under rc3m with the invariants holding. Seeded from the examples.
func FuzzAssembleAndRun(f *testing.F) {
	for _, gm := range rc3Examples() {
		f.Add(gm.srcs[0])
	}
	for _, gm := range rc3Hand()[:20] {
		f.Add(gm.srcs[0])
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Assemble("f", src, true)
		if err != nil {
			return
		}
		if len(p.Banks) > 50 {
			return
		}
		opt := RC3M()
		opt.Timeout = 300
		g := NewSeeded([]*Program{p, MustAssemble("e", asm("Jump 0"), true)}, opt, []Place{{0, 0, E}, {3, 0, W}}, 1, nil)
		for g.Step() {
			if d := checkInvariants(g); d != "" {
				t.Fatalf("cycle %d: %s", g.Cycle, d)
			}
		}
	})
}

// RC3.md 6.2's consequence: SLEEP a lasts a visits of its task; in a ring of k tasks whose
// others are awake, one visit every k − 1 cycles (here k = 3: SLEEP 4 spans 1 + 3·2 cycles).
func TestSleepVisitsInARing(t *testing.T) {
	h := runModel(t, RC3M(), origin, 30, asm("Init 1, @a", "Init 1, @b", "Sleep 4", "Jump 0", "@a", "Add #2, 1", "Jump -1", "@b", "Add #3, 1", "Jump -1"))
	from, to, visits := 0, 0, 0
	for c := 1; c <= 30; c++ {
		for _, v := range h.visits[c] {
			switch {
			case v == "T1+SLEEP":
				from = c
				visits++
			case v == "T1=SLEEP":
				to = c
				visits++
			case v == "T1" && from > 0 && to == 0:
				visits++
			}
		}
	}
	if visits != 4 || to-from != 6 {
		t.Errorf("SLEEP 4 among 3 tasks: fetched in %d, completed in %d, %d visits; spec: 4 visits, one every 2 cycles", from, to, visits)
	}
}

// RC3.md 5's order when several errors apply at completion.
func TestErrorOrder(t *testing.T) {
	cases := []struct {
		src    string
		robot  int // whose death
		reason string
	}{
		{child(0, 0, 1, "FARSCAN ##1, %Active, 0"), 2, "set1_required"}, // (1) own set before all
		{child(0, 0, 1, "SET ##1, %Banks"), 2, "set1_required"},         // (2) remote before (3) index
		{child(0, 0, 1, "RTRANS 1, 9"), 2, "set1_required"},             // (1) before RTRANS's 12
		{asm("DIV ##1, 0"), 1, "invalid_parameter"},                     // (3) before 14
		{asm("RANDOM ##2, 5, 1"), 1, "invalid_parameter"},               // (3), no draw
		{asm("RTRANS ##1, 5"), 1, "invalid_parameter"},                  // (3) before 12
		{asm("RTRANS 1, 5"), 1, "no_source_bank"},                       // 12 on an empty field
		{asm("CREATE 5, 0, 5"), 1, "invalid_banks"},                     // 11 then 13
		{asm("CREATE 5, 1, 0"), 1, "invalid_parameter"},                 // 13
		{asm("QUIT"), 1, "no_tasks"},                                    // 15
		{asm("ADD %Active, 5001"), 1, "elimination"},                    // from the 0 read
		{asm("MUL #1, 0", "SET #1, -100", "MUL #1, -51"), 1, "elimination"},
	}
	for _, c := range cases {
		h := runModel(t, RC3M(), origin, 2000, c.src)
		var got string
		for _, d := range h.g.Deaths {
			if d.Robot == c.robot {
				got = d.Reason
			}
		}
		if got != c.reason {
			t.Errorf("%q: robot %d died of %q, spec says %q", c.src, c.robot, got, c.reason)
		}
	}
}
