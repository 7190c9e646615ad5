package robowin

import (
	"fmt"
	"sync/atomic"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/ui/kit"
)

// timelineView is the row under the board: "← 1 cycle", the timeline slider over every
// cycle played, "Latest →" and the program tools' button, with the debuggers' notice below.
type timelineView struct {
	*session
	look
	kit.Timeline                  // "← 1 cycle", the slider and "Latest →", as in Core War
	tools        widget.Clickable // the program tools' button
	stop         widget.Clickable // stops the seek under way
	seekWant     int              // cycle to go to, -1 for none
	seekBusy     atomic.Bool
}

func (t *timelineView) init(s *session, k look) {
	t.session, t.look = s, k
	t.seekWant = -1
}

// update notes the cycle the buttons or the slider ask for in seekWant; it reports whether
// the program tools' button was pressed.
func (t *timelineView) update(gtx layout.Context) (toolsPressed bool) {
	back, want := t.Update(gtx, int64(t.snap.Cycle), int64(t.snap.Furthest))
	if back {
		t.seekWant = max(t.snap.Cycle-1, 0)
	}
	if t.stop.Clicked(gtx) {
		t.run.StopSeek()
		t.seekWant = -1
	}
	toolsPressed = t.tools.Clicked(gtx)
	if want >= 0 {
		t.seekWant = int(want)
	}
	return toolsPressed
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
	// lags a publish behind while the game runs). At cycle 0 of 0 the kit puts the knob at
	// the right, at "now".
	snap := &t.snap
	label, short := timelineLabel(snap), "" // the kit's "N/M" where the row is narrow
	if !snap.Rewindable {
		label, short = "no game to rewind", "no rewind"
	}
	return layout.Inset{Top: 4, Bottom: 4, Left: 6, Right: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				return t.kit().TimelineRow(&t.Timeline, int64(snap.Cycle), int64(snap.Furthest), kit.TimelineLook{
					CanBack:  snap.Cycle > 0,
					Label:    label,
					Short:    short,
					BackTip:  "Go back one cycle (←; the game pauses; the future is kept until you edit)",
					Trailing: []layout.Widget{t.smallButton(&t.tools, toolsLabel)},
				})(gtx)
			}),
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				if active, from, at, to := t.run.SeekProgress(); active {
					return layout.Inset{Top: 2}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
						l := material.Body2(t.th, seekText(from, at, to))
						l.Color = kit.NoticeText
						return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
							layout.Rigid(l.Layout), layout.Rigid(layout.Spacer{Width: 8}.Layout),
							layout.Rigid(t.smallButton(&t.stop, "Stop")))
					})
				}
				msg := notice
				if msg == "" && hint {
					msg = "Click a robot to open its debugger; several can be open at once."
				}
				return t.kit().NoticeLine(msg)(gtx)
			}),
		)
	})
}
