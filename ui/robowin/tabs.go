package robowin

import (
	"image/color"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

var tabNames = [4]string{"Graph", "Events", "Options", "Help"}

// tabsView is the panel's tabbed part: the graph, the event log, the options and help.
type tabsView struct {
	*session
	look
	tabs     [4]widget.Clickable
	tab      int
	eventLog EventLogState
	optEd    OptionsEditorState
	help     HelpState
}

// editing reports whether a field of a tab has the keyboard.
func (tv *tabsView) editing(gtx layout.Context) bool {
	return tv.optEd.editing(gtx) || tv.eventLog.editing(gtx)
}

// update switches tabs and applies edited options (which restart the series).
func (tv *tabsView) update(gtx layout.Context) {
	for i := range tv.tabs {
		if tv.tabs[i].Clicked(gtx) {
			tv.tab = i
		}
	}
	if o := tv.opts; tv.optEd.update(gtx, tv.cfg.Options, &o) {
		tv.askRules(o)
	}
}

func (tv *tabsView) layoutViews(gtx layout.Context) layout.Dimensions {
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(tv.layoutTabs),
		layout.Flexed(1, tv.layoutTabContent),
	)
}

func (tv *tabsView) layoutTabs(gtx layout.Context) layout.Dimensions {
	var ch []layout.FlexChild
	for i := range tv.tabs {
		i := i
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			b := material.Button(tv.th, &tv.tabs[i], tabNames[i])
			b.Inset = layout.Inset{Top: 5, Bottom: 5, Left: 10, Right: 10}
			b.CornerRadius = 0
			if i != tv.tab {
				b.Background = color.NRGBA{0xDD, 0xDD, 0xDD, 0xFF}
				b.Color = color.NRGBA{0x33, 0x33, 0x33, 0xFF}
			}
			return b.Layout(gtx)
		}))
	}
	return layout.Flex{}.Layout(gtx, ch...)
}

func (tv *tabsView) layoutTabContent(gtx layout.Context) layout.Dimensions {
	return layout.Inset{Top: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		switch tv.tab {
		case 0:
			return Graph(tv.th, &tv.hist, tv.players.teams()).Layout(gtx)
		case 1:
			return EventLog(tv.th, &tv.eventLog, tv.evs, tv.players.teams()).Layout(gtx)
		case 2:
			return OptionsEditor(tv.th, &tv.optEd, &tv.opts, tv.cfg.Options).Layout(gtx)
		default:
			return Help(tv.th, &tv.help).Layout(gtx)
		}
	})
}
