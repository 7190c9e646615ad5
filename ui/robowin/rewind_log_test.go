package robowin

import (
	"reflect"
	"slices"
	"testing"

	"robocom/arena"
	"robocom/robolang"
)

// A seek forward restores the last snapshot before the target and replays from there, not
// from the present, and reaches the state first seen at the target.
func TestForwardSeekRestoresSnapshot(t *testing.T) {
	g := wrapNewGame(func([]*robolang.Program, GameOptions, int64) (Game, error) { return benchGame(t), nil })
	gg, err := g(nil, GameOptions{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	tg := gg.(*tapeGame)
	const target = 2990
	var want gameState
	for tg.eng.Cycle() < 3000 && !tg.eng.Over() {
		tg.Step()
		if tg.eng.Cycle() == target {
			want = stateOf(tg.eng)
		}
	}
	if tg.eng.Over() || len(tg.snaps) < 3 {
		t.Fatalf("the test game is too short: over at %d, %d snapshots", tg.eng.Cycle(), len(tg.snaps))
	}
	tg.Seek(100, tg.Step)
	from := -1
	tg.progress = func(f, at, to int) bool { from = f; return true }
	tg.Seek(target, tg.Step)
	if from < target-tg.every || from > target {
		t.Errorf("going from cycle 100 to %d replayed from cycle %d (snapshots every %d)", target, from, tg.every)
	}
	if got := stateOf(tg.eng); !reflect.DeepEqual(got, want) {
		t.Errorf("the forward seek reached another state at cycle %d", target)
	}
}

// After a seek back the event log and the graph show the cycles up to the present, and
// after a seek forward again those of the cycles skipped, as first played; an edit drops
// the future from both.
func TestSeekKeepsLogAndGraph(t *testing.T) {
	h := newDebugHarness(t, "test:factory.rob", "test:mayfly.rob", "test:counter.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 3 })
	h.stepTo(2000)
	evs, hist := slices.Clone(h.u.evs), slices.Clone(h.u.hist.Counts)
	if len(hist) != 2000 || len(evs) == 0 || evs[len(evs)-1].Cycle <= 500 {
		t.Fatalf("the test game: %d graph entries, %d events", len(hist), len(evs))
	}
	upTo := func(c int) []arena.Event {
		return evs[:slices.IndexFunc(evs, func(e arena.Event) bool { return e.Cycle > c })]
	}

	h.u.SeekCycle(500)
	h.waitFor("the seek back", func() bool { return h.u.Snapshot().Cycle == 500 && !h.u.Snapshot().Running })
	if !reflect.DeepEqual(h.u.evs, upTo(500)) || !reflect.DeepEqual(h.u.hist.Counts, hist[:500]) {
		t.Errorf("at cycle 500: %d events (want %d), %d graph entries", len(h.u.evs), len(upTo(500)), len(h.u.hist.Counts))
	}
	h.u.SeekCycle(2000)
	h.waitFor("the seek forward", func() bool { return h.u.Snapshot().Cycle == 2000 && !h.u.Snapshot().Running })
	if !reflect.DeepEqual(h.u.evs, evs) || !reflect.DeepEqual(h.u.hist.Counts, hist) {
		t.Errorf("back at cycle 2000: %d events (want %d), %d graph entries", len(h.u.evs), len(evs), len(h.u.hist.Counts))
	}

	h.u.SeekCycle(500)
	h.waitFor("the seek back", func() bool { return h.u.Snapshot().Cycle == 500 && !h.u.Snapshot().Running })
	h.u.SetRobotVar(2, 0, 0) // the mayfly stops making children: the future changes
	h.waitFor("the edit", func() bool { return h.u.Snapshot().Furthest == 500 })
	h.stepTo(600)
	if n := len(h.u.hist.Counts); n != 600 || !slices.Equal(h.u.hist.Counts[:500], hist[:500]) {
		t.Errorf("after an edit at 500 and 100 cycles more the graph has %d entries", n)
	}
	mayfly := func(evs []arena.Event) (n int) {
		for _, e := range evs {
			if e.Cycle > 500 && e.Program == 1 {
				n++
			}
		}
		return n
	}
	if mayfly(upTo(600)) == 0 {
		t.Fatal("the mayfly made no children between cycles 500 and 600")
	}
	if n := mayfly(h.u.evs); n != 0 {
		t.Errorf("after the mayfly stopped at cycle 500 the log shows %d of its events after it", n)
	}
	for _, e := range h.u.evs {
		if e.Cycle > 600 {
			t.Fatalf("at cycle 600 the log shows an event of cycle %d", e.Cycle)
		}
	}
	var counts []int
	h.onSim(func(t *tapeGame) { counts = t.eng.TeamCounts() })
	for i, n := range counts {
		if got := h.u.hist.Counts[599][i]; int(got) != n {
			t.Errorf("the graph's last entry has %d robots of program %d, the game %d", got, i, n)
		}
	}
}
