package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

// TestProgressLine: quiet unless on a terminal and without -q; on one, a line with
// done/total, rate and time left, redrawn in place and erased at the end.
func TestProgressLine(t *testing.T) {
	var b bytes.Buffer
	if p := newProgress(&b, false, "bouts", 10); p != nil {
		t.Error("a progress line on a buffer")
	}
	if f, err := os.Open(os.DevNull); err == nil {
		if p := newProgress(f, true, "bouts", 10); p != nil {
			t.Error("a progress line with -q")
		}
		f.Close()
	}
	var none *progress // what newProgress gives when quiet: its methods do nothing
	none.step()
	none.finish()

	p := &progress{w: &b, unit: "bouts", total: 1000, start: time.Now().Add(-10 * time.Second)}
	p.step(100)
	line := b.String()
	if !strings.HasPrefix(line, "\r100/1000 bouts (10.0%), 10.0/s, 1m30s left") {
		t.Errorf("progress line %q", line)
	}
	p.step() // within 200 ms of the last: not redrawn
	if b.String() != line {
		t.Errorf("redrawn at once: %q", b.String())
	}
	p.finish()
	if !strings.HasSuffix(b.String(), "\r\x1b[K") {
		t.Errorf("not erased: %q", b.String())
	}
}
