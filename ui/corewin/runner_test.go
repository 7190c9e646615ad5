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
