package corewin

import (
	"fmt"
	"image/color"
	"io/fs"
	"math/rand/v2"
	"path"
	"slices"
	"strings"
	"time"

	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/widget"

	"robocom/corewars"
	"robocom/corewars/play"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
	"robocom/ui/kit"
	"robocom/ui/picker"
)

// session is the Core War game the window plays, without any of its views: the players and
// their language, the parameters, the series of rounds with its seed and tally, the Runner
// with its last snapshot, and the process selected for the statistics, the trace and the
// core's marks. The views read it and change it through its methods; it knows none of them
// and tells the window through its hooks.
type session struct {
	cfg        Config
	run        *runner
	snap       Snapshot
	remembered Memory // what cfg.Remember was last told

	lang    play.Language
	params  play.Params
	players []*player
	errors  []string // load errors, file:line[:col]: message
	failed  []*failedFile
	statusMessage
	gameErr string
	confirm kit.Confirm // asks before a change replaces the game under way (confirm.go)

	seed     int64
	round    int         // 1-based round of the series; round k plays seed+k-1
	pspace   play.PSpace // what this round starts with in p-space: what the round before left (Redcode)
	tally    play.Tally  // the series' score, by corewars/play's rule
	tallied  int         // the Snapshot.Game already counted
	wantRun  bool        // the user pressed Start: next rounds start by themselves
	nextAt   time.Time   // when the next round of a series starts
	speedIdx int         // into kit.Speeds

	core     *CoreState // the core view's zoom and selected cell, which the dump follows
	selected int        // the process selected in the statistics, -1 none
	marked   int        // the process whose cells are marked in the core, -1 none
	traceOn  bool       // the selected process's instructions are recorded (the Trace tab's box)

	// onEdit opens a program in the editor (the players' Edit buttons); onRoundOver is told
	// when a round was counted and the series stops there.
	onEdit      func(path string)
	onRoundOver func()
	onInspect   func(process int) // a warrior's name was clicked: open its inspector
}

// player is one loaded program.
type player struct {
	path   string // Root.Name + ":" + path
	prog   *play.Program
	copies int
	stale  bool // its file did not load at the last reload: prog is the version loaded before

	remove, more, fewer, edit widget.Clickable
	inspect                   widget.Clickable // the name: opens the first copy's inspector
}

// failedFile is a program that did not assemble: the Players tab offers to edit it, and
// saving it from the editor tries to add it again.
type failedFile struct {
	path, name string
	edit       widget.Clickable
}

func newSession(cfg Config) *session {
	s := &session{cfg: cfg, round: 1, speedIdx: 9, lang: play.CW, params: play.Defaults(play.CW), selected: -1, marked: -1, traceOn: true}
	s.run = newRunner(cfg.Invalidate)
	s.run.SetSpeed(kit.Speeds[s.speedIdx])
	s.seed = cfg.Seed
	if s.seed == 0 {
		s.seed = rand.Int64N(1_000_000) + 1
	}
	return s
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

// memory is the current Memory with the picker's folder.
func (s *session) memory(folder string) Memory {
	m := Memory{Folder: folder}
	for _, p := range s.players {
		m.Players = append(m.Players, p.path)
		m.Copies = append(m.Copies, p.copies)
	}
	return m
}

// remember tells cfg.Remember when the players, copies or folder changed since it was told.
func (s *session) remember(folder string) {
	if s.cfg.Remember == nil {
		return
	}
	if m := s.memory(folder); !m.equal(s.remembered) {
		s.remembered = m
		s.cfg.Remember(m)
	}
}

// statusMessage is the message on the status line, for ten seconds. What one action says
// (one frame's events, or the window's start with its command line's files) is said
// together: "hive.rob is not a Core War program … Added 2 programs." A second sentence
// replacing the first hid a refusal behind the news after it. A later action's message
// replaces the last one's.
type statusMessage struct {
	message string
	msgAt   time.Time
	msgInfo bool   // news ("Added 3 programs."), not a refusal or an error
	frame   uint64 // counts nextAction
	msgOf   uint64 // the frame the message was said in
}

// nextAction starts a new frame: what is said from now on replaces the message.
func (m *statusMessage) nextAction() { m.frame++ }

// notify shows a refusal or an error on the status line (in the error colour). The message is
// escaped (termtext.Escape) here, where every message passes: many name a file.
func (m *statusMessage) notify(msg string) { m.say(msg, false) }

// inform shows news on the status line (in the notice colour): what was done, not refused.
func (m *statusMessage) inform(msg string) { m.say(msg, true) }

// say sets the message, or adds msg to what the same action said already (in the error
// colour if either is a refusal or an error).
func (m *statusMessage) say(msg string, info bool) {
	msg = termtext.Escape(msg)
	if m.message != "" && m.msgOf == m.frame {
		if !strings.Contains(m.message, msg) {
			if !strings.HasSuffix(m.message, ".") { // (pMARS's warnings end without one)
				m.message += "."
			}
			m.message += " " + msg
		}
		m.msgInfo = m.msgInfo && info
	} else {
		m.message, m.msgInfo = msg, info
	}
	m.msgAt, m.msgOf = time.Now(), m.frame
}

// Message is the current message ("" if none).
func (m *statusMessage) Message() string { return m.message }

// Errors are the load errors shown in the Players tab.
func (s *session) Errors() []string { return s.errors }

// Language is the language of the loaded players (Corewars when none is loaded).
func (s *session) Language() play.Language { return s.lang }

// Running reports whether the game is playing (not paused, not over).
func (s *session) Running() bool { return s.run.Running() }

// Title names the players and the time, for the window title.
func (s *session) Title() string {
	var names []string
	for _, p := range s.players {
		names = append(names, termtext.Clip(p.prog.Name, kit.TitleName))
	}
	if len(names) == 0 {
		return "RoboCom Arena — Core War"
	}
	return fmt.Sprintf("Core War — %s — cycle %d", strings.Join(names, " vs "), s.snap.Cycle)
}

// readFile reads "root:path" from the roots.
func (s *session) readFile(p string) ([]byte, error) {
	i := strings.Index(p, ":")
	if i < 0 {
		return nil, fmt.Errorf("%s: no such place (expected root:path)", p)
	}
	for _, r := range s.cfg.Roots {
		if r.Name == p[:i] {
			name := strings.TrimPrefix(path.Clean("/"+p[i+1:]), "/")
			return readProgram(r.FS, name, picker.DisplayName(r, name))
		}
	}
	return nil, fmt.Errorf("%s: unknown place %q", p, p[:i])
}

// maxProgramBytes bounds a program file: the longest real programs are a few kilobytes.
var maxProgramBytes = userfile.CoreSource.Max

// readProgram reads a regular file of at most maxProgramBytes through userfile: a device or
// a FIFO named x.red would otherwise block the window or fill the memory. display names the
// file in its errors as the picker shows it (picker.DisplayName: "/home/me/x.red", not the
// root's inner "home/me/x.red"), as the RoboCom mode names it.
func readProgram(fsys fs.FS, name, display string) ([]byte, error) {
	return userfile.ReadFS(fsys, name, display, userfile.CoreSource)
}

// loadShown is play.Load for a player: the program's name (its ;name line, or its file's name)
// is escaped (termtext.Escape) once here, so that the players list, the title, the dialogs,
// the tally and the window's tournaments show it as they show every text from a file.
func loadShown(file string, src []byte, p play.Params) (*play.Program, error) {
	prog, err := play.Load(file, src, p)
	if err == nil {
		prog.Name = termtext.Escape(prog.Name)
	}
	return prog, err
}

// AddPlayer loads a program ("root:path") as a player. The first program sets the language
// (and its default parameters); programs of another language are refused with a message. A
// program the assembler warns of is added, and the status line says so (warnings.go).
func (s *session) AddPlayer(p string) bool {
	name := path.Base(p[strings.Index(p, ":")+1:])
	l := play.LanguageOf(name)
	if l == play.NoLanguage {
		s.notify(name + " is not a Core War program: the Core War mode plays .red, .cw and .vna files.")
		return false
	}
	if len(s.players) > 0 && l != s.lang {
		s.notify(fmt.Sprintf("%s is %s, the players are %s: one game is in one language. Remove the players to switch.", name, l, s.lang))
		return false
	}
	if most := play.MaxPlayers(l, MaxPlayers); len(s.players) >= most {
		s.notify(fmt.Sprintf("At most %d %s programs play at once; remove one first.", most, l))
		return false
	}
	if len(s.players) == 0 && l != s.lang {
		s.lang, s.params = l, play.Defaults(l)
	}
	src, err := s.readFile(p)
	s.clearErrorsFor(name)
	if err != nil {
		s.errors = append(s.errors, kit.UnreadableLine(name, err))
		return false
	}
	prog, err := loadShown(name, src, s.params)
	if err != nil {
		s.errors = append(s.errors, kit.ErrorLines(name, err)...)
		s.addFailed(p, name)
		return false
	}
	s.dropFailed(p)
	s.players = append(s.players, &player{path: p, prog: prog, copies: 1})
	if news := warningNews(prog); news != "" {
		s.inform(news)
	}
	return true
}

func (s *session) addFailed(p, name string) {
	for _, f := range s.failed {
		if f.path == p {
			return
		}
	}
	s.failed = append(s.failed, &failedFile{path: p, name: name})
}

func (s *session) dropFailed(p string) {
	for i, f := range s.failed {
		if f.path == p {
			s.failed = append(s.failed[:i], s.failed[i+1:]...)
			return
		}
	}
}

func (s *session) clearErrorsFor(name string) { s.errors = kit.DropErrorsOf(s.errors, name) }

// addAll adds the programs of a folder that are in the players' language (the first one's
// when there are no players yet), up to MaxPlayers, and says what it left out.
func (s *session) addAll(paths []string) {
	lang := s.lang
	if len(s.players) == 0 {
		lang = play.NoLanguage
	}
	added, skipped, warned := 0, 0, 0
	for _, p := range paths {
		l := play.LanguageOf(p)
		if lang == play.NoLanguage {
			lang = l
		}
		if l != lang || len(s.players) >= play.MaxPlayers(l, MaxPlayers) {
			skipped++
			continue
		}
		if s.AddPlayer(p) {
			added++
			if len(s.players[len(s.players)-1].prog.Warnings) > 0 {
				warned++
			}
		}
	}
	s.message = ""
	with := ""
	if warned > 0 {
		with = fmt.Sprintf(" %d with warnings, listed below.", warned)
	}
	switch {
	case skipped > 0:
		s.notify(fmt.Sprintf("Added %d programs; %d left out (another language than %s, or more than %d players).%s", added, skipped, lang, play.MaxPlayers(lang, MaxPlayers), with))
	case added > 0:
		s.inform(fmt.Sprintf("Added %d programs.%s", added, with))
	}
	s.restartSeries()
}

// RemovePlayer removes player i and starts a new game.
func (s *session) RemovePlayer(i int) {
	if i < 0 || i >= len(s.players) {
		return
	}
	s.players = append(s.players[:i], s.players[i+1:]...)
	s.restartSeries()
}

// reloadPlayers assembles every player again (after a parameter or source change), and
// the programs that failed to load. A player whose file cannot be read or assembled now
// keeps the program it had, marked stale (staleNote says so).
func (s *session) reloadPlayers() {
	s.errors = s.errors[:0]
	for _, p := range s.players {
		src, err := s.readFile(p.path)
		if err != nil {
			s.errors = append(s.errors, kit.UnreadableLine(p.prog.File, err))
			p.stale = true
			continue
		}
		prog, err := loadShown(p.prog.File, src, s.params)
		if err != nil {
			s.errors = append(s.errors, kit.ErrorLines(p.prog.File, err)...)
			p.stale = true
			continue
		}
		p.prog, p.stale = prog, false
	}
	// Programs that failed before are tried again: fixed ones join the players.
	failed := s.failed
	s.failed = nil
	for _, f := range failed {
		s.AddPlayer(f.path)
	}
}

// staleNote says which players play the program they had before a reload whose file failed
// ("" when none): the errors are listed under the players, but without this the game
// restarted as though the new version were in it. It is worked out when shown, so that it
// goes when the player loads again or is removed. (A function of the players: session
// is at the kit's limit of methods a type.)
func staleNote(players []*player) string {
	var kept []string
	for _, p := range players {
		if p.stale {
			kept = append(kept, termtext.Clip(p.prog.Name, kit.TitleName))
		}
	}
	return kit.OldVersionNote(kept)
}

// restartSeries starts the series again from round 1 with a new game.
func (s *session) restartSeries() {
	s.resetSeries()
	s.newGame()
}

// resetSeries starts the tally afresh. The game on screen until the next snapshot belongs to
// the series left behind: it counts as tallied, or checkOver, later in the frame of the click
// (Restart, Remove, Apply), would add that round's result to the new series.
func (s *session) resetSeries() {
	s.round, s.tallied, s.nextAt = 1, s.snap.Game, time.Time{}
	s.tally = play.Tally{}
	s.pspace = play.PSpace{}
}

// nextRound moves the series on to its next round, which starts with what the finished one
// left in p-space, as the rounds of a pMARS battle and of `robocom core -rounds` do (Redcode;
// .cw and .vna keep nothing). A round that stopped short (Snapshot.Stopped) has no result, and
// what it left in p-space is no round's: the next one starts with empty p-space.
func (s *session) nextRound() {
	s.pspace = play.PSpace{}
	s.run.withEngine(func(e corewars.Engine) {
		if e != nil && e.Over() && corewars.StopErr(e) == nil {
			s.pspace = play.PSpaceOf(e)
		}
	})
	s.round++
}

// newGame starts the current round (paused) with the players and parameters.
func (s *session) newGame() {
	s.gameErr = ""
	var progs []*play.Program
	var copies []int
	for _, p := range s.players {
		progs = append(progs, p.prog)
		copies = append(copies, p.copies)
	}
	if len(progs) == 0 {
		s.run.reset(nil)
		return
	}
	rc := &recipe{progs: progs, copies: copies, params: s.params, seed: s.seed + int64(s.round) - 1, pspace: s.pspace}
	g, err := rc.build()
	if err != nil {
		s.gameErr = err.Error()
		s.run.reset(nil)
		return
	}
	s.selected, s.marked = -1, -1
	s.run.setTrace(-1)
	s.run.setRecipe(rc)
	s.run.reset(g)
}

// SetSeed sets the seed of the series and restarts it.
func (s *session) SetSeed(seed int64) {
	s.seed = seed
	s.restartSeries()
}

// setSpeed picks a speed step.
func (s *session) setSpeed(i int) {
	s.speedIdx = kit.ClampSpeed(i)
	s.run.SetSpeed(kit.Speeds[s.speedIdx])
}

// ToggleRun starts or pauses the game.
func (s *session) ToggleRun() {
	if s.snap.Running {
		s.wantRun = false
		s.run.setRunning(false)
		return
	}
	if !s.readyToPlay() {
		return
	}
	s.wantRun = true
	s.run.setRunning(true)
}

// stepInstr pauses and runs one instruction, in the next round when this one is over.
func (s *session) stepInstr() {
	if !s.readyToPlay() {
		return
	}
	s.wantRun = false
	s.run.stepInstr(1)
}

// block pauses and runs n cycles, in the next round when this one is over.
func (s *session) block(n int64) {
	if !s.readyToPlay() {
		return
	}
	s.wantRun = false
	s.run.block(n)
}

// readyToPlay is what Start, Step and Run do first. With no game to play (no programs yet,
// or programs that cannot play together) it says why nothing happens and reports false; when
// the round is over it starts the next one, or round 1 again after the last.
func (s *session) readyToPlay() bool {
	switch {
	case len(s.players) == 0:
		s.notify("Add programs in the Players tab first: there is no game to run.")
		return false
	case s.gameErr != "":
		s.notify("The game cannot start: " + s.gameErr)
		return false
	}
	if s.snap.Over {
		if s.round < s.params.Rounds {
			s.nextRound()
		} else {
			s.resetSeries()
		}
		s.newGame()
		s.run.sync(&s.snap)
	}
	return true
}

// SelectProcess selects process p (-1: none) for the statistics, marks its cells in the core
// and traces it when the trace records.
func (s *session) SelectProcess(p int) {
	s.selected, s.marked = p, p
	s.run.setTrace(s.tracedFor(p))
}

// tracedFor is the process to trace when p is selected.
func (s *session) tracedFor(p int) int {
	if !s.traceOn {
		return -1
	}
	return p
}

// checkOver counts a finished round in the series and starts the next one when the user
// pressed Start (after a short pause to see the end).
func (s *session) checkOver(gtx layout.Context) {
	if !s.snap.Over || s.tallied == s.snap.Game {
		return
	}
	if s.nextAt.IsZero() {
		if s.snap.Stopped != "" { // no result to count: the series stops here
			s.tallied = s.snap.Game
			if s.onRoundOver != nil {
				s.onRoundOver()
			}
			return
		}
		alive := make([]bool, len(s.players))
		for _, st := range s.snap.Stats {
			if st.Alive && st.Program < len(alive) {
				alive[st.Program] = true
			}
		}
		s.tally.Add(alive)
		if s.round >= s.params.Rounds || !s.wantRun {
			s.tallied = s.snap.Game
			if s.onRoundOver != nil {
				s.onRoundOver()
			}
			return
		}
		s.nextAt = time.Now().Add(1500 * time.Millisecond)
	}
	if time.Now().Before(s.nextAt) {
		gtx.Execute(op.InvalidateCmd{At: s.nextAt})
		return
	}
	s.tallied, s.nextAt = s.snap.Game, time.Time{}
	s.nextRound()
	s.newGame()
	s.run.setRunning(true)
	s.run.sync(&s.snap)
}

// draws is how many rounds of the series no program won alone.
func (s *session) draws() int {
	d := s.tally.Rounds
	for i := range s.players {
		d -= s.tally.Of(i).Wins
	}
	return d
}

// ResultLine says how the round ended, "" while it runs.
func (s *session) ResultLine() string {
	if !s.snap.Over {
		return ""
	}
	if s.snap.Stopped != "" {
		return fmt.Sprintf("Round %d stopped after %d cycles: %s.", s.round, s.snap.Cycle, s.snap.Stopped)
	}
	winner := ""
	for _, st := range s.snap.Stats {
		if st.Alive {
			if winner != "" && winner != st.Name {
				winner = ""
				break
			}
			winner = st.Name
		}
	}
	winner = strings.TrimSpace(termtext.Clip(winner, kit.TitleName)) // (a ";name Arrow " line keeps its space: pMARS prints it)
	if winner == "" {
		return fmt.Sprintf("Round %d over after %d cycles: a draw.", s.round, s.snap.Cycle)
	}
	return fmt.Sprintf("Round %d over after %d cycles: %s wins.", s.round, s.snap.Cycle, winner)
}

// tallyText is the running tally of the series, " Tally: Dwarf 2, Imp 1, draws 0".
func (s *session) tallyText() string {
	if s.params.Rounds <= 1 || len(s.players) == 0 {
		return ""
	}
	var parts []string
	for i, p := range s.players {
		parts = append(parts, fmt.Sprintf("%s %d", strings.TrimSpace(termtext.Clip(p.prog.Name, kit.TitleName)), s.tally.Of(i).Wins))
	}
	parts = append(parts, fmt.Sprintf("draws %d", s.draws()))
	return " Tally: " + strings.Join(parts, ", ")
}

// colorOf is process p's colour: its program's, grey for a process not in this game (an
// inspector left open after a player was removed), which is no program's.
func (s *session) colorOf(p int) color.NRGBA {
	if p < 0 || p >= len(s.snap.Stats) {
		return mutedCol
	}
	return kit.PaletteColor(s.snap.Stats[p].Program)
}

// processName is "Dwarf", or "Dwarf #2" when its program runs in several copies; a name
// too long for a title or a panel's header is clipped (kit.TitleName).
func (s *session) processName(p int) string {
	if p < 0 || p >= len(s.snap.Stats) {
		return "nobody"
	}
	st := s.snap.Stats[p]
	name := termtext.Clip(st.Name, kit.TitleName)
	if st.Program < len(s.players) && s.players[st.Program].copies > 1 {
		return fmt.Sprintf("%s #%d", strings.TrimSpace(name), st.Copy+1)
	}
	return name
}

// cellLine describes a cell: address, owner and content.
func (s *session) cellLine(a int) string {
	var c corewars.Cell
	ok := false
	s.run.withEngine(func(e corewars.Engine) {
		if e != nil && a >= 0 && a < e.Size() {
			c, ok = e.Cell(a), true
		}
	})
	if !ok {
		return ""
	}
	owner := "no owner"
	if c.Owner >= 0 {
		owner = "owner " + s.processName(c.Owner)
	}
	when := ""
	if c.Written >= 0 {
		when = fmt.Sprintf(", written at %d", c.Written)
	}
	return fmt.Sprintf("%d: %s   (%s%s)", a, c.Text, owner, when)
}

// Machine gives f the engine of the game in the core (nil when there is none), on the
// simulation goroutine while the window waits: for views that read more of the machine than
// the snapshot carries (cells, process queues). f must not keep the engine.
func (s *session) Machine(f func(e corewars.Engine)) { s.run.withEngine(f) }
