package robowin

import (
	"image"
	"strings"
	"testing"
	"time"

	"gioui.org/f32"
	"gioui.org/io/input"
	"gioui.org/io/pointer"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"

	"robocom/arena"
)

// boardHarness lays out a bare board over robots that the test moves between frames, as a
// running game does.
type boardHarness struct {
	st     BoardState
	robots []arena.RobotView
	r      input.Router
	ops    op.Ops
}

func (h *boardHarness) frame() {
	h.ops.Reset()
	gtx := layout.Context{Ops: &h.ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(image.Pt(640, 640)), Source: h.r.Source(), Now: time.Now()}
	Board(testTheme(), &h.st, 16, h.robots, []Team{{Name: "A"}, {Name: "B"}}).Layout(gtx)
	h.r.Frame(&h.ops)
}

func (h *boardHarness) press(p f32.Point) {
	h.r.Queue(
		pointer.Event{Kind: pointer.Move, Position: p, Source: pointer.Mouse},
		pointer.Event{Kind: pointer.Press, Position: p, Buttons: pointer.ButtonPrimary, Source: pointer.Mouse},
		pointer.Event{Kind: pointer.Release, Position: p, Source: pointer.Mouse},
	)
}

// A click hits the robot drawn where the user clicked, even when the game moved it before
// the click was handled; near a robot (in the next field's edge) still hits it.
func TestBoardClickHitsRobotAsDrawn(t *testing.T) {
	h := &boardHarness{robots: []arena.RobotView{{ID: 7, X: 4, Y: 4, Alive: true, Active: 1}, {ID: 9, Team: 1, X: 10, Y: 10, Alive: true, Active: 1}}}
	h.frame()
	at := h.st.FieldCenter(4, 4)
	h.press(at)
	h.robots[0].X = 5 // the game moved on between the frame drawn and the click
	h.frame()
	if h.st.Selected != 7 {
		t.Fatalf("a click on robot 7 as drawn selected %d", h.st.Selected)
	}

	h.frame() // robot 7 is drawn at (5, 4) now
	cell := h.st.cell
	near := h.st.FieldCenter(5, 4).Add(f32.Pt(0, 0.7*cell)) // in field (5, 5), by its top edge
	h.press(near)
	h.frame()
	if h.st.Selected != 7 {
		t.Fatalf("a click just below robot 7 selected %d, want 7", h.st.Selected)
	}

	h.press(h.st.FieldCenter(0, 15)) // far from every robot
	h.frame()
	if h.st.Selected != 0 {
		t.Fatalf("a click on an empty corner selected %d", h.st.Selected)
	}
}

// TestBoardTooltipInsideNarrowBoard: the hover text of a robot stays inside a board narrower
// than a tooltip may be (debuggers open beside it), a long team name clipped; it was cut off
// at the board's edge.
func TestBoardTooltipInsideNarrowBoard(t *testing.T) {
	var st BoardState
	var r input.Router
	var ops op.Ops
	robots := []arena.RobotView{{ID: 1, X: 8, Y: 8, Alive: true, Active: 1}}
	teams := []Team{{Name: strings.Repeat("Long", 75)}}
	const w = 200
	frame := func() {
		ops.Reset()
		gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(image.Pt(w, w)), Source: r.Source(), Now: time.Now()}
		Board(testTheme(), &st, 16, robots, teams).Layout(gtx)
		r.Frame(&ops)
	}
	frame()
	r.Queue(pointer.Event{Kind: pointer.Move, Position: st.FieldCenter(8, 8), Source: pointer.Mouse})
	frame()
	frame()
	var tip input.SemanticNode
	var walk func(ns []input.SemanticNode)
	walk = func(ns []input.SemanticNode) {
		for _, n := range ns {
			if strings.Contains(n.Desc.Label, "· robot 1 ·") {
				tip = n
			}
			walk(n.Children)
		}
	}
	walk(r.AppendSemantics(nil))
	if tip.Desc.Label == "" {
		t.Fatal("no tooltip over the hovered robot")
	}
	if b := tip.Desc.Bounds; b.Min.X < 0 || b.Max.X > w || strings.Contains(tip.Desc.Label, teams[0].Name) {
		t.Errorf("the tooltip %q is at %v, out of the %d px board, or names the team unclipped", tip.Desc.Label, b, w)
	}
}
