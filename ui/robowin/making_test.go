package robowin

import (
	"errors"
	"image"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"robocom/robolang"
)

// A Restart makes the new game on the simulation goroutine: the window goes on drawing
// frames meanwhile and says so, Restarts pressed meanwhile make one game rather than one
// each, and a game that cannot be made says why.
func TestRestartMakesTheGameOffTheWindow(t *testing.T) {
	var calls atomic.Int32
	var gate atomic.Pointer[chan struct{}] // while set, making a game waits for it to close
	var fail atomic.Bool
	newGame := func(progs []*robolang.Program, o GameOptions, seed int64) (Game, error) {
		calls.Add(1)
		if g := gate.Load(); g != nil {
			<-*g
		}
		if fail.Load() {
			return nil, errors.New("no room on the board")
		}
		return NewArenaGame(progs, o, seed)
	}
	h := &harness{t: t, size: image.Pt(1280, 860)}
	h.u = New(Config{Load: LoadProgram, NewGame: newGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: testFS(), Home: "."}}, Files: []string{"test:p1.rob", "test:p2.rob"}})
	t.Cleanup(h.u.Close)
	h.frame()
	h.waitFor("the first game", func() bool { return !h.u.making() && len(h.u.snap.Robots) == 2 })

	open := make(chan struct{})
	gate.Store(&open)
	var stuck atomic.Bool
	release := time.AfterFunc(3*time.Second, func() { stuck.Store(true); close(open) })
	before := calls.Load()
	h.clickLabel("Restart")
	if stuck.Load() {
		t.Fatal("the window waited for the new game to be made (3 s without a frame)")
	}
	if !h.u.making() || h.u.timelineNotice() != "Making the new game…" {
		t.Errorf("while the game is made: making %v, notice %q", h.u.making(), h.u.timelineNotice())
	}
	// The other five come once the first build is under way (else the simulation goroutine,
	// not yet at it, would rightly skip it too).
	for deadline := time.Now().Add(5 * time.Second); calls.Load() == before; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first Restart's game was never begun")
		}
	}
	for range 5 {
		h.clickLabel("Restart")
	}
	if release.Stop() {
		close(open)
	}
	h.waitFor("the restarted game", func() bool { return !h.u.making() })
	if got := calls.Load() - before; got != 2 {
		t.Errorf("six Restarts, one of them while the first game was made, made %d games; want 2 (the one under way and the last)", got)
	}
	if len(h.u.snap.Robots) != 2 || h.u.snap.Game != h.u.gameNo || h.u.gameErr != "" {
		t.Errorf("after the Restarts: %d robots, game %d of %d, error %q", len(h.u.snap.Robots), h.u.snap.Game, h.u.gameNo, h.u.gameErr)
	}

	gate.Store(nil)
	fail.Store(true)
	h.clickLabel("Restart")
	h.waitFor("the refusal", func() bool { return h.u.gameErr != "" })
	if !strings.Contains(h.u.gameErr, "The game could not start: no room on the board") {
		t.Errorf("error = %q", h.u.gameErr)
	}
	fail.Store(false)
	h.clickLabel("Restart")
	h.waitFor("a game again", func() bool { return !h.u.making() && len(h.u.snap.Robots) == 2 })
	if h.u.gameErr != "" {
		t.Errorf("the old error stays: %q", h.u.gameErr)
	}
}
