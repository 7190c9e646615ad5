package robowin

import (
	"image"
	"strings"
	"testing"
	"time"

	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"

	"robocom/ui/internal/goldentest"
)

func TestNiceStep(t *testing.T) {
	for _, c := range []struct{ span, want, step int }{
		{10, 5, 2}, {11, 5, 2}, {26, 5, 5}, {26, 4, 10}, {100, 5, 20}, {1000, 4, 500}, {3, 5, 1}, {0, 5, 1}, {1234, 6, 200}, {1234, 2, 500},
	} {
		if got := niceStep(c.span, c.want); got != c.step {
			t.Errorf("niceStep(%d, %d) = %d, want %d", c.span, c.want, got, c.step)
		}
	}
}

// graphLabels lays the graph out and returns the text of every label it shows, with the
// labels' vertical positions.
func graphLabels(t *testing.T, size image.Point, hist *History, teams []Team) map[string]image.Rectangle {
	t.Helper()
	var r input.Router
	var ops op.Ops
	gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(size), Source: r.Source(), Now: time.Unix(0, 0)}
	Graph(testTheme(), hist, teams).Layout(gtx)
	r.Frame(&ops)
	labels := map[string]image.Rectangle{}
	for _, n := range goldentest.Semantics(&r) {
		if n.Desc.Label != "" {
			labels[n.Desc.Label] = n.Desc.Bounds
		}
	}
	return labels
}

// The graph names its lines (every team in a legend) and labels both axes with ticks at
// round numbers: robots 0…max on the left, cycles along the bottom.
func TestGraphLegendAndTicks(t *testing.T) {
	hist := &History{}
	for c := 0; c < 1000; c++ {
		hist.Counts = append(hist.Counts, [MaxPlayers]int32{int32(c / 10), 50, 3})
	}
	teams := []Team{{Name: "Factory", Color: paletteColor(0)}, {Name: "Sleepers", Color: paletteColor(1)}, {Name: "Spinner", Color: paletteColor(2)}}
	labels := graphLabels(t, image.Pt(500, 300), hist, teams)
	var names []string
	for l := range labels {
		names = append(names, l)
	}
	for _, want := range []string{"Factory", "Sleepers", "Spinner", "0", "20", "40", "60", "80", "100", "200", "400", "600", "800", "1000"} {
		if _, ok := labels[want]; !ok {
			t.Errorf("no label %q in the graph; labels: %s", want, strings.Join(names, " | "))
		}
	}
	// The legend is above the plot: every team name above the top robot tick.
	for _, team := range teams {
		if b, top := labels[team.Name], labels["100"]; b.Max.Y > top.Max.Y {
			t.Errorf("legend entry %q at %v is not above the top tick label at %v", team.Name, b, top)
		}
	}
	// Robot ticks go up: the label of 80 is above that of 20.
	if labels["80"].Min.Y >= labels["20"].Min.Y {
		t.Errorf("tick 80 at %v is not above tick 20 at %v", labels["80"], labels["20"])
	}
	// Cycle ticks go right.
	if labels["800"].Min.X <= labels["200"].Min.X {
		t.Errorf("tick 800 at %v is not right of tick 200 at %v", labels["800"], labels["200"])
	}
}
