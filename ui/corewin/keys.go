package corewin

import (
	"gioui.org/io/key"
	"gioui.org/layout"

	"robocom/ui/shortcut"
)

// handleKeys: the same shortcuts as the RoboCom mode (package shortcut) — Space start/pause,
// S one step, N a block, R restart, F fit, + and − speed, ← one cycle back, T tears the newest
// inspector off (or docks it), Escape leaves a text field, Ctrl+Q quits. Only Escape and Ctrl+Q act while a text field has the keyboard.
func (w *Window) handleKeys(gtx layout.Context) {
	editing := w.controls.editing(gtx) || w.roster.picker.Editing(gtx) || gtx.Focused(&w.dump.addrEd) ||
		gtx.Focused(&w.tourney.battles) || gtx.Focused(&w.editor.ed) || gtx.Focused(&w.trace.filter)
	for _, e := range w.prm.editors() {
		editing = editing || gtx.Focused(e)
	}
	w.tearKey(gtx, editing)
	for {
		a, ok := w.keys.Next(gtx, editing)
		if !ok {
			break
		}
		if a == shortcut.Escape {
			gtx.Execute(key.FocusCmd{Tag: nil})
			continue
		}
		w.shortcutAction(a)
	}
}

// shortcutAction does what a game key asks, pressed in the window or in a torn-off
// inspector's (which steps its own warrior with S).
func (w *Window) shortcutAction(a shortcut.Action) {
	switch a {
	case shortcut.Quit:
		if w.cfg.Quit != nil {
			w.cfg.Quit()
		}
	case shortcut.StartPause:
		w.ToggleRun()
	case shortcut.Step:
		w.stepInstr()
	case shortcut.Block:
		w.controls.blockBtn.Click()
	case shortcut.Restart:
		w.controls.restartBtn.Click()
	case shortcut.Fit:
		w.core.ResetView()
	case shortcut.Faster:
		w.controls.speed.Faster()
	case shortcut.Slower:
		w.controls.speed.Slower()
	case shortcut.Back:
		w.insp.Back()
	}
}
