package shell

import (
	"image"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"gioui.org/f32"
	"gioui.org/io/input"
	"gioui.org/io/key"
	"gioui.org/io/pointer"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/ui/corewin"
	"robocom/ui/internal/goldentest"
)

// samples is the folder of the sample Core War programs.
const samples = "../../robots/core"

func sampleConfig(files ...string) corewin.Config {
	return corewin.Config{Roots: []corewin.Root{{Name: "bundled", FS: os.DirFS(samples), Home: "."}}, Files: files, Seed: 3}
}

// modesHarness lays the bar and a mode out at 1280×860 and hands the ops to a Router.
type modesHarness struct {
	r    input.Router
	ops  op.Ops
	now  time.Time
	draw func(gtx layout.Context)
}

func (h *modesHarness) frame() {
	h.ops.Reset()
	h.now = h.now.Add(16 * time.Millisecond)
	gtx := layout.Context{Ops: &h.ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Exact(image.Pt(1280, 860)), Source: h.r.Source(), Now: h.now}
	h.draw(gtx)
	h.r.Frame(&h.ops)
}

// find reports the clickable bounds of the first widget whose label starts with text.
func (h *modesHarness) find(text string) (image.Rectangle, bool) {
	byID := goldentest.Semantics(&h.r)
	for _, n := range byID {
		if strings.HasPrefix(n.Desc.Label, text) {
			if b, ok := goldentest.ClickableBounds(byID, n); ok {
				return b, true
			}
		}
	}
	return image.Rectangle{}, false
}

func (h *modesHarness) clickLabel(t *testing.T, text string) {
	t.Helper()
	b, ok := h.find(text)
	if !ok {
		t.Fatalf("no %q on screen", text)
	}
	c := b.Min.Add(b.Max).Div(2)
	p := f32.Pt(float32(c.X), float32(c.Y))
	h.r.Queue(
		pointer.Event{Kind: pointer.Press, Source: pointer.Mouse, Buttons: pointer.ButtonPrimary, Position: p},
		pointer.Event{Kind: pointer.Release, Source: pointer.Mouse, Position: p},
	)
	h.frame()
	h.frame()
}

// TestModeSwitch switches the window from RoboCom to Core War and back with the bar's tabs:
// each mode is laid out only while it is chosen, and keeps its state across switches.
func TestModeSwitch(t *testing.T) {
	m := NewModes(sampleConfig("bundled:dwarf.cw", "bundled:imp.cw"), false)
	defer m.Close()
	roboFrames := 0
	var roboBtn widget.Clickable
	th := material.NewTheme()
	robo := func(gtx layout.Context) layout.Dimensions {
		roboFrames++
		return material.Button(th, &roboBtn, "RoboCom board").Layout(gtx)
	}
	var told []bool
	m.OnSwitch = func(coreOn bool) { told = append(told, coreOn) }
	h := &modesHarness{now: time.Unix(1000, 0)}
	h.draw = func(gtx layout.Context) { m.Layout(gtx, robo) }
	h.frame()
	if m.CoreOn || roboFrames != 1 {
		t.Fatalf("opened in Core War mode (%v) or RoboCom not drawn (%d)", m.CoreOn, roboFrames)
	}
	if _, ok := h.find("Run"); ok {
		t.Fatal("Core War controls on screen in RoboCom mode")
	}
	h.clickLabel(t, "Core War")
	if !m.CoreOn {
		t.Fatal("the Core War tab did not switch the mode")
	}
	if _, ok := h.find("Run"); !ok {
		t.Fatal("no Core War controls after switching")
	}
	if got := m.Title("RoboCom Arena"); got != m.Core.Title() || got == "RoboCom Arena" {
		t.Fatalf("title %q in Core War mode", got)
	}
	n := roboFrames
	h.clickLabel(t, "RoboCom")
	if m.CoreOn || roboFrames <= n {
		t.Fatal("the RoboCom tab did not switch back")
	}
	if got := m.Core.Memory().Players; len(got) != 2 {
		t.Fatalf("the Core War players were lost across switches: %v", got)
	}
	if !slices.Equal(told, []bool{true, false}) {
		t.Errorf("OnSwitch was told %v, want [true false]", told)
	}
}

func TestModesStartWithSamples(t *testing.T) {
	m := NewModes(sampleConfig(), false)
	defer m.Close()
	if got := m.Core.Memory().Players; !slices.Equal(got, []string{"bundled:dwarf.cw", "bundled:imp.cw"}) {
		t.Fatalf("players %v, want the first two .cw samples", got)
	}
}

// TestHiddenModeSaysItRuns: the tab of the mode not shown says "running" while its game plays
// on (the Core War game kept a processor busy behind the RoboCom mode without a word), and
// not once it is paused.
func TestHiddenModeSaysItRuns(t *testing.T) {
	m := NewModes(sampleConfig("bundled:dwarf.cw", "bundled:imp.cw"), true)
	defer m.Close()
	roboRuns := false
	m.RoboComRunning = func() bool { return roboRuns }
	th := material.NewTheme()
	robo := func(gtx layout.Context) layout.Dimensions { return material.Body1(th, "RoboCom board").Layout(gtx) }
	h := &modesHarness{now: time.Unix(1000, 0)}
	h.draw = func(gtx layout.Context) { m.Layout(gtx, robo) }
	h.frame()
	roboRuns = true
	h.frame()
	if _, ok := h.find("RoboCom" + runningMark); !ok {
		t.Error("the RoboCom tab does not say its game runs while Core War is shown")
	}
	for i := 0; i < 50; i++ {
		if _, ok := h.find("Start"); ok {
			break
		}
		time.Sleep(10 * time.Millisecond)
		h.frame()
	}
	h.clickLabel(t, "Start")
	h.clickLabel(t, "RoboCom")
	for deadline := time.Now().Add(3 * time.Second); !m.Core.Running() && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	h.frame()
	if _, ok := h.find("Core War" + runningMark); !ok {
		t.Fatal("the Core War tab does not say its game runs behind the RoboCom mode")
	}
	if _, ok := h.find("RoboCom" + runningMark); ok {
		t.Error("the tab of the mode shown says running")
	}
	h.clickLabel(t, "Core War")
	h.clickLabel(t, "Pause")
	h.clickLabel(t, "RoboCom")
	h.frame()
	if _, ok := h.find("Core War" + runningMark); ok && !m.Core.Running() {
		t.Error("the Core War tab says running with its game paused")
	}
}

// TestSpaceStaysWithTheMode: Space pressed while a tab of the bar has the keyboard (Tab
// reaches the tabs first) goes to the mode below, whose start and pause it is, not to the tab:
// the bar was laid out first, so the focused "Core War" tab took Space and switched the mode.
func TestSpaceStaysWithTheMode(t *testing.T) {
	for _, coreOn := range []bool{false, true} {
		m := NewModes(sampleConfig("bundled:dwarf.cw", "bundled:imp.cw"), coreOn)
		spaces := 0
		robo := func(gtx layout.Context) layout.Dimensions {
			for {
				e, ok := gtx.Event(key.Filter{Name: key.NameSpace})
				if !ok {
					break
				}
				if e, ok := e.(key.Event); ok && e.State == key.Press {
					spaces++
				}
			}
			return layout.Dimensions{Size: gtx.Constraints.Max}
		}
		tab := &m.core // the other mode's tab
		if coreOn {
			tab = &m.robo
		}
		focus := true
		h := &modesHarness{now: time.Unix(1000, 0)}
		h.draw = func(gtx layout.Context) {
			if focus {
				gtx.Execute(key.FocusCmd{Tag: tab})
				focus = false
			}
			m.Layout(gtx, robo)
		}
		h.frame()
		h.frame()
		wasRunning := m.Core.Running()
		h.r.Queue(key.Event{Name: key.NameSpace, State: key.Press}, key.Event{Name: key.NameSpace, State: key.Release})
		h.frame()
		h.frame()
		if m.CoreOn != coreOn {
			t.Errorf("Core War mode %v: Space on the other mode's focused tab switched the mode", coreOn)
		}
		if !coreOn && spaces != 1 {
			t.Errorf("the RoboCom mode read %d Space presses, want 1", spaces)
		}
		if coreOn && m.Core.Running() == wasRunning {
			t.Errorf("Space in the Core War mode did not start or pause its game (running %v)", wasRunning)
		}
		m.Close()
	}
}
