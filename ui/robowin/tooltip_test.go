package robowin

import (
	"image"
	"testing"
	"time"

	"gioui.org/f32"
	"gioui.org/io/pointer"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
	"gioui.org/widget/material"
	"gioui.org/x/component"

	"robocom/ui/kit"
)

// framesUntil lays out frames until cond holds; false if it does not within 3 s.
func (h *harness) framesUntil(cond func() bool) bool {
	deadline := time.Now().Add(3 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(50 * time.Millisecond)
		h.frame()
	}
	return true
}

// A tooltip goes away once the pointer has left its button, whether the button was clicked
// or not, even when the pointer leaves while the tooltip is still fading in (gio-x's
// TipArea then ignored the Leave and the tooltip stayed through any number of clicks).
func TestTooltipLeavesWithPointer(t *testing.T) {
	for _, clickIt := range []bool{false, true} {
		name := "hover"
		if clickIt {
			name = "click"
		}
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, "test:p1.rob", "test:p2.rob")
			b, ok := h.find("Step")
			if !ok {
				t.Fatal("no Step button")
			}
			c := b.Min.Add(b.Max).Div(2)
			at := f32.Pt(float32(c.X), float32(c.Y))
			h.r.Queue(pointer.Event{Kind: pointer.Move, Position: at, Source: pointer.Mouse})
			h.frame()
			tip := func() bool { _, ok := h.findText("One cycle (S)"); return ok }
			if !h.framesUntil(tip) {
				t.Fatal("hovering Step did not show its tooltip")
			}
			if clickIt {
				h.click(at)
			}
			away := h.u.Board().FieldCenter(0, 0)
			for i := 0; i < 5; i++ {
				h.click(away.Add(f32.Pt(float32(i), 0)))
			}
			if !h.framesUntil(func() bool { return !tip() }) {
				t.Fatal("the tooltip of Step stayed on screen after the pointer left it")
			}
		})
	}
}

// A button's tooltip leaves the values beside the button readable: the tip of the speed
// control's − and + does not cover the speed shown between them, on the small screen.
func TestTooltipLeavesItsRowReadable(t *testing.T) {
	for _, c := range []struct{ button, tip string }{{"−", "Slower (−)"}, {"+", "Faster (+)"}} {
		t.Run(c.button, func(t *testing.T) {
			h := newHarness(t, "test:p1.rob", "test:p2.rob")
			h.size = image.Pt(800, 600)
			h.frame()
			speed := kit.SpeedLabel(h.u.controls.speed.Index)
			value, ok := h.findText(speed)
			if !ok {
				t.Fatalf("the speed %q is not on screen: %q", speed, h.texts())
			}
			b, ok := h.find(c.button)
			if !ok {
				t.Fatalf("no %s button", c.button)
			}
			m := b.Min.Add(b.Max).Div(2)
			h.r.Queue(pointer.Event{Kind: pointer.Move, Position: f32.Pt(float32(m.X), float32(m.Y)), Source: pointer.Mouse})
			h.frame()
			var text image.Rectangle
			if !h.framesUntil(func() bool { text, ok = h.findText(c.tip); return ok }) {
				t.Fatalf("hovering %s did not show its tooltip", c.button)
			}
			// A label's semantic bounds run to the edge of its constraints; its size comes
			// from laying it out again in the window's theme (at 1 px a dp).
			value.Max = value.Min.Add(h.measure(material.Body1(h.u.th, speed).Layout))
			tip := image.Rectangle{Min: text.Min.Sub(image.Pt(8, 6))}
			tip.Max = tip.Min.Add(h.measure(component.PlatformTooltip(h.u.th, c.tip).Layout))
			if tip.Overlaps(value) {
				t.Errorf("the tooltip %v covers the speed %q at %v", tip, speed, value)
			}
			if tip.Overlaps(b) {
				t.Errorf("the tooltip %v covers its own button at %v", tip, b)
			}
		})
	}
}

// measure is the size of w laid out alone, unconstrained, as the harness lays out a frame.
func (h *harness) measure(w layout.Widget) image.Point {
	var ops op.Ops
	gtx := layout.Context{Ops: &ops, Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1}, Constraints: layout.Constraints{Max: h.size}}
	return w(gtx).Size
}
