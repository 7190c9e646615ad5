package robowin

import (
	"fmt"

	"robocom/arena"
)

// Breakpoints are checked on the simulation goroutine after every cycle (tapeGame.Step).
// They cost nothing when none is set; each watched robot costs one Probe per cycle.

// Breakpoints is what the debuggers ask to stop at.
type Breakpoints struct {
	Instr []InstrBreak     // a robot reaches an instruction
	Dies  []DeathBreak     // a robot dies
	Teams [MaxPlayers]bool // any robot of a team dies
}

// InstrBreak stops when Robot arrives at instruction Instr of bank Bank (both 1-based); with
// Task above 0 only when that task of the robot arrives there (RC3 multitasking). With Team
// 0 or more, only while robot Robot is a robot of that program (player index): a debugger's
// breakpoints are its program's, and another game may give the number to another program.
type InstrBreak struct{ Robot, Team, Bank, Instr, Task int }

// DeathBreak stops when Robot dies; with Team 0 or more only a robot of that program.
type DeathBreak struct{ Robot, Team int }

// BreakHit says why the game stopped.
type BreakHit struct {
	Kind   string // "instr", "death" or "team"
	Cycle  int
	Robot  int
	Team   int
	Bank   int
	Instr  int
	Task   int // the task that arrived, for a breakpoint limited to one
	Reason arena.Reason
}

type breakState struct {
	set        Breakpoints
	watch      []watchedRobot
	deathsSeen int
	hit        BreakHit
	hits       int    // counts hits, so the UI can tell a new one
	halt       func() // pauses the Runner; called on its goroutine
	multi      bool   // the game allows several tasks: a breakpoint for any task probes each
}

type watchedRobot struct {
	id, task int // task 0: any task of the robot
	prev     arena.Probe
	each     []taskProbe // task 0 in a multitasking game: every task's last probe (tasks.go)
}

// probe is the watched robot's, or its task's, position now.
func (w *watchedRobot) probe(eng *arena.Game) arena.Probe {
	if w.task > 0 {
		return eng.ProbeTask(w.id, w.task)
	}
	return eng.Probe(w.id)
}

// setBreakpoints replaces the breakpoints; robots watched before keep their last probe.
func (b *breakState) setBreakpoints(eng *arena.Game, bp Breakpoints) {
	b.set = bp
	b.multi = eng.Options().MaxTasks > 1
	old := b.watch
	b.watch = nil
	seen := map[[2]int]bool{}
	for _, ib := range bp.Instr {
		if seen[[2]int{ib.Robot, ib.Task}] {
			continue
		}
		seen[[2]int{ib.Robot, ib.Task}] = true
		w := watchedRobot{id: ib.Robot, task: ib.Task}
		w.prev = w.probe(eng)
		if b.multi && w.task == 0 {
			w.each = probeTasks(eng, w.id, nil, nil)
		}
		for _, o := range old {
			if o.id == ib.Robot && o.task == ib.Task {
				w.prev, w.each = o.prev, o.each
			}
		}
		b.watch = append(b.watch, w)
	}
}

// resync takes the present as the reference after a jump in time (rewind).
func (b *breakState) resync(eng *arena.Game) {
	b.deathsSeen = eng.DeathCount()
	for i := range b.watch {
		w := &b.watch[i]
		w.prev = w.probe(eng)
		if b.multi && w.task == 0 {
			w.each = probeTasks(eng, w.id, nil, nil)
		}
	}
}

func (b *breakState) check(eng *arena.Game) {
	hit := false
	for i := range b.watch {
		w := &b.watch[i]
		if b.multi && w.task == 0 {
			// Any task: the robot's own probe follows its cursor from task to task, so each
			// task is probed on its own.
			w.each = probeTasks(eng, w.id, w.each, func(task int, cur arena.Probe) {
				for _, ib := range b.set.Instr {
					if ib.Robot == w.id && ib.Task == 0 && ib.Bank == cur.Bank && ib.Instr == cur.Instr && !hit && teamIs(eng, w.id, ib.Team) {
						b.hit = BreakHit{Kind: "instr", Cycle: eng.Cycle(), Robot: w.id, Bank: cur.Bank, Instr: cur.Instr, Task: task}
						hit = true
					}
				}
			})
			continue
		}
		cur := w.probe(eng)
		if arena.Arrived(w.prev, cur) {
			for _, ib := range b.set.Instr {
				if ib.Robot == w.id && ib.Task == w.task && ib.Bank == cur.Bank && ib.Instr == cur.Instr && !hit && teamIs(eng, w.id, ib.Team) {
					b.hit = BreakHit{Kind: "instr", Cycle: eng.Cycle(), Robot: w.id, Bank: cur.Bank, Instr: cur.Instr, Task: w.task}
					hit = true
				}
			}
		}
		w.prev = cur
	}
	if n := eng.DeathCount(); n > b.deathsSeen {
		for _, d := range eng.DeathsFrom(b.deathsSeen) {
			if hit {
				break
			}
			for _, db := range b.set.Dies {
				if db.Robot == d.Robot && (db.Team < 0 || db.Team == d.Program) {
					b.hit = BreakHit{Kind: "death", Cycle: d.Cycle, Robot: d.Robot, Team: d.Program, Reason: d.Reason}
					hit = true
				}
			}
			if !hit && d.Program >= 0 && d.Program < MaxPlayers && b.set.Teams[d.Program] {
				b.hit = BreakHit{Kind: "team", Cycle: d.Cycle, Robot: d.Robot, Team: d.Program, Reason: d.Reason}
				hit = true
			}
		}
		b.deathsSeen = n
	}
	if hit {
		b.hits++
		if b.halt != nil {
			b.halt()
		}
	}
}

// teamIs reports whether robot id is a robot of program team (any program when team < 0).
// It reads the robot's full view, so it is asked only once a breakpoint's place matched.
func teamIs(eng *arena.Game, id, team int) bool {
	if team < 0 {
		return true
	}
	v, ok := eng.Robot(id)
	return ok && v.Team == team
}

// describe says what a hit was, in the words of the window (teams by name).
func (h BreakHit) describe(teamName func(int) string) string {
	switch h.Kind {
	case "instr":
		if h.Task > 0 {
			return fmt.Sprintf("Paused: task %d of robot %d reached bank %d, instruction %d (cycle %d).", h.Task, h.Robot, h.Bank, h.Instr, h.Cycle)
		}
		return fmt.Sprintf("Paused: robot %d reached bank %d, instruction %d (cycle %d).", h.Robot, h.Bank, h.Instr, h.Cycle)
	case "death":
		return fmt.Sprintf("Paused: robot %d died in cycle %d (%s).", h.Robot, h.Cycle, deathText(h.Reason))
	case "team":
		return fmt.Sprintf("Paused: robot %d of %s died in cycle %d (%s).", h.Robot, teamName(h.Team), h.Cycle, deathText(h.Reason))
	}
	return ""
}

// deathText explains a death reason in the words of the event log.
func deathText(r arena.Reason) string { return reasonText(r.String()) }

// setBreaks sends the breakpoints to the game on the simulation goroutine; a hit pauses the
// Runner after the cycle in which it happened.
func (r *Runner) setBreaks(bp Breakpoints) {
	r.do(func(s *runState) {
		t, ok := s.tape, s.tape != nil
		if !ok {
			return
		}
		t.br.setBreakpoints(t.eng, bp)
		t.br.halt = r.Halt // ends the Runner's batch after this cycle and pauses it
	})
}

// stepRobot runs the game (paused) until robot id has executed its next instruction: it
// arrived at another one, or died. done receives a sentence for the user, or "" when all
// went as asked. It gives up after maxCycles.
func (r *Runner) stepRobot(id int, maxCycles int, done func(msg string)) {
	r.Pause()
	r.do(func(s *runState) {
		defer r.Publish()
		t, ok := s.tape, s.tape != nil
		if !ok {
			done("This game has no debugger support.")
			return
		}
		r.Halt()
		prev := t.eng.Probe(id)
		switch {
		case !prev.Alive:
			done(fmt.Sprintf("Robot %d is not alive.", id))
			return
		case !prev.Active:
			done(fmt.Sprintf("Robot %d is inactive (#Active ≤ 0): it runs again only when activated. Set #Active to 1 to wake it.", id))
			return
		}
		hits := t.br.hits
		// In a multitasking game the robot's probe follows its cursor task, so a step ends
		// when any of its tasks arrives at an instruction (tasks.go).
		multi := t.eng.Options().MaxTasks > 1
		var each []taskProbe
		if multi {
			each = probeTasks(t.eng, id, nil, nil)
		}
		for n := 0; n < maxCycles; n++ {
			if t.eng.Over() {
				done("The game is over.")
				return
			}
			r.step(s)
			cur := t.eng.Probe(id)
			arrived := false
			if multi {
				each = probeTasks(t.eng, id, each, func(int, arena.Probe) { arrived = true })
			} else {
				arrived = arena.Arrived(prev, cur)
			}
			if !cur.Alive || arrived || t.br.hits != hits {
				r.Halt()
				done("")
				return
			}
			prev = cur
		}
		done(fmt.Sprintf("Robot %d did not finish an instruction within %d cycles.", id, maxCycles))
	})
}
