package kit

import (
	"image"
	"testing"

	"gioui.org/io/input"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
)

// A status line's separators stand only between two fields shown on one line: none ends a
// line when the width wraps the fields, none is left for a field that shows nothing. (At
// 800×600 the RoboCom status line ended "Round 1, seed N ·" when the next field was cut.)
func TestFieldsSeparators(t *testing.T) {
	k := Kit{Th: NewTheme()}
	empty := func(gtx layout.Context) layout.Dimensions { return layout.Dimensions{} }
	for _, c := range []struct {
		name   string
		width  int
		fields []layout.Widget
		want   int // separators
	}{
		{"one line", 600, []layout.Widget{k.Label("Round 1, seed 5"), k.Label("Rounds in a row")}, 1},
		{"wrapped", 120, []layout.Widget{k.Label("Round 1, seed 5"), k.Label("Rounds in a row")}, 0},
		{"an empty field", 600, []layout.Widget{k.Label("Round 1, seed 5"), empty, k.Label("Rounds in a row")}, 1},
		{"empty last", 600, []layout.Widget{k.Label("Round 1, seed 5"), empty}, 0},
	} {
		var r input.Router
		var ops op.Ops
		gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Constraints{Max: image.Pt(c.width, 200)}}
		k.Fields(gtx, c.fields...)
		r.Frame(&ops)
		got := 0
		for _, n := range r.AppendSemantics(nil) { // every node, children included
			if n.Desc.Label == "·" {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s: %d separators, want %d", c.name, got, c.want)
		}
	}
}
