package refmodel

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"robocom/arena"
	"robocom/robolang"
)

// ---------------------------------------------------------------------------------------
// The differential harness under rc3 and rc3m (RC3.md). play() runs a game with set "rc3" or
// "rc3m" on the model and on the engine and compares, every cycle, the events in CLI.md's
// classic shape and every living robot's state (rc3StateDiff); then the result; then the
// same game through `robocom battle -options SET -trace` (playCLI), whose lines are compared
// whole, the RC3 fields ("task", "new_task", "ended", …) included.
//
// Until the engine plays RC3, every test here skips with the engine's own refusal.

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

func modelSet(set string) Options {
	switch set {
	case "classic":
		return Classic()
	case "rc3":
		return RC3()
	case "rc3m":
		return RC3M()
	}
	panic("refmodel: no option set " + set)
}

var rc3Sets = []string{"rc3", "rc3m"}

// skipUnlessEnginePlays skips the test with the engine's reason when it refuses the set.
func skipUnlessEnginePlays(t *testing.T, set string) {
	t.Helper()
	o, err := arena.ResolveOptions(set)
	if err == nil {
		var p *robolang.Program
		p, err = robolang.Parse("probe.rob", []byte("Bank\nJUMP 0\n"), robolang.Options{RC3: true})
		if err == nil {
			var g *arena.Game
			g, err = arena.New(arena.Config{Programs: []*robolang.Program{p}, Options: o, Seed: 1})
			if err == nil {
				g.Release()
				return
			}
		}
	}
	t.Skipf("the engine refuses %s: %v", set, err)
}

// forSets runs f as a subtest per RC3 set that the engine plays.
func forSets(t *testing.T, f func(t *testing.T, set string)) {
	for _, set := range rc3Sets {
		t.Run(set, func(t *testing.T) {
			skipUnlessEnginePlays(t, set)
			f(t, set)
		})
	}
}

// sameAssembly compares the model's own reading of a source (RC3.md 2) with robolang's, as
// converted: a difference is the loader's or the model's misreading, reported before any
// game is played.
func sameAssembly(name string, i int, src string, conv *Program) string {
	own, err := Assemble(fmt.Sprintf("%s_p%d.rob", name, i), src, true)
	if err != nil {
		return fmt.Sprintf("%s: program %d: robolang loads it, the model's assembler does not: %v", name, i, err)
	}
	if len(own.Banks) != len(conv.Banks) {
		return fmt.Sprintf("%s: program %d: %d banks by robolang, %d by the model", name, i, len(conv.Banks), len(own.Banks))
	}
	for b := range own.Banks {
		m, r := own.Banks[b].Code, conv.Banks[b].Code
		for k := 0; k < max(len(m), len(r)); k++ {
			var a, c string
			if k < len(m) {
				a = m[k].String() + "@" + m[k].Pos.String()
			}
			if k < len(r) {
				c = r[k].String() + "@" + r[k].Pos.String()
			}
			if a != c {
				return fmt.Sprintf("%s: program %d bank %d instruction %d: loaded differently:\n      model:    %s\n      robolang: %s",
					name, i, b+1, k+1, orNone(a), orNone(c))
			}
		}
	}
	return ""
}

// taskFields are the per-task fields compared when the engine's RobotView has a Tasks
// slice; each is looked up under the names an engine might give it (RC3.md 6.1's terms).
// Fields the engine does not have are not compared; TestRC3Hand logs which were.
var taskFields = []struct {
	key   string
	names []string
	model func(r *Robot, t *Task) int
}{
	{"num", []string{"Num", "Number", "ID"}, func(r *Robot, t *Task) int { return t.Num }},
	{"bank", []string{"Bank"}, func(r *Robot, t *Task) int { return t.Bank }},
	{"instr", []string{"Instr"}, func(r *Robot, t *Task) int { return t.Instr }},
	{"inprog", []string{"InProgress"}, func(r *Robot, t *Task) int { return b2i(t.InProgress) }},
	{"rem", []string{"Remaining"}, func(r *Robot, t *Task) int { return t.Remaining }},
	{"dur", []string{"Duration"}, func(r *Robot, t *Task) int { return t.Duration }},
	{"dir", []string{"Dir", "Head"}, func(r *Robot, t *Task) int { return t.Dir }},
	{"asleep", []string{"Asleep", "Sleeping"}, func(r *Robot, t *Task) int { return b2i(t.Asleep) }},
	{"seized", []string{"Seized"}, func(r *Robot, t *Task) int { return b2i(r.Seized == t) }},
}

var (
	taskFieldsSeenMu sync.Mutex
	taskFieldsSeen   = map[string]bool{}
)

// engineTasks reads the engine's tasks of a robot by reflection, as "key=value" strings per
// task, with the keys found; ok is false if RobotView has no Tasks slice.
func engineTasks(v *arena.RobotView) (tasks [][]string, keys []string, ok bool) {
	f := reflect.ValueOf(*v).FieldByName("Tasks")
	if !f.IsValid() || f.Kind() != reflect.Slice {
		return nil, nil, false
	}
	for i := 0; i < f.Len(); i++ {
		e := f.Index(i)
		if e.Kind() == reflect.Pointer {
			e = e.Elem()
		}
		if e.Kind() != reflect.Struct {
			return nil, nil, false
		}
		var row []string
		keys = keys[:0]
		for _, tf := range taskFields {
			for _, n := range tf.names {
				x := e.FieldByName(n)
				if !x.IsValid() {
					continue
				}
				var val int64
				switch x.Kind() {
				case reflect.Bool:
					if x.Bool() {
						val = 1
					}
				case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
					val = x.Int()
				case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
					val = int64(x.Uint())
				default:
					continue
				}
				row = append(row, fmt.Sprintf("%s=%d", tf.key, val))
				keys = append(keys, tf.key)
				break
			}
		}
		tasks = append(tasks, row)
	}
	return tasks, keys, true
}

// modelTasks renders the model's tasks with the given keys, sorted like the engine's.
func modelTasks(r *Robot, keys []string) [][]string {
	var out [][]string
	for _, t := range r.Tasks {
		var row []string
		for _, k := range keys {
			for _, tf := range taskFields {
				if tf.key == k {
					row = append(row, fmt.Sprintf("%s=%d", k, tf.model(r, t)))
				}
			}
		}
		out = append(out, row)
	}
	return out
}

func sortTasks(ts [][]string) {
	sort.SliceStable(ts, func(i, j int) bool { return strings.Join(ts[i], " ") < strings.Join(ts[j], " ") })
}

// rc3StateDiff compares one living robot under rc3: everything of the robot, and the
// instruction in progress through RobotView's own fields when the robot has a single task
// (then nothing else can be meant); the tasks through RobotView.Tasks when the engine has it.
// It returns "" or a message with both states and the first difference.
func rc3StateDiff(r *Robot, v *arena.RobotView) string {
	var a, b strings.Builder
	if r != nil {
		fmt.Fprintf(&a, "id=%d parent=%d team=%d gen=%d set=%d mobile=%v at=%d,%d active=%d vars=%v",
			r.ID, r.Parent, r.Team, r.Generation, r.Set, r.Mobile, r.X, r.Y, r.Active, r.Vars[1:])
	}
	if v != nil {
		var vars [20]int16
		copy(vars[:], v.Vars[:])
		fmt.Fprintf(&b, "id=%d parent=%d team=%d gen=%d set=%d mobile=%v at=%d,%d active=%d vars=%v",
			v.ID, v.Parent, v.Team, v.Generation, v.Set, v.Mobile, v.X, v.Y, v.Active, vars)
	}
	if r != nil && v != nil {
		if t := r.Only(); t != nil {
			fmt.Fprintf(&a, " task: dir=%s pos=%d:%d inprog=%v rem=%d dur=%d", dirName[t.Dir], t.Bank, t.Instr, t.InProgress, t.Remaining, t.Duration)
			fmt.Fprintf(&b, " task: dir=%s pos=%d:%d inprog=%v rem=%d dur=%d", v.Dir.String(), v.Bank, v.Instr, v.InProgress, v.Remaining, v.Duration)
		}
		// A classic game's robots list no tasks in the engine's view; a single task is
		// already compared through the robot's own fields above.
		if et, keys, ok := engineTasks(v); ok && (len(et) > 0 || len(r.Tasks) != 1) {
			taskFieldsSeenMu.Lock()
			for _, k := range keys {
				taskFieldsSeen[k] = true
			}
			taskFieldsSeenMu.Unlock()
			mt := modelTasks(r, keys)
			sortTasks(et)
			sortTasks(mt)
			fmt.Fprintf(&a, " tasks=%v", mt)
			fmt.Fprintf(&b, " tasks=%v", et)
		}
		if a.String() == b.String() && sameBanks(r, v) {
			return ""
		}
	}
	if r != nil {
		a.WriteString(" banks=[")
		writeModelBanks(&a, r)
		a.WriteString("]")
		a.WriteString(" model tasks: " + r.String())
	}
	if v != nil {
		b.WriteString(" banks=[")
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
	}
	return fmt.Sprintf("%s\n      model:  %s\n      engine: %s", firstDiff(a.String(), b.String()), orNone(a.String()), orNone(b.String()))
}

// ---------------------------------------------------------------------------------------
// The CLI: `robocom battle -options SET -trace`, whose lines carry every RC3 field.

var (
	binOnce sync.Once
	binPath string
	binDir  string
	binErr  error
)

// robocomBinary returns a headless robocom binary: REFMODEL_CLI, or one built once per
// test process; "" under -short without REFMODEL_CLI.
func robocomBinary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("REFMODEL_CLI"); bin != "" {
		return bin
	}
	if testing.Short() {
		return ""
	}
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "refmodel-cli-")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "robocom")
		build := exec.Command("go", "build", "-tags", "nogui", "-o", binPath, "robocom/cmd/robocom")
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// canonLine re-renders a JSON object with sorted keys, so that the field order (which
// RC3.md 9 does not fix beyond CLI.md's shape) does not count.
func canonLine(s string) string {
	if s == "" {
		return ""
	}
	var m map[string]any
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	if err := d.Decode(&m); err != nil {
		return "not JSON: " + s
	}
	out, _ := json.Marshal(m)
	return string(out)
}

// playCLI plays gm with the CLI and compares its trace (whole lines) and JSON result with
// the model's. modelLines are the model's full trace lines.
func playCLI(t *testing.T, gm *game, modelLines []string, mr Result) string {
	t.Helper()
	if gm.srcs == nil {
		return ""
	}
	for _, p := range gm.places {
		if p.Random() {
			return "" // -place cannot leave an earlier program random and fix a later one
		}
	}
	bin := robocomBinary(t)
	if bin == "" {
		return "" // -short: in-process comparison only
	}
	dir := t.TempDir()
	var files []string
	for i, src := range gm.srcs {
		f := filepath.Join(dir, fmt.Sprintf("p%d.rob", i))
		if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	limit := gm.limit
	if limit == 0 {
		limit = 2000
	}
	seed := gm.seed
	if seed == 0 {
		seed = 1
	}
	trace := filepath.Join(dir, "trace.jsonl")
	args := []string{"battle", "-seed", strconv.FormatInt(seed, 10), "-options", gm.set}
	keys := make([]string, 0, len(gm.opts))
	for k := range gm.opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		args = append(args, "-opt", k+"="+gm.opts[k])
	}
	args = append(args, "-opt", fmt.Sprintf("timeout=%d", limit))
	for _, p := range gm.places {
		args = append(args, "-place", fmt.Sprintf("%d,%d,%s", p.X, p.Y, dirName[p.Dir]))
	}
	args = append(args, "-trace", trace, "-json")
	args = append(args, files...)
	cmdline := "robocom " + strings.Join(args, " ")
	out, err := exec.Command(bin, args...).Output()
	if err != nil {
		return fmt.Sprintf("%s: %s: %v", gm.name, cmdline, err)
	}
	got, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	cli := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
	if len(got) == 0 {
		cli = nil
	}
	mc := make([]string, len(modelLines))
	for i, l := range modelLines {
		mc[i] = canonLine(l)
	}
	cc := make([]string, len(cli))
	for i, l := range cli {
		cc[i] = canonLine(l)
	}
	if i, _, _, differ := lineDiff(mc, cc); differ {
		var ml, cl string
		if i < len(modelLines) {
			ml = modelLines[i]
		}
		if i < len(cli) {
			cl = cli[i]
		}
		return fmt.Sprintf("%s (CLI -trace): trace line %d differs (compared with keys sorted):\n      model: %s\n      CLI:   %s\n      (%s)",
			gm.name, i+1, orNone(ml), orNone(cl), cmdline)
	}
	// The JSON result (CLI.md): cycles, instructions, winner, the programs, the deaths.
	var res struct {
		Options string
		Rounds  []struct {
			Cycles       int
			Instructions int64
			Winner       *string
			Programs     []struct {
				Alive  bool
				Robots int
				DiedAt *int `json:"died_at"`
				Rank   int
			}
			Deaths []struct {
				Cycle, Robot, Program int
				Reason                string
			}
		}
	}
	if err := json.Unmarshal(out, &res); err != nil || len(res.Rounds) != 1 {
		return fmt.Sprintf("%s: %s: unreadable JSON result (%v):\n%s", gm.name, cmdline, err, out)
	}
	rd := res.Rounds[0]
	winner := "null"
	if rd.Winner != nil {
		winner = *rd.Winner
	}
	b := fmt.Sprintf("options=%s cycles=%d instructions=%d winner=%s", res.Options, rd.Cycles, rd.Instructions, winner)
	for i, p := range rd.Programs {
		died := 0
		if p.DiedAt != nil {
			died = *p.DiedAt
		}
		b += fmt.Sprintf(" p%d{alive=%v robots=%d died=%d rank=%d}", i, p.Alive, p.Robots, died, p.Rank)
	}
	for _, d := range rd.Deaths {
		b += fmt.Sprintf(" d(%d,%d,%d,%s)", d.Cycle, d.Robot, d.Program, d.Reason)
	}
	winner = "null"
	if mr.Winner >= 0 {
		winner = fmt.Sprintf("p%d", mr.Winner)
	}
	a := fmt.Sprintf("options=%s cycles=%d instructions=%d winner=%s", gm.set, mr.Cycles, mr.Instructions, winner)
	for i, p := range mr.Programs {
		a += fmt.Sprintf(" p%d{alive=%v robots=%d died=%d rank=%d}", i, p.Alive, p.Robots, p.DiedAt, p.Rank)
	}
	for _, d := range mr.Deaths {
		a += fmt.Sprintf(" d(%d,%d,%d,%s)", d.Cycle, d.Robot, d.Program, d.Reason)
	}
	if a != b {
		return fmt.Sprintf("%s (CLI -json): results differ %s\n      (%s)", gm.name, firstDiff(a, b), cmdline)
	}
	return ""
}

// runGames plays every game under the set and reports differences (at most 5 per test).
func runGames(t *testing.T, set string, gs []*game) {
	t.Helper()
	fails := 0
	for _, gm := range gs {
		g := *gm
		g.set = set
		g.name = set + "/" + gm.name
		if d := play(t, &g); d != "" {
			t.Errorf("%s\nprograms:\n%s", d, strings.Join(g.srcs, "----\n"))
			if fails++; fails >= 5 {
				t.Error("more differences not shown")
				return
			}
		}
	}
	taskFieldsSeenMu.Lock()
	defer taskFieldsSeenMu.Unlock()
	if len(taskFieldsSeen) == 0 {
		t.Log("arena.RobotView has no Tasks slice: tasks compared through single-task robots, events and the CLI trace only")
	} else if len(taskFieldsSeen) < len(taskFields) {
		// The engine lists tasks: every field of RC3.md 6.1 must be compared, so a renamed
		// field cannot silently drop out of the comparison.
		t.Errorf("task fields compared: %v; want all of %d", taskFieldsSeen, len(taskFields))
	} else if testing.Verbose() {
		t.Logf("task fields compared: %v", taskFieldsSeen)
	}
}

// ---------------------------------------------------------------------------------------
// The games.

// pad3 returns instructions that take exactly k cycles in a robot of one task (SLEEP k).
func pad3(k int) []string {
	if k <= 0 {
		return nil
	}
	return []string{fmt.Sprintf("SLEEP %d", k)}
}

// rc3Hand are one-rule games (RC3.md 2–8), each played under rc3 and rc3m.
func rc3Hand() []*game {
	one := func(name string, limit int, lines ...string) *game {
		return &game{name: name, srcs: []string{prog(lines...)}, places: []Place{A}, limit: limit}
	}
	two := func(name string, limit int, a, b string) *game {
		return &game{name: name, srcs: []string{a, b}, places: []Place{A, B}, limit: limit}
	}
	opt := func(g *game, kv ...string) *game {
		g.opts = map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			g.opts[kv[i]] = kv[i+1]
		}
		return g
	}
	return []*game{
		// Classic programs at rc3's costs.
		one("classic-costs", 300, "ADD #1, 1", "SUB #2, 1", "SET #3, 3", "COMP 1, 1", "JUMP 1", "BJUMP 1, 7", "TURN 1", "SCAN #4", "TRANS 1, 1", "JUMP -8"),
		one("classic-create", 2000, "CREATE 2, 2, 1", "TURN 1", "CREATE 1, 1, 0", "TURN 1", "CREATE 0, 3, 1", "SET #1, %Banks", "DIE"),
		{name: "classic-child", limit: 2000, places: []Place{A}, srcs: []string{child(2, 1, 2, "SET #1, $InstrSet", "MOVE", "TURN 1", "JUMP -2")}},
		one("remote-cost-6", 300, "SET #1, %Active", "COMP %Banks, %Mobile", "JUMP -2"),
		// AJUMP.
		one("ajump", 200, "AJUMP 3", "DIE", "ADD #1, 1", "COMP #1, 3", "AJUMP 3", "AJUMP 0"),
		one("ajump-past-end", 200, "ADD #1, 1", "AJUMP 9"),
		one("ajump-label", 200, "SET #2, @@end", "ADD #1, 1", "AJUMP #2", "DIE", "@end", "JUMP -3"),
		one("ajump-at-label", 200, "AJUMP @x", "DIE", "@x", "ADD #1, 1", "AJUMP @x"),
		// Arithmetic.
		one("mul-div-mod-min-max", 300, "SET #1, -7", "MUL #1, 3", "DIV #1, 2", "SET #2, 7", "MOD #2, -2", "SET #3, -7", "MOD #3, 2",
			"MIN #1, #3", "MAX #2, -100", "MIN #4, -32768", "MAX #5, 32767", "DIV #5, -1", "MUL #6, 0", "JUMP 0"),
		one("div-wrap", 100, "SET #1, -32768", "DIV #1, -1", "SET #2, -32768", "MOD #2, -1", "JUMP 0"),
		one("div-zero", 100, "SET #1, 1", "DIV #1, #2"),
		one("mod-zero", 100, "MOD #1, 0"),
		one("mul-elim", 100, "SET #1, 71", "MUL #1, 70", "MUL #1, 2"),
		one("mul-elim-neg", 100, "SET #1, -71", "MUL #1, 71"),
		opt(one("mul-elim-32767", 100, "SET #1, 181", "MUL #1, 181", "SET #2, -32768", "MUL #2, 1", "MUL #2, -1"), "elim-trigger", "32767"),
		two("mul-remote-empty", 200, prog("MUL %Active, 3", "SET #1, 1", "TURN 0", "MUL %Active, 6000"), prog("JUMP 0")),
		two("min-max-remote", 200, prog("SET #1, 9", "MIN #1, %Active", "MAX %Active, 5", "SET #2, %Active", "JUMP 0"), prog("JUMP 0")),
		// RANDOM.
		one("random", 300, "RANDOM #1, -3, 3", "RANDOM #2, 5, 5", "RANDOM #3, -32768, 32767", "RANDOM #4, 0, 1", "RANDOM #Pub, 1, 6", "SET #5, #Pub", "JUMP -6"),
		one("random-b-gt-c", 100, "RANDOM #1, 0, 0", "RANDOM #1, 1, 0"),
		{name: "random-two-robots", limit: 300, places: []Place{A, Far}, srcs: []string{
			prog("RANDOM #1, 1, 100", "JUMP -1"), prog("RANDOM #1, 1, 100", "RANDOM #2, 1, 100", "JUMP -2")}},
		{name: "random-seed-7", seed: 7, limit: 100, places: []Place{A}, srcs: []string{prog("RANDOM #1, 1, 1000", "SET #2, $ID", "JUMP -2")}},
		// FARSCAN.
		two("farscan-enemy", 300, prog("FARSCAN #1, #2, 1", "FARSCAN #3, #4, 5", "TURN 1", "FARSCAN #5, #6, 20", "JUMP 0"), prog("JUMP 0")),
		{name: "farscan-far", limit: 300, places: []Place{A, {9, 2, N}}, srcs: []string{
			prog("FARSCAN #1, #2, 6", "FARSCAN #3, #4, 7", "FARSCAN #5, #6, 8", "JUMP 0"), prog("JUMP 0")}},
		{name: "farscan-friend", limit: 1000, places: []Place{A}, srcs: []string{
			prog("CREATE 0, 1, 0", "FARSCAN #1, #2, 3", "TURN 0", "FARSCAN #3, #4, 16", "FARSCAN #5, #6, 17", "FARSCAN #7, #8, 32", "JUMP 0")}},
		one("farscan-c0", 200, "FARSCAN #1, #2, 0"),
		one("farscan-c-neg", 200, "FARSCAN #1, #2, -5"),
		one("farscan-same-var", 200, "TURN 0", "TURN 0", "FARSCAN #1, #1, 20", "FARSCAN #Active, #2, 3", "JUMP 0"),
		two("farscan-remote-c", 300, prog("FARSCAN #1, #2, %Banks", "JUMP 0"), "Bank\nJUMP 0\nBank\nBank\nBank\n"),
		{name: "farscan-set0", limit: 500, places: []Place{A}, srcs: []string{child(0, 0, 1, "FARSCAN #1, #2, 0")}},
		{name: "farscan-set1", limit: 800, places: []Place{A}, srcs: []string{child(1, 0, 1, "FARSCAN #1, #2, 3", "TURN 1", "JUMP -2")}},
		// RTRANS.
		two("rtrans", 400, "Bank\nRTRANS 2, 2\nRTRANS 3, 2\nRTRANS 1, 3\nSET #1, 1\nBJUMP 2, 1\nBank\nBank\n",
			"Bank\nJUMP 0\nBank mine\nSET #2, 2\nADD #3, 1\nJUMP -1\n"),
		one("rtrans-empty-field", 200, "RTRANS 1, 1", "SET #1, 1", "JUMP 0"),
		two("rtrans-own-missing", 200, prog("RTRANS 1, 2"), prog("JUMP 0")),
		two("rtrans-own-missing-empty-field", 200, prog("TURN 1", "RTRANS 1, 0"), prog("JUMP 0")),
		two("rtrans-remote-missing", 200, prog("RTRANS 5, 1", "SET #1, 1", "JUMP 0"), prog("JUMP 0")),
		two("rtrans-over-running-bank", 400, prog("SET #1, 1", "RTRANS 2, 1", "SET #2, 2", "JUMP 0"),
			"Bank\nJUMP 0\nBank\nSET #3, 3\nSET #4, 4\nDIE\n"),
		two("rtrans-n-at-fetch", 400, "Bank\nRTRANS 2, 2\nJUMP 0\nBank\n", "Bank\nTRANS 3, 2\nJUMP 0\nBank\nBank\nSET #1, 1\nSET #1, 1\nSET #1, 1\n"),
		{name: "rtrans-set0", limit: 500, places: []Place{A, {4, 2, W}}, srcs: []string{child(0, 0, 1, "RTRANS 1, 1"), prog("JUMP 0")}},
		{name: "rtrans-hidden-origin", limit: 500, places: []Place{A, B}, srcs: []string{
			"Bank\nRTRANS 2, 2\nTRANS 2, 3\nJUMP 0\nBank\n", "Bank\nJUMP 0\nBank theirs\nDIE\nBank\n"}},
		// Constants and shared variables.
		{name: "constants", limit: 300, places: []Place{A, B, Far}, srcs: []string{
			prog("SET #1, $Time", "SET #2, $Age", "SET #3, $Own", "SET #4, $Others", "SET #5, $ID", "SET #6, $Generation",
				"SET #7, $InstrPos", "SET #8, $ElimTrigger", "SET #9, $Timeout", "SET #10, $Tasks", "SET #11, %Age", "JUMP 0"),
			prog("SLEEP 20", "DIE"), prog("JUMP 0")}},
		opt(one("constants-timeout-big", 300, "SET #1, $Timeout", "SET #2, $ElimTrigger", "JUMP 0"), "elim-trigger", "32767"),
		{name: "constants-child", limit: 1500, places: []Place{A}, srcs: []string{child(2, 0, 1,
			"SET #1, $Age", "SET #2, $Generation", "SET #3, $Own", "SET #4, $InstrPos", "SET #5, %Age", "CREATE 0, 1, 0", "SET #6, %Age", "JUMP 0")}},
		{name: "pub-team", limit: 600, places: []Place{A, B, Far}, srcs: []string{
			prog("SET #Pub, 5", "SET #Team, 6", "ADD #Pub, #Team", "CREATE 2, 1, 0", "SET #1, #Team", "JUMP 0"),
			prog("SLEEP 10", "SET #1, #Pub", "SET #2, #Team", "SET #Team, -1", "ADD #Pub, 1", "JUMP 0"),
			prog("SLEEP 30", "SET #1, #Pub", "SET #2, #Team", "JUMP -2")}},
		{name: "team-of-child", limit: 1500, places: []Place{A}, srcs: []string{child(2, 0, 1, "ADD #Team, 1", "SET #1, #Team", "JUMP -2")}},
		// ##k.
		one("indirect", 300, "SET #1, 5", "SET ##1, 7", "ADD ##1, ##1", "SET #2, ##1", "SET #3, 1", "SET ##3, 9", "SET #4, ##3", "JUMP 0"),
		one("indirect-out-of-range", 100, "SET #1, 21", "SET #2, ##1"),
		one("indirect-zero", 100, "SET ##1, 1"),
		one("indirect-negative-write", 100, "SET #1, -1", "SET #2, 2", "SET ##1, 5"),
		one("indirect-at-fetch", 200, "SET #1, 40", "SLEEP ##1", "SET #1, 5", "SET #5, 2", "SLEEP ##5", "SET #5, 0", "SLEEP ##5"),
		one("indirect-self", 200, "SET #1, 1", "SET ##1, 3", "SET ##1, 4", "JUMP 0"),
		{name: "indirect-set0-remote-order", limit: 500, places: []Place{A}, srcs: []string{child(0, 0, 1, "SET ##1, %Active")}},
		one("indirect-farscan", 200, "SET #1, 3", "FARSCAN ##1, ##1, 5", "JUMP 0"),
		// SLEEP.
		one("sleep-values", 200, "SLEEP 0", "SLEEP -5", "SLEEP 1", "SLEEP 2", "SLEEP 7", "ADD #1, 1", "JUMP -6"),
		opt(one("sleep-cost", 200, "SLEEP 0", "SLEEP 3", "ADD #1, 1", "JUMP -3"), "cost.sleep", "2"),
		two("sleep-remote", 200, prog("SLEEP %Banks", "ADD #1, 1", "JUMP -2"), "Bank\nJUMP 0\nBank\nBank\n"),
		// Error 16.
		one("err16-sleep", 100, "SLEEP 1500", "SLEEP 1501"),
		two("err16-remote", 3000, prog("SLEEP 1494", "SLEEP 1495", "SET #1, 1", "SLEEP %Active"), prog("SET #Active, 1495", "JUMP 0")),
		one("err16-create", 100, "CREATE 0, 57, 0"),
		one("err16-create-ok", 3000, "CREATE 2, 47, 1", "CREATE 2, 48, 1"),
		one("err16-farscan", 3000, "FARSCAN #1, #2, 496", "FARSCAN #1, #2, 497"),
		opt(one("err16-off", 3000, "SLEEP 1600", "SET #1, 1", "JUMP 0"), "max-duration", "0"),
		opt(one("err16-low", 100, "ADD #1, 1", "TURN 1", "JUMP -2"), "max-duration", "5"),
		{name: "err16-data-hunger-first", limit: 100, places: []Place{A}, srcs: []string{"Bank\nBJUMP 2, 1\nBank\n"}},
		// Tasks: INIT, QUIT, BREAK, SEIZE, RESUME, SLEEP among tasks.
		one("init-ten", 400, "INIT 1, 3", "JUMP -1", "ADD #1, 1", "SET #2, $Tasks", "JUMP -2"),
		one("init-replace-cycle", 400, "INIT 1, 1", "ADD #1, 1", "SET #2, $Tasks", "JUMP -3"),
		one("init-invalid-positions", 400, "INIT 0, 1", "INIT 1, 0", "INIT 7, 1", "INIT 1, 99", "INIT 100, 1", "ADD #1, 1", "SET #2, $Tasks", "JUMP -2"),
		one("init-remote-head", 400, "INIT 1, @t", "TURN 1", "SCAN #1", "JUMP -2", "@t", "SCAN #2", "TURN 0", "JUMP -2"),
		opt(one("init-max3", 400, "INIT 1, 4", "INIT 1, 5", "INIT 1, 6", "ADD #1, 1", "ADD #2, 1", "ADD #3, 1", "JUMP -3"), "max-tasks", "3"),
		opt(one("init-max100", 1000, "INIT 1, 3", "JUMP -1", "ADD #1, 1", "JUMP -1"), "max-tasks", "100"),
		one("quit-middle", 300, "INIT 1, @a", "INIT 1, @b", "ADD #1, 1", "JUMP -1", "@a", "ADD #2, 1", "QUIT", "@b", "ADD #3, 1", "SLEEP 3", "QUIT"),
		one("quit-seized", 300, "INIT 1, @a", "ADD #1, 1", "JUMP -1", "@a", "SEIZE", "ADD #2, 1", "QUIT"),
		one("quit-last", 100, "QUIT"),
		one("break", 300, "INIT 1, @a", "INIT 1, @a", "INIT 1, @a", "SLEEP 4", "BREAK", "SET #1, $Tasks", "BREAK", "JUMP 0", "@a", "ADD #2, 1", "JUMP -1"),
		one("break-seized", 300, "INIT 1, @a", "SEIZE", "BREAK", "ADD #1, 1", "RESUME", "INIT 1, @a", "ADD #1, 1", "JUMP -1", "@a", "ADD #2, 1", "JUMP -1"),
		one("seize-twice-resume-twice", 300, "SEIZE", "INIT 1, @a", "SEIZE", "ADD #1, 1", "RESUME", "RESUME", "ADD #1, 1", "JUMP -1", "@a", "ADD #2, 1", "JUMP -1"),
		one("seize-other-task", 300, "INIT 1, @a", "ADD #1, 1", "ADD #1, 1", "RESUME", "JUMP -3", "@a", "SEIZE", "ADD #2, 1", "COMP #2, 5", "JUMP -2", "RESUME", "JUMP 0"),
		one("seized-sleeps", 300, "INIT 1, @a", "SEIZE", "SLEEP 5", "RESUME", "ADD #1, 1", "JUMP -1", "@a", "ADD #2, 1", "JUMP -1"),
		one("sleep-ring", 400, "INIT 1, @a", "INIT 1, @b", "SLEEP 6", "ADD #1, 1", "JUMP -2", "@a", "SLEEP 3", "ADD #2, 1", "JUMP -2", "@b", "ADD #3, 1", "JUMP -1"),
		one("all-asleep", 400, "INIT 1, @a", "SLEEP 5", "ADD #1, 1", "JUMP -2", "@a", "SLEEP 3", "ADD #2, 1", "JUMP -2"),
		one("sleep-then-init", 400, "INIT 1, @a", "SLEEP 10", "INIT 1, @b", "ADD #1, 1", "JUMP -1", "@a", "SLEEP 2", "JUMP -1", "@b", "ADD #3, 1", "JUMP -1"),
		one("instrpos-tasks", 300, "INIT 1, @a", "SET #1, $InstrPos", "SET #3, $Tasks", "JUMP -2", "@a", "SET #2, $InstrPos", "JUMP -1"),
		one("task-auto-reboot", 300, "INIT 1, @a", "ADD #1, 1", "JUMP -1", "@a", "ADD #2, 1"),
		one("task-turns-move", 800, "INIT 1, @a", "TURN 1", "MOVE", "JUMP -2", "@a", "MOVE", "TURN 0", "JUMP -2"),
		opt(one("task-turns-move-mobile", 800, "INIT 1, @a", "TURN 1", "MOVE", "JUMP -2", "@a", "MOVE", "TURN 0", "MOVE", "JUMP -3"), "first-mobile", "1"),
		one("task-create-head", 3000, "INIT 1, @a", "TURN 1", "CREATE 0, 1, 0", "JUMP 0", "@a", "TURN 0", "CREATE 0, 1, 0", "JUMP 0"),
		one("task-die", 300, "INIT 1, @a", "ADD #1, 1", "JUMP -1", "@a", "SLEEP 9", "DIE"),
		one("task-error", 300, "INIT 1, @a", "ADD #1, 1", "JUMP -1", "@a", "SLEEP 9", "DIV #1, 0"),
		one("task-data-hunger", 300, "Bank\nINIT 2, 1\nBJUMP 2, 1\nBank\nADD #1, 1\nTRANS 3, 1\nBank\n"),
		one("task-elim", 300, "INIT 1, @a", "ADD #1, 1", "JUMP -1", "@a", "ADD #2, 1000", "JUMP -1"),
		one("task-deactivate-self", 300, "INIT 1, @a", "ADD #1, 1", "JUMP -1", "@a", "SLEEP 5", "SET #Active, 0"),
		// Another robot acts on a robot with tasks.
		two("tasks-deactivated", 600, prog("SLEEP 30", "SET %Active, 0", "SLEEP 20", "SET %Active, 1", "JUMP -4"),
			prog("INIT 1, @a", "ADD #1, 1", "JUMP -1", "@a", "SLEEP 7", "ADD #2, 1", "JUMP -2")),
		two("tasks-trans-into", 600, "Bank\nSLEEP 21\nTRANS 2, 1\nSLEEP 40\nTRANS 3, 1\nJUMP 0\nBank\nADD #5, 1\nJUMP -1\nBank\nSET #6, 6\n",
			prog("INIT 1, @a", "INIT 1, @b", "ADD #1, 1", "JUMP -1", "@a", "SLEEP 11", "ADD #2, 1", "JUMP -2", "@b", "ADD #3, 1", "ADD #4, 1", "JUMP -2")),
		two("tasks-rtrans-own", 600, prog("INIT 1, @a", "SLEEP 9", "RTRANS 1, 1", "JUMP 0", "@a", "ADD #1, 1", "JUMP -1"),
			prog("ADD #2, 1", "ADD #3, 1", "JUMP -2")),
		two("tasks-remote-age", 600, prog("INIT 1, @a", "SET #1, %Age", "JUMP -1", "@a", "TURN 1", "SET #2, %Age", "JUMP -1"), prog("JUMP 0")),
		// Error order (RC3.md 5).
		{name: "order-set-remote-index", limit: 500, places: []Place{A}, srcs: []string{child(0, 0, 1, "FARSCAN ##1, %Active, 0")}},
		{name: "order-remote-index", limit: 500, places: []Place{A}, srcs: []string{child(0, 0, 1, "SET ##1, %Banks")}},
		one("order-index-before-div", 100, "DIV ##1, 0"),
		one("order-index-before-random", 100, "RANDOM ##2, 5, 1"),
		one("order-index-operand", 100, "SET #2, 30", "SET #1, 1", "MIN ##1, ##2"),
		one("order-rtrans-12-before-index", 100, "RTRANS ##1, 5"),
		one("order-create-11-13", 100, "CREATE 5, 0, 5"),
		// Cost options of the RC3 keys.
		opt(one("costs-rc3-keys", 3000, "FARSCAN #1, #2, 5", "RTRANS 1, 1", "CREATE 1, 2, 1", "INIT 1, 6", "JUMP 0", "MUL #3, 1", "DIV #3, 1", "MOD #3, 1", "MIN #3, 1", "MAX #3, 1", "RANDOM #4, 1, 2", "AJUMP 6"),
			"cost.farscan", "3", "cost.farscan-per-field", "0", "cost.rtrans", "1", "cost.rtrans-per-instr", "9", "cost.create-mobile", "7",
			"cost.init", "5", "cost.mul", "3", "cost.div", "4", "cost.mod", "5", "cost.min", "0", "cost.max", "6", "cost.random", "2", "cost.ajump", "3"),
		opt(one("costs-task-keys", 400, "INIT 1, @a", "SEIZE", "RESUME", "BREAK", "JUMP -4", "@a", "QUIT"),
			"cost.quit", "4", "cost.seize", "3", "cost.resume", "2", "cost.break", "5"),
		opt(one("rc3-classic-instructions", 300, "ADD #1, 1", "JUMP -1"), "instructions", "rc3", "cost.add", "9"),
	}
}

func TestRC3Hand(t *testing.T) {
	forSets(t, func(t *testing.T, set string) { runGames(t, set, rc3Hand()) })
}

// rc3Windows: one robot changes what another reads at fetch or completion, in the cycles
// around it (before, same cycle before/after its turn, after), in both age orders.
func rc3Windows() []*game {
	var gs []*game
	both := func(name string, limit int, pa, pb Place, a, b string) {
		gs = append(gs,
			&game{name: name + "-older", places: []Place{pa, pb}, limit: limit, srcs: []string{a, b}},
			&game{name: name + "-younger", places: []Place{pb, pa}, limit: limit, srcs: []string{b, a}})
	}
	C := Place{4, 2, W}
	for off := -3; off <= 3; off++ {
		// RW1: RTRANS's N (the size of the remote bank at fetch): A fetches RTRANS in cycle 61;
		// C's TRANS of a 10-instruction bank into B's bank 2 (14 + 10 cycles) completes in 60+off.
		ten := "Bank ten\n" + strings.Repeat("SET #1, 1\n", 10)
		gs = append(gs, &game{name: fmt.Sprintf("RW1/%+d", off), places: []Place{A, B, C}, limit: 200, srcs: []string{
			lines("Bank", pad3(60), "RTRANS 2, 2", "JUMP 0", "Bank"),
			"Bank\nJUMP 0\nBank\nSET #1, 1\n",
			lines("Bank", pad3(60+off-24), "TRANS 2, 2", "JUMP 0") + ten}})
		// RW2: FARSCAN's c read from %Active at fetch, changed by the robot in front.
		both(fmt.Sprintf("RW2/%+d", off), 300, A, B,
			lines(pad3(60), "FARSCAN #1, #2, %Active", "JUMP 0"),
			lines(pad3(60+off-2), "SET #Active, 9", "JUMP 0"))
		// RW3: SLEEP's a from %Active, and error 16 when it grows past max-duration.
		both(fmt.Sprintf("RW3/%+d", off), 300, A, B,
			lines(pad3(60), "SLEEP %Active", "SET #1, 1", "JUMP 0"),
			lines(pad3(60+off-2), "SET #Active, 1495", "JUMP 0"))
		// RW4: a robot with three tasks deactivated and reactivated around its turns.
		tasks := prog("INIT 1, @a", "INIT 1, @b", "ADD #1, 1", "JUMP -1", "@a", "SLEEP 3", "ADD #2, 1", "JUMP -2", "@b", "ADD #3, 1", "JUMP -1")
		both(fmt.Sprintf("RW4/%+d", off), 300, B, A, tasks,
			lines(pad3(40+off), "SET %Active, 0", pad3(5), "SET %Active, 1", "JUMP 0"))
		// RW5: TRANS into a robot with tasks around their completions.
		both(fmt.Sprintf("RW5/%+d", off), 300, A, B,
			lines("Bank", pad3(40+off-16), "TRANS 2, 1", "JUMP 0", "Bank", "SET #9, 9", "JUMP -1"),
			lines("INIT 1, @a", "ADD #1, 1", "JUMP -1", "@a", "SLEEP 5", "ADD #2, 1", "JUMP -2"))
		// RW6: #Pub written by one robot, read by another at completion.
		both(fmt.Sprintf("RW6/%+d", off), 200, A, Far,
			lines(pad3(60), "SET #1, #Pub", "JUMP 0"),
			lines(pad3(60+off), "SET #Pub, 4", "JUMP 0"))
		// RW7: %Age of a robot built on the reference field around the completion: A's SET
		// (2 + 6) completes in 158; the builder at (4,2) facing W builds on A's reference
		// field with CREATE 0, 1, 0 (125 cycles) completing in 158+off.
		both(fmt.Sprintf("RW7/%+d", off), 400, A, Place{4, 2, W},
			lines(pad3(150), "SET #1, %Age", "SET #2, %Age", "JUMP 0"),
			lines(pad3(33+off), "CREATE 0, 1, 0", "SET #3, %Age", "JUMP 0"))
		// RW8: seizure by one task while another robot deactivates the robot.
		both(fmt.Sprintf("RW8/%+d", off), 300, B, A,
			prog("INIT 1, @a", "ADD #1, 1", "JUMP -1", "@a", "SLEEP 20", "SEIZE", "ADD #2, 1", "COMP #2, 10", "JUMP -2", "RESUME", "JUMP -6"),
			lines(pad3(30+off), "SET %Active, 0", "SET %Active, 1", "JUMP 0"))
	}
	return gs
}

func TestRC3Windows(t *testing.T) {
	forSets(t, func(t *testing.T, set string) { runGames(t, set, rc3Windows()) })
}

// rc3Examples are RC3.md 10's programs and placements, played under both sets.
func rc3Examples() []*game {
	enemyAt := func(x, y int) []Place { return []Place{{0, 0, E}, {x, y, N}} }
	o := []Place{{0, 0, E}}
	return []*game{
		{name: "E1", places: o, limit: 100, srcs: []string{asm("Init 1, @b", "@a", "Add #1, 1", "Jump @a", "@b", "Add #2, 1", "Jump @b")}},
		{name: "E2", places: o, limit: 100, srcs: []string{asm("Init 1, @x", "Init 1, @y", "@z", "Add #1, 1", "Jump @z",
			"@x", "Add #2, 1", "Jump @x", "@y", "Add #3, 1", "Jump @y")}},
		{name: "E3", places: o, limit: 100, srcs: []string{asm("Set #20, @@back", "Jump @wait", "@back", "Add #1, 1", "Sleep 2000",
			"@wait", "Sleep 5", "AJump #20")}},
		{name: "E4", places: o, limit: 100, srcs: []string{asm("Init 1, @w", "Sleep 4", "Add #1, 1", "Jump -1", "@w", "Add #2, 1", "Jump @w")}},
		{name: "E5", places: o, limit: 100, srcs: []string{asm("Seize", "Init 1, @w", "Add #1, 1", "Add #1, 1", "Resume",
			"@z", "Add #3, 1", "Jump @z", "@w", "Add #2, 1", "Jump @w")}},
		{name: "E6", places: o, limit: 100, srcs: []string{asm("Init 1, @b", "Add #1, 1", "Quit", "@b", "Add #2, 1", "Quit")}},
		{name: "E7", places: o, limit: 100, opts: map[string]string{"max-tasks": "2"}, srcs: []string{asm("Init 1, @b", "@a", "Add #1, 1",
			"Jump @a", "@b", "Init 1, @c", "Add #2, 1", "Jump -1", "@c", "Add #3, 1", "Jump @c")}},
		{name: "E7-default", places: o, limit: 100, srcs: []string{asm("Init 1, @b", "@a", "Add #1, 1",
			"Jump @a", "@b", "Init 1, @c", "Add #2, 1", "Jump -1", "@c", "Add #3, 1", "Jump @c")}},
		{name: "E8", places: enemyAt(5, 0), limit: 200, srcs: []string{asm("Farscan #1, #2, 4", "Farscan #3, #4, 6", "Farscan #5, #6, 0"), asm("Jump 0")}},
		{name: "E8-self", places: []Place{{0, 0, W}}, limit: 100, opts: map[string]string{"board": "4"}, srcs: []string{asm("Farscan #1, #2, 9", "Jump 0")}},
		{name: "E9", places: o, limit: 100, srcs: []string{asm("Set #1, -7", "Set #2, -7", "Div #1, 2", "Mod #2, 2", "Set #3, 100", "Mul #3, 60")}},
		{name: "E10", places: enemyAt(1, 0), limit: 100, srcs: []string{asm("Init 1, @t2", "Turn 1", "Break", "Scan #2", "Jump 0",
			"@t2", "Scan #1", "Jump @t2"), asm("Jump 0")}},
	}
}

func TestRC3Examples(t *testing.T) {
	forSets(t, func(t *testing.T, set string) { runGames(t, set, rc3Examples()) })
}

// randomRC3Program is randomProgram with the RC3 instructions and operands, and an opening
// that starts several tasks.
func randomRC3Program(r *rand.Rand) string {
	base := randomProgram(r)
	num := func() string { return strconv.Itoa(r.IntN(9) - 3) }
	rd := func() string {
		switch r.IntN(12) {
		case 0:
			return []string{"$Time", "$Age", "$Own", "$Others", "$ID", "$Generation", "$InstrPos", "$ElimTrigger", "$Timeout", "$Tasks"}[r.IntN(10)]
		case 1:
			return []string{"#Pub", "#Team"}[r.IntN(2)]
		case 2:
			return "%Age"
		case 3:
			return "##" + strconv.Itoa(1+r.IntN(4))
		case 4, 5:
			return "#" + strconv.Itoa(1+r.IntN(4))
		default:
			return num()
		}
	}
	wr := func() string {
		switch r.IntN(10) {
		case 0:
			return "#Pub"
		case 1:
			return "#Team"
		case 2:
			return "##" + strconv.Itoa(1+r.IntN(4))
		case 3:
			return "%Active"
		default:
			return "#" + strconv.Itoa(1+r.IntN(4))
		}
	}
	var b strings.Builder
	banks := strings.Split(base, "Bank ")
	for bi, bank := range banks {
		if bi == 0 {
			continue // text before the first "Bank "
		}
		nl := strings.IndexByte(bank, '\n')
		b.WriteString("Bank " + bank[:nl+1])
		if bi == 1 {
			// Opening: the variables #1..#4 get small values (so ##k often hits), tasks start.
			fmt.Fprintf(&b, "SET #%d, %d\n", 1+r.IntN(4), 1+r.IntN(4))
			for k := r.IntN(4); k > 0; k-- {
				fmt.Fprintf(&b, "INIT %d, %d\n", 1+r.IntN(len(banks)-1), 1+r.IntN(6))
			}
		}
		for _, line := range strings.Split(strings.TrimSuffix(bank[nl+1:], "\n"), "\n") {
			if line != "" {
				b.WriteString(line + "\n")
			}
			if r.IntN(3) != 0 {
				continue
			}
			switch r.IntN(20) {
			case 0:
				fmt.Fprintf(&b, "AJUMP %d\n", r.IntN(7))
			case 1:
				fmt.Fprintf(&b, "RTRANS %s, %s\n", []string{"1", "2", rd()}[r.IntN(3)], []string{"1", "2", rd()}[r.IntN(3)])
			case 2:
				fmt.Fprintf(&b, "FARSCAN %s, %s, %s\n", wr(), wr(), []string{"1", "3", "8", rd()}[r.IntN(4)])
			case 3:
				fmt.Fprintf(&b, "RANDOM %s, %s, %s\n", wr(), num(), []string{"3", "100", rd()}[r.IntN(3)])
			case 4:
				fmt.Fprintf(&b, "%s %s, %s\n", []string{"MUL", "DIV", "MOD", "MIN", "MAX"}[r.IntN(5)], wr(), rd())
			case 5, 6:
				fmt.Fprintf(&b, "INIT %s, %s\n", []string{"1", "2", rd()}[r.IntN(3)], []string{"1", "2", "3", rd()}[r.IntN(4)])
			case 7:
				b.WriteString("QUIT\n")
			case 8:
				b.WriteString("SEIZE\n")
			case 9:
				b.WriteString("RESUME\n")
			case 10:
				b.WriteString("BREAK\n")
			case 11, 12:
				fmt.Fprintf(&b, "SLEEP %s\n", []string{"0", "1", "3", "9", rd()}[r.IntN(5)])
			case 13, 14:
				fmt.Fprintf(&b, "SET %s, %s\n", wr(), rd())
			case 15:
				fmt.Fprintf(&b, "ADD %s, %s\n", wr(), rd())
			default:
				fmt.Fprintf(&b, "COMP %s, %s\n", rd(), rd())
			}
		}
	}
	return b.String()
}

// randomRC3Games are seeded random games of one to three programs with several tasks.
func randomRC3Games(set string, games int) []*game {
	var gs []*game
	for k := 0; k < games; k++ {
		r := rand.New(rand.NewPCG(uint64(k), 2002))
		np := 1 + r.IntN(3)
		board := 5 + r.IntN(5)
		gm := &game{name: fmt.Sprintf("random#%d", k), limit: 400 + r.IntN(600), seed: int64(1 + r.IntN(1000)),
			opts: map[string]string{"board": strconv.Itoa(board), "first-mobile": strconv.Itoa(r.IntN(2))}}
		if set == "rc3" && r.IntN(4) == 0 {
			gm.opts["max-tasks"] = strconv.Itoa(2 + r.IntN(3))
		}
		used := map[[2]int]bool{}
		for i := 0; i < np; i++ {
			gm.srcs = append(gm.srcs, randomRC3Program(r))
			for {
				x, y := r.IntN(board), r.IntN(board)
				if !used[[2]int{x, y}] {
					used[[2]int{x, y}] = true
					gm.places = append(gm.places, Place{x, y, r.IntN(4)})
					break
				}
			}
		}
		gs = append(gs, gm)
	}
	return gs
}

func TestRC3Random(t *testing.T) {
	forSets(t, func(t *testing.T, set string) {
		games := 120
		if testing.Short() {
			games = 25
		}
		if v, err := strconv.Atoi(os.Getenv("REFMODEL_RANDOM")); err == nil && v > 0 {
			games = v
		}
		runGames(t, set, randomRC3Games(set, games))
	})
}

// The RC3 harness (named set, the model's assembler against robolang's, rc3StateDiff, the
// CLI trace and JSON result) on classic games, which the engine plays today: so the harness
// itself is known to work before the engine plays RC3.
func TestRC3HarnessOnClassic(t *testing.T) {
	var gs []*game
	for _, gm := range handGames() {
		if gm.srcs != nil {
			gs = append(gs, gm)
		}
	}
	ws := windowGames()
	for i := 0; i < len(ws); i += 7 {
		gs = append(gs, ws[i])
	}
	runGames(t, "classic", gs)
}

// The engine's rc3 and rc3m values are RC3.md section 1's table: every key the engine
// writes (Options.MarshalText) is compared with the model's value of that key.
func TestRC3Values(t *testing.T) {
	forSets(t, func(t *testing.T, set string) {
		o, err := arena.ResolveOptions(set)
		if err != nil {
			t.Fatal(err)
		}
		text, err := o.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		m := modelSet(set)
		seen := 0
		for _, line := range strings.Split(string(text), "\n") {
			if i := strings.IndexByte(line, '#'); i >= 0 {
				line = line[:i]
			}
			k, v, ok := strings.Cut(line, "=")
			if !ok {
				continue
			}
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if k == "name" {
				continue
			}
			want, ok := modelValue(m, k)
			if !ok {
				t.Errorf("engine key %s = %s: the model does not know it", k, v)
				continue
			}
			seen++
			if v != want {
				t.Errorf("%s: %s = %s, RC3.md 1 says %s", set, k, v, want)
			}
		}
		if seen < 40 {
			t.Errorf("only %d keys compared", seen)
		}
		// Classic's RC3 keys have rc3's values (RC3.md 1), once the engine has RC3.md's table.
		c := Classic()
		e := arena.Classic()
		for op := robolang.Opcode(1); op < robolang.NumOpcodes; op++ {
			if op.IsRC3() && e.Cost[op] != c.Cost[op] {
				t.Errorf("classic: cost.%s = %d, RC3.md 1 says %d (rc3's value)", op.Info().CostKey, e.Cost[op], c.Cost[op])
			}
		}
	})
}

// modelValue renders the model's value of an option key as text.
func modelValue(o Options, k string) (string, bool) {
	switch k {
	case "instructions":
		if o.RC3 {
			return "rc3", true
		}
		return "classic", true
	case "first-mobile":
		return strconv.Itoa(b2i(o.FirstMobile)), true
	}
	vals := map[string]int{
		"board": o.Board, "timeout": o.Timeout, "elim-trigger": o.ElimTrigger, "remote-cost": o.RemoteCost,
		"cost.trans-per-instr": o.TransPerInstr, "cost.create-per-bank": o.CreatePerBank,
		"cost.create-mobile-factor": o.CreateMobileFactor, "cost.create-set1": o.CreateSet1, "cost.create-set2": o.CreateSet2,
		"max-tasks": o.MaxTasks, "max-duration": o.MaxDuration, "cost.create-mobile": o.CreateMobile,
		"cost.rtrans-per-instr": o.RTransPerInstr, "cost.farscan-per-field": o.FarscanPerField,
	}
	if v, ok := vals[k]; ok {
		return strconv.Itoa(v), true
	}
	if name, ok := strings.CutPrefix(k, "cost."); ok {
		op := robolang.LookupOpcode(name)
		if c, ok := o.Cost[op]; ok && op.Valid() {
			return strconv.Itoa(c), true
		}
	}
	return "", false
}
