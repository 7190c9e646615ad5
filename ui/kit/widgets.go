package kit

import (
	"fmt"
	"image"
	"image/color"

	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

// Kit draws the windows' small parts (buttons, fields, labels, tooltips) in a theme, the
// same way in every view of both windows.
type Kit struct {
	Th *material.Theme
}

// Button is a control's button.
func (k Kit) Button(c *widget.Clickable, label string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		b := material.Button(k.Th, c, label)
		b.Inset = layout.Inset{Top: 6, Bottom: 6, Left: 10, Right: 10}
		return FocusRing(gtx, c, b.Layout(gtx))
	}
}

// SmallButton is a secondary button (Restart, Remove, −, +).
func (k Kit) SmallButton(c *widget.Clickable, label string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		b := material.Button(k.Th, c, label)
		b.Inset = layout.Inset{Top: 3, Bottom: 3, Left: 7, Right: 7}
		b.TextSize = 12
		return FocusRing(gtx, c, b.Layout(gtx))
	}
}

// Clickable lays out w as clickable c (a name, a row, a swatch that a click acts on), with
// the focus ring when it has the keyboard.
func Clickable(gtx layout.Context, c *widget.Clickable, w layout.Widget) layout.Dimensions {
	return FocusRing(gtx, c, c.Layout(gtx, w))
}

// FocusRingColor is the ring around the control that has the keyboard.
var FocusRingColor = color.NRGBA{0x11, 0x11, 0x11, 0xFF}

// FocusRing draws a ring along the edge of a control laid out as d when c has the keyboard
// (Tab and Shift+Tab move it, Return clicks; Space stays the game's start and pause), and
// returns d. Gio's buttons show
// the focus only as their hover shade, which a keyboard user cannot tell from the others.
func FocusRing(gtx layout.Context, c *widget.Clickable, d layout.Dimensions) layout.Dimensions {
	if !gtx.Focused(c) {
		return d
	}
	w := gtx.Dp(2)
	r := image.Rectangle{Min: image.Pt(w/2, w/2), Max: d.Size.Sub(image.Pt(w/2, w/2))}
	path := clip.UniformRRect(r, gtx.Dp(4)).Path(gtx.Ops)
	paint.FillShape(gtx.Ops, FocusRingColor, clip.Stroke{Path: path, Width: float32(w)}.Op())
	return d
}

// The colours of a tab not chosen: grey, its label dark enough to read (WCAG AA).
var (
	tabOffBg   = color.NRGBA{0xD8, 0xDA, 0xDE, 0xFF}
	tabOffText = color.NRGBA{0x20, 0x20, 0x20, 0xFF}
)

// Tabs lays out a panel's tabs in rows of at most perRow, the chosen one in the theme's
// colours and the others grey; both windows' panels switch their views with them.
func (k Kit) Tabs(gtx layout.Context, btns []widget.Clickable, names []string, chosen, perRow int) layout.Dimensions {
	row := func(from, to int) layout.FlexChild {
		return layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			var ch []layout.FlexChild
			for i := from; i < to; i++ {
				ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
					b := material.Button(k.Th, &btns[i], names[i])
					b.TextSize = 13
					b.Inset = layout.Inset{Top: 4, Bottom: 4, Left: 8, Right: 8}
					if i != chosen {
						b.Background, b.Color = tabOffBg, tabOffText
					}
					return layout.Inset{Right: 3, Bottom: 3}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
						return FocusRing(gtx, &btns[i], b.Layout(gtx))
					})
				}))
			}
			return layout.Flex{}.Layout(gtx, ch...)
		})
	}
	var rows []layout.FlexChild
	for from := 0; from < len(btns); from += perRow {
		rows = append(rows, row(from, min(from+perRow, len(btns))))
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, rows...)
}

// FieldBorder is the colour of a text field's frame.
var FieldBorder = color.NRGBA{0x99, 0x99, 0x99, 0xFF}

// Field is a framed one-line text field width wide, a value tooltips leave readable.
func (k Kit) Field(ed *widget.Editor, hint string, width unit.Dp) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		w := gtx.Dp(width)
		gtx.Constraints.Min.X, gtx.Constraints.Max.X = w, w
		return Keep(gtx, ed, func(gtx layout.Context) layout.Dimensions {
			return widget.Border{Color: FieldBorder, CornerRadius: 3, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return layout.UniformInset(unit.Dp(4)).Layout(gtx, material.Editor(k.Th, ed, hint).Layout)
			})
		})
	}
}

// TakeKeys lets fields take the keys queued for them in this frame. A button's click is
// handled before the fields lay themselves out, so a key typed in the frame of the click was
// not in the text yet: Apply read "110" from a field showing 1100. Call it where a click
// reads fields, before reading them; the events it drains (a change, Enter) are dropped, so
// not on a field whose Enter is listened for later in the frame.
func TakeKeys(gtx layout.Context, eds ...*widget.Editor) {
	for _, ed := range eds {
		for {
			if _, ok := ed.Update(gtx); !ok {
				break
			}
		}
	}
}

// Label is a line of body text.
func (k Kit) Label(s string) layout.Widget { return material.Body2(k.Th, s).Layout }

// Row lays widgets out left to right, gap apart and centred on a line, and wraps onto
// further lines what does not fit the width (a narrow window), instead of squeezing the last
// widgets to nothing.
func Row(gtx layout.Context, gap unit.Dp, ws ...layout.Widget) layout.Dimensions {
	return row(gtx, gap, nil, ws)
}

// Fields lays out fields of a status line as Row does, with a "·" between two fields on
// the same line: a separator never ends or starts a line, whatever the width wraps.
func (k Kit) Fields(gtx layout.Context, ws ...layout.Widget) layout.Dimensions {
	return row(gtx, 4, k.Label("·"), ws)
}

// NaturalWidth is the width w takes when nothing limits it (its text on one line); what
// it draws is thrown away.
func NaturalWidth(gtx layout.Context, w layout.Widget) int {
	m := op.Record(gtx.Ops)
	gtx.Constraints = layout.Constraints{Max: image.Pt(1<<20, gtx.Constraints.Max.Y)}
	d := w(gtx)
	m.Stop()
	return d.Size.X
}

// row is Row with sep, if not nil, drawn between neighbours on a line (gap either side).
func row(gtx layout.Context, gap unit.Dp, sep layout.Widget, ws []layout.Widget) layout.Dimensions {
	g := gtx.Dp(gap)
	maxW := gtx.Constraints.Max.X
	record := func(wd layout.Widget) (op.CallOp, layout.Dimensions) { return recordWidget(gtx, wd) }
	calls := make([]op.CallOp, len(ws))
	dims := make([]layout.Dimensions, len(ws))
	for i, wd := range ws {
		calls[i], dims[i] = record(wd)
	}
	var sepDims layout.Dimensions
	var sepCall op.CallOp
	between := g // from one widget to the next on a line
	if sep != nil {
		// A field that shows nothing takes no place and no separator.
		n := 0
		for i := range dims {
			if dims[i].Size.X > 0 {
				calls[n], dims[n] = calls[i], dims[i]
				n++
			}
		}
		calls, dims = calls[:n], dims[:n]
		sepCall, sepDims = record(sep)
		between = g + sepDims.Size.X + g
	}
	var size image.Point
	for start := 0; start < len(dims); {
		// The line: from start, as many widgets as fit (at least one).
		end, w, h := start+1, dims[start].Size.X, dims[start].Size.Y
		for end < len(dims) && w+between+dims[end].Size.X <= maxW {
			w += between + dims[end].Size.X
			h = max(h, dims[end].Size.Y)
			end++
		}
		if sep != nil && end > start+1 {
			h = max(h, sepDims.Size.Y)
		}
		if start > 0 {
			size.Y += g
		}
		x := 0
		for i := start; i < end; i++ {
			if i > start && sep != nil {
				off := op.Offset(image.Pt(x-g-sepDims.Size.X, size.Y+(h-sepDims.Size.Y)/2)).Push(gtx.Ops)
				sepCall.Add(gtx.Ops)
				off.Pop()
			}
			off := op.Offset(image.Pt(x, size.Y+(h-dims[i].Size.Y)/2)).Push(gtx.Ops)
			calls[i].Add(gtx.Ops)
			off.Pop()
			x += dims[i].Size.X + between
		}
		size.X = max(size.X, w)
		size.Y += h
		start = end
	}
	return layout.Dimensions{Size: gtx.Constraints.Constrain(size)}
}

// NoticeLine is the line under a window's timeline: a notice or a hint in NoticeText, and
// with none, an empty line of the same height, so that the controls above it do not move
// under the pointer as notices come and go.
func (k Kit) NoticeLine(msg string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		l := material.Body2(k.Th, msg)
		l.Color = NoticeText
		if msg == "" {
			l.Text, l.Color = " ", color.NRGBA{} // (a line's height, drawn in no colour)
		}
		return layout.Inset{Top: 2}.Layout(gtx, l.Layout)
	}
}

// LargeEdit is the size of a program from which the editors say they may fall behind: Gio's
// editor takes longer a key the longer its text, and keys typed faster than it keeps up are
// lost or land out of order (a 1.2 MB program lost 9 keys of 10). Such a program loads and
// plays; it is edited better in a text editor.
const LargeEdit = 256 << 10

// LargeEditNote is what the editors show over a program of n bytes, "" below LargeEdit.
func LargeEditNote(n int) string {
	if n < LargeEdit {
		return ""
	}
	return fmt.Sprintf("This program is large (%d KB): the editor may fall behind fast typing and lose keys; a text editor suits it better.", n>>10)
}
