// Package arena is the RoboCom board simulation: a cycle-exact engine for the rules of
// ../shared/spec/ROBOCOM.md (option set classic), with views, events, snapshots and results
// for the GUI, the debugger and the headless commands. It never imports Gio.
//
// A Game is not safe for concurrent use: one goroutine steps it. Match wraps a Game with a
// mutex so that one goroutine can run it while others take views (copies).
package arena

import "fmt"

// Dir is a robot's direction. The field in front of it is its reference field.
type Dir uint8

const (
	North Dir = iota // y − 1
	East             // x + 1
	South            // y + 1
	West             // x − 1
)

var dirDX = [4]int{0, 1, 0, -1}
var dirDY = [4]int{-1, 0, 1, 0}

func (d Dir) String() string { return "NESW"[d&3 : d&3+1] }

// Right and Left turn by 90°.
func (d Dir) Right() Dir { return (d + 1) & 3 }
func (d Dir) Left() Dir  { return (d + 3) & 3 }

// ParseDir reads N, E, S or W (case-insensitive).
func ParseDir(s string) (Dir, error) {
	switch s {
	case "N", "n":
		return North, nil
	case "E", "e":
		return East, nil
	case "S", "s":
		return South, nil
	case "W", "w":
		return West, nil
	}
	return 0, fmt.Errorf("direction must be N, E, S or W, not %q", s)
}

// Reason is why a robot died (CLI.md "reason"). The zero value means "alive".
type Reason uint8

const (
	Alive                  Reason = iota
	ReasonDie                     // executed DIE
	ReasonDataHunger              // bank 1 empty or missing at auto-reboot
	ReasonElimination             // ADD/SUB result beyond ±elim-trigger
	ReasonSet1Required            // error 5
	ReasonSet2Required            // error 6
	ReasonNotMobile               // error 9
	ReasonInvalidBanks            // error 11
	ReasonNoSourceBank            // error 12
	ReasonInvalidParameter        // error 13
	ReasonDivisionByZero          // error 14 (rc3; not reachable in classic)
	ReasonNoTasks                 // error 15 (rc3; not reachable in classic)
	ReasonDurationTooHigh         // error 16 (max-duration > 0: rc3, rc3m)
)

var reasonNames = [...]string{
	Alive:                  "alive",
	ReasonDie:              "die",
	ReasonDataHunger:       "data_hunger",
	ReasonElimination:      "elimination",
	ReasonSet1Required:     "set1_required",
	ReasonSet2Required:     "set2_required",
	ReasonNotMobile:        "not_mobile",
	ReasonInvalidBanks:     "invalid_banks",
	ReasonNoSourceBank:     "no_source_bank",
	ReasonInvalidParameter: "invalid_parameter",
	ReasonDivisionByZero:   "division_by_zero",
	ReasonNoTasks:          "no_tasks",
	ReasonDurationTooHigh:  "duration_too_high",
}

var reasonErrNo = [...]int{ReasonSet1Required: 5, ReasonSet2Required: 6, ReasonNotMobile: 9,
	ReasonInvalidBanks: 11, ReasonNoSourceBank: 12, ReasonInvalidParameter: 13,
	ReasonDivisionByZero: 14, ReasonNoTasks: 15, ReasonDurationTooHigh: 16}

// String is the CLI.md name (die, data_hunger, ...).
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "unknown"
}

// ErrorNumber is the runtime error number of ROBOCOM.md section 8, 0 for die, data hunger
// and elimination, which have none.
func (r Reason) ErrorNumber() int {
	if int(r) < len(reasonErrNo) {
		return reasonErrNo[r]
	}
	return 0
}

// EventKind is the kind of a trace event (CLI.md "Trace lines").
type EventKind uint8

const (
	EvSpawn EventKind = iota + 1
	EvMove
	EvTurn
	EvTrans
	EvActivate
	EvDeactivate
	EvDeath
	// RC3 (RC3.md 9)
	EvInit
	EvQuit
	EvBreak
	EvSeize
	EvResume
	EvRTrans
)

var eventNames = [...]string{EvSpawn: "spawn", EvMove: "move", EvTurn: "turn", EvTrans: "trans",
	EvActivate: "activate", EvDeactivate: "deactivate", EvDeath: "death",
	EvInit: "init", EvQuit: "quit", EvBreak: "break", EvSeize: "seize", EvResume: "resume", EvRTrans: "rtrans"}

func (k EventKind) String() string {
	if int(k) < len(eventNames) && eventNames[k] != "" {
		return eventNames[k]
	}
	return "unknown"
}

// Event is one trace event. Which fields mean something depends on Kind (CLI.md):
// spawn: Parent, X, Y, Dir, Set, Banks, Mobile; move: X, Y; turn: Dir; trans and rtrans:
// Target, FromBank, ToBank; activate/deactivate: Target; death: Reason; init: NewTask, Bank,
// Instr, Replaced; break: Ended. Under instructions = rc3 every event but spawn has Task, the
// number of the task whose fetch or instruction caused it (RC3.md 9); it is 0 otherwise.
type Event struct {
	Cycle   int
	Robot   int // the acting robot's id
	Program int // its team (0-based program index)
	Kind    EventKind

	Parent   int
	X, Y     int
	Dir      Dir
	Set      int
	Banks    int
	Mobile   bool
	Target   int
	FromBank int
	ToBank   int
	Reason   Reason

	Task     int
	NewTask  int
	Bank     int
	Instr    int
	Replaced int
	Ended    []int
}

// Death records one robot's death.
type Death struct {
	Cycle   int
	Robot   int
	Program int
	Reason  Reason
}

// Placement fixes where a program's first robot starts (robocom battle -place).
type Placement struct {
	Fixed bool // false: random free field and direction
	X, Y  int
	Dir   Dir
}
