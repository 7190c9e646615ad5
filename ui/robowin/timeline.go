package robowin

import (
	"fmt"
	"sync/atomic"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

// timelineView is the row under the board: "← 1 cycle", the timeline slider over every
// cycle played, "Latest →" and the program tools' button, with the debuggers' notice below.
type timelineView struct {
	*session
	look
	back, latest, tools widget.Clickable
	stop                widget.Clickable // stops the seek under way
	tips                struct{ back, latest tipArea }
	slider              widget.Float
	seekWant            int // cycle to go to, -1 for none
	seekBusy            atomic.Bool
}

func (t *timelineView) init(s *session, k look) {
	t.session, t.look = s, k
	t.seekWant = -1
}

// update notes the cycle the buttons or the slider ask for in seekWant; it reports whether
// the program tools' button was pressed.
func (t *timelineView) update(gtx layout.Context) (toolsPressed bool) {
	if t.back.Clicked(gtx) {
		t.seekWant = max(t.snap.Cycle-1, 0)
	}
	if t.latest.Clicked(gtx) {
		t.seekWant = t.snap.Furthest
	}
	if t.stop.Clicked(gtx) {
		t.run.StopSeek()
		t.seekWant = -1
	}
	toolsPressed = t.tools.Clicked(gtx)
	if t.slider.Update(gtx) && t.snap.Furthest > 0 {
		t.seekWant = int(t.slider.Value*float32(t.snap.Furthest) + 0.5)
	}
	return toolsPressed
}

// disabledIf greys out w and ignores its clicks when off: "← 1 cycle" at cycle 0 and
// "Latest →" at the furthest cycle would do nothing, and a new user clicking them saw no reason.
func disabledIf(off bool, w layout.Widget) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		if off {
			gtx = gtx.Disabled()
		}
		return w(gtx)
	}
}

// seekText says how far a seek has come: it replays the game from cycle from to cycle to.
func seekText(from, at, to int) string {
	pct := 100
	if to > from {
		pct = min(100, max(0, (at-from)*100/(to-from)))
	}
	return fmt.Sprintf("Going to cycle %d: %d%% replayed (Esc or Stop stops here)", to, pct)
}

// timelineLabel is the timeline's cycle, from the same snapshot as the cycle counter.
func timelineLabel(s *Snapshot) string {
	return fmt.Sprintf("cycle %d of %d", s.Cycle, s.Furthest)
}

// layout draws the row; notice is shown under it, or when there is none and hint is set,
// how to open a debugger.
func (t *timelineView) layout(gtx layout.Context, notice string, hint bool, toolsLabel string) layout.Dimensions {
	// The same snapshot as the cycle counter at the top (not the debuggers' fetch, which
	// lags a publish behind while the game runs).
	snap := &t.snap
	if !t.slider.Dragging() {
		// At cycle 0 of 0 (first launch, or a restart) the knob stands at the right, at
		// "now", where it stays while the game runs on: it started at the left on first
		// launch and at the right after a restart.
		t.slider.Value = 1
		if snap.Furthest > 0 {
			t.slider.Value = float32(snap.Cycle) / float32(snap.Furthest)
		}
	}
	label := timelineLabel(snap)
	if !snap.Rewindable {
		label = "no game to rewind"
	}
	return layout.Inset{Top: 4, Bottom: 4, Left: 6, Right: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
					layout.Rigid(t.tipped(&t.tips.back, "Go back one cycle (←; the game pauses; the future is kept until you edit)", disabledIf(snap.Cycle == 0, t.smallButton(&t.back, "← 1 cycle")))),
					layout.Rigid(layout.Spacer{Width: 6}.Layout),
					layout.Rigid(t.label("Timeline")),
					layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
						return layout.Inset{Left: 6, Right: 6}.Layout(gtx, material.Slider(t.th, &t.slider).Layout)
					}),
					layout.Rigid(t.label(label)),
					layout.Rigid(layout.Spacer{Width: 6}.Layout),
					layout.Rigid(t.tipped(&t.tips.latest, "Forward again to the furthest cycle reached", disabledIf(snap.Cycle >= snap.Furthest, t.smallButton(&t.latest, "Latest →")))),
					layout.Rigid(layout.Spacer{Width: 12}.Layout),
					layout.Rigid(t.smallButton(&t.tools, toolsLabel)),
				)
			}),
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				if active, from, at, to := t.run.SeekProgress(); active {
					return layout.Inset{Top: 2}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
						l := material.Body2(t.th, seekText(from, at, to))
						l.Color = dbgNotice
						return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
							layout.Rigid(l.Layout), layout.Rigid(layout.Spacer{Width: 8}.Layout),
							layout.Rigid(t.smallButton(&t.stop, "Stop")))
					})
				}
				msg := notice
				if msg == "" {
					if !hint {
						return layout.Dimensions{}
					}
					msg = "Click a robot to open its debugger; several can be open at once."
				}
				l := material.Body2(t.th, msg)
				l.Color = dbgNotice
				return layout.Inset{Top: 2}.Layout(gtx, l.Layout)
			}),
		)
	})
}
