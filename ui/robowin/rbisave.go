package robowin

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/internal/termtext"
	"robocom/internal/userfile"
	"robocom/robolang"
	"robocom/ui/kit"
)

// "Save as RBI…": writes a loaded program (a player, or the editor's text) as an RBI file,
// through robolang.SaveRBI (temporary file + rename). It never writes over a .rob file: the
// path must end in .rbi, and SaveRBI itself refuses the program's own source and any
// existing file that is not an RBI file. An RBI file of another program is replaced only on
// a second press of Save RBI.

type rbiDialog struct {
	look
	open    bool
	prog    *robolang.Program
	what    string // the program's name, for the title
	pathEd  widget.Editor
	saveBtn widget.Clickable
	cancel  widget.Clickable
	msg     string
	msgErr  bool
	confirm secondPress // Save RBI replaces an RBI file of another program on a second press
}

func (d *rbiDialog) init() { d.pathEd.SingleLine, d.pathEd.Submit = true, true }

func (d *rbiDialog) editing(gtx layout.Context) bool { return d.open && gtx.Focused(&d.pathEd) }

// rbiPathFor suggests where the RBI of a program goes: beside its source, with .rbi; for a
// program with no file on disk (bundled), in the user's documents folder.
func rbiPathFor(src string, name string) string {
	if src != "" && filepath.IsAbs(src) {
		return strings.TrimSuffix(src, filepath.Ext(src)) + ".rbi"
	}
	wd := kit.DocumentsDir()
	n := name
	if n == "" {
		n = "program"
	}
	n = strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r < ' ' {
			return '_'
		}
		return r
	}, n)
	return filepath.Join(wd, n+".rbi")
}

// askPlayer opens the dialog for player p.
func (d *rbiDialog) askPlayer(p Player) {
	d.open, d.msg, d.msgErr = true, "", false
	d.confirm.reset()
	if p.Prog == nil || p.Prog.Hidden {
		d.prog = nil
		d.what = p.shortName()
		d.msg, d.msgErr = d.what+" is already an RBI program.", true
		return
	}
	d.prog, d.what = p.Prog, p.shortName()
	d.pathEd.SetText(rbiPathFor(diskPath(p.Path), p.Name()))
}

// askEditor opens the dialog for the program in editor e, as its text is now.
func (d *rbiDialog) askEditor(e *progEditor) {
	d.open, d.msg, d.msgErr = true, "", false
	d.confirm.reset()
	e.check()
	if e.prog == nil {
		d.prog = nil
		d.msg, d.msgErr = "The program has errors; fix them before saving it as RBI.", true
		return
	}
	d.prog, d.what = e.prog, termtext.Clip(termtext.Escape(e.prog.Name), kit.TitleName)
	d.pathEd.SetText(rbiPathFor(strings.TrimSpace(e.pathEd.Text()), e.prog.Name))
}

// SaveRBIAs writes prog as an RBI file at path.
func SaveRBIAs(path string, prog *robolang.Program) error {
	path = strings.TrimSpace(path)
	switch {
	case prog == nil:
		return errors.New("there is no program to save")
	case path == "":
		return errors.New("give the file to write, ending in .rbi")
	case !strings.EqualFold(filepath.Ext(path), ".rbi"):
		return fmt.Errorf("%s does not end in .rbi: RBI files are named .rbi (and a .rob is never overwritten)", termtext.Escape(path))
	}
	if err := needFullPath(path, ""); err != nil {
		return err
	}
	return robolang.SaveRBI(path, prog)
}

// save saves what the dialog holds to the path in its field (as its Save button does). An
// RBI file of another program there is replaced only on a second press, as the editor's
// Save replaces another file (robolang.SaveRBI refuses only files that are not RBI).
func (d *rbiDialog) save() error {
	path := strings.TrimSpace(d.pathEd.Text())
	if err := needFullPath(path, ""); path != "" && err != nil {
		return err // (before looking at what is there: a relative name is the working directory's)
	}
	if d.prog != nil {
		if held, ok := rbiOfAnother(path, d.prog.Name); ok && !d.confirm.again(path) {
			return fmt.Errorf("%s already holds %s: press Save RBI again to replace it", termtext.Escape(path), held)
		}
	}
	d.confirm.reset()
	return SaveRBIAs(path, d.prog)
}

// rbiOfAnother says what the RBI file at path holds ("the RBI of Wall") when it is not an
// RBI of the program named name (an older save of the same program is replaced without a
// question). ok is false when no regular file is there, or one that is no RBI file at all:
// SaveRBI refuses those itself.
func rbiOfAnother(path, name string) (held string, ok bool) {
	src, err := userfile.Read(path, userfile.Program) // (nothing there, or no regular file: an error)
	if err != nil || !isRBI(src) {
		return "", false
	}
	h, err := robolang.ReadRBIHeader(bytes.NewReader(src))
	switch {
	case err != nil:
		return "an RBI file that does not read (" + termtext.Escape(err.Error()) + ")", true
	case h.Name == name:
		return "", false
	case h.Name == "":
		return "the RBI of a program without a name", true
	}
	return "the RBI of " + termtext.Clip(termtext.Escape(h.Name), kit.TitleName), true
}

func (d *rbiDialog) update(gtx layout.Context) {
	if !d.open {
		return
	}
	save := d.saveBtn.Clicked(gtx)
	for {
		ev, ok := d.pathEd.Update(gtx)
		if !ok {
			break
		}
		if _, ok := ev.(widget.SubmitEvent); ok {
			save = true
		}
	}
	if save {
		if err := d.save(); err != nil {
			d.msg, d.msgErr = err.Error(), true
		} else {
			d.msg, d.msgErr = fmt.Sprintf("Saved %s. It plays like the source; its code cannot be read.", termtext.Escape(strings.TrimSpace(d.pathEd.Text()))), false
		}
	}
	if d.cancel.Clicked(gtx) {
		d.open = false
	}
}

func (d *rbiDialog) layout(gtx layout.Context) layout.Dimensions {
	return kit.Card(gtx, dbgCardBg, func(gtx layout.Context) layout.Dimensions {
		ch := []layout.FlexChild{
			layout.Rigid(material.Subtitle1(d.th, "Save "+d.what+" as RBI").Layout),
		}
		if d.prog != nil {
			ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				return layout.Inset{Top: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
					return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
						layout.Rigid(d.label("File:")),
						layout.Rigid(layout.Spacer{Width: 6}.Layout),
						layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
							return widget.Border{Color: gutterBg, CornerRadius: 3, Width: unit.Dp(1)}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
								return layout.UniformInset(unit.Dp(4)).Layout(gtx, material.Editor(d.th, &d.pathEd, "/path/to/program.rbi").Layout)
							})
						}),
						layout.Rigid(layout.Spacer{Width: 6}.Layout),
						layout.Rigid(d.smallButton(&d.saveBtn, "Save RBI")),
						layout.Rigid(layout.Spacer{Width: 4}.Layout),
						layout.Rigid(d.smallButton(&d.cancel, "Done")),
					)
				})
			}))
		} else {
			ch = append(ch, layout.Rigid(d.smallButton(&d.cancel, "Done")))
		}
		if d.msg != "" {
			ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				l := material.Body2(d.th, d.msg)
				l.Color = okColor
				if d.msgErr {
					l.Color = errColor
				}
				return layout.Inset{Top: 4}.Layout(gtx, l.Layout)
			}))
		}
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
	})
}

// SaveRBIDialog saves what the RBI dialog holds to the path in its field (as its Save
// button does).
func (u *UI) SaveRBIDialog() error { return u.dbg.prog.rbi.save() }
