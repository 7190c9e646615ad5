package robowin

import (
	"sync/atomic"

	"gioui.org/layout"
	"gioui.org/widget"
)

// NativeDialog is the system's file dialog (on Linux the XDG desktop portal's). The window
// offers it beside the in-app picker only when Available says it is there; robowin cannot
// open it itself, since only the command holds the app.Window it needs.
type NativeDialog struct {
	// Available tells whether the dialog can open (it may block briefly: it is called once,
	// off the UI goroutine).
	Available func() bool
	// Choose shows the dialog and blocks until the user picks a program; it returns the
	// pick as "root:path" (a Root of Config.Roots). Any error, cancel included, leaves the
	// in-app picker in place without a word.
	Choose func() (string, error)
}

// nativePick is the "Open with system dialog…" button's state: whether the dialog was
// found, and the pick of a dialog that is open.
type nativePick struct {
	dlg       *NativeDialog
	available atomic.Bool
	open      atomic.Bool // a dialog is showing: a second click does not open another
	picked    chan string
	btn       widget.Clickable
}

// start probes for the dialog on its own goroutine; the button appears once the probe says yes.
func (n *nativePick) start(dlg *NativeDialog, invalidate func()) {
	n.picked = make(chan string, 1)
	if dlg == nil || dlg.Available == nil || dlg.Choose == nil {
		return
	}
	n.dlg = dlg
	go func() {
		if dlg.Available() {
			n.available.Store(true)
			if invalidate != nil {
				invalidate()
			}
		}
	}()
}

// offered tells whether the button is shown.
func (n *nativePick) offered() bool { return n.available.Load() }

// update opens the dialog on a click (on its own goroutine) and returns a finished pick.
func (n *nativePick) update(gtx layout.Context, invalidate func()) (string, bool) {
	if n.offered() && n.btn.Clicked(gtx) && n.open.CompareAndSwap(false, true) {
		go func() {
			defer n.open.Store(false)
			loc, err := n.dlg.Choose()
			if err != nil || loc == "" {
				return // cancelled or failed: the in-app picker stays
			}
			n.picked <- loc
			if invalidate != nil {
				invalidate()
			}
		}()
	}
	select {
	case loc := <-n.picked:
		return loc, true
	default:
		return "", false
	}
}

// layout draws the button when the dialog is there, nothing otherwise.
func (n *nativePick) layout(gtx layout.Context, k look) layout.Dimensions {
	if !n.offered() {
		return layout.Dimensions{}
	}
	gtx.Constraints.Min.X = 0
	return layout.Inset{Bottom: 4}.Layout(gtx, k.smallButton(&n.btn, "Open with system dialog…"))
}
