package corewin

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"

	"gioui.org/io/key"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/corewars/play"
	"robocom/internal/srcerr"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
	"robocom/ui/kit"
)

// editorView edits one program of any of the three languages: Check assembles it with the
// parameters in use, marks the error lines in the gutter of line numbers and lists each
// error under a copy of its source line; clicking an error puts the caret there. The
// assembler's warnings of a program that assembles are marked and listed the same way, as
// warnings and in the notice colour. Save (files
// on disk only) writes through userfile's atomic writer, then reloads the players. (The
// RoboCom editor in package ui is tied to RoboCom's assembler.)
//
// Gio's fonts draw a tab as a box, so tabs become spaces up to the next tab stop (every
// tabWidth columns) when a file is opened or text is pasted, and the Tab key inserts them.
// Lines never wrap: the text scrolls sideways, following the caret.
type editorView struct {
	*session
	look
	path     string // "root:path" of the file
	name     string
	ed       widget.Editor
	check    widget.Clickable
	save     widget.Clickable
	errs     srcerr.List
	warns    srcerr.List        // the warnings of a program that assembles (none with errors)
	errBtns  []widget.Clickable // the errors', then the warnings'
	hscroll  layout.List        // the editor scrolls sideways instead of wrapping
	status   string             // what the last check found
	saveNote string             // what became of the last Save (statusLine)
	kept     *play.Program      // the program the game kept when the reload after a save was cancelled
	copyDir  string             // where Save puts a bundled program's copy (kit.DocumentsDir)
	checked  bool
	modified bool     // the text differs from the file's
	lines    []string // the text's lines as of its last change (textChanged), not split every frame
	saved    string   // the file's text as the editor shows it (tabs expanded)
	file     []byte   // the file's bytes, written back as they were if the text is unchanged
	tabbed   bool     // the file had tabs, shown as spaces

	laidOut   bool // the editor was laid out once (its caret has coordinates)
	lastCaret int  // the caret the view last followed
	lastLen   int  // the text length then
	viewW     int  // the width the text is seen through, in pixels (last frame)
	textW     int  // the editor's width: its longest line, at least viewW

	// The panel's list, which the editor's tab scrolls in, its height, and how far down the
	// tab the code's first line is: the list follows the caret up and down.
	panel   *widget.List
	panelH  int
	codeTop int
}

// tabWidth is the distance between tab stops, as terminals and pMARS listings show tabs.
const tabWidth = 8

func (e *editorView) init() { e.hscroll.Axis = layout.Horizontal }

// open loads a player's source into the editor.
func (e *editorView) open(p string) {
	src, err := e.readFile(p)
	if err != nil {
		e.notify(userfile.Unwrap(err).Error()) // it names the file as the picker shows it (readFile)
		return
	}
	e.path, e.name = p, filepath.Base(p[strings.Index(p, ":")+1:])
	e.copyDir = kit.DocumentsDir() // (it reads a file: not at every frame)
	text, _ := expandTabs(string(src), 0)
	e.ed.SetText(text)
	e.saved, e.file, e.tabbed = text, src, text != string(src)
	e.errs, e.warns, e.status, e.saveNote, e.checked = nil, nil, "", "", false
	e.textChanged()
	e.hscroll.Position = layout.Position{}
	e.runCheck()
}

// expandTabs replaces each tab with spaces up to the next tab stop; caret, a rune offset
// into s, is moved with the text it follows.
func expandTabs(s string, caret int) (string, int) {
	if !strings.Contains(s, "\t") {
		return s, caret
	}
	var b strings.Builder
	col, in, out := 0, 0, 0 // column in the line, runes read, runes written
	newCaret := -1
	for _, r := range s {
		if in == caret {
			newCaret = out
		}
		in++
		switch r {
		case '\t':
			n := tabWidth - col%tabWidth
			b.WriteString(strings.Repeat(" ", n))
			col, out = col+n, out+n
		case '\n':
			b.WriteRune(r)
			col, out = 0, out+1
		default:
			b.WriteRune(r)
			col, out = col+1, out+1
		}
	}
	if newCaret < 0 {
		newCaret = out
	}
	return b.String(), newCaret
}

// diskPath is the file's path on disk, "" if it is not on disk (bundled programs).
func (e *editorView) diskPath() string {
	if !strings.HasPrefix(e.path, "disk:") {
		return ""
	}
	return "/" + strings.TrimPrefix(strings.TrimPrefix(e.path, "disk:"), "/")
}

func (e *editorView) runCheck() {
	prog, err := play.Load(e.name, []byte(e.ed.Text()), e.params)
	e.checked = true
	e.errs, e.warns = nil, nil
	var le srcerr.List
	switch {
	case err == nil && len(prog.Warnings) > 0:
		e.warns = prog.Warnings
		e.status = fmt.Sprintf("No errors; %d %s, listed under the code.", len(e.warns), plural(len(e.warns), "warning", "warnings"))
	case err == nil:
		e.status = "No errors."
	case errors.As(err, &le):
		e.errs = le
		e.status = fmt.Sprintf("%d %s, listed under the code.", len(le), plural(len(le), "error", "errors"))
	default:
		e.errs = srcerr.List{{File: e.name, Msg: err.Error()}}
		e.status = "1 error, listed under the code."
	}
	for len(e.errBtns) < len(e.errs)+len(e.warns) {
		e.errBtns = append(e.errBtns, widget.Clickable{})
	}
}

// Errors are the errors of the last check.
func (e *editorView) Errors() srcerr.List { return e.errs }

// Warnings are the warnings of the last check (of a program that assembled).
func (e *editorView) Warnings() srcerr.List { return e.warns }

// SetText replaces the edited text (tests, and a future paste).
func (e *editorView) SetText(s string) {
	e.ed.SetText(s)
	e.textChanged()
}

// textChanged takes what follows from the text after it changed.
func (e *editorView) textChanged() {
	text := e.ed.Text()
	e.modified = text != e.saved
	e.lines = strings.Split(text, "\n")
}

// Title is the editor's heading: the file's name, and "(modified)" once it is changed.
func (e *editorView) Title() string {
	if e.modified {
		return e.shownName() + " (modified)"
	}
	return e.shownName()
}

// shownName is the file's name as the window shows it: escaped, as file names are, and
// clipped as names in headings are (kit.TitleName).
func (e *editorView) shownName() string {
	return termtext.Clip(termtext.Escape(e.name), kit.TitleName)
}

// discardQuestion is what the confirm bar asks before another program replaces a modified
// text (Window.OpenEditor).
func (e *editorView) discardQuestion() string {
	return "Discard the changes to " + e.shownName() + "?"
}

// Check assembles the edited text.
func (e *editorView) Check() { e.runCheck() }

// Save writes the edited text to its file (temp file + rename) and reloads the players. A
// bundled program cannot be changed: its text goes to a copy of that name in the user's
// documents folder (as the RoboCom editor saves a bundled robot), which the editor and the
// players that played the bundled file take from then on. The bundled one was editable and
// checked as typed, with nothing to save it with.
func (e *editorView) Save() error {
	dst := e.diskPath()
	bundled := dst == ""
	if bundled {
		dst = filepath.Join(e.copyDir, e.name)
		if _, err := os.Lstat(dst); err == nil {
			return fmt.Errorf("%s is a bundled program, and %s exists already: add that one in the Players tab to edit it, or move it away", e.shownName(), termtext.Escape(dst))
		}
	}
	text := e.ed.Text()
	data := []byte(text)
	if text == e.saved {
		data = e.file // unchanged: keep the file's own tabs
	}
	if err := userfile.WriteFile(dst, data, 0o644); err != nil {
		return err
	}
	if bundled {
		loc := "disk:" + strings.TrimPrefix(filepath.ToSlash(dst), "/")
		for _, p := range e.players {
			if p.path == e.path {
				p.path = loc
			}
		}
		e.path = loc
	}
	e.saved, e.file, e.modified = text, data, false
	e.runCheck()
	e.askReload()
	return nil
}

// savedReloaded is the save note after the players were reloaded from a save; the status
// line shows it as what became of them now (staleNote).
const savedReloaded = "Saved; the players were reloaded."

// reloadedStatus is the editor's status after the players were reloaded from a save.
func (e *editorView) reloadedStatus() string {
	if note := staleNote(e.players); note != "" {
		return "Saved. " + note
	}
	return savedReloaded
}

// statusLine is the editor's status: what became of the last Save (its error, the reload
// question waiting, or what the reload did), then what the check finds. The two are kept
// apart because the check as you type rewrites its part at every key: in one string, the
// error of a save that failed, or "answer at the foot of the core", went with the next key typed.
func (e *editorView) statusLine() string {
	note := e.saveNote
	if note == savedNotLoaded && e.savedPlays() {
		note = savedReloaded // Restart or New seed read the saved file since (rereadPlayers)
	}
	if note == savedReloaded {
		note = e.reloadedStatus()
	}
	if note != "" && !strings.HasSuffix(note, ".") {
		note += "." // a save's error is a clause ("… is a folder; name a file in it to write")
	}
	return strings.TrimSpace(note + " " + e.status)
}

// savedPlays reports whether a player plays the editor's file as it was last saved: once
// Restart has read it, "Saved, not loaded" would say the old program still plays.
func (e *editorView) savedPlays() bool {
	for _, p := range e.players {
		if p.path == e.path && p.prog != e.kept && !p.stale && bytes.Equal(p.prog.Source, e.file) {
			return true
		}
	}
	return false
}

// reloadQuestion is what the confirm bar asks after a save while a game is under way.
func (e *editorView) reloadQuestion() string {
	return "Reload " + e.shownName() + " and restart the game?"
}

// askReload reloads the players from their files and restarts the series, asking first while
// a game is under way (the file is saved either way); Cancel keeps the game and the
// program it was playing.
func (e *editorView) askReload() {
	e.confirm.Ask(e.snap.underWay(), e.reloadQuestion(), "Reload", func() {
		e.reloadPlayers()
		if note := staleNote(e.players); note != "" {
			e.notify(note)
		}
		if e.saveNote == savedWaiting { // answered
			e.saveNote = savedReloaded
		}
		e.restartSeries()
	}, func() {
		e.saveNote, e.kept = savedNotLoaded, nil
		for _, p := range e.players {
			if p.path == e.path {
				e.kept = p.prog
			}
		}
	})
}

const (
	savedWaiting   = "Saved; answer at the foot of the core to reload the players."
	savedNotLoaded = "Saved, not loaded: the game under way keeps the program as it was."
)

func (e *editorView) update(gtx layout.Context) {
	// Tab inserts spaces up to the next tab stop (Shift+Tab still leaves the editor).
	for {
		ev, ok := gtx.Event(key.Filter{Focus: &e.ed, Name: key.NameTab})
		if !ok {
			break
		}
		if ke, ok := ev.(key.Event); ok && ke.State == key.Press {
			_, col := e.ed.CaretPos()
			e.ed.Insert(strings.Repeat(" ", tabWidth-col%tabWidth))
		}
	}
	changed := false
	for {
		ev, ok := e.ed.Update(gtx)
		if !ok {
			break
		}
		if _, ok := ev.(widget.ChangeEvent); ok {
			changed = true
		}
	}
	if changed {
		// Pasted tabs become spaces too; SetText alone would put the caret at the start.
		if text := e.ed.Text(); strings.Contains(text, "\t") {
			start, _ := e.ed.Selection()
			text, caret := expandTabs(text, start)
			e.ed.SetText(text)
			e.ed.SetCaret(caret, caret)
		}
		e.textChanged()
		// As the RoboCom editor does: the errors follow the text as it is typed. Listed
		// under their source lines, those of an older text stood under other lines.
		// (An assembly takes well under a millisecond: 0.13 ms for the corpus's largest.)
		e.runCheck()
	}
	if e.check.Clicked(gtx) {
		e.runCheck()
	}
	if e.save.Clicked(gtx) {
		switch err := e.Save(); {
		case err != nil:
			e.saveNote = err.Error()
		case e.confirm.Question() == e.reloadQuestion():
			e.saveNote = savedWaiting
		default:
			e.saveNote = savedReloaded
		}
	}
	for i, er := range append(e.errs[:len(e.errs):len(e.errs)], e.warns...) {
		if i < len(e.errBtns) && e.errBtns[i].Clicked(gtx) && er.Line > 0 {
			e.gotoLine(er.Line, er.Col)
			gtx.Execute(focusCmd(&e.ed))
		}
	}
}

// gotoLine puts the caret at line:col (1-based; col 0 means the line's start).
func (e *editorView) gotoLine(line, col int) {
	lines := strings.SplitAfter(e.ed.Text(), "\n")
	pos := 0
	for i := 0; i < line-1 && i < len(lines); i++ {
		pos += len([]rune(lines[i]))
	}
	if col > 1 && line-1 < len(lines) {
		pos += min(col-1, len([]rune(lines[line-1])))
	}
	e.ed.SetCaret(pos, pos)
}

func (e *editorView) layout(gtx layout.Context) layout.Dimensions {
	th := e.th
	var ch []layout.FlexChild
	top := 0 // how far down the tab the next child starts (Flex lays rigid children in order)
	measured := func(wd layout.Widget) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions {
			d := wd(gtx)
			top += d.Size.Y
			return d
		}
	}
	add := func(wd layout.Widget) { ch = append(ch, layout.Rigid(measured(wd)), layout.Rigid(measured(spacer(3)))) }
	if e.path == "" {
		add(material.Body2(th, "Click Edit beside a player in the Players tab to edit its program here.").Layout)
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
	}
	add(material.Subtitle1(th, e.Title()).Layout)
	add(func(gtx layout.Context) layout.Dimensions {
		ws := []layout.Widget{func(gtx layout.Context) layout.Dimensions { return e.smallButton(gtx, &e.check, "Check") }}
		if e.diskPath() != "" {
			ws = append(ws, func(gtx layout.Context) layout.Dimensions { return e.smallButton(gtx, &e.save, "Save and reload") })
		} else {
			ws = append(ws, func(gtx layout.Context) layout.Dimensions {
				return e.smallButton(gtx, &e.save, "Save a copy and reload")
			},
				material.Caption(th, "bundled: the copy goes to "+termtext.Escape(e.copyDir)).Layout)
		}
		return row(gtx, ws...)
	})
	if st := e.statusLine(); st != "" {
		add(material.Body2(th, st).Layout)
	}
	if note := kit.LargeEditNote(len(e.saved)); note != "" {
		l := material.Caption(th, note)
		l.Color = kit.ErrorText
		add(l.Layout)
	}
	if e.tabbed {
		l := material.Caption(th, fmt.Sprintf("The file's tabs are shown as spaces (tab stops every %d columns); saving changed text writes spaces.", tabWidth))
		l.Color = mutedCol
		add(l.Layout)
	}
	src := e.lines
	add(func(gtx layout.Context) layout.Dimensions {
		e.codeTop = top + gtx.Dp(1) + gtx.Dp(codeInset)
		return widget.Border{Color: mutedCol, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			gtx.Constraints.Min.X = gtx.Constraints.Max.X
			gtx.Constraints.Min.Y = gtx.Dp(unit.Dp(300))
			return layout.UniformInset(codeInset).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return e.layoutCode(gtx, th, len(src))
			})
		})
	})
	// Each error, then each warning, under its source line, so the line is seen with its
	// message; below the code, as in the RoboCom editor: the errors follow the typing, and
	// above it they moved the line being typed up and down as they came and went.
	for i, er := range append(e.errs[:len(e.errs):len(e.errs)], e.warns...) {
		text, col := termtext.Escape(er.Msg), errorCol
		if i >= len(e.errs) {
			text, col = "warning: "+termtext.Escape(er.Msg), kit.NoticeText
		}
		if er.Line > 0 {
			code := ""
			if er.Line-1 < len(src) {
				code = strings.TrimRight(src[er.Line-1], " \t\r")
			}
			msg := text
			// No caret without a column (Redcode's messages, as pMARS's, name a line only):
			// one at the line's start pointed at the wrong place.
			text = fmt.Sprintf("%4d | %s\n       %s", er.Line, code, msg)
			if er.Col > 0 {
				text = fmt.Sprintf("%4d | %s\n     %s^ %s", er.Line, code, strings.Repeat(" ", min(er.Col-1, 80)), msg)
			}
		}
		add(func(gtx layout.Context) layout.Dimensions {
			return kit.FocusRing(gtx, &e.errBtns[i], material.Clickable(gtx, &e.errBtns[i], func(gtx layout.Context) layout.Dimensions {
				l := material.Body2(th, text)
				l.Color = col
				l.Font.Typeface = "Go Mono"
				return l.Layout(gtx)
			}))
		})
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}

// codeInset is the margin inside the editor's border.
const codeInset = unit.Dp(6)

func focusCmd(tag *widget.Editor) key.FocusCmd { return key.FocusCmd{Tag: tag} }

// layoutCode is the editor with a gutter of line numbers beside it, error lines marked "!"
// in red, lines warned of "!" in the notice colour. The editor sits in a horizontal list, so its lines never wrap and stay level with
// their numbers (same font, size and line height).
func (e *editorView) layoutCode(gtx layout.Context, th *material.Theme, lines int) layout.Dimensions {
	marks := map[int]color.NRGBA{}
	for _, er := range e.warns {
		marks[er.Line] = kit.NoticeText
	}
	for _, er := range e.errs {
		marks[er.Line] = errorCol
	}
	gutter := func(gtx layout.Context) layout.Dimensions {
		var ch []layout.FlexChild
		for i := 1; i <= max(lines, 1); i++ {
			mark, col := "  ", mutedCol
			if c, ok := marks[i]; ok {
				mark, col = " !", c
			}
			l := material.Label(th, 13, fmt.Sprintf("%3d%s", i, mark))
			l.Font.Typeface, l.Color, l.MaxLines = "Go Mono", col, 1
			ch = append(ch, layout.Rigid(l.Layout))
		}
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
	}
	return layout.Flex{}.Layout(gtx,
		layout.Rigid(gutter),
		layout.Rigid(spacer(4)),
		layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
			view := gtx.Constraints.Max.X
			e.viewW = view
			e.followCaret(gtx, view)
			return e.hscroll.Layout(gtx, 1, func(gtx layout.Context, _ int) layout.Dimensions {
				// As wide as the view at least, so that a click right of a short line
				// still reaches the editor.
				gtx.Constraints.Min.X = max(view, gtx.Dp(unit.Dp(200)))
				me := material.Editor(th, &e.ed, "program text")
				me.Font.Typeface = "Go Mono"
				me.TextSize = 13
				e.laidOut = true
				dims := me.Layout(gtx)
				e.textW = dims.Size.X
				return dims
			})
		}),
	)
}

// followCaret scrolls the text sideways so that the caret is in view (view pixels wide), and
// the panel up or down, when it moved or the text changed since the last frame; otherwise
// the wheel's positions stay.
func (e *editorView) followCaret(gtx layout.Context, view int) {
	caret, _ := e.ed.Selection()
	n := e.ed.Len()
	if !e.laidOut || (caret == e.lastCaret && n == e.lastLen) {
		return
	}
	e.lastCaret, e.lastLen = caret, n
	// The editor never scrolls sideways itself (it is as wide as its longest line), so its
	// caret's x is the distance from the text's left edge. CaretCoords shapes the text
	// again if it changed, with the width of the last layout.
	x := int(e.ed.CaretCoords().X)
	margin := min(gtx.Dp(unit.Dp(24)), view/4)
	off := e.hscroll.Position.Offset
	switch {
	case x < off+margin:
		off = max(x-margin, 0)
	case x > off+view-margin:
		off = x - view + margin
	}
	e.hscroll.Position.Offset = off
	// Up and down: the panel's list is laid out around this tab already, so its new position
	// shows in the next frame.
	if e.panel == nil || e.panelH <= 0 {
		return
	}
	lineH := gtx.Sp(13) * 6 / 5
	y := e.codeTop + int(e.ed.CaretCoords().Y) // the caret's baseline, from the tab's top
	top, bottom := y-lineH, y+lineH/3
	vmargin := min(2*lineH, e.panelH/4)
	voff := e.panel.Position.Offset
	switch {
	case top < voff+vmargin:
		voff = max(top-vmargin, 0)
	case bottom > voff+e.panelH-vmargin:
		voff = bottom - e.panelH + vmargin
	}
	if voff != e.panel.Position.Offset {
		e.panel.Position.Offset = voff
		gtx.Execute(op.InvalidateCmd{})
	}
}
