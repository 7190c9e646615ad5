package robowin

import (
	"image"
	"strings"
	"testing"
	"testing/fstest"

	"robocom/robolang"
)

// An RBI and its source, both named Hive, are two distinguishable entries in the graph's
// legend.
func TestLegendTellsRBIFromSource(t *testing.T) {
	src := spinner("Hive")
	p, err := LoadProgram("hive.rob", []byte(src), robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var rbi strings.Builder
	if err := robolang.WriteRBI(&rbi, p); err != nil {
		t.Fatal(err)
	}
	m := fstest.MapFS{"hive.rob": {Data: []byte(src)}, "hive.rbi": {Data: []byte(rbi.String())}}
	h := &harness{t: t, size: image.Pt(1280, 860)}
	h.u = New(Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: m, Home: "."}}, Files: []string{"test:hive.rob", "test:hive.rbi"}})
	t.Cleanup(h.u.Close)
	h.frame()
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.clickLabel("Graph")
	h.frame()
	a, b := "Hive (hive.rob)", "Hive (hive.rbi)"
	if !h.shows(a) || !h.shows(b) {
		t.Errorf("the legend does not tell the two Hives apart (want %q and %q): %q", a, b, h.texts())
	}
}

// The timeline's knob stands at the same place at cycle 0 on first launch and after a
// restart; "Click a robot…" shows only when there are robots to click.
func TestTimelineKnobAndHint(t *testing.T) {
	empty := newHarness(t)
	empty.frame()
	if empty.shows("Click a robot to open its debugger; several can be open at once.") {
		t.Error("the hint to click a robot shows with no players loaded")
	}
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.frame()
	first := h.u.dbg.timeline.Slider.Value
	if !h.shows("Click a robot to open its debugger; several can be open at once.") {
		t.Error("no hint to click a robot with robots on the board")
	}
	h.startAndPause()
	h.frame()
	h.clickLabel("Restart")
	h.waitFor("the restart", func() bool { h.frame(); return h.u.Snapshot().Cycle == 0 && h.u.Snapshot().Furthest == 0 })
	h.frame()
	if got := h.u.dbg.timeline.Slider.Value; got != first {
		t.Errorf("after a restart the knob stands at %v, on first launch at %v", got, first)
	}
}
