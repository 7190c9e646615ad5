package corewin

import (
	"testing"

	"robocom/corewars"
	"robocom/ui/corewin/coreplay"
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
	p := coreplay.Defaults(coreplay.CW)
	src, err := readSample("dwarf.cw")
	if err != nil {
		t.Fatal(err)
	}
	d, err := coreplay.Load("dwarf.cw", src, p)
	if err != nil {
		t.Fatal(err)
	}
	g, err := coreplay.NewGame([]*coreplay.Program{d}, nil, p, 1)
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

// The Redcode engine tells owners itself (corewars-requests.md item 1): the window copies
// them without formatting every cell, and draws no write times.
func TestRedcodeSnapshotUsesOwners(t *testing.T) {
	p := coreplay.Defaults(coreplay.Redcode)
	var progs []*coreplay.Program
	for _, src := range []string{"MOV 0, 1\n", "ADD #4, 3\nMOV 2, @2\nJMP -2\nDAT #0, #0\n"} {
		pr, err := coreplay.Load("x.red", []byte(src), p)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, pr)
	}
	g, err := coreplay.NewGame(progs, nil, p, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.(ownerOnly); !ok {
		t.Fatalf("the Redcode engine %T does not tell owners without describing cells", g)
	}
	g.Run(500)
	var s Snapshot
	fillSnapshot(g, &s)
	if s.WriteTimes {
		t.Error("a Redcode snapshot claims write times")
	}
	owned := 0
	for a := range s.Owner {
		if c := g.Cell(a); int(s.Owner[a]) != c.Owner || s.Written[a] != -1 {
			t.Fatalf("cell %d: snapshot owner %d written %d, engine owner %d", a, s.Owner[a], s.Written[a], c.Owner)
		}
		if s.Owner[a] >= 0 {
			owned++
		}
	}
	if owned < 100 {
		t.Errorf("only %d cells owned after 500 time slices", owned)
	}
}
