package picker

import (
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/ui/kit"
)

// PathField is the picker's typed path: a program file (added) or a folder (shown), given as
// an absolute path on the disk, "~/…", "root:path" (bundled:spinner.rob), or a path relative
// to the folder shown. What cannot be resolved is said under the field.
type PathField struct {
	Editor widget.Editor
	Err    string // why the last path typed was refused
}

// editing reports whether the field has the keyboard.
func (f *PathField) editing(gtx layout.Context) bool { return gtx.Focused(&f.Editor) }

// update reads Enter in the field; it returns the "root:path" of a typed program file.
// A typed folder is opened in b.
func (f *PathField) update(gtx layout.Context, b *State) (string, bool) {
	f.Editor.SingleLine, f.Editor.Submit = true, true
	for {
		ev, ok := f.Editor.Update(gtx)
		if !ok {
			break
		}
		if _, ok := ev.(widget.SubmitEvent); !ok {
			continue
		}
		loc, isDir, err := resolveTyped(b, f.Editor.Text())
		if err != nil {
			f.Err = err.Error()
			continue
		}
		f.Err = ""
		f.Editor.SetText("")
		if isDir {
			b.Open(loc)
			continue
		}
		// The picker goes to the file's folder, as after a click on it there: the next Add
		// starts there, and the recent folders get the folder the user went to, not the one
		// shown while typing.
		b.Open(FolderOf(loc))
		return loc, true
	}
	return "", false
}

// resolveTyped turns what was typed into a "root:path" of b's roots, and says whether it is
// a folder. Errors are plain sentences naming what was typed.
func resolveTyped(b *State, typed string) (loc string, isDir bool, err error) {
	t := strings.TrimSpace(typed)
	if t == "" {
		return "", false, fmt.Errorf("type the path of a %s file, or of a folder, then Enter", b.Kind.Either)
	}
	if t == "~" || strings.HasPrefix(t, "~/") {
		home, herr := os.UserHomeDir()
		if herr != nil {
			return "", false, fmt.Errorf("%s: there is no home folder here (%v)", t, herr)
		}
		t = filepath.Join(home, t[1:])
	}
	rootIdx, name := -1, ""
	if i := strings.Index(t, ":"); i > 0 {
		for r := range b.Roots {
			if b.Roots[r].Name == t[:i] {
				rootIdx, name = r, t[i+1:]
			}
		}
	}
	if rootIdx < 0 && (filepath.IsAbs(t) || strings.HasPrefix(t, "/")) {
		for r := range b.Roots {
			if b.Roots[r].Name == "disk" {
				rootIdx, name = r, filepath.ToSlash(t)
			}
		}
		if rootIdx < 0 {
			return "", false, fmt.Errorf("%s: this window does not read programs from the disk", t)
		}
	}
	if rootIdx < 0 {
		if len(b.Roots) == 0 {
			return "", false, fmt.Errorf("there is nowhere to pick programs from")
		}
		rootIdx, name = b.Root, path.Join(b.Dir, filepath.ToSlash(t))
	}
	r := b.Roots[rootIdx]
	name = CleanDir(name)
	if r.FS == nil {
		return "", false, fmt.Errorf("%s: nothing is stored there in this build", t)
	}
	st, serr := fs.Stat(r.FS, name)
	if serr != nil {
		return "", false, fmt.Errorf("%s: no such file or folder (%s)", t, DisplayName(r, name))
	}
	if st.IsDir() {
		return r.Name + ":" + name, true, nil
	}
	if b.Kind.Accept == nil || !b.Kind.Accept(name) {
		return "", false, fmt.Errorf("%s is not a program: programs end in %s", DisplayName(r, name), b.Kind.Either)
	}
	return r.Name + ":" + name, false, nil
}

// layout draws the field with its hint and, under it, why the last path was refused.
func (f *PathField) layout(gtx layout.Context, th *material.Theme, hint string) layout.Dimensions {
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
				layout.Rigid(material.Caption(th, "Path: ").Layout),
				layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
					return widget.Border{Color: color.NRGBA{0x99, 0x99, 0x99, 0xFF}, CornerRadius: 3, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
						return layout.UniformInset(unit.Dp(4)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
							e := material.Editor(th, &f.Editor, hint)
							e.TextSize = 13
							return e.Layout(gtx)
						})
					})
				}),
			)
		}),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			// One line, there or not, so that an error does not move the list under it.
			h := gtx.Dp(unit.Dp(18))
			gtx.Constraints.Min.Y, gtx.Constraints.Max.Y = 0, h
			if f.Err != "" {
				l := material.Caption(th, f.Err)
				l.Color = errColor
				l.MaxLines = 1
				layout.Inset{Top: 2}.Layout(gtx, l.Layout)
			}
			return layout.Dimensions{Size: image.Pt(gtx.Constraints.Max.X, h)}
		}),
	)
}

// errColor is the colour of the sentence under the field.
var errColor = kit.ErrorText

// FolderOf is the folder of a file's location, both written "root:dir".
func FolderOf(loc string) string {
	root, file, _ := strings.Cut(loc, ":")
	return root + ":" + path.Dir(file)
}
