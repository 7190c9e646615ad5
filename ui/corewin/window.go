// Package corewin is the Core War mode of the arena window: the core drawn as a grid of
// cells coloured by owner, the players (.red, .cw and .vna files), the controls and
// parameters, the statistics view of Hofmann's Corewars, a trace, a core-dump browser,
// tournaments and an editor. It draws with Gio but never opens a window itself (no
// gioui.org/app), so it is tested with input.Router and headless rendering; the engines
// are used only through corewars.Engine and corewars/play.
//
// As the RoboCom window (ui/robowin), it is a session (session.go: the game without any
// widget) and views, each with its own state, an update for its events and a layout:
// controlsView, playersView, coreView, paramsForm, statsView, traceView, dumpView,
// tourneyView and editorView. A view embeds *session and look, so it reads the game and
// draws without reading another view; Window only composes them. A new view is a type
// like these, a field of Window, and (for a tab) a line in tabNames and layoutPanel.
package corewin

import (
	"image"
	"image/color"
	"sort"
	"time"

	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/corewars"
	"robocom/ui/kit"
	"robocom/ui/picker"
	"robocom/ui/shortcut"
)

// Root is one place the picker browses.
type Root = picker.Root

// Config is what the Core War mode needs from outside.
type Config struct {
	Roots      []Root
	Files      []string // players loaded at start, each Root.Name + ":" + path
	Invalidate func()   // asks the window for a new frame; safe from any goroutine
	// SwitchMode, if set, is offered as a button to go back to the RoboCom mode.
	SwitchMode func()
	// Seed is the first game's seed; 0 picks one at random.
	Seed int64
	// Quit closes the window (Ctrl+Q).
	Quit func()
	// Copies, parallel to Files, is how many copies of each file play (a .cw program can
	// play in several); missing or below 1 means one.
	Copies []int
	// Folder is where the picker opens, "root:dir" (the folder used last); "" for the
	// first root's home.
	Folder string
	// OpenWindow, if set, opens a window of its own for a torn-off inspector (see
	// TornWindow); without it the inspectors stay beside the core.
	OpenWindow func(*TornWindow)
	// Remember, if set, is told the players, their copies and the picker's folder whenever
	// one of them changes, so that the caller can keep them for the next run.
	Remember func(Memory)
}

// Theme is the window's theme, for what is drawn around it (the mode bar).
func (w *Window) Theme() *material.Theme { return w.th }

// Memory is what the window would ask to be remembered now: its players, their copies and
// the picker's folder.
func (w *Window) Memory() Memory { return w.memory(w.roster.picker.Location()) }

var (
	panelBg  = color.NRGBA{0xF6, 0xF6, 0xF4, 0xFF}
	errorCol = kit.ErrorText
	mutedCol = color.NRGBA{0x60, 0x60, 0x60, 0xFF}
	selRowBg = color.NRGBA{0xDD, 0xE6, 0xF2, 0xFF}
	infoBg   = color.NRGBA{0x26, 0x29, 0x2F, 0xFF}
	infoFg   = color.NRGBA{0xEE, 0xEE, 0xEE, 0xFF}
)

// MaxPlayers is how many programs a game takes (each .cw program possibly in many copies).
const MaxPlayers = 8

// Tabs of the panel.
const (
	tabPlayers = iota
	tabParams
	tabStats
	tabTrace
	tabDump
	tabTourney
	tabEditor
	numTabs
)

var tabNames = [numTabs]string{"Players", "Parameters", "Statistics", "Trace", "Core dump", "Tournament", "Editor"}

// Window is the Core War mode's whole content: the session and the views that show it. Keep
// it by pointer; Layout draws it.
type Window struct {
	session
	look
	keys shortcut.Keys

	controls controlsView // Start, Step, Run block, speed, seed, the round's result
	roster   playersView  // the players, the picker, load errors
	coreV    coreView     // the core and the line about a cell under it
	tips     kit.Tips     // the tooltips, drawn above everything
	prm      paramsForm
	stats    statsView
	trace    traceView
	dump     dumpView
	tourney  tourneyView
	editor   editorView
	insp     inspectorsView // the warriors' panels and the timeline

	tabs         [numTabs]widget.Clickable
	tab          int
	tabPos       [numTabs]layout.Position // where each tab was scrolled to (showTab)
	panelList    widget.List              // the tab's content, scrolled
	controlsList widget.List              // the controls, scrolled, when the panel is under the core
}

// New makes the Core War mode's content and starts its simulation goroutine.
func New(cfg Config) *Window {
	w := &Window{session: *newSession(cfg), look: look{th: kit.NewTheme()}}
	s, l := &w.session, w.look
	s.core = newCoreState()
	w.controls = newControls(s, l)
	w.roster = playersView{session: s, look: l}
	w.coreV = coreView{session: s, look: l}
	w.prm = paramsForm{session: s, look: l}
	w.stats = statsView{session: s, look: l}
	w.trace = traceView{session: s, look: l}
	w.dump = dumpView{session: s, look: l}
	w.tourney = tourneyView{session: s, look: l}
	w.editor = editorView{session: s, look: l, panel: &w.panelList}
	w.insp.init(s, l)
	w.insp.keyAction = w.shortcutAction
	w.coreV.around = w.insp.layout
	w.panelList.Axis = layout.Vertical
	w.controlsList.Axis = layout.Vertical
	w.roster.picker.Setup(cfg.Roots, coreKind)
	if cfg.Folder != "" {
		w.roster.picker.Open(cfg.Folder)
	}
	w.prm.init()
	w.stats.init()
	w.trace.init()
	w.dump.init()
	w.tourney.init()
	w.editor.init()
	s.onEdit = w.OpenEditor
	s.onRoundOver = func() { w.stats.follow() }
	s.onInspect = w.insp.open
	for i, f := range cfg.Files {
		if w.AddPlayer(f) && i < len(cfg.Copies) {
			w.players[len(w.players)-1].copies = min(max(cfg.Copies[i], 1), 99)
		}
	}
	w.prm.load(w.lang, w.params)
	w.remembered = w.Memory() // what it starts with was given, not changed
	w.newGame()
	return w
}

// Close stops the simulation and any tournament.
func (w *Window) Close() {
	w.tourney.cancelRun()
	w.run.Close()
}

// OpenEditor opens program p ("root:path") in the Editor tab. Opening a program replaces the
// editor's text, so while that text is modified and not saved the confirm bar asks first
// ("Discard the changes to dwarf.red?"); Cancel keeps the text. p already in the editor with
// changes only shows them: they are what its Edit button comes back to.
func (w *Window) OpenEditor(p string) {
	e := &w.editor
	if e.modified && p == e.path {
		w.showTab(tabEditor)
		return
	}
	w.confirm.Ask(e.modified, e.discardQuestion(), "Discard", func() {
		e.open(p)
		w.showTab(tabEditor)
	}, nil)
}

// Unsaved is the file name of the program whose text in the editor is modified and not
// saved, as the window shows it (escaped and clipped, termtext), or "" when there is none:
// for a question before the window closes.
func (w *Window) Unsaved() string {
	if !w.editor.modified || w.editor.path == "" {
		return ""
	}
	return w.editor.shownName()
}

// AskQuit asks question (say, "Quit without saving dwarf.red?", built with Unsaved) in the
// window's confirm bar over the core, with Quit and Cancel, and calls quit when Quit is
// clicked. It always asks, with or without a game under way; a question waiting in the bar
// already counts as cancelled. Call it on the window's goroutine, as Layout.
func (w *Window) AskQuit(question string, quit func()) {
	w.confirm.Ask(true, question, "Quit", quit, nil)
	if w.cfg.Invalidate != nil {
		w.cfg.Invalidate() // the bar shows in the next frame
	}
}

// Layout draws the Core War mode: the core on the left with a line about the cell under the
// pointer, the controls and the tabs on the right. The tooltips are drawn above it all by
// the window's layer (w.tips, or the layer of the window it is a mode of).
func (w *Window) Layout(gtx layout.Context) layout.Dimensions {
	return w.tips.Layout(gtx, w.layout)
}

func (w *Window) layout(gtx layout.Context) layout.Dimensions {
	w.insp.win.Lock() // a torn-off inspector's window lays out the same views
	defer w.insp.win.Unlock()
	w.run.sync(&w.snap)
	w.nextAction()
	w.handleKeys(gtx)
	w.update(gtx)
	w.checkOver(gtx)
	defer func() { w.remember(w.roster.picker.Location()) }() // after the panel, where players and copies change
	if w.message != "" && time.Since(w.msgAt) > 10*time.Second {
		w.message = ""
	}
	defer clip.Rect{Max: gtx.Constraints.Max}.Push(gtx.Ops).Pop()
	paint.Fill(gtx.Ops, panelBg)
	panelW := gtx.Dp(unit.Dp(400)) // as wide as the RoboCom panel
	if panelW > gtx.Constraints.Max.X/2 {
		panelW = gtx.Constraints.Max.X / 2
	}
	// An inspector open beside the core in a narrow window left the core a sliver (130 px at
	// 800×600): then the core and its inspectors take the window's width on top and the
	// panel goes under them in two columns, as the RoboCom mode does in a small window.
	if len(w.insp.strip.Docked()) > 0 && gtx.Constraints.Max.X-panelW < gtx.Dp(kit.PanelsBeside+inspectorWidth) {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Flexed(0.6, func(gtx layout.Context) layout.Dimensions {
				return w.confirm.Over(gtx, w.kit(), w.coreV.layout)
			}),
			layout.Flexed(0.4, w.layoutPanelColumns),
		)
	}
	return layout.Flex{}.Layout(gtx,
		layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
			return w.confirm.Over(gtx, w.kit(), w.coreV.layout)
		}),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			gtx.Constraints.Min.X, gtx.Constraints.Max.X = panelW, panelW
			return w.layoutPanel(gtx)
		}),
	)
}

// update acts on every view's events before anything is drawn, so labels show the new state.
func (w *Window) update(gtx layout.Context) {
	w.confirm.Update(gtx)
	w.controls.update(gtx)
	for i := range w.tabs {
		if w.tabs[i].Clicked(gtx) {
			w.showTab(i)
		}
	}
	w.roster.update(gtx)
	w.prm.update(gtx)
	w.stats.update(gtx)
	w.trace.update(gtx)
	w.dump.update(gtx)
	w.tourney.update(gtx)
	w.editor.update(gtx)
	w.insp.update(gtx)
}

// showTab shows tab i where it was scrolled to when last shown. The tabs share one scrolled
// list, which kept the offset of the tab left: the Statistics opened after a scrolled-down
// Tournament showed its lines with their header out of sight, as if there were no more.
func (w *Window) showTab(i int) {
	if i == w.tab {
		return
	}
	w.tabPos[w.tab] = w.panelList.Position
	w.tab = i
	w.panelList.Position = w.tabPos[i]
}

func (w *Window) layoutPanel(gtx layout.Context) layout.Dimensions {
	return layout.UniformInset(unit.Dp(8)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(w.controls.layout),
			layout.Rigid(spacer(6)),
			layout.Rigid(w.layoutTabs),
			layout.Rigid(spacer(6)),
			layout.Flexed(1, w.layoutTabContent),
		)
	})
}

// layoutPanelColumns is the panel under the core: the controls on the left (scrolled if
// they do not fit), the tabs on the right.
func (w *Window) layoutPanelColumns(gtx layout.Context) layout.Dimensions {
	return layout.UniformInset(unit.Dp(8)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{}.Layout(gtx,
			layout.Flexed(0.5, func(gtx layout.Context) layout.Dimensions {
				return material.List(w.th, &w.controlsList).Layout(gtx, 1, func(gtx layout.Context, _ int) layout.Dimensions {
					return w.controls.layout(gtx)
				})
			}),
			layout.Rigid(spacer(8)),
			layout.Flexed(0.5, func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
					layout.Rigid(w.layoutTabs),
					layout.Rigid(spacer(6)),
					layout.Flexed(1, w.layoutTabContent),
				)
			}),
		)
	})
}

// layoutTabContent is the chosen tab's content, scrolled.
func (w *Window) layoutTabContent(gtx layout.Context) layout.Dimensions {
	w.editor.panelH = gtx.Constraints.Max.Y
	return material.List(w.th, &w.panelList).Layout(gtx, 1, func(gtx layout.Context, _ int) layout.Dimensions {
		gtx.Constraints.Min.X = gtx.Constraints.Max.X
		switch w.tab {
		case tabPlayers:
			return w.roster.layout(gtx)
		case tabParams:
			return w.prm.layout(gtx)
		case tabStats:
			return w.stats.layout(gtx)
		case tabTrace:
			return w.trace.layout(gtx)
		case tabDump:
			return w.dump.layout(gtx)
		case tabTourney:
			return w.tourney.layout(gtx)
		default:
			return w.editor.layout(gtx)
		}
	})
}

func (w *Window) layoutTabs(gtx layout.Context) layout.Dimensions {
	return w.kit().Tabs(gtx, w.tabs[:], tabNames[:], w.tab, 4) // two rows: each tab readable in a 440 dp panel
}

// sortedProcesses orders the processes as the statistics show them: by score, then cells
// owned, then threads, then load order.
func sortedProcesses(st []corewars.ProcessStat) []int {
	order := make([]int, len(st))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		x, y := st[order[a]], st[order[b]]
		if x.Score != y.Score {
			return x.Score > y.Score
		}
		if x.Alive != y.Alive {
			return x.Alive
		}
		if x.Cells != y.Cells {
			return x.Cells > y.Cells
		}
		return x.Threads > y.Threads
	})
	return order
}

func spacer(dp unit.Dp) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		return layout.Dimensions{Size: image.Pt(gtx.Dp(dp), gtx.Dp(dp))}
	}
}

func swatch(c color.NRGBA, dp unit.Dp) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		s := gtx.Dp(dp)
		paint.FillShape(gtx.Ops, c, clip.Rect{Max: image.Pt(s, s)}.Op())
		return layout.Dimensions{Size: image.Pt(s, s)}
	}
}

func rgb(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 0xFF} }
