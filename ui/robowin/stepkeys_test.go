package robowin

import (
	"strconv"
	"testing"
	"time"

	"gioui.org/io/key"

	"robocom/ui/kit"
)

// Once a round is over, S, N and Enter in the cycles field play on in the next round, as the
// Step and Run buttons do (they called the Runner directly and did nothing at the end).
func TestStepKeysStartTheNextRound(t *testing.T) {
	pressKey := func(name key.Name) func(h *harness) {
		return func(h *harness) {
			h.r.Queue(key.Event{Name: name, State: key.Press}, key.Event{Name: name, State: key.Release})
			h.frame()
		}
	}
	for _, c := range []struct {
		name  string
		press func(h *harness)
	}{
		{"S", pressKey("S")},
		{"N", pressKey("N")},
		{"Enter in the cycles field", func(h *harness) {
			h.r.Source().Execute(key.FocusCmd{Tag: &h.u.controls.blockEd})
			h.frame()
			h.r.Queue(key.Event{Name: key.NameReturn, State: key.Press})
			h.frame()
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, "test:p1.rob", "test:quitter.rob") // the quitter dies in cycle 1
			h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
			h.clickLabel("Start")
			h.waitFor("the end of round 1", func() bool { return h.u.over() })
			c.press(h)
			h.waitFor("round 2 to be played", func() bool {
				s := h.u.Snapshot()
				return h.u.series.round == 2 && s.Game == h.u.gameNo && s.Cycle == 1
			})
		})
	}
}

// A Run field that holds no whole number of at least 1 runs nothing and says so, with the
// Run button, N and Enter alike, as the Core War mode does: "50,000" or "1e6" played 100
// cycles without a word.
func TestRunRefusesABlockThatIsNoNumber(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	for _, run := range []func(){
		func() { h.clickLabel("Run") },
		func() {
			h.r.Queue(key.Event{Name: "N", State: key.Press}, key.Event{Name: "N", State: key.Release})
			h.frame()
		},
		func() {
			h.r.Source().Execute(key.FocusCmd{Tag: &h.u.controls.blockEd})
			h.frame()
			h.r.Queue(key.Event{Name: key.NameReturn, State: key.Press})
			h.frame()
		},
	} {
		h.typeInto(&h.u.controls.blockEd, &h.u.controls.blockEd, "50,000", false)
		h.r.Source().Execute(key.FocusCmd{Tag: nil})
		h.frame()
		h.u.note.set("")
		run()
		time.Sleep(50 * time.Millisecond)
		h.frame()
		if c := h.u.Snapshot().Cycle; c != 0 {
			t.Fatalf("a Run field of 50,000 played %d cycles", c)
		}
		if m := h.u.Message(); m != kit.BlockRefused {
			t.Errorf("a Run field of 50,000 says %q, want %q", m, kit.BlockRefused)
		}
	}
}

// The rounds field shows the rounds the series plays once the keyboard leaves it: "0" and a
// word played 1 round and "20000" 10000, while the field went on showing what was typed.
func TestRoundsFieldShowsTheRoundsPlayed(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	ed := &h.u.controls.roundsEd
	for _, c := range []struct{ typed, shown string }{{"0", "1"}, {"20000", "10000"}, {"three", "1"}, {" 7 ", "7"}} {
		h.typeInto(ed, ed, c.typed, false)
		if got := ed.Text(); got != c.typed {
			t.Fatalf("while typing, the field shows %q, want %q as typed", got, c.typed)
		}
		h.r.Source().Execute(key.FocusCmd{Tag: nil})
		h.frame()
		h.frame()
		if got := ed.Text(); got != c.shown || strconv.Itoa(h.u.series.rounds()) != c.shown {
			t.Errorf("%q typed: the field shows %q and the series plays %d rounds, want %s", c.typed, got, h.u.series.rounds(), c.shown)
		}
	}
}
