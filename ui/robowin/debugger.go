package robowin

import (
	"fmt"
	"image"
	"image/color"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"gioui.org/f32"
	"gioui.org/font"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/text"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
	"gioui.org/x/component"

	"robocom/arena"
	"robocom/robolang"
)

// The debuggers: clicking a robot on the board opens a panel beside the board that shows
// everything about it and follows the game live. Several panels sit side by side. The panels
// read copies of the engine's robot views, fetched on the simulation goroutine whenever the
// game moved on; edits and breakpoints travel the other way as Runner closures.
//
// The window shell (app.go) needs only: the dbg field, initDebug in New, layoutWorkArea in
// place of the board, and debugEditing in its shortcut check.

// debugUI is the state of the debuggers, the timeline, the editor and the RBI dialog.
type debugUI struct {
	mu  sync.Mutex // guards pub
	pub debugPub   // written by fetches on the simulation goroutine

	fetching atomic.Bool
	asked    debugKey
	dirty    int // bumped when something shown must be fetched again

	panels     []*robotDebugger
	clicks     int // BoardState.Clicks already handled
	follow     int // the robot followed, 0 for none
	capacity   int // how many panels fit beside the board, from the last layout
	bpSent     string
	bpGame     int
	hitsSeen   int // the break hits already told, of game hitsGame
	hitsGame   int
	notice     string // a sentence for the user (break hit, refused edit, ...)
	wasRunning bool

	back, latest, tools widget.Clickable
	tips                struct{ back, latest component.TipArea }
	timeline            widget.Float
	seekWant            int // cycle to go to, -1 for none
	seekBusy            atomic.Bool
	strip               widget.List

	prog programTools // editor.go
}

type debugKey struct{ game, cycle, dirty int }

// debugPub is what the last fetch saw.
type debugPub struct {
	game     int
	cycle    int
	size     int
	furthest int
	rewind   bool // the game can be rewound
	views    map[int]arena.RobotView
	exists   map[int]bool
	hits     int
	hit      BreakHit
	msg      string // from the simulation goroutine (edit refused, step result)
	msgSeq   int
}

// robotDebugger is one robot's panel.
type robotDebugger struct {
	id        int
	game      int             // the Runner's game number last shown
	last      arena.RobotView // the last view while alive, shown after death too
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
	list      widget.List
	tips      struct{ follow, step, edit, rbi component.TipArea }
}

// initDebug wires the debuggers into a new window: every game becomes rewindable.
func (u *UI) initDebug() {
	u.cfg.NewGame = wrapNewGame(u.cfg.NewGame)
	u.dbg.seekWant = -1
	u.dbg.capacity = 3
	u.dbg.strip.Axis = layout.Horizontal
	u.dbg.prog.init(&u.session, u.kit)
}

// debugEditing reports whether a debugger, editor or dialog field has the keyboard, so the
// window's single-key shortcuts stay quiet.
func (u *UI) debugEditing(gtx layout.Context) bool {
	for _, p := range u.dbg.panels {
		for i := range p.vars {
			if gtx.Focused(&p.vars[i]) {
				return true
			}
		}
	}
	return u.dbg.prog.editing(gtx)
}

// OpenDebugger opens the debugger of robot id (or keeps it if open). When more panels are
// open than fit beside the board, the oldest one not followed closes.
func (u *UI) OpenDebugger(id int) {
	d := &u.dbg
	for _, p := range d.panels {
		if p.id == id {
			return
		}
	}
	for len(d.panels) >= max(1, d.capacity) {
		k := 0
		if d.panels[0].id == d.follow && len(d.panels) > 1 {
			k = 1
		}
		d.notice = fmt.Sprintf("Closed the debugger of robot %d to make room; a wider window shows more side by side.", d.panels[k].id)
		d.panels = append(d.panels[:k], d.panels[k+1:]...)
	}
	p := &robotDebugger{id: id, bps: map[[2]int]bool{}}
	p.list.Axis = layout.Vertical
	for i := range p.vars {
		p.vars[i].SingleLine, p.vars[i].Submit = true, true
		p.vars[i].Filter = "-0123456789"
	}
	d.panels = append(d.panels, p)
	d.dirty++
}

// Debuggers lists the robots whose debuggers are open, in panel order.
func (u *UI) Debuggers() []int {
	var ids []int
	for _, p := range u.dbg.panels {
		ids = append(ids, p.id)
	}
	return ids
}

// DebugView is the last fetched view of robot id, as the debugger shows it.
func (u *UI) DebugView(id int) (arena.RobotView, bool) {
	u.dbg.mu.Lock()
	defer u.dbg.mu.Unlock()
	v, ok := u.dbg.pub.views[id]
	return v, ok
}

func (u *UI) closeDebugger(i int) {
	d := &u.dbg
	if d.panels[i].id == d.follow {
		d.follow = 0
	}
	d.panels = append(d.panels[:i], d.panels[i+1:]...)
	d.dirty++
}

// fetchDebug asks the simulation goroutine for fresh views when the game moved on.
func (u *UI) fetchDebug() {
	d := &u.dbg
	key := debugKey{u.snap.Game, u.snap.Cycle, d.dirty}
	if key == d.asked || d.fetching.Load() {
		return
	}
	d.asked = key
	d.fetching.Store(true)
	ids := u.Debuggers()
	u.run.do(func(s *runState) {
		defer d.fetching.Store(false)
		p := debugPub{game: s.gameNo, views: map[int]arena.RobotView{}, exists: map[int]bool{}}
		if t, ok := s.g.(*tapeGame); ok {
			p.cycle, p.size, p.furthest, p.rewind = t.eng.Cycle(), t.eng.Size(), t.furthest, true
			p.hits, p.hit = t.br.hits, t.br.hit
			for _, id := range ids {
				if v, ok := t.eng.Robot(id); ok {
					p.views[id], p.exists[id] = v, true
				}
			}
		} else if s.g != nil {
			p.cycle, p.size = s.g.Cycle(), s.g.Size()
		}
		d.mu.Lock()
		p.msg, p.msgSeq = d.pub.msg, d.pub.msgSeq
		d.pub = p
		d.mu.Unlock()
		r := u.run
		r.mu.Lock()
		same := r.pub.Game == s.gameNo && r.pub.Cycle == p.cycle
		r.mu.Unlock()
		if same {
			r.invalidate()
		} else {
			r.publish(s)
		}
	})
}

// say passes a sentence from the simulation goroutine to the window.
func (u *UI) say(msg string) {
	d := &u.dbg
	d.mu.Lock()
	d.pub.msg = msg
	d.pub.msgSeq++
	d.mu.Unlock()
	u.run.invalidate()
}

// updateDebug handles what happened since the last frame: new clicks on the board, break
// hits, buttons of the panels and of the timeline.
func (u *UI) updateDebug(gtx layout.Context) {
	d := &u.dbg
	d.mu.Lock()
	pub := d.pub
	d.mu.Unlock()
	if u.snap.Running && !d.wasRunning {
		d.notice = "" // what stopped the game last time is old news
	}
	d.wasRunning = u.snap.Running
	if pub.game == u.snap.Game && (pub.hits != d.hitsSeen || pub.game != d.hitsGame) && pub.hits > 0 {
		d.hitsSeen, d.hitsGame = pub.hits, pub.game
		d.notice = pub.hit.describe(u.teamName)
		u.wantRun = false
	}
	if pub.msgSeq != 0 && pub.msg != "" {
		d.notice = pub.msg
		d.mu.Lock()
		d.pub.msg = ""
		d.mu.Unlock()
	}
	for i := 0; i < len(d.panels); i++ {
		p := d.panels[i]
		if p.closeBtn.Clicked(gtx) {
			u.closeDebugger(i)
			i--
			continue
		}
		if p.followBtn.Clicked(gtx) {
			if d.follow == p.id {
				d.follow = 0
			} else {
				d.follow = p.id
				u.board.Selected = p.id
			}
		}
		if p.stepBtn.Clicked(gtx) {
			u.wantRun = false
			d.notice = ""
			u.run.stepRobot(p.id, 100_000, func(msg string) {
				if msg != "" {
					u.say(msg)
				}
			})
			d.dirty++
		}
		if p.editBtn.Clicked(gtx) {
			u.dbg.prog.openProgramOf(p.last.Team)
		}
		if p.rbiBtn.Clicked(gtx) {
			u.dbg.prog.askSaveRBI(p.last.Team)
		}
		dieChanged := p.breakDie.Update(gtx)
		if teamChanged := p.breakTeam.Update(gtx); dieChanged || teamChanged {
			d.dirty++
		}
		for b := range p.banks {
			if p.banks[b].Clicked(gtx) {
				if p.showBank == b+1 || b+1 == p.last.Bank {
					p.showBank = 0
				} else {
					p.showBank = b + 1
				}
			}
		}
		for ln := range p.lines {
			if p.lines[ln].Clicked(gtx) {
				k := [2]int{p.listBank, ln + 1}
				if p.bps[k] {
					delete(p.bps, k)
				} else {
					p.bps[k] = true
				}
			}
		}
		u.updateVars(gtx, p)
	}
	u.sendBreakpoints()

	// The timeline works from the window's snapshot, like the cycle counter, so that what
	// is shown and what ← or a click moves from are the same cycle.
	if d.back.Clicked(gtx) {
		d.seekWant = max(u.snap.Cycle-1, 0)
	}
	if d.latest.Clicked(gtx) {
		d.seekWant = u.snap.Furthest
	}
	if d.tools.Clicked(gtx) {
		d.prog.toggleTools()
	}
	if d.timeline.Update(gtx) && u.snap.Furthest > 0 {
		d.seekWant = int(d.timeline.Value*float32(u.snap.Furthest) + 0.5)
	}
	if d.seekWant >= 0 && !d.seekBusy.Load() {
		c := d.seekWant
		d.seekWant = -1
		if c != u.snap.Cycle || pub.game != u.snap.Game {
			u.wantRun = false
			d.notice = ""
			d.seekBusy.Store(true)
			u.run.seekTape(c, func(int, error) { d.seekBusy.Store(false) })
			d.dirty++
		}
	}
	u.dbg.prog.updatePrograms(gtx)
}

// SeekCycle moves the game to cycle c of its timeline (paused), as the timeline does.
func (u *UI) SeekCycle(c int) {
	u.wantRun = false
	u.run.seekTape(c, nil)
	u.dbg.dirty++
}

// updateVars sends edited variables to the engine. A field takes the robot's value whenever
// it does not have the keyboard; Enter (or leaving the field) applies what was typed.
func (u *UI) updateVars(gtx layout.Context, p *robotDebugger) {
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
			}
		}
		focused := gtx.Focused(ed)
		if !submit && (focused || ed.Text() == p.shown[i]) {
			continue
		}
		txt := strings.TrimSpace(ed.Text())
		if txt == p.shown[i] {
			continue
		}
		v, err := strconv.ParseInt(txt, 10, 16)
		if err != nil {
			u.dbg.notice = fmt.Sprintf("%s must be a whole number from -32768 to 32767.", varName(i))
			ed.SetText(p.shown[i])
			continue
		}
		u.SetRobotVar(p.id, i, int16(v))
		p.shown[i] = strconv.Itoa(int(v))
		ed.SetText(p.shown[i])
	}
}

// SetRobotVar sets #v (1..20) or #Active (v = 0) of a robot through the engine, as the
// debugger's fields do. Works paused or running; rewinding replays it.
func (u *UI) SetRobotVar(id, v int, value int16) {
	u.run.do(func(s *runState) {
		t, ok := s.g.(*tapeGame)
		if !ok {
			return
		}
		if err := t.Edit(id, v, value); err != nil {
			u.say("Not changed: " + err.Error() + ".")
		}
		r := u.run
		r.publish(s)
	})
	u.dbg.dirty++
}

func varName(i int) string {
	if i == 0 {
		return "#Active"
	}
	return "#" + strconv.Itoa(i)
}

// sendBreakpoints gives the game the panels' breakpoints when they changed (or the game did).
func (u *UI) sendBreakpoints() {
	d := &u.dbg
	var bp Breakpoints
	for _, p := range d.panels {
		keys := make([][2]int, 0, len(p.bps))
		for k := range p.bps {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			return keys[i][0] < keys[j][0] || keys[i][0] == keys[j][0] && keys[i][1] < keys[j][1]
		})
		for _, k := range keys {
			bp.Instr = append(bp.Instr, InstrBreak{Robot: p.id, Bank: k[0], Instr: k[1]})
		}
		if p.breakDie.Value {
			bp.Dies = append(bp.Dies, p.id)
		}
		if p.breakTeam.Value && p.seen && p.last.Team >= 0 && p.last.Team < MaxPlayers {
			bp.Teams[p.last.Team] = true
		}
	}
	sig := fmt.Sprint(bp)
	if sig == d.bpSent && d.bpGame == u.snap.Game {
		return
	}
	d.bpSent, d.bpGame = sig, u.snap.Game
	u.run.setBreaks(bp)
}

// applyFollow keeps the followed robot selected and, when zoomed in, in the middle.
func (u *UI) applyFollow() {
	d := &u.dbg
	if d.follow == 0 {
		return
	}
	for i := range u.snap.Robots {
		r := &u.snap.Robots[i]
		if r.ID == d.follow {
			u.board.Selected = r.ID
			if u.board.Zoom() > 1 {
				u.board.center = f32.Pt(float32(r.X)+0.5, float32(r.Y)+0.5)
			}
			return
		}
	}
}

// layoutWorkArea lays out the board (or the program editor) with the timeline under it, and
// the open debuggers beside it.
func (u *UI) layoutWorkArea(gtx layout.Context) layout.Dimensions {
	u.updateDebug(gtx)
	u.fetchDebug()
	u.applyFollow()
	clicks := u.board.Clicks
	panelW := gtx.Dp(debuggerWidth)
	u.dbg.capacity = max(1, (gtx.Constraints.Max.X-gtx.Dp(300))/panelW)
	dims := layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{}.Layout(gtx,
				layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
					if u.dbg.prog.visible() {
						return u.dbg.prog.layoutPrograms(gtx)
					}
					return u.board.layout(gtx)
				}),
				layout.Rigid(func(gtx layout.Context) layout.Dimensions {
					if u.dbg.prog.visible() {
						return layout.Dimensions{} // the editor needs the room; the panels come back with the board
					}
					return u.layoutDebuggers(gtx)
				}),
			)
		}),
		layout.Rigid(u.layoutTimeline),
	)
	if u.board.Clicks != clicks || u.board.Clicks != u.dbg.clicks {
		u.dbg.clicks = u.board.Clicks
		if id := u.board.Selected; id != 0 {
			u.OpenDebugger(id)
			gtx.Execute(op.InvalidateCmd{})
		}
	}
	return dims
}

const debuggerWidth = unit.Dp(270)

var (
	dbgCardBg   = color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
	dbgMuted    = color.NRGBA{0x5A, 0x5A, 0x5A, 0xFF}
	dbgCurrent  = color.NRGBA{0xFF, 0xE8, 0x8C, 0xFF}
	dbgBreakDot = color.NRGBA{0xC8, 0x10, 0x2E, 0xFF}
	dbgDeath    = color.NRGBA{0xB0, 0x00, 0x20, 0xFF}
	dbgNotice   = color.NRGBA{0x1F, 0x4E, 0x9A, 0xFF}
)

// disabledIf greys out w and ignores its clicks when off: "← 1 cycle" at cycle 0 and
// "Latest →" at the furthest cycle would do nothing, and a new user clicking them saw no reason.
func disabledIf(off bool, w layout.Widget) layout.Widget {
	return func(gtx layout.Context) layout.Dimensions {
		if off {
			gtx = gtx.Disabled()
		}
		return w(gtx)
	}
}

// timelineLabel is the timeline's cycle, from the same snapshot as the cycle counter.
func timelineLabel(s *Snapshot) string {
	return fmt.Sprintf("cycle %d of %d", s.Cycle, s.Furthest)
}

func (u *UI) layoutTimeline(gtx layout.Context) layout.Dimensions {
	d := &u.dbg
	// The same snapshot as the cycle counter at the top (not the debuggers' fetch, which
	// lags a publish behind while the game runs).
	snap := &u.snap
	if !d.timeline.Dragging() && snap.Furthest > 0 {
		d.timeline.Value = float32(snap.Cycle) / float32(snap.Furthest)
	}
	label := timelineLabel(snap)
	if !snap.Rewindable {
		label = "no game to rewind"
	}
	return layout.Inset{Top: 4, Bottom: 4, Left: 6, Right: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
					layout.Rigid(u.tipped(&d.tips.back, "Go back one cycle (←; the game pauses; the future is kept until you edit)", disabledIf(snap.Cycle == 0, u.smallButton(&d.back, "← 1 cycle")))),
					layout.Rigid(layout.Spacer{Width: 6}.Layout),
					layout.Rigid(u.label("Timeline")),
					layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
						return layout.Inset{Left: 6, Right: 6}.Layout(gtx, material.Slider(u.th, &d.timeline).Layout)
					}),
					layout.Rigid(u.label(label)),
					layout.Rigid(layout.Spacer{Width: 6}.Layout),
					layout.Rigid(u.tipped(&d.tips.latest, "Forward again to the furthest cycle reached", disabledIf(snap.Cycle >= snap.Furthest, u.smallButton(&d.latest, "Latest →")))),
					layout.Rigid(layout.Spacer{Width: 12}.Layout),
					layout.Rigid(u.smallButton(&d.tools, d.prog.toolsLabel())),
				)
			}),
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				msg := d.notice
				if msg == "" {
					if len(d.panels) == 0 && !d.prog.visible() {
						msg = "Click a robot to open its debugger; several can be open at once."
					} else {
						return layout.Dimensions{}
					}
				}
				l := material.Body2(u.th, msg)
				l.Color = dbgNotice
				return layout.Inset{Top: 2}.Layout(gtx, l.Layout)
			}),
		)
	})
}

// layoutDebuggers lays out the open panels side by side.
func (u *UI) layoutDebuggers(gtx layout.Context) layout.Dimensions {
	d := &u.dbg
	if len(d.panels) == 0 {
		return layout.Dimensions{}
	}
	d.mu.Lock()
	pub := d.pub
	d.mu.Unlock()
	w := gtx.Dp(debuggerWidth)
	gtx.Constraints.Min.Y = gtx.Constraints.Max.Y
	var ch []layout.FlexChild
	for _, p := range d.panels {
		p := p
		if p.game != pub.game {
			// A new game: the same id is another robot (or none yet).
			p.game, p.last, p.seen = pub.game, arena.RobotView{}, false
		}
		if v, ok := pub.views[p.id]; ok && v.Alive {
			p.last, p.seen = v, true
		}
		ch = append(ch, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			gtx.Constraints.Min.X, gtx.Constraints.Max.X = w, w
			return layout.Inset{Left: 4, Top: 4, Bottom: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				gtx.Constraints.Min = gtx.Constraints.Max
				return u.layoutRobotDebugger(gtx, p, pub)
			})
		}))
	}
	return layout.Flex{}.Layout(gtx, ch...)
}

func (u *UI) layoutRobotDebugger(gtx layout.Context, p *robotDebugger, pub debugPub) layout.Dimensions {
	v := p.last
	cur, exists := pub.views[p.id]
	dead := exists && !cur.Alive
	team := v.Team
	if !p.seen {
		team = cur.Team
	}
	col := u.teamColor(team)
	rect := clip.UniformRRect(image.Rectangle{Max: gtx.Constraints.Max}, gtx.Dp(5))
	paint.FillShape(gtx.Ops, dbgCardBg, rect.Op(gtx.Ops))
	// The team's colour as a band along the top, so a panel is matched to its robot at a glance.
	paint.FillShape(gtx.Ops, col, clip.Rect{Max: image.Pt(gtx.Constraints.Max.X, gtx.Dp(5))}.Op())

	var rows []layout.Widget
	add := func(w layout.Widget) { rows = append(rows, w) }
	muted := func(s string) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(u.th, s)
			l.Color = dbgMuted
			return l.Layout(gtx)
		}
	}
	heading := func(s string) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Top: 8, Bottom: 2}.Layout(gtx, material.Subtitle2(u.th, s).Layout)
		}
	}
	followLabel := "Follow"
	if u.dbg.follow == p.id {
		followLabel = "Following"
	}
	add(func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
			layout.Rigid(swatch(col, 14)),
			layout.Rigid(layout.Spacer{Width: 6}.Layout),
			layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
				l := material.Subtitle1(u.th, fmt.Sprintf("Robot %d · %s", p.id, u.teamName(team)))
				l.MaxLines = 1
				l.Font.Weight = font.Bold
				return l.Layout(gtx)
			}),
			layout.Rigid(u.tipped(&p.tips.follow, "Keep this robot selected, and in the middle when zoomed in", u.smallButton(&p.followBtn, followLabel))),
			layout.Rigid(layout.Spacer{Width: 3}.Layout),
			layout.Rigid(u.smallButton(&p.closeBtn, "×")),
		)
	})
	switch {
	case !exists && !p.seen:
		add(muted(fmt.Sprintf("Robot %d does not exist in this game (yet).", p.id)))
	case dead:
		add(func(gtx layout.Context) layout.Dimensions {
			l := material.Body1(u.th, fmt.Sprintf("Died in cycle %d: %s.", cur.DeathCycle, deathText(cur.DeathReason)))
			l.Color = dbgDeath
			l.Font.Weight = font.Bold
			return layout.Inset{Top: 4}.Layout(gtx, l.Layout)
		})
	}
	if p.seen {
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
		add(muted(fmt.Sprintf("Generation %d, %s", v.Generation, parent)))
		add(muted(fmt.Sprintf("At (%d, %d) facing %s · %s", v.X, v.Y, v.Dir, state)))
		add(muted(fmt.Sprintf("Set %d (%s) · %s", v.Set, setName(v.Set), mob)))
		sealed := team >= 0 && team < len(u.players) && u.players[team].Prog != nil && u.players[team].Prog.Hidden
		add(func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Top: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				var ch []layout.FlexChild
				if !dead {
					ch = append(ch, layout.Rigid(u.tipped(&p.tips.step, "Run until this robot has done its next instruction", u.smallButton(&p.stepBtn, "Step instruction"))), layout.Rigid(layout.Spacer{Width: 4}.Layout))
				}
				if !sealed {
					ch = append(ch, layout.Rigid(u.tipped(&p.tips.edit, "Open this team's program in the editor", u.smallButton(&p.editBtn, "Edit program"))), layout.Rigid(layout.Spacer{Width: 4}.Layout),
						layout.Rigid(u.tipped(&p.tips.rbi, "Save this team's program as an RBI file (code sealed)", u.smallButton(&p.rbiBtn, "RBI…"))))
				}
				return layout.Flex{Alignment: layout.Middle}.Layout(gtx, ch...)
			})
		})
		add(u.checkBox(&p.breakDie, "Pause when this robot dies"))
		add(u.checkBox(&p.breakTeam, "Pause when any robot of "+u.teamName(team)+" dies"))
		add(heading("Variables (Enter applies)"))
		add(u.varGrid(p, v))
		add(heading("Constants"))
		add(muted(fmt.Sprintf("$Banks %d · $Mobile %d", len(v.Banks), b2i(v.Mobile))))
		add(muted(fmt.Sprintf("$InstrSet %d · $Fields %d", v.Set, pub.size)))
		add(heading(fmt.Sprintf("Banks (%d)", len(v.Banks))))
		for len(p.banks) < len(v.Banks) {
			p.banks = append(p.banks, widget.Clickable{})
		}
		for i, b := range v.Banks {
			i, b := i, b
			add(func(gtx layout.Context) layout.Dimensions {
				return p.banks[i].Layout(gtx, func(gtx layout.Context) layout.Dimensions {
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
						layout.Rigid(swatch(u.teamColor(b.Origin), 10)),
						layout.Rigid(layout.Spacer{Width: 5}.Layout),
						layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
							l := material.Body2(u.th, fmt.Sprintf("%s%d  %s  (%d instr.)", mark, i+1, name, b.Len))
							l.MaxLines = 1
							if i+1 == v.Bank {
								l.Font.Weight = font.Bold
							}
							if i+1 == p.showBank {
								l.Color = dbgNotice
							}
							return l.Layout(gtx)
						}),
					)
				})
			})
		}
		rows = append(rows, u.codeRows(p, v, dead)...)
	}
	return layout.UniformInset(unit.Dp(8)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		gtx.Constraints.Min = image.Point{}
		return layout.Inset{Top: 2}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return material.List(u.th, &p.list).Layout(gtx, len(rows), func(gtx layout.Context, i int) layout.Dimensions {
				return rows[i](gtx)
			})
		})
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func setName(s int) string {
	if s >= 0 && s < len(SetNames) {
		return SetNames[s]
	}
	return "?"
}

// varGrid shows #Active and #1..#20 as editable fields, four to a row.
func (u *UI) varGrid(p *robotDebugger, v arena.RobotView) layout.Widget {
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
							l := material.Caption(u.th, varName(i))
							l.Color = dbgMuted
							return l.Layout(gtx)
						}),
						layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
							return widget.Border{Color: color.NRGBA{0xB0, 0xB0, 0xB0, 0xFF}, CornerRadius: 2, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
								return layout.Inset{Left: 3, Right: 2, Top: 1, Bottom: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
									e := material.Editor(u.th, &p.vars[i], "")
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

// codeRows lists the current bank with the instruction in progress highlighted. A click on a
// line sets or clears a breakpoint there.
func (u *UI) codeRows(p *robotDebugger, v arena.RobotView, dead bool) []layout.Widget {
	var rows []layout.Widget
	if v.Bank < 1 || v.Bank > len(v.Banks) {
		rows = append(rows, material.Body2(u.th, "No current bank.").Layout)
		return rows
	}
	bank := v.Bank
	if p.showBank > 0 && p.showBank <= len(v.Banks) {
		bank = p.showBank
	}
	p.listBank = bank
	b := v.Banks[bank-1]
	title := fmt.Sprintf("Bank %d, instruction %d", v.Bank, v.Instr)
	if v.Instr > b.Len {
		title = fmt.Sprintf("Bank %d, past its end (reboots to bank 1)", v.Bank)
	}
	if bank != v.Bank {
		title = fmt.Sprintf("Bank %d (it runs bank %d now)", bank, v.Bank)
	}
	rows = append(rows, func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 8, Bottom: 2}.Layout(gtx, material.Subtitle2(u.th, title).Layout)
	})
	progress := "not started: it fetches this instruction on its next turn"
	switch {
	case dead:
		progress = "stopped"
	case v.Active < 1 && v.InProgress:
		progress = fmt.Sprintf("frozen (inactive), %d of %d cycles done", v.Duration-v.Remaining, v.Duration)
	case v.Active < 1:
		progress = "frozen (inactive)"
	case v.InProgress:
		progress = fmt.Sprintf("in progress: %d of %d cycles done", v.Duration-v.Remaining, v.Duration)
	}
	rows = append(rows, func(gtx layout.Context) layout.Dimensions {
		l := material.Body2(u.th, progress)
		l.Color = dbgMuted
		return l.Layout(gtx)
	})
	if b.Hidden {
		rows = append(rows, func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(u.th, fmt.Sprintf("%s: this bank came from an RBI program; its %d instructions are not shown.", robolang.HiddenText, b.Len))
			l.Color = dbgMuted
			return layout.Inset{Top: 4}.Layout(gtx, l.Layout)
		})
		return rows
	}
	if len(p.lines) < len(b.Code) {
		p.lines = append(p.lines, make([]widget.Clickable, len(b.Code)-len(p.lines))...)
	}
	if len(b.Code) == 0 {
		return rows
	}
	rows = append(rows, func(gtx layout.Context) layout.Dimensions {
		l := material.Caption(u.th, "Click a line to pause when the robot reaches it.")
		l.Color = dbgMuted
		return l.Layout(gtx)
	})
	labels := u.labelsOf(b)
	for i := range b.Code {
		i := i
		in := b.Code[i]
		for _, name := range labels[i] {
			rows = append(rows, func(gtx layout.Context) layout.Dimensions {
				return layout.Inset{Left: unit.Dp(14)}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
					l := monoLabel(u.th, "    @"+name, 12)
					l.Color = synLabel
					return l.Layout(gtx)
				})
			})
		}
		rows = append(rows, func(gtx layout.Context) layout.Dimensions {
			return p.lines[i].Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				current := i+1 == v.Instr && bank == v.Bank
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
								l := monoLabel(u.th, fmt.Sprintf("%3d ", i+1), 12)
								l.Color = dbgMuted
								return l.Layout(gtx)
							}),
							layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
								// Labels by name as written, with the numbers the robot sees after them.
								txt := in.String()
								if d := robolang.Disassemble(in); d != txt {
									txt += "  ; " + strings.TrimSpace(strings.TrimPrefix(d, in.Op.String()))
								}
								if current && v.InProgress {
									txt += "  ←"
								}
								l := monoLabel(u.th, txt, 12)
								if current {
									l.Font.Weight = font.Bold
								}
								return l.Layout(gtx)
							}),
						)
					})
			})
		})
	}
	return rows
}

// monoLabel is a label in the Go Mono face, for code.
func monoLabel(th *material.Theme, s string, size unit.Sp) material.LabelStyle {
	l := material.Label(th, size, s)
	l.Font.Typeface = "Go Mono"
	l.MaxLines = 1
	l.Alignment = text.Start
	return l
}
