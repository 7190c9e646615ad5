package corewin

import (
	"os"
	"slices"
	"testing"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

// TestModeSwitch switches the window from RoboCom to Core War and back with the bar's tabs:
// each mode is laid out only while it is chosen, and keeps its state across switches.
func TestModeSwitch(t *testing.T) {
	m := NewModes(Config{Roots: []Root{{Name: "bundled", FS: os.DirFS(samples), Home: "."}}, Files: []string{"bundled:dwarf.cw", "bundled:imp.cw"}, Seed: 3}, false)
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
	h := newHarness(m.Core)
	h.draw = func(gtx layout.Context) { m.Layout(gtx, robo) }
	frame := h.frame
	frame()
	if m.CoreOn || roboFrames != 1 {
		t.Fatalf("opened in Core War mode (%v) or RoboCom not drawn (%d)", m.CoreOn, roboFrames)
	}
	if _, ok := h.find("Run block"); ok {
		t.Fatal("Core War controls on screen in RoboCom mode")
	}
	h.clickLabel(t, "Core War")
	if !m.CoreOn {
		t.Fatal("the Core War tab did not switch the mode")
	}
	if _, ok := h.find("Run block"); !ok {
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
	if len(m.Core.players) != 2 {
		t.Fatalf("the Core War players were lost across switches: %d", len(m.Core.players))
	}
	if !slices.Equal(told, []bool{true, false}) {
		t.Errorf("OnSwitch was told %v, want [true false]", told)
	}
}

func TestModesStartWithSamples(t *testing.T) {
	m := NewModes(Config{Roots: []Root{{Name: "bundled", FS: os.DirFS(samples), Home: "."}}, Seed: 3}, false)
	defer m.Close()
	if len(m.Core.players) != 2 || m.Core.players[0].path != "bundled:dwarf.cw" || m.Core.players[1].path != "bundled:imp.cw" {
		var got []string
		for _, p := range m.Core.players {
			got = append(got, p.path)
		}
		t.Fatalf("players %v, want the first two .cw samples", got)
	}
}
