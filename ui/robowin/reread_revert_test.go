package robowin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file that broke and was then put back as it was (an undo in another editor): Restart
// finds the file as last loaded and must not leave the broken version's errors listed, nor
// the sentence that the old version plays because the file does not load.
func TestRestartAfterARevertedBreakDropsTheErrors(t *testing.T) {
	p := filepath.Join(t.TempDir(), "mine.rob")
	write := func(src string) {
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(spinner("Mine"))
	h := newDiskHarness(t, p)
	write("Name Mine\nBank Main\nBogus 1\n")
	h.clickLabel("Restart")
	if len(h.u.Errors()) == 0 {
		t.Fatalf("the broken file's errors are not listed")
	}
	write(spinner("Mine")) // back as it was loaded
	h.clickLabel("Restart")
	if len(h.u.Errors()) != 0 {
		t.Errorf("the file loads again, yet the errors of its broken version stay listed: %q", h.u.Errors())
	}
	if m := h.u.Message(); strings.Contains(m, "does not load now") {
		t.Errorf("the file loads again, yet the status says %q", m)
	}
}
