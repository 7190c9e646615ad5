package corewin

import (
	"fmt"
	"strconv"

	"gioui.org/layout"
	"gioui.org/text"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/ui/kit"
)

// statsView is the statistics window of Hofmann's Corewars: per process its threads (or
// "dead"), cells owned, kills and score, sorted by score. Clicking a line selects the
// process and marks its cells; with "selection follows process" the selection stays on the
// process when its rank changes, otherwise it stays on the line.
type statsView struct {
	*session
	look
	rows      []widget.Clickable
	followBox widget.Bool
	unmark    widget.Clickable
	order     []int
	selRow    int // the selected process's line, -1 none
	seen      int // the selection the line was last set for
}

func (s *statsView) init() {
	s.selRow, s.seen = -1, -1
	s.followBox.Value = true
}

// Order is the processes in the order the statistics list them.
func (s *statsView) Order() []int { return s.order }

// follow re-sorts and moves the selection per "selection follows process".
func (s *statsView) follow() {
	s.order = sortedProcesses(s.snap.Stats)
	if s.selected != s.seen { // selected elsewhere (a new game, SelectProcess): find its line
		s.seen, s.selRow = s.selected, -1
		for r, p := range s.order {
			if p == s.selected {
				s.selRow = r
			}
		}
	}
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
		marked := s.marked
		s.SelectProcess(s.order[s.selRow])
		s.seen = s.selected
		if marked < 0 {
			s.marked = -1
		}
	}
}

func (s *statsView) update(gtx layout.Context) {
	s.follow()
	for len(s.rows) < len(s.order) {
		s.rows = append(s.rows, widget.Clickable{})
	}
	for r := range s.order {
		if s.rows[r].Clicked(gtx) {
			s.SelectProcess(s.order[r])
			s.selRow, s.seen = r, s.selected
		}
	}
	if s.unmark.Clicked(gtx) {
		s.marked = -1
	}
	s.followBox.Update(gtx)
}

func (s *statsView) layout(gtx layout.Context) layout.Dimensions {
	th := s.th
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
	if len(s.snap.Stats) == 0 {
		add(material.Body2(th, "No game: add programs in the Players tab.").Layout)
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
	}
	add(func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Left: 18}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{}.Layout(gtx, cell(0, "Process", true), cell(1, "Threads", true), cell(2, "Cells", true), cell(3, "Kills", true), cell(4, "Score", true))
		})
	})
	for r, p := range s.order {
		st := s.snap.Stats[p]
		threads := strconv.Itoa(st.Threads)
		if !st.Alive {
			threads = "dead"
		}
		add(func(gtx layout.Context) layout.Dimensions {
			return kit.FocusRing(gtx, &s.rows[r], material.Clickable(gtx, &s.rows[r], func(gtx layout.Context) layout.Dimensions {
				return rowBg(gtx, r == s.selRow && s.selected >= 0, func(gtx layout.Context) layout.Dimensions {
					return layout.Inset{Top: 2, Bottom: 2}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
						return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
							layout.Rigid(swatch(s.colorOf(p), 12)),
							layout.Rigid(spacer(6)),
							cell(0, fmt.Sprintf("%d. %s", r+1, s.processName(p)), false),
							cell(1, threads, false), cell(2, strconv.Itoa(st.Cells), false),
							cell(3, strconv.Itoa(st.Kills), false), cell(4, strconv.FormatInt(st.Score, 10), false))
					})
				})
			}))
		})
	}
	add(spacer(6))
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx, material.CheckBox(th, &s.followBox, "Selection follows process").Layout,
			func(gtx layout.Context) layout.Dimensions { return s.smallButton(gtx, &s.unmark, "Unmark cells") })
	})
	add(func(gtx layout.Context) layout.Dimensions {
		l := material.Caption(th, "Click a line to mark the process's cells (white in the core) and trace it. Sorted by score, then alive, cells owned, threads.")
		l.Color = mutedCol
		return l.Layout(gtx)
	})
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}
