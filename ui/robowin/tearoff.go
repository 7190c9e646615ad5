package robowin

import (
	"fmt"

	"gioui.org/io/key"
	"gioui.org/layout"
	"gioui.org/op/paint"

	"robocom/ui/kit"
	"robocom/ui/shortcut"
)

// Torn-off debuggers. A debugger panel can leave the strip beside the board for a window of
// its own and come back. The window itself is made by whoever runs the UI (cmd/robocom, with
// gioui.org/app) through Config.OpenWindow; this file keeps what such a window shows and how
// its state changes, so that the window loop stays small and robowin never imports app.
//
// Several windows, one game: every window's goroutine lays out under debugUI.win, so the
// views are only ever touched by one goroutine at a time, and a torn-off panel reads the same
// published views (debugUI.published) as the docked ones, fetched on the simulation goroutine;
// it never reads the engine. The main window's frames drive the fetches and ask the torn-off
// windows for a frame after each of its own.

// TornWindow is one torn-off debugger, as its window sees it.
type TornWindow struct {
	kit.TornWindow // the window's Invalidate, Close and title
	d              *debugUI
	p              *robotDebugger

	docked bool // back in the strip (or closed): the window is going away
	drawn  tornKey
	keys   shortcut.Keys // the game keys work in this window as in the main one
}

func (t *TornWindow) setTitle(cycle int) {
	team := t.p.last.Team
	if !t.p.seen {
		team = -1
	}
	s := fmt.Sprintf("%s — cycle %d — RoboCom Arena", t.p.title(team), cycle)
	t.SetTitle(s)
}

// Closed tells that the user closed the window: the debugger docks back beside the board
// (it is not closed; its × closes it). Call it from the window's goroutine.
func (t *TornWindow) Closed() {
	t.d.win.Lock()
	defer t.d.win.Unlock()
	if !t.docked {
		t.d.dock(t, false)
	}
}

// Layout draws the torn-off debugger filling the window and acts on its clicks and fields,
// as the docked panels do; the tooltips are drawn above it by the window's own layer.
func (t *TornWindow) Layout(gtx layout.Context) layout.Dimensions {
	return t.Tips.Layout(gtx, t.layout)
}

func (t *TornWindow) layout(gtx layout.Context) layout.Dimensions {
	d := t.d
	d.win.Lock()
	defer d.win.Unlock()
	paint.Fill(gtx.Ops, panelBg)
	if t.docked {
		return layout.Dimensions{Size: gtx.Constraints.Max}
	}
	p := t.p
	if t.handleKeys(gtx) {
		return layout.Dimensions{Size: gtx.Constraints.Max}
	}
	req := p.update(gtx)
	switch {
	case req.close:
		d.closePanel(p)
		return layout.Dimensions{Size: gtx.Constraints.Max}
	case req.tear:
		d.dock(t, true)
		return layout.Dimensions{Size: gtx.Constraints.Max}
	}
	d.act(p, req)
	// The main window fetches what the clicks changed (and draws the board); it asks this
	// window for a frame only when what it shows changed, so the two do not ping-pong.
	d.run.invalidate()
	pub := d.published()
	p.catchUp(pub)
	t.drawn = d.tornKeyOf(pub)
	t.setTitle(pub.cycle)
	gtx.Constraints.Min = gtx.Constraints.Max
	return p.layout(gtx, pub, d.follow == p.id)
}

// handleKeys acts on the game keys pressed in the torn-off window: Space, S, N, ←, + and −
// as in the main window, Escape leaves the panel's field (dropping what was typed), and T
// docks the panel. It reports whether the panel docked.
func (t *TornWindow) handleKeys(gtx layout.Context) (docked bool) {
	d, p := t.d, t.p
	editing := p.editing(gtx)
	for {
		a, ok := t.keys.Next(gtx, editing)
		if !ok {
			break
		}
		switch a {
		case shortcut.Escape:
			p.cancelEdit(gtx)
			gtx.Execute(key.FocusCmd{Tag: nil})
		default:
			if d.keyAction != nil {
				d.keyAction(gtx, a)
				d.run.invalidate()
			}
		}
	}
	for {
		ev, ok := gtx.Event(key.Filter{Name: "T"})
		if !ok {
			break
		}
		if e, ok := ev.(key.Event); ok && e.State == key.Press && !editing && !docked {
			d.dock(t, true)
			docked = true
		}
	}
	return docked
}

// tear moves panel p into a window of its own, when the window can open others.
func (d *debugUI) tear(p *robotDebugger) {
	if _, torn := d.strip.TornOf(p); torn || d.cfg.OpenWindow == nil {
		return
	}
	t := &TornWindow{d: d, p: p}
	t.setTitle(d.snap.Cycle)
	d.strip.Tear(p, t)
	p.tearLabel = "Dock"
	d.cfg.OpenWindow(t)
	d.dirty++
}

// dock brings torn-off window t's panel back into the strip, and closes the window when it
// is still open (closeWin).
func (d *debugUI) dock(t *TornWindow, closeWin bool) {
	t.docked = true
	d.strip.Dock(t.p)
	t.p.tearLabel = d.tearLabel()
	if closeWin {
		t.CloseWindow()
	}
	d.dirty++
	d.run.invalidate()
}

// closePanel closes panel p (the × of a docked or torn-off panel), and its window.
func (d *debugUI) closePanel(p *robotDebugger) {
	if t, torn := d.strip.TornOf(p); torn {
		d.dock(t, true)
	}
	for i, o := range d.strip.Panels {
		if o == p {
			d.close(i)
			break
		}
	}
	d.run.invalidate()
}

// tearLabel is the tear-off button's label of a docked panel: none when the window cannot
// open others.
func (d *debugUI) tearLabel() string {
	if d.cfg.OpenWindow == nil {
		return ""
	}
	return "Window"
}

// tornKey is what a torn-off window's frame showed: when it changes, the window draws again.
type tornKey struct{ game, cycle, msgSeq, dirty, follow, players int }

func (d *debugUI) tornKeyOf(pub debugPub) tornKey {
	return tornKey{pub.game, pub.cycle, pub.msgSeq, d.dirty, d.follow, len(d.players)}
}

// afterFrame asks the torn-off windows for a frame when what they show changed since their
// last one, so that they follow the game as the docked panels do.
func (d *debugUI) afterFrame() {
	torn := d.strip.Torn()
	if len(torn) == 0 {
		return
	}
	k := d.tornKeyOf(d.published())
	for _, t := range torn {
		if t.drawn != k {
			t.Invalidate()
		}
	}
}

// tearKey reads T: it tears off the debugger of the robot selected on the board (or the
// newest debugger), or docks it back when it is torn off already.
func (u *UI) tearKey(gtx layout.Context, editing bool) {
	for {
		ev, ok := gtx.Event(key.Filter{Name: "T"})
		if !ok {
			break
		}
		if e, ok := ev.(key.Event); !ok || e.State != key.Press || editing {
			continue
		}
		u.ToggleTearOff(u.board.Selected)
	}
}

// ToggleTearOff tears off the debugger of robot id (the newest debugger for 0), or docks it
// back when it is torn off.
func (u *UI) ToggleTearOff(id int) {
	d := &u.dbg
	var p *robotDebugger
	for _, o := range d.strip.Panels {
		if o.id == id || id == 0 {
			p = o
		}
	}
	if p == nil {
		return
	}
	if t, torn := d.strip.TornOf(p); torn {
		d.dock(t, true)
	} else {
		d.tear(p)
	}
}

// TornOff lists the robots whose debuggers are in windows of their own.
func (u *UI) TornOff() []int {
	var ids []int
	for _, t := range u.dbg.strip.Torn() {
		ids = append(ids, t.p.id)
	}
	return ids
}

// tearButton is the header's button that tears the panel off, or docks it back.
func (p *robotDebugger) tearButton() layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		if p.tearLabel == "" {
			return layout.Dimensions{}
		}
		return layout.Inset{Right: 3}.Layout(gtx, p.smallButton(&p.tearBtn, p.tearLabel))
	}
}
