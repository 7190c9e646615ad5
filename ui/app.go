package ui

import (
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"gioui.org/font/gofont"
	"gioui.org/io/key"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/text"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
	"gioui.org/x/component"

	"robocom/robolang"
	"robocom/robolang/userfile"
	"robocom/ui/picker"
	"robocom/ui/shortcut"
)

// Config is what the window needs from outside: how to load programs and make games, and
// where programs can be picked from.
type Config struct {
	// Load loads a program; name is what error messages and the player list show.
	Load func(name string, src []byte) (*robolang.Program, error)
	// NewGame starts a game of the programs with a seed; nil when no engine is built in.
	NewGame func(progs []*robolang.Program, opts GameOptions, seed int64) (Game, error)
	// Options reaches the engine's option sets; nil when no engine is built in.
	Options OptionSets
	// Roots are the places the picker offers (the bundled robots, the disk, ...).
	Roots []Root
	// Files are paths (in the form Root.Name + ":" + path) loaded as the players at start.
	Files []string
	// Settings is where settings are remembered; nil remembers nothing.
	Settings *SettingsStore
	// Invalidate asks the window for a new frame; safe from any goroutine.
	Invalidate func()
	// Quit closes the window.
	Quit func()
}

// Root is one place the picker browses.
type Root = picker.Root

// UI is the whole content of the arena window.
type UI struct {
	cfg   Config
	keys  shortcut.Keys
	th    *material.Theme
	run   *Runner
	snap  Snapshot
	evs   []Event
	hist  History
	board BoardState

	players []Player
	errors  []string // load errors, each "file:line:col: message"
	message string   // a short notice (refused sixth player, ...)
	msgAt   time.Time

	seed        int64
	gameNo      int // the Snapshot.Game of the game made last; older snapshots are stale
	round       int // 1-based round; round k plays seed + k − 1
	seriesEnd   int // rounds up to this one follow each other by themselves
	seriesStart int // the round the series under way began with
	tally       Tally
	tallied     int // the Snapshot.Game whose result is in the tally
	overAt      time.Time
	wantRun     bool // the user pressed Start; next rounds start by themselves
	opts        GameOptions
	gameErr     string
	speedIdx    int

	picker   PickerState
	pickOpen bool

	startBtn, stepBtn, blockBtn, restartBtn, newSeedBtn, fitBtn widget.Clickable
	fasterBtn, slowerBtn, addBtn, resetTallyBtn, dismissBtn     widget.Clickable
	seedEd, blockEd, roundsEd                                   widget.Editor
	rows                                                        []playerRow
	tabs                                                        [4]widget.Clickable
	tab                                                         int
	eventLog                                                    EventLogState
	optEd                                                       OptionsEditorState
	help                                                        HelpState
	tips                                                        struct {
		start, step, block, slower, faster, restart, newSeed, fit component.TipArea
	}
	windowSize image.Point // in dp, as last reported by the window loop
	dbg        debugUI     // debuggers, rewind, program editor (debugger.go)
}

type playerRow struct {
	up, down, remove, recolor widget.Clickable
}

// speeds are the speed steps in cycles per second; 0 is "as fast as the machine goes".
var speeds = []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 0}

// New makes the window's content and starts the simulation goroutine.
func New(cfg Config) *UI {
	th := NewTheme()
	u := &UI{cfg: cfg, th: th, speedIdx: 7, round: 1}
	u.initDebug()
	if cfg.Options != nil {
		u.opts = cfg.Options.Default()
	}
	u.run = NewRunner(cfg.Invalidate)
	u.run.SetSpeed(speeds[u.speedIdx])
	u.seed = rand.Int64N(1_000_000)
	u.seedEd.SingleLine, u.seedEd.Submit = true, true
	u.blockEd.SingleLine, u.blockEd.Submit = true, true
	u.roundsEd.SingleLine, u.roundsEd.Submit = true, true
	u.seedEd.SetText(strconv.FormatInt(u.seed, 10))
	u.blockEd.SetText("100")
	u.roundsEd.SetText("1")
	u.picker.init(cfg.Roots)
	if st := cfg.Settings; st != nil {
		s := st.Get()
		u.picker.restore(s.LastFolder, s.RecentFolders)
		if s.Speed >= 0 && s.Speed < len(speeds) && s.SpeedSet {
			u.speedIdx = s.Speed
			u.run.SetSpeed(speeds[u.speedIdx])
		}
		if s.Options != "" && cfg.Options != nil {
			if o, err := cfg.Options.Load(s.Options); err == nil {
				u.opts = o
			} else {
				u.notify("The option set used last time did not load (" + err.Error() + "); using the default.")
			}
		}
	}
	for _, f := range cfg.Files {
		u.addPlayer(f)
	}
	u.newGame()
	return u
}

// NewTheme is the window's theme: the Go fonts only, so that text looks the same on every
// machine (and in golden images).
func NewTheme() *material.Theme {
	th := material.NewTheme()
	th.Shaper = text.NewShaper(text.NoSystemFonts(), text.WithCollection(gofont.Collection()))
	th.TextSize = 14
	return th
}

// Close stops the simulation and saves the settings.
func (u *UI) Close() {
	u.run.Close()
	u.saveSettings()
}

// Runner gives tests and tools access to the simulation.
func (u *UI) Runner() *Runner { return u.run }

// Players are the loaded programs in order.
func (u *UI) Players() []Player { return u.players }

// Seed is the seed of the current round.
func (u *UI) Seed() int64 { return u.seed + int64(u.round) - 1 }

// Board is the board's state (selection, zoom).
func (u *UI) Board() *BoardState { return &u.board }

// Snapshot is the last snapshot drawn.
func (u *UI) Snapshot() *Snapshot { return &u.snap }

// Message is the notice shown to the user, if any.
func (u *UI) Message() string { return u.message }

// Errors are the load errors shown.
func (u *UI) Errors() []string { return u.errors }

// Title is the window title: the players and the cycle.
func (u *UI) Title() string {
	var names []string
	for _, p := range u.players {
		names = append(names, p.Name())
	}
	t := "RoboCom Arena"
	if len(names) > 0 {
		t += " — " + strings.Join(names, " vs ")
		t += fmt.Sprintf(" — cycle %d", u.snap.Cycle)
	}
	return t
}

func (u *UI) notify(msg string) { u.message, u.msgAt = msg, time.Now() }

// AddPlayer loads a program from a root ("root:path") and adds it; it refuses a sixth.
func (u *UI) AddPlayer(path string) bool {
	ok := u.addPlayer(path)
	if ok {
		u.restartSeries()
		u.saveSettings()
	}
	return ok
}

func (u *UI) addPlayer(path string) bool {
	if len(u.players) >= MaxPlayers {
		u.notify(fmt.Sprintf("At most %d programs play at once: remove one before adding %s.", MaxPlayers, baseName(path)))
		return false
	}
	root, name, ok := u.splitPath(path)
	if !ok {
		u.errors = append(u.errors, fmt.Sprintf("%s: no such place to load from", path))
		return false
	}
	// userfile reads only regular files of a sane size: a FIFO or a device would hang the window.
	src, err := userfile.ReadFS(root.FS, name, displayName(root, name), userfile.Program)
	if err != nil {
		u.errors = append(u.errors, err.Error())
		return false
	}
	if u.cfg.Load == nil {
		u.errors = append(u.errors, displayName(root, name)+": this build cannot load programs yet (the language package is missing)")
		return false
	}
	prog, err := u.cfg.Load(displayName(root, name), src)
	if err != nil {
		for _, line := range strings.Split(strings.TrimSpace(err.Error()), "\n") {
			u.errors = append(u.errors, line)
		}
		u.notify(fmt.Sprintf("%s did not load; its errors are listed below.", baseName(name)))
		return false
	}
	used := map[int]bool{}
	for _, p := range u.players {
		used[p.Color] = true
	}
	c := 0
	for used[c] {
		c++
	}
	u.players = append(u.players, Player{Prog: prog, Path: path, Color: c})
	u.clearErrorsFor(displayName(root, name))
	return true
}

func (u *UI) clearErrorsFor(display string) {
	kept := u.errors[:0]
	for _, e := range u.errors {
		if !strings.HasPrefix(e, display+":") {
			kept = append(kept, e)
		}
	}
	u.errors = kept
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, "/:"); i >= 0 {
		return p[i+1:]
	}
	return p
}

// splitPath splits "root:path" into its root and the path inside it.
func (u *UI) splitPath(p string) (Root, string, bool) {
	i := strings.Index(p, ":")
	if i < 0 {
		return Root{}, "", false
	}
	for _, r := range u.cfg.Roots {
		if r.Name == p[:i] {
			return r, p[i+1:], true
		}
	}
	return Root{}, "", false
}

// displayName is how a file is named to the user: disk files by their absolute path,
// others as "root/path".
func displayName(r Root, name string) string { return picker.DisplayName(r, name) }

// RemovePlayer removes player i.
func (u *UI) RemovePlayer(i int) {
	if i < 0 || i >= len(u.players) {
		return
	}
	u.players = append(u.players[:i], u.players[i+1:]...)
	u.restartSeries()
	u.saveSettings()
}

// MovePlayer swaps player i with player i+d (d = ±1).
func (u *UI) MovePlayer(i, d int) {
	j := i + d
	if i < 0 || j < 0 || i >= len(u.players) || j >= len(u.players) {
		return
	}
	u.players[i], u.players[j] = u.players[j], u.players[i]
	u.restartSeries()
	u.saveSettings()
}

// Recolor gives player i the next palette colour no other player uses.
func (u *UI) Recolor(i int) {
	if i < 0 || i >= len(u.players) {
		return
	}
	used := map[int]bool{}
	for j, p := range u.players {
		if j != i {
			used[p.Color] = true
		}
	}
	c := u.players[i].Color
	for k := 0; k < len(Palette); k++ {
		c = (c + 1) % len(Palette)
		if !used[c] {
			break
		}
	}
	u.players[i].Color = c
}

// SetSeed sets the seed of round 1 and restarts the series with it.
func (u *UI) SetSeed(seed int64) {
	u.seed = seed
	u.seedEd.SetText(strconv.FormatInt(seed, 10))
	u.restartSeries()
}

// Restart starts again at round 1 with the same seed and an empty tally (replaying a
// tallied round would count it twice).
func (u *UI) Restart() { u.restartSeries() }

// newGame makes the game of the current round and hands it to the runner (paused).
func (u *UI) newGame() {
	u.gameErr = ""
	u.board.Selected = 0
	if u.cfg.NewGame == nil {
		u.gameErr = "This build has no game engine yet, so games cannot run."
		u.gameNo = u.run.Reset(nil)
		return
	}
	if len(u.players) == 0 {
		u.gameNo = u.run.Reset(nil)
		return
	}
	progs := make([]*robolang.Program, len(u.players))
	for i, p := range u.players {
		progs[i] = p.Prog
	}
	g, err := u.cfg.NewGame(progs, u.opts, u.Seed())
	if err != nil {
		u.gameErr = "The game could not start: " + err.Error()
		u.gameNo = u.run.Reset(nil)
		return
	}
	u.gameNo = u.run.Reset(g)
}

// over reports whether the current game (not one replaced a moment ago) has ended.
func (u *UI) over() bool { return u.snap.Over && u.snap.Game == u.gameNo }

// ToggleRun starts or pauses the game.
func (u *UI) ToggleRun() {
	if u.run.Running() {
		u.wantRun = false
		u.run.Pause()
		return
	}
	if u.over() {
		u.nextRound()
	}
	if u.round > u.seriesEnd {
		u.seriesStart, u.seriesEnd = u.round, u.round+u.rounds()-1
	}
	u.wantRun = true
	u.run.Start()
}

// nextRound makes the game of the next round; the tally goes on.
func (u *UI) nextRound() {
	u.round++
	u.newGame()
}

// restartSeries starts again at round 1 with an empty tally.
func (u *UI) restartSeries() {
	u.round, u.seriesEnd = 1, 0
	u.tally = Tally{}
	u.newGame()
}

func (u *UI) rounds() int {
	n, err := strconv.Atoi(strings.TrimSpace(u.roundsEd.Text()))
	if err != nil || n < 1 {
		return 1
	}
	return min(n, 10000)
}

func (u *UI) blockSize() int {
	n, err := strconv.Atoi(strings.TrimSpace(u.blockEd.Text()))
	if err != nil || n < 1 {
		return 100
	}
	return n
}

func (u *UI) teams() []Team {
	t := make([]Team, len(u.players))
	for i, p := range u.players {
		t[i] = Team{Name: p.Name(), Color: paletteColor(p.Color)}
	}
	return t
}

// setSpeed picks a speed step (0 slowest .. len(speeds)-1 fastest).
func (u *UI) setSpeed(i int) {
	u.speedIdx = min(max(i, 0), len(speeds)-1)
	u.run.SetSpeed(speeds[u.speedIdx])
}

func speedLabel(i int) string {
	if speeds[i] == 0 {
		return "max"
	}
	return fmt.Sprintf("%d/s", speeds[i])
}

// Layout draws the window: the board on the left (or on top in a tall window) and the
// panel with controls, players and views beside it.
func (u *UI) Layout(gtx layout.Context) layout.Dimensions {
	u.run.Sync(&u.snap, &u.evs, &u.hist)
	u.handleKeys(gtx)
	u.handleControls(gtx)
	u.checkOver(gtx)
	if u.message != "" && time.Since(u.msgAt) > 8*time.Second {
		u.message = ""
	}

	paint.Fill(gtx.Ops, panelBg)
	size := gtx.Constraints.Max
	panelW := gtx.Dp(unit.Dp(400))
	// Side by side when the board keeps at least 3/4 of the height beside the panel.
	wide := size.X-panelW >= size.Y*3/4
	var dims layout.Dimensions
	if wide {
		dims = layout.Flex{}.Layout(gtx,
			layout.Flexed(1, u.layoutWorkArea),
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				gtx.Constraints.Min.X, gtx.Constraints.Max.X = panelW, panelW
				return u.layoutPanel(gtx)
			}),
		)
	} else {
		dims = layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Flexed(0.55, u.layoutWorkArea),
			layout.Flexed(0.45, u.layoutPanelColumns),
		)
	}
	return dims
}

func (u *UI) handleKeys(gtx layout.Context) {
	// Shortcuts act only while no text field has the keyboard.
	editing := gtx.Focused(&u.seedEd) || gtx.Focused(&u.blockEd) || gtx.Focused(&u.roundsEd) ||
		u.optEd.editing(gtx) || u.eventLog.editing(gtx) || u.debugEditing(gtx)
	for {
		a, ok := u.keys.Next(gtx, editing)
		if !ok {
			break
		}
		switch a {
		case shortcut.Escape:
			if u.pickOpen {
				u.pickOpen = false
			} else {
				gtx.Execute(key.FocusCmd{Tag: nil})
			}
		case shortcut.Quit:
			if u.cfg.Quit != nil {
				u.cfg.Quit()
			}
		case shortcut.StartPause:
			u.ToggleRun()
		case shortcut.Step:
			u.wantRun = false
			u.run.StepN(1)
		case shortcut.Block:
			u.wantRun = false
			u.run.StepN(u.blockSize())
		case shortcut.Restart:
			u.Restart()
		case shortcut.Fit:
			u.board.FitToWindow()
		case shortcut.Faster:
			u.setSpeed(u.speedIdx + 1)
		case shortcut.Slower:
			u.setSpeed(u.speedIdx - 1)
		case shortcut.Back:
			u.dbg.back.Click()
		}
	}
}

func (u *UI) handleControls(gtx layout.Context) {
	if u.startBtn.Clicked(gtx) {
		u.ToggleRun()
	}
	if u.stepBtn.Clicked(gtx) {
		u.wantRun = false
		if u.over() {
			u.nextRound()
		}
		u.run.StepN(1)
	}
	if u.blockBtn.Clicked(gtx) {
		u.wantRun = false
		if u.over() {
			u.nextRound()
		}
		u.run.StepN(u.blockSize())
	}
	for {
		ev, ok := u.blockEd.Update(gtx)
		if !ok {
			break
		}
		if _, ok := ev.(widget.SubmitEvent); ok {
			u.run.StepN(u.blockSize())
		}
	}
	seedSubmitted := false
	for {
		ev, ok := u.seedEd.Update(gtx)
		if !ok {
			break
		}
		if _, ok := ev.(widget.SubmitEvent); ok {
			seedSubmitted = true
		}
	}
	if u.restartBtn.Clicked(gtx) || seedSubmitted {
		if s, err := strconv.ParseInt(strings.TrimSpace(u.seedEd.Text()), 10, 64); err == nil {
			if s != u.seed {
				u.SetSeed(s)
			} else {
				u.restartSeries()
			}
		} else {
			u.notify("The seed must be a whole number, like 42.")
		}
	}
	if u.newSeedBtn.Clicked(gtx) {
		u.SetSeed(rand.Int64N(1_000_000))
	}
	if u.fitBtn.Clicked(gtx) {
		u.board.FitToWindow()
	}
	if u.fasterBtn.Clicked(gtx) {
		u.setSpeed(u.speedIdx + 1)
	}
	if u.slowerBtn.Clicked(gtx) {
		u.setSpeed(u.speedIdx - 1)
	}
	if u.addBtn.Clicked(gtx) {
		u.pickOpen = !u.pickOpen
	}
	if u.dismissBtn.Clicked(gtx) {
		u.errors = u.errors[:0]
	}
	if u.resetTallyBtn.Clicked(gtx) {
		u.restartSeries()
	}
	for {
		ev, ok := u.roundsEd.Update(gtx)
		if !ok {
			break
		}
		if _, ok := ev.(widget.ChangeEvent); ok && u.seriesEnd >= u.round {
			u.seriesEnd = u.seriesStart + u.rounds() - 1 // a new length applies to the series under way
		}
	}
	for len(u.rows) < len(u.players) {
		u.rows = append(u.rows, playerRow{})
	}
	for i := 0; i < len(u.players); i++ {
		r := &u.rows[i]
		switch {
		case r.up.Clicked(gtx):
			u.MovePlayer(i, -1)
		case r.down.Clicked(gtx):
			u.MovePlayer(i, +1)
		case r.remove.Clicked(gtx):
			u.RemovePlayer(i)
		case r.recolor.Clicked(gtx):
			u.Recolor(i)
		}
	}
	for i := range u.tabs {
		if u.tabs[i].Clicked(gtx) {
			u.tab = i
		}
	}
	if u.pickOpen {
		if path, ok := u.picker.update(gtx); ok {
			if u.AddPlayer(path) {
				u.picker.remember()
			}
		}
		if u.picker.closeReq {
			u.picker.closeReq, u.pickOpen = false, false
		}
	}
	if u.optEd.update(gtx, u.cfg.Options, &u.opts) {
		u.restartSeries()
		u.saveSettings()
	}
}

// checkOver puts a finished game into the tally once, and moves on to the next round of
// a series after a pause that lets the banner be read.
func (u *UI) checkOver(gtx layout.Context) {
	if !u.over() || u.snap.Game == 0 {
		return
	}
	if u.tallied != u.snap.Game {
		u.tallied = u.snap.Game
		u.tally.Add(u.snap.Ranks, len(u.players))
		u.overAt = gtx.Now
	}
	if u.wantRun && u.round < u.seriesEnd {
		next := u.overAt.Add(1500 * time.Millisecond)
		if gtx.Now.After(next) {
			u.nextRound()
			u.run.Start()
		} else {
			gtx.Execute(op.InvalidateCmd{At: next})
		}
	}
}

func (u *UI) layoutBoard(gtx layout.Context) layout.Dimensions {
	return layout.Stack{}.Layout(gtx,
		layout.Expanded(func(gtx layout.Context) layout.Dimensions {
			return Board(u.th, &u.board, u.snap.Size, u.snap.Robots, u.teams()).Layout(gtx)
		}),
		layout.Expanded(func(gtx layout.Context) layout.Dimensions {
			if u.board.Zoom() <= 1 {
				return layout.Dimensions{}
			}
			return layout.NW.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return layout.UniformInset(unit.Dp(6)).Layout(gtx, u.tipped(&u.tips.fit, "Show the whole board (F)", u.smallButton(&u.fitBtn, "Fit board")))
			})
		}),
		layout.Stacked(func(gtx layout.Context) layout.Dimensions {
			if u.snap.Size == 0 {
				return u.layoutEmptyBoard(gtx)
			}
			if u.over() {
				return u.layoutBanner(gtx)
			}
			return layout.Dimensions{}
		}),
	)
}

func (u *UI) layoutEmptyBoard(gtx layout.Context) layout.Dimensions {
	gtx.Constraints.Min = gtx.Constraints.Max
	msg := "Add up to five programs with “Add program…” on the right, then press Start (Space)."
	if u.gameErr != "" {
		msg = u.gameErr
	}
	return layout.Center.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		gtx.Constraints.Max.X = min(gtx.Constraints.Max.X, gtx.Dp(420))
		l := material.Body1(u.th, msg)
		l.Color = color.NRGBA{0xDD, 0xDD, 0xDD, 0xFF}
		l.Alignment = text.Middle
		return l.Layout(gtx)
	})
}

// layoutBanner shows the end of a game: the ranking and what happens next.
func (u *UI) layoutBanner(gtx layout.Context) layout.Dimensions {
	gtx.Constraints.Min = gtx.Constraints.Max
	return layout.Center.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		gtx.Constraints.Min = image.Point{}
		gtx.Constraints.Max.X = min(gtx.Constraints.Max.X, gtx.Dp(360))
		return card(gtx, color.NRGBA{0xFF, 0xFF, 0xFF, 0xF0}, func(gtx layout.Context) layout.Dimensions {
			var ch []layout.FlexChild
			ch = append(ch, layout.Rigid(material.H6(u.th, u.resultHeadline()).Layout))
			for _, i := range rankOrder(u.snap.Ranks) {
				if i >= len(u.players) {
					continue
				}
				i := i
				ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
					return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
						layout.Rigid(material.Body1(u.th, fmt.Sprintf("%d.", u.snap.Ranks[i])).Layout),
						layout.Rigid(layout.Spacer{Width: 6}.Layout),
						layout.Rigid(swatch(paletteColor(u.players[i].Color), 12)),
						layout.Rigid(layout.Spacer{Width: 6}.Layout),
						layout.Rigid(material.Body1(u.th, fmt.Sprintf("%s  (%s)", u.players[i].Name(), plural(countOf(u.snap.Counts, i), "robot"))).Layout),
					)
				}))
			}
			next := fmt.Sprintf("Start (Space) plays round %d; the tally goes on (Reset tally starts over).", u.round+1)
			if u.round < u.seriesEnd && u.wantRun {
				next = fmt.Sprintf("Round %d of this series of %d follows.", u.round+1, u.rounds())
			}
			ch = append(ch, layout.Rigid(layout.Spacer{Height: 6}.Layout), layout.Rigid(material.Caption(u.th, next).Layout))
			return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
		})
	})
}

func (u *UI) resultHeadline() string {
	winners := 0
	w := -1
	for i, r := range u.snap.Ranks {
		if r == 1 {
			winners++
			w = i
		}
	}
	c := u.snap.Cycle
	switch {
	case winners == 1 && len(u.players) > 1 && w < len(u.players):
		return fmt.Sprintf("%s wins (cycle %d)", u.players[w].Name(), c)
	case winners >= 1:
		return fmt.Sprintf("Draw (cycle %d)", c)
	}
	return fmt.Sprintf("Game over (cycle %d)", c)
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

func card(gtx layout.Context, bg color.NRGBA, w layout.Widget) layout.Dimensions {
	return layout.Background{}.Layout(gtx,
		func(gtx layout.Context) layout.Dimensions {
			paint.FillShape(gtx.Ops, bg, clip.UniformRRect(image.Rectangle{Max: gtx.Constraints.Min}, gtx.Dp(6)).Op(gtx.Ops))
			return layout.Dimensions{Size: gtx.Constraints.Min}
		},
		func(gtx layout.Context) layout.Dimensions {
			return layout.UniformInset(unit.Dp(12)).Layout(gtx, w)
		})
}

func swatch(c color.NRGBA, dp unit.Dp) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		s := gtx.Dp(dp)
		r := image.Rectangle{Max: image.Pt(s, s)}
		paint.FillShape(gtx.Ops, c, clip.UniformRRect(r, s/4).Op(gtx.Ops))
		return layout.Dimensions{Size: r.Max}
	}
}

// SetWindowSize records the window size (in dp) to remember it.
func (u *UI) SetWindowSize(w, h int) { u.windowSize = image.Pt(w, h) }

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
		s.LastFolder = u.picker.Location()
		s.RecentFolders = append([]string(nil), u.picker.Recent()...)
		s.Players = players
		s.Options = u.opts.Name
		if strings.HasPrefix(s.Options, "edited ") {
			s.Options = strings.TrimPrefix(s.Options, "edited ")
		}
		s.Speed, s.SpeedSet = u.speedIdx, true
		if u.windowSize.X > 0 {
			s.WindowW, s.WindowH = u.windowSize.X, u.windowSize.Y
		}
	})
	if err != nil {
		u.notify("Could not save the settings: " + err.Error())
	}
}
