package arena

import (
	"testing"

	"robocom/robolang"
)

// TestProbeArrivals checks that Arrived reports each instruction a robot comes to exactly
// once: over a run, arrivals equal completed instructions, loops onto the same instruction
// included.
func TestProbeArrivals(t *testing.T) {
	tests := []struct{ name, src string }{
		{"loop", "Bank Main\n@l\nTurn 1\nSet #1, 3\nJump @l\n"},
		{"self", "Bank Main\n@l\nJump @l\n"},         // one instruction that jumps to itself
		{"reboot", "Bank Main\nTurn 0\nAdd #2, 1\n"}, // runs off the end: auto-reboot
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := robolang.Parse(tc.name+".rob", []byte(tc.src), robolang.Options{})
			if err != nil {
				t.Fatal(err)
			}
			g, err := New(Config{Programs: []*robolang.Program{p}, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			prev := g.Probe(1)
			arrivals := 0
			for g.Cycle() < 500 {
				g.Step()
				cur := g.Probe(1)
				if Arrived(prev, cur) {
					arrivals++
				}
				prev = cur
			}
			if got := g.Instructions(); int64(arrivals) != got {
				t.Errorf("%d arrivals, %d instructions completed", arrivals, got)
			}
		})
	}
}

func TestProbeDeadAndDeaths(t *testing.T) {
	p, err := robolang.Parse("d.rob", []byte("Bank Main\nDie\n"), robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q, _ := robolang.Parse("s.rob", []byte("Bank Main\n@l\nTurn 1\nJump @l\n"), robolang.Options{})
	g, err := New(Config{Programs: []*robolang.Program{p, q}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Probe(1).Alive || g.DeathCount() != 0 {
		t.Fatal("robot 1 should be alive at the start")
	}
	g.RunUntil(10)
	if g.Probe(1).Alive || g.Probe(99).Alive {
		t.Error("a dead or unknown robot probes alive")
	}
	d := g.DeathsFrom(0)
	if g.DeathCount() != 1 || len(d) != 1 || d[0].Robot != 1 || d[0].Reason != ReasonDie {
		t.Errorf("deaths %v", d)
	}
	if g.DeathsFrom(1) == nil || len(g.DeathsFrom(1)) != 0 || g.DeathsFrom(2) != nil {
		t.Error("DeathsFrom out of range")
	}
}
