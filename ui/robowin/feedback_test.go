package robowin

import (
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"robocom/ui/kit"
)

// At 1280×800 the refusal of a sixth program shows in the window, where the user picks.
func TestRefusalVisibleAt1280x800(t *testing.T) {
	m := testFS()
	for i := 10; i < 60; i++ { // a folder of many programs: the picker's list is at its tallest
		m[fmt.Sprintf("q%d.rob", i)] = &fstest.MapFile{Data: []byte(spinner(fmt.Sprintf("Q%d", i)))}
	}
	h := &harness{t: t, size: image.Pt(1280, 800)}
	h.u = New(Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: m, Home: "."}}})
	t.Cleanup(h.u.Close)
	h.frame()
	h.clickLabel("Add program…")
	for i := 1; i <= 6; i++ {
		h.clickLabel(fmt.Sprintf("p%d.rob", i))
	}
	msg := h.u.Message()
	if !strings.Contains(msg, "At most 5") {
		t.Fatalf("no refusal: %q", msg)
	}
	b, ok := h.findText(msg)
	if !ok {
		t.Fatalf("the refusal %q is not laid out in view: %q", msg, h.texts())
	}
	// The controls and players (the picker) scroll in the part of the panel above the tabs.
	tabs, ok := h.find("Graph")
	if !ok {
		t.Fatal("no Graph tab")
	}
	if b.Min.Y < 0 || b.Min.Y+20 > tabs.Min.Y { // (a label's bounds are loose at the bottom)
		t.Errorf("the refusal is drawn at y %d, below the picker's part of the panel (it ends at %d)", b.Min.Y, tabs.Min.Y)
	}
}

// While the game runs, the controls show the speed it reaches beside the speed asked.
func TestSpeedShowsReached(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	h.u.setSpeed(slices.Index(kit.Speeds, 20))
	h.clickLabel("Start")
	var shown string
	ok := h.framesUntil(func() bool {
		for _, s := range h.texts() {
			if strings.HasSuffix(s, "/s reached)") {
				shown = s
				return true
			}
		}
		return false
	})
	if !ok {
		t.Fatalf("no reached speed shown while running: %q", h.texts())
	}
	var got int
	if _, err := fmt.Sscanf(shown, "(%d/s reached)", &got); err != nil || got < 5 || got > 25 {
		t.Errorf("at 20/s asked the window shows %q", shown)
	}
	h.clickLabel("Pause")
	h.waitFor("the pause", func() bool { h.frame(); return !h.u.Snapshot().Running })
	h.frame()
	for _, s := range h.texts() {
		if strings.HasSuffix(s, "reached)") {
			t.Errorf("paused, the window still shows %q", s)
		}
	}
}

func TestSpeedMeter(t *testing.T) {
	var m speedMeter
	t0 := time.Unix(1000, 0)
	m.sample(t0, 1, 0, true)
	m.sample(t0.Add(500*time.Millisecond), 1, 100, true)
	if m.valid {
		t.Error("a rate after half a period")
	}
	m.sample(t0.Add(2*time.Second), 1, 800, true)
	if !m.valid || m.rate != 400 {
		t.Errorf("rate %v valid %v, want 400", m.rate, m.valid)
	}
	m.sample(t0.Add(3*time.Second), 2, 5, true) // a new game: measure again
	if m.sample(t0.Add(3500*time.Millisecond), 2, 50, true); m.rate != 400 {
		t.Errorf("a new game changed the rate before a period: %v", m.rate)
	}
	m.sample(t0.Add(4*time.Second), 2, 60, false)
	if m.valid {
		t.Error("a rate while paused")
	}
}

// "Waiting for your answer over the board…" goes once the question is answered.
func TestWaitingMessageGoesAfterAnswer(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.u.tabbed.optEd.dir = t.TempDir()
	h.startAndPause()
	h.clickLabel("Options")
	h.clickLabel("rc3")
	waiting := "Waiting for your answer over the board: these rules apply only when the game restarts."
	if !h.shows(waiting) {
		t.Fatalf("no waiting message while the question stands: %q", h.texts())
	}
	h.clickLabel("Apply and restart")
	h.frame()
	if h.shows(waiting) {
		t.Error("the waiting message stayed after the answer")
	}
}

// At 800×600 the cycle counter stays on one line when the speed reached appears beside it:
// wrapped, it pushed the seed and the rows below down while the game ran.
func TestCycleCounterStaysOnOneLine(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.size = image.Pt(800, 600)
	h.waitFor("the first game", func() bool { return h.u.Snapshot().Size > 0 })
	h.frame()
	seedTop := func() int {
		r, ok := h.findText("Seed")
		if !ok {
			t.Fatalf("no Seed label among %q", h.texts())
		}
		return r.Min.Y
	}
	paused := seedTop()
	h.u.setSpeed(len(kit.Speeds) - 2) // fast: a four-digit cycle and speed, as at 800×600 in the app
	h.clickLabel("Start")
	if !h.framesUntil(func() bool {
		for _, s := range h.texts() {
			if strings.HasSuffix(s, "/s reached)") && h.u.Snapshot().Cycle >= 1000 {
				return true
			}
		}
		return false
	}) {
		t.Fatal("no reached speed shown while running")
	}
	if running := seedTop(); running != paused {
		t.Errorf("the Seed row moved from y=%d to y=%d when the speed reached appeared: the cycle counter wrapped", paused, running)
	}
}
