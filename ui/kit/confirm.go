package kit

import (
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

// Confirm is the bar that asks before a change replaces the game under way ("Remove Hive and
// restart the game?", with the change's verb and Cancel). Both windows draw it over their
// game view, where it moves none of the panel's rows (a bar pushing the picker's list down
// made the next click pick the wrong program).
type Confirm struct {
	pending *pendingChange
	yes, no widget.Clickable
}

// pendingChange is a change waiting in the bar until the user answers.
type pendingChange struct {
	question string // "Remove Prog3 and restart the game?"
	verb     string // the confirming button: "Remove", "Add", "Move", "Apply and restart"
	apply    func()
	cancel   func() // may be nil
}

// Ask applies a change at once when no game is under way, and otherwise asks first. A new
// question replaces one not answered yet, which counts as cancelled.
func (c *Confirm) Ask(underWay bool, question, verb string, apply, cancel func()) {
	if !underWay {
		apply()
		return
	}
	if old := c.pending; old != nil && old.cancel != nil {
		old.cancel()
	}
	c.pending = &pendingChange{question: question, verb: verb, apply: apply, cancel: cancel}
}

// Question is the question the bar asks, "" when none.
func (c *Confirm) Question() string {
	if c.pending == nil {
		return ""
	}
	return c.pending.question
}

// Update carries out or drops the pending change when one of the bar's buttons was clicked.
func (c *Confirm) Update(gtx layout.Context) {
	p := c.pending
	if p == nil {
		return
	}
	switch {
	case c.yes.Clicked(gtx):
		c.pending = nil
		p.apply()
	case c.no.Clicked(gtx):
		c.pending = nil
		if p.cancel != nil {
			p.cancel()
		}
	}
}

// Over draws w and, while a question waits, the bar over its bottom, centred and at most
// 520 dp wide. (Over the top it hid the controls of what w shows at the top: the editor's
// Save and "Load into arena" under "Quit and lose the changes to mine.rob?", and the
// inspectors' names and buttons.)
func (c *Confirm) Over(gtx layout.Context, k Kit, w layout.Widget) layout.Dimensions {
	dims := w(gtx)
	if c.pending == nil {
		return dims
	}
	gtx.Constraints.Min = image.Point{}
	gtx.Constraints.Max.X = min(dims.Size.X, gtx.Dp(unit.Dp(520)))
	gtx.Constraints.Min.X = gtx.Constraints.Max.X
	rec := op.Record(gtx.Ops)
	bar := c.layout(gtx, k)
	call := rec.Stop()
	y := max(dims.Size.Y-bar.Size.Y-gtx.Dp(unit.Dp(2)), 0)
	defer op.Offset(image.Pt((dims.Size.X-gtx.Constraints.Max.X)/2, y)).Push(gtx.Ops).Pop()
	call.Add(gtx.Ops)
	return dims
}

func (c *Confirm) layout(gtx layout.Context, k Kit) layout.Dimensions {
	p := c.pending
	return layout.Inset{Bottom: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return Card(gtx, color.NRGBA{0xFF, 0xF0, 0xC8, 0xFF}, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
				layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
					l := material.Body2(k.Th, p.question)
					l.Color = color.NRGBA{0x40, 0x28, 0x00, 0xFF}
					return l.Layout(gtx)
				}),
				layout.Rigid(layout.Spacer{Width: unit.Dp(6)}.Layout),
				layout.Rigid(k.SmallButton(&c.yes, p.verb)),
				layout.Rigid(layout.Spacer{Width: unit.Dp(4)}.Layout),
				layout.Rigid(k.SmallButton(&c.no, "Cancel")),
			)
		})
	})
}

// Card draws w on a rounded rectangle of colour bg, 12 dp inside its edges.
func Card(gtx layout.Context, bg color.NRGBA, w layout.Widget) layout.Dimensions {
	return layout.Background{}.Layout(gtx,
		func(gtx layout.Context) layout.Dimensions {
			paint.FillShape(gtx.Ops, bg, clip.UniformRRect(image.Rectangle{Max: gtx.Constraints.Min}, gtx.Dp(6)).Op(gtx.Ops))
			return layout.Dimensions{Size: gtx.Constraints.Min}
		},
		func(gtx layout.Context) layout.Dimensions {
			return layout.UniformInset(unit.Dp(12)).Layout(gtx, w)
		})
}
