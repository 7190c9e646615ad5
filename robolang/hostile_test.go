package robolang

import (
	"runtime"
	"strings"
	"testing"
)

// TestParseCostIsLinear: hostile files cost at most a small constant times their size in
// allocations (a 16 MB line of commas took 2 GB), and their errors quote short excerpts
// (a 10 MB number was echoed whole).
func TestParseCostIsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 16 MB files")
	}
	const size = 16 << 20
	cases := []struct{ name, src, want string }{
		{"commas", "Bank a\nSet " + strings.Repeat(",", size-20), "too many operands"},
		{"operands", "Bank a\nSet " + strings.Repeat("#1, ", (size-20)/4), "too many operands"},
		{"number", "Bank a\nSet #1, " + strings.Repeat("9", 10<<20) + "\n", "out of range"},
		{"bad lines", strings.Repeat("x\n", size/2), "too many errors"},
		{"labels", "Bank a\n" + strings.Repeat("Jump @nowhere\n", size/14), "undefined label"},
	}
	for _, c := range cases {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := Parse(c.name+".rob", []byte(c.src), Options{})
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %.200v, want %q", c.name, err, c.want)
			continue
		}
		if alloc > 20*uint64(len(c.src)) { // garbage included; the peak is lower
			t.Errorf("%s: parsing %d bytes allocated %d MB", c.name, len(c.src), alloc>>20)
		}
		for _, line := range strings.Split(err.Error(), "\n") {
			if len(line) > 300 {
				t.Errorf("%s: an error line of %d bytes: %.100s…", c.name, len(line), line)
				break
			}
		}
		if n := strings.Count(err.Error(), "\n"); n > maxErrors {
			t.Errorf("%s: %d error lines", c.name, n+1)
		}
	}
}
