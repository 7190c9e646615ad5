package corewin

import (
	"fmt"

	"robocom/corewars/play"
	"robocom/internal/srcerr"
	"robocom/internal/termtext"
)

// A program the assembler warns of (pMARS's "Missing ';assert'…", a label defined twice, ...)
// loads and plays all the same; the window tells the user as robocom core tells on stderr:
// the status line says it as news when the program is added, the Players tab lists the
// players' warnings with the load errors, and the editor's check lists them with its errors.
// File names and messages are escaped with termtext, the one escape of text from files.

// warningLine is one warning in the form robocom core prints it: "file:line: warning:
// message", or "file: warning: message" for one about the whole file.
func warningLine(e *srcerr.Error) string { return e.Escaped("warning: ") }

// warningNews is what the status line says of a program that loaded with warnings: "dwarf.red:
// 1 warning: Missing ';assert'…", or with more than one "2 warnings, the first: …" (the
// Players tab lists them all); "" for a program without any.
func warningNews(p *play.Program) string {
	switch n := len(p.Warnings); n {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("%s: 1 warning: %s", termtext.Escape(p.File), warningText(p.Warnings[0]))
	default:
		return fmt.Sprintf("%s: %d warnings, the first: %s", termtext.Escape(p.File), n, warningText(p.Warnings[0]))
	}
}

// warningText is a warning's message with its line, for a sentence that names the file.
func warningText(e *srcerr.Error) string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, termtext.Escape(e.Msg))
	}
	return termtext.Escape(e.Msg)
}

// warnings are the players' warnings, each program's once (a file added twice is one), as
// warningLine writes them.
func (v *playersView) warnings() []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range v.players {
		if seen[p.path] {
			continue
		}
		seen[p.path] = true
		for _, e := range p.prog.Warnings {
			out = append(out, warningLine(e))
		}
	}
	return out
}
