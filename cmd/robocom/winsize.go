package main

import (
	"os"

	"robocom/cmd/robocom/internal/x11screen"
)

// winSize is a window's size in dp.
type winSize struct{ w, h float32 }

// screenRoom is the room a screen leaves for a window in dp: its size at the scale Gio
// will draw with, less a strip for a title bar and a desktop's panel (with no window
// manager the strip stays empty, which is harmless).
func screenRoom(s x11screen.Screen) winSize {
	const titleAndPanel = 48
	scale := s.Scale
	if scale <= 0 {
		scale = 1
	}
	return winSize{float32(s.Width) / scale, float32(s.Height)/scale - titleAndPanel}
}

// fitInto shrinks want (and the minimum size) to room, keeping each no larger than the
// screen: with no window manager nothing else would, and a window larger than the screen
// hides the timeline and half the controls.
func fitInto(want, minimum, room winSize) (winSize, winSize) {
	if room.w <= 0 || room.h <= 0 {
		return want, minimum
	}
	want.w, want.h = min(want.w, room.w), min(want.h, room.h)
	minimum.w, minimum.h = min(minimum.w, want.w), min(minimum.h, want.h)
	return want, minimum
}

// sizeMemory decides which window sizes the settings remember. A window shrunk to fit a
// small screen has that screen's size, not one the user chose: saved, it opened the window
// at 800×552 on the next, larger screen. Such a size is remembered only once the user
// resized the window away from it.
type sizeMemory struct {
	fitted winSize // the size the window opened with
	shrunk bool    // fitInto made it smaller than the size asked for
}

// remember reports whether the window's size w×h (dp, as a frame reports it) is the user's
// to save. (A frame's size is whole pixels: within a dp of the fitted size is that size.)
func (m sizeMemory) remember(w, h int) bool {
	near := func(a int, b float32) bool { return float32(a) > b-1.01 && float32(a) < b+1.01 }
	return !m.shrunk || !near(w, m.fitted.w) || !near(h, m.fitted.h)
}

// screenOnX11 is the room of the X screen the window opens on, false when there is no X
// display to ask (Wayland alone, or no display at all): the window then keeps its size.
// The query's connection stays open until release is called (once the window is open):
// an X server with no other client would otherwise reset as it closes and could drop the
// window's own connection (x11screen.QueryAndHold). release is never nil.
func screenOnX11() (room winSize, release func(), ok bool) {
	d := os.Getenv("DISPLAY")
	if d == "" {
		return winSize{}, func() {}, false
	}
	s, release, err := x11screen.QueryAndHold(d)
	if err != nil {
		return winSize{}, func() {}, false
	}
	return screenRoom(s), release, true
}
