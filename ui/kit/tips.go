package kit

import (
	"image"
	"image/color"
	"time"

	"gioui.org/f32"
	"gioui.org/io/event"
	"gioui.org/io/pointer"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/x/component"
)

// Tips is a window's tooltip layer. The window lays its content out inside Tips.Layout;
// every Tipped control in it hands its tooltip to the layer instead of drawing it, and the
// layer draws the tooltips last, above everything, placed knowing the control's rectangle
// and the values around it (Keep): below the control if there is room and it covers no
// value, else above, else beside, and always inside the window.
//
// Gio tells a widget nothing of where it is in the window, so the layer learns positions
// from the pointer: every pointer move reaches the layer in window coordinates and each
// tracked area in its own, and the difference is where the area is. A tooltip only shows
// while the pointer rests on its control, so its control's place is always known; a value
// is known where it was at the latest move (a value that scrolled under a still pointer is
// placed where it was).
type Tips struct {
	size    image.Point       // the window, as the layer was last laid out
	pointer f32.Point         // the pointer in window coordinates, at the latest move
	moved   int               // the frame of that move
	frame   int               // frames laid out, to tell this frame's moves from older ones
	keeps   map[any]*keptArea // the values to leave readable, by their owner's key
	spare   map[any]*keptArea // last frame's keeps, while this frame's are laid out
	offers  []tipOffer        // the tooltips to draw this frame
	values  map[string]any    // the content's gtx.Values: the window's, and this layer
}

// keptArea is a value the tooltips leave readable: where it was at the latest move.
type keptArea struct {
	local f32.Point   // the pointer at that move, in the area's coordinates
	moved int         // the frame of that move
	size  image.Point // the area's size this frame
}

// tipOffer is a tooltip a control wants shown this frame.
type tipOffer struct {
	tip   component.Tooltip
	owner image.Rectangle // the control, in window coordinates
	alpha float32         // how far it has faded in, 0–1
}

// tipsKey is where a window's layer is found in layout.Context.Values: the kit's controls
// look their layer up there, so that a panel shows its tooltips in whichever window (main
// or torn-off) lays it out.
const tipsKey = "robocom/ui/kit.Tips"

// tipsOf is the layer gtx is laid out in, or nil.
func tipsOf(gtx layout.Context) *Tips {
	t, _ := gtx.Values[tipsKey].(*Tips)
	return t
}

// Layout lays w out as the window's content and draws the tooltips above it. Inside
// another layer (a mode laid out in the window's own layer) it only lays w out: a window
// has one layer, at its root, so that a tooltip may use the whole window.
func (t *Tips) Layout(gtx layout.Context, w layout.Widget) layout.Dimensions {
	if tipsOf(gtx) != nil {
		return w(gtx)
	}
	t.frame++
	t.size = gtx.Constraints.Max
	for {
		ev, ok := gtx.Event(pointer.Filter{Target: t, Kinds: pointer.Move | pointer.Enter})
		if !ok {
			break
		}
		if e, ok := ev.(pointer.Event); ok {
			t.pointer, t.moved = e.Position, t.frame
		}
	}
	if t.values == nil {
		t.values, t.keeps, t.spare = map[string]any{}, map[any]*keptArea{}, map[any]*keptArea{}
	}
	clear(t.values)
	for k, v := range gtx.Values {
		t.values[k] = v
	}
	t.values[tipsKey] = t
	gtx.Values = t.values
	t.offers = t.offers[:0]
	// Keep moves each value laid out this frame from spare to keeps; what is left in spare
	// was not laid out, and goes.
	t.spare, t.keeps = t.keeps, t.spare
	dims := w(gtx)
	clear(t.spare)
	listenEverywhere(gtx, t)
	t.draw(gtx)
	return dims
}

// listenEverywhere has tag receive every pointer move over the window, whatever lies on
// top, in the coordinates of the caller: a pass-through area over everything, deferred so
// that it is above all other areas and outside every clip.
func listenEverywhere(gtx layout.Context, tag event.Tag) {
	m := op.Record(gtx.Ops)
	pass := pointer.PassOp{}.Push(gtx.Ops)
	area := clip.Rect{Min: image.Pt(-1<<20, -1<<20), Max: image.Pt(1<<20, 1<<20)}.Push(gtx.Ops)
	event.Op(gtx.Ops, tag)
	area.Pop()
	pass.Pop()
	op.Defer(gtx.Ops, m.Stop())
}

// Keep lays out w, a value shown beside controls (a speed, a cycle count, a field), as
// something tooltips must leave readable. key identifies the value from frame to frame
// (its owner's state, a *widget.Editor); outside a layer Keep only lays w out.
func Keep(gtx layout.Context, key any, w layout.Widget) layout.Dimensions {
	t := tipsOf(gtx)
	if t == nil {
		return w(gtx)
	}
	k := t.keeps[key]
	if k == nil {
		if k = t.spare[key]; k == nil {
			k = new(keptArea)
		}
		delete(t.spare, key)
		t.keeps[key] = k
	}
	for {
		ev, ok := gtx.Event(pointer.Filter{Target: k, Kinds: pointer.Move | pointer.Enter})
		if !ok {
			break
		}
		if e, ok := ev.(pointer.Event); ok {
			k.local, k.moved = e.Position, t.frame
		}
	}
	dims := w(gtx)
	k.size = dims.Size
	listenEverywhere(gtx, k)
	return dims
}

// kept is where the values are, in window coordinates: those seen at the layer's latest
// move (a value that move did not reach is not known).
func (t *Tips) kept() []image.Rectangle {
	var rs []image.Rectangle
	for _, k := range t.keeps {
		if k.moved != t.moved || k.moved == 0 {
			continue
		}
		o := t.pointer.Sub(k.local).Round()
		rs = append(rs, image.Rectangle{Min: o, Max: o.Add(k.size)})
	}
	return rs
}

// TipArea is a control's tooltip: it appears after the pointer has rested on the control
// for half a second (or after a long press) and fades away once the pointer leaves, also
// when it leaves while the tooltip is still fading in (gio-x's TipArea ignored that Leave,
// and the tooltip stayed until the pointer came back and left again).
type TipArea struct {
	component.VisibilityAnimation
	hover, press, longPress component.InvalidateDeadline
	init                    bool
	inside                  bool            // the pointer is over the control
	local                   f32.Point       // the pointer at the latest event, in the control's coordinates
	owner                   image.Rectangle // the control in window coordinates, while the pointer was over it
}

const (
	tipHoverDelay = 500 * time.Millisecond
	tipLongPress  = 500 * time.Millisecond
	tipPressShown = 1500 * time.Millisecond
	tipFade       = 250 * time.Millisecond
)

// Tipped wraps w with a hover tooltip (used to show the keyboard shortcut of a control).
// The tooltip is drawn by the window's layer (Tips); outside one it is not drawn.
func (k Kit) Tipped(t *TipArea, tip string, w layout.Widget) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		t.update(gtx)
		dims := w(gtx)
		func() {
			defer pointer.PassOp{}.Push(gtx.Ops).Pop()
			defer clip.Rect{Max: dims.Size}.Push(gtx.Ops).Pop()
			event.Op(gtx.Ops, t)
		}()
		layer := tipsOf(gtx)
		if layer == nil {
			return dims
		}
		if t.inside {
			// The pointer is over the control: the layer's pointer and t.local are one
			// position, in the window's coordinates and in the control's.
			o := layer.pointer.Sub(t.local).Round()
			t.owner = image.Rectangle{Min: o, Max: o.Add(dims.Size)}
		}
		if !t.Visible() {
			return dims
		}
		layer.offers = append(layer.offers, tipOffer{
			tip:   component.PlatformTooltip(k.Th, tip),
			owner: t.owner,
			alpha: t.Revealed(gtx),
		})
		return dims
	}
}

// update reads the pointer's events over the control and moves the tooltip's animation on.
func (t *TipArea) update(gtx layout.Context) {
	if !t.init {
		t.init, t.State, t.Duration = true, component.Invisible, tipFade
	}
	for {
		ev, ok := gtx.Event(pointer.Filter{Target: t, Kinds: pointer.Enter | pointer.Leave | pointer.Move | pointer.Press | pointer.Release | pointer.Cancel})
		if !ok {
			break
		}
		e, ok := ev.(pointer.Event)
		if !ok {
			continue
		}
		switch e.Kind {
		case pointer.Enter:
			t.inside, t.local = true, e.Position
			t.hover.SetTarget(gtx.Now.Add(tipHoverDelay))
		case pointer.Move:
			t.inside, t.local = true, e.Position
		case pointer.Leave, pointer.Cancel:
			t.inside = false
			t.hover.ClearTarget()
			t.press.ClearTarget()
		case pointer.Press:
			t.local = e.Position
			t.press.SetTarget(gtx.Now.Add(tipLongPress))
		case pointer.Release:
			t.press.ClearTarget()
		}
	}
	if t.hover.Process(gtx) {
		t.Appear(gtx.Now)
	}
	if t.press.Process(gtx) {
		t.Appear(gtx.Now)
		t.longPress.SetTarget(gtx.Now.Add(tipPressShown))
	}
	if t.longPress.Process(gtx) || !t.inside && !t.longPress.Active {
		if t.State == component.Appearing || t.State == component.Visible {
			t.State, t.Started = component.Disappearing, gtx.Now
		}
	}
}

// draw places and draws this frame's tooltips, deferred so that they are above everything
// the window drew, the content's own deferred drawing included.
func (t *Tips) draw(gtx layout.Context) {
	if len(t.offers) == 0 {
		return
	}
	kept := t.kept()
	win := image.Rectangle{Max: t.size}
	gap := gtx.Dp(2)
	m := op.Record(gtx.Ops)
	for _, o := range t.offers {
		tgtx := gtx
		tgtx.Constraints = layout.Constraints{Max: t.size}
		o.tip.Bg = component.Interpolate(color.NRGBA{}, o.tip.Bg, o.alpha)
		o.tip.Text.Color = component.Interpolate(color.NRGBA{}, o.tip.Text.Color, o.alpha)
		rec := op.Record(gtx.Ops)
		size := o.tip.Layout(tgtx).Size
		call := rec.Stop()
		at := PlaceTip(size, o.owner, win, kept, gap)
		off := op.Offset(at).Push(gtx.Ops)
		call.Add(gtx.Ops)
		off.Pop()
	}
	op.Defer(gtx.Ops, m.Stop())
}

// PlaceTip is where a tooltip of size goes for a control at owner in the window win, with
// the values kept to leave readable: below the control if it fits there and covers no
// value, else above, else to the right, else to the left, centred on the control. If each
// of those covers a value: below or above, slid along the control or stepped past the next
// row of values (never further than twice its height from the control) to clear them. It
// is always moved inside the window. If every place covers a value, the one covering least
// of them (never the control itself if avoidable).
func PlaceTip(size image.Point, owner, win image.Rectangle, kept []image.Rectangle, gap int) image.Point {
	cx := (owner.Min.X+owner.Max.X)/2 - size.X/2
	cy := (owner.Min.Y+owner.Max.Y)/2 - size.Y/2
	type place struct {
		at   image.Point
		side int // 0 below, 1 above, 2 right, 3 left: the order of preference
	}
	below, above := owner.Max.Y+gap, owner.Min.Y-gap-size.Y
	// First the four places next to the control, centred on it; then, below and above, the
	// tooltip slid along the control or past the next row to clear the values.
	places := []place{{image.Pt(cx, below), 0}, {image.Pt(cx, above), 1}, {image.Pt(owner.Max.X+gap, cy), 2}, {image.Pt(owner.Min.X-gap-size.X, cy), 3}}
	var slid []place
	for side, y := range []int{below, above} {
		ys := []int{y}
		for _, k := range kept {
			if side == 0 && k.Min.Y >= owner.Max.Y && k.Max.Y+gap+size.Y-owner.Max.Y <= 3*size.Y {
				ys = append(ys, k.Max.Y+gap)
			}
			if side == 1 && k.Max.Y <= owner.Min.Y && owner.Min.Y-(k.Min.Y-gap-size.Y) <= 3*size.Y {
				ys = append(ys, k.Min.Y-gap-size.Y)
			}
		}
		for _, y := range ys {
			places = append(places, place{image.Pt(cx, y), side}) // centred, past a row
			for _, k := range kept {
				slid = append(slid, place{image.Pt(k.Max.X+gap, y), side}, place{image.Pt(k.Min.X-gap-size.X, y), side})
			}
		}
	}
	places = append(places, slid...)
	best, bestCost := image.Point{}, -1
	for _, p := range places {
		want := image.Rectangle{Min: p.at, Max: p.at.Add(size)}
		r := inside(want, win)
		if p.side < 2 && (r.Max.X <= owner.Min.X || r.Min.X >= owner.Max.X) {
			continue // slid off the control
		}
		covered := 0
		for _, k := range kept {
			covered += area(r.Intersect(k))
		}
		// The side has room when moving the tooltip inside the window kept it off the control.
		room := want.Min.Y == r.Min.Y && (p.side < 2 || want.Min.X == r.Min.X) && !r.Overlaps(owner)
		if room && covered == 0 {
			return r.Min
		}
		// Cost: the values covered, then the order of the places.
		cost := covered*4 + p.side
		if !room {
			cost += 1 << 24
		}
		if bestCost < 0 || cost < bestCost {
			best, bestCost = r.Min, cost
		}
	}
	return best
}

// inside moves r into win (to its top-left corner if r is larger).
func inside(r, win image.Rectangle) image.Rectangle {
	d := image.Point{}
	if r.Max.X > win.Max.X {
		d.X = win.Max.X - r.Max.X
	}
	if r.Min.X+d.X < win.Min.X {
		d.X = win.Min.X - r.Min.X
	}
	if r.Max.Y > win.Max.Y {
		d.Y = win.Max.Y - r.Max.Y
	}
	if r.Min.Y+d.Y < win.Min.Y {
		d.Y = win.Min.Y - r.Min.Y
	}
	return r.Add(d)
}

func area(r image.Rectangle) int { return r.Dx() * r.Dy() }
