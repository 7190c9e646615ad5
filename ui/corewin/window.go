// Package corewin is the Core War mode of the arena window: the core drawn as a grid of
// cells coloured by owner, the players (.red, .cw and .vna files), the controls and
// parameters, the statistics view of Hofmann's Corewars, a trace, a core-dump browser,
// tournaments and an editor. It draws with Gio but never opens a window itself (no
// gioui.org/app), so it is tested with input.Router and headless rendering; the engines
// are used only through corewars.Engine and ui/corewin/coreplay.
package corewin

import (
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"math/rand/v2"
	"path"
	"robocom/internal/userfile"
	"robocom/ui/shortcut"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"gioui.org/font/gofont"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/text"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/corewars"
	coreplay "robocom/corewars/play"
	"robocom/ui/picker"
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
	// Remember, if set, is told the players, their copies and the picker's folder whenever
	// one of them changes, so that the caller can keep them for the next run.
	Remember func(Memory)
}

// Memory is what the Core War mode asks to be remembered between runs.
type Memory struct {
	Players []string // Root.Name + ":" + path, in order
	Copies  []int    // parallel to Players
	Folder  string   // the picker's folder, "root:dir"
}

func (m Memory) equal(o Memory) bool {
	return slices.Equal(m.Players, o.Players) && slices.Equal(m.Copies, o.Copies) && m.Folder == o.Folder
}

// memory is the current Memory.
func (w *Window) memory() Memory {
	m := Memory{Folder: w.picker.Location()}
	for _, p := range w.players {
		m.Players = append(m.Players, p.path)
		m.Copies = append(m.Copies, p.copies)
	}
	return m
}

// Memory is what the window would ask to be remembered now: its players, their copies and
// the picker's folder.
func (w *Window) Memory() Memory { return w.memory() }

// Theme is the window's theme, for what is drawn around it (the mode bar).
func (w *Window) Theme() *material.Theme { return w.th }

// remember tells cfg.Remember when the players, copies or folder changed since it was told.
func (w *Window) remember() {
	if w.cfg.Remember == nil {
		return
	}
	if m := w.memory(); !m.equal(w.remembered) {
		w.remembered = m
		w.cfg.Remember(m)
	}
}

// Palette are the colours of programs 1, 2, ...: the Okabe–Ito colours, which stay
// distinct for the common kinds of colour blindness (https://jfly.uni-koeln.de/color/).
var Palette = []color.NRGBA{
	{0xE6, 0x9F, 0x00, 0xFF}, // orange
	{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
	{0x00, 0x9E, 0x73, 0xFF}, // bluish green
	{0xF0, 0xE4, 0x42, 0xFF}, // yellow
	{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
	{0xD5, 0x5E, 0x00, 0xFF}, // vermillion
	{0x00, 0x72, 0xB2, 0xFF}, // blue
	{0xBB, 0xBB, 0xBB, 0xFF}, // grey
}

var (
	panelBg  = color.NRGBA{0xF6, 0xF6, 0xF4, 0xFF}
	errorCol = color.NRGBA{0xB0, 0x20, 0x20, 0xFF}
	mutedCol = color.NRGBA{0x60, 0x60, 0x60, 0xFF}
	selRowBg = color.NRGBA{0xDD, 0xE6, 0xF2, 0xFF}
	infoBg   = color.NRGBA{0x26, 0x29, 0x2F, 0xFF}
	infoFg   = color.NRGBA{0xEE, 0xEE, 0xEE, 0xFF}
)

// MaxPlayers is how many programs a game takes (each .cw program possibly in many copies).
const MaxPlayers = 8

// player is one loaded program.
type player struct {
	path   string // Root.Name + ":" + path
	prog   *coreplay.Program
	copies int

	remove, more, fewer, edit widget.Clickable
}

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

// Window is the Core War mode's whole content. Keep it by pointer; Layout draws it.
type Window struct {
	cfg        Config
	keys       shortcut.Keys
	remembered Memory // what cfg.Remember was last told
	th         *material.Theme
	run        *runner
	snap       Snapshot
	core       *CoreState

	lang    coreplay.Language
	params  coreplay.Params
	players []*player
	errors  []string // load errors, file:line[:col]: message
	failed  []*failedFile
	message string
	msgAt   time.Time
	gameErr string

	seed     int64
	round    int // 1-based round of the series
	wins     []int
	draws    int
	tallied  int // the Snapshot.Game already counted
	wantRun  bool
	nextAt   time.Time // when the next round of a series starts
	speedIdx int

	startBtn, stepBtn, blockBtn, restartBtn, newSeedBtn, fasterBtn, slowerBtn, fitBtn, modeBtn widget.Clickable
	blockEd, seedEd                                                                            widget.Editor
	tabs                                                                                       [numTabs]widget.Clickable
	tab                                                                                        int
	panelList                                                                                  widget.List

	picker  pickerState
	addBtn  widget.Clickable
	pickOn  bool
	prm     paramsForm
	stats   statsView
	trace   traceView
	dump    dumpView
	tourney tourneyView
	editor  editorView

	// The line under the core: its lines (set each frame by the width) and the measures
	// they come from.
	infoMaxLines, hintW, infoLineH int
	infoMeasured                   unit.Metric
}

// speeds are the speed steps in time slices per second; 0 is "as fast as the machine goes".
var speeds = []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 50000, 0}

// New makes the Core War mode's content and starts its simulation goroutine.
func New(cfg Config) *Window {
	th := material.NewTheme()
	th.Shaper = text.NewShaper(text.NoSystemFonts(), text.WithCollection(gofont.Collection()))
	th.TextSize = 14
	w := &Window{cfg: cfg, th: th, core: newCoreState(), round: 1, speedIdx: 9, lang: coreplay.CW, params: coreplay.Defaults(coreplay.CW)}
	w.run = newRunner(cfg.Invalidate)
	w.run.setSpeed(speeds[w.speedIdx])
	w.seed = cfg.Seed
	if w.seed == 0 {
		w.seed = rand.Int64N(1_000_000) + 1
	}
	w.blockEd.SingleLine, w.seedEd.SingleLine = true, true
	w.blockEd.SetText("100")
	w.seedEd.SetText(strconv.FormatInt(w.seed, 10))
	w.panelList.Axis = layout.Vertical
	w.picker.init(cfg.Roots)
	if cfg.Folder != "" {
		w.picker.Open(cfg.Folder)
	}
	w.prm.init()
	w.prm.load(w.lang, w.params)
	w.stats.init()
	w.trace.init()
	w.dump.init()
	w.tourney.init()
	w.editor.init()
	for i, f := range cfg.Files {
		if w.AddPlayer(f) && i < len(cfg.Copies) {
			w.players[len(w.players)-1].copies = min(max(cfg.Copies[i], 1), 99)
		}
	}
	w.remembered = w.memory() // what it starts with was given, not changed
	w.newGame()
	return w
}

// Close stops the simulation and any tournament.
func (w *Window) Close() {
	w.tourney.cancelRun()
	w.run.close()
}

func (w *Window) notify(msg string) { w.message, w.msgAt = msg, time.Now() }

// Message is the current notice ("" if none).
func (w *Window) Message() string { return w.message }

// Errors are the load errors shown in the Players tab.
func (w *Window) Errors() []string { return w.errors }

// Language is the language of the loaded players (Corewars when none is loaded).
func (w *Window) Language() coreplay.Language { return w.lang }

// Core is the core view's state (selection, hover).
func (w *Window) Core() *CoreState { return w.core }

// Snapshot is what was drawn last.
func (w *Window) Snapshot() *Snapshot { return &w.snap }

// Title names the players and the time, for the window title.
func (w *Window) Title() string {
	var names []string
	for _, p := range w.players {
		names = append(names, p.prog.Name)
	}
	if len(names) == 0 {
		return "RoboCom Arena — Core War"
	}
	return fmt.Sprintf("Core War — %s — cycle %d", strings.Join(names, " vs "), w.snap.Cycle)
}

// readFile reads "root:path" from the roots.
func (w *Window) readFile(p string) ([]byte, error) {
	i := strings.Index(p, ":")
	if i < 0 {
		return nil, fmt.Errorf("%s: no such place (expected root:path)", p)
	}
	for _, r := range w.cfg.Roots {
		if r.Name == p[:i] {
			return readProgram(r.FS, strings.TrimPrefix(path.Clean("/"+p[i+1:]), "/"))
		}
	}
	return nil, fmt.Errorf("%s: unknown place %q", p, p[:i])
}

// maxProgramBytes bounds a program file: the longest real programs are a few kilobytes.
var maxProgramBytes = userfile.CoreSource.Max

// readProgram reads a regular file of at most maxProgramBytes through userfile: a device or
// a FIFO named x.red would otherwise block the window or fill the memory.
func readProgram(fsys fs.FS, name string) ([]byte, error) {
	return userfile.ReadFS(fsys, name, name, userfile.CoreSource)
}

// AddPlayer loads a program ("root:path") as a player. The first program sets the language
// (and its default parameters); programs of another language are refused with a message.
func (w *Window) AddPlayer(p string) bool {
	name := path.Base(p[strings.Index(p, ":")+1:])
	l := coreplay.LanguageOf(name)
	if l == coreplay.NoLanguage {
		w.notify(name + " is not a Core War program: the Core War mode plays .red, .cw and .vna files.")
		return false
	}
	if len(w.players) >= MaxPlayers {
		w.notify(fmt.Sprintf("At most %d programs play at once; remove one first.", MaxPlayers))
		return false
	}
	if len(w.players) > 0 && l != w.lang {
		w.notify(fmt.Sprintf("%s is %s, the players are %s: one game is in one language. Remove the players to switch.", name, l, w.lang))
		return false
	}
	if len(w.players) == 0 && l != w.lang {
		w.lang, w.params = l, coreplay.Defaults(l)
		w.prm.load(w.lang, w.params)
	}
	src, err := w.readFile(p)
	w.clearErrorsFor(name)
	if err != nil {
		w.errors = append(w.errors, fmt.Sprintf("%s: cannot read the file: %v", name, userfile.Unwrap(err)))
		return false
	}
	prog, err := coreplay.Load(name, src, w.params)
	if err != nil {
		w.errors = append(w.errors, strings.Split(err.Error(), "\n")...)
		w.addFailed(p, name)
		return false
	}
	w.dropFailed(p)
	w.players = append(w.players, &player{path: p, prog: prog, copies: 1})
	w.wins = append(w.wins, 0)
	return true
}

// failedFile is a program that did not assemble: the Players tab offers to edit it, and
// saving it from the editor tries to add it again.
type failedFile struct {
	path, name string
	edit       widget.Clickable
}

func (w *Window) addFailed(p, name string) {
	for _, f := range w.failed {
		if f.path == p {
			return
		}
	}
	w.failed = append(w.failed, &failedFile{path: p, name: name})
}

func (w *Window) dropFailed(p string) {
	for i, f := range w.failed {
		if f.path == p {
			w.failed = append(w.failed[:i], w.failed[i+1:]...)
			return
		}
	}
}

func (w *Window) clearErrorsFor(name string) {
	out := w.errors[:0]
	for _, e := range w.errors {
		if !strings.HasPrefix(e, name+":") {
			out = append(out, e)
		}
	}
	w.errors = out
}

// addAll adds the programs of a folder that are in the players' language (the first one's
// when there are no players yet), up to MaxPlayers, and says what it left out.
func (w *Window) addAll(paths []string) {
	lang := w.lang
	if len(w.players) == 0 {
		lang = coreplay.NoLanguage
	}
	added, skipped := 0, 0
	for _, p := range paths {
		l := coreplay.LanguageOf(p)
		if lang == coreplay.NoLanguage {
			lang = l
		}
		if l != lang || len(w.players) >= MaxPlayers {
			skipped++
			continue
		}
		if w.AddPlayer(p) {
			added++
		}
	}
	w.message = ""
	switch {
	case skipped > 0:
		w.notify(fmt.Sprintf("Added %d programs; %d left out (another language than %s, or more than %d players).", added, skipped, lang, MaxPlayers))
	case added > 0:
		w.notify(fmt.Sprintf("Added %d programs.", added))
	}
	w.resetSeries()
	w.newGame()
}

// RemovePlayer removes player i and starts a new game.
func (w *Window) RemovePlayer(i int) {
	if i < 0 || i >= len(w.players) {
		return
	}
	w.players = append(w.players[:i], w.players[i+1:]...)
	w.wins = append(w.wins[:i], w.wins[i+1:]...)
	w.resetSeries()
	w.newGame()
}

// reloadPlayers assembles every player again (after a parameter or source change), and
// the programs that failed to load.
func (w *Window) reloadPlayers() {
	w.errors = w.errors[:0]
	for _, p := range w.players {
		src, err := w.readFile(p.path)
		if err != nil {
			w.errors = append(w.errors, fmt.Sprintf("%s: cannot read the file: %v", p.prog.File, userfile.Unwrap(err)))
			continue
		}
		prog, err := coreplay.Load(p.prog.File, src, w.params)
		if err != nil {
			w.errors = append(w.errors, strings.Split(err.Error(), "\n")...)
			continue
		}
		p.prog = prog
	}
	// Programs that failed before are tried again: fixed ones join the players.
	failed := w.failed
	w.failed = nil
	for _, f := range failed {
		w.AddPlayer(f.path)
	}
}

func (w *Window) resetSeries() {
	w.round, w.draws, w.tallied, w.nextAt = 1, 0, 0, time.Time{}
	for i := range w.wins {
		w.wins[i] = 0
	}
}

// currentSeed is the seed of the current round: round k plays with seed+k-1.
func (w *Window) currentSeed() int64 { return w.seed + int64(w.round) - 1 }

// newGame starts the current round (paused) with the players and parameters.
func (w *Window) newGame() {
	w.gameErr = ""
	var progs []*coreplay.Program
	var copies []int
	for _, p := range w.players {
		progs = append(progs, p.prog)
		copies = append(copies, p.copies)
	}
	if len(progs) == 0 {
		w.run.reset(nil)
		return
	}
	g, err := coreplay.NewGame(progs, copies, w.params, w.currentSeed())
	if err != nil {
		w.gameErr = err.Error()
		w.run.reset(nil)
		return
	}
	w.stats.selected, w.stats.marked = -1, -1
	w.run.setTrace(-1)
	w.run.reset(g)
}

// SetSeed sets the seed of the series and restarts it.
func (w *Window) SetSeed(seed int64) {
	w.seed = seed
	w.seedEd.SetText(strconv.FormatInt(seed, 10))
	w.resetSeries()
	w.newGame()
}

// ToggleRun starts or pauses the game.
func (w *Window) ToggleRun() {
	if w.snap.Running {
		w.wantRun = false
		w.run.setRunning(false)
		return
	}
	if w.snap.Over {
		w.nextRoundOrRestart()
	}
	w.wantRun = true
	w.run.setRunning(true)
}

func (w *Window) nextRoundOrRestart() {
	if w.round < w.params.Rounds {
		w.round++
	} else {
		w.resetSeries()
	}
	w.newGame()
	w.run.sync(&w.snap)
}

// Layout draws the Core War mode: the core on the left with a line about the cell under the
// pointer, the controls and the tabs on the right.
func (w *Window) Layout(gtx layout.Context) layout.Dimensions {
	w.run.sync(&w.snap)
	w.handleKeys(gtx)
	w.handleControls(gtx)
	w.checkOver(gtx)
	defer w.remember() // after the panel, where players and copies change
	if w.message != "" && time.Since(w.msgAt) > 10*time.Second {
		w.message = ""
	}
	defer clip.Rect{Max: gtx.Constraints.Max}.Push(gtx.Ops).Pop()
	paint.Fill(gtx.Ops, panelBg)
	panelW := gtx.Dp(unit.Dp(400)) // as wide as the RoboCom panel
	if panelW > gtx.Constraints.Max.X/2 {
		panelW = gtx.Constraints.Max.X / 2
	}
	return layout.Flex{}.Layout(gtx,
		layout.Flexed(1, w.layoutLeft),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			gtx.Constraints.Min.X, gtx.Constraints.Max.X = panelW, panelW
			return w.layoutPanel(gtx)
		}),
	)
}

// layoutLeft is the core with the line about a cell under it. The core is laid out first,
// so that the line describes the cell under the pointer in this frame, not the last one.
func (w *Window) layoutLeft(gtx layout.Context) layout.Dimensions {
	size := gtx.Constraints.Max
	lines, lineH := w.infoLines(gtx, size.X)
	infoH := max(gtx.Dp(unit.Dp(28)), 2*gtx.Dp(infoInset)+lines*lineH)
	w.infoMaxLines = lines
	cg := gtx
	cg.Constraints = layout.Exact(image.Pt(size.X, max(size.Y-infoH, 0)))
	w.layoutCore(cg)
	off := op.Offset(image.Pt(0, size.Y-infoH)).Push(gtx.Ops)
	ig := gtx
	ig.Constraints = layout.Exact(image.Pt(size.X, infoH))
	w.layoutCellInfo(ig)
	off.Pop()
	return layout.Dimensions{Size: size}
}

// colorOf is process p's colour: its program's.
func (w *Window) colorOf(p int) color.NRGBA {
	prog := 0
	if p >= 0 && p < len(w.snap.Stats) {
		prog = w.snap.Stats[p].Program
	}
	return Palette[prog%len(Palette)]
}

func (w *Window) layoutCore(gtx layout.Context) layout.Dimensions {
	if w.snap.Size == 0 {
		paint.FillShape(gtx.Ops, coreBg, clip.Rect{Max: gtx.Constraints.Max}.Op())
		msg := "Add programs (.red, .cw or .vna) in the Players tab to fill the core."
		if w.gameErr != "" {
			msg = "The game cannot start: " + w.gameErr
		}
		return layout.Center.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			l := material.Body1(w.th, msg)
			l.Color = infoFg
			return l.Layout(gtx)
		})
	}
	return CoreStyle{State: w.core, Snap: &w.snap, ColorOf: w.colorOf, Marked: w.stats.marked}.Layout(gtx)
}

// processName is "Dwarf", or "Dwarf #2" when its program runs in several copies.
func (w *Window) processName(p int) string {
	if p < 0 || p >= len(w.snap.Stats) {
		return "nobody"
	}
	st := w.snap.Stats[p]
	if st.Program < len(w.players) && w.players[st.Program].copies > 1 {
		return fmt.Sprintf("%s #%d", st.Name, st.Copy+1)
	}
	return st.Name
}

// cellLine describes a cell: address, owner and content.
func (w *Window) cellLine(a int) string {
	var c corewars.Cell
	ok := false
	w.run.withEngine(func(e corewars.Engine) {
		if e != nil && a >= 0 && a < e.Size() {
			c, ok = e.Cell(a), true
		}
	})
	if !ok {
		return ""
	}
	owner := "no owner"
	if c.Owner >= 0 {
		owner = "owner " + w.processName(c.Owner)
	}
	when := ""
	if c.Written >= 0 {
		when = fmt.Sprintf(", written at %d", c.Written)
	}
	return fmt.Sprintf("%d: %s   (%s%s)", a, c.Text, owner, when)
}

// CellInfo is the line under the core: the hovered cell, else the selected one.
func (w *Window) CellInfo() string {
	a := w.core.Hover
	what := "pointer"
	if a < 0 {
		a, what = w.core.Selected, "selected"
	}
	if a < 0 {
		return cellInfoHint
	}
	return what + " " + w.cellLine(a)
}

// cellInfoHint is the line under the core when no cell is hovered or selected.
const cellInfoHint = "Hover: a cell's content · click: select · wheel: zoom · drag: pan · Space run, S step, N block, F fit"

func (w *Window) layoutCellInfo(gtx layout.Context) layout.Dimensions {
	// The bar is as tall as its lines allow, whatever the text in it now.
	paint.FillShape(gtx.Ops, infoBg, clip.Rect{Max: gtx.Constraints.Max}.Op())
	gtx.Constraints.Min = image.Point{}
	layout.UniformInset(infoInset).Layout(gtx, w.cellInfoLabel(w.CellInfo()).Layout)
	return layout.Dimensions{Size: gtx.Constraints.Max}
}

// infoInset is the margin around the line under the core.
const infoInset = unit.Dp(6)

// cellInfoLabel is the line under the core showing text.
func (w *Window) cellInfoLabel(text string) material.LabelStyle {
	l := material.Body2(w.th, text)
	l.Color, l.MaxLines = infoFg, max(w.infoMaxLines, 1)
	l.Font.Typeface = "Go Mono"
	return l
}

// infoLines is how many lines the line under the core gets in a width of width pixels, and
// the height of one: as many as the hint needs (it is as long as the usual descriptions of a
// cell), at most 3. It depends on the width only, so the core keeps its size as the pointer
// moves over cells with shorter or longer descriptions.
func (w *Window) infoLines(gtx layout.Context, width int) (lines, lineH int) {
	if w.infoMeasured != gtx.Metric {
		// The hint on one line, however long: recorded to be measured, never drawn.
		mg := gtx
		mg.Constraints = layout.Constraints{Max: image.Pt(1<<20, 1<<20)}
		m := op.Record(gtx.Ops)
		l := w.cellInfoLabel(cellInfoHint)
		l.MaxLines = 1
		d := l.Layout(mg)
		m.Stop()
		w.infoMeasured, w.hintW, w.infoLineH = gtx.Metric, d.Size.X, d.Size.Y
	}
	avail := max(width-2*gtx.Dp(infoInset), 1)
	return min(max((w.hintW+avail-1)/avail, 1), 3), w.infoLineH
}

// checkOver counts a finished round in the series and starts the next one when the user
// pressed Start (after a short pause to see the end).
func (w *Window) checkOver(gtx layout.Context) {
	if !w.snap.Over || w.tallied == w.snap.Game {
		return
	}
	if w.nextAt.IsZero() {
		winner := -1
		w.run.withEngine(func(e corewars.Engine) {
			if e != nil {
				winner = coreplay.Winner(e)
			}
		})
		if winner >= 0 && winner < len(w.wins) {
			w.wins[winner]++
		} else {
			w.draws++
		}
		if w.round >= w.params.Rounds || !w.wantRun {
			w.tallied = w.snap.Game
			w.stats.follow(w)
			return
		}
		w.nextAt = time.Now().Add(1500 * time.Millisecond)
	}
	if time.Now().Before(w.nextAt) {
		gtx.Execute(op.InvalidateCmd{At: w.nextAt})
		return
	}
	w.tallied, w.nextAt = w.snap.Game, time.Time{}
	w.round++
	w.newGame()
	w.run.setRunning(true)
	w.run.sync(&w.snap)
}

// ResultLine says how the round ended, "" while it runs.
func (w *Window) ResultLine() string {
	if !w.snap.Over {
		return ""
	}
	winner := ""
	for _, st := range w.snap.Stats {
		if st.Alive {
			if winner != "" && winner != st.Name {
				winner = ""
				break
			}
			winner = st.Name
		}
	}
	if winner == "" {
		return fmt.Sprintf("Round %d over after %d cycles: a draw.", w.round, w.snap.Cycle)
	}
	return fmt.Sprintf("Round %d over after %d cycles: %s wins.", w.round, w.snap.Cycle, winner)
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
