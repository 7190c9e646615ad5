package corewin

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"gioui.org/font"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/internal/termtext"
	"robocom/ui/kit"
	"robocom/ui/shortcut"
)

// The Core War inspector: clicking a warrior (its name in the players list, or a core cell it
// owns) opens its panel beside the core, as a robot's debugger beside the RoboCom board. Any
// number are open; those that do not fit scroll sideways. The timeline under the core goes
// back in time. The simulation's side (inspect_run.go) publishes the panels' views with each
// snapshot; breakpoints and watches travel the other way as one Breaks value.

// inspectorsView is the panels and the timeline.
type inspectorsView struct {
	*session
	look
	// strip is the inspectors open, docked beside the core (scrolled sideways when they do
	// not fit) or torn off into windows of their own (inspector_tearoff.go).
	strip    kit.Strip[*warriorPanel, *TornWindow]
	clicks   int // CoreState.Clicks already handled
	timeline kit.Timeline
	seekWant int64       // the cycle asked for, -1 none
	seekBusy atomic.Bool // a seek is under way: a dragged slider asks for the latest cycle only
	backWant bool
	notice   string
	hitsSeen int
	noteSeen int
	stepSeen int    // Snapshot.StepSeq already shown
	game     int    // the game the notice and hits belong to
	sent     string // the breakpoints and inspected processes last sent
	running  bool
	// keyAction does what a game key pressed in a torn-off inspector's window asks
	// (Window.shortcutAction).
	keyAction func(shortcut.Action)

	win sync.Mutex // held while any window lays out the views (inspector_tearoff.go)
}

// warriorPanel is one warrior's inspector. It belongs to a warrior, a player's copy, not to
// a process number: a roster change numbers the processes anew (follow).
type warriorPanel struct {
	proc                 int     // the warrior's process in the game shown
	who                  *player // whose warrior it is; nil for a process no player had
	copy                 int     // which of who's copies, from 0
	closeBtn, step, tear widget.Clickable
	lines                map[int]*lineButtons // per address
	breaks, watches      []int
	note                 string // why its last Step stopped early (another warrior's breakpoint)
	list                 widget.List
}

// lineButtons are a listing line's: the line toggles an execute breakpoint, "watch" a write watch.
type lineButtons struct{ line, watch widget.Clickable }

const inspectorWidth = unit.Dp(270) // as wide as a robot's debugger

func (v *inspectorsView) init(s *session, l look) {
	v.session, v.look = s, l
	v.seekWant = -1
}

// open shows process p's panel (keeping it if open) and scrolls the panels to it.
func (v *inspectorsView) open(p int) {
	if p < 0 {
		return
	}
	for _, q := range v.strip.Panels {
		if q.proc == p {
			v.strip.Open(q)
			return
		}
	}
	q := &warriorPanel{proc: p, lines: map[int]*lineButtons{}}
	if p < len(v.snap.Stats) && v.snap.Stats[p].Program < len(v.players) {
		q.who, q.copy = v.players[v.snap.Stats[p].Program], v.snap.Stats[p].Copy
	}
	q.list.Axis = layout.Vertical
	v.strip.Open(q)
}

// follow keeps each panel with its warrior in a new game. A roster change (a player removed
// or added, a copy more or fewer) numbers the processes anew, program by program and copy by
// copy (corewars.Engine): a panel whose warrior is still playing takes its new number, its
// breakpoints and watches with it; one whose warrior is gone (its player removed, or the
// copy with the fewer) closes. It says which closed, "" when none did.
func (v *inspectorsView) follow() string {
	var gone []string
	for _, q := range slices.Clone(v.strip.Panels) {
		if q.who == nil {
			continue
		}
		i := slices.Index(v.players, q.who)
		if i >= 0 && q.copy < q.who.copies {
			q.proc = q.copy
			for _, p := range v.players[:i] {
				q.proc += p.copies
			}
			continue
		}
		name := strings.TrimSpace(termtext.Clip(q.who.prog.Name, kit.TitleName))
		if q.copy > 0 {
			name = fmt.Sprintf("%s #%d", name, q.copy+1)
		}
		gone = append(gone, name)
		v.closePanel(q)
	}
	return kit.ClosedNote("inspector", gone, "it is not in the game any more.", "they are not in the game any more.")
}

// panelName and panelColor are q's warrior's name and colour: its process's in the game
// shown or, when there is no game (parameters or a program it cannot start with), its
// player's. The panel said "nobody" in grey then, beside a Players tab listing the warrior.
func (v *inspectorsView) panelName(q *warriorPanel) string {
	if _, ok := v.playerWithoutGame(q); !ok {
		return v.processName(q.proc)
	}
	name := termtext.Clip(q.who.prog.Name, kit.TitleName)
	if q.who.copies > 1 {
		return fmt.Sprintf("%s #%d", strings.TrimSpace(name), q.copy+1)
	}
	return name
}

func (v *inspectorsView) panelColor(q *warriorPanel) color.NRGBA {
	if i, ok := v.playerWithoutGame(q); ok {
		return kit.PaletteColor(i)
	}
	return v.colorOf(q.proc)
}

// playerWithoutGame is the index among the players of q's warrior when the game shown has
// no process for it; ok is false when it has one, or the warrior is no player now.
func (v *inspectorsView) playerWithoutGame(q *warriorPanel) (i int, ok bool) {
	if q.proc < len(v.snap.Stats) || q.who == nil {
		return 0, false
	}
	i = slices.Index(v.players, q.who)
	return i, i >= 0
}

// Inspectors lists the processes whose panels are open, in order.
func (w *Window) Inspectors() []int {
	var ps []int
	for _, q := range w.insp.strip.Panels {
		ps = append(ps, q.proc)
	}
	return ps
}

// InspectProcess opens process p's panel, as clicking the warrior does.
func (w *Window) InspectProcess(p int) { w.insp.open(p) }

// firstProcessOf is the first copy of program i, -1 if it has none in this game.
func (s *session) firstProcessOf(i int) int {
	for p, st := range s.snap.Stats {
		if st.Program == i && st.Copy == 0 {
			return p
		}
	}
	return -1
}

// dropOutside drops the breakpoints and watches outside the core of the game shown (its size
// changed with the parameters) and says which it dropped, "" when none. The engine would take
// them modulo the new size, and a watch on 1177 would stop at writes to 77 while the panel
// said 1177; the simulation skips them too (inspectState.breakpoints), so that the two agree
// in between.
func (v *inspectorsView) dropOutside() string {
	size := v.snap.Size
	if size <= 0 {
		return "" // no game: nothing to measure against
	}
	outside := func(as []int) (in, out []int) {
		for _, a := range as {
			if a < size {
				in = append(in, a)
			} else {
				out = append(out, a)
			}
		}
		return in, out
	}
	list := func(as []int) string {
		var s []string
		for _, a := range as {
			s = append(s, fmt.Sprint(a))
		}
		return termtext.List(s)
	}
	var dropped []string
	for _, q := range v.strip.Panels {
		var breaks, watches []int
		q.breaks, breaks = outside(q.breaks)
		q.watches, watches = outside(q.watches)
		var what []string
		if len(breaks) > 0 {
			what = append(what, plural(len(breaks), "breakpoint", "breakpoints")+" at "+list(breaks))
		}
		if len(watches) > 0 {
			what = append(what, plural(len(watches), "watch", "watches")+" at "+list(watches))
		}
		if len(what) > 0 {
			dropped = append(dropped, strings.TrimSpace(v.processName(q.proc))+"'s "+strings.Join(what, " and "))
		}
	}
	if len(dropped) == 0 {
		return ""
	}
	return fmt.Sprintf("The core has %d cells now: dropped %s.", size, termtext.List(dropped))
}

// update acts on the panels' buttons, the timeline, clicks on owned cells and the news from
// the simulation, then sends what changed.
func (v *inspectorsView) update(gtx layout.Context) {
	if v.snap.Game != v.game {
		v.game, v.hitsSeen, v.noteSeen, v.stepSeen, v.notice = v.snap.Game, 0, v.snap.NoteSeq, v.snap.StepSeq, ""
		v.clearPanelNotes()
		v.notice = strings.TrimSpace(v.follow() + " " + v.dropOutside())
	}
	if v.snap.Running && !v.running {
		v.notice = "" // what stopped the game last time is old news
		v.clearPanelNotes()
	}
	v.running = v.snap.Running
	if v.snap.Hits != v.hitsSeen {
		v.hitsSeen = v.snap.Hits
		if v.snap.Hits > 0 {
			v.notice, v.wantRun = v.snap.Hit, false
		}
	}
	if v.snap.NoteSeq != v.noteSeen {
		v.noteSeen, v.notice = v.snap.NoteSeq, v.snap.Note
	}
	if v.snap.StepSeq != v.stepSeen {
		v.stepSeen = v.snap.StepSeq
		for _, q := range v.strip.Panels {
			if q.proc == v.snap.StepProc {
				q.note = v.snap.StepNote
			}
		}
	}
	if v.core.Clicks != v.clicks {
		v.clicks = v.core.Clicks
		if a := v.core.Selected; a >= 0 && a < len(v.snap.Owner) && v.snap.Owner[a] >= 0 {
			v.open(int(v.snap.Owner[a]))
		}
	}
	for _, q := range v.strip.Docked() {
		switch v.updatePanel(gtx, q) {
		case panelClosed:
			v.closePanel(q)
		case panelTear:
			v.tear(q)
		}
	}
	if back, want := v.timeline.Update(gtx, v.snap.Cycle, v.snap.Furthest); back {
		v.backWant = true
	} else if want >= 0 {
		v.seekWant = want
	}
	v.seek()
	v.send()
}

// What a panel's update asks of the views.
const (
	panelStays = iota
	panelClosed
	panelTear // torn off, or docked back
)

// updatePanel acts on panel q's buttons and lines (in whichever window it is).
func (v *inspectorsView) updatePanel(gtx layout.Context, q *warriorPanel) int {
	if q.closeBtn.Clicked(gtx) {
		return panelClosed
	}
	if q.step.Clicked(gtx) {
		v.clearPanelNotes()
		v.stepWarrior(q.proc)
	}
	for a, b := range q.lines {
		if b.line.Clicked(gtx) {
			q.breaks = toggle(q.breaks, a)
		}
		if b.watch.Clicked(gtx) {
			q.watches = toggle(q.watches, a)
		}
	}
	if q.tear.Clicked(gtx) {
		return panelTear
	}
	return panelStays
}

// stepWarrior runs the game until process p has executed its next instruction.
func (v *inspectorsView) stepWarrior(p int) {
	if v.snap.Over {
		v.notice = "The round is over: Restart or Start plays the next one."
		return
	}
	v.wantRun, v.notice = false, ""
	v.run.stepProcess(p)
}

// seek carries out what the timeline asked for.
func (v *inspectorsView) seek() {
	if v.backWant {
		v.backWant, v.seekWant = false, -1
		v.wantRun, v.notice = false, ""
		v.run.back()
		return
	}
	if v.seekWant >= 0 && !v.seekBusy.Load() {
		c := v.seekWant
		v.seekWant = -1
		if c != v.snap.Cycle || v.snap.MidSlice || v.snap.LatestAhead {
			v.wantRun, v.notice = false, ""
			v.seekBusy.Store(true)
			v.run.seek(c, func() { v.seekBusy.Store(false) })
		}
	}
}

// Back is "← 1 cycle" (the ← key).
func (v *inspectorsView) Back() { v.backWant = true }

// send gives the simulation the panels' processes, breakpoints and watches when they changed.
func (v *inspectorsView) send() {
	var b Breaks
	var procs []int
	for _, q := range v.strip.Panels {
		procs = append(procs, q.proc)
		if len(q.breaks) > 0 {
			if b.Exec == nil {
				b.Exec = map[int][]int{}
			}
			b.Exec[q.proc] = append(b.Exec[q.proc], q.breaks...)
		}
		for _, a := range q.watches {
			if !slices.Contains(b.Watch, a) {
				b.Watch = append(b.Watch, a)
			}
		}
	}
	sig := fmt.Sprint(v.snap.Game, procs, b.Exec, b.Watch)
	if sig == v.sent {
		return
	}
	v.sent = sig
	v.run.setBreaks(b)
	v.run.setInspected(procs)
}

func (v *inspectorsView) clearPanelNotes() {
	for _, q := range v.strip.Panels {
		q.note = ""
	}
}

func toggle(s []int, a int) []int {
	if i := slices.Index(s, a); i >= 0 {
		return slices.Delete(s, i, i+1)
	}
	return append(s, a)
}

// layout draws the core with the panels beside it and the timeline under both.
func (v *inspectorsView) layout(gtx layout.Context, core layout.Widget) layout.Dimensions {
	defer v.afterFrame()
	v.strip.Fit(gtx, gtx.Constraints.Max.X, inspectorWidth)
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{}.Layout(gtx,
				layout.Flexed(1, core),
				layout.Rigid(v.layoutPanels),
			)
		}),
		layout.Rigid(v.layoutTimeline),
	)
}

func (v *inspectorsView) layoutTimeline(gtx layout.Context) layout.Dimensions {
	if v.snap.Size == 0 {
		return layout.Dimensions{}
	}
	return layout.Inset{Top: 4, Bottom: 4, Left: 6, Right: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(v.kit().TimelineRow(&v.timeline, v.snap.Cycle, v.snap.Furthest, kit.TimelineLook{CanBack: v.snap.Cycle > 0 || v.snap.MidSlice, LatestAhead: v.snap.LatestAhead})),
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				msg := v.notice
				if msg == "" && len(v.strip.Panels) == 0 {
					msg = "Click a warrior (its name in Players, or a cell it owns) to inspect it; several can be open at once."
				}
				return v.kit().NoticeLine(msg)(gtx)
			}),
		)
	})
}

var (
	cardBg   = rgb(0xFF, 0xFF, 0xFF)
	nextBg   = rgb(0xFF, 0xE0, 0x8A) // the instruction about to execute
	threadBg = rgb(0xF0, 0xE8, 0xD0) // another thread's instruction
	breakCol = rgb(0xC0, 0x20, 0x20)
)

// layoutPanels lays the panels side by side: as many as fit beside the core (which keeps
// 300 dp), the others a sideways scroll away.
func (v *inspectorsView) layoutPanels(gtx layout.Context) layout.Dimensions {
	return v.strip.Layout(gtx, v.th, inspectorWidth, v.layoutPanel)
}

// viewOf is the published view of process p.
func (v *inspectorsView) viewOf(p int) (WarriorView, bool) {
	for _, wv := range v.snap.Views {
		if wv.Process == p {
			return wv, true
		}
	}
	return WarriorView{}, false
}

func (v *inspectorsView) layoutPanel(gtx layout.Context, q *warriorPanel) layout.Dimensions {
	col := v.panelColor(q)
	rect := clip.UniformRRect(image.Rectangle{Max: gtx.Constraints.Max}, gtx.Dp(5))
	paint.FillShape(gtx.Ops, cardBg, rect.Op(gtx.Ops))
	paint.FillShape(gtx.Ops, col, clip.Rect{Max: image.Pt(gtx.Constraints.Max.X, gtx.Dp(5))}.Op())
	rows := []layout.Widget{v.header(q)}
	if q.note != "" {
		rows = append(rows, func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(v.th, q.note)
			l.Color = kit.NoticeText
			return layout.Inset{Top: 4}.Layout(gtx, l.Layout)
		})
	}
	wv, ok := v.viewOf(q.proc)
	switch {
	case !ok && v.gameErr != "":
		rows = append(rows, v.muted("The game cannot start: "+v.gameErr))
	case !ok && q.proc < len(v.snap.Stats):
		// In the game, its view not published yet (a panel opened a publish ago): saying
		// it was not in the game, as for a moment it did, was wrong.
		rows = append(rows, v.muted(fmt.Sprintf("Process %d · reading the game…", q.proc)))
	case !ok:
		rows = append(rows, v.muted(fmt.Sprintf("Process %d is not in this game.", q.proc)))
	case !wv.Alive:
		rows = append(rows, v.muted(fmt.Sprintf("Process %d · dead: it runs no more instructions.", q.proc)))
	default:
		rows = append(rows, v.queueRows(wv)...)
		for i, lines := range wv.Listings {
			rows = append(rows, v.listing(q, wv, i, lines)...)
		}
	}
	rows = append(rows, v.breakRows(q)...)
	return layout.UniformInset(unit.Dp(8)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		gtx.Constraints.Min = image.Point{}
		return material.List(v.th, &q.list).Layout(gtx, len(rows), func(gtx layout.Context, i int) layout.Dimensions {
			return rows[i](gtx)
		})
	})
}

func (v *inspectorsView) muted(s string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		l := material.Body2(v.th, s)
		l.Color = mutedCol
		return l.Layout(gtx)
	}
}

func (v *inspectorsView) heading(s string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 8, Bottom: 2}.Layout(gtx, material.Subtitle2(v.th, s).Layout)
	}
}

// header is the panel's first row: colour, name, Step and ×.
func (v *inspectorsView) header(q *warriorPanel) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
				layout.Rigid(swatch(v.panelColor(q), 14)),
				layout.Rigid(layout.Spacer{Width: 6}.Layout),
				layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
					l := material.Subtitle1(v.th, v.panelName(q))
					l.MaxLines = 1
					l.Font.Weight = font.Bold
					return l.Layout(gtx)
				}),
				layout.Rigid(func(gtx layout.Context) layout.Dimensions {
					if l := v.tearLabel(q); l != "" {
						return layout.Inset{Right: 3}.Layout(gtx, v.kit().SmallButton(&q.tear, l))
					}
					return layout.Dimensions{}
				}),
				layout.Rigid(v.kit().SmallButton(&q.step, "Step")),
				layout.Rigid(layout.Spacer{Width: 3}.Layout),
				layout.Rigid(v.kit().SmallButton(&q.closeBtn, "×")),
			)
		})
	}
}

// queueRows say whose turn it is and list the process queue, the next to run first.
func (v *inspectorsView) queueRows(wv WarriorView) []layout.Widget {
	turn := "waits for its turn"
	switch {
	case v.snap.Over: // nobody's turn comes again in this round
		turn = "the round is over"
	case wv.Next:
		turn = "runs next"
	}
	var b strings.Builder
	for i, a := range wv.Threads {
		if i == 0 {
			fmt.Fprintf(&b, "[%d]", a) // Go Mono has no arrow to mark it with
		} else {
			fmt.Fprintf(&b, " %d", a)
		}
	}
	if wv.Total > len(wv.Threads) {
		fmt.Fprintf(&b, " … (%d more)", wv.Total-len(wv.Threads))
	}
	return []layout.Widget{
		v.muted(fmt.Sprintf("Process %d · %d %s; %s.", wv.Process, wv.Total, plural(wv.Total, "thread", "threads"), turn)),
		v.heading("Process queue ([first] runs next)"),
		func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(v.th, b.String())
			l.Font.Typeface = "Go Mono"
			return l.Layout(gtx)
		},
	}
}

// listing is the code around thread i: a click on a line toggles an execute breakpoint there,
// "watch" a write watch on that cell.
func (v *inspectorsView) listing(q *warriorPanel, wv WarriorView, i int, lines []Line) []layout.Widget {
	at := wv.Threads[i]
	title := fmt.Sprintf("Thread %d at %d", i+1, at)
	if i == 0 {
		title += " (executes next)"
	}
	rows := []layout.Widget{v.heading(title)}
	for _, ln := range lines {
		bg := cardBg
		switch {
		case ln.Addr == at && i == 0:
			bg = nextBg
		case ln.Addr == at:
			bg = threadBg
		}
		b := q.lines[ln.Addr]
		if b == nil {
			b = &lineButtons{}
			q.lines[ln.Addr] = b
		}
		rows = append(rows, v.line(q, ln, b, bg))
	}
	return rows
}

func (v *inspectorsView) line(q *warriorPanel, ln Line, b *lineButtons, bg color.NRGBA) layout.Widget {
	mark := "  "
	if slices.Contains(q.breaks, ln.Addr) {
		mark = "● "
	}
	watch := "watch"
	if slices.Contains(q.watches, ln.Addr) {
		watch = "watching"
	}
	return func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
			layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
				return kit.Clickable(gtx, &b.line, func(gtx layout.Context) layout.Dimensions {
					return rowFill(gtx, bg, func(gtx layout.Context) layout.Dimensions {
						l := material.Body2(v.th, fmt.Sprintf("%s%5d  %s", mark, ln.Addr, ln.Text))
						l.Font.Typeface, l.MaxLines = "Go Mono", 1
						if mark != "  " {
							l.Color = breakCol
						}
						return l.Layout(gtx)
					})
				})
			}),
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				return kit.Clickable(gtx, &b.watch, func(gtx layout.Context) layout.Dimensions {
					l := material.Caption(v.th, watch)
					l.Color = mutedCol
					if watch == "watching" {
						l.Color = breakCol
					}
					return layout.Inset{Left: 4, Right: 2}.Layout(gtx, l.Layout)
				})
			}),
		)
	}
}

// rowFill draws w over bg as wide as the row.
func rowFill(gtx layout.Context, bg color.NRGBA, w layout.Widget) layout.Dimensions {
	m := op.Record(gtx.Ops)
	gtx.Constraints.Min.X = gtx.Constraints.Max.X
	dims := w(gtx)
	call := m.Stop()
	paint.FillShape(gtx.Ops, bg, clip.Rect{Max: dims.Size}.Op())
	call.Add(gtx.Ops)
	return dims
}

// breakRows list the panel's breakpoints and watches and how to set them.
func (v *inspectorsView) breakRows(q *warriorPanel) []layout.Widget {
	list := func(s []int) string {
		if len(s) == 0 {
			return "none"
		}
		var parts []string
		for _, a := range s {
			parts = append(parts, fmt.Sprint(a))
		}
		return strings.Join(parts, ", ")
	}
	return []layout.Widget{
		v.heading("Breakpoints"),
		v.muted("Pause before it executes at: " + list(q.breaks)),
		v.muted("Pause after a write to: " + list(q.watches)),
		v.muted("Click a line to toggle a breakpoint, \"watch\" to watch writes to that cell. Step runs until this warrior has executed one instruction, or another's breakpoint or watch is hit before."),
	}
}
