package redcodeengine

import (
	"testing"

	"robocom/corewars"
	"robocom/corewars/redcode"
)

func warrior(t *testing.T, size int, src string) *redcode.Warrior {
	t.Helper()
	cfg := redcode.DefaultConfig(2)
	cfg.CoreSize = size
	w, diag := redcode.Assemble([]byte(src), cfg)
	if diag.Failed() {
		t.Fatalf("assemble: %s", diag.Stderr())
	}
	return w
}

func TestSuicideIsNoKill(t *testing.T) {
	e, err := New(redcode.Defaults(), 0, []*redcode.Warrior{warrior(t, 8000, ";name Duck\nJMP 0\n"), warrior(t, 8000, ";name Die\nDAT 0, 0\n")})
	if err != nil {
		t.Fatal(err)
	}
	var died []corewars.Event
	e.SetEventHandler(func(ev corewars.Event) {
		if ev.Kind == corewars.EventProcessDied {
			died = append(died, ev)
		}
	})
	for e.Step() {
	}
	if len(died) != 1 || died[0].Process != 1 || died[0].Killer != -1 {
		t.Fatalf("deaths %+v", died)
	}
	if st := e.Process(0); !st.Alive || st.Name != "Duck" || st.Score != 3 || e.Process(1).Alive {
		t.Errorf("duck %+v, die %+v", st, e.Process(1))
	}
	if c := e.Cell(e.Start(0)); c.Text != "JMP.B $0, $0" || c.Owner != 0 {
		t.Errorf("cell %+v", c)
	}
}

func TestBomberGetsTheKill(t *testing.T) {
	const size = 200
	stone := ";name Stone\nADD #1, 3\nMOV 2, @2\nJMP -2\nDAT #0, #4\n"
	for seed := int64(0); seed < 10; seed++ {
		cfg := redcode.Defaults()
		cfg.CoreSize, cfg.MinDistance, cfg.PSpaceSize = size, 50, 0
		e, err := New(cfg, seed, []*redcode.Warrior{warrior(t, size, stone), warrior(t, size, ";name Duck\nJMP 0\n")})
		if err != nil {
			t.Fatal(err)
		}
		for e.Step() {
		}
		if !e.Process(0).Alive || e.Process(1).Alive || e.Process(0).Kills != 1 {
			t.Errorf("seed %d: stone %+v duck %+v", seed, e.Process(0), e.Process(1))
		}
		if d := corewars.Wrap(e.Start(1)-e.Start(0), size); d < 50 || d > size-50 {
			t.Errorf("seed %d: warriors %d apart", seed, d)
		}
		// A time slice is one instruction per live warrior: the stone needed 3 per bomb.
		if c := e.Cycle(); c < 3*50/1-10 || c > 3*size {
			t.Errorf("seed %d: over after %d slices", seed, c)
		}
	}
}

func TestOwnerAgreesWithCell(t *testing.T) {
	e, err := New(redcode.Defaults(), 0, []*redcode.Warrior{
		warrior(t, 8000, ";name Imp\nMOV 0, 1\n"),
		warrior(t, 8000, ";name Bomber\nADD #4, 3\nMOV 2, @2\nJMP -2\nDAT #0, #0\n"),
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2000 && e.Step(); i++ {
	}
	owned := map[int]int{}
	for a := -e.Size(); a < 2*e.Size(); a++ { // addresses wrap like Cell's
		c := e.Cell(a)
		if got := e.Owner(a); got != c.Owner {
			t.Fatalf("Owner(%d) = %d, Cell(%d).Owner = %d", a, got, a, c.Owner)
		}
		owned[c.Owner]++
	}
	if owned[0] == 0 || owned[1] == 0 {
		t.Errorf("cells per owner %v: want cells written by both warriors", owned)
	}
	if !e.WriteTimes() {
		t.Error("WriteTimes() = false, but the MARS stamps its writes")
	}
}

// Every write is stamped with the time slice in progress: the imp writes the cell ahead of
// it in every slice; its own loaded cell was never written; Written agrees with Cell.
func TestWrittenIsTheSlice(t *testing.T) {
	e, err := New(redcode.Defaults(), 0, []*redcode.Warrior{
		warrior(t, 8000, ";name Imp\nMOV 0, 1\n"),
		warrior(t, 8000, ";name Duck\nJMP 0\n"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Run(10); got != 10 {
		t.Fatalf("Run(10) completed %d slices", got)
	}
	s := e.Start(0)
	if w := e.Written(s); w != -1 {
		t.Errorf("the imp's loaded cell: Written = %d, want -1 (loading is no write)", w)
	}
	for k := 1; k <= 10; k++ {
		if w, o := e.Written(s+k), e.Owner(s+k); w != int64(k-1) || o != 0 {
			t.Errorf("cell start+%d: Written %d owner %d, want slice %d by the imp", k, w, o, k-1)
		}
		if c := e.Cell(s + k); c.Written != e.Written(s+k) {
			t.Errorf("cell start+%d: Cell.Written %d, Written %d", k, c.Written, e.Written(s+k))
		}
	}
	if w := e.Written(s + 11); w != -1 {
		t.Errorf("cell start+11: Written = %d, want -1 (not reached yet)", w)
	}
}
