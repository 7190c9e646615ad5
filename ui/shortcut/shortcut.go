// Package shortcut reads the game keys that both modes of the window (RoboCom in ui, Core
// War in ui/corewin) share, so the two cannot drift apart: Space start/pause, S one step,
// N a block, R restart, F fit, + and − speed, Escape, Ctrl+Q quit; and ← one cycle back,
// which only the RoboCom mode (it can rewind) acts on.
package shortcut

import (
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

// Next returns the next shortcut pressed since the last frame, and false when there is none
// left. While editing (a text field has the keyboard) only Escape and Quit count: the other
// keys are the field's text.
func Next(gtx layout.Context, editing bool) (Action, bool) {
	for {
		ev, ok := gtx.Event(filters...)
		if !ok {
			return 0, false
		}
		e, ok := ev.(key.Event)
		if !ok || e.State != key.Press {
			continue
		}
		a := actions[e.Name]
		if a == Quit && !e.Modifiers.Contain(key.ModShortcut) {
			continue
		}
		if editing && a != Escape && a != Quit {
			continue
		}
		return a, true
	}
}
