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

	// gen counts the times base or the sprites were redrawn: a frame image drawn with an
	// older gen is drawn again whole.
	gen uint64

	// place is where fields are drawn at baseKey's geometry.
	place fieldPlacement

	// frames alternate so that the image of the frame before, which the GPU may still be
	// reading, is never written. Each knows what it shows, so the next frame drawn into it
	// redraws only the fields that changed since.
	frames [2]rasterFrame
	next   int

	// cur is what this frame shows, field by field; dirty the fields to draw again.
	cur   fieldMap
	dirty []int32

	// last is the image of the last frame: while nothing changed (a paused game, hovering)
	// the same image, already on the GPU, is drawn again without a copy or an upload.
	last paint.ImageOp

	ras  vector.Rasterizer
	mask *image.Alpha
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func mix(h, v uint64) uint64 { return (h ^ v) * fnvPrime }

// rasterFrame is one frame image and what it shows.
type rasterFrame struct {
	img    *image.RGBA
	geo    rasterGeometry
	gen    uint64
	fields fieldMap
}

// fieldMap tells, field by field (y*n + x), which robot look is drawn there.
type fieldMap struct {
	// look is spriteIndex + 1 of the robot drawn on the field, 0 for none.
	look []uint16
	// ord is that robot's index in BoardStyle.Robots: where fields overlap (below 4 px a
	// field, rounded positions), the later robot is drawn over the earlier one.
	ord []int32
}

func (m *fieldMap) reset(fields int) {
	if cap(m.look) < fields {
		m.look, m.ord = make([]uint16, fields), make([]int32, fields)
	}
	m.look, m.ord = m.look[:fields], m.ord[:fields]
	clear(m.look)
}

func (m *fieldMap) copyFrom(o *fieldMap) {
	m.reset(len(o.look))
	copy(m.look, o.look)
	copy(m.ord, o.ord)
}

// tileBelow is the field size (px) below which fields tile the board, each reaching to the
// next one, in sprites of one colour.
const tileBelow = 2

// fieldPlacement is where the fields' sprites go at one geometry: the sprite of field (x, y)
// covers columns xs[x]+lo … xe[x]-1 and rows ys[y]+lo … ye[y]-1 (xe[x] is xs[x]+hi, or under
// 2 px a field the next field's xs, so that the fields tile). xOver[k] (yOver[k]) tells that
// columns (rows) k and k+1 share a pixel, which happens only below 4 px a field.
type fieldPlacement struct {
	xs, ys       []int
	xe, ye       []int
	xOver, yOver []bool
	lo, hi, span int
	overlap      bool
	// The sprites' columns (rows) in view: column (row) k's sprite covers x0[k] … x1[k]-1
	// (y0[k] … y1[k]-1) of the image, none when x0[k] >= x1[k].
	x0, x1, y0, y1 []int
}

func (p *fieldPlacement) set(g rasterGeometry) {
	cell := g.cell
	p.span = int(math.Ceil(float64(cell))) + 1
	// The shapes stay within 0.08…0.92 of the field: copy the field without its grid
	// lines (the next field's line can be as close as floor(cell) pixels once positions are
	// rounded), so the sprite can be opaque and copied rather than blended. Fields under
	// 4 px have no grid lines: copy them whole.
	p.lo, p.hi = 1, min(p.span, int(math.Ceil(float64(0.92*cell)))+1, int(cell))
	if cell < 4 {
		p.lo, p.hi = 0, max(1, int(math.Round(float64(cell))))
	}
	// Under 2 px a field, positions rounded to whole pixels step by 2 now and then: a field
	// of round(cell) pixels left that pixel the empty board's colour, a dark line every few
	// fields across a full board. Such fields reach to the next one (their sprites are of
	// one colour, drawSprite), and never overlap.
	tile := cell < tileBelow
	axis := func(xs, xe []int, over []bool, origin float32) ([]int, []int, []bool) {
		xs, xe, over = xs[:0], xe[:0], over[:0]
		for k := 0; k <= g.n; k++ {
			xs = append(xs, int(math.Round(float64(origin+float32(k)*cell))))
		}
		for k := 0; k < g.n; k++ {
			e := xs[k] + p.hi
			if tile {
				e = max(xs[k+1], xs[k])
			}
			xe = append(xe, e)
			o := k+1 < g.n && e > xs[k+1]+p.lo
			over = append(over, o)
			p.overlap = p.overlap || o
		}
		return xs[:g.n], xe, over
	}
	p.overlap = false
	p.xs, p.xe, p.xOver = axis(p.xs, p.xe, p.xOver, g.origin.X)
	p.ys, p.ye, p.yOver = axis(p.ys, p.ye, p.yOver, g.origin.Y)
	clipped := func(xs, xe, a, b []int, size int) ([]int, []int) {
		a, b = a[:0], b[:0]
		for k, x := range xs {
			a, b = append(a, max(x+p.lo, 0)), append(b, min(xe[k], size))
		}
		return a, b
	}
	p.x0, p.x1 = clipped(p.xs, p.xe, p.x0, p.x1, g.size.X)
	p.y0, p.y1 = clipped(p.ys, p.ye, p.y0, p.y1, g.size.Y)
}

// rect is where the sprite of field (x, y) goes; its pixel (0, 0) would be at rect's Min
// less (lo, lo).
func (p *fieldPlacement) rect(x, y int) image.Rectangle {
	return image.Rect(p.xs[x]+p.lo, p.ys[y]+p.lo, p.xe[x], p.ye[y])
}

// at is where pixel (0, 0) of field (x, y)'s sprite goes.
func (p *fieldPlacement) at(x, y int) image.Point { return image.Pt(p.xs[x], p.ys[y]) }

// touches tells whether the sprites of field (x, y) and of its neighbour (x+dx, y+dy) share
// a pixel; dx and dy are -1, 0 or 1, not both 0, and the neighbour is on the board.
func (p *fieldPlacement) touches(x, y, dx, dy int) bool {
	return (dx == 0 || p.xOver[min(x, x+dx)]) && (dy == 0 || p.yOver[min(y, y+dy)])
}

type rasterGeometry struct {
	size   image.Point
	origin f32.Point
	cell   float32
	n      int
}

// drawBoardImage draws background, grid and every robot in view as one image. Only the
// fields that changed since the frame image was last drawn are drawn again.
func (b BoardStyle) drawBoardImage(gtx layout.Context, size image.Point) {
	s := b.State
	rb := &s.raster
	geo := rasterGeometry{size: size, origin: s.origin, cell: s.cell, n: b.Size}
	if rb.base == nil || rb.baseKey != geo {
		rb.base = b.drawBase(rb.base, geo)
		rb.baseKey = geo
		rb.place.set(geo)
		rb.gen++
	}
	cols := [MaxPlayers]color.NRGBA{}
	for t := range cols {
		cols[t] = b.teamColor(t)
	}
	if rb.spriteCell != geo.cell || rb.spriteColors != cols {
		rb.sprites = [spriteKinds]*image.RGBA{}
		rb.spriteCell, rb.spriteColors = geo.cell, cols
		rb.gen++
	}
	defer clip.Rect{Max: size}.Push(gtx.Ops).Pop()
	b.mapFields(&cols)

	// Nothing changed since the last frame: draw its image again.
	if prev := &rb.frames[rb.next^1]; rb.last != (paint.ImageOp{}) && prev.geo == geo && prev.gen == rb.gen && !rb.changedSince(&prev.fields, true) {
		rb.last.Add(gtx.Ops)
		paint.PaintOp{}.Add(gtx.Ops)
		return
	}

	f := &rb.frames[rb.next]
	rb.next ^= 1
	if f.img == nil || f.img.Rect.Size() != size {
		f.img = image.NewRGBA(image.Rectangle{Max: size})
		f.gen = 0 // never drawn
	}
	whole := f.gen != rb.gen || f.geo != geo
	if !whole {
		rb.changedSince(&f.fields, false)
		// Where sprites overlap, a field is drawn with its neighbours; past a quarter of the
		// board, drawing it whole costs less.
		whole = rb.place.overlap && len(rb.dirty) > len(rb.cur.look)/4
	}
	if whole {
		b.drawAll(f.img)
	} else {
		for _, k := range rb.dirty {
			rb.drawField(f.img, int(k))
		}
	}
	f.geo, f.gen = geo, rb.gen
	f.fields.copyFrom(&rb.cur)

	im := paint.NewImageOp(f.img)
	im.Filter = paint.FilterNearest
	rb.last = im
	im.Add(gtx.Ops)
	paint.PaintOp{}.Add(gtx.Ops)
}

// mapFields fills rb.cur with the robots' looks, drawing the sprites not drawn yet.
func (b BoardStyle) mapFields(cols *[MaxPlayers]color.NRGBA) {
	rb := &b.State.raster
	n := b.Size
	rb.cur.reset(n * n)
	cell := rb.spriteCell
	marks := cell >= 10
	look, ord := rb.cur.look, rb.cur.ord
	for i := range b.Robots {
		r := &b.Robots[i]
		if uint(r.X) >= uint(n) || uint(r.Y) >= uint(n) {
			continue // off the board
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
		if rb.sprites[k] == nil {
			rb.sprites[k] = rb.drawSprite(cell, rb.place.span, cols[t], int(r.Dir), r.Active < 1, set, mobile)
		}
		f := r.Y*n + r.X
		look[f], ord[f] = uint16(k+1), int32(i)
	}
}

// changedSince lists in rb.dirty the fields whose pixels differ between rb.cur and old (at
// the same geometry); with any, it stops at the first.
func (rb *boardRaster) changedSince(old *fieldMap, any bool) bool {
	rb.dirty = rb.dirty[:0]
	cur := &rb.cur
	if len(old.look) != len(cur.look) {
		for k := range cur.look {
			rb.dirty = append(rb.dirty, int32(k))
		}
		return true
	}
	p := &rb.place
	n := len(p.xs)
	for k, l := range cur.look {
		d := l != old.look[k]
		if !d && l != 0 && p.overlap {
			// Where two sprites share pixels the later robot's shows: the field changes when
			// the order of its robot and an unchanged neighbour's changed.
			x, y := k%n, k/n
			for dy := -1; dy <= 1 && !d; dy++ {
				for dx := -1; dx <= 1 && !d; dx++ {
					nx, ny := x+dx, y+dy
					if dx == 0 && dy == 0 || uint(nx) >= uint(n) || uint(ny) >= uint(n) || !p.touches(x, y, dx, dy) {
						continue
					}
					j := ny*n + nx
					if cur.look[j] != 0 && old.look[j] != 0 {
						d = (cur.ord[k] < cur.ord[j]) != (old.ord[k] < old.ord[j])
					}
				}
			}
		}
		if d {
			rb.dirty = append(rb.dirty, int32(k))
			if any {
				return true
			}
		}
	}
	return len(rb.dirty) > 0
}

// drawAll draws the whole board into img: the background and grid, then every robot, the
// later over the earlier.
func (b BoardStyle) drawAll(img *image.RGBA) {
	rb := &b.State.raster
	copy(img.Pix, rb.base.Pix)
	n := b.Size
	for i := range b.Robots {
		r := &b.Robots[i]
		if uint(r.X) >= uint(n) || uint(r.Y) >= uint(n) {
			continue
		}
		blit(img, rb.place.rect(r.X, r.Y), rb.sprites[rb.cur.look[r.Y*n+r.X]-1], rb.place.at(r.X, r.Y))
	}
}

// drawField draws field k (y*n + x) of rb.cur again into img, which showed the board at the
// same geometry: the background, then the robot there. Where sprites overlap, the
// neighbours' sprites that reach into the field are drawn too, in the robots' order.
func (rb *boardRaster) drawField(img *image.RGBA, k int) {
	p := &rb.place
	n := len(p.xs)
	x, y := k%n, k/n
	if !p.overlap {
		// The field's pixels are its sprite's or the background's.
		x0, x1, y0, y1 := p.x0[x], p.x1[x], p.y0[y], p.y1[y]
		if x0 >= x1 || y0 >= y1 {
			return // out of view
		}
		src, s := rb.base, rb.base.PixOffset(x0, y0)
		if l := rb.cur.look[k]; l != 0 {
			src = rb.sprites[l-1]
			s = src.PixOffset(x0-p.xs[x], y0-p.ys[y])
		}
		w, d := 4*(x1-x0), img.PixOffset(x0, y0)
		for range y1 - y0 {
			copy(img.Pix[d:d+w], src.Pix[s:s+w])
			d += img.Stride
			s += src.Stride
		}
		return
	}
	at := p.rect(x, y)
	blit(img, at, rb.base, image.Point{})
	var near [9]int32 // the fields with a robot whose sprites reach into this one, by ord
	m := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			nx, ny := x+dx, y+dy
			if uint(nx) >= uint(n) || uint(ny) >= uint(n) || (dx != 0 || dy != 0) && !p.touches(x, y, dx, dy) {
				continue
			}
			j := int32(ny*n + nx)
			if rb.cur.look[j] == 0 {
				continue
			}
			i := m
			for ; i > 0 && rb.cur.ord[near[i-1]] > rb.cur.ord[j]; i-- {
				near[i] = near[i-1]
			}
			near[i] = j
			m++
		}
	}
	for _, j := range near[:m] {
		jx, jy := int(j)%n, int(j)/n
		blit(img, at.Intersect(p.rect(jx, jy)), rb.sprites[rb.cur.look[j]-1], p.at(jx, jy))
	}
}

// blit copies the part of src that falls in r (clipped to dst) into dst, with src's pixel
// (0, 0) at origin.
func blit(dst *image.RGBA, r image.Rectangle, src *image.RGBA, origin image.Point) {
	r = r.Intersect(dst.Rect).Intersect(src.Rect.Add(origin))
	if r.Empty() {
		return
	}
	w := 4 * r.Dx()
	d := dst.PixOffset(r.Min.X, r.Min.Y)
	s := src.PixOffset(r.Min.X-origin.X, r.Min.Y-origin.Y)
	for range r.Dy() {
		copy(dst.Pix[d:d+w], src.Pix[s:s+w])
		d += dst.Stride
		s += src.Stride
	}
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
	if cell < tileBelow {
		// A field of a pixel or two shows no shape: its sprite is the colour of its first
		// pixel throughout, so that a field placed 2 px wide (fieldPlacement) is one colour.
		draw.Draw(sp, sp.Rect, image.NewUniform(sp.RGBAAt(0, 0)), image.Point{}, draw.Src)
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
