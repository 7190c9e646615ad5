package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"robocom/arena"
	"robocom/internal/bouts"
)

// TestPGOWorkload is the workload profiled into default.pgo (make pgo): one round of the
// July round-robin, the hot loop of `robocom tournament`. Regenerate the profile when the
// engine's hot paths change (RATIONALE.md "Arena scheduling").
func TestPGOWorkload(t *testing.T) {
	if os.Getenv("ROBOCOM_PGO") == "" {
		t.Skip("make pgo runs it")
	}
	files, _ := filepath.Glob("../../../shared/corpus/robocom/july1998/*.rob")
	if len(files) == 0 {
		t.Skip("the July Package is not beside the repository")
	}
	progs, ok := loadPrograms(io.Discard, files)
	if !ok {
		t.Fatal("the July Package does not load")
	}
	t1 := arena.NewTournament(progs, arena.Classic(), 1, 1)
	t1.Workers = runtime.GOMAXPROCS(0)
	if _, err := t1.Play(context.Background(), 0, t1.Plan.Bouts(), func(bouts.Result) error { return nil }); err != nil {
		t.Fatal(err)
	}
}
