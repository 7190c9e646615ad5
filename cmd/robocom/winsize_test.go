package main

import (
	"testing"

	"robocom/cmd/robocom/internal/x11screen"
)

func TestFitInto(t *testing.T) {
	def, minimum := winSize{1280, 860}, winSize{640, 480}
	for _, c := range []struct {
		screen        x11screen.Screen
		want, wantMin winSize
	}{
		{x11screen.Screen{Width: 800, Height: 600, Scale: 1}, winSize{800, 552}, winSize{640, 480}},
		{x11screen.Screen{Width: 1366, Height: 768, Scale: 1}, winSize{1280, 720}, winSize{640, 480}},
		{x11screen.Screen{Width: 3840, Height: 2160, Scale: 1}, winSize{1280, 860}, winSize{640, 480}},
		{x11screen.Screen{Width: 3840, Height: 2160, Scale: 2}, winSize{1280, 860}, winSize{640, 480}},
		{x11screen.Screen{Width: 640, Height: 480, Scale: 1}, winSize{640, 432}, winSize{640, 432}},
		{x11screen.Screen{Width: 1600, Height: 900, Scale: 1.5}, winSize{1066.6666, 552}, winSize{640, 480}},
	} {
		got, gotMin := fitInto(def, minimum, screenRoom(c.screen))
		if got != c.want || gotMin != c.wantMin {
			t.Errorf("screen %+v: size %v min %v, want %v min %v", c.screen, got, gotMin, c.want, c.wantMin)
		}
	}
	// A saved size larger than today's screen is shrunk to it; a smaller one kept.
	if got, _ := fitInto(winSize{1900, 1200}, minimum, screenRoom(x11screen.Screen{Width: 1366, Height: 768, Scale: 1})); got != (winSize{1366, 720}) {
		t.Errorf("saved 1900×1200 on 1366×768: %v", got)
	}
	if got, _ := fitInto(winSize{700, 500}, minimum, screenRoom(x11screen.Screen{Width: 1366, Height: 768, Scale: 1})); got != (winSize{700, 500}) {
		t.Errorf("saved 700×500 on 1366×768: %v", got)
	}
}

// A window shrunk to fit a small screen does not save that screen's size as the user's
// choice (it opened at 800×552 on the next, larger screen); a size the user resized to is
// saved, and a window that was not shrunk saves its size as before.
func TestShrunkSizeIsNotRemembered(t *testing.T) {
	minimum := winSize{640, 480}
	asked := winSize{1280, 752}
	fitted, _ := fitInto(asked, minimum, screenRoom(x11screen.Screen{Width: 800, Height: 600, Scale: 1}))
	m := sizeMemory{fitted: fitted, shrunk: fitted != asked}
	for _, c := range []struct {
		w, h int
		want bool
	}{
		{800, 552, false}, // as it opened
		{799, 552, false}, // a pixel off by rounding
		{700, 500, true},  // resized by the user
		{800, 400, true},
	} {
		if got := m.remember(c.w, c.h); got != c.want {
			t.Errorf("shrunk to %v, frame %d×%d: remember %v, want %v", fitted, c.w, c.h, got, c.want)
		}
	}
	big, _ := fitInto(asked, minimum, screenRoom(x11screen.Screen{Width: 1920, Height: 1080, Scale: 1}))
	if m := (sizeMemory{fitted: big, shrunk: big != asked}); !m.remember(1280, 752) || !m.remember(1000, 700) {
		t.Error("a window that was not shrunk does not remember its size")
	}
}
