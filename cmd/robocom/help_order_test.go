package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -h before an option only Core War tournaments have is the help, as the flag package reads
// the arguments in order (it stops at -h): a RoboCom tournament answered "-swiss is an option
// of Core War tournaments" and status 2 to "tournament x.rob -h -swiss". After it, the
// option is still the mistake reported.
func TestTournamentHelpBeforeACoreOnlyFlag(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"x.rob", "y.rob"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("Name X\nBank Main\nJump 0\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := runMain(t, dir, "tournament", "x.rob", "y.rob", "-h", "-swiss")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: robocom tournament") {
		t.Errorf("tournament x.rob y.rob -h -swiss: exit %d, stdout %.60q, stderr %q; want the help", code, out, errs)
	}
	code, _, errs = runMain(t, dir, "tournament", "x.rob", "y.rob", "-swiss", "-h")
	if code != 2 || !strings.Contains(errs, "-swiss is an option of Core War tournaments") {
		t.Errorf("tournament x.rob y.rob -swiss -h: exit %d, stderr %q; want the -swiss mistake", code, errs)
	}
}
