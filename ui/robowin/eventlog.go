package robowin

import (
	"fmt"
	"image/color"
	"strings"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/arena"
	"robocom/ui/kit"
)

// EventLogState is the event log view: its filters and scroll position.
type EventLogState struct {
	filter    widget.Editor // matches reason, kind or team name
	teamBtns  [MaxPlayers]widget.Clickable
	hideTeam  [MaxPlayers]bool
	deathsBtn widget.Clickable
	onlyDeath bool
	list      widget.List
	shown     []int // indices of the events that pass the filters
}

func (s *EventLogState) editing(gtx layout.Context) bool { return gtx.Focused(&s.filter) }

// reasonText says what a death reason means, in the words of RoboCom's report.
func reasonText(r string) string {
	switch r {
	case "die":
		return "executed DIE"
	case "data_hunger":
		return "data hunger (bank 1 empty)"
	case "elimination":
		return "elimination (value past the trigger)"
	case "set1_required":
		return "error 5: instruction set 1 required"
	case "set2_required":
		return "error 6: instruction set 2 required"
	case "not_mobile":
		return "error 9: not mobile"
	case "invalid_banks":
		return "error 11: invalid number of banks"
	case "no_source_bank":
		return "error 12: source bank does not exist"
	case "invalid_parameter":
		return "error 13: invalid parameter"
	case "division_by_zero":
		return "error 14: division by zero"
	case "no_tasks":
		return "error 15: no tasks left"
	}
	return r
}

// EventText is one log line.
func EventText(e arena.Event, teams []Team) string {
	name := fmt.Sprintf("team %d", e.Program+1)
	if e.Program >= 0 && e.Program < len(teams) {
		name = teams[e.Program].Name
	}
	switch e.Kind {
	case arena.EvDeath:
		return fmt.Sprintf("%6d  %s robot %d died: %s", e.Cycle, name, e.Robot, deathText(e.Reason))
	case arena.EvSpawn:
		if e.Cycle == 0 {
			return fmt.Sprintf("%6d  %s robot %d placed", e.Cycle, name, e.Robot)
		}
		return fmt.Sprintf("%6d  %s robot %d built", e.Cycle, name, e.Robot)
	case arena.EvInit:
		s := fmt.Sprintf("%6d  %s robot %d: init, task %d starts task %d at %d:%d", e.Cycle, name, e.Robot, e.Task, e.NewTask, e.Bank, e.Instr)
		if e.Replaced != 0 {
			s += fmt.Sprintf(" (ending task %d)", e.Replaced)
		}
		return s
	case arena.EvQuit:
		return fmt.Sprintf("%6d  %s robot %d: quit, task %d ends", e.Cycle, name, e.Robot, e.Task)
	case arena.EvBreak:
		return fmt.Sprintf("%6d  %s robot %d: break, task %d ends tasks %s", e.Cycle, name, e.Robot, e.Task, intList(e.Ended))
	case arena.EvSeize:
		return fmt.Sprintf("%6d  %s robot %d: seize, task %d runs alone", e.Cycle, name, e.Robot, e.Task)
	case arena.EvResume:
		return fmt.Sprintf("%6d  %s robot %d: resume, task %d lets the others run", e.Cycle, name, e.Robot, e.Task)
	case arena.EvRTrans:
		return fmt.Sprintf("%6d  %s robot %d: rtrans, its bank %d copied from bank %d of robot %d", e.Cycle, name, e.Robot, e.ToBank, e.FromBank, e.Target)
	}
	return fmt.Sprintf("%6d  %s robot %d: %s", e.Cycle, name, e.Robot, e.Kind)
}

func intList(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ", ")
}

// EventLogStyle draws the log.
type EventLogStyle struct {
	Theme  *material.Theme
	State  *EventLogState
	Events []arena.Event
	Teams  []Team
}

// EventLog builds the log's style.
func EventLog(th *material.Theme, s *EventLogState, events []arena.Event, teams []Team) EventLogStyle {
	return EventLogStyle{Theme: th, State: s, Events: events, Teams: teams}
}

// Layout draws the filters and the matching events, newest first.
func (l EventLogStyle) Layout(gtx layout.Context) layout.Dimensions {
	s, th := l.State, l.Theme
	for i := range s.teamBtns {
		if s.teamBtns[i].Clicked(gtx) {
			s.hideTeam[i] = !s.hideTeam[i]
		}
	}
	if s.deathsBtn.Clicked(gtx) {
		s.onlyDeath = !s.onlyDeath
	}
	s.filter.SingleLine = true
	s.list.Axis = layout.Vertical
	q := strings.ToLower(strings.TrimSpace(s.filter.Text()))
	s.shown = s.shown[:0]
	for i := len(l.Events) - 1; i >= 0; i-- { // newest first
		e := l.Events[i]
		if e.Program >= 0 && e.Program < MaxPlayers && s.hideTeam[e.Program] {
			continue
		}
		if s.onlyDeath && e.Kind != arena.EvDeath {
			continue
		}
		if q != "" && !strings.Contains(strings.ToLower(EventText(e, l.Teams)), q) {
			continue
		}
		s.shown = append(s.shown, i)
	}
	var bar []layout.FlexChild
	deaths := "deaths only"
	if s.onlyDeath {
		deaths = "all events"
	}
	bar = append(bar, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
		b := material.Button(th, &s.deathsBtn, deaths)
		b.Inset = layout.Inset{Top: 3, Bottom: 3, Left: 6, Right: 6}
		b.TextSize = 12
		return kit.FocusRing(gtx, &s.deathsBtn, b.Layout(gtx))
	}))
	for i := range l.Teams {
		if i >= MaxPlayers {
			break
		}
		i := i
		bar = append(bar, layout.Rigid(layout.Spacer{Width: 4}.Layout), layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			c := l.Teams[i].Color
			if s.hideTeam[i] {
				c = color.NRGBA{0xCC, 0xCC, 0xCC, 0xFF}
			}
			return kit.Clickable(gtx, &s.teamBtns[i], swatch(c, 18))
		}))
	}
	bar = append(bar, layout.Rigid(layout.Spacer{Width: 6}.Layout), layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
		return widget.Border{Color: color.NRGBA{0x99, 0x99, 0x99, 0xFF}, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.UniformInset(3).Layout(gtx, material.Editor(th, &s.filter, "filter, e.g. hunger").Layout)
		})
	}))
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx, bar...)
		}),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			t := fmt.Sprintf("%d of %d events", len(s.shown), len(l.Events))
			if len(l.Events) >= maxEvents {
				t += fmt.Sprintf(" (the log keeps the first %d)", maxEvents)
			}
			return material.Caption(th, t).Layout(gtx)
		}),
		layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
			return material.List(th, &s.list).Layout(gtx, len(s.shown), func(gtx layout.Context, i int) layout.Dimensions {
				e := l.Events[s.shown[i]]
				lb := material.Caption(th, EventText(e, l.Teams))
				lb.Font.Typeface = "Go Mono"
				if e.Program >= 0 && e.Program < len(l.Teams) {
					c := l.Teams[e.Program].Color
					return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
						layout.Rigid(swatch(c, 8)),
						layout.Rigid(layout.Spacer{Width: 4}.Layout),
						layout.Rigid(lb.Layout))
				}
				return lb.Layout(gtx)
			})
		}),
	)
}
