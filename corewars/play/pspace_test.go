package play

import (
	"context"
	"os"
	"testing"

	"robocom/corewars/redcodeengine"
)

// pspaceDir holds Counter, which counts its rounds in p-space and dies from its second round
// on, and Duck, which loops (the p-space tests of four packages play them).
const pspaceDir = "testdata/pspace/"

// A battle's rounds made one by one with NewRound, each from PSpaceOf the round before (as
// Series.Game makes them for robocom core, and the Core War window's recipes), end as the
// rounds played on one machine do (redcodeengine.Series, as tournaments and hills play them):
// a draw, then Duck's wins. From the zero PSpace every round is the first (three draws).
func TestNewRoundPlaysAsTheSeries(t *testing.T) {
	p := Defaults(Redcode)
	p.Size, p.Cycles, p.Rounds = 400, 500, 3
	var progs []*Program
	for _, f := range []string{"counter.red", "duck.red"} {
		src, err := os.ReadFile(pspaceDir + f)
		if err != nil {
			t.Fatal(err)
		}
		pr, err := Load(f, src, p)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, pr)
	}
	series := NewSeries(progs, nil, p)
	if !series.InOrder() {
		t.Fatal("a battle of a p-space warrior is not played in order")
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	ws, err := redcodeWarriors(progs, p, len(progs))
	must(err)
	oneMachine, err := redcodeengine.NewSeries(p.redcodeSettings(), ws)
	must(err)
	var got, zero []int
	for k := int64(0); k < 3; k++ {
		wantWinner, wantSlices, _, err := oneMachine.Round(5+k, nil)
		must(err)
		g, err := series.Game(5 + k)
		must(err)
		if err := RunGame(context.Background(), g); err != nil {
			t.Fatal(err)
		}
		if Winner(g) != wantWinner || g.Cycle() != wantSlices {
			t.Fatalf("round %d: winner %d after %d cycles; on one machine: %d after %d", k+1, Winner(g), g.Cycle(), wantWinner, wantSlices)
		}
		got = append(got, Winner(g))
		if PSpaceOf(g).IsZero() {
			t.Fatal("a Redcode round left the zero PSpace")
		}
		f, err := NewRound(progs, nil, p, 5+k, PSpace{})
		must(err)
		if err := RunGame(context.Background(), f); err != nil {
			t.Fatal(err)
		}
		zero = append(zero, Winner(f))
	}
	if got[0] != -1 || got[1] != 1 || got[2] != 1 {
		t.Errorf("winners %v, want a draw, then Duck (1) twice", got)
	}
	if zero[0] != -1 || zero[1] != -1 || zero[2] != -1 {
		t.Errorf("from the zero PSpace: winners %v, want three draws", zero)
	}
	cw := loadSample(t, "dwarf.cw", Defaults(CW))
	g, err := NewGame([]*Program{cw}, nil, Defaults(CW), 1)
	if err != nil {
		t.Fatal(err)
	}
	if !PSpaceOf(g).IsZero() {
		t.Error("a .cw game left a p-space")
	}
}
