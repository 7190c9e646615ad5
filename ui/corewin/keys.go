package corewin

import (
	"gioui.org/io/key"
	"gioui.org/layout"
)

// handleKeys: the same shortcuts as the RoboCom mode — Space start/pause, S one step,
// N a block, R restart, F fit, + and − speed, Escape leaves a text field, Ctrl+Q quits. They act
// only while no text field has the keyboard.
func (w *Window) handleKeys(gtx layout.Context) {
	editing := gtx.Focused(&w.blockEd) || gtx.Focused(&w.seedEd) || gtx.Focused(&w.dump.addrEd) ||
		gtx.Focused(&w.tourney.battles) || gtx.Focused(&w.editor.ed) || gtx.Focused(&w.trace.filter)
	for _, e := range w.prm.editors() {
		editing = editing || gtx.Focused(e)
	}
	for {
		ev, ok := gtx.Event(
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
		)
		if !ok {
			break
		}
		e, ok := ev.(key.Event)
		if !ok || e.State != key.Press {
			continue
		}
		switch {
		case e.Name == key.NameEscape:
			gtx.Execute(key.FocusCmd{Tag: nil})
			continue
		case e.Name == "Q" && e.Modifiers.Contain(key.ModShortcut):
			if w.cfg.Quit != nil {
				w.cfg.Quit()
			}
			continue
		case editing:
			continue
		}
		switch e.Name {
		case key.NameSpace:
			w.ToggleRun()
		case "S":
			if w.snap.Over {
				w.nextRoundOrRestart()
			}
			w.wantRun = false
			w.run.stepInstr(1)
		case "N":
			w.blockBtn.Click()
		case "R":
			w.restartBtn.Click()
		case "F":
			w.core.ResetView()
		case "+", "=":
			w.fasterBtn.Click()
		case "-":
			w.slowerBtn.Click()
		}
	}
}
