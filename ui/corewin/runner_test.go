package corewin

import (
	"errors"
	"strings"
	"testing"

	"gioui.org/layout"

	"robocom/corewars"
	"robocom/corewars/play"
)

// ownersOnlyEngine wraps an engine as one that tells owners cheaply and keeps no write times.
type ownersOnlyEngine struct {
	corewars.Engine
	cellCalls int
}

func (e *ownersOnlyEngine) Cell(a int) corewars.Cell { e.cellCalls++; return e.Engine.Cell(a) }
func (e *ownersOnlyEngine) Owner(a int) int          { return e.Engine.Cell(a).Owner }
func (e *ownersOnlyEngine) WriteTimes() bool         { return false }

func TestSnapshotOwnersOnly(t *testing.T) {
	p := play.Defaults(play.CW)
	src, err := readSample("dwarf.cw")
	if err != nil {
		t.Fatal(err)
	}
	d, err := play.Load("dwarf.cw", src, p)
	if err != nil {
		t.Fatal(err)
	}
	g, err := play.NewGame([]*play.Program{d}, nil, p, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.Run(50)
	var full, fast Snapshot
	fillSnapshot(g, &full)
	e := &ownersOnlyEngine{Engine: g}
	fillSnapshot(e, &fast)
	if e.cellCalls != 0 {
		t.Fatalf("the owners-only path described %d cells", e.cellCalls)
	}
	if !full.WriteTimes || fast.WriteTimes {
		t.Fatalf("WriteTimes: full %v, owners-only %v", full.WriteTimes, fast.WriteTimes)
	}
	for a := range full.Owner {
		if full.Owner[a] != fast.Owner[a] || fast.Written[a] != -1 {
			t.Fatalf("cell %d: owner %d vs %d, written %d", a, full.Owner[a], fast.Owner[a], fast.Written[a])
		}
	}
}

// The Redcode engine tells owners and write times itself (corewars-requests.md item 1): the
// window copies them without formatting every cell, and recent writes glow as in the other
// languages.
func TestRedcodeSnapshotUsesOwners(t *testing.T) {
	p := play.Defaults(play.Redcode)
	var progs []*play.Program
	for _, src := range []string{"MOV 0, 1\n", "ADD #4, 3\nMOV 2, @2\nJMP -2\nDAT #0, #0\n"} {
		pr, err := play.Load("x.red", []byte(src), p)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, pr)
	}
	g, err := play.NewGame(progs, nil, p, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.(ownerOnly); !ok {
		t.Fatalf("the Redcode engine %T does not tell owners without describing cells", g)
	}
	if _, ok := g.(writtenOnly); !ok {
		t.Fatalf("the Redcode engine %T does not tell write times without describing cells", g)
	}
	g.Run(500)
	var s Snapshot
	fillSnapshot(g, &s)
	if !s.WriteTimes {
		t.Error("a Redcode snapshot claims no write times")
	}
	owned, latest := 0, int64(-1)
	for a := range s.Owner {
		c := g.Cell(a)
		if int(s.Owner[a]) != c.Owner || s.Written[a] != c.Written {
			t.Fatalf("cell %d: snapshot owner %d written %d, engine owner %d written %d", a, s.Owner[a], s.Written[a], c.Owner, c.Written)
		}
		if s.Written[a] >= s.Cycle {
			t.Fatalf("cell %d written in slice %d, but only %d slices are done", a, s.Written[a], s.Cycle)
		}
		if s.Owner[a] >= 0 {
			owned++
		}
		latest = max(latest, s.Written[a])
	}
	// The imp writes the cell ahead of it in every slice, the last one included.
	if latest != s.Cycle-1 {
		t.Errorf("the latest write is in slice %d, want %d (the imp writes every slice)", latest, s.Cycle-1)
	}
	if owned < 100 {
		t.Errorf("only %d cells owned after 500 time slices", owned)
	}
}

// stoppedEngine is a game that ran out of queue memory, as far as the window can tell.
type stoppedEngine struct {
	corewars.Engine
	err error
}

func (e stoppedEngine) Over() bool { return true }
func (e stoppedEngine) Err() error { return e.err }

// TestStopReasonNamesTheField: a Redcode round out of queue memory tells the window's user to
// lower the Parameters tab's field, not pMARS's -p that the commands advise.
func TestStopReasonNamesTheField(t *testing.T) {
	p := play.Defaults(play.Redcode)
	imp, err := play.Load("imp.red", []byte("MOV 0, 1\n"), p)
	if err != nil {
		t.Fatal(err)
	}
	g, err := play.NewGame([]*play.Program{imp}, nil, p, 1)
	if err != nil {
		t.Fatal(err)
	}
	qe := &play.QueueMemoryError{Warrior: 2, Processes: 201401085, NeedMB: 4096, LimitMB: 2048}
	var snap Snapshot
	fillSnapshot(stoppedEngine{g, qe}, &snap)
	want := `not enough memory: warrior 2 has 201401085 processes; lower "Processes per warrior" (their queues would need 4096 MB, at most 2048 MB)`
	if snap.Stopped != want {
		t.Fatalf("stopped: %q, want %q", snap.Stopped, want)
	}
	if got := qe.Error(); !strings.Contains(got, "; lower -p, the processes per warrior (") {
		t.Fatalf("the commands' wording changed: %q", got)
	}
	fillSnapshot(stoppedEngine{g, errors.New("some other stop")}, &snap)
	if snap.Stopped != "some other stop" {
		t.Fatalf("another error reads %q", snap.Stopped)
	}
}

// TestStoppedRoundResult: a round the engine stopped short (Err, here the Redcode MARS out of
// memory) says why in the result line instead of naming a winner, and is not counted.
func TestStoppedRoundResult(t *testing.T) {
	s := &session{round: 3}
	s.snap.Over, s.snap.Cycle, s.snap.Game = true, 1234, 7
	s.snap.Stopped = "not enough memory: warrior 2 has 201401085 processes"
	if got, want := s.ResultLine(), "Round 3 stopped after 1234 cycles: not enough memory: warrior 2 has 201401085 processes."; got != want {
		t.Fatalf("result line %q, want %q", got, want)
	}
	s.checkOver(layout.Context{})
	if s.tally.Rounds != 0 || s.tallied != 7 {
		t.Fatalf("a stopped round was counted: %d rounds, tallied %d", s.tally.Rounds, s.tallied)
	}
}

// TestResultLineTrimsName: a name read from ";name Arrow " keeps its space (pMARS prints it),
// but the window's sentences do not show it as a double space.
func TestResultLineTrimsName(t *testing.T) {
	s := &session{round: 1}
	s.snap.Over, s.snap.Cycle = true, 22739
	s.snap.Stats = []corewars.ProcessStat{{Name: "Arrow ", Alive: true}, {Name: "Borgir", Program: 1}}
	if got, want := s.ResultLine(), "Round 1 over after 22739 cycles: Arrow wins."; got != want {
		t.Fatalf("result line %q, want %q", got, want)
	}
}
