package corewin

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"robocom/corewars"
	"robocom/corewars/play"
)

// pspaceFile is Counter (counts its rounds in p-space cell 1 and dies from its second round
// on) or Duck (loops), corewars/play's p-space pair.
func pspaceFile(t *testing.T, name string) string {
	t.Helper()
	src, err := os.ReadFile("../../corewars/play/testdata/pspace/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// pspaceSeries opens Counter against Duck in a series of three short rounds (core 400, 500
// cycles), each Run playing a whole round.
func pspaceSeries(t *testing.T) (*Window, *harness) {
	t.Helper()
	w, h := testWarriors(t, map[string]string{"counter.red": pspaceFile(t, "counter.red"), "duck.red": pspaceFile(t, "duck.red")}, "counter.red", "duck.red")
	h.clickLabel(t, "Parameters")
	w.prm.size.SetText("400")
	w.prm.cycles.SetText("500")
	w.prm.rounds.SetText("3")
	h.clickLabel(t, "Apply and restart")
	h.settle(t)
	if w.params.Size != 400 || w.params.Cycles != 500 || w.params.Rounds != 3 || len(w.players) != 2 {
		t.Fatalf("parameters %+v, %d players", w.params, len(w.players))
	}
	w.controls.blockEd.SetText("1000")
	return w, h
}

// runRound plays the round in the core to its end with Run (the next round when it is over)
// and returns the window's result line.
func (h *harness) runRound(t *testing.T) string {
	t.Helper()
	h.clickLabel(t, "Run")
	h.settle(t)
	if !h.w.snap.Over {
		t.Fatalf("round %d did not end in a Run of 1000 cycles (cycle %d)", h.w.round, h.w.snap.Cycle)
	}
	return h.w.ResultLine()
}

// coreRounds is what `robocom core -rounds 3 -seed S` plays with the window's players and
// parameters: play.Series's rounds, the result lines the window would show.
func coreRounds(t *testing.T, w *Window) []string {
	t.Helper()
	var progs []*play.Program
	for _, p := range w.players {
		progs = append(progs, p.prog)
	}
	series := play.NewSeries(progs, nil, w.params)
	var lines []string
	for k := 0; k < 3; k++ {
		g, err := series.Game(w.seed + int64(k))
		if err != nil {
			t.Fatal(err)
		}
		if err := play.RunGame(context.Background(), g); err != nil {
			t.Fatal(err)
		}
		what := "a draw"
		if win := play.Winner(g); win >= 0 {
			what = progs[win].Name + " wins"
		}
		lines = append(lines, fmt.Sprintf("Round %d over after %d cycles: %s.", k+1, g.Cycle(), what))
	}
	return lines
}

// A Redcode series in the window carries p-space from round to round, as pMARS and robocom
// core do: Counter remembers its rounds, so the first is a draw and Duck wins the others,
// each round as `robocom core` plays it with the same seed. It was three draws: every round
// started with empty p-space.
func TestSeriesCarriesPSpace(t *testing.T) {
	w, h := pspaceSeries(t)
	var got []string
	for k := 0; k < 3; k++ {
		got = append(got, h.runRound(t))
	}
	want := coreRounds(t, w)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the window's rounds:\n%s\nrobocom core's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for k, what := range []string{"a draw.", "Duck wins.", "Duck wins."} {
		if !strings.HasSuffix(got[k], what) {
			t.Fatalf("round %d: %q, want %s (Counter remembers its rounds)", k+1, got[k], what)
		}
	}
	if w.tally.Of(1).Wins != 2 || w.draws() != 1 {
		t.Fatalf("tally: Duck %d wins, %d draws; want 2 and 1", w.tally.Of(1).Wins, w.draws())
	}
	// After the series, round 1 again: a new series, with empty p-space.
	if got := h.runRound(t); w.round != 1 || got != want[0] {
		t.Fatalf("Play again: round %d, %q; want round 1 as before, %q", w.round, got, want[0])
	}
}

// Going back within round 2 rebuilds it with round 1's p-space: replayed from any cycle,
// down to its first, it ends as it did. Rebuilt with empty p-space it was a draw.
func TestRewindInASeriesKeepsPSpace(t *testing.T) {
	w, h := pspaceSeries(t)
	want := coreRounds(t, w)
	if got := h.runRound(t); got != want[0] {
		t.Fatalf("round 1: %q, want %q", got, want[0])
	}
	if got := h.runRound(t); got != want[1] || !strings.HasSuffix(got, "Duck wins.") {
		t.Fatalf("round 2: %q, want %q", got, want[1])
	}
	end := w.snap.Cycle
	var rc *recipe
	w.run.withEngine(func(corewars.Engine) { rc = w.run.insp.recipe })
	for c := end - 1; c >= 0; c-- {
		h.clickLabel(t, "← 1 cycle")
		h.settle(t)
		fresh, err := rc.build()
		if err != nil {
			t.Fatal(err)
		}
		fresh.Run(int(c))
		if _, _, state, cycle := w.engine(t); cycle != c || w.snap.Over || state != engineState(fresh) {
			t.Fatalf("← 1 cycle went to cycle %d (over %v), want the recipe's round 2 at %d", cycle, w.snap.Over, c)
		}
		if w.round != 2 {
			t.Fatalf("going back left round 2 for round %d", w.round)
		}
	}
	if got := h.runRound(t); got != want[1] {
		t.Fatalf("round 2 replayed from its first cycle: %q, want %q", got, want[1])
	}
	if got := h.runRound(t); got != want[2] {
		t.Fatalf("round 3 after the replay: %q, want %q", got, want[2])
	}
}

// Started with Start, the series goes on to its next rounds by itself (session.checkOver),
// and they too start with what the round before left in p-space.
func TestStartedSeriesCarriesPSpace(t *testing.T) {
	w, h := pspaceSeries(t)
	want := coreRounds(t, w)
	h.clickLabel(t, "Start")
	h.seriesOver(t, 3)
	if got := w.ResultLine(); got != want[2] {
		t.Fatalf("round 3: %q, want %q", got, want[2])
	}
	if w.tally.Of(1).Wins != 2 || w.draws() != 1 {
		t.Fatalf("tally: Duck %d wins, %d draws; want 2 and 1 (a draw, then Duck's wins)", w.tally.Of(1).Wins, w.draws())
	}
}
