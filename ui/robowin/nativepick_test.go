package robowin

import (
	"errors"
	"image"
	"sync/atomic"
	"testing"
	"time"
)

// newNativeHarness is the harness with a fake system dialog: probe answers whether the portal
// is there, choose is what the dialog returns.
func newNativeHarness(t *testing.T, probe func() bool, choose func() (string, error), files ...string) *harness {
	t.Helper()
	h := &harness{t: t, size: image.Pt(1280, 860)}
	h.u = New(Config{
		Load:    LoadProgram,
		NewGame: NewArenaGame,
		Options: ArenaOptions{},
		Roots:   []Root{{Name: "test", FS: testFS(), Home: "."}},
		Files:   files,
		Native:  &NativeDialog{Available: probe, Choose: choose},
	})
	t.Cleanup(h.u.Close)
	h.frame()
	return h
}

const nativeLabel = "Open with system dialog…"

// With the portal there, the picker offers the system dialog, and its pick is added.
func TestNativeDialogOfferedWhenPortalPresent(t *testing.T) {
	var chose atomic.Int32
	h := newNativeHarness(t, func() bool { return true }, func() (string, error) {
		chose.Add(1)
		return "test:p2.rob", nil
	}, "test:p1.rob")
	h.clickLabel("Add program…")
	h.waitFor("the system dialog's button", func() bool { _, ok := h.find(nativeLabel); return ok })
	if _, ok := h.find("Done"); !ok {
		t.Fatal("the in-app picker is not shown beside the system dialog's button")
	}
	h.clickLabel(nativeLabel)
	h.waitFor("the dialog's pick to be added", func() bool { return len(h.u.Players()) == 2 })
	if n := chose.Load(); n != 1 {
		t.Fatalf("the dialog opened %d times for one click, want 1", n)
	}
	if got := h.u.Players()[1].Path; got != "test:p2.rob" && got != "p2.rob" {
		t.Fatalf("added %q, want p2.rob", got)
	}
}

// Without the portal there is no button and the dialog is never opened: the in-app picker only.
func TestNativeDialogAbsentWithoutPortal(t *testing.T) {
	probed := make(chan struct{})
	h := newNativeHarness(t, func() bool { close(probed); return false }, func() (string, error) {
		t.Error("the system dialog opened without a portal")
		return "", errors.New("no portal")
	}, "test:p1.rob")
	select {
	case <-probed:
	case <-time.After(5 * time.Second):
		t.Fatal("the portal was never probed")
	}
	h.clickLabel("Add program…")
	h.frame()
	if _, ok := h.find(nativeLabel); ok {
		t.Fatal("the system dialog's button is shown without a portal")
	}
	if _, ok := h.find("Done"); !ok {
		t.Fatal("the in-app picker is not shown")
	}
}

// A cancelled or failed dialog leaves the in-app picker open, adds nothing and says nothing.
func TestNativeDialogCancelFallsBackQuietly(t *testing.T) {
	for _, err := range []error{errors.New("user exited the file selector without selecting a file"), errors.New("unable to connect to session bus")} {
		done := make(chan struct{})
		h := newNativeHarness(t, func() bool { return true }, func() (string, error) {
			defer close(done)
			return "", err
		}, "test:p1.rob")
		h.clickLabel("Add program…")
		h.waitFor("the system dialog's button", func() bool { _, ok := h.find(nativeLabel); return ok })
		h.clickLabel(nativeLabel)
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatal("the dialog never returned")
		}
		h.frame()
		h.frame()
		if n := len(h.u.Players()); n != 1 {
			t.Fatalf("after %q: %d players, want 1", err, n)
		}
		if _, ok := h.find("Done"); !ok {
			t.Fatalf("after %q the in-app picker closed", err)
		}
		if h.u.note.text != "" || len(h.u.errors) != 0 {
			t.Fatalf("after %q the window said %q %q; want nothing", err, h.u.note.text, h.u.errors)
		}
	}
}

// Without a NativeDialog in the Config (the headless tests, other systems) nothing is offered.
func TestNativeDialogNilConfig(t *testing.T) {
	h := newHarness(t, "test:p1.rob")
	h.clickLabel("Add program…")
	if _, ok := h.find(nativeLabel); ok {
		t.Fatal("the system dialog's button is shown with no dialog configured")
	}
}
