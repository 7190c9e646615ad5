package robowin

import (
	"fmt"
	"image"
	"image/color"
	"path"
	"strings"

	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/ui/picker"
)

// PickerState is the in-app program picker of the RoboCom mode: the browser of package
// picker over the Roots offering .rob and .rbi files, with recent folders and Done.
type PickerState struct {
	picker.Browser

	closeBtn  widget.Clickable
	recentBtn []widget.Clickable
	list      widget.List
	path      pathField // the typed path (pickerpath.go)

	closeReq bool
}

func (p *PickerState) init(roots []Root) {
	p.Init(roots, isProgram, ".rob/.rbi")
	p.list.Axis = layout.Vertical
}

// restore goes back to the folder used last time and the recent folders list.
func (p *PickerState) restore(last string, recent []string) { p.Restore(last, recent) }

// remember puts the current folder first in the recent folders.
func (p *PickerState) remember() { p.Remember() }

func isProgram(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".rob" || ext == ".rbi"
}

// update handles clicks; it returns the "root:path" of a chosen file.
func (p *PickerState) update(gtx layout.Context) (string, bool) {
	for i := range p.recentBtn {
		if p.recentBtn[i].Clicked(gtx) && i < len(p.Recent()) {
			p.Open(p.Recent()[i])
		}
	}
	if p.closeBtn.Clicked(gtx) {
		p.closeReq = true
	}
	if loc, ok := p.path.update(gtx, &p.Browser); ok {
		p.Update(gtx) // the clicks of this frame still count as seen
		return loc, true
	}
	return p.Update(gtx)
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
	p.Load()
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
	for i := range p.Roots {
		head = append(head, layout.Rigid(small(&p.RootBtns[i], p.Roots[i].Name, i == p.Root)), layout.Rigid(layout.Spacer{Width: 4}.Layout))
	}
	head = append(head,
		layout.Rigid(small(&p.UpBtn, "Up", p.Dir != ".")),
		layout.Flexed(1, layout.Spacer{}.Layout),
		layout.Rigid(small(&p.closeBtn, "Done", true)))
	for len(p.recentBtn) < len(p.Recent()) {
		p.recentBtn = append(p.recentBtn, widget.Clickable{})
	}
	var recent []layout.FlexChild
	if len(p.Recent()) > 0 {
		recent = append(recent, layout.Rigid(material.Caption(th, "Recent:").Layout))
		for i, r := range p.Recent() {
			if i >= 3 {
				break
			}
			recent = append(recent, layout.Rigid(layout.Spacer{Width: 4}.Layout), layout.Rigid(small(&p.recentBtn[i], shortLoc(r), false)))
		}
	}
	title := "Pick programs"
	if len(p.Roots) > 0 {
		where := picker.DisplayName(p.Roots[p.Root], p.Dir)
		if p.Dir == "." {
			where = p.Roots[p.Root].Name + " (top)"
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
		layout.Rigid(func(gtx layout.Context) layout.Dimensions { return p.path.layout(gtx, th) }),
		layout.Rigid(layout.Spacer{Height: 4}.Layout),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			// The row keeps its height with or without recent folders: when the first pick
			// added one, the list below moved down under the pointer and the next click
			// picked the wrong program.
			h := gtx.Dp(recentRowHeight)
			gtx.Constraints.Min.Y, gtx.Constraints.Max.Y = 0, h
			layout.Flex{Alignment: layout.Middle}.Layout(gtx, recent...)
			return layout.Dimensions{Size: image.Pt(gtx.Constraints.Max.X, h)}
		}),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			if msg := p.Err + p.Note; msg != "" {
				return layout.Inset{Top: 4}.Layout(gtx, material.Body2(th, msg).Layout)
			}
			gtx.Constraints.Max.Y = min(gtx.Constraints.Max.Y, gtx.Dp(unit.Dp(260)))
			return widget.Border{Color: color.NRGBA{0xBB, 0xBB, 0xBB, 0xFF}, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return material.List(th, &p.list).Layout(gtx, len(p.Items), func(gtx layout.Context, i int) layout.Dimensions {
					e := &p.Items[i]
					gtx.Constraints.Min.X = gtx.Constraints.Max.X
					return e.Click.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
						return layout.Inset{Top: 3, Bottom: 3, Left: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
							name := e.Name
							if e.Dir {
								name += "/"
							}
							l := material.Body2(th, name)
							if e.Dir {
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

// recentRowHeight is the height of the recent folders' row, whether it lists any or not.
const recentRowHeight = unit.Dp(26)

func shortLoc(loc string) string {
	i := strings.Index(loc, ":")
	d := loc[i+1:]
	if d == "." {
		return loc[:i]
	}
	return path.Base(d)
}
