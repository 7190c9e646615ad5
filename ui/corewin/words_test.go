package corewin

import (
	"strings"
	"testing"
)

// The Core War window calls its unit of time a cycle everywhere, as its status line, its
// timeline and "← 1 cycle" do: the Run field, the Parameters tab, the Players tab's legend and
// the refusal of a bad block size too (they said "time slices").
func TestCoreWarSaysCycles(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	h.frame()
	var labels []string
	collect := func() {
		for _, n := range h.semanticNodes() {
			labels = append(labels, n.Desc.Label)
		}
	}
	collect()
	for _, tab := range []string{"Players", "Parameters"} {
		h.clickLabel(t, tab)
		collect()
	}
	all := strings.Join(labels, "\n")
	said := map[string]bool{}
	for _, l := range labels {
		if strings.Contains(strings.ToLower(l), "slice") && !said[l] {
			said[l] = true
			t.Errorf("the window says %q; want cycles", l)
		}
	}
	for _, want := range []string{"Cycles before a draw", "Cycle 0 of"} {
		if !strings.Contains(all, want) {
			t.Errorf("no %q on screen", want)
		}
	}
	// The Run block field's unit, beside it.
	found := false
	for _, l := range labels {
		found = found || l == "cycles"
	}
	if !found {
		t.Error(`no "cycles" beside the Run block field`)
	}
	h.typeInto(t, &w.controls.blockEd, &w.controls.blockEd, "0")
	h.clickLabel(t, "Run")
	if m := w.Message(); !strings.Contains(m, "at least 1 cycle") {
		t.Errorf("a block of 0 is refused with %q; want it said in cycles", m)
	}
}
