package refmodel

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"robocom/arena"
	"robocom/robolang"
)

// ---------------------------------------------------------------------------------------
// The differential harness: one game, played on the model and on package arena, compared
// cycle by cycle (events of the cycle, then the state of every living robot), then the
// result.

type game struct {
	name   string
	srcs   []string // program sources
	progs  []*robolang.Program
	places []Place
	opts   map[string]string // option overrides, keys as in CLI.md -opt
	limit  int               // time limit (the timeout option)
	check  func(t *testing.T, m *Game)
	// compareState: compare every living robot's state after each cycle (default true;
	// the corpus games turn it off only if they must for time).
	noState bool
	// set: "" for classic, else the built-in RC3 set ("rc3" or "rc3m") both sides start from.
	set  string
	seed int64 // the round's seed (0: 1); matters under rc3 ($ID, RANDOM) and for random places
}

// applyModelOpt applies a CLI.md -opt key to the model's options.
func applyModelOpt(o *Options, k, v string) error {
	if k == "instructions" {
		switch v {
		case "classic":
			o.RC3 = false
		case "rc3":
			o.RC3 = true
		default:
			return fmt.Errorf("instructions must be classic or rc3")
		}
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return err
	}
	switch k {
	case "board":
		o.Board = n
	case "timeout":
		o.Timeout = n
	case "elim-trigger":
		o.ElimTrigger = n
	case "first-mobile":
		o.FirstMobile = n == 1
	case "remote-cost":
		o.RemoteCost = n
	case "cost.trans-per-instr":
		o.TransPerInstr = n
	case "cost.create-per-bank":
		o.CreatePerBank = n
	case "cost.create-mobile-factor":
		o.CreateMobileFactor = n
	case "cost.create-set1":
		o.CreateSet1 = n
	case "cost.create-set2":
		o.CreateSet2 = n
	case "max-tasks":
		o.MaxTasks = n
	case "max-duration":
		o.MaxDuration = n
	case "cost.create-mobile":
		o.CreateMobile = n
	case "cost.rtrans-per-instr":
		o.RTransPerInstr = n
	case "cost.farscan-per-field":
		o.FarscanPerField = n
	default:
		if name, ok := strings.CutPrefix(k, "cost."); ok {
			op := robolang.LookupOpcode(name)
			if !op.Valid() {
				return fmt.Errorf("unknown cost key %s", k)
			}
			o.Cost[op] = n
			return nil
		}
		return fmt.Errorf("unknown key %s", k)
	}
	return nil
}

// engineLine renders an arena event as a trace line, in CLI.md's format (the same text as
// Event.Line on the model side).
func engineLine(e arena.Event) string {
	s := fmt.Sprintf(`{"round":1,"cycle":%d,"robot":%d,"program":%d,"event":%q`, e.Cycle, e.Robot, e.Program, e.Kind.String())
	switch e.Kind {
	case arena.EvSpawn:
		m := 0
		if e.Mobile {
			m = 1
		}
		s += fmt.Sprintf(`,"parent":%d,"x":%d,"y":%d,"dir":%q,"set":%d,"banks":%d,"mobile":%d`,
			e.Parent, e.X, e.Y, e.Dir.String(), e.Set, e.Banks, m)
	case arena.EvMove:
		s += fmt.Sprintf(`,"x":%d,"y":%d`, e.X, e.Y)
	case arena.EvTurn:
		s += fmt.Sprintf(`,"dir":%q`, e.Dir.String())
	case arena.EvTrans:
		s += fmt.Sprintf(`,"target":%d,"from_bank":%d,"to_bank":%d`, e.Target, e.FromBank, e.ToBank)
	case arena.EvActivate, arena.EvDeactivate:
		s += fmt.Sprintf(`,"target":%d`, e.Target)
	case arena.EvDeath:
		s += fmt.Sprintf(`,"reason":%q`, e.Reason.String())
	}
	return s + "}"
}

// robotState renders what both sides must agree on about one living robot.
// Under classic every robot has exactly one task, whose fields are the robot's.
func modelState(r *Robot) string {
	var b strings.Builder
	t := r.Only()
	fmt.Fprintf(&b, "id=%d parent=%d team=%d gen=%d set=%d mobile=%v at=%d,%d dir=%s active=%d pos=%d:%d inprog=%v rem=%d dur=%d vars=%v banks=[",
		r.ID, r.Parent, r.Team, r.Generation, r.Set, r.Mobile, r.X, r.Y, dirName[t.Dir], r.Active,
		t.Bank, t.Instr, t.InProgress, t.Remaining, t.Duration, r.Vars[1:])
	writeModelBanks(&b, r)
	b.WriteString("]")
	return b.String()
}

func writeModelBanks(b *strings.Builder, r *Robot) {
	for i, bk := range r.Banks {
		if i > 0 {
			b.WriteString(" ")
		}
		if bk.Hidden {
			fmt.Fprintf(b, "{hidden len=%d origin=%d}", len(bk.Code), bk.Origin)
		} else {
			fmt.Fprintf(b, "{%q len=%d origin=%d code=%s}", bk.Name, len(bk.Code), bk.Origin, modelCodeString(bk))
		}
	}
}

// modelCodeString renders a model bank as codeString renders the engine's: from the robolang
// code it was converted from, else from the model's own instructions.
func modelCodeString(bk Bank) string {
	if bk.Src != nil || len(bk.Code) == 0 {
		return codeString(bk.Src)
	}
	parts := make([]string, len(bk.Code))
	for i, in := range bk.Code {
		parts[i] = in.String() + "@" + in.Pos.String()
	}
	return "<" + strings.Join(parts, "|") + ">"
}

func engineState(v arena.RobotView) string {
	var b strings.Builder
	var vars [20]int16
	copy(vars[:], v.Vars[:])
	fmt.Fprintf(&b, "id=%d parent=%d team=%d gen=%d set=%d mobile=%v at=%d,%d dir=%s active=%d pos=%d:%d inprog=%v rem=%d dur=%d vars=%v banks=[",
		v.ID, v.Parent, v.Team, v.Generation, v.Set, v.Mobile, v.X, v.Y, v.Dir.String(), v.Active,
		v.Bank, v.Instr, v.InProgress, v.Remaining, v.Duration, vars)
	for i, bk := range v.Banks {
		if i > 0 {
			b.WriteString(" ")
		}
		if bk.Hidden {
			fmt.Fprintf(&b, "{hidden len=%d origin=%d}", bk.Len, bk.Origin)
		} else {
			fmt.Fprintf(&b, "{%q len=%d origin=%d code=%s}", bk.Name, bk.Len, bk.Origin, codeString(bk.Code))
		}
	}
	b.WriteString("]")
	return b.String()
}

// sameState is the quick structural form of modelState(r) == engineState(v).
func sameState(r *Robot, v *arena.RobotView) bool {
	t := r.Only()
	if t == nil || r.ID != v.ID || r.Parent != v.Parent || r.Team != v.Team || r.Generation != v.Generation || r.Set != v.Set ||
		r.Mobile != v.Mobile || r.X != v.X || r.Y != v.Y || t.Dir != int(v.Dir) || r.Active != v.Active ||
		t.Bank != v.Bank || t.Instr != v.Instr || t.InProgress != v.InProgress || t.Remaining != v.Remaining ||
		t.Duration != v.Duration || !sameBanks(r, v) {
		return false
	}
	for i := 1; i <= 20; i++ {
		if r.Vars[i] != v.Vars[i-1] {
			return false
		}
	}
	return true
}

// sameBanks compares the banks: code by the robolang instructions a bank was converted from
// (the same backing array on both sides is the quick case), else by converting the engine's.
func sameBanks(r *Robot, v *arena.RobotView) bool {
	if len(r.Banks) != len(v.Banks) {
		return false
	}
	for i, bk := range r.Banks {
		e := v.Banks[i]
		if bk.Hidden != e.Hidden || bk.Origin != e.Origin || len(bk.Code) != e.Len {
			return false
		}
		if bk.Hidden {
			continue
		}
		if bk.Name != e.Name || len(e.Code) != len(bk.Code) {
			return false
		}
		if bk.Src == nil {
			for k := range bk.Code {
				c, err := ConvertInstr(e.Code[k])
				if err != nil || c != bk.Code[k] {
					return false
				}
			}
			continue
		}
		if len(bk.Src) > 0 && &bk.Src[0] != &e.Code[0] {
			for k := range bk.Src {
				if bk.Src[k] != e.Code[k] {
					return false
				}
			}
		}
	}
	return true
}

func codeString(code []robolang.Instr) string {
	parts := make([]string, len(code))
	for i, in := range code {
		parts[i] = in.String() + "@" + in.Pos.String()
	}
	return "<" + strings.Join(parts, "|") + ">"
}

// lineDiff finds the first line where the model's and the engine's lists differ: its index
// and both lines ("" past the end of a list); false if the lists are equal.
func lineDiff(model, engine []string) (int, string, string, bool) {
	for i := 0; i < max(len(model), len(engine)); i++ {
		var a, b string
		if i < len(model) {
			a = model[i]
		}
		if i < len(engine) {
			b = engine[i]
		}
		if a != b {
			return i, a, b, true
		}
	}
	return 0, "", "", false
}

// firstDiff reports the first difference between two strings of state, for short messages.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-60)
	return fmt.Sprintf("at char %d:\n      model:  …%s\n      engine: …%s", i, clip(a[lo:], 200), clip(b[lo:], 200))
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// play runs one game on both sides and returns the first difference ("" if none).
func play(t *testing.T, gm *game) string {
	t.Helper()
	// A game with a named set goes the RC3 way: the set on both sides, the model's own
	// reading of the sources, per-robot task comparison, and the CLI trace.
	named := gm.set != ""
	progs := gm.progs
	if progs == nil {
		for i, src := range gm.srcs {
			p, err := robolang.Parse(fmt.Sprintf("%s_p%d.rob", gm.name, i), []byte(src), robolang.Options{RC3: named})
			if err != nil {
				t.Fatalf("%s: program %d does not load: %v", gm.name, i, err)
			}
			progs = append(progs, p)
		}
	}
	var mprogs []*Program
	for i, p := range progs {
		mp, err := FromRobolang(p)
		if err != nil {
			return fmt.Sprintf("%s: program %d: the model cannot read robolang's form: %v", gm.name, i, err)
		}
		if named && gm.srcs != nil {
			// The model's own reading of the source (RC3.md 2) against robolang's.
			if d := sameAssembly(gm.name, i, gm.srcs[i], mp); d != "" {
				return d
			}
		}
		mprogs = append(mprogs, mp)
	}
	limit := gm.limit
	if limit == 0 {
		limit = 2000
	}
	mopt := Classic()
	eopt := arena.Classic().Clone()
	if named {
		mopt = modelSet(gm.set)
		o, err := arena.ResolveOptions(gm.set)
		if err != nil {
			t.Fatalf("%s: engine option set %s: %v", gm.name, gm.set, err)
		}
		eopt = o.Clone()
	}
	keys := make([]string, 0, len(gm.opts))
	for k := range gm.opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	set := func(k, v string) {
		if err := applyModelOpt(&mopt, k, v); err != nil {
			t.Fatalf("%s: model option %s=%s: %v", gm.name, k, v, err)
		}
		if err := eopt.Set(k, v); err != nil {
			t.Fatalf("%s: engine option %s=%s: %v", gm.name, k, v, err)
		}
	}
	for _, k := range keys {
		set(k, gm.opts[k])
	}
	set("timeout", strconv.Itoa(limit))

	var places []arena.Placement
	for _, p := range gm.places {
		places = append(places, arena.Placement{Fixed: !p.Random(), X: p.X, Y: p.Y, Dir: arena.Dir(p.Dir)})
	}
	seed := gm.seed
	if seed == 0 {
		seed = 1
	}
	// Per cycle the events are compared in CLI.md's classic shape (what an arena.Event
	// surely carries); the full RC3 lines, task fields included, are compared through the
	// CLI's -trace (playCLI).
	var mev, eev, mall, mfull []string
	m := NewSeeded(mprogs, mopt, gm.places, seed, func(e Event) {
		mev = append(mev, e.ClassicLine())
		mall = append(mall, e.ClassicLine())
		if named {
			mfull = append(mfull, e.Line())
		}
	})
	eg, err := arena.New(arena.Config{Programs: progs, Options: eopt, Seed: seed, Places: places,
		OnEvent: func(e arena.Event) { eev = append(eev, engineLine(e)) }})
	if err != nil {
		t.Fatalf("%s: arena.New: %v", gm.name, err)
	}
	defer eg.Release()

	cmpEvents := func(cycle int) string {
		if i, a, b, differ := lineDiff(mev, eev); differ {
			return fmt.Sprintf("%s: cycle %d: event %d differs:\n      model:  %s\n      engine: %s", gm.name, cycle, i, orNone(a), orNone(b))
		}
		mev, eev = mev[:0], eev[:0]
		return ""
	}
	cmpState := func(cycle int) string {
		var ms []*Robot
		for _, r := range m.Robots {
			if r.Alive {
				ms = append(ms, r)
			}
		}
		es := eg.Robots()
		for i := 0; i < max(len(ms), len(es)); i++ {
			if named {
				var r *Robot
				var v *arena.RobotView
				if i < len(ms) {
					r = ms[i]
				}
				if i < len(es) {
					v = &es[i]
				}
				if d := rc3StateDiff(r, v); d != "" {
					return fmt.Sprintf("%s: cycle %d: living robot #%d differs: %s", gm.name, cycle, i, d)
				}
				continue
			}
			if i < len(ms) && i < len(es) && sameState(ms[i], &es[i]) {
				continue
			}
			var a, b string
			if i < len(ms) {
				a = modelState(ms[i])
			}
			if i < len(es) {
				b = engineState(es[i])
			}
			if a != b {
				return fmt.Sprintf("%s: cycle %d: living robot #%d differs %s", gm.name, cycle, i, firstDiff(a, b))
			}
		}
		return ""
	}
	if d := cmpEvents(0); d != "" {
		return d
	}
	if d := cmpState(0); d != "" {
		return d
	}
	for {
		ms := m.Step()
		es := eg.Step()
		if ms != es {
			return fmt.Sprintf("%s: after cycle %d: model stepped=%v, engine stepped=%v", gm.name, m.Cycle, ms, es)
		}
		if !ms {
			break
		}
		if m.Cycle != eg.Cycle() {
			return fmt.Sprintf("%s: model at cycle %d, engine at cycle %d", gm.name, m.Cycle, eg.Cycle())
		}
		if d := cmpEvents(m.Cycle); d != "" {
			return d
		}
		if !gm.noState {
			if d := cmpState(m.Cycle); d != "" {
				return d
			}
		}
		if m.Done != eg.Over() {
			return fmt.Sprintf("%s: after cycle %d: model over=%v, engine over=%v", gm.name, m.Cycle, m.Done, eg.Over())
		}
	}
	mr, er := m.Result(), eg.Result()
	a := fmt.Sprintf("cycles=%d instructions=%d winner=%d", mr.Cycles, mr.Instructions, mr.Winner)
	b := fmt.Sprintf("cycles=%d instructions=%d winner=%d", er.Cycles, er.Instructions, er.Winner)
	for i, p := range mr.Programs {
		a += fmt.Sprintf(" p%d{alive=%v robots=%d died=%d rank=%d}", i, p.Alive, p.Robots, p.DiedAt, p.Rank)
	}
	for i, p := range er.Programs {
		b += fmt.Sprintf(" p%d{alive=%v robots=%d died=%d rank=%d}", i, p.Alive, p.Robots, p.DiedAt, p.Rank)
	}
	for _, d := range mr.Deaths {
		a += fmt.Sprintf(" d(%d,%d,%d,%s)", d.Cycle, d.Robot, d.Program, d.Reason)
	}
	for _, d := range er.Deaths {
		b += fmt.Sprintf(" d(%d,%d,%d,%s)", d.Cycle, d.Robot, d.Program, d.Reason.String())
	}
	if a != b {
		return fmt.Sprintf("%s: results differ %s", gm.name, firstDiff(a, b))
	}
	if gm.check != nil {
		gm.check(t, m)
	}
	// The same game again, run by the engine without views between cycles: once with Run,
	// once with RunUntil in uneven steps (the engine may skip idle cycles there).
	for mode := 0; mode < 2; mode++ {
		var all []string
		g2, err := arena.New(arena.Config{Programs: progs, Options: eopt, Seed: seed, Places: places,
			OnEvent: func(e arena.Event) { all = append(all, engineLine(e)) }})
		if err != nil {
			t.Fatalf("%s: arena.New: %v", gm.name, err)
		}
		how := "Run"
		if mode == 0 {
			g2.Run()
		} else {
			how = "RunUntil"
			for c, k := 0, 0; !g2.Over(); k++ {
				c += 1 + (k*37)%101
				g2.RunUntil(c)
			}
		}
		if i, a, b, differ := lineDiff(mall, all); differ {
			g2.Release()
			return fmt.Sprintf("%s (engine with %s): event %d differs:\n      model:  %s\n      engine: %s", gm.name, how, i, orNone(a), orNone(b))
		}
		r2 := g2.Result()
		b2 := fmt.Sprintf("cycles=%d instructions=%d winner=%d", r2.Cycles, r2.Instructions, r2.Winner)
		for i, p := range r2.Programs {
			b2 += fmt.Sprintf(" p%d{alive=%v robots=%d died=%d rank=%d}", i, p.Alive, p.Robots, p.DiedAt, p.Rank)
		}
		for _, d := range r2.Deaths {
			b2 += fmt.Sprintf(" d(%d,%d,%d,%s)", d.Cycle, d.Robot, d.Program, d.Reason.String())
		}
		g2.Release()
		if a != b2 {
			return fmt.Sprintf("%s (engine with %s): results differ %s", gm.name, how, firstDiff(a, b2))
		}
	}
	if named {
		if d := playCLI(t, gm, mfull, m.Result()); d != "" {
			return d
		}
	}
	if testing.Verbose() {
		t.Logf("%s: same game: %s", gm.name, clip(a, 160))
	}
	return ""
}

func orNone(s string) string {
	if s == "" {
		return "(no event)"
	}
	return s
}

// ---------------------------------------------------------------------------------------
// Hand-written programs, one or a few rules each.

// prog joins lines into a program source with a single "Bank" when none is given.
func prog(lines ...string) string {
	s := strings.Join(lines, "\n") + "\n"
	if !strings.HasPrefix(strings.ToLower(strings.TrimSpace(s)), "bank") {
		s = "Bank\n" + s
	}
	return s
}

// Places used below: A faces B across one field boundary (A's reference field is B's field
// and the other way round); Far is out of everyone's way.
var (
	A    = Place{2, 2, E}
	B    = Place{3, 2, W}
	Far  = Place{10, 10, N}
	Far2 = Place{12, 6, S}
)

// child builds a robot (set, mobile) in front of it, gives it bank 2 as its bank 1,
// activates it and idles; the child's code is the given lines.
func child(set, mobile int, banks int, lines ...string) string {
	return fmt.Sprintf("Bank main\nCREATE %d, %d, %d\nTRANS 2, 1\nSET %%Active, 1\nJUMP 0\nBank kid\n%s\n",
		set, banks, mobile, strings.Join(lines, "\n"))
}

func deathAt(cycle int, reason string) func(t *testing.T, m *Game) {
	return func(t *testing.T, m *Game) {
		t.Helper()
		for _, d := range m.Deaths {
			if d.Cycle == cycle && d.Reason == reason {
				return
			}
		}
		t.Errorf("model: expected a %s death in cycle %d, deaths: %v", reason, cycle, m.Deaths)
	}
}

func handGames() []*game {
	one := func(name string, limit int, check func(*testing.T, *Game), lines ...string) *game {
		return &game{name: name, srcs: []string{prog(lines...)}, places: []Place{A}, limit: limit, check: check}
	}
	gs := []*game{
		// Section 6's example.
		one("spec-example", 100, deathAt(13, "die"), "ADD #1,1", "ADD #1,1", "DIE"),
		// Every basic instruction, skips, jumps, bank jumps, auto-reboot by BJUMP to a
		// missing bank and past the end; runs into elimination eventually.
		{name: "basic-instructions", limit: 3000, places: []Place{A}, srcs: []string{
			"Bank one\nSET #1, 7\nCOMP #1, 7\nDIE\nCOMP #1, 8\nJUMP 2\nDIE\nTURN 0\nTURN 1\nTURN 1\nTURN -3\nJUMP 1\nBJUMP 2, 2\n" +
				"Bank two\nDIE\nADD #2, 250\nCOMP #2, 1000\nBJUMP 1, 1\nBJUMP 7, 1\n"}},
		one("jump-0", 50, nil, "JUMP 0"),
		one("jump-outside", 50, nil, "SET #1, 1", "JUMP 5"),
		one("jump-negative-outside", 50, nil, "ADD #1, 1", "JUMP -5"),
		one("comp-skip-past-end", 50, nil, "ADD #1, 1", "COMP 1, 1"),
		one("bjump-instr-0", 50, nil, "ADD #1, 1", "BJUMP 1, 0"),
		one("bjump-past-end", 50, nil, "ADD #1, 1", "BJUMP 1, 3"),
		one("bjump-bank-0", 50, nil, "ADD #1, 1", "BJUMP 0, 1"),
		one("fall-off-end", 50, nil, "ADD #1, 3", "SUB #2, 1"),
		one("move-immobile", 50, deathAt(18, "not_mobile"), "MOVE"),
		one("die-first", 50, deathAt(1, "die"), "DIE"),
		{name: "data-hunger-start", limit: 50, places: []Place{A}, srcs: []string{"Bank\nBank\nDIE\n"},
			check: deathAt(1, "data_hunger")},
		{name: "data-hunger-bjump", limit: 50, places: []Place{A}, srcs: []string{"Bank\nBJUMP 2, 1\nBank\nDIE\n"}},
		// Elimination, 16-bit range, the trigger option.
		one("elim-add", 100, nil, "SET #1, 4999", "ADD #1, 1", "ADD #1, 1"),
		one("elim-sub", 100, nil, "SUB #1, 5000", "SUB #1, 1"),
		one("elim-active", 100, nil, "ADD #Active, 4999", "ADD #Active, 1"),
		one("elim-remote-empty", 100, deathAt(14, "elimination"), "ADD %Active, 5001"),
		one("remote-empty-ok", 100, nil, "ADD %Active, 5000", "SET #1, %Active", "SET #2, %Banks", "SET #3, %Mobile", "SET #4, %InstrSet", "SET %Active, 9", "SUB %Active, 5000", "JUMP 0"),
		{name: "elim-32767-min", limit: 100, places: []Place{A}, opts: map[string]string{"elim-trigger": "32767"},
			srcs: []string{prog("SET #1, -32768", "SET #2, 32767", "SUB #3, 32767", "ADD #1, 0")}},
		{name: "elim-32767-max", limit: 100, places: []Place{A}, opts: map[string]string{"elim-trigger": "32767"},
			srcs: []string{prog("SET #2, 32767", "SUB #2, 1", "ADD #2, 1", "ADD #2, 1")}},
		{name: "elim-32767-sub", limit: 100, places: []Place{A}, opts: map[string]string{"elim-trigger": "32767"},
			srcs: []string{prog("SET #2, -32767", "SUB #2, -32768")}},
		{name: "elim-0", limit: 100, places: []Place{A}, opts: map[string]string{"elim-trigger": "0"},
			srcs: []string{prog("ADD #1, 0", "SUB #1, 0", "SET #1, 5", "ADD #2, -1")}},
		{name: "elim-var-set-big", limit: 100, places: []Place{A},
			srcs: []string{prog("SET #1, 30000", "SET #2, #1", "COMP #1, 30000", "DIE", "ADD #1, 0")}},
		// Constants.
		{name: "constants", limit: 100, places: []Place{A}, opts: map[string]string{"board": "9"},
			srcs: []string{"Bank\nSET #1, $Banks\nSET #2, $Mobile\nSET #3, $InstrSet\nSET #4, $Fields\nJUMP 0\nBank\nBank\n"}},
		{name: "constants-mobile", limit: 100, places: []Place{A}, opts: map[string]string{"first-mobile": "1"},
			srcs: []string{prog("SET #2, $Mobile", "MOVE", "TURN 1", "MOVE", "JUMP -3")}},
		// Remote surcharge.
		one("remote-cost", 200, nil, "COMP %Active, %Banks", "SET #1, 1", "SET %Active, %Active", "SCAN %Active", "SCAN #5", "JUMP 0"),
		{name: "remote-cost-option", limit: 200, places: []Place{A}, opts: map[string]string{"remote-cost": "1", "cost.comp": "0"},
			srcs: []string{prog("COMP %Active, %Banks", "SET #1, 1", "COMP 1, 2", "JUMP -3")}},
		{name: "zero-costs", limit: 200, places: []Place{A}, opts: map[string]string{"first-mobile": "1", "cost.move": "0", "cost.jump": "0", "cost.add": "0"},
			srcs: []string{prog("ADD #1, 1", "MOVE", "JUMP -2")}},
		// Mobility, moves on the torus, contention for a field.
		{name: "move-torus", limit: 300, places: []Place{{15, 0, E}}, opts: map[string]string{"first-mobile": "1"},
			srcs: []string{prog("MOVE", "TURN 0", "MOVE", "TURN 0", "MOVE", "MOVE", "TURN 0", "MOVE", "JUMP -8")}},
		{name: "move-contention", limit: 200, places: []Place{{2, 2, E}, {4, 2, W}}, opts: map[string]string{"first-mobile": "1"},
			srcs: []string{prog("MOVE", "JUMP -1"), prog("MOVE", "JUMP -1")}},
		{name: "move-contention-rev", limit: 200, places: []Place{{4, 2, W}, {2, 2, E}}, opts: map[string]string{"first-mobile": "1"},
			srcs: []string{prog("MOVE", "JUMP -1"), prog("MOVE", "JUMP -1")}},
		{name: "move-blocked", limit: 200, places: []Place{A, B}, opts: map[string]string{"first-mobile": "1"},
			srcs: []string{prog("MOVE", "SCAN #1", "JUMP -2"), prog("JUMP 0")}},
		// SCAN: empty, enemy, friend; SCAN into #Active.
		{name: "scan", limit: 400, places: []Place{A, B}, srcs: []string{
			prog("SCAN #1", "TURN 1", "SCAN #2", "CREATE 0, 1, 0", "SCAN #3", "SET #4, %Banks", "SET #5, %InstrSet", "SET #6, %Mobile", "SET #7, %Active", "SCAN #Active", "JUMP 0"),
			prog("SCAN #1", "JUMP 0")}},
		{name: "scan-into-active", limit: 400, places: []Place{A}, srcs: []string{prog("SCAN #Active", "JUMP 0")}},
		{name: "scan-into-remote-active", limit: 400, places: []Place{A, B}, srcs: []string{
			prog("SCAN %Active", "SCAN %Active", "JUMP -1"), prog("ADD #1, 1", "JUMP -1")}},
		// CREATE: costs, occupied field, parameters and errors.
		one("create-costs", 5000, nil, "CREATE 0, 1, 0", "TURN 1", "CREATE 1, 2, 1", "TURN 1", "CREATE 2, 50, 1", "TURN 1",
			"CREATE 2, 3, 0", "CREATE 2, 3, 0", "TURN 1", "SET #1, 4", "CREATE 0, #1, 1", "JUMP 0"),
		one("create-b0", 200, deathAt(50, "invalid_banks"), "CREATE 0, 0, 0"),
		one("create-b51", 5000, nil, "CREATE 0, 51, 0"),
		one("create-bneg", 200, deathAt(1, "invalid_banks"), "CREATE 0, -10, 0"),
		one("create-bneg-mobile", 200, nil, "ADD #1, 1", "CREATE 2, -3, 1"),
		one("create-a3", 500, nil, "CREATE 3, 1, 0"),
		one("create-aneg", 500, nil, "CREATE -1, 1, 1"),
		one("create-c2", 500, nil, "CREATE 1, 1, 2"),
		one("create-11-before-13", 500, nil, "CREATE 3, 0, 2"),
		one("create-remote", 500, nil, "CREATE %Active, %Banks, %Mobile", "TURN 1", "JUMP -2"),
		{name: "create-occupied", limit: 500, places: []Place{A, B}, srcs: []string{prog("CREATE 2, 2, 1", "JUMP 0"), prog("ADD #1, 1", "JUMP -1")}},
		// Built robots: inactive, data hunger on activation, code by TRANS, activation in the
		// same cycle, generation and direction.
		{name: "child-data-hunger", limit: 500, places: []Place{A},
			srcs: []string{prog("CREATE 0, 1, 0", "SET %Active, 1", "JUMP 0")}},
		{name: "child-runs", limit: 2000, places: []Place{A},
			srcs: []string{child(2, 1, 3, "SET #1, $InstrSet", "SET #2, $Mobile", "SET #3, $Banks", "MOVE", "TURN 1", "CREATE 1, 1, 0", "SET %Active, 1", "JUMP -5")}},
		{name: "child-set0-scan", limit: 500, places: []Place{A}, srcs: []string{child(0, 0, 1, "SCAN #1")}},
		{name: "child-set0-remote", limit: 500, places: []Place{A}, srcs: []string{child(0, 0, 1, "SET #1, 2", "SET #1, %Banks")}},
		{name: "child-set0-remote-write", limit: 500, places: []Place{A}, srcs: []string{child(0, 0, 1, "SET %Active, 1")}},
		{name: "child-set0-trans-missing", limit: 500, places: []Place{A}, srcs: []string{child(0, 0, 1, "TRANS 5, 1")}},
		{name: "child-set1-trans-missing", limit: 500, places: []Place{A}, srcs: []string{child(1, 0, 1, "TRANS 5, 1")}},
		{name: "child-set1-create", limit: 500, places: []Place{A}, srcs: []string{child(1, 0, 1, "CREATE 0, 1, 0")}},
		{name: "child-set0-create-remote", limit: 500, places: []Place{A}, srcs: []string{child(0, 0, 1, "CREATE %Active, 0, 7")}},
		{name: "child-set1-create-bad", limit: 500, places: []Place{A}, srcs: []string{child(1, 0, 1, "CREATE 5, 0, 0")}},
		{name: "child-immobile-move", limit: 500, places: []Place{A}, srcs: []string{child(2, 0, 1, "MOVE")}},
		{name: "child-set0-mobile-move", limit: 500, places: []Place{A}, srcs: []string{child(0, 1, 1, "MOVE", "TURN 0", "JUMP -2")}},
		{name: "child-set0-basic", limit: 800, places: []Place{A}, srcs: []string{child(0, 0, 1, "ADD #1, 3", "COMP #1, 12", "JUMP -2", "BJUMP 1, 1")}},
		{name: "child-one-bank-trans2", limit: 500, places: []Place{A}, srcs: []string{
			"Bank\nCREATE 1, 1, 0\nTRANS 2, 2\nTRANS 3, 1\nSET %Active, 1\nJUMP 0\nBank\nDIE\nBank\nSET #1, 1\nJUMP -1\n"}},
		// Same-cycle activation of a just-built robot by an older... a younger-than-builder robot.
		{name: "activate-newborn-same-cycle", limit: 300, check: deathAt(70, "data_hunger"), places: []Place{{2, 2, E}, {4, 2, W}}, srcs: []string{
			prog("CREATE 0, 1, 0", "JUMP 0"),
			prog("SET #1,1", "SET #1,1", "SET #1,1", "SET #1,1", "SET #1,1", "SET #1,1", "SET #1,1", "SET #1,1", "SET #1,1",
				"ADD #1,1", "ADD #1,1", "SET %Active, 1", "JUMP 0")}},
		// Activation mid-cycle: by an older robot (same cycle) and by a younger one (next cycle).
		{name: "activate-by-older", limit: 300, places: []Place{A, B}, srcs: []string{
			prog("ADD #1, 1", "SET %Active, 1", "JUMP 0"),
			prog("SET #Active, 0", "DIE")}},
		{name: "activate-by-younger", limit: 300, places: []Place{A, B}, srcs: []string{
			prog("SET #Active, 0", "DIE"),
			prog("ADD #1, 1", "SET %Active, 1", "JUMP 0")}},
		// Freezing an instruction in progress and resuming it.
		{name: "freeze-resume", limit: 600, places: []Place{A, B}, srcs: []string{
			prog("SET %Active, 0", "SET #1, 0", "SET #1, 1", "SET %Active, 1", "SET %Active, -5", "ADD %Active, 6", "SUB %Active, 1", "ADD %Active, 32", "JUMP -4"),
			prog("ADD #1, 1", "JUMP -1")}},
		{name: "freeze-long", limit: 600, places: []Place{A, B}, srcs: []string{
			prog("ADD #1,1", "SET %Active, 0", "ADD #2,1", "COMP #2, 20", "JUMP -2", "SET %Active, 1", "JUMP 0"),
			prog("CREATE 2, 5, 1", "DIE")}},
		{name: "self-deactivate", limit: 300, places: []Place{A, Far}, srcs: []string{
			prog("SET #Active, 0", "DIE"), prog("JUMP 0")}},
		{name: "remote-active-values", limit: 500, places: []Place{A, B}, srcs: []string{
			prog("SET %Active, 7", "SET #1, %Active", "SET %Active, 0", "SET #2, %Active", "SET %Active, -3", "SUB %Active, -4", "SET #3, %Active", "JUMP 0"),
			prog("ADD #1, 1", "JUMP -1")}},
		// TRANS: costs, errors, nobody there, missing target bank, replacing a bank in use.
		{name: "trans-costs", limit: 800, places: []Place{A, B}, srcs: []string{
			"Bank\nTRANS 2, 2\nTRANS 3, 2\nTRANS 2, 9\nTRANS %Banks, 1\nJUMP 0\nBank two\nSET #1, 5\nSET #2, 5\nSET #3,3\nBank three\n",
			"Bank\nADD #1, 1\nJUMP -1\nBank\nBank\n"}},
		{name: "trans-nobody", limit: 300, places: []Place{A}, srcs: []string{"Bank\nTRANS 2, 1\nTRANS 1, 1\nJUMP 0\nBank\nDIE\n"}},
		{name: "trans-missing-source", limit: 300, places: []Place{A, B}, srcs: []string{"Bank\nTRANS 1, 1\nTRANS 3, 1\n", prog("JUMP 0")}},
		{name: "trans-bank0-source", limit: 300, places: []Place{A, B}, srcs: []string{"Bank\nTRANS 0, 1\n", prog("JUMP 0")}},
		{name: "trans-replace-in-progress", limit: 300, places: []Place{A, B}, srcs: []string{
			"Bank\nTRANS 2, 1\nJUMP 0\nBank\nDIE\nDIE\n",
			prog("ADD #1, 1", "JUMP -1")}},
		{name: "trans-replace-shorter", limit: 300, places: []Place{A, B}, srcs: []string{
			"Bank\nTRANS 2, 1\nJUMP 0\nBank\nSET #9, 9\n",
			prog("JUMP 1", "ADD #1, 1", "JUMP -1")}},
		{name: "trans-replace-empty", limit: 300, places: []Place{A, B}, srcs: []string{
			"Bank\nTRANS 2, 1\nJUMP 0\nBank\n",
			prog("JUMP 1", "ADD #1, 1", "JUMP -1")}},
		{name: "trans-replace-longer-cost", limit: 300, places: []Place{A, B}, srcs: []string{
			"Bank\nSET #1, 1\nTRANS 2, 1\nJUMP 0\nBank\nCREATE 2, 10, 1\nDIE\n",
			prog("SET #1, 1", "JUMP -1")}},
		{name: "trans-source-read-twice", limit: 300, places: []Place{A, B}, srcs: []string{
			"Bank\nTRANS %Active, 2\nJUMP 0\nBank\nDIE\nBank\nDIE\nDIE\nDIE\n",
			"Bank\nSET #Active, 2\nJUMP 0\nBank\nADD #1, 1\nJUMP -1\n"}},
		{name: "trans-own-bank-changed", limit: 400, places: []Place{A, B}, srcs: []string{
			// B replaces A's bank 2 while A's TRANS 2 is in progress: the copy takes the bank as
			// it is on the completing turn, N was fixed at fetch.
			"Bank\nSET #1, 1\nTRANS 2, 1\nJUMP 0\nBank\nJUMP 0\nJUMP 0\nJUMP 0\nJUMP 0\nJUMP 0\n",
			"Bank\nTRANS 2, 2\nJUMP 0\nBank\nDIE\n"}},
		// 16-bit: the elimination check is on the exact sum, not a wrapped one.
		{name: "elim-no-wrap-add", limit: 100, places: []Place{A}, srcs: []string{prog("SET #1, 30000", "ADD #1, 32767", "JUMP 0")}},
		{name: "elim-no-wrap-sub", limit: 100, places: []Place{A}, srcs: []string{prog("SET #1, -30000", "SUB #1, 32767", "JUMP 0")}},
		{name: "elim-no-wrap-32767", limit: 100, places: []Place{A}, opts: map[string]string{"elim-trigger": "32767"},
			srcs: []string{prog("SET #1, 20000", "ADD #1, 20000", "JUMP 0")}},
		{name: "elim-no-wrap-active", limit: 100, places: []Place{A, B}, srcs: []string{
			prog("SET %Active, 30000", "ADD %Active, 32767", "JUMP 0"), prog("ADD #1, 1", "JUMP -1")}},
		// Errors strike before the reference field is looked at.
		{name: "err12-empty-field", limit: 100, places: []Place{A}, srcs: []string{prog("TRANS 3, 1")}},
		{name: "err11-occupied-field", limit: 300, places: []Place{A, B}, srcs: []string{prog("CREATE 0, 0, 0"), prog("JUMP 0")}},
		{name: "err13-occupied-field", limit: 300, places: []Place{A, B}, srcs: []string{prog("CREATE 0, 1, 5"), prog("JUMP 0")}},
		{name: "err9-occupied-field", limit: 300, places: []Place{A, B}, srcs: []string{prog("MOVE"), prog("JUMP 0")}},
		// Cost options, including zeros (every duration is at least one turn).
		{name: "cost-options-zero", limit: 300, places: []Place{A, B}, opts: map[string]string{
			"cost.create": "0", "cost.create-per-bank": "0", "cost.create-set1": "0", "cost.create-set2": "0",
			"cost.trans": "0", "cost.trans-per-instr": "0", "remote-cost": "0", "cost.set": "0", "cost.turn": "0"},
			srcs: []string{"Bank\nTRANS 2, 1\nTURN 1\nCREATE 2, 1, 1\nTRANS 2, 1\nSET %Active, 1\nTURN 1\nJUMP -6\nBank\nSCAN #1\nTURN 0\n", prog("ADD #1, 1", "JUMP -1")}},
		{name: "cost-options-odd", limit: 3000, places: []Place{A}, opts: map[string]string{
			"cost.create": "7", "cost.create-per-bank": "3", "cost.create-mobile-factor": "5", "cost.create-set1": "11", "cost.create-set2": "13",
			"cost.trans": "2", "cost.trans-per-instr": "9", "remote-cost": "4", "cost.die": "3", "cost.scan": "1"},
			srcs: []string{"Bank\nCREATE 1, 3, 1\nTRANS 2, 1\nTRANS 1, 2\nSET %Active, %Active\nTURN 1\nCREATE 2, 1, 0\nCREATE 0, 2, 1\nTURN 1\nSCAN #1\nJUMP -8\nBank\nDIE\n"}},
		// Boards of other sizes.
		{name: "board-4", limit: 800, places: []Place{{3, 3, S}, {0, 1, E}}, opts: map[string]string{"board": "4", "first-mobile": "1"},
			srcs: []string{prog("MOVE", "SCAN #1", "CREATE 0, 1, 1", "TURN 1", "JUMP -4"), prog("MOVE", "TURN 0", "SCAN #2", "JUMP -3")}},
		{name: "board-200", limit: 800, places: []Place{{199, 0, N}, {0, 199, W}}, opts: map[string]string{"board": "200", "first-mobile": "1"},
			srcs: []string{prog("MOVE", "SCAN #1", "SET #2, $Fields", "JUMP -3"), prog("MOVE", "TURN 0", "JUMP -2")}},
		// Activated while its bank 1 is empty but standing at an instruction of bank 2.
		{name: "reactivated-empty-bank1-running", limit: 300, places: []Place{A, B}, srcs: []string{
			"Bank\nBJUMP 2, 1\nBank\nSET #1, 1\nJUMP -1\n",
			"Bank\nTRANS 2, 1\nSET %Active, 0\nSET %Active, 1\nJUMP 0\nBank\n"}},
		{name: "reactivated-empty-bank1-past-end", limit: 300, places: []Place{A, B}, srcs: []string{
			"Bank\nBJUMP 2, 1\nBank\nSET #1, 1\n",
			"Bank\nTRANS 2, 1\nSET #1, 1\nSET %Active, 0\nSET %Active, 1\nJUMP 0\nBank\n"}},
		// Remote operands read at fetch (for TRANS's N, CREATE's cost) by a robot that will
		// die of error 5/6 on completion: the duration still uses the values read.
		{name: "set0-trans-remote-at-fetch", limit: 300, places: []Place{A, {4, 2, W}}, srcs: []string{
			"Bank\nCREATE 0, 2, 0\nTRANS 2, 1\nTRANS 3, 2\nSET %Active, 1\nJUMP 0\nBank\nTRANS %Banks, 1\nBank\nSET #1,1\nSET #1,1\nSET #1,1\nSET #1,1\nSET #1,1\n",
			"Bank\nJUMP 0\nBank\n"}},
		{name: "set1-create-remote-at-fetch", limit: 400, places: []Place{A, {4, 2, W}}, srcs: []string{
			child(1, 0, 1, "CREATE 0, %Banks, 0"), "Bank\nJUMP 0\nBank\nBank\n"}},
		// A bank relayed by a second team keeps its origin.
		{name: "trans-relay-origin", limit: 300, places: []Place{{2, 2, E}, {3, 2, E}, {4, 2, W}}, srcs: []string{
			"Bank\nTRANS 2, 2\nJUMP 0\nBank zero\nSET #1, 1\n",
			lines("Bank", pad(30), "TRANS 2, 1", "JUMP 0", "Bank one", "JUMP 0"),
			"Bank two\nJUMP 0\n"}},
		// The position is empty on the completing turn, and valid again at the next fetch.
		{name: "position-restored-before-fetch", limit: 300, places: []Place{{2, 2, E}, {3, 2, W}, {2, 3, N}}, srcs: []string{
			lines("JUMP 1", "JUMP 1", "CREATE 0, 1, 0", "JUMP 0"),
			lines(pad(22), "TRANS 2, 1", "JUMP 0", "Bank short", "SET #9, 9"),
			lines(pad(54), "TRANS 2, 1", "JUMP 0", "Bank long", "SET #5, 5", "JUMP 0", "DIE", "DIE", "DIE")}},
		// Game end and ranking.
		{name: "rank-three", limit: 300, places: []Place{A, Far, Far2}, srcs: []string{
			prog("DIE"), prog("ADD #1,1", "DIE"), prog("ADD #1,1", "DIE")}},
		{name: "rank-winner", limit: 300, places: []Place{A, Far, Far2}, srcs: []string{
			prog("DIE"), prog("JUMP 0"), prog("ADD #1,1", "ADD #1, 1", "DIE")}},
		{name: "rank-draw-timeout", limit: 100, places: []Place{A, Far, Far2}, srcs: []string{
			prog("JUMP 0"), prog("ADD #1, 1", "DIE"), prog("SET #Active, 0")}},
		{name: "rank-all-same", limit: 100, places: []Place{A, Far}, srcs: []string{prog("DIE"), prog("DIE")}},
		{name: "rank-five", limit: 200, places: []Place{A, Far, Far2, {6, 6, W}, {0, 12, S}}, srcs: []string{
			prog("ADD #1,1", "DIE"), prog("DIE"), prog("ADD #1,1", "ADD #1,1", "DIE"), prog("ADD #1,1", "DIE"), prog("DIE")}},
		{name: "single-timeout", limit: 77, places: []Place{A}, srcs: []string{prog("ADD #1, 1", "JUMP -1")}},
		{name: "single-inactive", limit: 77, places: []Place{A}, srcs: []string{prog("SET #Active, 0")}},
		{name: "team-survives-by-child", limit: 500, places: []Place{A, Far}, srcs: []string{
			prog("CREATE 0, 1, 0", "DIE"), prog("ADD #1, 1", "DIE")}},
		// An enemy converted: TRANS then activation chain, a friend becomes an enemy's worker.
		{name: "convert-enemy", limit: 1500, places: []Place{A, B}, srcs: []string{
			"Bank\nSCAN #1\nCOMP #1, 1\nJUMP -2\nTRANS 2, 1\nSET %Active, 1\nJUMP 0\nBank evil\nCREATE 1, 2, 0\nTRANS 1, 1\nSET %Active, 1\nTURN 1\nJUMP -4\n",
			prog("SET #Active, 0")}},
	}
	return gs
}

func TestHand(t *testing.T) {
	for _, gm := range handGames() {
		if d := play(t, gm); d != "" {
			t.Error(d)
		}
	}
}

// Hidden flags: an RBI program's banks stay hidden wherever TRANS takes them.
func TestHidden(t *testing.T) {
	src := "Name secret\nBank main\nTRANS 2, 1\nSET %Active, 1\nTRANS 2, 2\nJUMP 0\nBank payload\nSET #1, 1\nTRANS 1, 1\nTURN 1\nJUMP -3\n"
	p, err := robolang.Parse("secret.rob", []byte(src), robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := robolang.WriteRBI(&buf, p); err != nil {
		t.Fatal(err)
	}
	hp, err := robolang.ReadRBI(&buf)
	if err != nil {
		t.Fatal(err)
	}
	other, err := robolang.Parse("other.rob", []byte("Bank one\nSET #Active, 0\nBank two\nTRANS 2, 2\nJUMP -1\n"), robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := play(t, &game{name: "hidden", progs: []*robolang.Program{hp, other}, places: []Place{A, B}, limit: 800}); d != "" {
		t.Error(d)
	}
}

// The classic option values of the engine are section 5's table.
func TestClassicValues(t *testing.T) {
	m := Classic()
	e := arena.Classic()
	if e.Board != m.Board || e.Timeout != m.Timeout || e.ElimTrigger != m.ElimTrigger || e.FirstMobile != m.FirstMobile ||
		e.RemoteCost != m.RemoteCost || e.TransPerInstr != m.TransPerInstr || e.CreatePerBank != m.CreatePerBank ||
		e.CreateMobileFactor != m.CreateMobileFactor || e.CreateSet1 != m.CreateSet1 || e.CreateSet2 != m.CreateSet2 {
		t.Errorf("classic values differ: engine %+v", e)
	}
	for op, c := range m.Cost {
		if !op.IsClassic() {
			continue // RC3.md 1 replaces the engine's provisional RC3 costs: TestRC3Values
		}
		if e.Cost[op] != c {
			t.Errorf("cost of %v: spec %d, engine %d", op, c, e.Cost[op])
		}
	}
}

// ---------------------------------------------------------------------------------------
// The 1998 July Package programs, in pairs with fixed placements.

func corpusFiles(t *testing.T) []string {
	dir := "../../../../shared/corpus/robocom" // ../shared beside the repository
	if _, err := os.Stat(dir); err != nil {
		t.Skip("corpus not present:", dir)
	}
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(strings.ToLower(p), ".rob") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	if len(files) == 0 {
		t.Skip("no .rob files in", dir)
	}
	return files
}

func TestCorpus(t *testing.T) {
	files := corpusFiles(t)
	var progs []*robolang.Program
	for _, f := range files {
		p, err := robolang.LoadFile(f, robolang.Options{})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		progs = append(progs, p)
	}
	limit := 3000
	if testing.Short() {
		limit = 600
	}
	if v, err := strconv.Atoi(os.Getenv("REFMODEL_CYCLES")); err == nil && v > 0 {
		limit = v // for longer exploratory runs
	}
	dirs := []int{N, E, S, W}
	n := len(progs)
	for i := 0; i < n; i++ {
		j := (i + 1 + i%5) % n
		if j == i {
			continue
		}
		gm := &game{
			noState: os.Getenv("REFMODEL_NOSTATE") != "",
			name:    fmt.Sprintf("corpus[%s vs %s]", filepath.Base(files[i]), filepath.Base(files[j])),
			progs:   []*robolang.Program{progs[i], progs[j]},
			places:  []Place{{3 + i%4, 4, dirs[i%4]}, {11, 9 + j%5, dirs[(j+1)%4]}},
			limit:   limit,
		}
		if d := play(t, gm); d != "" {
			t.Error(d)
		}
	}
	// REFMODEL_BOARD=n plays the pairs on an n×n board too (exploration).
	if bs := os.Getenv("REFMODEL_BOARD"); bs != "" {
		for i := 0; i+1 < n; i += 2 {
			gm := &game{noState: os.Getenv("REFMODEL_NOSTATE") != "", opts: map[string]string{"board": bs},
				name:  fmt.Sprintf("corpus-board%s[%s vs %s]", bs, filepath.Base(files[i]), filepath.Base(files[i+1])),
				progs: []*robolang.Program{progs[i], progs[i+1]}, places: []Place{{1, 1, E}, {3, 2, S}}, limit: limit}
			if d := play(t, gm); d != "" {
				t.Error(d)
			}
		}
	}
	// A few crowded games: five programs, close together.
	for k := 0; k+5 <= n && k < 15; k += 5 {
		gm := &game{
			noState: os.Getenv("REFMODEL_NOSTATE") != "",
			name:    fmt.Sprintf("corpus5[%d..%d]", k, k+4),
			progs:   progs[k : k+5],
			places:  []Place{{1, 1, E}, {5, 2, S}, {9, 3, W}, {2, 8, N}, {12, 12, E}},
			limit:   limit,
		}
		if d := play(t, gm); d != "" {
			t.Error(d)
		}
	}
}

// ---------------------------------------------------------------------------------------
// Timing windows: one robot changes what another reads at fetch, in the cycles around that
// fetch (before it, in the same cycle before/after its turn, after it). Each sweep plays one
// game per offset.

// pad returns instructions that take exactly k cycles (k = 0 or k ≥ 2), touching only #20.
func pad(k int) []string {
	var out []string
	for k > 0 {
		switch {
		case k == 3 || k == 5 || k >= 7:
			if k >= 7 {
				out = append(out, "SET #20, 0") // 5
				k -= 5
			} else if k == 5 {
				out = append(out, "SET #20, 0")
				k -= 5
			} else {
				out = append(out, "COMP 0, 1") // 3
				k -= 3
			}
		case k == 2 || k == 4 || k == 6:
			out = append(out, "JUMP 1") // 2
			k -= 2
		default:
			panic(fmt.Sprint("pad: ", k)) // 1 cycle cannot be padded
		}
	}
	return out
}

func lines(parts ...any) string {
	var out []string
	for _, p := range parts {
		switch v := p.(type) {
		case string:
			out = append(out, v)
		case []string:
			out = append(out, v...)
		}
	}
	return prog(out...)
}

func windowGames() []*game {
	var gs []*game
	for off := -4; off <= 4; off++ {
		// W1: the size of own bank a (TRANS's N) is replaced around the fetch of TRANS.
		// A fetches TRANS in cycle 61; B's TRANS (5+3·10 = 35 cycles) completes in 60+off.
		bankTen := "Bank ten\n" + strings.Repeat("SET #1, 1\n", 10)
		gs = append(gs,
			&game{name: fmt.Sprintf("W1-older-fetches/%+d", off), places: []Place{A, B}, limit: 300, srcs: []string{
				lines("Bank", pad(60), "TRANS 2, 1", "JUMP 0", "Bank one", "SET #1, 1"),
				lines("Bank", pad(60+off-35), "TRANS 2, 2", "JUMP 0") + bankTen}},
			&game{name: fmt.Sprintf("W1-younger-fetches/%+d", off), places: []Place{A, B}, limit: 300, srcs: []string{
				lines("Bank", pad(60+off-35), "TRANS 2, 2", "JUMP 0") + bankTen,
				lines("Bank", pad(60), "TRANS 2, 1", "JUMP 0", "Bank one", "SET #1, 1")}},
		)
		// W2: CREATE's b read from #Active, which the other robot changes around the fetch.
		gs = append(gs,
			&game{name: fmt.Sprintf("W2-older-fetches/%+d", off), places: []Place{A, B}, limit: 400, srcs: []string{
				lines(pad(60), "CREATE 0, #Active, 0", "JUMP 0"),
				lines(pad(60+off-13), "SET %Active, 3", "JUMP 0")}},
			&game{name: fmt.Sprintf("W2-younger-fetches/%+d", off), places: []Place{A, B}, limit: 400, srcs: []string{
				lines(pad(60+off-13), "SET %Active, 3", "JUMP 0"),
				lines(pad(60), "CREATE 0, #Active, 0", "JUMP 0")}},
		)
		// W3: the position is past the end of bank 1 when the previous instruction completes;
		// a longer bank 1 arrives around the fetch (fetch there, or auto-reboot).
		long := "Bank long\nSET #5, 5\nJUMP 0\n" + strings.Repeat("DIE\n", 20)
		gs = append(gs,
			&game{name: fmt.Sprintf("W3-older-fetches/%+d", off), places: []Place{A, B}, limit: 300, srcs: []string{
				lines("Bank", pad(58), "JUMP 2"),
				lines("Bank", pad(60+off-29), "TRANS 2, 1", "JUMP 0") + long}},
			&game{name: fmt.Sprintf("W3-younger-fetches/%+d", off), places: []Place{A, B}, limit: 300, srcs: []string{
				lines("Bank", pad(60+off-29), "TRANS 2, 1", "JUMP 0") + long,
				lines("Bank", pad(58), "JUMP 2")}},
		)
		// W4: the position is past the end; bank 1 becomes empty around the fetch (data
		// hunger, or the old bank 1 runs).
		gs = append(gs,
			&game{name: fmt.Sprintf("W4-older-fetches/%+d", off), places: []Place{A, B}, limit: 300, srcs: []string{
				lines("Bank", pad(58), "JUMP 2"),
				lines("Bank", pad(60+off-5), "TRANS 2, 1", "JUMP 0", "Bank empty")}},
			&game{name: fmt.Sprintf("W4-younger-fetches/%+d", off), places: []Place{A, B}, limit: 300, srcs: []string{
				lines("Bank", pad(60+off-5), "TRANS 2, 1", "JUMP 0", "Bank empty"),
				lines("Bank", pad(58), "JUMP 2")}},
		)
		// W5: deactivated and reactivated around the same cycle by two other robots, in every
		// age order of the three.
		z := lines("ADD #1, 1", "JUMP -1")
		x := lines(pad(60), "SET %Active, 0", "JUMP 0")
		y := lines(pad(60+off), "SET %Active, 1", "JUMP 0")
		zp, xp, yp := Place{5, 5, N}, Place{4, 5, E}, Place{6, 5, W}
		gs = append(gs,
			&game{name: fmt.Sprintf("W5-xyz/%+d", off), places: []Place{xp, yp, zp}, limit: 200, srcs: []string{x, y, z}},
			&game{name: fmt.Sprintf("W5-yxz/%+d", off), places: []Place{yp, xp, zp}, limit: 200, srcs: []string{y, x, z}},
			&game{name: fmt.Sprintf("W5-zxy/%+d", off), places: []Place{zp, xp, yp}, limit: 200, srcs: []string{z, x, y}},
			&game{name: fmt.Sprintf("W5-xzy/%+d", off), places: []Place{xp, zp, yp}, limit: 200, srcs: []string{x, z, y}},
			&game{name: fmt.Sprintf("W5-yzx/%+d", off), places: []Place{yp, zp, xp}, limit: 200, srcs: []string{y, z, x}},
			&game{name: fmt.Sprintf("W5-zyx/%+d", off), places: []Place{zp, yp, xp}, limit: 200, srcs: []string{z, y, x}},
		)
		// W5b: reactivation of a robot that finished its instruction while inactive-to-be:
		// it deactivates itself, is reactivated around its would-be fetch with changed values.
		gs = append(gs,
			&game{name: fmt.Sprintf("W5b/%+d", off), places: []Place{A, B}, limit: 400, srcs: []string{
				lines(pad(60), "SET #Active, 0", "CREATE 0, #Active, 0", "JUMP 0"),
				lines(pad(65+off-13), "SET %Active, 4", "JUMP 0")}},
		)
		// W6: a robot dies, another moves / builds / scans onto its field around that cycle.
		mover := lines(pad(100+off-18), "MOVE", "SCAN #1", "JUMP 0")
		builder := lines(pad(100+off-70), "CREATE 0, 1, 0", "SCAN #1", "JUMP 0")
		scanner := lines(pad(100+off-6), "SCAN #1", "SET #2, %Active", "JUMP 0")
		dier := lines(pad(99), "DIE")
		other := Place{4, 2, W}
		for _, w := range []struct {
			n, src string
		}{{"move", mover}, {"create", builder}, {"scan", scanner}} {
			gs = append(gs,
				&game{name: fmt.Sprintf("W6-%s-younger/%+d", w.n, off), places: []Place{B, other}, limit: 200,
					opts: map[string]string{"first-mobile": "1"}, srcs: []string{dier, w.src, lines("JUMP 0")}[:2]},
				&game{name: fmt.Sprintf("W6-%s-older/%+d", w.n, off), places: []Place{other, B}, limit: 200,
					opts: map[string]string{"first-mobile": "1"}, srcs: []string{w.src, dier}},
			)
		}
		// W7: a bank is replaced under a robot around the cycle its instruction completes.
		victim := lines("Bank", pad(10), "CREATE 0, 1, 0", "SET #3, 3", "JUMP 0")
		attacker := lines("Bank", pad(80+off-17), "TRANS 2, 1", "JUMP 0", "Bank", pad(10), "DIE", "SET #4, 4")
		gs = append(gs,
			&game{name: fmt.Sprintf("W7-attacker-older/%+d", off), places: []Place{A, B}, limit: 300, srcs: []string{attacker, victim}},
			&game{name: fmt.Sprintf("W7-attacker-younger/%+d", off), places: []Place{A, B}, limit: 300, srcs: []string{victim, attacker}},
		)
		// W8: game end and the time limit in the same cycle, and ties in dying out.
		gs = append(gs,
			&game{name: fmt.Sprintf("W8-limit/%+d", off), places: []Place{A, Far}, limit: 30, srcs: []string{
				lines(pad(29+off), "DIE"), lines(pad(29), "DIE")}},
		)
	}
	return gs
}

func TestWindows(t *testing.T) {
	for _, gm := range windowGames() {
		if d := play(t, gm); d != "" {
			t.Error(d)
		}
	}
}

// ---------------------------------------------------------------------------------------
// Random small programs on a small board: a bounded, deterministic sweep (fixed seeds), not
// a fuzz run. REFMODEL_RANDOM=N changes the number of games.

func randomProgram(r *rand.Rand) string {
	num := func() string {
		switch r.IntN(12) {
		case 0:
			return []string{"4999", "5000", "-5000", "32767", "-32768", "30000", "-1", "51", "100"}[r.IntN(9)]
		case 1, 2:
			return strconv.Itoa(r.IntN(4))
		default:
			return strconv.Itoa(r.IntN(7) - 2)
		}
	}
	rd := func() string {
		switch r.IntN(10) {
		case 0, 1, 2, 3:
			return num()
		case 4, 5:
			return "#" + strconv.Itoa(1+r.IntN(4))
		case 6:
			return "#Active"
		case 7:
			return []string{"$Banks", "$Mobile", "$InstrSet", "$Fields"}[r.IntN(4)]
		default:
			return []string{"%Active", "%Banks", "%Mobile", "%InstrSet"}[r.IntN(4)]
		}
	}
	wr := func() string {
		switch r.IntN(8) {
		case 0:
			return "#Active"
		case 1:
			return "%Active"
		default:
			return "#" + strconv.Itoa(1+r.IntN(4))
		}
	}
	nb := 1 + r.IntN(4)
	var b strings.Builder
	for bank := 0; bank < nb; bank++ {
		fmt.Fprintf(&b, "Bank b%d\n", bank+1)
		n := r.IntN(9)
		if bank == 0 {
			n++
		}
		if bank == 0 && r.IntN(2) == 0 {
			// A reproducing opening: build, give code, activate.
			fmt.Fprintf(&b, "CREATE %d, %d, %d\nTRANS %d, 1\nSET %%Active, 1\nTURN %d\n", r.IntN(3), 1+r.IntN(3), r.IntN(2), 1+r.IntN(nb), r.IntN(2))
		}
		for i := 0; i < n; i++ {
			switch r.IntN(16) {
			case 0:
				fmt.Fprintf(&b, "ADD %s, %s\n", wr(), rd())
			case 1:
				fmt.Fprintf(&b, "SUB %s, %s\n", wr(), rd())
			case 2, 3:
				fmt.Fprintf(&b, "SET %s, %s\n", wr(), rd())
			case 4:
				fmt.Fprintf(&b, "COMP %s, %s\n", rd(), rd())
			case 5:
				fmt.Fprintf(&b, "JUMP %d\n", r.IntN(7)-3)
			case 6:
				fmt.Fprintf(&b, "BJUMP %d, %d\n", r.IntN(nb+2), r.IntN(6))
			case 7:
				fmt.Fprintf(&b, "TURN %s\n", rd())
			case 8, 9:
				b.WriteString("MOVE\n")
			case 10:
				if r.IntN(4) == 0 {
					b.WriteString("DIE\n")
				} else {
					b.WriteString("JUMP 1\n")
				}
			case 11:
				fmt.Fprintf(&b, "SCAN %s\n", wr())
			case 12, 13:
				fmt.Fprintf(&b, "TRANS %s, %s\n", []string{"1", "2", "3", rd()}[r.IntN(4)], []string{"1", "2", rd()}[r.IntN(3)])
			default:
				fmt.Fprintf(&b, "CREATE %s, %s, %s\n", []string{"0", "1", "2", rd()}[r.IntN(4)], []string{"1", "2", "3", rd()}[r.IntN(4)], []string{"0", "1", rd()}[r.IntN(3)])
			}
		}
	}
	return b.String()
}

func TestRandom(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 30
	}
	if v, err := strconv.Atoi(os.Getenv("REFMODEL_RANDOM")); err == nil && v > 0 {
		games = v
	}
	fails := 0
	for k := 0; k < games; k++ {
		r := rand.New(rand.NewPCG(uint64(k), 1998))
		np := 2 + r.IntN(3)
		board := 5 + r.IntN(5)
		gm := &game{name: fmt.Sprintf("random#%d", k), limit: 600 + r.IntN(600),
			opts: map[string]string{"board": strconv.Itoa(board), "first-mobile": strconv.Itoa(r.IntN(2))}}
		used := map[[2]int]bool{}
		for i := 0; i < np; i++ {
			gm.srcs = append(gm.srcs, randomProgram(r))
			for {
				x, y := r.IntN(board), r.IntN(board)
				if !used[[2]int{x, y}] {
					used[[2]int{x, y}] = true
					gm.places = append(gm.places, Place{x, y, r.IntN(4)})
					break
				}
			}
		}
		if d := play(t, gm); d != "" {
			t.Errorf("%s\nprograms:\n%s", d, strings.Join(gm.srcs, "----\n"))
			if fails++; fails >= 3 {
				return
			}
		}
	}
}

// TestCLITrace compares the trace lines written by "robocom battle -trace" with the model's,
// byte for byte. It builds the headless binary, or uses REFMODEL_CLI=/path/to/robocom.
func TestCLITrace(t *testing.T) {
	files := corpusFiles(t)
	bin := robocomBinary(t)
	if bin == "" {
		t.Skip("-short: not building robocom (set REFMODEL_CLI to a built binary)")
	}
	pairs := [][2]int{{0, 1}, {5, 9}, {12, 30}, {20, 33}}
	for _, pr := range pairs {
		if pr[1] >= len(files) {
			continue
		}
		trace := filepath.Join(t.TempDir(), "trace.jsonl")
		args := []string{"battle", "-seed", "7", "-opt", "timeout=2500", "-opt", "first-mobile=1",
			"-place", "3,4,N", "-place", "11,10,W", "-trace", trace, "-json", files[pr[0]], files[pr[1]]}
		out, err := exec.Command(bin, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", bin, args, err, out)
		}
		got, err := os.ReadFile(trace)
		if err != nil {
			t.Fatal(err)
		}
		var progs []*robolang.Program
		for _, f := range []string{files[pr[0]], files[pr[1]]} {
			p, err := robolang.LoadFile(f, robolang.Options{})
			if err != nil {
				t.Fatal(err)
			}
			progs = append(progs, p)
		}
		opt := Classic()
		opt.Timeout = 2500
		opt.FirstMobile = true
		var want strings.Builder
		var mprogs []*Program
		for _, p := range progs {
			mprogs = append(mprogs, MustFromRobolang(p))
		}
		m := New(mprogs, opt, []Place{{3, 4, N}, {11, 10, W}}, func(e Event) { want.WriteString(e.Line() + "\n") })
		m.Run()
		gl, wl := strings.Split(string(got), "\n"), strings.Split(want.String(), "\n")
		if i, a, b, differ := lineDiff(wl, gl); differ {
			t.Errorf("%s vs %s: trace line %d differs:\n      model: %s\n      CLI:   %s", files[pr[0]], files[pr[1]], i+1, orNone(a), orNone(b))
		}
		t.Logf("%s vs %s: %d trace lines compared", filepath.Base(files[pr[0]]), filepath.Base(files[pr[1]]), len(wl))
		// The JSON result: cycles, instructions, winner.
		res := m.Result()
		winner := "null"
		if res.Winner >= 0 {
			winner = fmt.Sprintf("%q", progs[res.Winner].Name)
		}
		for _, frag := range []string{fmt.Sprintf(`"cycles": %d,`, res.Cycles), fmt.Sprintf(`"instructions": %d,`, res.Instructions), `"winner": ` + winner} {
			if !strings.Contains(string(out), frag) {
				t.Errorf("%s vs %s: CLI JSON lacks %s", files[pr[0]], files[pr[1]], frag)
			}
		}
	}
}

// Random placement (section 2: "placed on a random free field facing a random direction")
// is outside the model; check only that it is a free field and that a seed replays.
func TestRandomPlacement(t *testing.T) {
	p, err := robolang.Parse("p.rob", []byte("Bank\nJUMP 0\n"), robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	progs := []*robolang.Program{p, p, p, p, p}
	opts := arena.Classic().Clone()
	if err := opts.Set("board", "4"); err != nil {
		t.Fatal(err)
	}
	for seed := int64(0); seed < 300; seed++ {
		spawns := func() []string {
			var out []string
			g, err := arena.New(arena.Config{Programs: progs, Options: opts, Seed: seed,
				Places: []arena.Placement{{}, {Fixed: true, X: 1, Y: 1, Dir: arena.South}},
				OnEvent: func(e arena.Event) {
					if e.Kind == arena.EvSpawn {
						out = append(out, fmt.Sprintf("%d,%d", e.X, e.Y))
					}
				}})
			if err != nil {
				t.Fatal(err)
			}
			g.Release()
			return out
		}
		a, b := spawns(), spawns()
		if strings.Join(a, " ") != strings.Join(b, " ") {
			t.Fatalf("seed %d: placement does not replay: %v vs %v", seed, a, b)
		}
		seen := map[string]bool{}
		for _, f := range a {
			if seen[f] {
				t.Fatalf("seed %d: two first robots on field %s: %v", seed, f, a)
			}
			seen[f] = true
		}
		if len(a) != 5 || a[1] != "1,1" {
			t.Fatalf("seed %d: spawns %v", seed, a)
		}
	}
}

// Random placement on the model (ROBOCOM.md 10, RC3.md 8) against the engine's, classic:
// fixed fields reserved first, then per program without a place the k-th free field and a
// direction. The games are played through, so the spawn lines are compared.
func TestRandomPlacementModel(t *testing.T) {
	R := RandomPlace
	for seed := int64(-3); seed < 60; seed++ {
		board := strconv.Itoa(4 + int(seed+3)%5)
		gms := []*game{
			{name: fmt.Sprintf("random-places/%d", seed), seed: seed, limit: 30, opts: map[string]string{"board": board},
				places: []Place{R, {1, 1, S}, R, R, {0, 0, W}}, srcs: []string{prog("JUMP 0"), prog("JUMP 0"), prog("ADD #1, 1", "JUMP -1"), prog("JUMP 0"), prog("SCAN #1", "JUMP -1")}},
			{name: fmt.Sprintf("random-places-all/%d", seed), seed: seed, limit: 30, opts: map[string]string{"board": board},
				places: []Place{R, R}, srcs: []string{prog("JUMP 0"), prog("JUMP 0")}},
		}
		for _, gm := range gms {
			if d := play(t, gm); d != "" {
				t.Error(d)
			}
		}
	}
}
