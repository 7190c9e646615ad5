package kit

import (
	"slices"

	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/internal/termtext"
)

// Strip is the panels a window opens beside its game, in either game (RoboCom's robot
// debuggers, Core War's warrior inspectors): which are open and in what order, which of
// them are torn off into windows of their own (W, the window's TornWindow), and the docked
// ones drawn side by side, as many as fit beside the game, the others a sideways scroll
// away. The panels themselves (P) and their windows are the window package's.
type Strip[P comparable, W any] struct {
	Panels   []P // open, docked or torn off, in the order opened
	torn     []tornPanel[P, W]
	list     widget.List
	capacity int // panels that fit beside the game, from the last Fit
}

type tornPanel[P comparable, W any] struct {
	p P
	w W
}

// PanelsBeside is how much room the game keeps beside the panels: as many panels are shown
// at once as leave it this wide.
const PanelsBeside = unit.Dp(300)

// Open shows panel p, adding it after the others if it is not open, and scrolls the strip to
// it. It reports whether p was added.
func (s *Strip[P, W]) Open(p P) (added bool) {
	if !slices.Contains(s.Panels, p) {
		s.Panels = append(s.Panels, p)
		added = true
	}
	if i := slices.Index(s.Docked(), p); i >= 0 {
		s.list.ScrollTo(i)
	}
	return added
}

// Remove closes panel p. If p was torn off, its window is returned for the caller to close.
func (s *Strip[P, W]) Remove(p P) (w W, wasTorn bool) {
	w, wasTorn = s.Dock(p)
	if i := slices.Index(s.Panels, p); i >= 0 {
		s.Panels = slices.Delete(s.Panels, i, i+1)
	}
	return w, wasTorn
}

// TornOf is panel p's window when it is torn off.
func (s *Strip[P, W]) TornOf(p P) (W, bool) {
	for _, t := range s.torn {
		if t.p == p {
			return t.w, true
		}
	}
	var none W
	return none, false
}

// Tear records that panel p is now shown in window w.
func (s *Strip[P, W]) Tear(p P, w W) {
	if _, ok := s.TornOf(p); !ok {
		s.torn = append(s.torn, tornPanel[P, W]{p, w})
	}
}

// Dock brings panel p back into the strip; it returns the window p was in, if any.
func (s *Strip[P, W]) Dock(p P) (W, bool) {
	for i, t := range s.torn {
		if t.p == p {
			s.torn = slices.Delete(s.torn, i, i+1)
			return t.w, true
		}
	}
	var none W
	return none, false
}

// Torn lists the windows of the torn-off panels.
func (s *Strip[P, W]) Torn() []W {
	ws := make([]W, len(s.torn))
	for i, t := range s.torn {
		ws[i] = t.w
	}
	return ws
}

// Docked lists the panels in the strip, in order.
func (s *Strip[P, W]) Docked() []P {
	var out []P
	for _, p := range s.Panels {
		if _, torn := s.TornOf(p); !torn {
			out = append(out, p)
		}
	}
	return out
}

// Fit sets how many panels width wide are shown at once beside the game in a room wide
// (the game keeping PanelsBeside): at least one.
func (s *Strip[P, W]) Fit(gtx layout.Context, room int, width unit.Dp) {
	s.capacity = max(1, (room-gtx.Dp(PanelsBeside))/gtx.Dp(width))
}

// Layout draws the docked panels side by side, width wide each, as many as Fit allows, the
// others a sideways scroll away; panel draws one filling its constraints.
func (s *Strip[P, W]) Layout(gtx layout.Context, th *material.Theme, width unit.Dp, panel func(gtx layout.Context, p P) layout.Dimensions) layout.Dimensions {
	panels := s.Docked()
	if len(panels) == 0 {
		return layout.Dimensions{}
	}
	w := gtx.Dp(width)
	all := min(min(len(panels), max(1, s.capacity))*w, gtx.Constraints.Max.X)
	gtx.Constraints.Min.X, gtx.Constraints.Max.X = all, all
	gtx.Constraints.Min.Y = gtx.Constraints.Max.Y
	s.list.Axis = layout.Horizontal
	return material.List(th, &s.list).Layout(gtx, len(panels), func(gtx layout.Context, i int) layout.Dimensions {
		gtx.Constraints.Min.X, gtx.Constraints.Max.X = w, w
		return layout.Inset{Left: 4, Top: 4, Bottom: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			gtx.Constraints.Min = gtx.Constraints.Max
			return panel(gtx, panels[i])
		})
	})
}

// ClosedNote is the sentence saying which panels a window closed and why ("Closed the
// inspector of Dwarf: it is not in the game any more."; "Closed the debuggers of Hive and
// Mine: they are …"), "" when names is empty: panel names the kind, whyOne and whyMany the
// reason for one panel and for several.
func ClosedNote(panel string, names []string, whyOne, whyMany string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return "Closed the " + panel + " of " + names[0] + ": " + whyOne
	}
	return "Closed the " + panel + "s of " + termtext.List(names) + ": " + whyMany
}
