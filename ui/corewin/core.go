package corewin

import (
	"image"
	"image/color"
	"math"

	"gioui.org/f32"
	"gioui.org/io/event"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"

	"robocom/ui/panzoom"
)

// CoreState is the core view's state kept across frames (zoom, pan, pointer, selection).
// Use it by pointer.
type CoreState struct {
	zoom   float32     // 1: the whole core fits; more: closer
	center f32.Point   // the core point (in cells) at the middle of the view
	cell   float32     // pixels per cell, from the last layout
	origin f32.Point   // where cell (0,0) is drawn
	side   int         // cells per row
	size   int         // cells
	img    *image.RGBA // one pixel per cell, scaled up when drawn

	pointer panzoom.Gesture // hover, drag to pan, click, wheel

	// Hover is the cell under the pointer, -1 if none.
	Hover int
	// Selected is the last clicked cell, -1 if none; Clicks counts clicks on cells.
	Selected int
	Clicks   int
}

func newCoreState() *CoreState { return &CoreState{zoom: 1, Hover: -1, Selected: -1} }

// ResetView fits the whole core in the view.
func (s *CoreState) ResetView() { s.zoom, s.center = 1, f32.Point{} }

// Colours of the core view.
var (
	coreBg      = color.NRGBA{0x18, 0x1A, 0x1E, 0xFF}
	emptyCell   = color.NRGBA{0x2E, 0x32, 0x39, 0xFF}
	markedCell  = color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
	gridLineCol = color.NRGBA{0x18, 0x1A, 0x1E, 0xFF}
	threadOuter = color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
	threadInner = color.NRGBA{0x00, 0x00, 0x00, 0xFF}
	hoverCol    = color.NRGBA{0xFF, 0xFF, 0xFF, 0xC0}
	selectCol   = color.NRGBA{0xF0, 0xE4, 0x42, 0xFF}
)

// recentSlices is how long (in time slices) a write counts as recent and is drawn bright.
const recentSlices = 64

// CoreStyle draws a snapshot of the core: a square grid, row by row from address 0 at the
// top left, each cell in its owner's colour (dim when written long ago, bright when
// recently), the cells of the marked process white, and each running thread as a
// white-ringed black dot.
type CoreStyle struct {
	State   *CoreState
	Snap    *Snapshot
	ColorOf func(process int) color.NRGBA
	Marked  int // process whose cells are marked, -1 none
}

// Layout draws the core filling the constraints and handles zoom (wheel), pan (drag) and
// hover/click.
func (c CoreStyle) Layout(gtx layout.Context) layout.Dimensions {
	s := c.State
	size := gtx.Constraints.Max
	n := c.Snap.Size
	if size.X <= 0 || size.Y <= 0 {
		return layout.Dimensions{Size: size}
	}
	defer clip.Rect{Max: size}.Push(gtx.Ops).Pop()
	paint.FillShape(gtx.Ops, coreBg, clip.Rect{Max: size}.Op())
	if n <= 0 {
		return layout.Dimensions{Size: size}
	}
	if s.size != n {
		s.size, s.side = n, coreSide(n)
		s.ResetView()
	}
	c.geometry(size)
	c.update(gtx, size)
	c.geometry(size)
	event.Op(gtx.Ops, s)

	c.paintCells(gtx)
	rows := (n + s.side - 1) / s.side
	t := op.Affine(f32.AffineId().Offset(s.origin)).Push(gtx.Ops)
	if s.cell >= 6 {
		c.gridLines(gtx, rows)
	}
	c.threadMarks(gtx)
	if s.Hover >= 0 {
		c.outline(gtx, s.Hover, hoverCol, 1)
	}
	if s.Selected >= 0 && s.Selected < n {
		c.outline(gtx, s.Selected, selectCol, 2)
	}
	t.Pop()
	return layout.Dimensions{Size: size}
}

// coreSide is the number of cells per row: the core drawn as a square.
func coreSide(n int) int {
	side := int(math.Ceil(math.Sqrt(float64(n))))
	return max(side, 1)
}

func (c CoreStyle) geometry(size image.Point) {
	s := c.State
	w := float32(s.side)
	h := float32((s.size + s.side - 1) / s.side)
	fit := min(float32(size.X)/w, float32(size.Y)/h)
	maxZoom := max(1, 40/fit) // at most 40 px a cell
	s.zoom = min(max(s.zoom, 1), maxZoom)
	cell := fit * s.zoom
	if cell >= 3 {
		cell = float32(math.Floor(float64(cell)))
	}
	if s.center == (f32.Point{}) {
		s.center = f32.Pt(w/2, h/2)
	}
	clampAxis := func(c, halfView, n float32) float32 {
		hv := halfView / cell
		if hv >= n/2 {
			return n / 2
		}
		return min(max(c, hv), n-hv)
	}
	half := f32.Pt(float32(size.X)/2, float32(size.Y)/2)
	s.center.X = clampAxis(s.center.X, half.X, w)
	s.center.Y = clampAxis(s.center.Y, half.Y, h)
	s.cell = cell
	s.origin = f32.Pt(float32(math.Round(float64(half.X-s.center.X*cell))), float32(math.Round(float64(half.Y-s.center.Y*cell))))
}

// addrAt is the cell under a point of the view, -1 if none.
func (s *CoreState) addrAt(p f32.Point) int {
	if s.cell <= 0 || s.side <= 0 {
		return -1
	}
	q := p.Sub(s.origin).Div(s.cell)
	if q.X < 0 || q.Y < 0 {
		return -1
	}
	x, y := int(q.X), int(q.Y)
	if x >= s.side {
		return -1
	}
	a := y*s.side + x
	if a >= s.size {
		return -1
	}
	return a
}

// cellRect is where cell a is drawn, relative to the origin.
func (s *CoreState) cellRect(a int) (x, y float32) {
	return float32(a%s.side) * s.cell, float32(a/s.side) * s.cell
}

func (c CoreStyle) update(gtx layout.Context, size image.Point) {
	s := c.State
	s.pointer.HoverOnPress = true
	s.pointer.Update(gtx, s, panzoom.Handlers{
		Pan: func(d f32.Point) {
			if s.cell > 0 {
				s.center = s.center.Sub(d.Div(s.cell))
			}
		},
		Click: func(at f32.Point) {
			if a := s.addrAt(at); a >= 0 {
				s.Selected = a
				s.Clicks++
				// The views act on the click in the next frame's update (this runs while the
				// core is laid out, after them): ask for that frame, or a paused game shows
				// the inspector only at the next mouse move.
				gtx.Execute(op.InvalidateCmd{})
			}
		},
		Wheel: func(at f32.Point, dy float32) {
			// Zoom around the pointer: the cell under it stays under it.
			before := at.Sub(s.origin).Div(s.cell)
			step := float64(-dy) / 10
			if math.Abs(float64(dy)) < 10 {
				step = -math.Copysign(1, float64(dy))
			}
			s.zoom *= float32(math.Pow(1.15, step))
			c.geometry(size)
			after := at.Sub(s.origin).Div(s.cell)
			s.center = s.center.Add(before.Sub(after))
		},
	})
	s.Hover = -1
	if s.pointer.Hovering {
		s.Hover = s.addrAt(s.pointer.HoverPos)
	}
}

// paintCells draws every cell as one pixel of an image scaled up without smoothing: one
// texture a frame, whatever the core size.
func (c CoreStyle) paintCells(gtx layout.Context) {
	s, snap := c.State, c.Snap
	rows := (s.size + s.side - 1) / s.side
	if s.img == nil || s.img.Rect.Dx() != s.side || s.img.Rect.Dy() != rows {
		s.img = image.NewRGBA(image.Rect(0, 0, s.side, rows))
	}
	// Opaque everywhere (the cells past the end of the core in the last row take the
	// background): Gio draws an opaque image without blending.
	pix := s.img.Pix
	for i := s.size * 4; i < len(pix); i += 4 {
		pix[i], pix[i+1], pix[i+2], pix[i+3] = coreBg.R, coreBg.G, coreBg.B, 0xFF
	}
	var cache [2][64]color.NRGBA
	var cached [2][64]bool
	for a := 0; a < s.size && a < len(snap.Owner); a++ {
		o := int(snap.Owner[a])
		var col color.NRGBA
		switch {
		case o < 0:
			col = emptyCell
		case o == c.Marked:
			col = markedCell
		default:
			bright := 0
			if w := snap.Written[a]; !snap.WriteTimes || w >= 0 && snap.Cycle-w < recentSlices {
				bright = 1
			}
			if o < 64 && cached[bright][o] {
				col = cache[bright][o]
				break
			}
			col = c.ColorOf(o)
			if bright == 0 {
				col = dim(col)
			}
			if o < 64 {
				cache[bright][o], cached[bright][o] = col, true
			}
		}
		i := a * 4
		pix[i], pix[i+1], pix[i+2], pix[i+3] = col.R, col.G, col.B, 0xFF
	}
	io := paint.NewImageOp(s.img)
	io.Filter = paint.FilterNearest
	t := op.Affine(f32.AffineId().Scale(f32.Point{}, f32.Pt(s.cell, s.cell)).Offset(s.origin)).Push(gtx.Ops)
	io.Add(gtx.Ops)
	paint.PaintOp{}.Add(gtx.Ops)
	t.Pop()
}

// dim is an owner's colour for cells written long ago: mixed 55/45 with the empty cell.
func dim(c color.NRGBA) color.NRGBA {
	mix := func(a, b uint8) uint8 { return uint8((int(a)*55 + int(b)*45) / 100) }
	return color.NRGBA{mix(c.R, emptyCell.R), mix(c.G, emptyCell.G), mix(c.B, emptyCell.B), 0xFF}
}

// gridLines draws one pixel-wide line between rows and columns. Each line is its own
// rectangle clip: Gio fills axis-aligned rectangles without rasterising a path, which keeps
// a 100×100 grid at a fraction of a millisecond (one path of 202 thin rectangles cost ~80 ms a
// frame on the software renderer).
func (c CoreStyle) gridLines(gtx layout.Context, rows int) {
	s := c.State
	w, h := int(float32(s.side)*s.cell), int(float32(rows)*s.cell)
	for x := 0; x <= s.side; x++ {
		fx := int(float32(x) * s.cell)
		paint.FillShape(gtx.Ops, gridLineCol, clip.Rect{Min: image.Pt(fx, 0), Max: image.Pt(fx+1, h)}.Op())
	}
	for y := 0; y <= rows; y++ {
		fy := int(float32(y) * s.cell)
		paint.FillShape(gtx.Ops, gridLineCol, clip.Rect{Min: image.Pt(0, fy), Max: image.Pt(w, fy+1)}.Op())
	}
}

func rect(p *clip.Path, x, y, w, h float32) {
	p.MoveTo(f32.Pt(x, y))
	p.LineTo(f32.Pt(x+w, y))
	p.LineTo(f32.Pt(x+w, y+h))
	p.LineTo(f32.Pt(x, y+h))
	p.Close()
}

// threadMarks draws each thread as a black square in a white one, centred in its cell: one
// path per colour (measured: one rectangle clip per mark over the core's image cost five
// times more on the software renderer).
func (c CoreStyle) threadMarks(gtx layout.Context) {
	s := c.State
	outer := max(s.cell*0.7, 3)
	inner := max(outer-2*max(1, s.cell*0.12), 1)
	for k, size := range []float32{outer, inner} {
		var p clip.Path
		p.Begin(gtx.Ops)
		any := false
		for proc, ts := range c.Snap.Threads {
			if proc < len(c.Snap.Stats) && !c.Snap.Stats[proc].Alive {
				continue
			}
			for _, a := range ts {
				if a < 0 || a >= s.size {
					continue
				}
				x, y := s.cellRect(a)
				off := (s.cell - size) / 2
				rect(&p, x+off, y+off, size, size)
				any = true
			}
		}
		spec := p.End()
		if any {
			col := threadOuter
			if k == 1 {
				col = threadInner
			}
			paint.FillShape(gtx.Ops, col, clip.Outline{Path: spec}.Op())
		}
	}
}

func (c CoreStyle) outline(gtx layout.Context, a int, col color.NRGBA, width float32) {
	s := c.State
	x, y := s.cellRect(a)
	var p clip.Path
	p.Begin(gtx.Ops)
	rect(&p, x-width, y-width, s.cell+2*width, s.cell+2*width)
	spec := p.End()
	paint.FillShape(gtx.Ops, col, clip.Stroke{Path: spec, Width: width}.Op())
}
