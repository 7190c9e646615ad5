package play

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robocom/corewars"
	"robocom/internal/bouts"
	"robocom/internal/srcerr"
)

func loadSample(t *testing.T, name string, p Params) *Program {
	t.Helper()
	path := filepath.Join("..", "..", "robots", "core", name)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := Load(name, src, p)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return pr
}

const imp94 = ";name Imp\nMOV 0, 1\n"
const dwarf94 = ";name Dwarf\nADD #4, 3\nMOV 2, @2\nJMP -2\nDAT #0, #0\n"

func TestLanguageOf(t *testing.T) {
	for file, want := range map[string]Language{"a.cw": CW, "B.VNA": VNA, "x/y.red": Redcode, "r.rob": NoLanguage, "noext": NoLanguage} {
		if got := LanguageOf(file); got != want {
			t.Errorf("LanguageOf(%q) = %v, want %v", file, got, want)
		}
	}
}

// TestLoadSkipsByteOrderMark: a program saved with a byte-order mark (Windows editors write
// one) loads in every language, as a RoboCom program does.
func TestLoadSkipsByteOrderMark(t *testing.T) {
	for _, name := range []string{"imp.red", "imp.cw", "bomber.vna"} {
		src, err := os.ReadFile(filepath.Join("..", "..", "robots", "core", name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Load(name, append([]byte("\uFEFF"), src...), Defaults(LanguageOf(name))); err != nil {
			t.Errorf("%s with a byte-order mark: %v", name, err)
		}
	}
}

func TestLoadErrorsAtTheirLines(t *testing.T) {
	cases := []struct {
		file, src string
		dialect   string
		line      int
	}{
		{"bad.cw", "title X\nx: data 0\nfrobnicate 3\n", "", 3},
		{"bad.vna", "COPY 1, 2\nJUMP -1\nFROB 3\n", "", 3},
		{"bad.red", "MOV 0, 1\nFOO 1, 2\n", "94", 2},
		{"bad86.red", "MOV 0 1\nXYZ 1 2\n", "86", 2},
	}
	for _, c := range cases {
		p := Defaults(LanguageOf(c.file))
		if c.dialect != "" {
			p.Dialect = c.dialect
		}
		_, err := Load(c.file, []byte(c.src), p)
		var le srcerr.List
		if !errors.As(err, &le) || len(le) == 0 {
			t.Errorf("%s: got %v, want load errors", c.file, err)
			continue
		}
		if le[0].Line != c.line || le[0].File != c.file {
			t.Errorf("%s: first error %q at line %d, want line %d", c.file, le[0].Error(), le[0].Line, c.line)
		}
		if !strings.HasPrefix(le.Error(), c.file+":") {
			t.Errorf("%s: message %q does not start with the file", c.file, le.Error())
		}
	}
}

// A program the assembler warns of loads, with the warnings kept in Program.Warnings as its
// errors would be (file:line: message, no column); one without warnings has none.
func TestLoadKeepsWarnings(t *testing.T) {
	cases := []struct {
		file, src string
		dialect   string
		want      string // Warnings.Error(); "" for none
	}{
		{"imp.red", imp94, "94", "imp.red: Missing ';assert'. Warrior may not work with the current setting"},
		{"relab.red", ";assert 1\nlab MOV 0, 1\nlab DAT 0, 0\n", "94", "relab.red:3: Ignored, redefinition of label 'lab'"},
		{"two.red", "MOV 0, 1\nFOR 2\nDAT 0, 0\n", "94", "two.red: Unclosed ROF\ntwo.red: Missing ';assert'. Warrior may not work with the current setting"},
		{"quiet.red", ";assert CORESIZE == 8000\n" + imp94, "94", ""},
		{"imp86.red", "MOV 0 1\n", "86", ""},
		{"imp.cw", "title Imp\nimp: move imp, next\nnext: data 0\n", "", ""},
	}
	for _, c := range cases {
		p := Defaults(LanguageOf(c.file))
		if c.dialect != "" {
			p.Dialect = c.dialect
		}
		pr, err := Load(c.file, []byte(c.src), p)
		if err != nil {
			t.Errorf("%s: %v; a program with warnings must load", c.file, err)
			continue
		}
		got := ""
		if pr.Warnings != nil {
			got = pr.Warnings.Error()
		}
		if got != c.want {
			t.Errorf("%s: warnings %q, want %q", c.file, got, c.want)
		}
	}
}

// TestMaxLength: a program longer than the maximum is refused at its first cell past it
// (file:line:col), not with a bare file name.
func TestMaxLength(t *testing.T) {
	cases := []struct {
		file string
		max  int
		want string
	}{
		{"dwarf.cw", 3, "dwarf.cw:9:9: the program is 7 cells long; the maximum length is 3, and this is cell 4 (raise the maximum in the parameters)"},
		{"imp.cw", 1, "imp.cw:7:9: the program is 2 cells long; the maximum length is 1, and this is cell 2"},
		{"bomber.vna", 2, "bomber.vna:8:1: the program is 4 nodes long; the maximum length is 2, and this is node 3"},
	}
	for _, c := range cases {
		p := Defaults(LanguageOf(c.file))
		p.MaxLength = c.max
		src, err := os.ReadFile(filepath.Join("..", "..", "robots", "core", c.file))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Load(c.file, src, p); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s with -maxlength %d: %v, want %q", c.file, c.max, err, c.want)
		}
	}
	p := Defaults(CW)
	p.MaxLength = 7
	src, _ := os.ReadFile(filepath.Join("..", "..", "robots", "core", "dwarf.cw"))
	if _, err := Load("dwarf.cw", src, p); err != nil {
		t.Errorf("dwarf.cw at its own length: %v", err)
	}
}

func TestNewGameEveryLanguage(t *testing.T) {
	cwp := Defaults(CW)
	d := loadSample(t, "dwarf.cw", cwp)
	imp := loadSample(t, "imp.cw", cwp)
	g, err := NewGame([]*Program{d, imp}, []int{2, 3}, cwp, 7)
	if err != nil {
		t.Fatal(err)
	}
	if g.Processes() != 5 || g.Size() != 10000 {
		t.Fatalf("cw game: %d processes, size %d; want 5 and 10000", g.Processes(), g.Size())
	}
	vp := Defaults(VNA)
	b := loadSample(t, "bomber.vna", vp)
	e := loadSample(t, "bomb_evader_fixed.vna", vp)
	if w, err := Play([]*Program{b, e}, nil, vp, 1); err != nil || w < -1 || w > 1 {
		t.Fatalf("vna: winner %d, %v", w, err)
	}
	rp := Defaults(Redcode)
	ri, err := Load("imp.red", []byte(imp94), rp)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := Load("dwarf.red", []byte(dwarf94), rp)
	if err != nil {
		t.Fatal(err)
	}
	if ri.Name != "Imp" {
		t.Errorf("Redcode name %q, want Imp", ri.Name)
	}
	g, err = NewGame([]*Program{ri, rd}, nil, rp, 3)
	if err != nil || g.Size() != 8000 || g.Processes() != 2 {
		t.Fatalf("redcode game: %v", err)
	}
	if _, err := NewGame([]*Program{d, b}, nil, cwp, 1); err == nil {
		t.Fatal("a game of .cw and .vna programs started")
	}
}

func TestPlayIsDeterministic(t *testing.T) {
	p := Defaults(CW)
	p.Size, p.Cycles = 2000, 20000
	d := loadSample(t, "dwarf.cw", p)
	k := loadSample(t, "impkiller.cw", p)
	for seed := int64(1); seed <= 3; seed++ {
		a, err1 := Play([]*Program{d, k}, nil, p, seed)
		b, err2 := Play([]*Program{d, k}, nil, p, seed)
		if err1 != nil || err2 != nil || a != b {
			t.Fatalf("seed %d: %d/%v then %d/%v", seed, a, err1, b, err2)
		}
	}
}

func TestSwissRounds(t *testing.T) {
	for n, want := range map[int]int{1: 0, 2: 1, 3: 2, 4: 2, 5: 3, 8: 3, 9: 4} {
		if got := SwissRounds(n); got != want {
			t.Errorf("SwissRounds(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestSwissPairsByScoreWithoutRematch(t *testing.T) {
	st := []Standing{{Index: 0, Points: 2}, {Index: 1, Points: 6}, {Index: 2, Points: 4}, {Index: 3, Points: 0}, {Index: 4, Points: 5}}
	met := map[[2]int]bool{{1, 4}: true}
	pairs, bye := swissPairs(st, met)
	// Ranking 1(6) 4(5) 2(4) 0(2) 3(0): 3 sits out; 1 has met 4, so 1–2, then 4–0.
	if bye != 3 {
		t.Errorf("bye %d, want 3", bye)
	}
	want := [][2]int{{1, 2}, {0, 4}}
	if len(pairs) != 2 || pairs[0] != want[0] || pairs[1] != want[1] {
		t.Errorf("pairs %v, want %v", pairs, want)
	}
}

func TestTournaments(t *testing.T) {
	p := Defaults(CW)
	p.Size, p.Cycles = 2000, 5000
	var progs []*Program
	for _, n := range []string{"dwarf.cw", "imp.cw", "impkiller.cw", "replicator.cw"} {
		progs = append(progs, loadSample(t, n, p))
	}
	rr, err := Tournament(context.Background(), RoundRobin, progs, nil, p, 10, 2, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rr.Pairings) != 6 {
		t.Fatalf("round-robin of 4: %d pairings, want 6", len(rr.Pairings))
	}
	checkPoints(t, rr, 3, 1)
	calls := 0
	sw, err := Tournament(context.Background(), Swiss, progs, nil, p, 10, 99, 2, func(done, total int) {
		calls++
		if total != 2*2*SwissBattles || done != calls {
			t.Errorf("progress %d/%d at call %d", done, total, calls)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if sw.Battles != SwissBattles || sw.Rounds != 2 || len(sw.Pairings) != 4 || calls != 12 {
		t.Fatalf("Swiss of 4: %d battles, %d rounds, %d pairings, %d battles played", sw.Battles, sw.Rounds, len(sw.Pairings), calls)
	}
	seen := map[[2]int]bool{}
	for _, pg := range sw.Pairings {
		k := key(pg.A, pg.B)
		if seen[k] {
			t.Errorf("Swiss rematch %v", k)
		}
		seen[k] = true
		if pg.AWins+pg.BWins+pg.Draws != SwissBattles {
			t.Errorf("pairing %v played %d battles", k, pg.AWins+pg.BWins+pg.Draws)
		}
	}
	checkPoints(t, sw, 2, 1)
	again, _ := Tournament(context.Background(), Swiss, progs, nil, p, 10, 3, 1, nil)
	for i := range sw.Standings {
		if sw.Standings[i] != again.Standings[i] {
			t.Fatalf("same seed, different standings: %+v vs %+v", sw.Standings[i], again.Standings[i])
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Tournament(ctx, RoundRobin, progs, nil, p, 1, 1, 1, nil); err == nil {
		t.Fatal("a cancelled tournament finished")
	}
}

// checkPoints recomputes every program's points from the pairings.
func checkPoints(t *testing.T, r *Result, win, draw int) {
	t.Helper()
	pts := map[int]int{}
	for _, pg := range r.Pairings {
		pts[pg.A] += win*pg.AWins + draw*pg.Draws
		pts[pg.B] += win*pg.BWins + draw*pg.Draws
	}
	for i, s := range r.Standings {
		if want := pts[s.Index] + s.Byes*r.Battles*draw; s.Points != want {
			t.Errorf("%s: %d points, pairings give %d", s.Name, s.Points, want)
		}
		if i > 0 && r.Standings[i-1].Points < s.Points {
			t.Errorf("standings not sorted at %d", i)
		}
	}
}

// TestRoundRobinPlanSeeds: battle k of every pairing of a round-robin plays with seed + k − 1
// (RoboCom's and a hill's rule), whatever the number of programs, and the result folded from
// a plan played in two halves, in any order, is the tournament's.
func TestRoundRobinPlanSeeds(t *testing.T) {
	for _, n := range []int{2, 5, 7} {
		plan := bouts.RoundRobinPlan(n, 100, 3)
		if len(plan.Pairings) != n*(n-1)/2 {
			t.Fatalf("%d programs: %d pairings", n, len(plan.Pairings))
		}
		for g := 0; g < plan.Bouts(); g++ {
			b := plan.Bout(g)
			if b.Round != g%3+1 || b.Seed != 100+int64(b.Round)-1 {
				t.Fatalf("%d programs: bout %d is battle %d of its pairing with seed %d, want seed %d", n, g, b.Round, b.Seed, 100+int64(b.Round)-1)
			}
		}
	}
	p := Defaults(CW)
	p.Size, p.Cycles = 2000, 5000
	var progs []*Program
	for _, n := range []string{"dwarf.cw", "imp.cw", "impkiller.cw"} {
		progs = append(progs, loadSample(t, n, p))
	}
	whole, err := Tournament(context.Background(), RoundRobin, progs, nil, p, 10, 2, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := &Match{Programs: progs, Params: p, Plan: bouts.RoundRobinPlan(3, 10, 2)}
	var results []bouts.Result
	for k := 1; k >= 0; k-- {
		from, to := bouts.Shard(m.Plan.Bouts(), k, 2)
		if _, err := m.Play(context.Background(), from, to, func(r bouts.Result) error { results = append(results, r); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	parts := NewRoundRobin(progs, 10, m.Plan)
	for _, r := range results {
		parts.Add(r)
	}
	parts.Rank()
	for i := range whole.Standings {
		if whole.Standings[i] != parts.Standings[i] {
			t.Errorf("standing %d: %+v whole, %+v from parts", i, whole.Standings[i], parts.Standings[i])
		}
	}
	for i := range whole.Pairings {
		if whole.Pairings[i] != parts.Pairings[i] {
			t.Errorf("pairing %d: %+v whole, %+v from parts", i, whole.Pairings[i], parts.Pairings[i])
		}
	}
}

// TestRedcodeAssembledOnce: the games of a battle share each program's warrior, assembled
// once; other parameters or another number of warriors assemble it again, for what those
// change (here CORESIZE-1 and WARRIORS in the code).
func TestRedcodeAssembledOnce(t *testing.T) {
	src := []byte(";name Sizes\nDAT #CORESIZE-1, #WARRIORS\n")
	p := Defaults(Redcode)
	prog, err := Load("sizes.red", src, p)
	if err != nil {
		t.Fatal(err)
	}
	first, err := redcodeWarriors([]*Program{prog}, p, 2)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := redcodeWarriors([]*Program{prog}, p, 2)
	if again[0] != first[0] {
		t.Error("the second game assembled the program again")
	}
	small := p
	small.Size = 4000
	for _, c := range []struct {
		p        Params
		warriors int
		a, b     int
	}{{small, 2, 3999, 2}, {p, 3, 7999, 3}, {p, 2, 7999, 2}} {
		ws, err := redcodeWarriors([]*Program{prog}, c.p, c.warriors)
		if err != nil {
			t.Fatal(err)
		}
		if in := ws[0].Code[0]; int(in.A) != c.a || int(in.B) != c.b {
			t.Errorf("size %d, %d warriors: assembled DAT #%d, #%d", c.p.Size, c.warriors, in.A, in.B)
		}
	}
}

// stoppedShort is a game whose engine says it stopped short of its end (corewars.Failing).
type stoppedShort struct{ corewars.Engine }

func (stoppedShort) Err() error { return errors.New("not enough memory") }

// TestRunGameStoppedShort: a game that stopped short of its end (the Redcode MARS out of
// memory) is an error for RunGame's callers (robocom core, tournaments), not a result.
func TestRunGameStoppedShort(t *testing.T) {
	p := Defaults(Redcode)
	prog, err := Load("imp.red", []byte(";name Imp\nMOV 0, 1\n"), p)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame([]*Program{prog, prog}, nil, p, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := RunGame(context.Background(), stoppedShort{g}); err == nil || err.Error() != "not enough memory" {
		t.Errorf("RunGame of a game stopped short: %v", err)
	}
	g, _ = NewGame([]*Program{prog, prog}, nil, p, 1)
	if err := RunGame(context.Background(), g); err != nil {
		t.Errorf("RunGame of a finished game: %v", err)
	}
}

// TestPSpaceCarriesOverRounds: as in pMARS's battle of several rounds (and on KOTH's '94
// hill), what a warrior stores in p-space in one round of a pairing is there in the next.
// Learner dies in a round that finds p-space cell 1 empty, after setting it; with the cell
// set it lives. So against a warrior that never kills, it loses round 1 and draws the rest,
// whether the pairing is played whole on several workers or from a round in its middle (a
// part of a split plan), and a second pairing starts again from an empty p-space. Each round
// played afresh (as every hill and tournament played it) lost every round.
func TestPSpaceCarriesOverRounds(t *testing.T) {
	p := Defaults(Redcode)
	p.Cycles = 200
	learner := ";redcode-94\n;name Learner\nldp.ab #1, t\njmn.b live, t\nstp.ab #1, #1\ndat 0, 0\nlive jmp live\nt dat 0, 0\n"
	var progs []*Program
	for _, src := range []string{learner, ";name Sitter\njmp 0\n", ";name Sitter2\njmp 0\njmp -1\n", ";name Sitter3\njmp 1\njmp -1\n", ";name Sitter4\njmp 2\ndat 0, 0\njmp -2\n"} {
		prog, err := Load("w.red", []byte(src), p)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, prog)
	}
	const rounds = 6
	// Several p-space pairings, so that workers waiting for one play later ones meanwhile,
	// and one without p-space among them (Sitter against Sitter2: a draw every round).
	plan := bouts.Plan{Pairings: []bouts.Pairing{{A: 0, B: 1, Seed: 5}, {A: 0, B: 2, Seed: 5}, {A: 1, B: 2, Seed: 5}, {A: 0, B: 3, Seed: 9}, {A: 0, B: 4, Seed: 9}}, Rounds: rounds}
	for _, from := range []int{0, 3, rounds + 2, 3*rounds + 1} {
		m := &Match{Programs: progs, Params: p, Plan: plan, Workers: 3}
		var got []bouts.Result
		if _, err := m.Play(context.Background(), from, plan.Bouts(), func(r bouts.Result) error { got = append(got, r); return nil }); err != nil {
			t.Fatal(err)
		}
		for i, r := range got {
			want := -1
			if r.Round == 1 && r.A == 0 {
				want = r.B
			}
			if b := plan.Bout(from + i); r.Round != b.Round || r.Seed != b.Seed || r.Winner != want {
				t.Errorf("from bout %d: pairing %d round %d (seed %d) won by %d, want round %d (seed %d) won by %d", from, r.Pairing, r.Round, r.Seed, r.Winner, b.Round, b.Seed, want)
			}
		}
	}
}

// TestPSpacePairingsPlayedOnce: each round of a p-space pairing is played once, however many
// workers play the plan. A worker stuck on one pairing played later ones ahead, and a
// pairing the other workers had already played and handed out looked unstarted to it, so it
// was played whole again (8 workers: up to 380 rounds for 300 bouts).
func TestPSpacePairingsPlayedOnce(t *testing.T) {
	p := Defaults(Redcode)
	p.Cycles = 2000
	learner := ";redcode-94\n;name Learner\nldp.ab #1, t\njmn.b live, t\nstp.ab #1, #1\ndat 0, 0\nlive jmp live\nt dat 0, 0\n"
	var progs []*Program
	for _, src := range []string{learner, ";name Sitter\njmp 0\n", ";name Sitter2\njmp 0\njmp -1\n", ";name Sitter3\njmp 1\njmp -1\n", ";name Sitter4\njmp 2\ndat 0, 0\njmp -2\n", learner, learner} {
		prog, err := Load("w.red", []byte(src), p)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, prog)
	}
	const rounds = 20
	plan := bouts.RoundRobinPlan(len(progs), 5, rounds)
	want := 0
	for g := 0; g < plan.Bouts(); g++ {
		if b := plan.Bout(g); b.A == 0 || b.A >= 5 || b.B == 0 || b.B >= 5 {
			want++
		}
	}
	for try := 0; try < 30; try++ {
		for _, workers := range []int{3, 8} {
			m := &Match{Programs: progs, Params: p, Plan: plan, Workers: workers}
			if _, err := m.Play(context.Background(), 0, plan.Bouts(), func(bouts.Result) error { return nil }); err != nil {
				t.Fatal(err)
			}
			if got := m.seriesRounds.Load(); got != int64(want) {
				t.Fatalf("%d workers played %d rounds of p-space pairings for %d bouts", workers, got, want)
			}
		}
	}
}
