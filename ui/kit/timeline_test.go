package kit

import (
	"image"
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
// is a click on "Latest →".
func TestTimelineRowFits(t *testing.T) {
	k := Kit{Th: NewTheme()}
	for _, width := range []int{1200, 520, 400, 330} {
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
		at := f32.Pt(float32(width-8), float32(d.Size.Y)/2)
		r.Queue(pointer.Event{Kind: pointer.Press, Position: at, Buttons: pointer.ButtonPrimary, Source: pointer.Mouse},
			pointer.Event{Kind: pointer.Release, Position: at, Source: pointer.Mouse})
		if _, want := frame(); want != furthest {
			t.Errorf("at %d px a click at the right end asked for cycle %d, not the furthest (%d): it missed \"Latest →\"", width, want, furthest)
		}
	}
}
