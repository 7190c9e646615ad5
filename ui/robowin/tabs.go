package robowin

import (
	"gioui.org/layout"
	"gioui.org/widget"
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
	return tv.kit().Tabs(gtx, tv.tabs[:], tabNames[:], tv.tab, len(tv.tabs))
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
