package robowin

import (
	"fmt"
	"image"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"gioui.org/f32"
	"gioui.org/io/input"
	"gioui.org/io/key"
	"gioui.org/io/pointer"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"

	"robocom/ui/internal/goldentest"
)

// tornSide is a torn-off debugger's window in a test: its own router, as its own Gio window
// has, and counts of what robowin asked of the window.
type tornSide struct {
	t           *testing.T
	w           *TornWindow
	r           input.Router
	ops         op.Ops
	invalidated int
	closed      int
}

func (s *tornSide) frame() {
	s.ops.Reset()
	gtx := layout.Context{Ops: &s.ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1},
		Constraints: layout.Exact(image.Pt(340, 700)), Source: s.r.Source(), Now: time.Now()}
	s.w.Layout(gtx)
	s.r.Frame(&s.ops)
}

func (s *tornSide) texts() []string {
	var out []string
	var walk func(ns []input.SemanticNode)
	walk = func(ns []input.SemanticNode) {
		for _, n := range ns {
			if n.Desc.Label != "" {
				out = append(out, n.Desc.Label)
			}
			walk(n.Children)
		}
	}
	walk(s.r.AppendSemantics(nil))
	return out
}

func (s *tornSide) clickLabel(label string) {
	s.t.Helper()
	byID := goldentest.Semantics(&s.r)
	for _, n := range byID {
		if n.Desc.Label != label {
			continue
		}
		if b, ok := goldentest.ClickableBounds(byID, n); ok {
			c := b.Min.Add(b.Max).Div(2)
			p := f32.Pt(float32(c.X), float32(c.Y))
			s.r.Queue(
				pointer.Event{Kind: pointer.Move, Position: p, Source: pointer.Mouse},
				pointer.Event{Kind: pointer.Press, Position: p, Buttons: pointer.ButtonPrimary, Source: pointer.Mouse},
				pointer.Event{Kind: pointer.Release, Position: p, Source: pointer.Mouse},
			)
			s.frame()
			return
		}
	}
	s.t.Fatalf("no button %q in the torn-off window: %q", label, s.texts())
}

// newTearHarness is newDebugHarness with a window that can open others.
func newTearHarness(t *testing.T, files ...string) (*harness, *[]*tornSide) {
	t.Helper()
	m := fstest.MapFS{}
	for name, src := range debugSources {
		m[name] = &fstest.MapFile{Data: []byte(src)}
	}
	var opened []*tornSide
	h := &harness{t: t, size: image.Pt(1400, 900)}
	h.u = New(Config{
		Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: m, Home: "."}, {Name: "disk", FS: os.DirFS("/"), Home: "."}},
		Files: files,
		OpenWindow: func(w *TornWindow) {
			s := &tornSide{t: t, w: w}
			w.Bind(func() { s.invalidated++ }, func() { s.closed++ })
			opened = append(opened, s)
		},
	})
	t.Cleanup(h.u.Close)
	h.u.SetSeed(4242)
	h.frame()
	return h, &opened
}

// A debugger torn off into its own window follows the game there, acts on its buttons, and
// docks back with Dock or when its window is closed; T tears off the selected robot's.
func TestTearOffAndDock(t *testing.T) {
	h, opened := newTearHarness(t, "test:counter.rob", "test:spinner.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(1)
	h.openByClick(2)
	h.stepTo(5)
	h.settle()
	h.clickNth("Window", 1) // robot 2's panel, the second from the left
	if got := h.u.TornOff(); !reflect.DeepEqual(got, []int{2}) || len(*opened) != 1 {
		t.Fatalf("after Window on robot 2: torn off %v, %d windows opened", got, len(*opened))
	}
	if got := h.u.Debuggers(); !reflect.DeepEqual(got, []int{1, 2}) {
		t.Fatalf("tearing off closed a debugger: %v", got)
	}
	h.frame()
	if _, ok := h.robotHeader(2); ok {
		t.Error("robot 2's panel is still beside the board")
	}
	if _, ok := h.robotHeader(1); !ok {
		t.Error("robot 1's panel left the board")
	}
	s := (*opened)[0]
	s.frame()
	if !strings.Contains(strings.Join(s.texts(), "\n"), "Robot 2 · Spinner") {
		t.Fatalf("the torn-off window does not show robot 2: %q", s.texts())
	}
	if got := s.w.Title(); got != "Robot 2 · Spinner — cycle 5 — RoboCom Arena" {
		t.Errorf("title %q", got)
	}
	// The game moves on: the main window's frame asks the torn-off one for a frame, which
	// shows the new cycle (from the published views, as the docked panels read them).
	before := s.invalidated
	h.stepTo(40)
	h.settle()
	if s.invalidated == before {
		t.Fatal("the torn-off window was not asked for a frame when the game moved on")
	}
	s.frame()
	if got := s.w.Title(); !strings.Contains(got, "cycle 40") {
		t.Errorf("after cycle 40 the title is %q", got)
	}
	v, _ := h.u.DebugView(2)
	if want := fmt.Sprintf("At (%d, %d) facing %s", v.X, v.Y, v.Dir); !strings.Contains(strings.Join(s.texts(), "\n"), want) {
		t.Errorf("the torn-off panel does not show %q: %q", want, s.texts())
	}
	// Its buttons act: Follow selects the robot on the board.
	s.clickLabel("Follow")
	h.frame()
	if h.u.Board().Selected != 2 {
		t.Errorf("Follow in the torn-off window selected robot %d", h.u.Board().Selected)
	}
	// Dock: back beside the board, and the window is closed.
	s.clickLabel("Dock")
	h.frame()
	if len(h.u.TornOff()) != 0 || s.closed != 1 {
		t.Fatalf("after Dock: torn off %v, window closed %d times", h.u.TornOff(), s.closed)
	}
	if _, ok := h.robotHeader(2); !ok {
		t.Error("robot 2's panel did not come back beside the board")
	}
	// T tears off the selected robot's debugger; closing that window docks it back.
	h.r.Queue(key.Event{Name: "T", State: key.Press}, key.Event{Name: "T", State: key.Release})
	h.frame()
	if got := h.u.TornOff(); !reflect.DeepEqual(got, []int{2}) || len(*opened) != 2 {
		t.Fatalf("after T: torn off %v, %d windows", got, len(*opened))
	}
	(*opened)[1].w.Closed()
	h.frame()
	if len(h.u.TornOff()) != 0 || !reflect.DeepEqual(h.u.Debuggers(), []int{1, 2}) {
		t.Fatalf("after closing the window: torn off %v, debuggers %v", h.u.TornOff(), h.u.Debuggers())
	}
	// × in a torn-off window closes that debugger and its window.
	h.u.ToggleTearOff(1)
	s3 := (*opened)[2]
	s3.frame()
	s3.clickLabel("×")
	h.frame()
	if got := h.u.Debuggers(); !reflect.DeepEqual(got, []int{2}) || s3.closed != 1 {
		t.Errorf("after × in the torn-off window: debuggers %v, window closed %d times", got, s3.closed)
	}
}

// Without a way to open windows (a test, a build without them) there is no tear-off button.
func TestNoTearOffWithoutWindows(t *testing.T) {
	h := newDebugHarness(t, "test:counter.rob", "test:spinner.rob")
	h.waitFor("the first game", func() bool { return len(h.u.Snapshot().Robots) == 2 })
	h.openByClick(1)
	if _, ok := h.find("Window"); ok {
		t.Error("a tear-off button is offered though no window can open")
	}
	h.u.ToggleTearOff(1)
	if len(h.u.TornOff()) != 0 {
		t.Error("a debugger was torn off with nowhere to go")
	}
}
