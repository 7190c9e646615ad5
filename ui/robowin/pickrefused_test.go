package robowin

import (
	"image"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A pick the window refuses (here a FIFO named like a program) says why at once, above the
// picker's list where the refusal of a sixth program stands: under the list the reason was
// drawn inside the scrolled panel, out of view, while the picker stayed open.
func TestPickerShowsWhyAPickWasRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.rob")
	if err := syscallMkfifo(fifo); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	h := newDiskHarness(t)
	h.size = image.Pt(800, 522) // an 800×600 screen's window under the mode bar
	h.frame()
	h.clickLabel("Add program…")
	h.typePath(fifo)
	if len(h.u.Players()) != 0 || len(h.u.Errors()) == 0 {
		t.Fatalf("the FIFO was not refused: players %v, errors %q", h.u.Players(), h.u.Errors())
	}
	if !h.u.playersPanel.pickOpen {
		t.Fatal("the picker closed")
	}
	reason := h.u.Errors()[len(h.u.Errors())-1]
	if !strings.Contains(reason, "not a regular file") {
		t.Fatalf("the reason %q does not say what is wrong", reason)
	}
	window := image.Rectangle{Max: h.size}
	done, ok := h.find("Done")
	if !ok {
		t.Fatalf("the picker is not on screen: %q", h.texts())
	}
	for _, s := range []string{reason, h.u.Message()} {
		b, ok := h.findText(s)
		if !ok || !b.Min.In(window) || b.Min.Y > window.Max.Y-16 {
			t.Errorf("%q is not in view while the picker is open (drawn at %v, on screen %v)", s, b, ok)
		}
		if ok && b.Min.Y > done.Min.Y {
			t.Errorf("%q is drawn under the picker (at %v, its Done at %v)", s, b, done)
		}
	}
}

// The notice above the picker's list does not fade while the picker is open, and neither its
// coming nor its going moves the list (a double click's second click would land on the
// program below); once the picker is closed it fades as before.
func TestPickerNoticeStaysWhileOpen(t *testing.T) {
	h := newHarness(t)
	h.clickLabel("Add program…")
	h.clickLabel("sub/")
	first, _ := h.find("inner.rob")
	h.clickLabel("broken.rob")
	if moved, _ := h.find("inner.rob"); moved != first {
		t.Errorf("a refused pick moved the list: inner.rob from %v to %v", first, moved)
	}
	msg := h.u.Message()
	if msg == "" {
		t.Fatal("no notice for a program that does not load")
	}
	before, _ := h.find("inner.rob")
	h.u.note.at = h.u.note.at.Add(-time.Minute) // as if it had been shown for a minute
	h.frame()
	if after, _ := h.find("inner.rob"); h.u.Message() != msg || after != before {
		t.Errorf("the notice faded while the picker was open (%q), inner.rob moved from %v to %v", h.u.Message(), before, after)
	}
	h.clickLabel("Done")
	h.frame()
	if h.u.Message() != "" {
		t.Errorf("the notice stayed after the picker closed: %q", h.u.Message())
	}
}
