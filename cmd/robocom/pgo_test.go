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
	"robocom/robolang"
)

// TestPGOWorkload is the workload profiled into default.pgo (make pgo): one round of the
// July round-robin, the hot loop of `robocom tournament`, then one round of the July
// Package with the RC3 samples under rc3m (robots of one task, played like classic ones, and
// the samples' rings of tasks, Hydra's ten a robot). Without the second part the profile
// knew nothing of the plain game's paths, and its inlining made BenchmarkRC3Tasks10 run 6%
// more machine instructions than a build without a profile (RATIONALE.md "RC3: the plain
// path", sixth pass). Regenerate the profile when the engine's hot paths change.
func TestPGOWorkload(t *testing.T) {
	if os.Getenv("ROBOCOM_PGO") == "" {
		t.Skip("make pgo runs it")
	}
	files, _ := filepath.Glob("../../../shared/corpus/robocom/july1998/*.rob")
	if len(files) == 0 {
		t.Skip("the July Package is not beside the repository")
	}
	samples, _ := filepath.Glob("../../robots/rc3/*.rob")
	play := func(paths []string, o *arena.Options, lang robolang.Options) {
		progs, ok := loadPrograms(io.Discard, paths, lang)
		if !ok {
			t.Fatalf("%s does not load", paths)
		}
		tm := arena.NewTournament(progs, o, 1, 1)
		tm.Workers = runtime.GOMAXPROCS(0)
		if _, err := tm.Play(context.Background(), 0, tm.Plan.Bouts(), func(bouts.Result) error { return nil }); err != nil {
			t.Fatal(err)
		}
	}
	play(files, arena.Classic(), robolang.Options{})
	play(append(samples, files...), arena.RC3M(), robolang.Options{RC3: true})
}
