package corewin

import (
	"fmt"
	"strconv"
	"strings"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/corewars"
)

// dumpView is the core-dump browser of the Atari ST Corewar: rows of cells from an address,
// stepped a cell or a page at a time, or to an address typed in; clicking a cell in the
// core moves the dump there.
type dumpView struct {
	*session
	look
	addr                            int
	addrEd                          widget.Editor
	goBtn, prev, next, prevP, nextP widget.Clickable
	clicks                          int
}

const dumpRows = 24

func (d *dumpView) init() { d.addrEd.SingleLine, d.addrEd.Submit = true, true }

func (d *dumpView) update(gtx layout.Context) {
	n := d.snap.Size
	if n <= 0 {
		return
	}
	if d.core.Clicks != d.clicks {
		d.clicks = d.core.Clicks
		d.addr = d.core.Selected
	}
	submitted := false
	for {
		ev, ok := d.addrEd.Update(gtx)
		if !ok {
			break
		}
		if _, ok := ev.(widget.SubmitEvent); ok {
			submitted = true
		}
	}
	if d.goBtn.Clicked(gtx) || submitted {
		if a, err := strconv.Atoi(strings.TrimSpace(d.addrEd.Text())); err == nil {
			d.addr = a
		} else {
			d.notify("The address must be a whole number.")
		}
	}
	if d.prev.Clicked(gtx) {
		d.addr--
	}
	if d.next.Clicked(gtx) {
		d.addr++
	}
	if d.prevP.Clicked(gtx) {
		d.addr -= dumpRows
	}
	if d.nextP.Clicked(gtx) {
		d.addr += dumpRows
	}
	d.addr = corewars.Wrap(d.addr, n)
}

// Text is the dump's rows: address, owner, last write, content.
func (d *dumpView) Text() []string {
	var out []string
	d.run.withEngine(func(e corewars.Engine) {
		if e == nil {
			return
		}
		n := e.Size()
		for i := 0; i < dumpRows && i < n; i++ {
			a := corewars.Wrap(d.addr+i, n)
			c := e.Cell(a)
			owner := "-"
			if c.Owner >= 0 {
				owner = d.processName(c.Owner)
			}
			out = append(out, fmt.Sprintf("%6d  %-12.12s %s", a, owner, c.Text))
		}
	})
	return out
}

func (d *dumpView) layout(gtx layout.Context) layout.Dimensions {
	th := d.th
	var ch []layout.FlexChild
	add := func(wd layout.Widget) { ch = append(ch, layout.Rigid(wd)) }
	sb := func(c *widget.Clickable, s string) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions { return d.smallButton(gtx, c, s) }
	}
	if d.snap.Size == 0 {
		add(material.Body2(th, "No game: add programs in the Players tab.").Layout)
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
	}
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, sb(&d.prevP, "◄◄ page"), sb(&d.prev, "◄ cell"), sb(&d.next, "cell ►"), sb(&d.nextP, "page ►►"),
			func(gtx layout.Context) layout.Dimensions { return d.field(gtx, &d.addrEd, "address", 70) }, sb(&d.goBtn, "Go"))
	})
	add(spacer(4))
	add(func(gtx layout.Context) layout.Dimensions {
		l := material.Body2(th, "  addr  owner        content")
		l.Font.Typeface, l.Font.Weight = "Go Mono", 700
		return l.Layout(gtx)
	})
	for _, s := range d.Text() {
		add(func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(th, s)
			l.Font.Typeface = "Go Mono"
			l.MaxLines = 1
			return l.Layout(gtx)
		})
	}
	add(func(gtx layout.Context) layout.Dimensions {
		l := material.Caption(th, "Click a cell in the core to start the dump there.")
		l.Color = mutedCol
		return l.Layout(gtx)
	})
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}
