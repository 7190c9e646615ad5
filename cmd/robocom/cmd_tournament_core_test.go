package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCoreTournament(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := tournamentMain(args, &out, &errb) // through the hook in cmd_tournament.go
	return code, out.String(), errb.String()
}

func TestCoreTournamentRoundRobinJSON(t *testing.T) {
	dir := t.TempDir()
	copyRobots(t, dir, "core/dwarf.cw", "core/imp.cw", "core/replicator.cw")
	code, out, errs := runCoreTournament(t, "-seed", "3", "-rounds", "2", "-size", "2000", "-json", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res coreTournamentOut
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.System != "round-robin" || res.Rounds != 2 || res.Win != 3 || len(res.Pairings) != 3 || len(res.Programs) != 3 {
		t.Fatalf("got %+v", res)
	}
	for _, pg := range res.Pairings {
		if pg.AWins+pg.BWins+pg.Draws != 2 {
			t.Errorf("pairing %+v did not play 2 rounds", pg)
		}
	}
	// The samples folder mixes .cw and .vna: refused with a sentence.
	if code, _, errs := runCoreTournament(t, "../../robots/core"); code != 2 || !strings.Contains(errs, "different languages") {
		t.Fatalf("mixed folder: exit %d, %q", code, errs)
	}
}

func TestCoreTournamentMixedLanguagesRefused(t *testing.T) {
	code, _, errs := runCoreTournament(t, "../../robots/core/dwarf.cw", "../../robots/core/bomber.vna")
	if code != 2 || !strings.Contains(errs, "different languages") {
		t.Fatalf("exit %d, %q; want 2 and a sentence about languages", code, errs)
	}
}

func TestCoreTournamentSwiss(t *testing.T) {
	dir := "../../robots/core"
	var files []string
	for _, n := range []string{"dwarf.cw", "imp.cw", "impkiller.cw", "replicator.cw"} {
		files = append(files, filepath.Join(dir, n))
	}
	args := append([]string{"-swiss", "-seed", "9", "-size", "2000", "-json"}, files...)
	code, out, errs := runCoreTournament(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res coreTournamentOut
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.System != "swiss" || res.Rounds != 3 || res.Swiss != 2 || res.Win != 2 || len(res.Pairings) != 4 || len(res.Programs) != 4 {
		t.Fatalf("Swiss of 4: %+v", res)
	}
	pts := map[int]int{}
	for _, pg := range res.Pairings {
		if pg.AWins+pg.BWins+pg.Draws != 3 {
			t.Errorf("pairing %+v did not play 3 rounds", pg)
		}
		pts[pg.A] += 2*pg.AWins + pg.Draws
		pts[pg.B] += 2*pg.BWins + pg.Draws
	}
	for _, p := range res.Programs {
		if p.Points != pts[p.Index] {
			t.Errorf("%s: %d points, the pairings give %d", p.Name, p.Points, pts[p.Index])
		}
	}
	// Same seed, same table.
	_, again, _ := runCoreTournament(t, args...)
	if again != out {
		t.Fatal("the same seed gave another result")
	}
	if code, _, errs := runCoreTournament(t, append([]string{"-swiss", "-rounds", "5"}, files...)...); code != 2 || !strings.Contains(errs, "3 rounds") {
		t.Fatalf("-swiss -rounds 5: exit %d, %q", code, errs)
	}
}

func TestCoreTournamentLoadError(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.cw")
	if err := os.WriteFile(bad, []byte("title Bad\nfrob 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCoreTournament(t, bad, "../../robots/core/imp.cw")
	if code != 1 || !strings.Contains(errs, bad+":2:") {
		t.Fatalf("exit %d, %q; want 1 and the error at %s:2", code, errs, bad)
	}
}

func TestRoboComTournamentStillRoboCom(t *testing.T) {
	if isCoreTournament([]string{"-rounds", "2", "../../robots/mine.rob", "../../robots/wall.rob"}) {
		t.Fatal(".rob files taken for a Core War tournament")
	}
	if isCoreTournament([]string{"-shard", "0/2", "-o", "x.red", "../../robots/mine.rob", "../../robots/wall.rob"}) {
		t.Error("a part named x.red (-o's value) made RoboCom programs a Core War tournament")
	}
	if !isCoreTournament([]string{"-seed", "1", "a.red", "b.red"}) {
		t.Fatal(".red files not taken for a Core War tournament")
	}
}

// TestCoreFlagsChooseCoreWar: where no argument tells the game (a folder without programs,
// such as a folder of folders of warriors), a Core War option (-s, -swiss, ...) chooses Core
// War, so the user reads that the folder holds no .red, .cw or .vna program rather than
// "flag provided but not defined: -s" and the RoboCom help. A RoboCom program still decides.
func TestCoreFlagsChooseCoreWar(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "pap"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{{"-s", "800"}, {"-coresize=800"}, {"--swiss"}, {"-dialect", "88"}} {
		code, _, errs := runCoreTournament(t, append(flags, dir)...)
		if code != 2 || !strings.Contains(errs, "holds no .red, .cw or .vna program") || strings.Contains(errs, "not defined") {
			t.Errorf("tournament %v EMPTYDIR: exit %d, %q; want 2 and the folder named as holding no Core War program", flags, code, errs)
		}
	}
	if isCoreTournament([]string{"-s", "800", "../../robots/mine.rob", "../../robots/wall.rob"}) {
		t.Error("a Core War flag took .rob files for a Core War tournament")
	}
	if isCoreTournament([]string{"-rounds", "2", dir}) {
		t.Error("a folder without programs and no Core War flag taken for Core War")
	}
}

// TestCountsAgree: the counts in the tournament's heading and in hill create's line agree
// with their nouns (a tournament of two programs used to have "1 pairings", and -rounds 1
// "1 rounds").
func TestCountsAgree(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tournament", "-seed", "1", "-rounds", "1", "../../robots/mine.rob", "../../robots/wall.rob"}, "2 programs, 1 pairing × 1 round; "},
		{[]string{"tournament", "-seed", "1", "-rounds", "2", "../../robots/mine.rob", "../../robots/wall.rob", "../../robots/virus.rob"}, "3 programs, 3 pairings × 2 rounds; "},
		{[]string{"hill", "create", filepath.Join(dir, "1.hill"), "-game", "robocom", "-rounds", "1", "-seed", "1"}, ", 1 round a pairing, "},
		{[]string{"hill", "create", filepath.Join(dir, "2.hill"), "-game", "core", "-rounds", "3", "-seed", "1"}, ", 3 rounds a pairing, "},
	} {
		var out, errb bytes.Buffer
		code := robocomMain(c.args, strings.NewReader(""), &out, &errb)
		if code != 0 || !strings.Contains(out.String(), c.want) {
			t.Errorf("robocom %v: exit %d, %q%s; want %q", c.args, code, out.String(), errb.String(), c.want)
		}
	}
}

// TestTournamentEmptyDirNamesTheGame: a directory without programs is refused with the
// extensions of the game being played, and of both games while nothing decides which (it
// used to name only RoboCom's .rob and .rbi).
func TestTournamentEmptyDirNamesTheGame(t *testing.T) {
	empty := t.TempDir()
	odd := filepath.Join(t.TempDir(), "a\x1bb")
	os.Mkdir(odd, 0o755)
	both := "holds no program: no RoboCom program (.rob, .rbi) and no Core War program (.red, .cw, .vna)"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{empty}, empty + " " + both},
		{[]string{"-rounds", "3", empty, empty}, both},
		{[]string{odd}, `a\x1bb ` + both},
		{[]string{"../../robots/mine.rob", empty}, empty + " holds no .rob or .rbi program"},
		{[]string{empty, "../../robots"}, empty + " holds no .rob or .rbi program"},
		{[]string{"-opt", "board=20", empty}, " holds no .rob or .rbi program"},
		{[]string{"-options", "rc3", empty}, " holds no .rob or .rbi program"},
		{[]string{"-coresize", "800", empty}, " holds no .red, .cw or .vna program"},
		{[]string{"-swiss", empty}, " holds no .red, .cw or .vna program"},
	} {
		code, _, errs := runCoreTournament(t, append([]string{"-q"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("tournament %q: exit %d, %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}

// Two programs of one name (two versions of a program) are told apart in a tournament's
// table by their files, in both games, as the windows tell them apart; a name from a file
// stays escaped.
func TestTournamentTableTellsSameNamesApart(t *testing.T) {
	dir := t.TempDir()
	copyRobots(t, dir, "core/imp.red", "core/dwarf.red", "wall.rob", "mine.rob")
	imp, err := os.ReadFile(filepath.Join(dir, "imp.red"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "imp2.red"), imp, 0o644)
	wall, err := os.ReadFile(filepath.Join(dir, "wall.rob"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "wall\x1b[2J.rob"), wall, 0o644)
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"-rounds", "1", "imp.red", "imp2.red", "dwarf.red"}, []string{"Imp (imp.red)", "Imp (imp2.red)", "Dwarf"}},
		{[]string{"-rounds", "1", "-opt", "timeout=300", "wall.rob", "wall\x1b[2J.rob", "mine.rob"}, []string{`(wall.rob)`, `(wall\x1b[2J.rob)`}},
	} {
		code, out, errs := runMain(t, dir, append([]string{"tournament", "-seed", "1"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", c.args, code, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: the table lacks %q:\n%s", c.args, w, out)
			}
		}
		if strings.Contains(out, "\x1b") {
			t.Errorf("%q: a raw escape reached the table:\n%q", c.args, out)
		}
	}
}
