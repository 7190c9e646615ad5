package kit

import (
	"fmt"
	"image"

	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

// Timeline is the row under a game that goes back in time: "← 1 cycle", a slider over every
// cycle played and "Latest →". It says which cycle is asked for; the game's session seeks.
type Timeline struct {
	Back, Latest widget.Clickable
	Slider       widget.Float
	tips         struct{ back, latest TipArea }
	// backOn and latestOn are whether the buttons were enabled when last laid out: Update
	// ignores a greyed one's clicks, and Return on it when it has the keyboard.
	backOn, latestOn bool
}

// Update reports the cycle the buttons or the slider ask for (back: "← 1 cycle", which the
// caller interprets; want ≥ 0: a cycle), given the cycle shown and the furthest one reached.
func (t *Timeline) Update(gtx layout.Context, cycle, furthest int64) (back bool, want int64) {
	want = -1
	back = t.Back.Clicked(gtx) && t.backOn
	if t.Latest.Clicked(gtx) && t.latestOn {
		want = furthest
	}
	if t.Slider.Update(gtx) && furthest > 0 {
		want = int64(t.Slider.Value*float32(furthest) + 0.5)
	}
	return back, want
}

// Disabled greys out w and ignores its clicks when off: a control that would do nothing.
func Disabled(off bool, w layout.Widget) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		if off {
			gtx = gtx.Disabled()
		}
		return w(gtx)
	}
}

// TimelineLook is what a window says in its timeline row beyond the shared parts.
type TimelineLook struct {
	CanBack bool // enables "← 1 cycle"
	// LatestAhead enables "Latest →" at the furthest cycle: the furthest moment reached lies
	// further into it (single steps).
	LatestAhead bool
	Label       string          // the cycle shown right of the slider; "" for "cycle N of M"
	Short       string          // Label where the row is narrow; "" for "N/M"
	BackTip     string          // the tooltip of "← 1 cycle"; "" for the plain one
	Trailing    []layout.Widget // after "Latest →", 12 dp apart from it
}

// minTimelineSlider is the least width the slider keeps before the row says less.
const minTimelineSlider unit.Dp = 64

// TimelineRow draws t for a game at cycle of furthest, as l says. A row narrower than all it
// says (a small window, nine-digit cycles) drops the word "Timeline", then shows the short
// label, so that the slider keeps some width and "Latest →" stays inside the row.
func (k Kit) TimelineRow(t *Timeline, cycle, furthest int64, l TimelineLook) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		if !t.Slider.Dragging() {
			// At cycle 0 of 0 (first launch, a restart, a new game) the knob stands at the
			// right, at "now", where it stays while the game runs on, in both windows.
			t.Slider.Value = 1
			if furthest > 0 {
				t.Slider.Value = float32(cycle) / float32(furthest)
			}
		}
		label, short := l.Label, l.Short
		if label == "" {
			label = fmt.Sprintf("cycle %d of %d", cycle, furthest)
		}
		if short == "" {
			short = fmt.Sprintf("%d/%d", cycle, furthest)
		}
		backTip := l.BackTip
		if backTip == "" {
			backTip = "Go back one cycle (←; the game pauses)"
		}
		// The buttons are laid out once, here, measured, and placed by the Flex below.
		width := 0
		rigid := func(ws ...layout.Widget) []layout.FlexChild {
			var cs []layout.FlexChild
			for _, w := range ws {
				c, d := recordWidget(gtx, w)
				cs = append(cs, layout.Rigid(func(gtx layout.Context) layout.Dimensions { c.Add(gtx.Ops); return d }))
				width += d.Size.X
			}
			return cs
		}
		t.backOn, t.latestOn = l.CanBack, cycle < furthest || l.LatestAhead
		// A greyed button still takes the keyboard (Tab), as its clicks are read to keep
		// it a disabled button to a screen reader: its ring is drawn outside Disabled, which
		// hides the focus from FocusRing.
		button := func(c *widget.Clickable, on bool, label string) layout.Widget {
			return func(gtx layout.Context) layout.Dimensions {
				return FocusRing(gtx, c, Disabled(!on, k.SmallButton(c, label))(gtx))
			}
		}
		children := rigid(
			k.Tipped(&t.tips.back, backTip, button(&t.Back, t.backOn, "← 1 cycle")),
			layout.Spacer{Width: 6}.Layout)
		after := rigid(
			layout.Spacer{Width: 6}.Layout,
			k.Tipped(&t.tips.latest, "Forward again to the furthest cycle reached", button(&t.Latest, t.latestOn, "Latest →")))
		if len(l.Trailing) > 0 {
			after = append(after, rigid(append([]layout.Widget{layout.Spacer{Width: 12}.Layout}, l.Trailing...)...)...)
		}
		room := gtx.Constraints.Max.X - width - gtx.Dp(minTimelineSlider+12) // the slider's insets
		word := k.Label("Timeline")
		if labelW := NaturalWidth(gtx, k.Label(label)); NaturalWidth(gtx, word)+labelW <= room {
			children = append(children, layout.Rigid(word))
		} else if labelW > room {
			label = short
		}
		children = append(children,
			layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
				return layout.Inset{Left: 6, Right: 6}.Layout(gtx, material.Slider(k.Th, &t.Slider).Layout)
			}),
			layout.Rigid(func(gtx layout.Context) layout.Dimensions { return Keep(gtx, &t.Slider, k.Label(label)) }),
		)
		children = append(children, after...)
		return layout.Flex{Alignment: layout.Middle}.Layout(gtx, children...)
	}
}

// recordWidget lays w out with no least size and returns what it drew, to be added where it
// goes, and its size.
func recordWidget(gtx layout.Context, w layout.Widget) (op.CallOp, layout.Dimensions) {
	m := op.Record(gtx.Ops)
	gtx.Constraints.Min = image.Point{}
	d := w(gtx)
	return m.Stop(), d
}
