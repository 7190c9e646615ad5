package corewin

import (
	"fmt"
	"strconv"
	"strings"

	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/corewars/play"
	"robocom/ui/kit"
)

// paramsForm edits the game parameters; Apply checks them, reloads the programs (Redcode's
// constants and the length limit depend on them) and restarts.
type paramsForm struct {
	*session
	look
	size, cycles, threads, maxLen, minDist, rounds, alive, cellPts, kill widget.Editor
	dialect                                                              widget.Enum
	selfMove                                                             widget.Bool
	apply, defaults                                                      widget.Clickable
	err                                                                  string
	msg                                                                  string        // what became of the last Apply
	shown                                                                play.Language // the language the form was loaded for
}

func (f *paramsForm) init() {
	for _, e := range f.editors() {
		e.SingleLine = true
	}
}

func (f *paramsForm) editors() []*widget.Editor {
	return []*widget.Editor{&f.size, &f.cycles, &f.threads, &f.maxLen, &f.minDist, &f.rounds, &f.alive, &f.cellPts, &f.kill}
}

// load shows p in the form.
func (f *paramsForm) load(l play.Language, p play.Params) {
	f.size.SetText(strconv.Itoa(p.Size))
	f.cycles.SetText(strconv.FormatInt(p.Cycles, 10))
	f.threads.SetText(strconv.Itoa(p.Threads))
	f.maxLen.SetText(strconv.Itoa(p.MaxLength))
	f.minDist.SetText(strconv.Itoa(p.MinDist))
	f.rounds.SetText(strconv.Itoa(p.Rounds))
	f.alive.SetText(strconv.FormatInt(p.AlivePoints, 10))
	f.cellPts.SetText(strconv.FormatInt(p.CellPoints, 10))
	f.kill.SetText(strconv.FormatInt(p.KillPoints, 10))
	f.dialect.Value = p.Dialect
	if f.dialect.Value == "" {
		f.dialect.Value = "94"
	}
	f.selfMove.Value = p.AllowSelfMove
	f.err = ""
	f.shown = l
}

// read parses the form into parameters for the language.
func (f *paramsForm) read(l play.Language) (play.Params, error) {
	p := play.Defaults(l)
	var bad []string
	num := func(ed *widget.Editor, name string) int64 {
		v, err := strconv.ParseInt(strings.TrimSpace(ed.Text()), 10, 64)
		if err != nil {
			bad = append(bad, name)
		}
		return v
	}
	p.Size = int(num(&f.size, "core size"))
	p.Cycles = num(&f.cycles, "cycles")
	p.Threads = int(num(&f.threads, "threads"))
	p.MaxLength = int(num(&f.maxLen, "maximum length"))
	p.MinDist = int(num(&f.minDist, "minimum distance"))
	p.Rounds = int(num(&f.rounds, "rounds"))
	if l == play.CW {
		p.AlivePoints = num(&f.alive, "alive points")
		p.CellPoints = num(&f.cellPts, "cell points")
		p.KillPoints = num(&f.kill, "kill points")
		p.AllowSelfMove = f.selfMove.Value
	}
	if l == play.Redcode {
		p.Dialect = f.dialect.Value
	}
	if len(bad) > 0 {
		return p, fmt.Errorf("not a whole number: %s", strings.Join(bad, ", "))
	}
	return p, p.Check(l)
}

func (f *paramsForm) update(gtx layout.Context) {
	if f.shown != f.lang {
		f.load(f.lang, f.params) // the first player set another language
	}
	if f.defaults.Clicked(gtx) {
		f.load(f.lang, play.Defaults(f.lang))
	}
	if f.apply.Clicked(gtx) {
		kit.TakeKeys(gtx, f.editors()...)
		p, err := f.read(f.lang)
		if err != nil {
			f.err = err.Error()
			return
		}
		f.err = ""
		f.askApply(p)
	}
}

const waitingForAnswer = "Waiting for your answer at the foot of the core: these parameters apply only when the game restarts."

// askApply puts the parameters p in use, reloads the programs and restarts the series,
// asking first while a game is under way; the form says what became of them.
func (f *paramsForm) askApply(p play.Params) {
	apply := func() {
		f.msg = ""
		f.params = p
		f.reloadPlayers()
		kept := staleNote(f.players)
		f.wantRun = false
		f.restartSeries()
		switch {
		case f.gameErr != "": // a core too small, an ;assert that fails: say so, not "restarts"
			f.notify("Parameters applied, but the game cannot start with them: " + f.gameErr)
		case kept != "":
			f.notify("Parameters applied; " + kept)
		default:
			f.inform("Parameters applied; the series restarts.")
		}
	}
	const q = "Use these parameters and restart the game?"
	f.confirm.Ask(f.snap.underWay(), q, "Apply and restart", apply, func() {
		f.msg = "Not applied: the game under way keeps its parameters."
	})
	if f.confirm.Question() == q {
		f.msg = waitingForAnswer
	}
}

// names of the parameters that mean something else in each language.
func paramNames(l play.Language) (cycles, threads, minDist string) {
	switch l {
	case play.VNA:
		return "Rounds before a draw", "Executors per player", "Blank nodes between programs"
	case play.Redcode:
		return "Cycles per warrior (pMARS -c)", "Processes per warrior", "Minimum distance"
	}
	return "Cycles before a draw", "Threads per process", "Minimum distance (0: size/(2·processes))"
}

func (f *paramsForm) layout(gtx layout.Context) layout.Dimensions {
	th := f.th
	var ch []layout.FlexChild
	add := func(wd layout.Widget) { ch = append(ch, layout.Rigid(wd), layout.Rigid(spacer(3))) }
	line := func(name string, ed *widget.Editor) {
		add(func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
				layout.Rigid(func(gtx layout.Context) layout.Dimensions {
					gtx.Constraints.Min.X, gtx.Constraints.Max.X = gtx.Dp(250), gtx.Dp(250)
					return material.Body2(th, name).Layout(gtx)
				}),
				layout.Rigid(func(gtx layout.Context) layout.Dimensions { return f.field(gtx, ed, "", 100) }),
			)
		})
	}
	add(material.Body2(th, "Language: "+f.lang.String()+" (set by the players). Changes take effect with Apply, which restarts the series.").Layout)
	cyc, thr, md := paramNames(f.lang)
	line(coreSizeName(f.lang), &f.size)
	line(cyc, &f.cycles)
	line(thr, &f.threads)
	maxName := "Maximum length (0: no limit)"
	if f.lang == play.VNA {
		maxName = "Maximum length (at most 40)"
	}
	line(maxName, &f.maxLen)
	line(md, &f.minDist)
	line("Rounds in a series", &f.rounds)
	switch f.lang {
	case play.Redcode:
		add(func(gtx layout.Context) layout.Dimensions {
			return row(gtx,
				material.Body2(th, "Dialect").Layout,
				material.RadioButton(th, &f.dialect, "94", "ICWS '94").Layout,
				material.RadioButton(th, &f.dialect, "88", "ICWS '88").Layout,
				material.RadioButton(th, &f.dialect, "86", "'86 (Atari ST)").Layout,
			)
		})
	case play.CW:
		add(material.CheckBox(th, &f.selfMove, "Allow self move").Layout)
		add(material.Subtitle2(th, "Score points").Layout)
		line("Alive points (per instruction)", &f.alive)
		line("Cell points (per cell owned)", &f.cellPts)
		line("Kill points (per process crashed)", &f.kill)
	}
	add(func(gtx layout.Context) layout.Dimensions {
		return row(gtx,
			func(gtx layout.Context) layout.Dimensions { return f.button(gtx, &f.apply, "Apply and restart") },
			func(gtx layout.Context) layout.Dimensions {
				return f.button(gtx, &f.defaults, "Defaults of "+shortLang(f.lang))
			},
		)
	})
	if f.err != "" {
		add(func(gtx layout.Context) layout.Dimensions {
			l := material.Body2(th, f.err)
			l.Color = errorCol
			return l.Layout(gtx)
		})
	} else if f.msg != "" {
		add(material.Body2(th, f.msg).Layout)
	}
	if f.lang == play.VNA || f.lang == play.Redcode {
		add(func(gtx layout.Context) layout.Dimensions {
			l := material.Caption(th, "Scoring: "+map[play.Language]string{play.VNA: "VNA Code defines none (score 0).", play.Redcode: "pMARS's (W²−1)/S for a survivor."}[f.lang])
			l.Color = mutedCol
			return layout.Inset{Top: unit.Dp(4)}.Layout(gtx, l.Layout)
		})
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, ch...)
}

func coreSizeName(l play.Language) string {
	if l == play.VNA {
		return "Ring size (nodes)"
	}
	return "Core size (cells)"
}

func shortLang(l play.Language) string {
	switch l {
	case play.VNA:
		return "VNA"
	case play.Redcode:
		return "Redcode"
	}
	return "Corewars"
}
