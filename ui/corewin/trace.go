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
	*session
	look
	record widget.Bool
	clear  widget.Clickable
	filter widget.Editor // show only lines containing this (the Atari ST's "commands to trace")
	lines  []TraceLine
}

func (t *traceView) init() { t.record.Value = true; t.filter.SingleLine = true }

func (t *traceView) update(gtx layout.Context) {
	if t.record.Update(gtx) {
		t.traceOn = t.record.Value
		t.run.setTrace(t.tracedFor(t.selected))
	}
	if t.clear.Clicked(gtx) {
		t.run.setTrace(-1)
		t.run.setTrace(t.tracedFor(t.selected))
	}
}

// maxQueueShown bounds the process queue listed.
const maxQueueShown = 40

// Text is the trace as the Trace tab shows it, one line per instruction.
func (t *traceView) Text() []string {
	t.lines = t.run.traceLines(t.lines)
	only := strings.ToLower(strings.TrimSpace(t.filter.Text()))
	out := make([]string, 0, len(t.lines))
	for _, l := range t.lines {
		if only != "" && !strings.Contains(strings.ToLower(l.Text), only) {
			continue
		}
		out = append(out, fmt.Sprintf("%7d  %5d  %s", l.Cycle, l.Addr, l.Text))
	}
	return out
}

// Queue is the selected process's threads in run order with their next instruction.
func (t *traceView) Queue() []string {
	p := t.selected
	var out []string
	t.run.withEngine(func(e corewars.Engine) {
		if e == nil || p < 0 || p >= e.Processes() {
			return
		}
		for i, a := range e.Threads(p, nil, maxQueueShown) {
			out = append(out, fmt.Sprintf("%3d. %5d  %s", i+1, a, e.Cell(a).Text))
		}
		if n := e.Process(p).Threads; n > maxQueueShown {
			out = append(out, fmt.Sprintf("… %d more", n-maxQueueShown))
		}
	})
	return out
}

func (t *traceView) layout(gtx layout.Context) layout.Dimensions {
	th := t.th
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
	p := t.selected
	if p < 0 {
		add(material.Body2(th, "Select a process in the Statistics tab to trace it.").Layout)
	} else {
		add(material.Subtitle1(th, "Trace of "+t.processName(p)).Layout)
	}
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, material.CheckBox(th, &t.record, "Record the trace").Layout,
			func(gtx layout.Context) layout.Dimensions { return t.smallButton(gtx, &t.clear, "Clear") })
	})
	if p >= 0 {
		add(material.Subtitle2(th, "Process queue (next to run first)").Layout)
		q := t.Queue()
		if len(q) == 0 {
			add(mono("(no threads: the process is dead)"))
		}
		for _, s := range q {
			add(mono(s))
		}
		add(func(gtx layout.Context) layout.Dimensions {
			return row(gtx, material.Body2(th, "Only instructions containing").Layout,
				func(gtx layout.Context) layout.Dimensions { return t.field(gtx, &t.filter, "e.g. move", 110) })
		})
		lines := t.Text()
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
