package corewin

import (
	"strings"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"

	coreplay "robocom/corewars/play"
	"robocom/ui/picker"
)

// pickerState is a compact in-app picker: the browser of package picker offering folders and
// .red, .cw and .vna files, one button per root, Up, and Add all.
type pickerState struct {
	picker.Browser
	allBtn widget.Clickable
	// all is set by update when "Add all" was clicked: every program file of the folder.
	all []string
}

func (p *pickerState) init(roots []Root) {
	p.Init(roots, coreplay.IsCoreFile, ".red, .cw, .vna")
}

// update returns a picked file as "root:path".
func (p *pickerState) update(gtx layout.Context) (string, bool) {
	if p.allBtn.Clicked(gtx) {
		p.all = p.Files()
	}
	return p.Update(gtx)
}

func (p *pickerState) layout(gtx layout.Context, th *material.Theme) layout.Dimensions {
	var ch []layout.FlexChild
	add := func(wd layout.Widget) { ch = append(ch, layout.Rigid(wd)) }
	add(func(gtx layout.Context) layout.Dimensions {
		var ws []layout.Widget
		for i := range p.Roots {
			ws = append(ws, func(gtx layout.Context) layout.Dimensions {
				b := material.Button(th, &p.RootBtns[i], p.Roots[i].Name)
				b.TextSize, b.Inset = 12, layout.Inset{Top: 3, Bottom: 3, Left: 6, Right: 6}
				if i != p.Root {
					b.Background, b.Color = rgb(0xD8, 0xDA, 0xDE), rgb(0x20, 0x20, 0x20)
				}
				return b.Layout(gtx)
			})
		}
		ws = append(ws, func(gtx layout.Context) layout.Dimensions {
			b := material.Button(th, &p.UpBtn, "Up")
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
	where := "/" + strings.TrimPrefix(p.Dir, ".")
	if p.Root < len(p.Roots) {
		where = p.Roots[p.Root].Name + ": " + where
	}
	add(func(gtx layout.Context) layout.Dimensions {
		l := material.Caption(th, where)
		l.Color = mutedCol
		return l.Layout(gtx)
	})
	p.Load()
	if p.Err != "" {
		add(func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(th, p.Err)
			l.Color = errorCol
			return l.Layout(gtx)
		})
	}
	if p.Note != "" {
		add(material.Body2(th, p.Note).Layout)
	}
	for i := range p.Items {
		e := &p.Items[i]
		name := e.Name
		if e.Dir {
			name += "/"
		}
		add(func(gtx layout.Context) layout.Dimensions {
			return material.Clickable(gtx, &e.Click, func(gtx layout.Context) layout.Dimensions {
				return layout.Inset{Top: 2, Bottom: 2, Left: 4}.Layout(gtx, material.Body2(th, name).Layout)
			})
		})
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}
