package kit

import (
	"image"
	"slices"
	"testing"
	"time"

	"gioui.org/f32"
	"gioui.org/io/input"
	"gioui.org/io/pointer"
	"gioui.org/layout"
	"gioui.org/op"
)

// A timeline row narrower than all it says (a small window, nine-digit cycles) says less
// instead of pushing "Latest →" out of its area: the row fits, and a click at its right end
// is a click on "Latest →"; it drops the word "Timeline" first, then shortens the cycle.
func TestTimelineRowFits(t *testing.T) {
	k := Kit{Th: NewTheme()}
	for _, c := range []struct {
		width int
		says  []string // the labels shown
	}{
		{1200, []string{"Timeline", "cycle 123456789 of 331804518"}},
		{520, []string{"Timeline", "cycle 123456789 of 331804518"}},
		{400, []string{"cycle 123456789 of 331804518"}},
		{330, []string{"123456789/331804518"}},
	} {
		width := c.width
		var tl Timeline
		var r input.Router
		cycle, furthest := int64(123456789), int64(331804518)
		frame := func() (layout.Dimensions, int64) {
			gtx := layout.Context{Ops: new(op.Ops), Now: time.Now(), Source: r.Source(),
				Constraints: layout.Exact(image.Pt(width, 40))}
			gtx.Constraints.Min = image.Point{}
			_, want := tl.Update(gtx, cycle, furthest)
			d := k.TimelineRow(&tl, cycle, furthest, TimelineLook{CanBack: true})(gtx)
			r.Frame(gtx.Ops)
			return d, want
		}
		d, _ := frame()
		if d.Size.X > width {
			t.Errorf("at %d px the row takes %d px", width, d.Size.X)
		}
		var says []string
		for _, n := range r.AppendSemantics(nil) {
			if l := n.Desc.Label; l != "" && l != "← 1 cycle" && l != "Latest →" {
				says = append(says, l)
			}
		}
		if !slices.Equal(says, c.says) {
			t.Errorf("at %d px the row says %q, want %q", width, says, c.says)
		}
		at := f32.Pt(float32(width-8), float32(d.Size.Y)/2)
		r.Queue(pointer.Event{Kind: pointer.Press, Position: at, Buttons: pointer.ButtonPrimary, Source: pointer.Mouse},
			pointer.Event{Kind: pointer.Release, Position: at, Source: pointer.Mouse})
		if _, want := frame(); want != furthest {
			t.Errorf("at %d px a click at the right end asked for cycle %d, not the furthest (%d): it missed \"Latest →\"", width, want, furthest)
		}
	}
}

// At cycle 0 of 0 (first launch, a restart) the knob stands at the right, at "now", where it
// stays while the game runs: the Core War window left it at the left on first launch and at
// the right after a restart, where RoboCom's stood at the right both times.
func TestTimelineKnobAtNowWithNoHistory(t *testing.T) {
	k := Kit{Th: NewTheme()}
	var tl Timeline
	var r input.Router
	lay := func(cycle, furthest int64) {
		gtx := layout.Context{Ops: new(op.Ops), Now: time.Now(), Source: r.Source(),
			Constraints: layout.Exact(image.Pt(800, 40))}
		tl.Update(gtx, cycle, furthest)
		k.TimelineRow(&tl, cycle, furthest, TimelineLook{})(gtx)
		r.Frame(gtx.Ops)
	}
	lay(0, 0)
	if tl.Slider.Value != 1 {
		t.Errorf("at cycle 0 of 0 the knob stands at %v, want 1 (the right end)", tl.Slider.Value)
	}
	lay(25, 100)
	if tl.Slider.Value != 0.25 {
		t.Errorf("at cycle 25 of 100 the knob stands at %v, want 0.25", tl.Slider.Value)
	}
	lay(0, 0)
	if tl.Slider.Value != 1 {
		t.Errorf("after a restart the knob stands at %v, want 1", tl.Slider.Value)
	}
}
