//go:build cgo

package kit

import (
	"image"
	"image/color"
	"os"
	"testing"

	"gioui.org/io/key"
	"gioui.org/layout"
	"gioui.org/widget"

	"robocom/ui/internal/goldentest"
)

// headlessWindow is goldentest's window on headless Mesa, with or without an X server, as
// the windows' golden tests draw (their TestMain sets the same).
func headlessWindow(t *testing.T, size image.Point) *goldentest.Window {
	if os.Getenv("EGL_PLATFORM") == "" {
		t.Setenv("EGL_PLATFORM", "surfaceless")
	}
	return goldentest.NewWindow(t, size)
}

// The button that has the keyboard (Tab moves it) has a ring along its edge; Gio's own
// buttons showed it only as their hover shade, and a keyboard user could not see where the
// focus was.
func TestFocusRingShowsTheKeyboardsButton(t *testing.T) {
	k := Kit{Th: NewTheme()}
	var one, two widget.Clickable
	var tabs [2]widget.Clickable
	w := headlessWindow(t, image.Pt(300, 80))
	var oneSize image.Point
	draw := func(gtx layout.Context) {
		layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{}.Layout(gtx,
					layout.Rigid(func(gtx layout.Context) layout.Dimensions {
						d := k.Button(&one, "One")(gtx)
						oneSize = d.Size
						return d
					}),
					layout.Rigid(layout.Spacer{Width: 20}.Layout),
					layout.Rigid(k.SmallButton(&two, "Two")))
			}),
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				return k.Tabs(gtx, tabs[:], []string{"A", "B"}, 0, 2)
			}))
	}
	dark := func(c color.RGBA) bool { return c.R < 0x30 && c.G < 0x30 && c.B < 0x30 }
	edge := image.Pt(1, 0) // on the left edge of One, half way down
	before := w.Draw(t, draw)
	edge.Y = oneSize.Y / 2
	if c := before.RGBAAt(edge.X, edge.Y); dark(c) {
		t.Fatalf("One's edge is dark (%v) before it has the keyboard", c)
	}
	w.Router().MoveFocus(key.FocusForward)
	w.Frame(t, draw)
	after := w.Draw(t, draw)
	if c := after.RGBAAt(edge.X, edge.Y); !dark(c) {
		t.Errorf("One has the keyboard and its edge is %v, not the focus ring", c)
	}
	// Only One: no other pixel that was light before is dark now, right of it.
	changed := 0
	for y := 0; y < 80; y++ {
		for x := oneSize.X + 2; x < 300; x++ {
			if dark(after.RGBAAt(x, y)) && !dark(before.RGBAAt(x, y)) {
				changed++
			}
		}
	}
	if changed > 0 {
		t.Errorf("%d pixels right of One turned dark: a ring around another control", changed)
	}
}

// A greyed timeline button that has the keyboard shows the ring too, and Return on it asks
// for nothing: Tab stopped on "← 1 cycle" at cycle 0 (and on "Latest →" all through a
// game) with no ring, as Disabled hid the focus from FocusRing, and Return there asked for
// a cycle.
func TestFocusRingOnAGreyedTimelineButton(t *testing.T) {
	k := Kit{Th: NewTheme()}
	var tl Timeline
	w := headlessWindow(t, image.Pt(600, 40))
	var back, latest bool // asked for in any frame
	draw := func(gtx layout.Context) {
		b, want := tl.Update(gtx, 0, 0)
		back, latest = back || b, latest || want >= 0
		k.TimelineRow(&tl, 0, 0, TimelineLook{CanBack: false})(gtx)
	}
	dark := func(c color.RGBA) bool { return c.R < 0x30 && c.G < 0x30 && c.B < 0x30 }
	before := w.Draw(t, draw)
	w.Router().MoveFocus(key.FocusForward)
	w.Frame(t, draw)
	if !w.Router().Source().Focused(&tl.Back) {
		t.Fatal("Tab did not give the keyboard to \"← 1 cycle\"")
	}
	after := w.Draw(t, draw)
	if c, b := after.RGBAAt(1, 20), before.RGBAAt(1, 20); !dark(c) || dark(b) {
		t.Errorf("\"← 1 cycle\" has the keyboard and its edge is %v (before %v), not the focus ring", c, b)
	}
	w.Router().Queue(key.Event{Name: key.NameReturn, State: key.Press}, key.Event{Name: key.NameReturn, State: key.Release})
	w.Frame(t, draw)
	w.Frame(t, draw)
	if back || latest {
		t.Errorf("Return on the greyed \"← 1 cycle\" asked for a cycle (back %v, latest %v)", back, latest)
	}
}

// A name or row laid out with Clickable shows the ring as a button does: Tab stopped on
// such rows (the players' names, the debugger's lines) with nothing to see.
func TestFocusRingOnAClickableRow(t *testing.T) {
	k := Kit{Th: NewTheme()}
	var row widget.Clickable
	w := headlessWindow(t, image.Pt(200, 40))
	var size image.Point
	draw := func(gtx layout.Context) {
		size = Clickable(gtx, &row, k.Label("a player's name")).Size
	}
	before := w.Draw(t, draw)
	w.Router().MoveFocus(key.FocusForward)
	w.Frame(t, draw)
	after := w.Draw(t, draw)
	// Along the top edge, away from the corners, where the text does not reach: light
	// before, the ring's dark after.
	dark := func(c color.RGBA) bool { return c.A > 0x80 && c.R < 0x30 && c.G < 0x30 && c.B < 0x30 } // (nothing drawn is transparent)
	x, y := size.X/2, 1
	if dark(before.RGBAAt(x, y)) || !dark(after.RGBAAt(x, y)) {
		t.Errorf("the row's top edge is %v before and %v after it took the keyboard, want light and then the ring", before.RGBAAt(x, y), after.RGBAAt(x, y))
	}
}
