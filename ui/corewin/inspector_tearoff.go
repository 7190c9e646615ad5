package corewin

import (
	"fmt"

	"gioui.org/io/key"
	"gioui.org/layout"
	"gioui.org/op/paint"

	"robocom/ui/kit"
	"robocom/ui/shortcut"
)

// Torn-off inspectors, as the robot debuggers (ui/robowin/tearoff.go): a panel can leave the
// strip beside the core for a window of its own and come back. The window is made by
// whoever runs the UI (cmd/robocom, with gioui.org/app) through Config.OpenWindow, so that
// corewin never imports app. Every window lays out under inspectorsView.win, so the views
// are touched by one goroutine at a time; a torn-off panel draws from the same snapshot as
// the main window, which asks it for a frame when what it shows changed.

// TornWindow is one torn-off inspector, as its window sees it.
type TornWindow struct {
	kit.TornWindow // the window's Invalidate, Close and title
	v              *inspectorsView
	q              *warriorPanel

	docked bool // back in the strip (or closed): the window is going away
	drawn  tornKey
	keys   shortcut.Keys
}

// tornKey is what a torn-off window's frame showed: when it changes, the window draws again.
type tornKey struct {
	game     int
	cycle    int64
	mid      bool
	hits     int
	panels   int
	views    int // views published: a new panel's first arrives a publish after it opened
	settings string
}

func (t *TornWindow) setTitle() {
	s := fmt.Sprintf("%s · process %d — cycle %d — Core War", t.v.panelName(t.q), t.q.proc, t.v.snap.Cycle)
	t.SetTitle(s)
}

// Closed tells that the user closed the window: the inspector docks back beside the core
// (its × closes it). Call it from the window's goroutine.
func (t *TornWindow) Closed() {
	t.v.win.Lock()
	defer t.v.win.Unlock()
	if !t.docked {
		t.v.dock(t, false)
	}
}

// Layout draws the torn-off inspector filling the window and acts on its clicks; the
// tooltips are drawn above it by the window's own layer.
func (t *TornWindow) Layout(gtx layout.Context) layout.Dimensions {
	return t.Tips.Layout(gtx, t.layout)
}

func (t *TornWindow) layout(gtx layout.Context) layout.Dimensions {
	v := t.v
	v.win.Lock()
	defer v.win.Unlock()
	paint.Fill(gtx.Ops, panelBg)
	if t.docked {
		return layout.Dimensions{Size: gtx.Constraints.Max}
	}
	switch v.updatePanel(gtx, t.q) {
	case panelClosed:
		v.closePanel(t.q)
		return layout.Dimensions{Size: gtx.Constraints.Max}
	case panelTear:
		v.dock(t, true)
		return layout.Dimensions{Size: gtx.Constraints.Max}
	}
	t.handleKeys(gtx)
	v.send()
	if v.cfg.Invalidate != nil {
		v.cfg.Invalidate() // the main window draws what the clicks changed
	}
	t.drawn = v.tornKey()
	t.setTitle()
	gtx.Constraints.Min = gtx.Constraints.Max
	return layout.UniformInset(4).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		gtx.Constraints.Min = gtx.Constraints.Max
		return v.layoutPanel(gtx, t.q)
	})
}

// handleKeys: the main window's shortcuts, as the RoboCom mode's torn-off debugger takes
// them: S steps this warrior, T docks the inspector back, Escape leaves a field, and every
// other game key (Space, N, R, +, −, ←, F, Ctrl+Q) acts as in the main window.
func (t *TornWindow) handleKeys(gtx layout.Context) {
	v := t.v
	for {
		a, ok := t.keys.Next(gtx, false)
		if !ok {
			break
		}
		switch {
		case a == shortcut.Step:
			v.stepWarrior(t.q.proc)
		case a == shortcut.Escape:
			gtx.Execute(key.FocusCmd{Tag: nil})
		case v.keyAction != nil:
			v.keyAction(a)
			if v.cfg.Invalidate != nil {
				v.cfg.Invalidate() // (a button it clicks acts in the main window's next frame)
			}
		}
	}
	for {
		ev, ok := gtx.Event(key.Filter{Name: "T"})
		if !ok {
			break
		}
		if e, ok := ev.(key.Event); ok && e.State == key.Press && !t.docked {
			v.dock(t, true)
		}
	}
}

func (v *inspectorsView) tornKey() tornKey {
	return tornKey{v.snap.Game, v.snap.Cycle, v.snap.MidSlice, v.snap.Hits, len(v.strip.Panels), len(v.snap.Views), v.sent}
}

// tear moves panel q into a window of its own, when the window can open others.
func (v *inspectorsView) tear(q *warriorPanel) {
	if _, torn := v.strip.TornOf(q); torn || v.cfg.OpenWindow == nil {
		return
	}
	t := &TornWindow{v: v, q: q}
	t.setTitle()
	v.strip.Tear(q, t)
	v.cfg.OpenWindow(t)
}

// dock brings t's panel back into the strip, and closes its window when it is still open
// (closeWin).
func (v *inspectorsView) dock(t *TornWindow, closeWin bool) {
	t.docked = true
	v.strip.Dock(t.q)
	if closeWin {
		t.CloseWindow()
	}
	if v.cfg.Invalidate != nil {
		v.cfg.Invalidate()
	}
}

// closePanel closes panel q (its ×, docked or torn off), and its window.
func (v *inspectorsView) closePanel(q *warriorPanel) {
	if t, torn := v.strip.TornOf(q); torn {
		v.dock(t, true)
	}
	v.strip.Remove(q)
}

// afterFrame asks the torn-off windows for a frame when what they show changed.
func (v *inspectorsView) afterFrame() {
	torn := v.strip.Torn()
	if len(torn) == 0 {
		return
	}
	k := v.tornKey()
	for _, t := range torn {
		if t.drawn != k {
			t.Invalidate()
		}
	}
}

// tearLabel is a panel's tear-off button: none when the window cannot open others.
func (v *inspectorsView) tearLabel(q *warriorPanel) string {
	switch {
	case v.cfg.OpenWindow == nil:
		return ""
	case v.isTorn(q):
		return "Dock"
	}
	return "Window"
}

// tearKey reads T: it tears off the newest inspector, or docks it back when it is torn off.
func (w *Window) tearKey(gtx layout.Context, editing bool) {
	for {
		ev, ok := gtx.Event(key.Filter{Name: "T"})
		if !ok {
			return
		}
		if e, ok := ev.(key.Event); !ok || e.State != key.Press || editing {
			continue
		}
		v := &w.insp
		if len(v.strip.Panels) == 0 {
			continue
		}
		q := v.strip.Panels[len(v.strip.Panels)-1]
		if t, torn := v.strip.TornOf(q); torn {
			v.dock(t, true)
		} else {
			v.tear(q)
		}
	}
}

// TornOff lists the processes whose inspectors are in windows of their own.
func (w *Window) TornOff() []int {
	var ps []int
	for _, t := range w.insp.strip.Torn() {
		ps = append(ps, t.q.proc)
	}
	return ps
}

// isTorn reports whether panel q is in a window of its own.
func (v *inspectorsView) isTorn(q *warriorPanel) bool {
	_, torn := v.strip.TornOf(q)
	return torn
}
