package corewin

import (
	"io/fs"
	"path"
	"sort"
	"strings"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/ui/corewin/coreplay"
)

// pickerState is a compact in-app picker over the roots' fs.FS: folders and .red, .cw and
// .vna files, Up, one button per root. (The RoboCom picker in package ui offers .rob/.rbi
// and is not exported; a copy of its few lines is cheaper than a shared package.)
type pickerState struct {
	roots    []Root
	root     int
	dir      string
	entries  []pickEntry
	err      string
	loaded   bool
	rootBtns []widget.Clickable
	upBtn    widget.Clickable
	allBtn   widget.Clickable
	// all is set by update when "Add all" was clicked: every program file of the folder.
	all []string
}

type pickEntry struct {
	name  string
	dir   bool
	click widget.Clickable
}

func (p *pickerState) init(roots []Root) {
	p.roots = roots
	p.rootBtns = make([]widget.Clickable, len(roots))
	p.dir = "."
	if len(roots) > 0 && roots[0].Home != "" {
		p.dir = roots[0].Home
	}
}

func (p *pickerState) load() {
	p.loaded, p.entries, p.err = true, p.entries[:0], ""
	if p.root >= len(p.roots) {
		p.err = "nowhere to pick from"
		return
	}
	des, err := fs.ReadDir(p.roots[p.root].FS, p.dir)
	if err != nil {
		p.err = "cannot read this folder: " + unwrap(err).Error()
		return
	}
	for _, de := range des {
		name := de.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		if de.IsDir() || coreplay.IsCoreFile(name) {
			p.entries = append(p.entries, pickEntry{name: name, dir: de.IsDir()})
		}
	}
	sort.SliceStable(p.entries, func(i, j int) bool {
		if p.entries[i].dir != p.entries[j].dir {
			return p.entries[i].dir
		}
		return strings.ToLower(p.entries[i].name) < strings.ToLower(p.entries[j].name)
	})
}

// Entries are the names shown in the current folder (folders end with "/").
func (p *pickerState) Entries() []string {
	if !p.loaded {
		p.load()
	}
	var out []string
	for _, e := range p.entries {
		if e.dir {
			out = append(out, e.name+"/")
		} else {
			out = append(out, e.name)
		}
	}
	return out
}

// update returns a picked file as "root:path".
func (p *pickerState) update(gtx layout.Context) (string, bool) {
	if !p.loaded {
		p.load()
	}
	for i := range p.rootBtns {
		if p.rootBtns[i].Clicked(gtx) {
			p.root, p.dir, p.loaded = i, p.roots[i].Home, false
			if p.dir == "" {
				p.dir = "."
			}
		}
	}
	if p.allBtn.Clicked(gtx) {
		p.all = p.all[:0]
		for _, e := range p.entries {
			if !e.dir {
				p.all = append(p.all, p.roots[p.root].Name+":"+path.Join(p.dir, e.name))
			}
		}
	}
	if p.upBtn.Clicked(gtx) && p.dir != "." {
		p.dir, p.loaded = path.Dir(p.dir), false
	}
	for i := range p.entries {
		if !p.entries[i].click.Clicked(gtx) {
			continue
		}
		full := path.Join(p.dir, p.entries[i].name)
		if p.entries[i].dir {
			p.dir, p.loaded = full, false
			return "", false
		}
		return p.roots[p.root].Name + ":" + full, true
	}
	if !p.loaded {
		p.load()
	}
	return "", false
}

func (p *pickerState) layout(gtx layout.Context, th *material.Theme) layout.Dimensions {
	var ch []layout.FlexChild
	add := func(wd layout.Widget) { ch = append(ch, layout.Rigid(wd)) }
	add(func(gtx layout.Context) layout.Dimensions {
		var ws []layout.Widget
		for i := range p.roots {
			ws = append(ws, func(gtx layout.Context) layout.Dimensions {
				b := material.Button(th, &p.rootBtns[i], p.roots[i].Name)
				b.TextSize, b.Inset = 12, layout.Inset{Top: 3, Bottom: 3, Left: 6, Right: 6}
				if i != p.root {
					b.Background, b.Color = rgb(0xD8, 0xDA, 0xDE), rgb(0x20, 0x20, 0x20)
				}
				return b.Layout(gtx)
			})
		}
		ws = append(ws, func(gtx layout.Context) layout.Dimensions {
			b := material.Button(th, &p.upBtn, "Up")
			b.TextSize, b.Inset = 12, layout.Inset{Top: 3, Bottom: 3, Left: 6, Right: 6}
			return b.Layout(gtx)
		}, func(gtx layout.Context) layout.Dimensions {
			// Hofmann's "Load Directory": every program here (of the players' language).
			b := material.Button(th, &p.allBtn, "Add all here")
			b.TextSize, b.Inset = 12, layout.Inset{Top: 3, Bottom: 3, Left: 6, Right: 6}
			return b.Layout(gtx)
		})
		return row(gtx, ws...)
	})
	where := "/" + strings.TrimPrefix(p.dir, ".")
	if p.root < len(p.roots) {
		where = p.roots[p.root].Name + ": " + where
	}
	add(func(gtx layout.Context) layout.Dimensions {
		l := material.Caption(th, where)
		l.Color = mutedCol
		return l.Layout(gtx)
	})
	if p.err != "" {
		add(func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(th, p.err)
			l.Color = errorCol
			return l.Layout(gtx)
		})
	}
	if len(p.entries) == 0 && p.err == "" {
		add(material.Body2(th, "(no folders or .red, .cw, .vna files here)").Layout)
	}
	for i := range p.entries {
		e := &p.entries[i]
		name := e.name
		if e.dir {
			name += "/"
		}
		add(func(gtx layout.Context) layout.Dimensions {
			return material.Clickable(gtx, &e.click, func(gtx layout.Context) layout.Dimensions {
				return layout.Inset{Top: 2, Bottom: 2, Left: 4}.Layout(gtx, material.Body2(th, name).Layout)
			})
		})
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}
