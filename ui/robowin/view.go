package robowin

import (
	"crypto/sha256"
	"robocom/arena"
	"robocom/internal/termtext"
	"robocom/robolang"
	"robocom/ui/kit"
)

// MaxPlayers is how many programs play at once (ROBOCOM.md, CLI.md).
const MaxPlayers = 5

// SetNames names the instruction sets 0..2.
var SetNames = [3]string{"Basic", "Advanced", "Super"}

// Game is one RoboCom game as the window drives it. Only the Runner's goroutine calls its
// methods while a game runs, so an implementation need not be safe for concurrent use.
type Game interface {
	// Step simulates one cycle. It does nothing once the game is over.
	Step()
	// Over reports whether the game has ended (one program left, or the time limit).
	Over() bool
	// Cycle is the number of the last cycle simulated (0 before the first).
	Cycle() int
	// Size is the board's n.
	Size() int
	// Robots appends a view of every robot, oldest first, to dst: at least what the board
	// shows (id, team, generation, place, direction, set, mobility, #Active, tasks when a
	// robot can have several); debuggers fetch full views from Engine.
	Robots(dst []arena.RobotView) []arena.RobotView
	// Events appends the events the event log shows (spawns and deaths) since the last
	// call to dst.
	Events(dst []arena.Event) []arena.Event
	// Counts appends the number of robots of each program (active or not) to dst.
	Counts(dst []int) []int
	// Ranks returns each program's rank (1 best; ties share) once the game is over.
	Ranks() []int
	// Engine is the arena game played, which the debuggers and the timeline read and
	// rewind; nil for a game with no engine behind it (a test's fixed board).
	Engine() *arena.Game
}

// Player is one loaded program taking part.
type Player struct {
	Prog  *robolang.Program
	Path  string            // where it was loaded from, as shown to the user
	Color int               // index into Palette
	key   int               // tells this player from every other one of the window, whatever its place (debuggers follow it)
	read  [sha256.Size]byte // the digest of its file as last read: Restart reads the file again when it changed
	// broken: the errors listed for its file are those of a version Restart read and could
	// not load; Restart reads the file again even if it is back as last loaded (an undo), so
	// that they and the sentence about the old version go.
	broken bool
}

// Name is the program's name as the window shows it, escaped (termtext.Escape): it came from
// a file, and a control character or a bidirectional override in it would break or reorder
// the lines it is shown in.
func (p Player) Name() string {
	if p.Prog != nil && p.Prog.Name != "" {
		return termtext.Escape(p.Prog.Name)
	}
	if p.Prog == nil { // not loaded under the option set in use: its file names it
		return baseName(p.Path)
	}
	return termtext.Escape(p.Path)
}

// shortName is Name clipped to kit.TitleName columns (termtext.Clip), as every place of the
// window but the tooltip over the players list shows it: a name of 300 characters took 14
// lines in the players list and pushed the other players out of an 800×600 window.
func (p Player) shortName() string { return termtext.Clip(p.Name(), kit.TitleName) }
