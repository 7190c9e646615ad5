package robowin

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"gioui.org/font"
	"gioui.org/io/key"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/internal/srcerr"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
	"robocom/robolang"
	"robocom/ui/kit"
)

// The program tools replace the board while open: a list of the players with Edit and
// "Save as RBI…" for each, a field to open any file, and the editor itself. The editor
// checks the program with robolang.Parse as you type and marks errors at their lines.

type programTools struct {
	*session
	look
	open     bool // the tools (or the editor) show instead of the board
	rows     []toolRow
	openPath widget.Editor
	openBtn  widget.Clickable
	closeBtn widget.Clickable
	msg      string
	msgErr   bool
	ed       *progEditor // the file being edited, nil for none
	rbi      rbiDialog   // rbisave.go
	list     widget.List
}

type toolRow struct{ edit, rbi widget.Clickable }

// progEditor is one program open for editing.
type progEditor struct {
	path     string // the file on disk it saves to ("" until the user gives one)
	name     string // what errors and the title call it
	player   int    // the Player.key of the player it came from (it follows that player's place), 0 if none
	ed       widget.Editor
	text     string   // ed's text as of its last change (refresh): read once a change, not every frame
	lines    []string // text's lines
	rev      int      // counts the changes, for what is derived from the text (lineTop)
	topsKey  [4]int   // rev and the widths lineTop was measured for
	saved    string   // the text as last saved or loaded
	checked  string   // the text errs belongs to
	errs     srcerr.List
	prog     *robolang.Program // the last version that loaded, nil while it has errors
	pathEd   widget.Editor
	saveBtn  widget.Clickable
	reload   widget.Clickable
	rbiBtn   widget.Clickable
	closeBtn widget.Clickable
	below    widget.Clickable // the empty area under the text
	list     widget.List
	msg      string
	msgErr   bool
	viewH    int                     // height of the text's viewport, to draw only the lines in view
	confirm  secondPress             // Save replaces another existing file on a second press
	closing  bool                    // a second press of Close discards unsaved changes
	lang     func() robolang.Options // the language of the option set in use
	langSeen robolang.Options        // the language errs belongs to
	lineTop  []int                   // the top of each source line as last drawn, then the text's bottom
}

func (pt *programTools) init(s *session, k look) {
	pt.session, pt.look = s, k
	pt.rbi.look = k
	pt.openPath.SingleLine, pt.openPath.Submit = true, true
	pt.list.Axis = layout.Vertical
	pt.rbi.init()
}

func (pt *programTools) visible() bool { return pt.open }

func (pt *programTools) toggleTools() { pt.open = !pt.open }

func (pt *programTools) toolsLabel() string {
	if pt.open {
		return "Back to the board"
	}
	return "Programs…"
}

func (pt *programTools) editing(gtx layout.Context) bool {
	if gtx.Focused(&pt.openPath) || pt.rbi.editing(gtx) {
		return true
	}
	if e := pt.ed; e != nil && (gtx.Focused(&e.ed) || gtx.Focused(&e.pathEd)) {
		return true
	}
	return false
}

// diskPath turns a player's path ("disk:home/x/a.rob") into a file name on disk, or "" when
// the program did not come from the disk (bundled robots).
func diskPath(p string) string {
	if rest, ok := strings.CutPrefix(p, "disk:"); ok {
		return "/" + rest
	}
	return ""
}

// diskPlayer is diskPath's inverse: the player's path of the file at path on disk.
func diskPlayer(path string) string {
	return "disk:" + strings.TrimPrefix(filepath.ToSlash(path), "/")
}

func isRBI(src []byte) bool { return len(src) >= 4 && string(src[:4]) == "RBI\x1a" }

// refresh takes the editor's text after a change. A frame reads e.text: the editor's Text
// copies the whole program, and a slow frame lets Gio place typed text where the caret was
// before a Return still waiting in the queue.
func (e *progEditor) refresh() {
	e.text = e.ed.Text()
	e.lines = strings.Split(e.text, "\n")
	e.rev++
}

// check loads the text with robolang.Parse and keeps its errors (as the user types).
func (e *progEditor) check() {
	txt := e.text
	var lang robolang.Options
	if e.lang != nil {
		lang = e.lang()
	}
	if txt == e.checked && e.checked != "" && lang == e.langSeen {
		return
	}
	e.checked, e.langSeen = txt, lang
	prog, err := robolang.Parse(e.name, []byte(txt), lang)
	e.errs = nil
	var list srcerr.List
	if errors.As(err, &list) {
		e.errs = list
	} else if err != nil {
		e.errs = srcerr.List{{File: e.name, Msg: err.Error()}}
	}
	e.prog = prog
}

var (
	toolsBg      = color.NRGBA{0xFB, 0xFB, 0xF9, 0xFF}
	errColor     = kit.ErrorText
	okColor      = color.NRGBA{0x1B, 0x6E, 0x20, 0xFF}
	gutterBg     = color.NRGBA{0xEC, 0xEC, 0xE8, 0xFF}
	errLineBg    = color.NRGBA{0xFF, 0xDD, 0xDD, 0xFF}
	synComment   = color.NRGBA{0x70, 0x80, 0x70, 0xFF}
	synHeader    = color.NRGBA{0x7B, 0x1F, 0xA2, 0xFF}
	synMnemonic  = color.NRGBA{0x0B, 0x4F, 0xA8, 0xFF}
	synLabel     = color.NRGBA{0x00, 0x7A, 0x78, 0xFF}
	synVar       = color.NRGBA{0x9A, 0x4B, 0x00, 0xFF}
	synConst     = color.NRGBA{0x2E, 0x7D, 0x32, 0xFF}
	synRemote    = color.NRGBA{0xC0, 0x2C, 0x5C, 0xFF}
	synNumber    = color.NRGBA{0x11, 0x11, 0x11, 0xFF}
	synPlain     = color.NRGBA{0x22, 0x22, 0x22, 0xFF}
	editorTextSz = unit.Sp(14)
)

// fitsWidth tells whether the text can be coloured: lines too long for the width (which
// the editor wraps) would put the colours beside their glyphs, so the text then shows plain.
// A tab counts as one column: the editor's shaper draws it one Go Mono character wide
// (TestTabIsOneColumn checks), and tokenize keeps it as one blank column, so tokens stay
// over their glyphs.
func fitsWidth(lines []string, charW, textW int) bool {
	maxCols := 0
	for _, l := range lines {
		maxCols = max(maxCols, utf8.RuneCountInString(l))
	}
	return charW > 0 && (maxCols+1)*charW < textW
}

type token struct {
	col   int // in characters
	text  string
	color color.NRGBA
}

var headerWords = map[string]bool{"name": true, "author": true, "country": true, "bank": true}

// tokenize splits one source line into coloured tokens (what is not a token is blank).
// Columns count runes; a tab is one blank column, as the editor draws it.
func tokenize(line string) []token {
	var out []token
	runes := []rune(line)
	i := 0
	first := true
	for i < len(runes) {
		r := runes[i]
		if r == ' ' || r == '\t' || r == ',' {
			if r == ',' {
				out = append(out, token{i, ",", synPlain})
			}
			i++
			continue
		}
		if r == ';' {
			out = append(out, token{i, string(runes[i:]), synComment})
			break
		}
		j := i
		for j < len(runes) && runes[j] != ' ' && runes[j] != '\t' && runes[j] != ',' && runes[j] != ';' {
			j++
		}
		w := string(runes[i:j])
		c := synPlain
		switch {
		case first && headerWords[strings.ToLower(w)] && strings.ToLower(w) != "bank":
			// The rest of a Name, Author or Country line is free text up to a comment.
			out = append(out, token{i, w, synHeader})
			rest := runes[j:]
			k := 0
			for k < len(rest) && rest[k] != ';' {
				k++
			}
			if k > 0 {
				out = append(out, token{j, string(rest[:k]), synPlain})
			}
			if k < len(rest) {
				out = append(out, token{j + k, string(rest[k:]), synComment})
			}
			return out
		case first && strings.ToLower(w) == "bank":
			c = synHeader
		case w[0] == '@':
			c = synLabel
		case first && robolang.LookupOpcode(w) != robolang.OpInvalid:
			c = synMnemonic
		case w[0] == '#':
			c = synVar
		case w[0] == '$':
			c = synConst
		case w[0] == '%':
			c = synRemote
		case w[0] == '-' || w[0] >= '0' && w[0] <= '9':
			c = synNumber
		}
		if !(w[0] == '@' && first) {
			first = false
		}
		out = append(out, token{i, w, c})
		i = j
	}
	return out
}

// OpenEditor opens a file on disk in the editor. A file that cannot be opened is an error
// at once; when the editor holds unsaved text of another file, the bar over the board asks
// before it is replaced (replaceEditor), and the file opens if the user confirms.
func (pt *programTools) OpenEditor(path string) error { return pt.openFile(path, 0) }

// openFile opens a file on disk in the editor, as the program of the player whose Player.key
// is player (0: the player whose file it is, if any).
func (pt *programTools) openFile(path string, player int) error {
	if err := needFullPath(path, ""); err != nil {
		return err
	}
	src, err := userfile.Read(path, userfile.Program)
	if err != nil {
		return err
	}
	if isRBI(src) {
		return fmt.Errorf("%s is not program source (an RBI file cannot be edited: its code is sealed)", termtext.Escape(path))
	}
	// The editor opens what the loader accepts: an old Latin-1 file is decoded as the loader
	// decodes it (and saved back as UTF-8, which the loader reads the same).
	text, latin1 := robolang.DecodeText(src)
	if player == 0 {
		for _, p := range pt.players {
			if diskPath(p.Path) == path {
				player = p.key
			}
		}
	}
	pt.replaceEditor(path, path, func() {
		pt.startEditor(path, path, player, text)
		if latin1 {
			pt.ed.msg = "This file is in Latin-1 (an old DOS or Windows encoding); saving writes it as UTF-8."
		}
	})
	return nil
}

// replaceEditor runs open, which puts another program into the editor, unless that would
// throw away text typed and not saved: the same program (file path, or for a program with
// no file yet its name) is then shown again as it is, and for another one the confirm bar
// over the board asks first, as Close does with its second press (a debugger's "Edit
// program" replaced the unsaved text at once; the panels are hidden while the editor shows,
// so a second press of that button could not be asked for).
func (pt *programTools) replaceEditor(path, name string, open func()) {
	e := pt.ed
	switch {
	case e == nil || e.text == e.saved:
		open()
	case e.path == path && (path != "" || e.name == name):
		pt.open = true
	default:
		q := fmt.Sprintf("The changes to %s are not saved. Discard them and open %s?", termtext.Clip(baseName(e.name), kit.TitleName), termtext.Clip(baseName(name), kit.TitleName))
		pt.confirm.Ask(true, q, "Discard and open", open, nil)
	}
}

func (pt *programTools) startEditor(path, name string, player int, src string) {
	e := &progEditor{path: path, name: name, player: player, saved: src, lang: pt.language}
	e.ed.SetText(src)
	e.refresh()
	e.pathEd.SingleLine = true
	e.pathEd.SetText(path)
	e.list.Axis = layout.Vertical
	e.check()
	pt.ed = e
	pt.open = true
}

// openProgramOf opens player i's program in the editor: the file itself when it is on disk,
// otherwise (a bundled robot) a copy to be saved elsewhere.
func (pt *programTools) openProgramOf(i int) {
	if i < 0 || i >= len(pt.players) {
		return
	}
	p := pt.players[i]
	if p.Prog != nil && p.Prog.Hidden {
		pt.open, pt.msg, pt.msgErr = true, p.shortName()+" was loaded from an RBI file: its code is sealed and cannot be edited.", true
		return
	}
	if dp := diskPath(p.Path); dp != "" {
		if err := pt.openFile(dp, p.key); err != nil {
			pt.open, pt.msg, pt.msgErr = true, err.Error(), true
		}
		return
	}
	root, name, ok := pt.splitPath(p.Path)
	if !ok {
		return
	}
	src, err := readProgramFile(root, name)
	if err != nil {
		pt.open, pt.msg, pt.msgErr = true, err.Error(), true
		return
	}
	text, _ := robolang.DecodeText(src)
	pt.replaceEditor("", displayName(root, name), func() {
		wd := kit.DocumentsDir() // never the working directory (RATIONALE.md)
		pt.startEditor("", displayName(root, name), p.key, text)
		pt.ed.pathEd.SetText(filepath.Join(wd, filepath.Base(name)))
		pt.ed.msg = "This program is bundled with RoboCom Arena; saving writes a copy to the file named above."
	})
}

// Errors are the load errors of the editor's text, nil when it loads or no file is open.
func (pt *programTools) EditorErrors() srcerr.List {
	if e := pt.ed; e != nil {
		return e.errs
	}
	return nil
}

// SaveEditor writes the editor's text to its file atomically (a temporary file in the same
// folder, then a rename), so a failed save never leaves half a file.
func (pt *programTools) SaveEditor() error {
	e := pt.ed
	if e == nil {
		return errors.New("no program is open in the editor")
	}
	path := strings.TrimSpace(e.pathEd.Text())
	if path == "" {
		return errors.New("give the file to save to in the field above the text")
	}
	if strings.EqualFold(filepath.Ext(path), ".rbi") {
		return errors.New("source is saved as .rob; use “Save as RBI…” to make an RBI file")
	}
	if err := needFullPath(path, filepath.Dir(e.path)); err != nil {
		return err
	}
	if path != e.path {
		if _, err := os.Stat(path); err == nil && !e.confirm.again(path) {
			return fmt.Errorf("%s already exists: press Save again to replace it", termtext.Escape(path))
		}
	}
	e.confirm.reset()
	txt := e.text
	if err := userfile.WriteFile(path, []byte(txt), 0o644); err != nil {
		return err
	}
	e.path, e.saved = path, txt
	if e.name != path {
		e.name = path
		e.checked = ""
		e.check()
	}
	return nil
}

// ReloadEditor puts the editor's program into the arena in place of the player it came from
// (or adds it as a new player) and restarts the round.
func (pt *programTools) ReloadEditor() error {
	e := pt.ed
	if e == nil {
		return errors.New("no program is open in the editor")
	}
	e.check()
	if e.prog == nil {
		if len(e.errs) == 1 {
			return errors.New("the program has 1 error; fix it first (it is marked at its line)")
		}
		return fmt.Errorf("the program has %d errors; fix them first (they are marked at their lines)", len(e.errs))
	}
	// The player it came from, wherever it is now (players removed or moved since the editor
	// opened, or while a question about opening it waited); gone, the program is added anew.
	if i := pt.players.index(e.player); i >= 0 {
		pt.players[i].Prog = e.prog
		if e.path != "" {
			pt.players[i].Path = diskPlayer(e.path)
			// Restart reads a file again only when it changes after this: the editor's
			// program plays, saved or not.
			if root, name, ok := pt.splitPath(pt.players[i].Path); ok {
				if src, err := readProgramFile(root, name); err == nil {
					pt.players[i].read, pt.players[i].broken = sha256.Sum256(src), false
				}
			}
		}
		pt.newGame()
		pt.changed()
		return nil
	}
	if e.path == "" || e.text != e.saved {
		return errors.New("save the program first: a new player is loaded from its file")
	}
	if !pt.AddPlayer(diskPlayer(e.path)) {
		return errors.New(pt.note.text)
	}
	e.player = pt.players[len(pt.players)-1].key
	return nil
}

// updatePrograms handles the buttons of the program tools and the editor.
func (pt *programTools) updatePrograms(gtx layout.Context) {
	for len(pt.rows) < len(pt.players) {
		pt.rows = append(pt.rows, toolRow{})
	}
	for i := range pt.players {
		if pt.rows[i].edit.Clicked(gtx) {
			pt.msg = ""
			pt.openProgramOf(i)
		}
		if pt.rows[i].rbi.Clicked(gtx) {
			pt.askSaveRBI(i)
		}
	}
	openReq := pt.openBtn.Clicked(gtx)
	for {
		ev, ok := pt.openPath.Update(gtx)
		if !ok {
			break
		}
		if _, ok := ev.(widget.SubmitEvent); ok {
			openReq = true
		}
	}
	if openReq {
		p := strings.TrimSpace(pt.openPath.Text())
		if p == "" {
			pt.msg, pt.msgErr = "Type the path of a .rob file first.", true
		} else if err := pt.OpenEditor(p); err != nil {
			pt.msg, pt.msgErr = err.Error(), true
		} else {
			pt.msg = ""
		}
	}
	if pt.closeBtn.Clicked(gtx) {
		pt.open = false
	}
	pt.rbi.update(gtx)
	e := pt.ed
	if e == nil {
		return
	}
	if e.below.Clicked(gtx) {
		gtx.Execute(key.FocusCmd{Tag: &e.ed})
		n := e.ed.Len()
		e.ed.SetCaret(n, n)
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
		e.refresh()
		if e.msgErr { // (it was about the text before this change: "fix the errors first")
			e.msg, e.msgErr = "", false
		}
		e.closing = false // a change after the first Close press is asked about again
	}
	e.check()
	if e.saveBtn.Clicked(gtx) {
		kit.TakeKeys(gtx, &e.pathEd)
		if err := pt.SaveEditor(); err != nil {
			e.msg, e.msgErr = err.Error(), true
		} else {
			e.msg, e.msgErr = "Saved "+termtext.Escape(e.path)+".", false
		}
	}
	if e.reload.Clicked(gtx) {
		if err := pt.ReloadEditor(); err != nil {
			e.msg, e.msgErr = err.Error(), true
		} else {
			e.msg, e.msgErr = "Loaded into the arena; the round restarted with it.", false
		}
	}
	if e.rbiBtn.Clicked(gtx) {
		pt.askSaveRBIFromEditor()
	}
	if e.closeBtn.Clicked(gtx) {
		if e.text != e.saved && !e.closing {
			e.closing = true
			e.msg, e.msgErr = "The changes are not saved: press Close again to discard them.", true
		} else {
			pt.ed = nil
		}
	}
}

// layoutPrograms draws the tools (and the editor when a file is open) in the board's place.
func (pt *programTools) layoutPrograms(gtx layout.Context) layout.Dimensions {
	paint.FillShape(gtx.Ops, toolsBg, clip.Rect{Max: gtx.Constraints.Max}.Op())
	gtx.Constraints.Min = gtx.Constraints.Max
	return layout.UniformInset(unit.Dp(10)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		var ch []layout.FlexChild
		if pt.rbi.open {
			ch = append(ch, layout.Rigid(pt.rbi.layout), layout.Rigid(layout.Spacer{Height: 8}.Layout))
		}
		if pt.ed != nil {
			ch = append(ch, layout.Flexed(1, pt.layoutEditor))
		} else {
			ch = append(ch, layout.Flexed(1, pt.layoutToolList))
		}
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
	})
}

func (pt *programTools) layoutToolList(gtx layout.Context) layout.Dimensions {
	var rows []layout.Widget
	rows = append(rows, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
			layout.Flexed(1, material.H6(pt.th, "Programs").Layout),
			layout.Rigid(pt.smallButton(&pt.closeBtn, "Back to the board")),
		)
	})
	rows = append(rows, func(gtx layout.Context) layout.Dimensions {
		l := material.Body2(pt.th, "Edit a player's source, or save it as an RBI file (its code sealed, so others can play it without reading it).")
		l.Color = dbgMuted
		return layout.Inset{Bottom: 6}.Layout(gtx, l.Layout)
	})
	for i, p := range pt.players {
		i, p := i, p
		rows = append(rows, func(gtx layout.Context) layout.Dimensions {
			where := p.Path
			sealed := p.Prog != nil && p.Prog.Hidden
			if p.Prog != nil && p.Prog.File != "" {
				where = p.Prog.File
			}
			where = termtext.Escape(where)
			if sealed {
				where += " — an RBI program: its code is sealed, so it cannot be edited"
			}
			buttons := func(gtx layout.Context) layout.Dimensions {
				if sealed {
					return layout.Dimensions{}
				}
				return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
					layout.Rigid(pt.smallButton(&pt.rows[i].edit, "Edit")),
					layout.Rigid(layout.Spacer{Width: 4}.Layout),
					layout.Rigid(pt.smallButton(&pt.rows[i].rbi, "Save as RBI…")),
				)
			}
			return layout.Inset{Bottom: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
					layout.Rigid(swatch(paletteColor(p.Color), 14)),
					layout.Rigid(layout.Spacer{Width: 6}.Layout),
					layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
						return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
							layout.Rigid(material.Body1(pt.th, p.shortName()).Layout),
							layout.Rigid(func(gtx layout.Context) layout.Dimensions {
								l := material.Caption(pt.th, where)
								l.Color = dbgMuted
								return l.Layout(gtx)
							}),
						)
					}),
					layout.Rigid(buttons),
				)
			})
		})
	}
	rows = append(rows, func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 10}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
				layout.Rigid(pt.label("Open a file:")),
				layout.Rigid(layout.Spacer{Width: 6}.Layout),
				layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
					return widget.Border{Color: color.NRGBA{0x99, 0x99, 0x99, 0xFF}, CornerRadius: 3, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
						return layout.UniformInset(unit.Dp(4)).Layout(gtx, material.Editor(pt.th, &pt.openPath, "/path/to/program.rob").Layout)
					})
				}),
				layout.Rigid(layout.Spacer{Width: 6}.Layout),
				layout.Rigid(pt.smallButton(&pt.openBtn, "Open")),
			)
		})
	})
	if pt.msg != "" {
		rows = append(rows, func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(pt.th, pt.msg)
			l.Color = okColor
			if pt.msgErr {
				l.Color = errColor
			}
			return layout.Inset{Top: 6}.Layout(gtx, l.Layout)
		})
	}
	return material.List(pt.th, &pt.list).Layout(gtx, len(rows), func(gtx layout.Context, i int) layout.Dimensions { return rows[i](gtx) })
}

func (pt *programTools) layoutEditor(gtx layout.Context) layout.Dimensions {
	e := pt.ed
	// The file's name, not its path: the path is in the field under the title, and on one
	// line beside four buttons a path cut off "(not saved)" (at 800×600, "Editing /tm…").
	title := "Editing " + termtext.Clip(baseName(e.name), kit.TitleName)
	if e.text != e.saved {
		title += " (not saved)"
	}
	status := "No errors: the program loads."
	statusCol := okColor
	if len(e.errs) > 0 {
		status = "1 error, marked at its line:"
		if n := len(e.errs); n > 1 {
			status = fmt.Sprintf("%d errors, marked at their lines:", n)
		}
		statusCol = errColor
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
				layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
					l := material.Subtitle1(pt.th, title)
					l.MaxLines = 1
					return l.Layout(gtx)
				}),
				layout.Rigid(pt.smallButton(&e.saveBtn, "Save")),
				layout.Rigid(layout.Spacer{Width: 4}.Layout),
				layout.Rigid(pt.smallButton(&e.reload, "Load into arena")),
				layout.Rigid(layout.Spacer{Width: 4}.Layout),
				layout.Rigid(pt.smallButton(&e.rbiBtn, "Save as RBI…")),
				layout.Rigid(layout.Spacer{Width: 4}.Layout),
				layout.Rigid(pt.smallButton(&e.closeBtn, "Close")),
			)
		}),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Top: 4, Bottom: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
					layout.Rigid(pt.label("File:")),
					layout.Rigid(layout.Spacer{Width: 6}.Layout),
					layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
						return widget.Border{Color: color.NRGBA{0x99, 0x99, 0x99, 0xFF}, CornerRadius: 3, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
							return layout.UniformInset(unit.Dp(3)).Layout(gtx, material.Editor(pt.th, &e.pathEd, "/path/to/save.rob").Layout)
						})
					}),
				)
			})
		}),
		layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
			return widget.Border{Color: color.NRGBA{0xAA, 0xAA, 0xAA, 0xFF}, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				gtx.Constraints.Min = gtx.Constraints.Max
				paint.FillShape(gtx.Ops, color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}, clip.Rect{Max: gtx.Constraints.Max}.Op())
				e.viewH = gtx.Constraints.Max.Y
				return material.List(pt.th, &e.list).Layout(gtx, 1, func(gtx layout.Context, _ int) layout.Dimensions {
					return pt.layoutCode(gtx, e)
				})
			})
		}),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			var ch []layout.FlexChild
			add := func(s string, c color.NRGBA) {
				ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
					l := material.Body2(pt.th, s)
					l.Color = c
					return l.Layout(gtx)
				}))
			}
			if e.msg != "" {
				c := okColor
				if e.msgErr {
					c = errColor
				}
				add(e.msg, c)
			}
			if note := kit.LargeEditNote(len(e.text)); note != "" {
				add(note, errColor)
			}
			add(status, statusCol)
			for i, er := range e.errs {
				if i == 8 {
					add(fmt.Sprintf("… and %d more", len(e.errs)-i), errColor)
					break
				}
				add(er.Error(), errColor)
			}
			return layout.Inset{Top: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
			})
		}),
	)
}

// layoutCode draws the gutter with line numbers and the text: the editor underneath with its
// glyphs transparent, the same text drawn over it in syntax colours, one token at a time.
// Go Mono makes every character the same width, so a token's place is its column. Lines
// with an error get a red background and a red line number.
func (pt *programTools) layoutCode(gtx layout.Context, e *progEditor) layout.Dimensions {
	lines := e.lines
	errLines := map[int]bool{}
	for _, er := range e.errs {
		if er.Line > 0 {
			errLines[er.Line] = true
		}
	}
	fnt := font.Font{Typeface: "Go Mono"}
	charW := pt.charWidth(gtx, fnt)
	gutterW := gtx.Dp(12) + charW*len(fmt.Sprint(len(lines)))
	textW := gtx.Constraints.Max.X - gutterW - gtx.Dp(8)
	colour := fitsWidth(lines, charW, textW)

	// The editor first, recorded, to learn its height (hence the line height).
	macro := op.Record(gtx.Ops)
	egtx := gtx
	egtx.Constraints.Min = image.Pt(textW, 0)
	egtx.Constraints.Max.X = textW
	st := material.Editor(pt.th, &e.ed, "")
	st.Font = fnt
	st.TextSize = editorTextSz
	if colour {
		st.Color = color.NRGBA{}
	}
	edims := st.Layout(egtx)
	edCall := macro.Stop()
	rowH := pt.rowHeight(gtx, fnt)
	if key := [4]int{e.rev, textW, charW, rowH}; key != e.topsKey || len(e.lineTop) != len(lines)+1 {
		e.lineTop = pt.lineTops(gtx, fnt, lines, textW, charW, rowH, e.lineTop[:0])
		e.topsKey = key
	}
	h := max(edims.Size.Y, e.lineTop[len(lines)], gtx.Constraints.Min.Y, e.viewH) // (the viewport at least: a click under a short text lands here)

	// Gutter and error bands, at the source lines (a long line wraps into several rows).
	paint.FillShape(gtx.Ops, gutterBg, clip.Rect{Max: image.Pt(gutterW, h)}.Op())
	for ln := range errLines {
		if ln <= len(lines) {
			y0, y1 := e.lineTop[ln-1], e.lineTop[ln]
			paint.FillShape(gtx.Ops, errLineBg, clip.Rect{Min: image.Pt(gutterW, y0), Max: image.Pt(gutterW+gtx.Dp(8)+textW, y1)}.Op())
		}
	}
	// Only the lines in view get numbers and colours: a long file stays cheap to draw.
	first, last := 0, len(lines)
	if e.viewH > 0 {
		top, bottom := e.list.Position.Offset, e.list.Position.Offset+e.viewH
		first = max(0, sort.SearchInts(e.lineTop[:len(lines)], top+1)-1)
		last = min(len(lines), sort.SearchInts(e.lineTop[:len(lines)], bottom+1))
	}
	for i := first; i < last; i++ {
		c := dbgMuted
		if errLines[i+1] {
			c = errColor
		}
		l := material.Label(pt.th, editorTextSz, fmt.Sprintf("%*d", len(fmt.Sprint(len(lines))), i+1))
		l.Font, l.Color, l.MaxLines = fnt, c, 1
		off := op.Offset(image.Pt(gtx.Dp(4), e.lineTop[i])).Push(gtx.Ops)
		l.Layout(gtx)
		off.Pop()
	}
	off := op.Offset(image.Pt(gutterW+gtx.Dp(8), 0)).Push(gtx.Ops)
	edCall.Add(gtx.Ops)
	if colour {
		for i := first; i < last; i++ {
			line := lines[i]
			for _, tk := range tokenize(line) {
				l := material.Label(pt.th, editorTextSz, tk.text)
				l.Font, l.Color, l.MaxLines = fnt, tk.color, 1
				if tk.color == synMnemonic || tk.color == synHeader {
					l.Font.Weight = font.Bold
				}
				o := op.Offset(image.Pt(tk.col*charW, e.lineTop[i])).Push(gtx.Ops)
				l.Layout(gtx)
				o.Pop()
			}
		}
		// The caret: the editor paints it in the text colour, which is transparent here.
		if gtx.Focused(&e.ed) {
			ln, col := e.ed.CaretPos()
			if ln < len(lines) {
				x, y := col*charW, e.lineTop[ln]
				paint.FillShape(gtx.Ops, synPlain, clip.Rect{Min: image.Pt(x, y), Max: image.Pt(x+max(1, gtx.Dp(1.5)), y+rowH)}.Op())
			}
		}
	}
	off.Pop()
	// Below the text: a click there gives the editor the keys, the caret at the end (as in
	// any text editor; the keys typed after such a click went nowhere).
	if below := h - edims.Size.Y; below > 0 {
		o := op.Offset(image.Pt(0, edims.Size.Y)).Push(gtx.Ops)
		e.below.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.Dimensions{Size: image.Pt(gtx.Constraints.Max.X, below)}
		})
		o.Pop()
	}
	return layout.Dimensions{Size: image.Pt(gtx.Constraints.Max.X, h)}
}

// rowHeight measures one row of the editor's text.
func (pt *programTools) rowHeight(gtx layout.Context, fnt font.Font) int {
	m := op.Record(gtx.Ops)
	g := gtx
	g.Constraints = layout.Constraints{Max: image.Pt(1<<20, 1<<20)}
	l := material.Label(pt.th, editorTextSz, "0")
	l.Font = fnt
	d := l.Layout(g)
	m.Stop()
	return d.Size.Y
}

// lineTops gives the top of each source line in the editor's text and, last, the bottom of
// the text. The editor wraps a line wider than textW into several rows, so a line's place is
// not its number times a row: a line that may wrap is shaped as the editor shapes it (a
// label of the same face and width wraps the same way).
func (pt *programTools) lineTops(gtx layout.Context, fnt font.Font, lines []string, textW, charW, rowH int, tops []int) []int {
	y := 0
	for _, line := range lines {
		tops = append(tops, y)
		h := rowH
		if charW <= 0 || (utf8.RuneCountInString(line)+1)*charW >= textW {
			m := op.Record(gtx.Ops)
			g := gtx
			g.Constraints = layout.Constraints{Max: image.Pt(textW, 1<<20)}
			l := material.Label(pt.th, editorTextSz, line)
			l.Font = fnt
			h = max(rowH, l.Layout(g).Size.Y)
			m.Stop()
		}
		y += h
	}
	return append(tops, y)
}

// charWidth measures one character of the monospaced face.
func (pt *programTools) charWidth(gtx layout.Context, fnt font.Font) int {
	m := op.Record(gtx.Ops)
	g := gtx
	g.Constraints = layout.Constraints{Max: image.Pt(1<<20, 1<<20)}
	l := material.Label(pt.th, editorTextSz, strings.Repeat("0", 40))
	l.Font = fnt
	d := l.Layout(g)
	m.Stop()
	return (d.Size.X + 20) / 40
}

// askSaveRBI opens the program tools with the RBI dialog for player i.
func (pt *programTools) askSaveRBI(i int) {
	if i < 0 || i >= len(pt.players) {
		return
	}
	pt.open = true
	pt.rbi.askPlayer(pt.players[i])
}

// askSaveRBIFromEditor opens the dialog for the program in the editor (as it is now).
func (pt *programTools) askSaveRBIFromEditor() {
	if pt.ed != nil {
		pt.rbi.askEditor(pt.ed)
	}
}

// Unsaved is the name of the program whose editor holds text not saved yet, "" when the
// editor is closed or its text is saved: the program's name as the window shows it
// (escaped, clipped to kit.TitleName columns) while the text loads, else its file's name.
// The window's quit asks about it (AskQuit).
func (u *UI) Unsaved() string {
	e := u.dbg.prog.ed
	if e == nil || e.text == e.saved {
		return ""
	}
	name := baseName(e.name)
	if e.prog != nil && e.prog.Name != "" {
		name = termtext.Escape(e.prog.Name)
	}
	return termtext.Clip(name, kit.TitleName)
}

// OpenEditor opens a file on disk in the program editor.
func (u *UI) OpenEditor(path string) error { return u.dbg.prog.OpenEditor(path) }

// EditorErrors are the load errors of the editor's text, nil when it loads or no file is open.
func (u *UI) EditorErrors() srcerr.List { return u.dbg.prog.EditorErrors() }

// SaveEditor saves the editor's text to the file in its path field, as its Save button does.
func (u *UI) SaveEditor() error { return u.dbg.prog.SaveEditor() }

// ReloadEditor loads the editor's program into the arena, as "Load into arena" does.
func (u *UI) ReloadEditor() error { return u.dbg.prog.ReloadEditor() }
