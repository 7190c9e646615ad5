package redcode

import (
	"reflect"
	"strings"
	"testing"
)

// Counter counts its rounds in p-space cell 1 and loops; it reads its result of the round
// before (cell 0) into p-space cell 2. Duck loops.
const (
	counterSrc = `;redcode-94
;name Counter
;assert 1
        ldp.ab #1, count
        add.ab #1, count
        stp.b  count, #1
        ldp.ab #0, res
        stp.b  res, #2
        jmp    0
count   dat    0, 0
res     dat    0, 0
`
	duckSrc = ";redcode-94\n;name Duck\n;assert 1\njmp 0\n"
)

func pspaceWarriors(t *testing.T, srcs ...string) (Settings, []*Warrior) {
	t.Helper()
	st := Defaults()
	st.CoreSize, st.Cycles, st.MaxProcesses, st.MinDistance = 400, 500, 400, 100
	st.PSpaceSize = DefaultPSpaceSize(st.CoreSize)
	var ws []*Warrior
	for _, src := range srcs {
		w, diag := Assemble([]byte(src), Config{Settings: st, Warriors: len(srcs)})
		if w == nil || diag.Failed() {
			t.Fatalf("%.30q does not assemble:\n%s", src, diag.Stderr())
		}
		ws = append(ws, w)
	}
	return st, ws
}

func playPSpaceRound(t *testing.T, m *Machine, n int) {
	t.Helper()
	pos := make([]int, n)
	for i := range pos {
		pos[i] = i * 120
	}
	m.LoadRound(pos, 0)
	m.RunRound()
	if !m.RoundOver() || m.Err() != nil {
		t.Fatalf("the round did not end: %v", m.Err())
	}
}

// A round played on a machine of its own, loaded with what the rounds before left on
// another machine, leaves what the round on that machine leaves: saving and loading p-space
// is the same as playing on.
func TestPSpaceSaveLoadIsPlayingOn(t *testing.T) {
	st, ws := pspaceWarriors(t, counterSrc, duckSrc)
	a, err := NewMachine(st, ws)
	if err != nil {
		t.Fatal(err)
	}
	fresh := a.SavePSpace()
	var saved []PSpace
	for k := 0; k < 3; k++ {
		playPSpaceRound(t, a, 2)
		saved = append(saved, a.SavePSpace())
	}
	for k, p := range saved {
		if got := p.Cell(0, 1); got != k+1 {
			t.Errorf("after round %d Counter's count is %d, want %d", k+1, got, k+1)
		}
		if p.Result(0) != 2 || p.Result(1) != 2 {
			t.Errorf("after round %d the results are %d and %d, want 2 (both survive)", k+1, p.Result(0), p.Result(1))
		}
	}
	if got, want := saved[1].Cell(0, 2), 2; got != want {
		t.Errorf("round 2 read %d as its last result, want %d", got, want)
	}
	if got, want := saved[0].Cell(0, 2), st.CoreSize-1; got != want {
		t.Errorf("round 1 read %d as its last result, want %d (a new machine's)", got, want)
	}
	for k := range saved {
		b, err := NewMachine(st, ws)
		if err != nil {
			t.Fatal(err)
		}
		start := PSpace{}
		if k > 0 {
			start = saved[k-1]
		}
		if err := b.LoadPSpace(start); err != nil {
			t.Fatal(err)
		}
		playPSpaceRound(t, b, 2)
		if got := b.SavePSpace(); !reflect.DeepEqual(got, saved[k]) {
			t.Errorf("round %d on a machine of its own left %v, on one machine %v", k+1, got, saved[k])
		}
	}
	// The zero PSpace makes a used machine a new one's.
	if err := a.LoadPSpace(PSpace{}); err != nil {
		t.Fatal(err)
	}
	if got := a.SavePSpace(); !reflect.DeepEqual(got, fresh) {
		t.Errorf("after loading the zero PSpace: %v, want a new machine's %v", got, fresh)
	}
	if !(PSpace{}).IsZero() || fresh.IsZero() {
		t.Error("IsZero is wrong")
	}
}

// Warriors that share a p-space by PIN share it after a load too.
func TestPSpaceLoadKeepsPINSharing(t *testing.T) {
	pinned := strings.Replace(counterSrc, "jmp    0\n", "jmp    0\n        pin    7\n", 1)
	st, ws := pspaceWarriors(t, pinned, duckSrc, pinned)
	a, err := NewMachine(st, ws)
	if err != nil {
		t.Fatal(err)
	}
	if a.PSpaceCount() != 2 {
		t.Fatalf("%d p-spaces, want 2 (the counters share one)", a.PSpaceCount())
	}
	playPSpaceRound(t, a, 3)
	p := a.SavePSpace()
	// Both counters read 0 before either stored 1: they count one round, in one p-space.
	if p.Cell(0, 1) != 1 || p.Cell(2, 1) != 0 {
		t.Fatalf("after a round of two counters the counts are %d and %d, want 1 in the first's p-space", p.Cell(0, 1), p.Cell(2, 1))
	}
	b, _ := NewMachine(st, ws)
	if err := b.LoadPSpace(p); err != nil {
		t.Fatal(err)
	}
	playPSpaceRound(t, b, 3)
	playPSpaceRound(t, a, 3)
	if got, want := b.SavePSpace(), a.SavePSpace(); !reflect.DeepEqual(got, want) || got.Cell(0, 1) != 2 {
		t.Fatalf("after a load the shared count went to %d (%v), on one machine to %d", got.Cell(0, 1), got, want.Cell(0, 1))
	}
}

// A p-space from a machine of other warriors or another p-space size does not load.
func TestPSpaceLoadRefusesAnotherMachines(t *testing.T) {
	st, ws := pspaceWarriors(t, counterSrc, duckSrc)
	two, _ := NewMachine(st, ws)
	three, _ := NewMachine(st, append(ws, ws[1]))
	if err := three.LoadPSpace(two.SavePSpace()); err == nil {
		t.Error("a p-space of 2 warriors loaded into a machine of 3")
	}
	st.PSpaceSize = 10
	small, _ := NewMachine(st, ws)
	if err := small.LoadPSpace(two.SavePSpace()); err == nil {
		t.Error("a p-space of 25 cells loaded into a machine of 10")
	}
}
