package corewin

import (
	"fmt"
	"strconv"

	"gioui.org/layout"
	"gioui.org/text"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

// statsView is the statistics window of Hofmann's Corewars: per process its threads (or
// "dead"), cells owned, kills and score, sorted by score. Clicking a line selects the
// process and marks its cells; with "selection follows process" the selection stays on the
// process when its rank changes, otherwise it stays on the line.
type statsView struct {
	rows      []widget.Clickable
	followBox widget.Bool
	unmark    widget.Clickable
	order     []int
	selected  int // the selected process, -1 none
	selRow    int // its line
	marked    int // the process whose cells are marked, -1 none
}

func (s *statsView) init() {
	s.selected, s.selRow, s.marked = -1, -1, -1
	s.followBox.Value = true
}

// Order is the processes in the order the statistics list them.
func (s *statsView) Order() []int { return s.order }

// follow re-sorts and moves the selection per "selection follows process".
func (s *statsView) follow(w *Window) {
	s.order = sortedProcesses(w.snap.Stats)
	if s.selected < 0 {
		return
	}
	if s.followBox.Value {
		for r, p := range s.order {
			if p == s.selected {
				s.selRow = r
			}
		}
		return
	}
	if s.selRow >= 0 && s.selRow < len(s.order) && s.order[s.selRow] != s.selected {
		s.selected = s.order[s.selRow]
		if s.marked >= 0 {
			s.marked = s.selected
		}
		w.run.setTrace(w.trace.tracedFor(s.selected))
	}
}

func (s *statsView) update(gtx layout.Context, w *Window) {
	s.follow(w)
	for len(s.rows) < len(s.order) {
		s.rows = append(s.rows, widget.Clickable{})
	}
	for r := range s.order {
		if s.rows[r].Clicked(gtx) {
			w.SelectProcess(s.order[r])
		}
	}
	if s.unmark.Clicked(gtx) {
		s.marked = -1
	}
	s.followBox.Update(gtx)
}

// SelectProcess selects process p in the statistics and marks its cells in the core.
func (w *Window) SelectProcess(p int) {
	s := &w.stats
	s.follow(w)
	s.selected, s.marked = p, p
	for r, q := range s.order {
		if q == p {
			s.selRow = r
		}
	}
	w.run.setTrace(w.trace.tracedFor(p))
}

// SelectedProcess is the process selected in the statistics, -1 if none.
func (w *Window) SelectedProcess() int { return w.stats.selected }

// MarkedProcess is the process whose cells are marked, -1 if none.
func (w *Window) MarkedProcess() int { return w.stats.marked }

// StatsOrder is the processes in the statistics' order.
func (w *Window) StatsOrder() []int { return w.stats.order }

func (s *statsView) layout(gtx layout.Context, w *Window) layout.Dimensions {
	th := w.th
	cols := []int{135, 55, 55, 45, 60} // dp; with the swatch they fit beside the list's scroll bar
	cell := func(i int, txt string, bold bool) layout.FlexChild {
		return layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			gtx.Constraints.Min.X, gtx.Constraints.Max.X = gtx.Dp(unit.Dp(cols[i])), gtx.Dp(unit.Dp(cols[i]))
			l := material.Body2(th, txt)
			l.MaxLines = 1
			if bold {
				l.Font.Weight = 700
			}
			if i > 0 {
				l.Alignment = text.End
			}
			return l.Layout(gtx)
		})
	}
	var ch []layout.FlexChild
	add := func(wd layout.Widget) { ch = append(ch, layout.Rigid(wd)) }
	if len(w.snap.Stats) == 0 {
		add(material.Body2(th, "No game: add programs in the Players tab.").Layout)
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
	}
	add(func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Left: 18}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{}.Layout(gtx, cell(0, "Process", true), cell(1, "Threads", true), cell(2, "Cells", true), cell(3, "Kills", true), cell(4, "Score", true))
		})
	})
	for r, p := range s.order {
		st := w.snap.Stats[p]
		threads := strconv.Itoa(st.Threads)
		if !st.Alive {
			threads = "dead"
		}
		add(func(gtx layout.Context) layout.Dimensions {
			return material.Clickable(gtx, &s.rows[r], func(gtx layout.Context) layout.Dimensions {
				return rowBg(gtx, r == s.selRow && s.selected >= 0, func(gtx layout.Context) layout.Dimensions {
					return layout.Inset{Top: 2, Bottom: 2}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
						return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
							layout.Rigid(swatch(w.colorOf(p), 12)),
							layout.Rigid(spacer(6)),
							cell(0, fmt.Sprintf("%d. %s", r+1, w.processName(p)), false),
							cell(1, threads, false), cell(2, strconv.Itoa(st.Cells), false),
							cell(3, strconv.Itoa(st.Kills), false), cell(4, strconv.FormatInt(st.Score, 10), false))
					})
				})
			})
		})
	}
	add(spacer(6))
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, material.CheckBox(th, &s.followBox, "Selection follows process").Layout,
			func(gtx layout.Context) layout.Dimensions { return w.smallButton(gtx, &s.unmark, "Unmark cells") })
	})
	add(func(gtx layout.Context) layout.Dimensions {
		l := material.Caption(th, "Click a line to mark the process's cells (white in the core) and trace it. Sorted by score, then alive, cells owned, threads.")
		l.Color = mutedCol
		return l.Layout(gtx)
	})
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}
