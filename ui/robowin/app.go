package robowin

import (
	"image"
	"image/color"
	"math/rand/v2"
	"path"
	"strings"
	"time"

	"gioui.org/io/event"
	"gioui.org/io/key"
	"gioui.org/io/pointer"
	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/unit"
	"gioui.org/widget"

	"robocom/internal/termtext"
	"robocom/robolang"
	"robocom/ui/kit"
	"robocom/ui/picker"
	"robocom/ui/shortcut"
)

// Config is what the window needs from outside: how to load programs and make games, and
// where programs can be picked from.
type Config struct {
	// Load loads a program in the language of the option set in use (lang); name is what
	// error messages and the player list show.
	Load func(name string, src []byte, lang robolang.Options) (*robolang.Program, error)
	// NewGame starts a game of the programs with a seed; nil when no engine is built in.
	NewGame func(progs []*robolang.Program, opts GameOptions, seed int64) (Game, error)
	// Options reaches the engine's option sets; nil when no engine is built in.
	Options OptionSets
	// Roots are the places the picker offers (the bundled robots, the disk, ...).
	Roots []Root
	// Files are paths (in the form Root.Name + ":" + path) loaded as the players at start.
	Files []string
	// Folder is where the picker opens ("root:dir"): the folder of the files given on the
	// command line; "" for the one used last.
	Folder string
	// Seed is the first round's seed; 0 picks one at random.
	Seed int64
	// Settings is where settings are remembered; nil remembers nothing.
	Settings *SettingsStore
	// Invalidate asks the window for a new frame; safe from any goroutine.
	Invalidate func()
	// Quit closes the window.
	Quit func()
	// Native is the system's file dialog, offered beside the in-app picker where it is
	// there; nil offers only the in-app picker.
	Native *NativeDialog
	// OpenWindow opens a window of its own for a torn-off debugger and returns at once: the
	// window calls t.Bind before its goroutine starts, then t.Layout on each frame and
	// t.Closed when the user closes it. nil: debuggers cannot be torn off.
	OpenWindow func(t *TornWindow)
}

// Root is one place the picker browses.
type Root = picker.Root

// programKind is what the RoboCom picker offers: .rob and .rbi files.
var programKind = picker.Kind{
	Accept: func(name string) bool {
		ext := strings.ToLower(path.Ext(name))
		return ext == ".rob" || ext == ".rbi"
	},
	Exts: ".rob/.rbi", Either: ".rob or .rbi", Hint: "/path/to/robot.rob, then Enter",
}

// UI is the whole content of the arena window: the session it plays and the views that
// show it. Each view keeps its own state and reaches the game only through the session.
type UI struct {
	session
	look
	keys shortcut.Keys

	board        boardView    // the board, its banner and Fit button
	controls     controlsView // Start, Step, speed, seed, rounds
	playersPanel playersView  // the players (or the picker), notices and load errors
	tabbed       tabsView     // graph, events, options, help
	dbg          debugUI      // debuggers, rewind, program editor (debugger.go)
	tips         kit.Tips     // the tooltips, drawn above everything

	anywhere bool        // the tag of the handler that sees every press in the window
	side     widget.List // the controls and players, scrolled when they do not fit
}

// New makes the window's content and starts the simulation goroutine.
func New(cfg Config) *UI {
	th := kit.NewTheme()
	u := &UI{session: session{cfg: cfg, speedIdx: 7, series: series{round: 1, roundsWant: 1}}, look: look{th}}
	u.board = boardView{session: &u.session, look: u.look}
	u.playersPanel = playersView{session: &u.session, look: u.look}
	u.tabbed = tabsView{session: &u.session, look: u.look}
	u.onNewGame = func() { u.board.Selected = 0 }
	u.onChange = u.saveSettings
	u.initDebug()
	if cfg.Options != nil {
		u.opts = cfg.Options.Default()
	}
	u.run = NewRunner(cfg.Invalidate)
	u.run.SetSpeed(kit.Speeds[u.speedIdx])
	u.series.seed = cfg.Seed
	if u.series.seed == 0 {
		u.series.seed = rand.Int64N(1_000_000) + 1
	}
	u.controls = newControls(&u.session, u.look)
	u.playersPanel.picker.Setup(cfg.Roots, programKind)
	u.playersPanel.native.start(cfg.Native, cfg.Invalidate)
	rulesNotice := "" // why the rules are not the ones of last time
	if st := cfg.Settings; st != nil {
		s := st.Get()
		u.playersPanel.picker.Restore(s.LastFolder, s.RecentFolders)
		if s.Speed >= 0 && s.Speed < len(kit.Speeds) && s.SpeedSet {
			u.speedIdx = s.Speed
			u.run.SetSpeed(kit.Speeds[u.speedIdx])
		}
		if cfg.Options != nil {
			o, notice := restoreRules(cfg.Options, s)
			u.opts, rulesNotice = o, notice
			if rulesNotice != "" {
				u.note.set(rulesNotice)
			}
		}
	}
	if cfg.Folder != "" { // (after Restore: the files given on the command line are newer)
		u.playersPanel.picker.Open(cfg.Folder)
	}
	u.keepRefused = true
	for _, f := range cfg.Files {
		u.addPlayer(f)
	}
	u.keepRefused = false
	if rulesNotice != "" && u.note.text != rulesNotice {
		// A player that did not load took the notice's place; why the rules are not the
		// ones of last time joins the load errors, which stay until dismissed.
		u.errors = append(u.errors, rulesNotice)
	}
	u.newGame()
	return u
}

// Close stops the simulation and saves the settings.
func (u *UI) Close() {
	u.run.Close()
	u.saveSettings()
}

// Board is the board's state (selection, zoom).
func (u *UI) Board() *BoardState { return &u.board.BoardState }

// baseName is the last element of a player's path, escaped for the window as Player.Name is.
func baseName(p string) string {
	if i := strings.LastIndexAny(p, "/:"); i >= 0 {
		p = p[i+1:]
	}
	return termtext.Escape(p)
}

// displayName is how a file is named to the user: disk files by their absolute path,
// others as "root/path".
func displayName(r Root, name string) string { return picker.DisplayName(r, name) }

// Layout draws the window: the board on the left (or on top in a tall window) and the
// panel with controls, players and views beside it. The tooltips are drawn above it all by
// the window's layer (u.tips, or the layer of the window it is a mode of).
func (u *UI) Layout(gtx layout.Context) layout.Dimensions {
	return u.tips.Layout(gtx, u.layout)
}

func (u *UI) layout(gtx layout.Context) layout.Dimensions {
	u.dbg.win.Lock() // torn-off debuggers lay out on their windows' goroutines (tearoff.go)
	defer u.dbg.win.Unlock()
	defer u.dbg.afterFrame()
	u.run.Sync(&u.snap, &u.evs, &u.hist)
	u.takeBuildError()
	u.releaseFocusOnPress(gtx)
	u.handleKeys(gtx)
	u.handleControls(gtx)
	u.checkOver(gtx)
	// A notice fades after 8 s, but not the refusal of a sixth program, nor any while the
	// picker is open: it stands above the picker's list, which would move under the pointer.
	if u.note.text != "" && !u.note.refusal && !u.playersPanel.pickOpen && time.Since(u.note.at) > 8*time.Second {
		u.note.text = ""
	}

	// Every press in the window reaches this handler: it encloses all the others.
	defer clip.Rect{Max: gtx.Constraints.Max}.Push(gtx.Ops).Pop()
	event.Op(gtx.Ops, &u.anywhere)
	paint.Fill(gtx.Ops, panelBg)
	size := gtx.Constraints.Max
	panelW := gtx.Dp(unit.Dp(400))
	// Side by side when the board keeps at least 3/4 of the height beside the panel. A
	// debugger docked beside the board in a narrow window left the board a sliver (130 px on
	// an 800×600 screen): then the board and its debuggers take the window's width on top
	// and the panel goes under them, by the Core War window's rule (the game keeping
	// kit.PanelsBeside beside one panel). Not while the program tools show: they hide the
	// debuggers, and stacked the editor kept a few lines.
	wide := size.X-panelW >= size.Y*3/4
	if len(u.dbg.strip.Docked()) > 0 && !u.dbg.prog.visible() && size.X-panelW < gtx.Dp(kit.PanelsBeside+debuggerWidth) {
		wide = false
	}
	var dims layout.Dimensions
	if wide {
		dims = layout.Flex{}.Layout(gtx,
			layout.Flexed(1, u.layoutWorkAreaAsking),
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				gtx.Constraints.Min.X, gtx.Constraints.Max.X = panelW, panelW
				return u.layoutPanel(gtx)
			}),
		)
	} else {
		dims = layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Flexed(0.55, u.layoutWorkAreaAsking),
			layout.Flexed(0.45, u.layoutPanelColumns),
		)
	}
	return dims
}

// releaseFocusOnPress takes the keyboard from the text field that has it whenever the
// user presses anywhere, so that the shortcuts work again after a click on the board or
// the panel. A press on a field gives the keyboard back to that field later in the same
// frame, when the field reads its own press.
func (u *UI) releaseFocusOnPress(gtx layout.Context) {
	for {
		ev, ok := gtx.Event(pointer.Filter{Target: &u.anywhere, Kinds: pointer.Press})
		if !ok {
			break
		}
		if e, ok := ev.(pointer.Event); ok && e.Kind == pointer.Press {
			gtx.Execute(key.FocusCmd{Tag: nil})
		}
	}
}

func (u *UI) handleKeys(gtx layout.Context) {
	// Shortcuts act only while no text field has the keyboard.
	editing := u.controls.editing(gtx) || u.tabbed.editing(gtx) || u.debugEditing(gtx) || u.playersPanel.picker.Editing(gtx)
	for {
		a, ok := u.keys.Next(gtx, editing)
		if !ok {
			break
		}
		u.shortcutAction(gtx, a)
	}
	u.tearKey(gtx, editing)
}

// shortcutAction does what a game key asks, pressed in the main window or in a torn-off
// debugger's (tearoff.go).
func (u *UI) shortcutAction(gtx layout.Context, a shortcut.Action) {
	switch a {
	case shortcut.Escape:
		if active, _, _, _ := u.run.SeekProgress(); active {
			u.run.StopSeek()
			u.dbg.timeline.seekWant = -1
		} else if u.playersPanel.pickOpen {
			u.playersPanel.pickOpen = false
		} else {
			for _, p := range u.dbg.strip.Panels {
				p.cancelEdit(gtx)
			}
			gtx.Execute(key.FocusCmd{Tag: nil})
		}
	case shortcut.Quit:
		if u.cfg.Quit != nil {
			u.cfg.Quit()
		}
	case shortcut.StartPause:
		u.ToggleRun()
	case shortcut.Step:
		u.controls.stepCycles(1) // as the Step button: the next round when this one is over
	case shortcut.Block:
		u.controls.runBlock()
	case shortcut.Restart:
		u.controls.rereadPlayers() // as the Restart button
		u.Restart()
	case shortcut.Fit:
		u.board.FitToWindow()
	case shortcut.Faster:
		u.setSpeed(u.speedIdx + 1)
	case shortcut.Slower:
		u.setSpeed(u.speedIdx - 1)
	case shortcut.Back:
		u.dbg.timeline.Back.Click()
	}
}

// handleControls lets each view of the panel act on what happened to it since the last frame.
func (u *UI) handleControls(gtx layout.Context) {
	u.controls.update(gtx)
	u.board.update(gtx)
	u.playersPanel.update(gtx)
	u.tabbed.update(gtx)
	u.confirm.Update(gtx)
	u.controls.syncSeed()
}

func countOf(c []int, i int) int {
	if i < len(c) {
		return c[i]
	}
	return 0
}

// rankOrder lists program indices best rank first.
func rankOrder(ranks []int) []int {
	idx := make([]int, len(ranks))
	for i := range idx {
		idx[i] = i
	}
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && ranks[idx[j]] < ranks[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}

func swatch(c color.NRGBA, dp unit.Dp) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		s := gtx.Dp(dp)
		r := image.Rectangle{Max: image.Pt(s, s)}
		paint.FillShape(gtx.Ops, c, clip.UniformRRect(r, s/4).Op(gtx.Ops))
		return layout.Dimensions{Size: r.Max}
	}
}

// saveSettings remembers the folder, players, option set, speed and window size.
func (u *UI) saveSettings() {
	st := u.cfg.Settings
	if st == nil {
		return
	}
	var players []string
	for _, p := range u.players {
		players = append(players, p.Path)
	}
	err := st.Update(func(s *Settings) {
		s.LastFolder = u.playersPanel.picker.Location()
		s.RecentFolders = append([]string(nil), u.playersPanel.picker.Recent()...)
		s.Players = players
		s.PlayerColors = rememberColors(s.PlayerColors, u.players)
		rememberRules(u.cfg.Options, u.opts, s)
		s.Speed, s.SpeedSet = u.speedIdx, true
		if u.windowSize.X > 0 {
			s.WindowW, s.WindowH = u.windowSize.X, u.windowSize.Y
		}
	})
	if err != nil {
		u.note.set("Could not save the settings: " + err.Error())
	}
}

// making reports whether the game of the last Restart (or new program) is still being made
// on the simulation goroutine; the window says so meanwhile. Without players, or refused
// before any build (gameErr), no game is being made, though its snapshot is a frame away.
func (u *UI) making() bool {
	return u.snap.Game != u.gameNo && len(u.players) > 0 && u.gameErr == ""
}

// takeBuildError shows why the current game could not be made, once its snapshot is here.
func (u *UI) takeBuildError() {
	if u.snap.Game != u.gameNo || u.gameErr != "" {
		return
	}
	if err := u.run.BuildError(u.gameNo); err != nil {
		u.gameErr = "The game could not start: " + err.Error()
	}
}
