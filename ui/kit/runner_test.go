package kit

import (
	"sync"
	"testing"
	"time"
)

// counter is a game that counts its units and ends at end.
type counter struct{ n, end int }

type counterDriver struct {
	mu    sync.Mutex
	n     int
	game  int
	ok    bool
	pubs  int
	runOn bool
}

func (d *counterDriver) Advance(g *counter, n int) int {
	k := min(n, g.end-g.n)
	g.n += k
	return k
}
func (d *counterDriver) Over(g *counter) bool { return g.n >= g.end }
func (d *counterDriver) Publish(g *counter, ok bool, game int, running bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.ok, d.game, d.runOn = ok, game, running
	d.n = 0
	if ok {
		d.n = g.n
	}
	d.pubs++
}

func (d *counterDriver) get() (n, game int, running bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.n, d.game, d.runOn
}

// waitFor polls until cond holds; the Runner's goroutine gets there without a clock.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestRunnerStepNPlaysExactlyN(t *testing.T) {
	for _, speed := range []int{0, 1000} {
		d := &counterDriver{}
		r := NewRunner[*counter](d, nil)
		g := &counter{end: 1 << 30}
		n := r.Reset(g, true)
		r.SetSpeed(speed)
		r.StepN(37)
		r.StepN(0) // ignored
		waitFor(t, "37 units played and paused", func() bool {
			c, game, running := d.get()
			return c == 37 && game == n && !running
		})
		r.StepN(5)
		waitFor(t, "5 more", func() bool { c, _, running := d.get(); return c == 42 && !running })
		var seen int
		r.Read(func(g *counter, ok bool) { seen = g.n })
		if seen != 42 {
			t.Fatalf("speed %d: Read saw %d units, want 42", speed, seen)
		}
		r.Close()
		r.Read(func(g *counter, ok bool) {
			if ok {
				t.Error("Read after Close saw a game")
			}
		})
	}
}

func TestRunnerRunsToTheEndAndResets(t *testing.T) {
	d := &counterDriver{}
	r := NewRunner[*counter](d, nil)
	defer r.Close()
	r.SetSpeed(0)
	first := r.Reset(&counter{end: 100_000}, true)
	r.Start()
	waitFor(t, "the game ended and the Runner paused", func() bool {
		c, game, running := d.get()
		return c == 100_000 && game == first && !running
	})
	if r.Running() {
		t.Fatal("Running after the game ended")
	}
	second := r.Reset(nil, false)
	if second == first {
		t.Fatal("Reset did not number a new game")
	}
	waitFor(t, "no game published", func() bool { _, game, _ := d.get(); return game == second && !d.ok })
	r.Start() // no game: nothing runs, nothing hangs
	r.Do(func(g *counter, ok bool) {
		if ok {
			t.Error("Do saw a game after Reset(nil, false)")
		}
	})
}

func TestRunnerPauseStopsABatch(t *testing.T) {
	d := &counterDriver{}
	r := NewRunner[*counter](d, nil)
	defer r.Close()
	r.SetSpeed(0)
	r.Reset(&counter{end: 1 << 62}, true)
	r.Start()
	waitFor(t, "running", func() bool { c, _, _ := d.get(); return c > 0 })
	r.Pause()
	var at int
	r.Read(func(g *counter, ok bool) { at = g.n })
	time.Sleep(20 * time.Millisecond)
	r.Read(func(g *counter, ok bool) {
		if g.n != at {
			t.Errorf("the game went on after Pause: %d then %d", at, g.n)
		}
	})
}
