package robowin

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gioui.org/font"
	"gioui.org/io/key"
	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/arena"
	"robocom/internal/termtext"
	"robocom/robolang"
	"robocom/ui/kit"
)

// robotDebugger is one robot's panel: what the robot is, its variables (editable), its
// banks and the code it runs, with breakpoints. It reads the session (players, colours) and
// asks the window for everything else through the panelRequest its update returns.
type robotDebugger struct {
	*session
	look
	id        int
	owner     int             // the Player.key of the robot's program, once seen; 0 before
	ownerName string          // that program's name as the panel showed it (ownerTitle)
	first     bool            // the robot is its program's first robot (numbered by the program's place)
	game      int             // the Runner's game number last shown
	last      arena.RobotView // the last view while alive, shown after death too
	lastCycle int             // the cycle of last
	consts    robotConsts     // its constants, with last
	seen      bool
	closeBtn  widget.Clickable
	followBtn widget.Clickable
	stepBtn   widget.Clickable
	editBtn   widget.Clickable
	rbiBtn    widget.Clickable
	breakDie  widget.Bool
	breakTeam widget.Bool
	vars      [robolang.NumVars + 1]widget.Editor // [0] is #Active
	shown     [robolang.NumVars + 1]string        // what the fields were last set to
	lines     []widget.Clickable                  // code lines: a click toggles a breakpoint
	banks     []widget.Clickable                  // bank rows: a click lists that bank
	showBank  int                                 // the bank listed; 0 for the current one
	listBank  int                                 // the bank whose lines were listed last
	bps       map[[2]int]bool                     // bank, instruction
	prog      *robolang.Program                   // the program's code the breakpoints were set on (newCode)
	list      widget.List
	codeWheel codeWheel // the wheel over the panel scrolls by lines
	followAt  [3]int    // game, bank and instruction the listing last followed
	curShown  bool      // the current line was whole in view in the last frame
	lineH     int       // a code line's height as last drawn
	tips      struct{ follow, step, edit, rbi tipArea }
	tasks     taskPanel        // tasks.go
	tearBtn   widget.Clickable // tears the panel off into its own window, or docks it (tearoff.go)
	tearLabel string           // the tear button's label; "" hides it
}

func newRobotDebugger(s *session, k look, id int) *robotDebugger {
	p := &robotDebugger{session: s, look: k, id: id, bps: map[[2]int]bool{}}
	p.list.Axis = layout.Vertical
	for i := range p.vars {
		p.vars[i].SingleLine, p.vars[i].Submit = true, true
		p.vars[i].Filter = "-0123456789"
	}
	return p
}

// panelRequest is what the clicks and edits in a panel ask of the window.
type panelRequest struct {
	close, follow, step, edit, rbi bool
	tear                           bool      // tear off, or dock back
	changed                        bool      // breakpoints on deaths changed: fetch again
	edits                          []varEdit // variables to set in the engine
	notice                         string    // a sentence for the user (a refused value)
}

// varEdit sets variable v (0 for #Active) of the panel's robot.
type varEdit struct {
	v     int
	value int16
}

// editing reports whether one of the panel's fields has the keyboard.
func (p *robotDebugger) editing(gtx layout.Context) bool {
	for i := range p.vars {
		if gtx.Focused(&p.vars[i]) {
			return true
		}
	}
	return false
}

// update handles the panel's buttons, bank and code lines, and variable fields.
func (p *robotDebugger) update(gtx layout.Context) panelRequest {
	var req panelRequest
	req.close = p.closeBtn.Clicked(gtx)
	if req.close {
		return req
	}
	req.tear = p.tearBtn.Clicked(gtx)
	req.follow = p.followBtn.Clicked(gtx)
	req.step = p.stepBtn.Clicked(gtx)
	req.edit = p.editBtn.Clicked(gtx)
	req.rbi = p.rbiBtn.Clicked(gtx)
	dieChanged := p.breakDie.Update(gtx)
	teamChanged := p.breakTeam.Update(gtx)
	req.changed = dieChanged || teamChanged
	for b := range p.banks {
		if p.banks[b].Clicked(gtx) {
			p.toggleBank(b + 1)
		}
	}
	for ln := range p.lines {
		if p.lines[ln].Clicked(gtx) {
			p.toggleBreakpoint(p.listBank, ln+1)
		}
	}
	p.updateVars(gtx, &req)
	p.tasks.update(gtx)
	p.codeWheel.update(gtx, &p.list)
	return req
}

// toggleBank lists bank b, or the current bank again when b is listed already.
func (p *robotDebugger) toggleBank(b int) {
	if p.showBank == b || b == p.last.Bank {
		p.showBank = 0
	} else {
		p.showBank = b
	}
}

func (p *robotDebugger) toggleBreakpoint(bank, instr int) {
	k := [2]int{bank, instr}
	if p.bps[k] {
		delete(p.bps, k)
		delete(p.tasks.limits, k)
	} else {
		p.bps[k] = true
		p.tasks.limit(k)
	}
}

// updateVars collects edited variables. A field takes the robot's value whenever it does
// not have the keyboard; Enter (or leaving the field) applies what was typed and gives the
// keys back to the game (Space, ← act at once); Escape puts the robot's value back.
func (p *robotDebugger) updateVars(gtx layout.Context, req *panelRequest) {
	for i := range p.vars {
		ed := &p.vars[i]
		submit := false
		for {
			ev, ok := ed.Update(gtx)
			if !ok {
				break
			}
			if _, ok := ev.(widget.SubmitEvent); ok {
				submit = true
				gtx.Execute(key.FocusCmd{Tag: nil})
			}
		}
		focused := gtx.Focused(ed) && !submit
		if !submit && (focused || ed.Text() == p.shown[i]) {
			continue
		}
		txt := strings.TrimSpace(ed.Text())
		if txt == p.shown[i] {
			continue
		}
		v, err := strconv.ParseInt(txt, 10, 16)
		if err != nil {
			req.notice = fmt.Sprintf("%s must be a whole number from -32768 to 32767.", varName(i))
			ed.SetText(p.shown[i])
			continue
		}
		req.edits = append(req.edits, varEdit{i, int16(v)})
		p.shown[i] = strconv.Itoa(int(v))
		ed.SetText(p.shown[i])
	}
}

func varName(i int) string {
	if i == 0 {
		return "#Active"
	}
	return "#" + strconv.Itoa(i)
}

// newCode takes prog as the panel's program's code from the new game on. When it is other
// code than before (Restart read a changed file, the editor put its program in), the
// breakpoints at a bank or instruction the new code does not have are dropped: they would
// stop nowhere and sit on no line the panel lists, so nobody could see or clear them. The
// others stay at their bank and instruction, as a source debugger keeps its line
// breakpoints. newCode returns the sentence that says what it dropped, "" when nothing.
func (p *robotDebugger) newCode(prog *robolang.Program) string {
	old := p.prog
	p.prog = prog
	if old == nil || prog == nil || old == prog {
		return ""
	}
	var gone []string
	for _, k := range p.sortedBreakpoints() {
		if b := k[0] - 1; b < len(prog.Banks) && k[1] <= len(prog.Banks[b].Code) {
			continue
		}
		delete(p.bps, k)
		delete(p.tasks.limits, k)
		gone = append(gone, fmt.Sprintf("bank %d, instruction %d", k[0], k[1]))
	}
	if len(gone) == 0 {
		return ""
	}
	what := "breakpoint"
	if len(gone) > 1 {
		what += "s"
	}
	return fmt.Sprintf("%s has new code: dropped its %s at %s, which the new code does not have.", p.ownerTitle(), what, termtext.List(gone))
}

// addBreakpoints adds the panel's breakpoints to bp, in a stable order.
func (p *robotDebugger) addBreakpoints(bp *Breakpoints) {
	team := slices.Index(p.players.keys(), p.owner) // -1 (any) before the robot is seen
	for _, k := range p.sortedBreakpoints() {
		bp.Instr = append(bp.Instr, InstrBreak{Robot: p.id, Team: team, Bank: k[0], Instr: k[1], Task: p.tasks.limits[k]})
	}
	if p.breakDie.Value {
		bp.Dies = append(bp.Dies, DeathBreak{Robot: p.id, Team: team})
	}
	if p.breakTeam.Value && p.seen && p.last.Team >= 0 && p.last.Team < MaxPlayers {
		bp.Teams[p.last.Team] = true
	}
}

// sortedBreakpoints are the panel's breakpoints (bank, instruction) by bank, then instruction.
func (p *robotDebugger) sortedBreakpoints() [][2]int {
	keys := make([][2]int, 0, len(p.bps))
	for k := range p.bps {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i][0] < keys[j][0] || keys[i][0] == keys[j][0] && keys[i][1] < keys[j][1]
	})
	return keys
}

// cancelEdit puts the robot's value back into the field that has the keyboard (Escape),
// before the keyboard leaves it: leaving a field otherwise applies what was typed.
func (p *robotDebugger) cancelEdit(gtx layout.Context) {
	for i := range p.vars {
		if gtx.Focused(&p.vars[i]) {
			p.vars[i].SetText(p.shown[i])
		}
	}
}

// catchUp takes the robot's view from the last fetch: in a new game the same id is another
// robot (or none yet); a dead robot keeps showing its last living view.
func (p *robotDebugger) catchUp(pub debugPub) {
	if p.game != pub.game {
		p.game, p.last, p.seen = pub.game, arena.RobotView{}, false
	}
	if v, ok := pub.views[p.id]; ok && v.Alive {
		p.last, p.lastCycle, p.seen = v, pub.cycle, true
		p.consts = pub.consts[p.id]
	}
}

var (
	dbgCardBg   = color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
	dbgMuted    = color.NRGBA{0x5A, 0x5A, 0x5A, 0xFF}
	dbgCurrent  = color.NRGBA{0xFF, 0xE8, 0x8C, 0xFF}
	dbgBreakDot = color.NRGBA{0xC8, 0x10, 0x2E, 0xFF}
	dbgDeath    = kit.ErrorText
)

// layout draws the panel as a card filling the constraints, its rows in a scrolling list.
func (p *robotDebugger) layout(gtx layout.Context, pub debugPub, following bool) layout.Dimensions {
	v := p.last
	cur, exists := pub.views[p.id]
	dead := exists && !cur.Alive
	team := v.Team
	if !p.seen {
		team = cur.Team
		if !exists {
			team = -1 // no robot yet: no team (a zero view would name the first player)
		}
	}
	col := p.players.teamColor(team)
	rect := clip.UniformRRect(image.Rectangle{Max: gtx.Constraints.Max}, gtx.Dp(5))
	paint.FillShape(gtx.Ops, dbgCardBg, rect.Op(gtx.Ops))
	// The team's colour as a band along the top, so a panel is matched to its robot at a glance.
	paint.FillShape(gtx.Ops, col, clip.Rect{Max: image.Pt(gtx.Constraints.Max.X, gtx.Dp(5))}.Op())

	rows := []layout.Widget{p.header(col, team, following)}
	switch {
	case !exists && !p.seen:
		rows = append(rows, p.muted(fmt.Sprintf("Robot %d does not exist in this game (yet).", p.id)))
	case !exists:
		// Seen later in this game, so the timeline went back to before it was built: its
		// last view would show it alive. Only what is about its team (its program, a
		// breakpoint on its death) stays.
		rows = append(rows, p.muted(fmt.Sprintf("Robot %d does not exist yet at cycle %d: it is built later in this game.", p.id, pub.cycle)),
			p.buttonRow(false, p.sealed(team)))
		rows = append(rows, p.breakRows(team)...)
	case dead:
		rows = append(rows, p.deathRow(cur))
	}
	curRow := -1
	if p.seen && exists {
		rows = append(rows, p.infoRows(v, team, dead, pub.size)...)
		rows = append(rows, p.taskRows(v)...)
		rows = append(rows, p.bankRows(v)...)
		code, cur := p.codeRows(v, dead)
		if cur >= 0 {
			curRow = len(rows) + cur
		}
		rows = append(rows, code...)
	}
	p.followCode(curRow, pub.game, v)
	return layout.UniformInset(unit.Dp(8)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		gtx.Constraints.Min = image.Point{}
		return layout.Inset{Top: 2}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			dims := material.List(p.th, &p.list).Layout(gtx, len(rows), func(gtx layout.Context, i int) layout.Dimensions {
				return rows[i](gtx)
			})
			p.curShown = curRow >= 0 && rowWhole(p.list.Position, curRow)
			p.codeWheel.layout(gtx, dims.Size, p.lineH)
			return dims
		})
	})
}

// followCode scrolls the listing to the current instruction when the robot moved on to
// another one: always while the game is paused (the user stepped, went back or jumped and
// looks for where the robot now stands), and while it runs only if the line was in view,
// so that reading the variables during a run is not yanked back to the code at each step.
// A panel opens at its top, the robot's identity and buttons.
func (p *robotDebugger) followCode(curRow, game int, v arena.RobotView) {
	if curRow < 0 {
		return
	}
	at := [3]int{game, v.Bank, v.Instr}
	if at == p.followAt {
		return
	}
	first := p.followAt == [3]int{}
	p.followAt = at
	if first || p.snap.Running && !p.curShown { // a new panel opens at its top
		return
	}
	if !rowWhole(p.list.Position, curRow) {
		// Two rows of context above the line (the instruction before it, or the heading).
		p.list.Position.First, p.list.Position.Offset = max(0, curRow-2), 0
		p.list.Position.BeforeEnd = true
	}
}

// rowWhole tells whether row i stood wholly in the list's view when it was last laid out.
func rowWhole(pos layout.Position, i int) bool {
	last := pos.First + pos.Count - 1
	switch {
	case pos.Count == 0 || i < pos.First || i > last:
		return false
	case i == pos.First && pos.Offset > 0:
		return false
	case i == last && pos.OffsetLast < 0:
		return false
	}
	return true
}

func (p *robotDebugger) muted(s string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		l := material.Body2(p.th, s)
		l.Color = dbgMuted
		return l.Layout(gtx)
	}
}

func (p *robotDebugger) heading(s string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 8, Bottom: 2}.Layout(gtx, material.Subtitle2(p.th, s).Layout)
	}
}

// title is "Robot 7 · Hive", or "Robot 7" while no robot of that id is known (team < 0).
func (p *robotDebugger) title(team int) string {
	if team < 0 {
		return fmt.Sprintf("Robot %d", p.id)
	}
	return fmt.Sprintf("Robot %d · %s", p.id, p.players.teamName(team))
}

// ownerTitle is the title the panel had while its robot was its program's ("Robot 1 · Hydra"),
// for the notice that it closed.
func (p *robotDebugger) ownerTitle() string { return fmt.Sprintf("Robot %d · %s", p.id, p.ownerName) }

// header is the panel's first row: colour, robot and team, Follow and ×.
func (p *robotDebugger) header(col color.NRGBA, team int, following bool) layout.Widget {
	followLabel := "Follow"
	if following {
		followLabel = "Following"
	}
	return func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
			layout.Rigid(swatch(col, 14)),
			layout.Rigid(layout.Spacer{Width: 6}.Layout),
			layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
				// The identity wraps rather than being cut: beside three buttons a panel has
				// room for about ten characters ("Robot 253…" lost the team).
				l := material.Subtitle1(p.th, p.title(team))
				l.Font.Weight = font.Bold
				return l.Layout(gtx)
			}),
			layout.Rigid(p.tearButton()),
			layout.Rigid(p.tipped(&p.tips.follow, "Keep this robot selected, and in the middle when zoomed in", p.smallButton(&p.followBtn, followLabel))),
			layout.Rigid(layout.Spacer{Width: 3}.Layout),
			layout.Rigid(p.smallButton(&p.closeBtn, "×")),
		)
	}
}

// deathRow says when and why the robot died and, when the panel saw it alive, in which cycle
// the rows below it were: the views are fetched once a frame, so a running game's robot died
// up to a frame's cycles after its last view (which said "executed DIE" over another line).
func (p *robotDebugger) deathRow(cur arena.RobotView) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		l := material.Body1(p.th, fmt.Sprintf("Died in cycle %d: %s.", cur.DeathCycle, deathText(cur.DeathReason)))
		l.Color = dbgDeath
		l.Font.Weight = font.Bold
		return layout.Inset{Top: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			if !p.seen {
				return l.Layout(gtx)
			}
			return layout.Flex{Axis: layout.Vertical}.Layout(gtx, layout.Rigid(l.Layout),
				layout.Rigid(p.muted(fmt.Sprintf("Below, the robot as last seen alive, in cycle %d.", p.lastCycle))))
		})
	}
}

// infoRows describe the robot, offer its buttons and breakpoints on deaths, and show its
// variables and constants.
func (p *robotDebugger) infoRows(v arena.RobotView, team int, dead bool, size int) []layout.Widget {
	parent := "a first robot"
	if v.Parent != 0 {
		parent = fmt.Sprintf("built by robot %d", v.Parent)
	}
	mob := "immobile"
	if v.Mobile {
		mob = "mobile"
	}
	state := "active"
	if v.Active < 1 {
		state = "INACTIVE"
	}
	rows := []layout.Widget{
		p.muted(fmt.Sprintf("Generation %d, %s", v.Generation, parent)),
		p.muted(fmt.Sprintf("At (%d, %d) facing %s · %s", v.X, v.Y, v.Dir, state)),
		p.muted(fmt.Sprintf("Set %d (%s) · %s", v.Set, setName(v.Set), mob)),
		p.buttonRow(!dead, p.sealed(team)),
	}
	rows = append(rows, p.breakRows(team)...)
	return append(rows,
		p.heading("Variables (Enter applies)"),
		p.varGrid(v),
		p.heading("Constants"),
		p.constRows(p.language().RC3),
	)
}

// sealed reports whether team's program came from an RBI file (its code cannot be edited).
func (p *robotDebugger) sealed(team int) bool {
	return team >= 0 && team < len(p.players) && p.players[team].Prog != nil && p.players[team].Prog.Hidden
}

// breakRows offer the breakpoints on deaths: this robot's, and any of its team's.
func (p *robotDebugger) breakRows(team int) []layout.Widget {
	return []layout.Widget{
		p.checkBox(&p.breakDie, "Pause when this robot dies"),
		p.checkBox(&p.breakTeam, "Pause when any robot of "+p.players.teamName(team)+" dies"),
	}
}

// constRows lists the robot's own constants, two to a line, in robolang's order: the classic
// four, and the RC3 ones when the option set's language is RC3.
func (p *robotDebugger) constRows(rc3 bool) layout.Widget {
	var lines []string
	var pair []string
	for c := robolang.Const(1); int(c) < len(robolang.ConstNames); c++ {
		if c.IsRC3() && !rc3 {
			continue
		}
		pair = append(pair, fmt.Sprintf("%s %d", robolang.ConstNames[c], p.consts[c]))
		if len(pair) == 2 {
			lines = append(lines, strings.Join(pair, " · "))
			pair = pair[:0]
		}
	}
	if len(pair) > 0 {
		lines = append(lines, strings.Join(pair, " · "))
	}
	return func(gtx layout.Context) layout.Dimensions {
		var ch []layout.FlexChild
		for _, l := range lines {
			ch = append(ch, layout.Rigid(p.muted(l)))
		}
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
	}
}

// buttonRow holds Step instruction (when the robot can step: it is alive at this cycle),
// Edit program and RBI… (unless sealed).
func (p *robotDebugger) buttonRow(canStep, sealed bool) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			var ch []layout.FlexChild
			if canStep {
				ch = append(ch, layout.Rigid(p.tipped(&p.tips.step, "Run until this robot has done its next instruction", p.smallButton(&p.stepBtn, "Step instruction"))), layout.Rigid(layout.Spacer{Width: 4}.Layout))
			}
			if !sealed {
				ch = append(ch, layout.Rigid(p.tipped(&p.tips.edit, "Open this team's program in the editor", p.smallButton(&p.editBtn, "Edit program"))), layout.Rigid(layout.Spacer{Width: 4}.Layout),
					layout.Rigid(p.tipped(&p.tips.rbi, "Save this team's program as an RBI file (code sealed)", p.smallButton(&p.rbiBtn, "RBI…"))))
			}
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx, ch...)
		})
	}
}

// bankRows list the robot's banks; a click lists a bank's code.
func (p *robotDebugger) bankRows(v arena.RobotView) []layout.Widget {
	rows := []layout.Widget{p.heading(fmt.Sprintf("Banks (%d)", len(v.Banks)))}
	for len(p.banks) < len(v.Banks) {
		p.banks = append(p.banks, widget.Clickable{})
	}
	for i, b := range v.Banks {
		rows = append(rows, func(gtx layout.Context) layout.Dimensions {
			return kit.Clickable(gtx, &p.banks[i], func(gtx layout.Context) layout.Dimensions {
				name := b.Name
				switch {
				case b.Hidden:
					name = robolang.HiddenText
				case b.Len == 0:
					name = "(empty)"
				case name == "":
					name = "(no name)"
				}
				mark := "  "
				if i+1 == v.Bank {
					mark = "→ "
				}
				return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
					layout.Rigid(swatch(p.players.teamColor(b.Origin), 10)),
					layout.Rigid(layout.Spacer{Width: 5}.Layout),
					layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
						l := material.Body2(p.th, fmt.Sprintf("%s%d  %s  (%d instr.)", mark, i+1, name, b.Len))
						l.MaxLines = 1
						if i+1 == v.Bank {
							l.Font.Weight = font.Bold
						}
						if i+1 == p.showBank {
							l.Color = kit.NoticeText
						}
						return l.Layout(gtx)
					}),
				)
			})
		})
	}
	return rows
}

func setName(s int) string {
	if s >= 0 && s < len(SetNames) {
		return SetNames[s]
	}
	return "?"
}

// varGrid shows #Active and #1..#20 as editable fields, four to a row.
func (p *robotDebugger) varGrid(v arena.RobotView) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		for i := range p.vars {
			val := v.Active
			if i > 0 {
				val = v.Vars[i-1]
			}
			s := strconv.Itoa(int(val))
			if s != p.shown[i] && !gtx.Focused(&p.vars[i]) {
				p.shown[i] = s
				p.vars[i].SetText(s)
			}
		}
		cell := func(i int) layout.FlexChild {
			return layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
				return layout.Inset{Right: 3, Bottom: 3}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
					return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
						layout.Rigid(func(gtx layout.Context) layout.Dimensions {
							gtx.Constraints.Min.X = gtx.Dp(22)
							l := material.Caption(p.th, varName(i))
							l.Color = dbgMuted
							return l.Layout(gtx)
						}),
						layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
							return widget.Border{Color: color.NRGBA{0xB0, 0xB0, 0xB0, 0xFF}, CornerRadius: 2, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
								return layout.Inset{Left: 3, Right: 2, Top: 1, Bottom: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
									e := material.Editor(p.th, &p.vars[i], "")
									e.TextSize = 12
									e.Font.Typeface = "Go Mono"
									return e.Layout(gtx)
								})
							})
						}),
					)
				})
			})
		}
		var rows []layout.FlexChild
		rows = append(rows, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			gtx.Constraints.Max.X = gtx.Constraints.Max.X / 2
			return layout.Flex{}.Layout(gtx, cell(0))
		}))
		for r := 0; r < 5; r++ {
			r := r
			rows = append(rows, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{}.Layout(gtx, cell(r*4+1), cell(r*4+2), cell(r*4+3), cell(r*4+4))
			}))
		}
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx, rows...)
	}
}

// codeRows lists the current bank (or the one clicked) with the instruction in progress
// highlighted. A click on a line sets or clears a breakpoint there.
// It also returns the index among those rows of the current instruction's line, -1 if the
// listing does not show it.
func (p *robotDebugger) codeRows(v arena.RobotView, dead bool) (rows []layout.Widget, cur int) {
	cur = -1
	if v.Bank < 1 || v.Bank > len(v.Banks) {
		return []layout.Widget{material.Body2(p.th, "No current bank.").Layout}, cur
	}
	bank := v.Bank
	if p.showBank > 0 && p.showBank <= len(v.Banks) {
		bank = p.showBank
	}
	p.listBank = bank
	b := v.Banks[bank-1]
	rows = []layout.Widget{p.heading(codeTitle(v, bank, b)), p.muted(progressText(v, dead))}
	if b.Hidden {
		rows = append(rows, func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(p.th, fmt.Sprintf("%s: this bank came from an RBI program; its %d instructions are not shown.", robolang.HiddenText, b.Len))
			l.Color = dbgMuted
			return layout.Inset{Top: 4}.Layout(gtx, l.Layout)
		})
		return rows, cur
	}
	if len(p.lines) < len(b.Code) {
		p.lines = append(p.lines, make([]widget.Clickable, len(b.Code)-len(p.lines))...)
	}
	if len(b.Code) == 0 {
		return rows, cur
	}
	rows = append(rows, func(gtx layout.Context) layout.Dimensions {
		l := material.Caption(p.th, "Click a line to pause when the robot reaches it.")
		l.Color = dbgMuted
		return l.Layout(gtx)
	})
	labels := p.players.labelsOf(b)
	for i := range b.Code {
		for _, name := range labels[i] {
			rows = append(rows, p.labelLine(name))
		}
		current := i+1 == v.Instr && bank == v.Bank
		marks := ""
		if len(v.Tasks) > 1 {
			marks = tasksAt(v, bank, i+1)
		}
		if current {
			cur = len(rows)
		}
		rows = append(rows, p.codeLine(bank, i, b.Code[i], current, current && v.InProgress, marks))
	}
	return rows, cur
}

// codeTitle names the bank listed and where the robot is in it.
func codeTitle(v arena.RobotView, bank int, b arena.BankView) string {
	switch {
	case bank != v.Bank:
		return fmt.Sprintf("Bank %d (it runs bank %d now)", bank, v.Bank)
	case v.Instr > b.Len:
		return fmt.Sprintf("Bank %d, past its end (reboots to bank 1)", v.Bank)
	}
	return fmt.Sprintf("Bank %d, instruction %d", v.Bank, v.Instr)
}

// progressText says how far the robot is in its current instruction.
func progressText(v arena.RobotView, dead bool) string {
	switch {
	case dead:
		return "stopped"
	case v.Active < 1 && v.InProgress:
		return fmt.Sprintf("frozen (inactive), %d of %d cycles done", v.Duration-v.Remaining, v.Duration)
	case v.Active < 1:
		return "frozen (inactive)"
	case v.InProgress:
		return fmt.Sprintf("in progress: %d of %d cycles done", v.Duration-v.Remaining, v.Duration)
	}
	return "not started: it fetches this instruction on its next turn"
}

func (p *robotDebugger) labelLine(name string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Left: unit.Dp(14)}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			l := monoLabel(p.th, "    @"+name, 12)
			l.Color = synLabel
			return l.Layout(gtx)
		})
	}
}

// codeLine is instruction i of bank: a breakpoint dot, its number and its text, highlighted
// when it is the robot's current instruction.
func (p *robotDebugger) codeLine(bank, i int, in robolang.Instr, current, inProgress bool, marks string) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		dims := kit.Clickable(gtx, &p.lines[i], func(gtx layout.Context) layout.Dimensions {
			return layout.Background{}.Layout(gtx,
				func(gtx layout.Context) layout.Dimensions {
					if current {
						paint.FillShape(gtx.Ops, dbgCurrent, clip.Rect{Max: gtx.Constraints.Min}.Op())
					}
					return layout.Dimensions{Size: gtx.Constraints.Min}
				},
				func(gtx layout.Context) layout.Dimensions {
					gtx.Constraints.Min.X = gtx.Constraints.Max.X
					return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
						layout.Rigid(func(gtx layout.Context) layout.Dimensions {
							s := gtx.Dp(14)
							if p.bps[[2]int{bank, i + 1}] {
								r := gtx.Dp(4)
								c := image.Pt(s/2, s/2)
								paint.FillShape(gtx.Ops, dbgBreakDot, clip.Ellipse{Min: c.Sub(image.Pt(r, r)), Max: c.Add(image.Pt(r, r))}.Op(gtx.Ops))
							}
							return layout.Dimensions{Size: image.Pt(s, s)}
						}),
						layout.Rigid(func(gtx layout.Context) layout.Dimensions {
							l := monoLabel(p.th, fmt.Sprintf("%3d ", i+1), 12)
							l.Color = dbgMuted
							return l.Layout(gtx)
						}),
						layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
							// Labels by name as written, with the numbers the robot sees after them.
							txt := in.String()
							if d := robolang.Disassemble(in); d != txt {
								txt += "  ; " + strings.TrimSpace(strings.TrimPrefix(d, in.Op.String()))
							}
							switch {
							case marks != "": // the tasks standing here (RC3 multitasking)
								txt += "  ← " + marks
							case inProgress:
								txt += "  ←"
							}
							if t := p.tasks.limits[[2]int{bank, i + 1}]; t != 0 {
								txt += fmt.Sprintf("  (break: T%d)", t)
							}
							l := monoLabel(p.th, txt, 12)
							if current {
								l.Font.Weight = font.Bold
							}
							return l.Layout(gtx)
						}),
					)
				})
		})
		p.lineH = dims.Size.Y
		return dims
	}
}
