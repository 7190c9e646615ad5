package shell

import (
	"fmt"
	"image"
	"os"
	"regexp"
	"testing"
	"time"

	"gioui.org/f32"
	"gioui.org/io/input"
	"gioui.org/io/pointer"
	"gioui.org/io/semantic"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
	"gioui.org/widget/material"
	"gioui.org/x/component"

	"robocom/ui/internal/goldentest"
	"robocom/ui/robowin"
)

// tipWindow is the arena window as the app lays it out (the mode bar, then a mode) at a
// size, for the tooltip tests.
type tipWindow struct {
	modesHarness
	size image.Point
	th   *material.Theme
	robo *robowin.UI
}

func (h *tipWindow) frame() {
	h.ops.Reset()
	h.now = h.now.Add(100 * time.Millisecond)
	gtx := layout.Context{Ops: &h.ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(h.size), Source: h.r.Source(), Now: h.now}
	h.draw(gtx)
	h.r.Frame(&h.ops)
}

// labels are the texts on screen with their bounds.
func (h *tipWindow) labels() []input.SemanticNode {
	var out []input.SemanticNode
	for _, n := range goldentest.Semantics(&h.r) {
		if n.Desc.Label != "" || n.Desc.Class != semantic.Unknown {
			out = append(out, n)
		}
	}
	return out
}

// button is the bounds of the button labelled label; of the topmost one if several are
// (the Core War Parameters tab has − and + too).
func (h *tipWindow) button(label string) (image.Rectangle, bool) {
	byID := goldentest.Semantics(&h.r)
	var found image.Rectangle
	ok := false
	for _, n := range byID {
		if n.Desc.Label != label {
			continue
		}
		if b, isButton := goldentest.ClickableBounds(byID, n); isButton && (!ok || b.Min.Y < found.Min.Y) {
			found, ok = b, true
		}
	}
	return found, ok
}

func (h *tipWindow) findText(text string) (image.Rectangle, bool) {
	for _, n := range h.labels() {
		if n.Desc.Label == text {
			return n.Desc.Bounds, true
		}
	}
	return image.Rectangle{}, false
}

// measure is the size of w laid out alone, unconstrained, as the harness lays out a frame.
func (h *tipWindow) measure(w layout.Widget) image.Point {
	var ops op.Ops
	gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Constraints{Max: h.size}}
	return w(gtx).Size
}

// newTipWindow opens the window in a mode (core: Core War) with two players each.
func newTipWindow(t *testing.T, core bool, size image.Point) *tipWindow {
	m := NewModes(sampleConfig("bundled:dwarf.cw", "bundled:imp.cw"), core)
	t.Cleanup(m.Close)
	u := robowin.New(robowin.Config{
		Load:    robowin.LoadProgram,
		NewGame: robowin.NewArenaGame,
		Options: robowin.ArenaOptions{},
		Roots:   []robowin.Root{{Name: "bundled", FS: os.DirFS("../../robots"), Home: "."}},
		Files:   []string{"bundled:hive.rob", "bundled:mine.rob"},
	})
	t.Cleanup(u.Close)
	h := &tipWindow{size: size, th: m.th, robo: u}
	h.now = time.Unix(1000, 0)
	h.draw = func(gtx layout.Context) { m.Layout(gtx, u.Layout) }
	h.frame()
	return h
}

// tipCase is a control with a tooltip: the button's label and the tooltip's text.
type tipCase struct{ button, tip string }

// valueText is a value shown beside the controls, found by its text, drawn in a style.
type valueText struct {
	re    *regexp.Regexp
	style func(*material.Theme, string) material.LabelStyle
}

var (
	roboTips = []tipCase{
		{"Start", "Start / pause (Space)"}, {"Step", "One cycle (S)"}, {"Run", "Run this many cycles, then pause (N)"},
		{"−", "Slower (−)"}, {"+", "Faster (+)"},
		{"Restart", "Restart from round 1 with this seed, the programs read again from their files (R)"}, {"New seed", "Restart with a random seed, the programs read again from their files"},
		{"← 1 cycle", "Go back one cycle (←; the game pauses; the future is kept until you edit)"},
		{"Latest →", "Forward again to the furthest cycle reached"},
	}
	// A robot's debugger, open beside the board.
	debuggerTips = []tipCase{
		{"Follow", "Keep this robot selected, and in the middle when zoomed in"},
		{"Step instruction", "Run until this robot has done its next instruction"},
		{"Edit program", "Open this team's program in the editor"},
		{"RBI…", "Save this team's program as an RBI file (code sealed)"},
	}
	coreTips = []tipCase{
		{"Start", "Start / pause (Space)"}, {"Step", "One instruction (S)"}, {"Run", "Run this many cycles, then pause (N)"},
		{"−", "Slower (−)"}, {"+", "Faster (+)"}, {"Fit", "Fit the core in the view (F)"},
		{"Restart", "Restart from round 1 with this seed, the programs read again from their files (R)"}, {"New seed", "Restart with a new seed, the programs read again from their files"},
	}
	roboValues = []valueText{
		{regexp.MustCompile(`^\d+/s$`), material.Body1},               // the speed
		{regexp.MustCompile(`^\(.* reached\)$`), material.Body2},      // the speed reached
		{regexp.MustCompile(`^Cycle \d+`), material.H6},               // the cycle
		{regexp.MustCompile(`^Round \d+, seed \d+$`), material.Body2}, // the round
		{regexp.MustCompile(`^cycle \d+ of \d+$`), material.Body2},    // the timeline's cycle
	}
	coreValues = []valueText{
		{regexp.MustCompile(`^\d+/s$`), material.Body1},
		{regexp.MustCompile(`^(Corewars|Redcode|VNA)`), material.Body2},
		{regexp.MustCompile(`^Round \d+ of \d+, seed \d+$`), material.Body2},
		{regexp.MustCompile(`^Cycle \d+`), material.Body2},
	}
)

// A control's tooltip stays inside the window and leaves the values beside the controls
// readable (the speed, the cycle, the round, every field), in both modes, on the issue's
// two screens. Before the tooltip layer, Step's tooltip covered the speed row at 800×600,
// and "← 1 cycle"'s went off the window's left edge.
func TestTooltipLeavesItsRowReadable(t *testing.T) {
	for _, mode := range []struct {
		name     string
		core     bool
		debugger bool // a robot's debugger open
		tips     []tipCase
		values   []valueText
	}{
		{"RoboCom", false, false, roboTips, roboValues},
		{"RoboCom debugger", false, true, debuggerTips, roboValues},
		{"Core War", true, false, coreTips, coreValues},
	} {
		for _, size := range []image.Point{{800, 600}, {1280, 800}} {
			t.Run(fmt.Sprintf("%s/%dx%d", mode.name, size.X, size.Y), func(t *testing.T) {
				h := newTipWindow(t, mode.core, size)
				// The first game is made on the simulation goroutine (robowin), as in robowin's
				// tests: until it is, the debugger has no living robot 1 and the round and cycle
				// the tooltips must leave readable are not shown.
				for deadline := time.Now().Add(30 * time.Second); !mode.core && len(h.robo.Snapshot().Robots) == 0 && time.Now().Before(deadline); {
					time.Sleep(5 * time.Millisecond)
					h.frame()
				}
				if mode.debugger {
					// Its robot's views come from the simulation goroutine: on a loaded machine
					// two frames were not always enough for them (and the panel's buttons).
					h.robo.OpenDebugger(1)
					for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
						h.frame()
						if _, ok := h.button("Step instruction"); ok {
							break
						}
					}
					h.frame()
				}
				win := image.Rectangle{Max: size}
				for _, c := range mode.tips {
					// Away from every control first, so that each tooltip is a fresh hover.
					h.r.Queue(pointer.Event{Kind: pointer.Move, Position: f32.Pt(2, float32(size.Y-2)), Source: pointer.Mouse})
					h.frame()
					h.frame()
					h.frame()
					b, ok := h.button(c.button)
					if !ok {
						t.Errorf("no %q button", c.button)
						continue
					}
					m := b.Min.Add(b.Max).Div(2)
					h.r.Queue(pointer.Event{Kind: pointer.Move, Position: f32.Pt(float32(m.X), float32(m.Y)), Source: pointer.Mouse})
					var text image.Rectangle
					for i := 0; i < 20 && !ok; i++ {
						h.frame()
						text, ok = h.findText(c.tip)
					}
					ok = false
					for i := 0; i < 20 && !ok; i++ {
						h.frame()
						text, ok = h.findText(c.tip)
					}
					if !ok {
						t.Errorf("hovering %q did not show its tooltip %q", c.button, c.tip)
						continue
					}
					b, _ = h.button(c.button)
					// A label's semantic bounds run to the edge of its constraints; its size
					// comes from laying it out again (the tooltip's text is inset 8×6).
					tip := image.Rectangle{Min: text.Min.Sub(image.Pt(8, 6))}
					tip.Max = tip.Min.Add(h.measure(component.PlatformTooltip(h.th, c.tip).Layout))
					if !tip.In(win) {
						t.Errorf("%q: the tooltip %v is not inside the window %v", c.button, tip, win)
					}
					if tip.Overlaps(b) {
						t.Errorf("%q: the tooltip %v covers its own button %v", c.button, tip, b)
					}
					for _, v := range h.values(mode.values) {
						if tip.Overlaps(v.r) {
							t.Errorf("%q: the tooltip %v covers %q at %v", c.button, tip, v.text, v.r)
						}
					}
				}
			})
		}
	}
}

type shownValue struct {
	text string
	r    image.Rectangle
}

// values are the values on screen: the texts vs match, and every text field.
func (h *tipWindow) values(vs []valueText) []shownValue {
	var out []shownValue
	for _, n := range goldentest.Semantics(&h.r) {
		if n.Desc.Class == semantic.Editor {
			out = append(out, shownValue{"a field", n.Desc.Bounds})
			continue
		}
		for _, v := range vs {
			if v.re.MatchString(n.Desc.Label) {
				r := image.Rectangle{Min: n.Desc.Bounds.Min}
				r.Max = r.Min.Add(h.measure(v.style(h.th, n.Desc.Label).Layout))
				out = append(out, shownValue{n.Desc.Label, r})
			}
		}
	}
	return out
}
