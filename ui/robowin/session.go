package robowin

import (
	"crypto/sha256"
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"time"

	"gioui.org/layout"
	"gioui.org/op"

	"robocom/arena"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
	"robocom/robolang"
	"robocom/ui/kit"
)

// session is the game the window plays, without any of its views: the players, the series
// of rounds with its seed and tally, the rules, and the Runner with its last snapshot. The
// views read it and change it through its methods and those of its parts (roster, series,
// notice); it knows none of them.
type session struct {
	cfg  Config
	run  *Runner
	snap Snapshot
	evs  []arena.Event
	hist History

	players roster
	errors  []string // load errors, each "file:line:col: message"
	note    notice

	series      series
	gameNo      int  // the Snapshot.Game of the game made last; older snapshots are stale
	wantRun     bool // the user pressed Start; next rounds start by themselves
	opts        GameOptions
	gameErr     string
	speedIdx    int
	keepRefused bool        // loading the players of the last run: keep those only the set refuses
	playerKeys  int         // the last Player.key given
	failedLoads []string    // the programs of the load under way that did not load (failedNote)
	retry       []string    // the paths of programs that did not load: Restart tries them again
	windowSize  image.Point // in dp, as last reported by the window loop

	confirm kit.Confirm // asks before a change replaces the game under way (confirm.go)

	// onNewGame is told when a new game replaces the current one (the board drops its
	// selection); onChange when what is remembered between runs changed.
	onNewGame, onChange func()
}

// roster is the players in order, and what is read from them alone: their names and colours
// as the views show them.
type roster []Player

// series is the rounds played one after another from one seed, and their tally.
type series struct {
	seed        int64
	round       int // 1-based round; round k plays seed + k − 1
	roundsWant  int // how many rounds Start plays in a row
	seriesEnd   int // rounds up to this one follow each other by themselves
	seriesStart int // the round the series under way began with
	tally       Tally
	tallied     int // the Snapshot.Game whose result is in the tally
	overAt      time.Time
}

// Runner gives tests and tools access to the simulation.
func (s *session) Runner() *Runner { return s.run }

// Players are the loaded programs in order.
func (s *session) Players() []Player { return s.players }

// Seed is the seed of the current round.
func (s *session) Seed() int64 { return s.series.seed + int64(s.series.round) - 1 }

// Snapshot is the last snapshot drawn.
func (s *session) Snapshot() *Snapshot { return &s.snap }

// Message is the notice shown to the user, if any.
func (s *session) Message() string { return s.note.text }

// Errors are the load errors shown.
func (s *session) Errors() []string { return s.errors }

// Running reports whether the game is playing (not paused, not over).
func (s *session) Running() bool { return s.run.Running() }

// Title is the window title: the players and the cycle.
func (s *session) Title() string {
	var names []string
	for _, p := range s.players {
		names = append(names, p.shortName())
	}
	t := "RoboCom Arena"
	if len(names) > 0 {
		t += " — " + strings.Join(names, " vs ")
		t += fmt.Sprintf(" — cycle %d", s.snap.Cycle)
	}
	return t
}

// notice is the short message shown to the user (a refused sixth player, a file that did
// not load, ...) and when it came.
type notice struct {
	text    string
	at      time.Time
	refusal bool // the message refuses a sixth player: it stays until acted on
}

func (n *notice) set(msg string) { n.text, n.at, n.refusal = msg, time.Now(), false }

// dropRefusal takes away the refusal of a sixth player once the user acted on it (removed a
// player, or closed the picker).
func (n *notice) dropRefusal() {
	if n.refusal {
		n.text, n.refusal = "", false
	}
}

// failedNote says which programs of one load (the window's launch loads several) did not.
func failedNote(names []string) string {
	if len(names) == 1 {
		return names[0] + " did not load; its errors are listed below."
	}
	return termtext.List(names) + " did not load; their errors are listed below."
}

// AddPlayer loads a program from a root ("root:path") and adds it; it refuses a sixth.
func (s *session) AddPlayer(path string) bool {
	s.failedLoads = nil
	ok := s.addPlayer(path)
	if ok {
		s.restartSeries()
		s.changed()
	}
	return ok
}

func (s *session) addPlayer(path string) bool {
	if len(s.players) >= MaxPlayers {
		s.note.set(fmt.Sprintf("At most %d programs play at once: remove one before adding %s.", MaxPlayers, baseName(path)))
		s.note.refusal = true
		return false
	}
	// failed lists errs and names the file in the notice, whatever kept it from loading.
	failed := func(file string, errs ...string) bool {
		s.errors = append(s.errors, errs...)
		if !slices.Contains(s.retry, path) {
			s.retry = append(s.retry, path)
		}
		s.failedLoads = append(s.failedLoads, baseName(file))
		s.note.set(failedNote(s.failedLoads))
		return false
	}
	root, name, ok := s.splitPath(path)
	if !ok {
		return failed(path, fmt.Sprintf("%s: no such place to load from", termtext.Escape(path)))
	}
	// userfile reads only regular files of a sane size: a FIFO or a device would hang the window.
	src, err := readProgramFile(root, name)
	if err != nil {
		return failed(name, termtext.Escape(err.Error()))
	}
	if s.cfg.Load == nil {
		return failed(name, termtext.Escape(displayName(root, name))+": this build cannot load programs yet (the language package is missing)")
	}
	prog, err := s.cfg.Load(displayName(root, name), src, s.language())
	if err != nil {
		failed(name, kit.ErrorLines(displayName(root, name), err)...)
		if !s.keepRefused || !s.loadsUnderRC3(displayName(root, name), src) {
			return false
		}
		prog = nil // a remembered RC3 player stays listed, unloaded, until an RC3 set is chosen
	}
	used := map[int]bool{}
	for _, p := range s.players {
		used[p.Color] = true
	}
	c := s.colorFor(path, used)
	s.playerKeys++
	s.players = append(s.players, Player{Prog: prog, Path: path, Color: c, key: s.playerKeys, read: sha256.Sum256(src)})
	if prog != nil {
		s.clearErrorsFor(displayName(root, name))
	}
	s.retry = slices.DeleteFunc(s.retry, func(r string) bool { return r == path })
	return true
}

// readProgramFile reads a program's file as every load does: userfile reads only regular
// files of a sane size (a FIFO or a device would hang the window).
func readProgramFile(root Root, name string) ([]byte, error) {
	return userfile.ReadFS(root.FS, name, displayName(root, name), userfile.Program)
}

func (s *session) clearErrorsFor(display string) { s.errors = kit.DropErrorsOf(s.errors, display) }

// splitPath splits "root:path" into its root and the path inside it.
func (s *session) splitPath(p string) (Root, string, bool) {
	i := strings.Index(p, ":")
	if i < 0 {
		return Root{}, "", false
	}
	for _, r := range s.cfg.Roots {
		if r.Name == p[:i] {
			return r, p[i+1:], true
		}
	}
	return Root{}, "", false
}

// RemovePlayer removes player i.
func (s *session) RemovePlayer(i int) {
	if i < 0 || i >= len(s.players) {
		return
	}
	s.players = append(s.players[:i], s.players[i+1:]...)
	s.note.dropRefusal()
	s.restartSeries()
	s.changed()
}

// MovePlayer swaps player i with player i+d (d = ±1).
func (s *session) MovePlayer(i, d int) {
	j := i + d
	if i < 0 || j < 0 || i >= len(s.players) || j >= len(s.players) {
		return
	}
	s.players[i], s.players[j] = s.players[j], s.players[i]
	s.restartSeries()
	s.changed()
}

// Recolor gives player i the next palette colour no other player uses.
func (s *session) Recolor(i int) {
	if i < 0 || i >= len(s.players) {
		return
	}
	used := map[int]bool{}
	for j, p := range s.players {
		if j != i {
			used[p.Color] = true
		}
	}
	c := s.players[i].Color
	for k := 0; k < len(Palette); k++ {
		c = (c + 1) % len(Palette)
		if !used[c] {
			break
		}
	}
	s.players[i].Color = c
	s.changed() // remembered with the program (Settings.PlayerColors)
}

// SetSeed sets the seed of round 1 and restarts the series with it.
func (s *session) SetSeed(seed int64) {
	s.series.seed = seed
	s.restartSeries()
}

// Restart starts again at round 1 with the same seed and an empty tally (replaying a
// tallied round would count it twice).
func (s *session) Restart() { s.restartSeries() }

// newGame makes the game of the current round and hands it to the runner (paused).
func (s *session) newGame() {
	s.gameErr = ""
	if s.onNewGame != nil {
		s.onNewGame()
	}
	if s.cfg.NewGame == nil {
		s.gameErr = "This build has no game engine yet, so games cannot run."
		s.gameNo = s.run.Reset(nil)
		return
	}
	if len(s.players) == 0 {
		s.gameNo = s.run.Reset(nil)
		return
	}
	if s.players.unloaded() > 0 {
		s.gameErr = s.unloadedError()
		s.gameNo = s.run.Reset(nil)
		return
	}
	progs := make([]*robolang.Program, len(s.players))
	for i, p := range s.players {
		progs[i] = p.Prog
	}
	newGame, opts, seed := s.cfg.NewGame, s.opts, s.Seed()
	opts.Values = slices.Clone(opts.Values) // the Options tab may change s.opts meanwhile
	s.gameNo = s.run.ResetWith(func() (Game, error) { return newGame(progs, opts, seed) })
}

// over reports whether the current game (not one replaced a moment ago) has ended.
func (s *session) over() bool { return s.snap.Over && s.snap.Game == s.gameNo }

// ToggleRun starts or pauses the game.
func (s *session) ToggleRun() {
	if s.run.Running() {
		s.wantRun = false
		s.run.Pause()
		return
	}
	if s.over() {
		s.nextRound()
	}
	s.series.begin()
	s.wantRun = true
	s.run.Start()
}

// nextRound makes the game of the next round; the tally goes on.
func (s *session) nextRound() {
	s.series.round++
	s.newGame()
}

// restartSeries starts again at round 1 with an empty tally.
func (s *session) restartSeries() {
	s.series.restart()
	s.newGame()
}

// restart goes back to round 1 with an empty tally.
func (r *series) restart() {
	r.round, r.seriesEnd = 1, 0
	r.tally = Tally{}
}

// begin starts a series at the current round unless one is under way.
func (r *series) begin() {
	if r.round > r.seriesEnd {
		r.seriesStart, r.seriesEnd = r.round, r.round+r.rounds()-1
	}
}

// record puts the result of a finished game into the tally once.
func (r *series) record(snap *Snapshot, now time.Time) {
	if r.tallied != snap.Game {
		r.tallied = snap.Game
		r.tally.AddEnd(snap.Counts, snap.Ranks)
		r.overAt = now
	}
}

func (r *series) rounds() int { return max(r.roundsWant, 1) }

// setRounds sets how many rounds Start plays; a new length applies to the series under way.
func (r *series) setRounds(n int) {
	r.roundsWant = n
	if r.seriesEnd >= r.round {
		r.seriesEnd = r.seriesStart + r.rounds() - 1
	}
}

// changed tells the window that what is remembered between runs changed.
func (s *session) changed() {
	if s.onChange != nil {
		s.onChange()
	}
}

// index is the place of the player whose Player.key is key, -1 if none has it (0).
func (r roster) index(key int) int {
	for i, p := range r {
		if key != 0 && p.key == key {
			return i
		}
	}
	return -1
}

// keys are the players' keys (Player.key) in order.
func (r roster) keys() []int {
	k := make([]int, len(r))
	for i, p := range r {
		k[i] = p.key
	}
	return k
}

// teams are the players as the board, the graph and the event log name them: clipped
// (shortName), and told apart when two names look the same.
func (r roster) teams() []Team {
	names, files := make([]string, len(r)), make([]string, len(r))
	for i, p := range r {
		// Two players of one name (an RBI and its source, or one file twice) are told
		// apart by their file, then by their place.
		names[i], files[i] = p.shortName(), termtext.Clip(baseName(p.Path), kit.TitleName)
	}
	t := make([]Team, len(r))
	for i, n := range termtext.TellApart(names, files) {
		t[i] = Team{Name: n, Color: paletteColor(r[i].Color)}
	}
	return t
}

// setSpeed picks a speed step (0 slowest .. len(kit.Speeds)-1 fastest).
func (s *session) setSpeed(i int) {
	s.speedIdx = kit.ClampSpeed(i)
	s.run.SetSpeed(kit.Speeds[s.speedIdx])
}

// checkOver puts a finished game into the tally once, and moves on to the next round of
// a series after a pause that lets the banner be read.
func (s *session) checkOver(gtx layout.Context) {
	if !s.over() || s.snap.Game == 0 {
		return
	}
	s.series.record(&s.snap, gtx.Now)
	if s.wantRun && s.series.round < s.series.seriesEnd {
		next := s.series.overAt.Add(1500 * time.Millisecond)
		if gtx.Now.After(next) {
			s.nextRound()
			s.run.Start()
		} else {
			gtx.Execute(op.InvalidateCmd{At: next})
		}
	}
}

func (r roster) resultHeadline(snap *Snapshot) string {
	winners := 0
	w := -1
	for i, r := range snap.Ranks {
		if r == 1 {
			winners++
			w = i
		}
	}
	c := snap.Cycle
	switch {
	case winners == 1 && len(r) > 1 && w < len(r):
		return fmt.Sprintf("%s wins (cycle %d)", r.teamName(w), c)
	case winners >= 1:
		return fmt.Sprintf("Draw (cycle %d)", c)
	}
	return fmt.Sprintf("Game over (cycle %d)", c)
}

// SetWindowSize records the window size (in dp) to remember it.
func (s *session) SetWindowSize(w, h int) { s.windowSize = image.Pt(w, h) }

// teamName is player i's name as teams gives it: clipped (shortName), and told apart from a
// player of the same name (a debugger's title, the round's banner, a break's notice said
// "Hydra" of both).
func (r roster) teamName(i int) string {
	if i >= 0 && i < len(r) {
		return r.teams()[i].Name
	}
	return fmt.Sprintf("team %d", i+1)
}

func (r roster) teamColor(i int) color.NRGBA {
	if i >= 0 && i < len(r) {
		return paletteColor(r[i].Color)
	}
	return color.NRGBA{0x88, 0x88, 0x88, 0xFF}
}

// labelsOf finds the label definitions of a bank that is one of the loaded programs' own
// banks (the engine shares their code, transferred or not): instruction index → names.
func (r roster) labelsOf(b arena.BankView) map[int][]string {
	if b.Hidden || len(b.Code) == 0 {
		return nil
	}
	for _, pl := range r {
		prog := pl.Prog
		if prog == nil || prog.Hidden {
			continue
		}
		for bi := range prog.Banks {
			code := prog.Banks[bi].Code
			if len(code) == 0 || &code[0] != &b.Code[0] {
				continue
			}
			out := map[int][]string{}
			for _, l := range prog.Labels {
				if l.Bank == bi {
					out[l.Index] = append(out[l.Index], l.Name)
				}
			}
			return out
		}
	}
	return nil
}
