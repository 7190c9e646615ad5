package shell

import (
	"image"
	"image/color"
	"io/fs"
	"path"

	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/corewars/play"
	"robocom/ui/corewin"
	"robocom/ui/kit"
)

// Modes is the arena window's mode switch: a bar with two tabs, "RoboCom" and "Core War",
// above the chosen mode. The RoboCom mode is drawn by the caller's widget (package robowin); the
// Core War mode is a corewin.Window. Keep it by pointer.
type Modes struct {
	Core   *corewin.Window
	CoreOn bool // the Core War mode is shown

	// RoboComRunning, if set, tells whether the RoboCom mode's game plays: its tab says so
	// while the Core War mode is shown (a hidden mode's game plays on).
	RoboComRunning func() bool
	// OnSwitch, if set, is told the mode chosen with the bar (true: Core War), so that the
	// caller can open in it next time.
	OnSwitch func(coreOn bool)

	th         *material.Theme
	robo, core widget.Clickable
	tips       kit.Tips // the window's tooltip layer, shared by both modes
}

// NewModes makes the Core War mode (cfg as for corewin.New) and the bar; coreFirst opens the
// window in the Core War mode.
//
// With no files, the Core War mode starts with the first two .cw programs of the first
// root's home folder (the bundled samples), so that it shows a game at once.
func NewModes(cfg corewin.Config, coreFirst bool) *Modes {
	m := &Modes{CoreOn: coreFirst}
	if len(cfg.Files) == 0 && len(cfg.Roots) > 0 && cfg.Roots[0].FS != nil {
		r := cfg.Roots[0]
		home := r.Home
		if home == "" {
			home = "."
		}
		des, _ := fs.ReadDir(r.FS, home)
		for _, de := range des {
			if !de.IsDir() && play.LanguageOf(de.Name()) == play.CW && len(cfg.Files) < 2 {
				cfg.Files = append(cfg.Files, r.Name+":"+path.Join(home, de.Name()))
			}
		}
	}
	m.Core = corewin.New(cfg)
	m.th = m.Core.Theme()
	return m
}

// Close stops the Core War mode's simulation.
func (m *Modes) Close() { m.Core.Close() }

// Title is the window title: the RoboCom mode's (robo) or the Core War mode's.
func (m *Modes) Title(robo string) string {
	if m.CoreOn {
		return m.Core.Title()
	}
	return robo
}

// runningMark follows the name of the mode not shown while its game plays on: it takes the
// processor, and the user should know why.
const runningMark = " · running"

// barBg is the mode bar's background.
var barBg = rgb(0x30, 0x34, 0x3C)

// Layout draws the bar and the chosen mode below it, and the tooltips above all (a
// tooltip near the top of a mode may go over the bar).
func (m *Modes) Layout(gtx layout.Context, roboCom layout.Widget) layout.Dimensions {
	return m.tips.Layout(gtx, func(gtx layout.Context) layout.Dimensions { return m.layout(gtx, roboCom) })
}

// The mode is laid out before the bar above it, so that it reads its game keys first: a key
// goes to the first widget of the frame that asks for it, and a tab that has the keyboard
// would take Space (Gio's buttons click on Space), which stays the game's start and pause.
// The bar's height is measured first, in a frame without events.
func (m *Modes) layout(gtx layout.Context, roboCom layout.Widget) layout.Dimensions {
	measure := gtx.Disabled()
	measure.Constraints.Min.Y = 0
	rec := op.Record(gtx.Ops)
	barH := m.layoutBar(measure).Size.Y
	rec.Stop() // drawn again below, with events

	mode := gtx
	mode.Constraints.Max.Y = max(gtx.Constraints.Max.Y-barH, 0)
	mode.Constraints.Min = image.Pt(gtx.Constraints.Max.X, mode.Constraints.Max.Y)
	off := op.Offset(image.Pt(0, barH)).Push(gtx.Ops)
	// Both modes fill their background with paint.Fill, which covers the whole clip: clip
	// them below the bar.
	cl := clip.Rect{Max: mode.Constraints.Max}.Push(gtx.Ops)
	if m.CoreOn {
		m.Core.Layout(mode)
	} else {
		roboCom(mode)
	}
	cl.Pop()
	off.Pop()

	was := m.CoreOn
	if m.robo.Clicked(gtx) {
		m.CoreOn = false
	}
	if m.core.Clicked(gtx) {
		m.CoreOn = true
	}
	if m.CoreOn != was {
		gtx.Execute(op.InvalidateCmd{}) // the other mode is drawn in the next frame
		if m.OnSwitch != nil {
			m.OnSwitch(m.CoreOn)
		}
	}
	bar := gtx
	bar.Constraints.Min.Y, bar.Constraints.Max.Y = 0, barH
	m.layoutBar(bar)
	return layout.Dimensions{Size: gtx.Constraints.Max}
}

func (m *Modes) layoutBar(gtx layout.Context) layout.Dimensions {
	return layout.Stack{}.Layout(gtx,
		layout.Expanded(func(gtx layout.Context) layout.Dimensions {
			paint.FillShape(gtx.Ops, barBg, clip.Rect{Max: gtx.Constraints.Min}.Op())
			return layout.Dimensions{Size: gtx.Constraints.Min}
		}),
		layout.Stacked(func(gtx layout.Context) layout.Dimensions {
			gtx.Constraints.Min.X = gtx.Constraints.Max.X
			return layout.Inset{Top: 3, Bottom: 3, Left: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				tab := func(c *widget.Clickable, s string, on bool) layout.Widget {
					return func(gtx layout.Context) layout.Dimensions {
						b := material.Button(m.th, c, s)
						b.TextSize = 13
						b.Inset = layout.Inset{Top: 4, Bottom: 4, Left: 12, Right: 12}
						if !on {
							b.Background, b.Color = barBg, rgb(0xC8, 0xCC, 0xD4)
						}
						return layout.Inset{Right: unit.Dp(4)}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
							return kit.FocusRing(gtx, c, b.Layout(gtx))
						})
					}
				}
				robo, core := "RoboCom", "Core War"
				if m.CoreOn && m.RoboComRunning != nil && m.RoboComRunning() {
					robo += runningMark
				}
				if !m.CoreOn && m.Core.Running() {
					core += runningMark
				}
				return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
					layout.Rigid(tab(&m.robo, robo, !m.CoreOn)), layout.Rigid(layout.Spacer{Width: 4}.Layout),
					layout.Rigid(tab(&m.core, core, m.CoreOn)))
			})
		}),
	)
}

// AllCoreFiles reports whether every file is a Core War program (.red, .cw, .vna), so that
// the window opens in the Core War mode with them.
func AllCoreFiles(files []string) bool {
	for _, f := range files {
		if !play.IsCoreFile(f) {
			return false
		}
	}
	return len(files) > 0
}

func rgb(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 0xFF} }
