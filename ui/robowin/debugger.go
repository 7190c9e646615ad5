package robowin

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"gioui.org/f32"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/text"
	"gioui.org/unit"
	"gioui.org/widget/material"

	"robocom/arena"
	"robocom/robolang"
	"robocom/ui/kit"
	"robocom/ui/shortcut"
)

// The debuggers: clicking a robot on the board opens a panel beside the board that shows
// everything about it and follows the game live. Several panels sit side by side. The panels
// read copies of the engine's robot views, fetched on the simulation goroutine whenever the
// game moved on; edits and breakpoints travel the other way as Runner closures.
//
// debugUI holds the panels (robotDebugger, debugger_panel.go), the timeline (timeline.go)
// and the program tools (editor.go); the window (app.go) composes it with the board in
// layoutWorkArea and asks debugEditing before its shortcuts.

// debugUI is the state of the debuggers, the timeline, the editor and the RBI dialog.
type debugUI struct {
	*session
	look
	mu  sync.Mutex // guards pub
	pub debugPub   // written by fetches on the simulation goroutine

	fetching atomic.Bool
	asked    debugKey
	dirty    int // bumped when something shown must be fetched again

	// strip is the debuggers open, docked beside the board (scrolled sideways when they do
	// not fit) or torn off into windows of their own (tearoff.go).
	strip      kit.Strip[*robotDebugger, *TornWindow]
	clicks     int // BoardState.Clicks already handled
	follow     int // the robot followed, 0 for none
	bpSent     string
	bpGame     int
	hitsSeen   int // the break hits already told, of game hitsGame
	hitsGame   int
	notice     string // a sentence for the user (break hit, refused edit, ...)
	wasRunning bool
	roster     []int // the players' keys in the game the panels last followed (followPrograms)
	rosterGame int   // that game

	timeline timelineView
	prog     programTools // editor.go

	win sync.Mutex // held while any window lays out the views (tearoff.go)
	// keyAction does what a game key pressed in a torn-off window asks (UI.shortcutAction).
	keyAction func(gtx layout.Context, a shortcut.Action)
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
	consts   map[int]robotConsts // each robot's own constants, as it reads them
	exists   map[int]bool
	hits     int
	hit      BreakHit
	msg      string // from the simulation goroutine (edit refused, step result)
	msgSeq   int
}

// initDebug wires the debuggers into a new window: every game becomes rewindable.
func (u *UI) initDebug() {
	u.cfg.NewGame = wrapNewGame(u.cfg.NewGame)
	d := &u.dbg
	d.session, d.look = &u.session, u.look
	d.keyAction = u.shortcutAction
	d.timeline.init(&u.session, u.look)
	d.prog.init(&u.session, u.look)
}

// debugEditing reports whether a debugger, editor or dialog field has the keyboard, so the
// window's single-key shortcuts stay quiet.
func (u *UI) debugEditing(gtx layout.Context) bool {
	for _, p := range u.dbg.strip.Panels {
		if p.editing(gtx) {
			return true
		}
	}
	return u.dbg.prog.editing(gtx)
}

// OpenDebugger opens the debugger of robot id (or keeps it if open), and scrolls the
// panels to it. Any number can be open: those that do not fit beside the board scroll
// sideways.
func (u *UI) OpenDebugger(id int) { u.dbg.open(id) }

func (d *debugUI) open(id int) {
	for _, p := range d.strip.Panels {
		if p.id == id {
			d.strip.Open(p)
			return
		}
	}
	p := newRobotDebugger(d.session, d.look, id)
	p.tearLabel = d.tearLabel()
	d.strip.Open(p)
	d.dirty++
}

// Debuggers lists the robots whose debuggers are open, in panel order.
func (u *UI) Debuggers() []int { return u.dbg.ids() }

func (d *debugUI) ids() []int {
	var ids []int
	for _, p := range d.strip.Panels {
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

func (d *debugUI) close(i int) {
	if d.strip.Panels[i].id == d.follow {
		d.follow = 0
	}
	d.strip.Panels = append(d.strip.Panels[:i], d.strip.Panels[i+1:]...)
	d.dirty++
}

// fetch asks the simulation goroutine for fresh views when the game moved on.
func (d *debugUI) fetch() {
	key := debugKey{d.snap.Game, d.snap.Cycle, d.dirty}
	if key == d.asked || d.fetching.Load() {
		return
	}
	d.asked = key
	d.fetching.Store(true)
	ids := d.ids()
	d.run.do(func(s *runState) {
		defer d.fetching.Store(false)
		p := debugPub{game: s.gameNo, views: map[int]arena.RobotView{}, consts: map[int]robotConsts{}, exists: map[int]bool{}}
		if t := s.tape; t != nil {
			p.cycle, p.size, p.furthest, p.rewind = t.eng.Cycle(), t.eng.Size(), t.furthest, true
			p.hits, p.hit = t.br.hits, t.br.hit
			for _, id := range ids {
				if v, ok := t.eng.Robot(id); ok {
					p.views[id], p.exists[id] = v, true
					p.consts[id] = constsOf(t.eng, id)
				}
			}
		} else if s.g != nil {
			p.cycle, p.size = s.g.Cycle(), s.g.Size()
		}
		d.mu.Lock()
		p.msg, p.msgSeq = d.pub.msg, d.pub.msgSeq
		d.pub = p
		d.mu.Unlock()
		r := d.run
		r.mu.Lock()
		same := r.pub.Game == s.gameNo && r.pub.Cycle == p.cycle
		r.mu.Unlock()
		if same {
			r.invalidate()
		} else {
			r.Publish()
		}
	})
}

// robotConsts are a robot's own constants, indexed by robolang.Const.
type robotConsts [len(robolang.ConstNames)]int

func constsOf(g *arena.Game, id int) (cs robotConsts) {
	for c := range cs {
		cs[c], _ = g.Constant(id, robolang.Const(c))
	}
	return cs
}

// say passes a sentence from the simulation goroutine to the window.
func (d *debugUI) say(msg string) {
	d.mu.Lock()
	d.pub.msg = msg
	d.pub.msgSeq++
	d.mu.Unlock()
	d.run.invalidate()
}

// published is the last fetch's result.
func (d *debugUI) published() debugPub {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.pub
}

// update handles what happened since the last frame: break hits and messages from the
// simulation, the panels' buttons and fields, and the timeline. It returns the robot a
// Follow button asks the board to select, 0 for none.
func (d *debugUI) update(gtx layout.Context) (selectRobot int) {
	pub := d.published()
	d.takeNews(pub)
	d.followPrograms(pub)
	for i := 0; i < len(d.strip.Panels); i++ {
		p := d.strip.Panels[i]
		if _, torn := d.strip.TornOf(p); torn {
			continue // its window reads its events
		}
		req := p.update(gtx)
		if req.close {
			d.close(i)
			i--
			continue
		}
		if req.tear {
			d.tear(p)
			continue
		}
		if id := d.act(p, req); id != 0 {
			selectRobot = id
		}
	}
	d.sendBreakpoints()
	d.updateTimeline(gtx, pub)
	d.prog.updatePrograms(gtx)
	return selectRobot
}

// followPrograms keeps each debugger with its robot's program, not its number, as the
// views of the game shown arrive (RATIONALE.md, "Debuggers follow their program"). A panel
// learns its program when it first sees its robot. When a new game is shown, the panel of a
// program no longer playing closes; a first robot's panel takes its program's first robot,
// numbered by the program's place; a panel of a robot built during the game keeps its number
// while the players stay the same (Restart, New seed, the next round, other rules) and closes
// when they changed, since the new game numbers built robots anew. In any game, a panel
// whose number turns out to be another program's robot closes. What closed is said under
// the timeline.
func (d *debugUI) followPrograms(pub debugPub) {
	if pub.game != d.gameNo {
		return // views of a game already replaced: their teams are another roster's
	}
	keys := d.players.keys()
	var gone, renumbered, taken, dropped []string
	if pub.game != d.rosterGame {
		// A new game: what the line under the board said of the last one is old news (a
		// closed debugger's sentence stayed through Restarts and minutes of play).
		d.notice = ""
		changed := !slices.Equal(keys, d.roster)
		d.roster, d.rosterGame = keys, pub.game
		for _, p := range slices.Clone(d.strip.Panels) {
			if p.owner == 0 {
				continue
			}
			i := d.players.index(p.owner)
			switch {
			case i < 0:
				gone = append(gone, p.ownerTitle())
				d.closePanel(p)
			case p.first:
				d.renumber(p, i+1)
			case changed:
				renumbered = append(renumbered, p.ownerTitle())
				d.closePanel(p)
			}
		}
		for _, p := range d.strip.Panels {
			if i := d.players.index(p.owner); i >= 0 {
				if s := p.newCode(d.players[i].Prog); s != "" {
					dropped = append(dropped, s)
				}
			}
		}
	}
	for _, p := range slices.Clone(d.strip.Panels) {
		v, ok := pub.views[p.id]
		if !ok || v.Team < 0 || v.Team >= len(keys) {
			continue
		}
		switch {
		case p.owner == 0:
			p.owner, p.first = keys[v.Team], p.id <= len(keys)
			p.ownerName = d.players.teamName(v.Team)
			p.prog = d.players[v.Team].Prog
		case p.owner != keys[v.Team]:
			taken = append(taken, fmt.Sprintf("%s: robot %d is %s's in this game", p.ownerTitle(), p.id, d.players.teamName(v.Team)))
			d.closePanel(p)
		}
	}
	const numberedAnew = "with other players the robots built in a game are numbered anew."
	said := []string{
		kit.ClosedNote("debugger", gone, "it is not in the game any more.", "they are not in the game any more."),
		kit.ClosedNote("debugger", renumbered, numberedAnew, numberedAnew),
	}
	for _, s := range taken {
		said = append(said, "Closed the debugger of "+s+".")
	}
	said = append(said, dropped...)
	if said = slices.DeleteFunc(said, func(s string) bool { return s == "" }); len(said) > 0 {
		d.notice = strings.Join(said, " ")
	}
}

// renumber moves panel p to robot id (its program's first robot in a new game), with its
// breakpoints, and the board's Follow with it.
func (d *debugUI) renumber(p *robotDebugger, id int) {
	if p.id == id {
		return
	}
	if d.follow == p.id {
		d.follow = id
	}
	p.id = id
	d.dirty++ // its robot's views are fetched under the new number
}

// takeNews turns break hits and the simulation's messages into the notice.
func (d *debugUI) takeNews(pub debugPub) {
	if d.snap.Running && !d.wasRunning {
		d.notice = "" // what stopped the game last time is old news
	}
	d.wasRunning = d.snap.Running
	if pub.game == d.snap.Game && (pub.hits != d.hitsSeen || pub.game != d.hitsGame) && pub.hits > 0 {
		d.hitsSeen, d.hitsGame = pub.hits, pub.game
		d.notice = pub.hit.describe(d.players.teamName)
		d.wantRun = false
	}
	if pub.msgSeq != 0 && pub.msg != "" {
		d.notice = pub.msg
		d.mu.Lock()
		d.pub.msg = ""
		d.mu.Unlock()
	}
}

// act carries out what panel p asked for; it returns the robot to select on the board
// when the panel starts following it.
func (d *debugUI) act(p *robotDebugger, req panelRequest) (selectRobot int) {
	if req.follow {
		if d.follow == p.id {
			d.follow = 0
		} else {
			d.follow = p.id
			selectRobot = p.id
		}
	}
	if req.step {
		d.wantRun = false
		d.notice = ""
		d.run.stepRobot(p.id, 100_000, func(msg string) {
			if msg != "" {
				d.say(msg)
			}
		})
		d.dirty++
	}
	if req.edit {
		d.prog.openProgramOf(p.last.Team)
	}
	if req.rbi {
		d.prog.askSaveRBI(p.last.Team)
	}
	if req.changed {
		d.dirty++
	}
	if req.notice != "" {
		d.notice = req.notice
	}
	for _, e := range req.edits {
		d.setRobotVar(p.id, e.v, e.value)
	}
	return selectRobot
}

// updateTimeline moves the game along its timeline as the timeline's controls ask. It works
// from the window's snapshot, like the cycle counter, so that what is shown and what ← or a
// click moves from are the same cycle.
func (d *debugUI) updateTimeline(gtx layout.Context, pub debugPub) {
	if d.timeline.update(gtx) {
		d.prog.toggleTools()
	}
	t := &d.timeline
	if t.seekWant >= 0 && !t.seekBusy.Load() {
		c := t.seekWant
		t.seekWant = -1
		if c != d.snap.Cycle || pub.game != d.snap.Game {
			d.wantRun = false
			d.notice = ""
			t.seekBusy.Store(true)
			d.run.seekTape(c, func(int, error) { t.seekBusy.Store(false) })
			d.dirty++
		}
	}
}

// SeekCycle moves the game to cycle c of its timeline (paused), as the timeline does.
func (u *UI) SeekCycle(c int) {
	u.wantRun = false
	u.run.seekTape(c, nil)
	u.dbg.dirty++
}

// SetRobotVar sets #v (1..20) or #Active (v = 0) of a robot through the engine, as the
// debugger's fields do. Works paused or running; rewinding replays it.
func (u *UI) SetRobotVar(id, v int, value int16) { u.dbg.setRobotVar(id, v, value) }

func (d *debugUI) setRobotVar(id, v int, value int16) {
	d.run.do(func(s *runState) {
		t, ok := s.tape, s.tape != nil
		if !ok {
			return
		}
		if err := t.Edit(id, v, value); err != nil {
			d.say("Not changed: " + err.Error() + ".")
		}
		d.run.Publish()
	})
	d.dirty++
}

// sendBreakpoints gives the game the panels' breakpoints when they changed (or the game did).
func (d *debugUI) sendBreakpoints() {
	var bp Breakpoints
	for _, p := range d.strip.Panels {
		p.addBreakpoints(&bp)
	}
	sig := fmt.Sprint(bp)
	if sig == d.bpSent && d.bpGame == d.snap.Game {
		return
	}
	d.bpSent, d.bpGame = sig, d.snap.Game
	d.run.setBreaks(bp)
}

// applyFollow keeps the followed robot selected on board b and, when zoomed in, in the
// middle.
func (d *debugUI) applyFollow(b *boardView) {
	if d.follow == 0 {
		return
	}
	for i := range d.snap.Robots {
		r := &d.snap.Robots[i]
		if r.ID == d.follow {
			b.Selected = r.ID
			if b.Zoom() > 1 {
				b.center = f32.Pt(float32(r.X)+0.5, float32(r.Y)+0.5)
			}
			return
		}
	}
}

// layoutWorkArea lays out the board (or the program editor) with the timeline under it, and
// the open debuggers beside it.
func (u *UI) layoutWorkArea(gtx layout.Context) layout.Dimensions {
	if id := u.dbg.update(gtx); id != 0 {
		u.board.Selected = id
	}
	u.dbg.fetch()
	u.dbg.applyFollow(&u.board)
	clicks := u.board.Clicks
	u.dbg.strip.Fit(gtx, gtx.Constraints.Max.X, debuggerWidth)
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
					return u.dbg.layoutPanels(gtx)
				}),
			)
		}),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			hint := len(u.dbg.strip.Panels) == 0 && !u.dbg.prog.visible() && len(u.snap.Robots) > 0
			return u.dbg.timeline.layout(gtx, u.timelineNotice(), hint, u.dbg.prog.toolsLabel())
		}),
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

// layoutPanels lays out the open panels side by side: as many as fit beside the board (which
// keeps at least 300 dp), the others a sideways scroll away.
func (d *debugUI) layoutPanels(gtx layout.Context) layout.Dimensions {
	panels := d.strip.Docked()
	if len(panels) == 0 {
		return layout.Dimensions{}
	}
	pub := d.published()
	for _, p := range panels {
		p.catchUp(pub)
	}
	return d.strip.Layout(gtx, d.th, debuggerWidth, func(gtx layout.Context, p *robotDebugger) layout.Dimensions {
		return p.layout(gtx, pub, d.follow == p.id)
	})
}

// monoLabel is a label in the Go Mono face, for code.
func monoLabel(th *material.Theme, s string, size unit.Sp) material.LabelStyle {
	l := material.Label(th, size, s)
	l.Font.Typeface = "Go Mono"
	l.MaxLines = 1
	l.Alignment = text.Start
	return l
}

// timelineNotice is the line under the timeline: the debuggers' notice, or while a new game
// is made on the simulation goroutine, that it is.
func (u *UI) timelineNotice() string {
	if u.dbg.notice == "" && u.making() {
		return "Making the new game…"
	}
	return u.dbg.notice
}
