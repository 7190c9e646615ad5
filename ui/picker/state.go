package picker

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

	"robocom/internal/termtext"
	"robocom/ui/kit"
)

// Kind is what a window picks: which files it offers and how it names them.
type Kind struct {
	Accept func(name string) bool // the program files offered
	Exts   string                 // their endings for a list: ".rob/.rbi"
	Either string                 // the same in a sentence: ".rob or .rbi"
	Hint   string                 // the path field's hint: "/path/to/robot.rob, then Enter"
	// AddAll offers "Add all here": every program file of the folder shown (Hofmann's
	// "Load Directory").
	AddAll bool
}

// State is the in-app program picker both windows show: the Browser over the roots with
// recent folders, a typed path, Done and, where the Kind offers it, Add all here.
type State struct {
	Browser
	Kind Kind

	closeBtn, allBtn widget.Clickable
	recentBtn        []widget.Clickable
	list             widget.List
	Path             PathField // the typed path (path.go)

	closeReq bool
	all      []string
}

// Setup shows the first root's home folder and offers the files of kind k.
func (p *State) Setup(roots []Root, k Kind) {
	p.Kind = k
	p.Init(roots, k.Accept, k.Exts)
	p.list.Axis = layout.Vertical
}

// Update handles clicks and the typed path; it returns the "root:path" of a chosen file.
func (p *State) Update(gtx layout.Context) (string, bool) {
	for i := range p.recentBtn {
		if p.recentBtn[i].Clicked(gtx) && i < len(p.Recent()) {
			p.Open(p.Recent()[i])
		}
	}
	if p.closeBtn.Clicked(gtx) {
		p.closeReq = true
	}
	if p.allBtn.Clicked(gtx) {
		p.all = p.Files()
	}
	if loc, ok := p.Path.update(gtx, p); ok {
		p.Browser.Update(gtx) // the clicks of this frame still count as seen
		return loc, true
	}
	return p.Browser.Update(gtx)
}

// Closed reports (once) that Done was clicked.
func (p *State) Closed() bool {
	c := p.closeReq
	p.closeReq = false
	return c
}

// AddAll returns (once) the files of the folder when Add all here was clicked.
func (p *State) AddAll() []string {
	all := p.all
	p.all = nil
	return all
}

// Editing reports whether the path field has the keyboard.
func (p *State) Editing(gtx layout.Context) bool { return p.Path.editing(gtx) }

// Style draws the picker.
type Style struct {
	Theme   *material.Theme
	State   *State
	Max     int // how many programs a game takes
	Players int // how many are loaded already
}

// Picker builds the picker's style.
func Picker(th *material.Theme, s *State, maxPlayers, players int) Style {
	return Style{Theme: th, State: s, Max: maxPlayers, Players: players}
}

// Layout draws roots, the folder with Up, recent folders and the entries.
func (ps Style) Layout(gtx layout.Context) layout.Dimensions {
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
			return kit.FocusRing(gtx, c, b.Layout(gtx))
		}
	}
	var head []layout.FlexChild
	for i := range p.Roots {
		head = append(head, layout.Rigid(small(&p.RootBtns[i], p.Roots[i].Name, i == p.Root)), layout.Rigid(layout.Spacer{Width: 4}.Layout))
	}
	head = append(head, layout.Rigid(small(&p.UpBtn, "Up", p.Dir != ".")))
	if p.Kind.AddAll {
		head = append(head, layout.Rigid(layout.Spacer{Width: 4}.Layout), layout.Rigid(small(&p.allBtn, "Add all here", true)))
	}
	head = append(head,
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
			recent = append(recent, layout.Rigid(layout.Spacer{Width: 4}.Layout), layout.Rigid(small(&p.recentBtn[i], termtext.Escape(shortLoc(r)), false)))
		}
	}
	title := "Pick programs"
	if len(p.Roots) > 0 {
		where := DisplayName(p.Roots[p.Root], p.Dir)
		if p.Dir == "." {
			where = p.Roots[p.Root].Name + " (top)"
		}
		title = fmt.Sprintf("Pick up to %d programs (%d loaded) — %s", ps.Max, ps.Players, termtext.Escape(where))
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(material.Subtitle2(th, title).Layout),
		layout.Rigid(layout.Spacer{Height: 4}.Layout),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx, head...)
		}),
		layout.Rigid(layout.Spacer{Height: 4}.Layout),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions { return p.Path.layout(gtx, th, p.Kind.Hint) }),
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
				return layout.Inset{Top: 4}.Layout(gtx, material.Body2(th, termtext.Escape(msg)).Layout)
			}
			gtx.Constraints.Max.Y = min(gtx.Constraints.Max.Y, gtx.Dp(unit.Dp(260)))
			return widget.Border{Color: color.NRGBA{0xBB, 0xBB, 0xBB, 0xFF}, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return material.List(th, &p.list).Layout(gtx, len(p.Items), func(gtx layout.Context, i int) layout.Dimensions {
					e := &p.Items[i]
					gtx.Constraints.Min.X = gtx.Constraints.Max.X
					return kit.Clickable(gtx, &e.Click, func(gtx layout.Context) layout.Dimensions {
						return layout.Inset{Top: 3, Bottom: 3, Left: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
							name := termtext.Escape(e.Name) // a file's name may hold a newline or a bidirectional override
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
