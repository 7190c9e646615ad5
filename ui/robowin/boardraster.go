package robowin

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"gioui.org/f32"
	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"golang.org/x/image/vector"
)

// The board is drawn on the CPU into one image per frame and handed to Gio as a single
// texture. Gio fills each path by stencilling it into an offscreen buffer the size of the
// path's bounds and covering that area; with a full 64×64 board that is seven board-sized
// stencil and cover passes over some 40 000 path segments on every frame, about 115 ms on
// Mesa's llvmpipe. A robot is one of a few hundred shapes (team × direction × active × set ×
// mobility) at the current field size: each is rasterised once into a sprite and then only
// copied, so a frame costs one copy of the background and grid, a copy per robot and one
// texture upload. RATIONALE.md "Drawing the board" has the figures.

// boardSurround is what shows around the board when the view is not square.
var boardSurround = color.NRGBA{0x18, 0x1A, 0x1E, 0xFF}

// spriteKinds counts the looks a robot can have: team, direction, inactive, set, mobile.
const spriteKinds = MaxPlayers * 4 * 2 * 3 * 2

func spriteIndex(team, dir int, inactive bool, set int, mobile bool) int {
	i := team
	i = i*4 + dir&3
	i *= 2
	if inactive {
		i++
	}
	i = i*3 + min(max(set, 0), 2)
	i *= 2
	if mobile {
		i++
	}
	return i
}

// boardRaster holds the images the board is drawn from; it lives in BoardState.
type boardRaster struct {
	// base is the background and grid for the geometry in baseKey.
	base    *image.RGBA
	baseKey rasterGeometry

	// sprites are the robot looks at spriteCell with spriteColors, indexed by spriteIndex;
	// nil until first needed.
	sprites      [spriteKinds]*image.RGBA
	spriteCell   float32
	spriteColors [MaxPlayers]color.NRGBA

	// frames alternate so that the image of the frame before, which the GPU may still be
	// reading, is never written.
	frames [2]*image.RGBA
	next   int

	// last is the image of the last frame and sum a fingerprint of what it shows: while
	// nothing changed (a paused game, hovering) the same image, already on the GPU, is
	// drawn again without a copy or an upload.
	last    paint.ImageOp
	lastSum uint64

	ras  vector.Rasterizer
	mask *image.Alpha
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func mix(h, v uint64) uint64 { return (h ^ v) * fnvPrime }

// boardSum fingerprints everything the board image shows.
func (b BoardStyle) boardSum(geo rasterGeometry, cols *[MaxPlayers]color.NRGBA) uint64 {
	h := mix(fnvOffset, uint64(geo.size.X)<<32|uint64(geo.size.Y))
	h = mix(h, uint64(math.Float32bits(geo.origin.X))<<32|uint64(math.Float32bits(geo.origin.Y)))
	h = mix(h, uint64(math.Float32bits(geo.cell))<<32|uint64(geo.n))
	for _, c := range cols {
		h = mix(h, uint64(c.R)<<24|uint64(c.G)<<16|uint64(c.B)<<8|uint64(c.A))
	}
	h = mix(h, uint64(len(b.Robots)))
	for i := range b.Robots {
		r := &b.Robots[i]
		v := uint64(uint32(r.X))<<32 | uint64(uint32(r.Y))
		w := uint64(uint32(r.Team))<<16 | uint64(r.Dir&3)<<8 | uint64(r.Set&3)<<4
		if r.Mobile {
			w |= 2
		}
		if r.Active < 1 {
			w |= 1
		}
		h = mix(mix(h, v), w)
	}
	return h
}

type rasterGeometry struct {
	size   image.Point
	origin f32.Point
	cell   float32
	n      int
}

// drawBoardImage draws background, grid and every robot in view as one image.
func (b BoardStyle) drawBoardImage(gtx layout.Context, size image.Point) {
	s := b.State
	rb := &s.raster
	geo := rasterGeometry{size: size, origin: s.origin, cell: s.cell, n: b.Size}
	if rb.base == nil || rb.baseKey != geo {
		rb.base = b.drawBase(rb.base, geo)
		rb.baseKey = geo
	}
	cols := [MaxPlayers]color.NRGBA{}
	for t := range cols {
		cols[t] = b.teamColor(t)
	}
	if rb.spriteCell != geo.cell || rb.spriteColors != cols {
		rb.sprites = [spriteKinds]*image.RGBA{}
		rb.spriteCell, rb.spriteColors = geo.cell, cols
	}
	defer clip.Rect{Max: size}.Push(gtx.Ops).Pop()
	sum := b.boardSum(geo, &cols)
	if rb.last != (paint.ImageOp{}) && rb.lastSum == sum {
		rb.last.Add(gtx.Ops)
		paint.PaintOp{}.Add(gtx.Ops)
		return
	}
	img := rb.frames[rb.next]
	if img == nil || img.Rect.Size() != size {
		img = image.NewRGBA(image.Rectangle{Max: size})
		rb.frames[rb.next] = img
	}
	rb.next ^= 1
	copy(img.Pix, rb.base.Pix)

	cell := geo.cell
	marks := cell >= 10
	span := int(math.Ceil(float64(cell))) + 1
	// The shapes stay within 0.08…0.92 of the field: copy the field without its grid
	// lines (the next field's line can be as close as floor(cell) pixels once positions are
	// rounded), so the sprite can be opaque and copied rather than blended. Fields under
	// 4 px have no grid lines: copy them whole.
	lo, hi := 1, min(span, int(math.Ceil(float64(0.92*cell)))+1, int(cell))
	if cell < 4 {
		lo, hi = 0, max(1, int(math.Round(float64(cell))))
	}
	for i := range b.Robots {
		r := &b.Robots[i]
		x := int(math.Round(float64(geo.origin.X + float32(r.X)*cell)))
		y := int(math.Round(float64(geo.origin.Y + float32(r.Y)*cell)))
		if x+span <= 0 || y+span <= 0 || x >= size.X || y >= size.Y {
			continue // out of view
		}
		t := r.Team
		if t < 0 || t >= MaxPlayers {
			t = 0
		}
		set, mobile := r.Set, r.Mobile
		if !marks {
			set, mobile = 0, false
		}
		k := spriteIndex(t, int(r.Dir), r.Active < 1, set, mobile)
		sp := rb.sprites[k]
		if sp == nil {
			sp = rb.drawSprite(cell, span, cols[t], int(r.Dir), r.Active < 1, set, mobile)
			rb.sprites[k] = sp
		}
		at := image.Rect(x+lo, y+lo, x+hi, y+hi)
		draw.Draw(img, at, sp, image.Pt(lo, lo), draw.Src)
	}

	im := paint.NewImageOp(img)
	im.Filter = paint.FilterNearest
	rb.last, rb.lastSum = im, sum
	im.Add(gtx.Ops)
	paint.PaintOp{}.Add(gtx.Ops)
}

// drawBase draws the board's background and grid lines over the window's background.
func (b BoardStyle) drawBase(img *image.RGBA, g rasterGeometry) *image.RGBA {
	if img == nil || img.Rect.Size() != g.size {
		img = image.NewRGBA(image.Rectangle{Max: g.size})
	}
	draw.Draw(img, img.Rect, image.NewUniform(boardSurround), image.Point{}, draw.Src)
	pos := func(v float32) int { return int(math.Round(float64(v))) }
	side := g.cell * float32(g.n)
	board := image.Rect(pos(g.origin.X), pos(g.origin.Y), pos(g.origin.X+side), pos(g.origin.Y+side))
	draw.Draw(img, board, image.NewUniform(boardBg), image.Point{}, draw.Src)
	if g.cell >= 4 {
		line := image.NewUniform(gridLine)
		for i := 0; i <= g.n; i++ {
			c := float32(i) * g.cell
			x, y := pos(g.origin.X+c), pos(g.origin.Y+c)
			draw.Draw(img, image.Rect(x, board.Min.Y, x+1, board.Max.Y+1), line, image.Point{}, draw.Src)
			draw.Draw(img, image.Rect(board.Min.X, y, board.Max.X+1, y+1), line, image.Point{}, draw.Src)
		}
	}
	return img
}

// drawSprite rasterises one robot look into a span×span image on the board's background
// (the caller copies only the part inside the grid lines): the team's pentagon, the grey hollow of an inactive robot and the marks, the
// same shapes the Legend draws with Gio paths.
func (rb *boardRaster) drawSprite(cell float32, span int, col color.NRGBA, dir int, inactive bool, set int, mobile bool) *image.RGBA {
	sp := image.NewRGBA(image.Rect(0, 0, span, span))
	draw.Draw(sp, sp.Rect, image.NewUniform(boardBg), image.Point{}, draw.Src)
	var poly []f32.Point
	fill := func(c color.NRGBA) {
		rb.fillPolygons(sp, poly, c)
		poly = poly[:0]
	}
	poly = appendRobot(poly, cell, dir)
	fill(col)
	if inactive {
		poly = appendHollow(poly, cell, dir)
		fill(inactiveFil)
	}
	if set != 0 || mobile {
		poly = appendMarks(poly, cell, dir, set, mobile)
		fill(markColor)
	}
	return sp
}

// polyBreak separates the polygons of one fill in the point lists below.
var polyBreak = f32.Pt(float32(math.NaN()), 0)

func appendRobot(dst []f32.Point, cell float32, dir int) []f32.Point {
	for _, q := range pentagon {
		dst = append(dst, turn(q, dir&3).Mul(cell))
	}
	return append(dst, polyBreak)
}

func appendHollow(dst []f32.Point, cell float32, dir int) []f32.Point {
	const k = 1 - 2.6*hollowRim
	mid := f32.Pt(0.5, 0.55)
	for _, q := range pentagon {
		q = mid.Add(q.Sub(mid).Mul(k))
		dst = append(dst, turn(q, dir&3).Mul(cell))
	}
	return append(dst, polyBreak)
}

func appendMarks(dst []f32.Point, cell float32, dir, set int, mobile bool) []f32.Point {
	r := cell * 0.085
	dot := func(u f32.Point) {
		c := turn(u, dir&3).Mul(cell)
		for k := 0; k < 8; k++ {
			dst = append(dst, c.Add(octagon[k].Mul(r)))
		}
		dst = append(dst, polyBreak)
	}
	switch set {
	case 1:
		dot(f32.Pt(0.5, 0.52))
	case 2:
		dot(f32.Pt(0.35, 0.52))
		dot(f32.Pt(0.65, 0.52))
	}
	if mobile {
		for _, q := range [4]f32.Point{{X: 0.22, Y: 0.72}, {X: 0.78, Y: 0.72}, {X: 0.78, Y: 0.82}, {X: 0.22, Y: 0.82}} {
			dst = append(dst, turn(q, dir&3).Mul(cell))
		}
		dst = append(dst, polyBreak)
	}
	return dst
}

// fillPolygons fills the polygons in pts (each closed by polyBreak) with c over dst.
func (rb *boardRaster) fillPolygons(dst *image.RGBA, pts []f32.Point, c color.NRGBA) {
	sz := dst.Rect.Size()
	rb.ras.Reset(sz.X, sz.Y)
	start := true
	for _, p := range pts {
		switch {
		case math.IsNaN(float64(p.X)):
			rb.ras.ClosePath()
			start = true
		case start:
			rb.ras.MoveTo(p.X, p.Y)
			start = false
		default:
			rb.ras.LineTo(p.X, p.Y)
		}
	}
	if rb.mask == nil || rb.mask.Rect.Size() != sz {
		rb.mask = image.NewAlpha(dst.Rect)
	} else {
		clear(rb.mask.Pix)
	}
	rb.ras.Draw(rb.mask, rb.mask.Rect, image.Opaque, image.Point{})
	blendLinear(dst, rb.mask, c)
}

// blendLinear paints c over dst through the coverage in mask, blending in linear light as
// Gio's renderer does, so that anti-aliased edges look as they did when Gio drew them.
func blendLinear(dst *image.RGBA, mask *image.Alpha, c color.NRGBA) {
	toLinear := srgbToLinear()
	src := [3]float32{toLinear[c.R], toLinear[c.G], toLinear[c.B]}
	ca := float32(c.A) / 255
	for i, m := range mask.Pix {
		if m == 0 {
			continue
		}
		a := float32(m) / 255 * ca
		px := dst.Pix[4*i : 4*i+4 : 4*i+4]
		for k := 0; k < 3; k++ {
			v := toLinear[px[k]]*(1-a) + src[k]*a
			px[k] = linearToSRGB(v)
		}
		px[3] = 0xFF
	}
}

// srgbToLinear maps an 8-bit sRGB value to linear light in [0, 1]. It is built on first use:
// math.Pow 256 times would otherwise run at every start of robocom, headless commands included.
var srgbToLinear = sync.OnceValue(func() (t *[256]float32) {
	t = new([256]float32)
	for i := range t {
		v := float64(i) / 255
		if v <= 0.04045 {
			t[i] = float32(v / 12.92)
		} else {
			t[i] = float32(math.Pow((v+0.055)/1.055, 2.4))
		}
	}
	return t
})

func linearToSRGB(v float32) uint8 {
	var s float64
	if v <= 0.0031308 {
		s = float64(v) * 12.92
	} else {
		s = 1.055*math.Pow(float64(v), 1/2.4) - 0.055
	}
	return uint8(min(max(math.Round(s*255), 0), 255))
}

// drawSelection draws the white frame around the selected robot.
func (b BoardStyle) drawSelection(gtx layout.Context) {
	s := b.State
	if s.Selected == 0 {
		return
	}
	for i := range b.Robots {
		if r := &b.Robots[i]; r.ID == s.Selected {
			o := s.origin.Add(f32.Pt(float32(r.X)*s.cell, float32(r.Y)*s.cell))
			w := max(1.5, s.cell*0.07)
			rr := clip.Rect{Min: image.Pt(int(o.X), int(o.Y)), Max: image.Pt(int(o.X+s.cell)+1, int(o.Y+s.cell)+1)}
			paint.FillShape(gtx.Ops, selectColor, clip.Stroke{Path: rr.Path(), Width: w}.Op())
			return
		}
	}
}
