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

// traceView shows, for the process selected in the statistics, the instructions it
// executed (address and content, newest last; thread deaths with their cause) and its
// process queue (the threads in the order they will run, with the cell each will execute).
type traceView struct {
	record widget.Bool
	clear  widget.Clickable
	filter widget.Editor // show only lines containing this (the Atari ST's "commands to trace")
	lines  []TraceLine
}

func (t *traceView) init() { t.record.Value = true; t.filter.SingleLine = true }

// tracedFor is the process to trace when p is selected.
func (t *traceView) tracedFor(p int) int {
	if !t.record.Value {
		return -1
	}
	return p
}

func (t *traceView) update(gtx layout.Context, w *Window) {
	if t.record.Update(gtx) {
		w.run.setTrace(t.tracedFor(w.stats.selected))
	}
	if t.clear.Clicked(gtx) {
		w.run.setTrace(-1)
		w.run.setTrace(t.tracedFor(w.stats.selected))
	}
}

// maxQueueShown bounds the process queue listed.
const maxQueueShown = 40

// TraceText is the trace as the Trace tab shows it, one line per instruction.
func (w *Window) TraceText() []string {
	w.trace.lines = w.run.traceLines(w.trace.lines)
	only := strings.ToLower(strings.TrimSpace(w.trace.filter.Text()))
	out := make([]string, 0, len(w.trace.lines))
	for _, l := range w.trace.lines {
		if only != "" && !strings.Contains(strings.ToLower(l.Text), only) {
			continue
		}
		out = append(out, fmt.Sprintf("%7d  %5d  %s", l.Cycle, l.Addr, l.Text))
	}
	return out
}

// QueueText is the selected process's threads in run order with their next instruction.
func (w *Window) QueueText() []string {
	p := w.stats.selected
	var out []string
	w.run.withEngine(func(e corewars.Engine) {
		if e == nil || p < 0 || p >= e.Processes() {
			return
		}
		for i, a := range e.Threads(p, nil) {
			if i == maxQueueShown {
				out = append(out, fmt.Sprintf("… %d more", len(e.Threads(p, nil))-maxQueueShown))
				break
			}
			out = append(out, fmt.Sprintf("%3d. %5d  %s", i+1, a, e.Cell(a).Text))
		}
	})
	return out
}

func (t *traceView) layout(gtx layout.Context, w *Window) layout.Dimensions {
	th := w.th
	var ch []layout.FlexChild
	add := func(wd layout.Widget) { ch = append(ch, layout.Rigid(wd)) }
	mono := func(s string) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(th, s)
			l.Font.Typeface = "Go Mono"
			l.MaxLines = 1
			return l.Layout(gtx)
		}
	}
	p := w.stats.selected
	if p < 0 {
		add(material.Body2(th, "Select a process in the Statistics tab to trace it.").Layout)
	} else {
		add(material.Subtitle1(th, "Trace of "+w.processName(p)).Layout)
	}
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, material.CheckBox(th, &t.record, "Record the trace").Layout,
			func(gtx layout.Context) layout.Dimensions { return w.smallButton(gtx, &t.clear, "Clear") })
	})
	if p >= 0 {
		add(material.Subtitle2(th, "Process queue (next to run first)").Layout)
		q := w.QueueText()
		if len(q) == 0 {
			add(mono("(no threads: the process is dead)"))
		}
		for _, s := range q {
			add(mono(s))
		}
		add(func(gtx layout.Context) layout.Dimensions {
			return row(gtx, material.Body2(th, "Only instructions containing").Layout,
				func(gtx layout.Context) layout.Dimensions { return w.field(gtx, &t.filter, "e.g. move", 110) })
		})
		lines := w.TraceText()
		add(material.Subtitle2(th, "Executed ("+strconv.Itoa(len(lines))+" shown of the newest "+strconv.Itoa(maxTrace)+"): cycle, address, instruction").Layout)
		if len(lines) == 0 {
			add(mono("(nothing yet: run or step the game)"))
		}
		// Newest first, so that the latest steps are visible without scrolling.
		for i := len(lines) - 1; i >= 0; i-- {
			s := lines[i]
			if strings.Contains(s, "thread died") {
				s = "✗" + s[1:]
			}
			add(mono(s))
		}
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}

// dumpView is the core-dump browser of the Atari ST Corewar: rows of cells from an address,
// stepped a cell or a page at a time, or to an address typed in; clicking a cell in the
// core moves the dump there.
type dumpView struct {
	addr                            int
	addrEd                          widget.Editor
	goBtn, prev, next, prevP, nextP widget.Clickable
	clicks                          int
}

const dumpRows = 24

func (d *dumpView) init() { d.addrEd.SingleLine, d.addrEd.Submit = true, true }

func (d *dumpView) update(gtx layout.Context, w *Window) {
	n := w.snap.Size
	if n <= 0 {
		return
	}
	if w.core.Clicks != d.clicks {
		d.clicks = w.core.Clicks
		d.addr = w.core.Selected
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
			w.notify("The address must be a whole number.")
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

// DumpText is the dump's rows: address, owner, last write, content.
func (w *Window) DumpText() []string {
	var out []string
	w.run.withEngine(func(e corewars.Engine) {
		if e == nil {
			return
		}
		n := e.Size()
		for i := 0; i < dumpRows && i < n; i++ {
			a := corewars.Wrap(w.dump.addr+i, n)
			c := e.Cell(a)
			owner := "-"
			if c.Owner >= 0 {
				owner = w.processName(c.Owner)
			}
			out = append(out, fmt.Sprintf("%6d  %-12.12s %s", a, owner, c.Text))
		}
	})
	return out
}

func (d *dumpView) layout(gtx layout.Context, w *Window) layout.Dimensions {
	th := w.th
	var ch []layout.FlexChild
	add := func(wd layout.Widget) { ch = append(ch, layout.Rigid(wd)) }
	sb := func(c *widget.Clickable, s string) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions { return w.smallButton(gtx, c, s) }
	}
	if w.snap.Size == 0 {
		add(material.Body2(th, "No game: add programs in the Players tab.").Layout)
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
	}
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, sb(&d.prevP, "◄◄ page"), sb(&d.prev, "◄ cell"), sb(&d.next, "cell ►"), sb(&d.nextP, "page ►►"),
			func(gtx layout.Context) layout.Dimensions { return w.field(gtx, &d.addrEd, "address", 70) }, sb(&d.goBtn, "Go"))
	})
	add(spacer(4))
	add(func(gtx layout.Context) layout.Dimensions {
		l := material.Body2(th, "  addr  owner        content")
		l.Font.Typeface, l.Font.Weight = "Go Mono", 700
		return l.Layout(gtx)
	})
	for _, s := range w.DumpText() {
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
