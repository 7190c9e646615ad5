package redcodeengine

import (
	"os"
	"reflect"
	"testing"

	"robocom/corewars/redcode"
)

// A battle's rounds made one by one with NewAfter, each from the p-space the round before
// left, play as the rounds of a Series on one machine: Counter counts its rounds in p-space
// and dies from its second round on, so the first round is a draw and Duck wins the others.
func TestNewAfterPlaysAsTheSeries(t *testing.T) {
	cfg := redcode.Defaults()
	cfg.CoreSize, cfg.Cycles, cfg.PSpaceSize = 400, 500, redcode.DefaultPSpaceSize(400)
	var ws []*redcode.Warrior
	for _, f := range []string{"counter.red", "duck.red"} { // (corewars/play's p-space pair)
		src, err := os.ReadFile("../play/testdata/pspace/" + f)
		if err != nil {
			t.Fatal(err)
		}
		ws = append(ws, warrior(t, 400, string(src)))
	}
	series, err := NewSeries(cfg, ws)
	if err != nil {
		t.Fatal(err)
	}
	winner := func(e *Engine) int {
		switch {
		case e.m.Alive(0) && e.m.Alive(1):
			return -1
		case e.m.Alive(0):
			return 0
		}
		return 1
	}
	var ps redcode.PSpace
	var got []int
	for k := int64(0); k < 3; k++ {
		wantWinner, wantSlices, _, err := series.Round(5+k, nil) // (on one machine, as tournaments play)
		if err != nil {
			t.Fatal(err)
		}
		e, err := NewAfter(cfg, 5+k, ws, ps)
		if err != nil {
			t.Fatal(err)
		}
		for e.Step() {
		}
		if want := series.m.SavePSpace(); e.Cycle() != wantSlices || winner(e) != wantWinner || !reflect.DeepEqual(e.PSpace(), want) {
			t.Fatalf("round %d: %d cycles, winner %d, p-space %v; the series' round: %d, %d, %v",
				k+1, e.Cycle(), winner(e), e.PSpace(), wantSlices, wantWinner, want)
		}
		got = append(got, winner(e))
		ps = e.PSpace()
	}
	if !reflect.DeepEqual(got, []int{-1, 1, 1}) {
		t.Fatalf("winners %v, want a draw, then Duck twice", got)
	}
	if _, err := NewAfter(cfg, 1, ws[:1], ps); err == nil {
		t.Fatal("a p-space of two warriors loaded for one")
	}
}
