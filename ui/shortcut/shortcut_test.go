package shortcut

import (
	"image"
	"slices"
	"testing"
	"time"

	"gioui.org/io/input"
	"gioui.org/io/key"
	"gioui.org/layout"
	"gioui.org/op"
)

// reader drives one Keys through frames of an input.Router, as a window does.
type reader struct {
	r    input.Router
	ops  op.Ops
	keys Keys
	now  time.Time
}

func newReader() *reader {
	rd := &reader{now: time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)}
	rd.frame(false, 0) // the first frame registers the filters
	return rd
}

// frame advances the clock by dt, runs a frame and returns the actions read in it.
func (rd *reader) frame(editing bool, dt time.Duration) []Action {
	rd.now = rd.now.Add(dt)
	rd.ops.Reset()
	gtx := layout.Context{Ops: &rd.ops, Now: rd.now, Constraints: layout.Exact(image.Pt(100, 100)), Source: rd.r.Source()}
	var out []Action
	for {
		a, ok := rd.keys.Next(gtx, editing)
		if !ok {
			break
		}
		out = append(out, a)
	}
	rd.r.Frame(&rd.ops)
	return out
}

func (rd *reader) queue(name key.Name, mods key.Modifiers, states ...key.State) {
	for _, s := range states {
		rd.r.Queue(key.Event{Name: name, Modifiers: mods, State: s})
	}
}

// pressed sends each key's press and release, 100 ms apart, and returns the actions read.
func pressed(t *testing.T, editing bool, evs ...key.Event) []Action {
	t.Helper()
	rd := newReader()
	var out []Action
	for _, e := range evs {
		rd.queue(e.Name, e.Modifiers, key.Press)
		out = append(out, rd.frame(editing, 100*time.Millisecond)...)
		rd.queue(e.Name, e.Modifiers, key.Release)
		out = append(out, rd.frame(editing, 100*time.Millisecond)...)
	}
	return out
}

func TestNext(t *testing.T) {
	all := []key.Event{{Name: key.NameSpace}, {Name: "S"}, {Name: "N"}, {Name: "R"}, {Name: "F"},
		{Name: "+", Modifiers: key.ModShift}, {Name: "="}, {Name: "-"}, {Name: key.NameEscape},
		{Name: "Q", Modifiers: key.ModShortcut}, {Name: "Q"}, {Name: "X"}, {Name: key.NameLeftArrow}}
	want := []Action{StartPause, Step, Block, Restart, Fit, Faster, Faster, Slower, Escape, Quit, Back}
	if got := pressed(t, false, all...); !slices.Equal(got, want) {
		t.Errorf("keys read %v, want %v", got, want)
	}
	if got := pressed(t, true, all...); !slices.Equal(got, []Action{Escape, Quit}) {
		t.Errorf("while editing, keys read %v, want only Escape and Quit", got)
	}
}

// A held key repeats. Space (start/pause), R, F, Escape and Ctrl+Q act once per press;
// S, N, ←, + and − act on every repeat. A CI run failed when Space, held a moment too long
// by a loaded machine, paused the game and started it again.
func TestHeldKeys(t *testing.T) {
	count := func(acts []Action, a Action) int {
		n := 0
		for _, b := range acts {
			if b == a {
				n++
			}
		}
		return n
	}
	tests := []struct {
		name  key.Name
		mods  key.Modifiers
		act   Action
		times int // actions read for one press held through 5 repeats
	}{
		{key.NameSpace, 0, StartPause, 1},
		{"R", 0, Restart, 1},
		{"F", 0, Fit, 1},
		{key.NameEscape, 0, Escape, 1},
		{"Q", key.ModShortcut, Quit, 1},
		{"S", 0, Step, 6},
		{"N", 0, Block, 6},
		{key.NameLeftArrow, 0, Back, 6},
		{"-", 0, Slower, 6},
	}
	for _, tt := range tests {
		// X11: a repeat is a release and a press sent together, read in one frame.
		rd := newReader()
		rd.queue(tt.name, tt.mods, key.Press)
		got := rd.frame(false, 16*time.Millisecond)
		rd.frame(false, 500*time.Millisecond)
		for range 5 {
			rd.queue(tt.name, tt.mods, key.Release, key.Press)
			got = append(got, rd.frame(false, 40*time.Millisecond)...)
		}
		rd.queue(tt.name, tt.mods, key.Release)
		got = append(got, rd.frame(false, 40*time.Millisecond)...)
		if n := count(got, tt.act); n != tt.times {
			t.Errorf("X11: %v held through 5 repeats acted %d times, want %d", tt.name, n, tt.times)
		}
		// Pressed again after the release: acts again.
		rd.queue(tt.name, tt.mods, key.Press, key.Release)
		if n := count(rd.frame(false, 200*time.Millisecond), tt.act); n != 1 {
			t.Errorf("X11: %v pressed again after release acted %d times, want 1", tt.name, n)
		}

		// Wayland, macOS, Windows: a repeat is another press.
		rd = newReader()
		rd.queue(tt.name, tt.mods, key.Press)
		got = rd.frame(false, 16*time.Millisecond)
		rd.frame(false, 500*time.Millisecond)
		for range 5 {
			rd.queue(tt.name, tt.mods, key.Press)
			got = append(got, rd.frame(false, 40*time.Millisecond)...)
		}
		rd.queue(tt.name, tt.mods, key.Release)
		got = append(got, rd.frame(false, 40*time.Millisecond)...)
		if n := count(got, tt.act); n != tt.times {
			t.Errorf("press repeats: %v held through 5 repeats acted %d times, want %d", tt.name, n, tt.times)
		}
	}
}

// A key whose release went to another window counts as released 3 s after its last press:
// the next press acts. Before that a press without a release is a repeat (macOS's longest
// repeat delay is 2 s).
func TestLostRelease(t *testing.T) {
	rd := newReader()
	rd.queue(key.NameSpace, 0, key.Press)
	first := rd.frame(false, 16*time.Millisecond)
	rd.queue(key.NameSpace, 0, key.Press)
	repeat := rd.frame(false, 2*time.Second)
	rd.queue(key.NameSpace, 0, key.Press)
	second := rd.frame(false, 4*time.Second)
	if !slices.Equal(first, []Action{StartPause}) || len(repeat) != 0 || !slices.Equal(second, []Action{StartPause}) {
		t.Errorf("Space, Space 2 s later, Space 4 s after that, no release between: read %v, %v, %v; want StartPause, nothing, StartPause", first, repeat, second)
	}
}
