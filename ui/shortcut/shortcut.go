// Package shortcut reads the game keys that both modes of the window (RoboCom in ui, Core
// War in ui/corewin) share, so the two cannot drift apart: Space start/pause, S one step,
// N a block, R restart, F fit, + and − speed, Escape, Ctrl+Q quit; and ← one cycle back,
// which only the RoboCom mode (it can rewind) acts on.
package shortcut

import (
	"time"

	"gioui.org/io/event"
	"gioui.org/io/key"
	"gioui.org/layout"
)

// Action is what a shortcut asks for.
type Action int

const (
	StartPause Action = iota + 1
	Step
	Block
	Restart
	Fit
	Faster
	Slower
	Escape // leave a text field (or close what is open)
	Quit
	Back // one cycle back in time (RoboCom's rewind)
)

var filters = []event.Filter{
	key.Filter{Name: key.NameSpace},
	key.Filter{Name: "S"},
	key.Filter{Name: "N"},
	key.Filter{Name: "R"},
	key.Filter{Name: "F"},
	key.Filter{Name: "+", Optional: key.ModShift},
	key.Filter{Name: "=", Optional: key.ModShift},
	key.Filter{Name: "-"},
	key.Filter{Name: key.NameEscape},
	key.Filter{Name: "Q", Required: key.ModShortcut},
	key.Filter{Name: key.NameLeftArrow},
}

var actions = map[key.Name]Action{
	key.NameSpace: StartPause, "S": Step, "N": Block, "R": Restart, "F": Fit,
	"+": Faster, "=": Faster, "-": Slower, key.NameEscape: Escape, "Q": Quit,
	key.NameLeftArrow: Back,
}

// Keys reads the shortcuts of one window. It remembers which keys are held, so that a held
// key's auto-repeat does not act again where once is meant: holding Space must not flip the
// game between running and paused 25 times a second (S, N, ←, + and − do repeat).
// The zero Keys is ready to use.
type Keys struct {
	held [Back + 1]struct {
		down     bool
		pressed  time.Time // the frame of the last press read
		released time.Time // the frame of the last release read
	}
}

// repeats tells the actions that act again while their key is held.
var repeats = [Back + 1]bool{Step: true, Block: true, Faster: true, Slower: true, Back: true}

// A release followed this closely by a press of the same key is an auto-repeat: X11 repeats
// a held key as release+press pairs sent together (read in one frame), while a person lifts
// and presses a key again 60 ms later at the quickest.
const repeatGap = 30 * time.Millisecond

// A key held longer than this without a press read is taken as released: its release went
// to another window. Wayland, macOS and Windows repeat presses every 30–100 ms once the
// repeat delay (at most 2 s, macOS's longest setting) has passed.
const heldStale = 3 * time.Second

// Next returns the next shortcut pressed since the last frame, and false when there is none
// left. While editing (a text field has the keyboard) only Escape and Quit count: the other
// keys are the field's text.
func (k *Keys) Next(gtx layout.Context, editing bool) (Action, bool) {
	for {
		ev, ok := gtx.Event(filters...)
		if !ok {
			return 0, false
		}
		e, ok := ev.(key.Event)
		if !ok {
			continue
		}
		a := actions[e.Name]
		if a == Quit && !e.Modifiers.Contain(key.ModShortcut) {
			continue
		}
		h := &k.held[a]
		if e.State == key.Release {
			h.down, h.released = false, gtx.Now
			continue
		}
		repeat := h.down && gtx.Now.Sub(h.pressed) < heldStale ||
			!h.released.IsZero() && gtx.Now.Sub(h.released) < repeatGap
		h.down, h.pressed = true, gtx.Now
		if repeat && !repeats[a] {
			continue
		}
		if editing && a != Escape && a != Quit {
			continue
		}
		return a, true
	}
}
