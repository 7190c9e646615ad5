package shortcut

import (
	"image"
	"slices"
	"testing"

	"gioui.org/io/input"
	"gioui.org/io/key"
	"gioui.org/layout"
	"gioui.org/op"
)

// pressed sends the key presses (and releases, which must not count) and returns the actions
// Next reads in the following frame.
func pressed(t *testing.T, editing bool, evs ...key.Event) []Action {
	t.Helper()
	var r input.Router
	var ops op.Ops
	read := func() []Action {
		ops.Reset()
		gtx := layout.Context{Ops: &ops, Constraints: layout.Exact(image.Pt(100, 100)), Source: r.Source()}
		var out []Action
		for {
			a, ok := Next(gtx, editing)
			if !ok {
				break
			}
			out = append(out, a)
		}
		r.Frame(&ops)
		return out
	}
	read() // the first frame registers the filters
	for _, e := range evs {
		e.State = key.Press
		r.Queue(e)
		e.State = key.Release
		r.Queue(e)
	}
	return read()
}

func TestNext(t *testing.T) {
	all := []key.Event{{Name: key.NameSpace}, {Name: "S"}, {Name: "N"}, {Name: "R"}, {Name: "F"},
		{Name: "+", Modifiers: key.ModShift}, {Name: "="}, {Name: "-"}, {Name: key.NameEscape},
		{Name: "Q", Modifiers: key.ModShortcut}, {Name: "Q"}, {Name: "X"}, {Name: key.NameLeftArrow}}
	want := []Action{StartPause, Step, Block, Restart, Fit, Faster, Faster, Slower, Escape, Quit, Back}
	if got := pressed(t, false, all...); !slices.Equal(got, want) {
		t.Errorf("keys read %v, want %v", got, want)
	}
	if got := pressed(t, true, all...); !slices.Equal(got, []Action{Escape, Quit}) {
		t.Errorf("while editing, keys read %v, want only Escape and Quit", got)
	}
}
