package robowin

import (
	"fmt"
	"slices"
	"strings"

	"gioui.org/font"
	"gioui.org/io/semantic"
	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/arena"
	"robocom/ui/kit"
)

// The debugger's task list (RC3.md 6): a multitasking robot's tasks in ring order, each with
// its position, the instruction in progress, its head and state, and which task ran last and
// which runs next. A click on a task limits the breakpoints set from then on to that task
// (Game.ProbeTask); a second click lifts the limit.

// taskPanel is the task part of one robot's debugger panel.
type taskPanel struct {
	rows   []widget.Clickable // one per task row, in ring order
	nums   []int              // the task number of each row, as last listed
	bpTask int                // breakpoints set now are limited to this task; 0 for any task
	limits map[[2]int]int     // bank, instruction → the task its breakpoint is limited to
}

// limit records that the breakpoint just set at k is limited to the chosen task, if any.
func (tp *taskPanel) limit(k [2]int) {
	if tp.bpTask == 0 {
		return
	}
	if tp.limits == nil {
		tp.limits = map[[2]int]int{}
	}
	tp.limits[k] = tp.bpTask
}

// update reads clicks on the task rows.
func (tp *taskPanel) update(gtx layout.Context) {
	for i := range tp.rows {
		if tp.rows[i].Clicked(gtx) && i < len(tp.nums) {
			if tp.bpTask == tp.nums[i] {
				tp.bpTask = 0
			} else {
				tp.bpTask = tp.nums[i]
			}
		}
	}
}

// taskLine describes one task in a line of text (also what tests read).
func taskLine(t arena.TaskView, next int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "T%d  %d:%d  %s", t.Number, t.Bank, t.Instr, t.Dir)
	switch {
	case t.InProgress && t.Current != nil:
		fmt.Fprintf(&b, "  %s, %d of %d left", t.Current.Op, t.Remaining, t.Duration)
	case t.InProgress:
		fmt.Fprintf(&b, "  %d of %d left", t.Remaining, t.Duration)
	default:
		b.WriteString("  fetches next")
	}
	var flags []string
	if t.Asleep {
		flags = append(flags, "asleep")
	}
	if t.Seized {
		flags = append(flags, "seized")
	}
	if t.Paused {
		flags = append(flags, "paused")
	}
	if t.Cursor {
		flags = append(flags, "ran last")
	}
	if t.Number == next {
		flags = append(flags, "runs next")
	}
	if len(flags) > 0 {
		b.WriteString(" · " + strings.Join(flags, ", "))
	}
	return b.String()
}

// taskRows are the panel rows of the task list; none for a robot without tasks (classic), nor
// for the one task of a robot in a set without multitasking (rc3).
func (p *robotDebugger) taskRows(v arena.RobotView) []layout.Widget {
	tp := &p.tasks
	if maxTasks, _ := p.opts.Get("max-tasks"); len(v.Tasks) == 0 || len(v.Tasks) == 1 && maxTasks <= 1 {
		return nil
	}
	tp.nums = tp.nums[:0]
	for _, t := range v.Tasks {
		tp.nums = append(tp.nums, t.Number)
	}
	if !slices.Contains(tp.nums, tp.bpTask) {
		// The chosen task is gone (it ended, or a new game has not made it yet): new
		// breakpoints are for any task again. The hint said they paused only for a task
		// the list no longer showed, and offered to click it.
		tp.bpTask = 0
	}
	for len(tp.rows) < len(v.Tasks) {
		tp.rows = append(tp.rows, widget.Clickable{})
	}
	title := fmt.Sprintf("Tasks (%d)", len(v.Tasks))
	if v.Seized != 0 {
		title += fmt.Sprintf(" · T%d seized, the others paused", v.Seized)
	}
	rows := []layout.Widget{p.heading(title)}
	hint := "Click a task to limit new breakpoints to it."
	if tp.bpTask != 0 {
		hint = fmt.Sprintf("New breakpoints pause only when task %d reaches them; click it again for any task.", tp.bpTask)
	}
	rows = append(rows, func(gtx layout.Context) layout.Dimensions {
		l := material.Caption(p.th, hint)
		l.Color = dbgMuted
		return l.Layout(gtx)
	})
	for i, t := range v.Tasks {
		line := taskLine(t, v.Next)
		chosen := t.Number == tp.bpTask
		rows = append(rows, func(gtx layout.Context) layout.Dimensions {
			return kit.Clickable(gtx, &tp.rows[i], func(gtx layout.Context) layout.Dimensions {
				semantic.LabelOp(line).Add(gtx.Ops)
				return layout.Background{}.Layout(gtx,
					func(gtx layout.Context) layout.Dimensions {
						if t.Cursor {
							paint.FillShape(gtx.Ops, dbgCurrent, clip.Rect{Max: gtx.Constraints.Min}.Op())
						}
						return layout.Dimensions{Size: gtx.Constraints.Min}
					},
					func(gtx layout.Context) layout.Dimensions {
						gtx.Constraints.Min.X = gtx.Constraints.Max.X
						l := monoLabel(p.th, line, 11)
						l.MaxLines = 2
						if chosen {
							l.Color = kit.NoticeText
							l.Font.Weight = font.Bold
						}
						if t.Paused {
							l.Color = dbgMuted
						}
						return l.Layout(gtx)
					})
			})
		})
	}
	return rows
}

// tasksAt lists the numbers of the tasks standing at instruction instr of bank, for the
// code listing's marks ("T1 T3").
func tasksAt(v arena.RobotView, bank, instr int) string {
	var s []string
	for _, t := range v.Tasks {
		if t.Bank == bank && t.Instr == instr {
			s = append(s, fmt.Sprintf("T%d", t.Number))
		}
	}
	return strings.Join(s, " ")
}

// taskProbe is one task's last probe, for a breakpoint on any task of a multitasking robot.
type taskProbe struct {
	task int
	prev arena.Probe
}

// probeTasks probes every task robot id has now and calls arrived for each task that came
// to its instruction since prev (arena.Arrived), a new task included where INIT put it; it
// returns the new probes (reusing prev's storage). The task numbers come from the robot's
// view, which allocates: this runs only while such a breakpoint is set.
func probeTasks(eng *arena.Game, id int, prev []taskProbe, arrived func(task int, cur arena.Probe)) []taskProbe {
	v, ok := eng.Robot(id)
	out := prev[:0:0]
	if !ok || !v.Alive {
		return out
	}
	for _, t := range v.Tasks {
		cur := eng.ProbeTask(id, t.Number)
		if arrived != nil && cur.Alive {
			before, seen := arena.Probe{}, false
			for _, p := range prev {
				if p.task == t.Number {
					before, seen = p.prev, true
				}
			}
			// A task new since the last probe arrives where INIT put it; a robot seen for
			// the first time arrives nowhere (as arena.Arrived after a birth).
			if seen && arena.Arrived(before, cur) || !seen && len(prev) > 0 && cur.HasInstr {
				arrived(t.Number, cur)
			}
		}
		out = append(out, taskProbe{t.Number, cur})
	}
	return out
}
