package robowin

import (
	"strings"
	"testing"

	"robocom/robolang"
)

// A seek tells its progress each cycle it replays and stops where it stands when told to.
func TestSeekReportsProgressAndStops(t *testing.T) {
	g := wrapNewGame(func([]*robolang.Program, GameOptions, int64) (Game, error) { return benchGame(t), nil })
	gg, err := g(nil, GameOptions{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	tg := gg.(*tapeGame)
	for tg.eng.Cycle() < 3000 && !tg.eng.Over() {
		tg.Step()
	}
	end := tg.eng.Cycle()
	calls := 0
	tg.progress = func(from, at, to int) bool {
		calls++
		if to != end-10 || at <= from || at > to {
			t.Errorf("progress(%d, %d, %d) going to %d", from, at, to, end-10)
		}
		return at < from+5 // stop after five cycles replayed
	}
	tg.Seek(end-10, tg.Step)
	if calls != 5 {
		t.Errorf("progress was told %d times, want 5 (then the seek stops)", calls)
	}
	at := tg.eng.Cycle()
	if at >= end-10 || at < end-10-tg.every {
		t.Errorf("the stopped seek stands at cycle %d (target %d, snapshots every %d)", at, end-10, tg.every)
	}
	tg.progress = nil
	tg.Seek(end-10, tg.Step)
	if tg.eng.Cycle() != end-10 {
		t.Errorf("seek without progress reached %d, want %d", tg.eng.Cycle(), end-10)
	}
}

// While a seek runs, the timeline shows how far it is and a Stop button that stops it.
func TestSeekShowsProgressAndStop(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	r := h.u.Runner()
	r.seekFrom.Store(100)
	r.seekAt.Store(150)
	r.seekTo.Store(300)
	r.seekActive.Store(true)
	h.frame()
	want := "Going to cycle 300: 25% replayed"
	found := false
	for _, s := range h.texts() {
		if strings.HasPrefix(s, want) {
			found = true
		}
	}
	if !found {
		t.Errorf("no progress %q on screen: %q", want, h.texts())
	}
	h.clickLabel("Stop")
	if !r.seekStop.Load() {
		t.Error("Stop did not stop the seek")
	}
	r.seekActive.Store(false)
}

// A new game (Restart, a program added) stops the seek under way rather than waiting for it.
func TestResetStopsSeek(t *testing.T) {
	r := NewRunner(nil)
	defer r.Close()
	r.seekStop.Store(false)
	r.Reset(nil)
	if !r.seekStop.Load() {
		t.Error("Reset left the seek under way running")
	}
}
