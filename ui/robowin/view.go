package robowin

import (
	"robocom/robolang"
)

// MaxPlayers is how many programs play at once (ROBOCOM.md, CLI.md).
const MaxPlayers = 5

// Directions, as in ROBOCOM.md section 1: N is y−1, E is x+1, S is y+1, W is x−1.
const (
	North = iota
	East
	South
	West
)

// DirName names a direction with one letter.
func DirName(d int) string {
	if d >= 0 && d < 4 {
		return "NESW"[d : d+1]
	}
	return "?"
}

// SetNames names the instruction sets 0..2.
var SetNames = [3]string{"Basic", "Advanced", "Super"}

// RobotView is what the window shows of one robot: a copy, never the engine's own state.
type RobotView struct {
	ID         int // unique, creation order, from 1
	Team       int // 0-based index of the program whose robot built it
	X, Y       int // field, 0-based, x right, y down
	Dir        int // North, East, South or West
	Set        int // instruction set 0..2
	Mobile     bool
	Active     int16 // #Active: ≥ 1 active, ≤ 0 inactive
	Generation int
}

// IsActive reports whether the robot runs (#Active ≥ 1).
func (r RobotView) IsActive() bool { return r.Active >= 1 }

// Event is one thing that happened in the game, for the event log.
type Event struct {
	Cycle  int
	Robot  int    // the robot's id
	Team   int    // its program
	Kind   string // "death", "spawn", ...
	Reason string // for deaths: die, data_hunger, elimination, set1_required, ... (CLI.md)
}

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
	// Robots appends a view of every robot, oldest first, to dst.
	Robots(dst []RobotView) []RobotView
	// Events appends the events since the last call to dst.
	Events(dst []Event) []Event
	// Counts appends the number of robots of each program (active or not) to dst.
	Counts(dst []int) []int
	// Ranks returns each program's rank (1 best; ties share) once the game is over.
	Ranks() []int
}

// Player is one loaded program taking part.
type Player struct {
	Prog  *robolang.Program
	Path  string // where it was loaded from, as shown to the user
	Color int    // index into Palette
}

// Name is the program's name.
func (p Player) Name() string {
	if p.Prog != nil && p.Prog.Name != "" {
		return p.Prog.Name
	}
	return p.Path
}
