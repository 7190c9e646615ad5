package play

import (
	"context"
	"testing"
)

// counter94 counts its rounds in p-space and dies from its second round on (as in
// TestCorePSpaceCarriesOverRounds).
const counter94 = `;redcode-94
;name Counter
;assert 1
        ldp.ab #1, count
        add.ab #1, count
        stp.b  count, #1
        slt.ab #1, count
        jmp    0
        dat    0, 0
count   dat    0, 0
`

// A battle's rounds made one by one with NewRound, each from PSpaceOf the round before, end
// as Series.Game's rounds do: a draw, then Duck's wins. From the zero PSpace every round is
// the first (three draws).
func TestNewRoundPlaysAsTheSeries(t *testing.T) {
	p := Defaults(Redcode)
	p.Size, p.Cycles, p.Rounds = 400, 500, 3
	var progs []*Program
	for _, f := range [][2]string{{"counter.red", counter94}, {"duck.red", ";name Duck\n;assert 1\nJMP 0\n"}} {
		pr, err := Load(f[0], []byte(f[1]), p)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, pr)
	}
	series, err := NewSeries(progs, nil, p)
	if err != nil || !series.InOrder() {
		t.Fatalf("series: %v, in order %v", err, series.InOrder())
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	var ps PSpace
	var got, zero []int
	for k := int64(0); k < 3; k++ {
		want, err := series.Game(5 + k)
		must(err)
		if err := RunGame(context.Background(), want); err != nil {
			t.Fatal(err)
		}
		g, err := NewRound(progs, nil, p, 5+k, ps)
		must(err)
		if err := RunGame(context.Background(), g); err != nil {
			t.Fatal(err)
		}
		if Winner(g) != Winner(want) || g.Cycle() != want.Cycle() {
			t.Fatalf("round %d: winner %d after %d cycles; the series' round: %d after %d", k+1, Winner(g), g.Cycle(), Winner(want), want.Cycle())
		}
		got = append(got, Winner(g))
		ps = PSpaceOf(g)
		if ps.IsZero() {
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
