package redcode

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestQueueRoom drives the process queues as the loops do — makeRoom before a
// chunk, then up to that many steps, each a pop and zero to two pushes — and
// checks every queue against a plain slice and the room makeRoom promised:
// no push may pass the end of a warrior's region, whatever moves the regions
// and addresses made.
func TestQueueRoom(t *testing.T) {
	for _, tc := range []struct {
		warriors, max int
	}{{1, 1}, {2, 8000}, {3, 5}, {4, 70000}, {1, 3000000}} {
		progs := make([]*Warrior, tc.warriors)
		for i := range progs {
			progs[i] = &Warrior{Code: []Instruction{{Op: DAT, Mod: ModF}}}
		}
		m, err := NewMachine(Settings{CoreSize: 8000, MaxProcesses: tc.max, Cycles: 80000}, progs)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(tc.warriors), uint64(tc.max)))
		m.LoadRound(make([]int, tc.warriors), 0)
		want := make([][]uint32, tc.warriors)
		for i := range want {
			want[i] = []uint32{0}
		}
		next := uint32(1)
		peak := 1 // the most processes a warrior had
		for chunk := 0; chunk < 3000; chunk++ {
			asked := 1 + rng.Int64N(6000)
			n := m.makeRoom(asked)
			if n < 1 || n > asked {
				t.Fatalf("makeRoom(%d) = %d", asked, n)
			}
			for i := range m.ws {
				if q := &m.ws[i].q; q.end-q.tail < int(2*n) {
					t.Fatalf("makeRoom(%d) = %d leaves warrior %d room for %d pushes", asked, n, i, q.end-q.tail)
				}
			}
			m.room -= n // (the loops take off the steps they made)
			for s := int64(0); s < n; s++ {
				i := rng.IntN(tc.warriors)
				q := &m.ws[i].q
				if q.Len() == 0 {
					continue
				}
				got := m.slots[q.head]
				q.head++
				if got != want[i][0] {
					t.Fatalf("warrior %d popped %d, want %d", i, got, want[i][0])
				}
				want[i] = want[i][1:]
				// Mostly splits while there is room for them, then deaths, as a paper
				// and a bomber would.
				pushes := 1
				switch r := rng.IntN(10); {
				case r < 4 && q.Len()+1 < q.max:
					pushes = 2
				case r == 9:
					pushes = 0
				}
				for range pushes {
					m.push(q, next)
					want[i] = append(want[i], next)
					next++
				}
				if q.tail > q.end || q.head < q.base {
					t.Fatalf("warrior %d's queue [%d, %d) left its region [%d, %d)", i, q.head, q.tail, q.base, q.end)
				}
			}
			for i := range m.ws {
				q := &m.ws[i].q
				peak = max(peak, q.Len())
				// Regions grow with the processes, not with the steps.
				if size := q.end - q.base; size > max(firstRegion, 4*(peak+minChunk)) {
					t.Fatalf("warrior %d's region is %d slots for at most %d processes", i, size, peak)
				} else if size >= 2*largeRegion && 3*size > 8*(peak+minChunk) {
					// (grown from a large region only once three quarters were live)
					t.Fatalf("warrior %d's large region is %d slots for at most %d processes", i, size, peak)
				}
				if !slices.Equal(m.slots[q.head:q.tail], want[i]) {
					t.Fatalf("warrior %d's queue differs after chunk %d", i, chunk)
				}
				if len(want[i]) == 0 { // a new process, as LoadRound gives
					q.head, q.tail = q.base, q.base
					m.push(q, next)
					want[i] = append(want[i], next)
					next++
				}
			}
		}
	}
}

// TestQueueMemory: a battle whose process queues would outgrow the memory a machine may
// use (here lowered to 1 MB) stops with an error that names the warrior and -p, on one
// core and on several, instead of the runtime dying; the next round loaded plays again.
func TestQueueMemory(t *testing.T) {
	defer func(old int64) { queueMemory = old }(queueMemory)
	queueMemory = 1 << 20
	split := &Warrior{Code: []Instruction{{Op: SPL, Mod: ModB, AMode: Direct}, {Op: JMP, Mod: ModB, AMode: Direct, A: -1}}}
	sitter := &Warrior{Code: []Instruction{{Op: JMP, Mod: ModB, AMode: Direct}}}
	for _, cores := range []int{1, 2} {
		st := Settings{CoreSize: 8000, MaxProcesses: 10000000, Cycles: 1000000, Rounds: 4, MinDistance: 100, Cores: cores}
		_, err := Battle(&st, []*Warrior{sitter, split}, 1, nil)
		if err == nil || !strings.Contains(err.Error(), "not enough memory: warrior 2 has ") || !strings.Contains(err.Error(), "lower -p") {
			t.Fatalf("%d cores: err = %v", cores, err)
		}
	}
	m, err := NewMachine(Settings{CoreSize: 8000, MaxProcesses: 10000000, Cycles: 1000000}, []*Warrior{split, sitter})
	if err != nil {
		t.Fatal(err)
	}
	m.LoadRound([]int{0, 4000}, 0)
	m.RunRound()
	if !m.RoundOver() || m.Err() == nil || !strings.Contains(m.Err().Error(), "warrior 1") {
		t.Fatalf("over %v, err %v", m.RoundOver(), m.Err())
	}
	var qe *QueueMemoryError
	if !errors.As(m.Err(), &qe) || qe.Warrior != 1 || qe.LimitMB != 1 || qe.NeedMB <= qe.LimitMB || qe.Processes < 1000 {
		t.Fatalf("err %#v, want a QueueMemoryError of warrior 1 over 1 MB", m.Err())
	}
	queueMemory = 1 << 30
	m.LoadRound([]int{0, 4000}, 0)
	if m.Err() != nil || m.RoundOver() {
		t.Fatalf("a new round: over %v, err %v", m.RoundOver(), m.Err())
	}
}
