package ui

import (
	"fmt"
	"image/color"
	"io/fs"
	"path"
	"sort"
	"strings"

	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

// PickerState is the in-app program picker: it browses the Roots (bundled robots, the disk)
// folder by folder and offers .rob and .rbi files. It works over fs.FS, so it behaves the
// same on every desktop and in tests (the native dialog needs a desktop portal; GIO-NOTES.md).
type PickerState struct {
	roots   []Root
	root    int
	dir     string // folder inside the root, "." for its top
	entries []pickEntry
	err     string
	loaded  bool

	recent []string // recently used folders, "root:dir", newest first

	rootBtns  []widget.Clickable
	upBtn     widget.Clickable
	closeBtn  widget.Clickable
	recentBtn []widget.Clickable
	list      widget.List

	closeReq bool
}

type pickEntry struct {
	name  string
	dir   bool
	click widget.Clickable
}

func (p *PickerState) init(roots []Root) {
	p.roots = roots
	p.rootBtns = make([]widget.Clickable, len(roots))
	p.list.Axis = layout.Vertical
	if len(roots) > 0 {
		p.dir = roots[0].Home
		if p.dir == "" {
			p.dir = "."
		}
	}
}

// restore goes back to the folder used last time and the recent folders list.
func (p *PickerState) restore(last string, recent []string) {
	p.recent = append(p.recent[:0], recent...)
	if last != "" {
		p.Open(last)
	}
}

// Open shows a folder given as "root:dir"; unknown roots are ignored.
func (p *PickerState) Open(loc string) {
	i := strings.Index(loc, ":")
	if i < 0 {
		return
	}
	for r := range p.roots {
		if p.roots[r].Name == loc[:i] {
			p.root, p.dir, p.loaded = r, cleanDir(loc[i+1:]), false
			return
		}
	}
}

func cleanDir(d string) string {
	d = path.Clean(strings.TrimPrefix(d, "/"))
	if d == "" || d == "/" {
		return "."
	}
	return d
}

// Location is the folder shown, as "root:dir".
func (p *PickerState) Location() string {
	if len(p.roots) == 0 {
		return ""
	}
	return p.roots[p.root].Name + ":" + p.dir
}

// remember puts the current folder first in the recent folders.
func (p *PickerState) remember() {
	loc := p.Location()
	out := []string{loc}
	for _, r := range p.recent {
		if r != loc && len(out) < 6 {
			out = append(out, r)
		}
	}
	p.recent = out
}

// Recent is the recent folders, newest first.
func (p *PickerState) Recent() []string { return p.recent }

func (p *PickerState) load() {
	p.loaded = true
	p.err = ""
	p.entries = p.entries[:0]
	if len(p.roots) == 0 {
		p.err = "There is nowhere to pick programs from."
		return
	}
	r := p.roots[p.root]
	if r.FS == nil {
		p.err = "No programs are bundled with this build."
		return
	}
	des, err := fs.ReadDir(r.FS, p.dir)
	if err != nil {
		p.err = fmt.Sprintf("Cannot list %s: %v", displayName(r, p.dir), unwrapPathErr(err))
		return
	}
	for _, de := range des {
		name := de.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		isDir := de.IsDir()
		if !isDir && de.Type()&fs.ModeSymlink != 0 {
			if st, err := fs.Stat(r.FS, path.Join(p.dir, name)); err == nil && st.IsDir() {
				isDir = true
			}
		}
		if !isDir && !isProgram(name) {
			continue
		}
		p.entries = append(p.entries, pickEntry{name: name, dir: isDir})
	}
	sort.SliceStable(p.entries, func(i, j int) bool {
		if p.entries[i].dir != p.entries[j].dir {
			return p.entries[i].dir
		}
		return strings.ToLower(p.entries[i].name) < strings.ToLower(p.entries[j].name)
	})
	if len(p.entries) == 0 {
		if p.root == 0 && p.dir == "." && r.Name == "bundled" {
			p.err = "No robots are bundled with this build."
		} else {
			p.err = "No folders or .rob/.rbi files here."
		}
	}
}

func isProgram(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".rob" || ext == ".rbi"
}

// Entries lists the names shown in the current folder (folders end with "/").
func (p *PickerState) Entries() []string {
	if !p.loaded {
		p.load()
	}
	out := make([]string, len(p.entries))
	for i, e := range p.entries {
		out[i] = e.name
		if e.dir {
			out[i] += "/"
		}
	}
	return out
}

// update handles clicks; it returns the "root:path" of a chosen file.
func (p *PickerState) update(gtx layout.Context) (string, bool) {
	if !p.loaded {
		p.load()
	}
	for i := range p.rootBtns {
		if p.rootBtns[i].Clicked(gtx) {
			p.root, p.dir, p.loaded = i, cleanDir(p.roots[i].Home), false
		}
	}
	if p.upBtn.Clicked(gtx) && p.dir != "." {
		p.dir, p.loaded = path.Dir(p.dir), false
	}
	for i := range p.recentBtn {
		if p.recentBtn[i].Clicked(gtx) && i < len(p.recent) {
			p.Open(p.recent[i])
		}
	}
	if p.closeBtn.Clicked(gtx) {
		p.closeReq = true
	}
	if !p.loaded {
		p.load()
		return "", false
	}
	for i := range p.entries {
		e := &p.entries[i]
		if e.click.Clicked(gtx) {
			full := path.Join(p.dir, e.name)
			if e.dir {
				p.dir, p.loaded = full, false
				return "", false
			}
			return p.roots[p.root].Name + ":" + full, true
		}
	}
	return "", false
}

// PickerStyle draws the picker.
type PickerStyle struct {
	Theme   *material.Theme
	State   *PickerState
	Players int // how many are loaded already
}

// Picker builds the picker's style.
func Picker(th *material.Theme, s *PickerState, players int) PickerStyle {
	return PickerStyle{Theme: th, State: s, Players: players}
}

// Layout draws roots, the folder with Up, recent folders and the entries.
func (ps PickerStyle) Layout(gtx layout.Context) layout.Dimensions {
	p, th := ps.State, ps.Theme
	if !p.loaded {
		p.load()
	}
	small := func(c *widget.Clickable, label string, active bool) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions {
			b := material.Button(th, c, label)
			b.Inset = layout.Inset{Top: 3, Bottom: 3, Left: 7, Right: 7}
			b.TextSize = 12
			if !active {
				b.Background = color.NRGBA{0xDD, 0xDD, 0xDD, 0xFF}
				b.Color = color.NRGBA{0x22, 0x22, 0x22, 0xFF}
			}
			return b.Layout(gtx)
		}
	}
	var head []layout.FlexChild
	for i := range p.roots {
		head = append(head, layout.Rigid(small(&p.rootBtns[i], p.roots[i].Name, i == p.root)), layout.Rigid(layout.Spacer{Width: 4}.Layout))
	}
	head = append(head,
		layout.Rigid(small(&p.upBtn, "Up", p.dir != ".")),
		layout.Flexed(1, layout.Spacer{}.Layout),
		layout.Rigid(small(&p.closeBtn, "Done", true)))
	for len(p.recentBtn) < len(p.recent) {
		p.recentBtn = append(p.recentBtn, widget.Clickable{})
	}
	var recent []layout.FlexChild
	if len(p.recent) > 0 {
		recent = append(recent, layout.Rigid(material.Caption(th, "Recent:").Layout))
		for i, r := range p.recent {
			if i >= 3 {
				break
			}
			recent = append(recent, layout.Rigid(layout.Spacer{Width: 4}.Layout), layout.Rigid(small(&p.recentBtn[i], shortLoc(r), false)))
		}
	}
	title := "Pick programs"
	if len(p.roots) > 0 {
		where := displayName(p.roots[p.root], p.dir)
		if p.dir == "." {
			where = p.roots[p.root].Name + " (top)"
		}
		title = fmt.Sprintf("Pick up to %d programs (%d loaded) — %s", MaxPlayers, ps.Players, where)
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(material.Subtitle2(th, title).Layout),
		layout.Rigid(layout.Spacer{Height: 4}.Layout),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx, head...)
		}),
		layout.Rigid(layout.Spacer{Height: 4}.Layout),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx, recent...)
		}),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			if p.err != "" {
				return layout.Inset{Top: 4}.Layout(gtx, material.Body2(th, p.err).Layout)
			}
			gtx.Constraints.Max.Y = min(gtx.Constraints.Max.Y, gtx.Dp(unit.Dp(260)))
			return widget.Border{Color: color.NRGBA{0xBB, 0xBB, 0xBB, 0xFF}, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return material.List(th, &p.list).Layout(gtx, len(p.entries), func(gtx layout.Context, i int) layout.Dimensions {
					e := &p.entries[i]
					gtx.Constraints.Min.X = gtx.Constraints.Max.X
					return e.click.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
						return layout.Inset{Top: 3, Bottom: 3, Left: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
							name := e.name
							if e.dir {
								name += "/"
							}
							l := material.Body2(th, name)
							if e.dir {
								l.Color = color.NRGBA{0x10, 0x50, 0x90, 0xFF}
							}
							return l.Layout(gtx)
						})
					})
				})
			})
		}),
	)
}

func shortLoc(loc string) string {
	i := strings.Index(loc, ":")
	d := loc[i+1:]
	if d == "." {
		return loc[:i]
	}
	return path.Base(d)
}
