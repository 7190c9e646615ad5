//go:build !nogui

package main

import (
	"sync"
	"sync/atomic"

	"gioui.org/app"
	"gioui.org/io/system"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
)

// tornView is a torn-off panel as its window sees it: a robot's debugger (robowin.TornWindow)
// or a warrior's inspector (corewin.TornWindow).
type tornView interface {
	Bind(invalidate, close func())
	Title() string
	Closed()
	Layout(gtx layout.Context) layout.Dimensions
}

// frameMu is held by every window of the process while it lays out and draws a frame: the
// windows share text shapers (a Gio Shaper is not safe for concurrent use: a torn-off
// debugger's labels and the main window's tooltips corrupted its cache and crashed the
// program), tooltip layers and the views' state. A frame takes milliseconds; the windows
// take turns.
var frameMu sync.Mutex

// openTornWindow opens a window of its own for a torn-off debugger or inspector: one more
// goroutine with its event loop (app.Main already runs on the main goroutine). What it
// shows, and every state change, is the view's; closing the window docks the panel back.
func openTornWindow(t tornView) {
	w := new(app.Window)
	size, minimum := winSize{340, 760}, winSize{240, 300}
	if room, release, ok := screenOnX11(); ok {
		release() // the main window's connection keeps the server from resetting
		size, minimum = fitInto(size, minimum, room)
	}
	w.Option(app.Title(t.Title()), app.Size(unit.Dp(size.w), unit.Dp(size.h)), app.MinSize(unit.Dp(minimum.w), unit.Dp(minimum.h)))
	// The window closes itself from its own loop, as the main window does on Ctrl+Q: Perform
	// from another goroutine waits for this loop (which may wait for the views' lock the
	// caller holds), and under Xvfb the window stayed open.
	var closeAsked atomic.Bool
	t.Bind(w.Invalidate, func() { closeAsked.Store(true); w.Invalidate() })
	go func() {
		var ops op.Ops
		title := t.Title()
		for {
			switch e := w.Event().(type) {
			case *app.ClosingEvent:
				frameMu.Lock()
				t.Closed()
				frameMu.Unlock()
				// One more Event call destroys the window (Gio 0.10's X11 driver shuts down
				// on the call after ClosingEvent). No more than one: with its driver gone, the
				// next call would open a new window (see loop in arena_gui.go).
				w.Event()
				return
			case app.DestroyEvent:
				frameMu.Lock()
				t.Closed()
				frameMu.Unlock()
				return
			case app.FrameEvent:
				frameMu.Lock()
				gtx := app.NewContext(&ops, e)
				t.Layout(gtx)
				if closeAsked.Load() {
					w.Perform(system.ActionClose)
				}
				if s := t.Title(); s != title {
					title = s
					w.Option(app.Title(s))
				}
				e.Frame(gtx.Ops)
				frameMu.Unlock()
			}
		}
	}()
}
