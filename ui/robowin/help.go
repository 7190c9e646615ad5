package robowin

import (
	"fmt"
	"image/color"
	"strings"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/robolang"
)

// HelpState is the help view's scroll position.
type HelpState struct {
	list  widget.List
	lines []helpLine
}

type helpLine struct {
	text  string
	style int // 0 body, 1 heading, 2 monospace, helpTableHeader, helpTableRow
	// A table's header and rows have their cells, laid out in the table's columns.
	cells []string
	table *helpTable
}

// The styles of a table's lines (see help_table.go).
const (
	helpTableHeader = 3
	helpTableRow    = 4
)

// helpHeaderColor sets a table's header apart from its rows.
var helpHeaderColor = color.NRGBA{0x10, 0x50, 0x90, 0xFF}

// rulesInBrief is the game in a few lines (ROBOCOM.md sections 1–10).
var rulesInBrief = []string{
	"The board is n×n fields and wraps around at the edges (a torus); one robot per field.",
	"Each program starts with one robot: instruction set 2, not mobile, all its banks, active.",
	"Every cycle each active robot, oldest first, works one cycle on its current instruction; the effect happens on the last cycle of the instruction.",
	"A robot sees only the reference field in front of it. Running past the end of a bank restarts at bank 1; an empty bank 1 then kills the robot (data hunger).",
	"ADD/SUB results beyond ± the elimination trigger kill the robot. Runtime errors (set required, not mobile, bad CREATE values, missing TRANS source bank) kill it too.",
	"A program is alive while any of its robots exists. The game ends when at most one program is alive, or at the time limit; survivors share first place.",
	"Series of rounds score 3 points per win and 1 per draw; round k uses seed + k − 1.",
}

// helpShortcuts lists the keyboard shortcuts (also shown in the controls' tooltips).
var helpShortcuts = []string{
	"Space  start / pause",
	"S      one cycle",
	"N      run the number of cycles in the Run field",
	"←      one cycle back (rewind; the timeline goes forward again)",
	"+ / −  faster / slower",
	"R      restart from round 1 with the same seed, the programs read again from their files",
	"F      fit the board to the window (mouse wheel zooms, drag pans)",
	"T      put the selected robot's debugger in a window of its own, or back beside the board",
	"Esc    leave a text field / close the picker",
	"Tab    the next button or field (Shift+Tab the one before); Return presses the ringed button",
	"Ctrl+Q quit",
}

// buildHelp makes the help text; the instruction reference comes from robolang.Instructions,
// the one instruction table, so it cannot drift from what the engine runs.
func buildHelp() []helpLine {
	var l []helpLine
	add := func(style int, s string) { l = append(l, helpLine{text: s, style: style}) }
	add(1, "Keys")
	for _, s := range helpShortcuts {
		add(2, s)
	}
	add(1, "The robots on the board")
	add(0, "A pentagon points where the robot faces. Filled: active; grey with a coloured rim: inactive (#Active ≤ 0). One dot: instruction set 1 (Advanced); two dots: set 2 (Super); a bar at the back: mobile. Hover for details; click to select.")
	add(1, "Rules in brief")
	for _, s := range rulesInBrief {
		add(0, "• "+s)
	}
	add(1, "Instructions")
	add(0, "#a must be writable (#1..#20, #Active, %Active); a, b, c are numbers, labels, variables, $constants or %remotes. Remote operands need set 1 and cost extra cycles (8 in classic, 6 in rc3/rc3m). Cycles are given for the option sets classic and rc3/rc3m.")
	var rows [][]string
	for _, in := range robolang.Instructions {
		if !in.Op.Valid() || in.RC3 {
			continue
		}
		rows = append(rows, []string{signature(in), fmt.Sprint(in.Set), fmt.Sprint(in.Cost), fmt.Sprint(in.RC3Cost), in.Doc})
	}
	l = append(l, tableRows([]string{"instruction", "set", "classic", "rc3", "effect"}, rows)...)
	add(0, "TRANS costs its base + 3 per instruction copied (rc3: + 1); CREATE (base + 20 per bank) × 2 if mobile, + 40 for set 1 or 80 for set 2 (rc3: 100 + 25 per bank, + 120 if mobile, + 40 for set 1 or 100 for set 2).")
	l = append(l, rc3Help()...)
	add(1, "Operands")
	add(0, "Numbers −32768..32767; @label; #1..#20 and #Active (own); $Banks $Mobile $InstrSet $Fields (own constants); %Active %Banks %Mobile %InstrSet (the robot in front; 0 if the field is empty).")
	return l
}

func signature(in robolang.InstrInfo) string {
	names := []string{"a", "b", "c"}
	var args []string
	for i, m := range in.Args {
		a := names[i]
		if m == robolang.ArgWrite {
			a = "#" + a
		}
		args = append(args, a)
	}
	if len(args) == 0 {
		return in.Name
	}
	return in.Name + " " + strings.Join(args, ", ")
}

// HelpStyle draws the help view.
type HelpStyle struct {
	Theme *material.Theme
	State *HelpState
}

// Help builds the help view's style.
func Help(th *material.Theme, s *HelpState) HelpStyle { return HelpStyle{Theme: th, State: s} }

// Layout draws the help text in a scrolling list.
func (h HelpStyle) Layout(gtx layout.Context) layout.Dimensions {
	s := h.State
	if s.lines == nil {
		s.lines = buildHelp()
	}
	s.list.Axis = layout.Vertical
	return material.List(h.Theme, &s.list).Layout(gtx, len(s.lines), func(gtx layout.Context, i int) layout.Dimensions {
		ln := s.lines[i]
		switch ln.style {
		case 1:
			return layout.Inset{Top: 8, Bottom: 2}.Layout(gtx, material.Subtitle2(h.Theme, ln.text).Layout)
		case helpTableHeader, helpTableRow:
			return h.layoutTableRow(gtx, ln)
		case 2:
			l := material.Caption(h.Theme, ln.text)
			l.Font.Typeface = "Go Mono"
			return l.Layout(gtx)
		}
		return layout.Inset{Bottom: 2}.Layout(gtx, material.Body2(h.Theme, ln.text).Layout)
	})
}
