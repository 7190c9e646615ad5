package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"robocom/internal/hill"
)

func runHillCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := hillMain(args, &out, &errb)
	return code, out.String(), errb.String()
}

func mustHill(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errs := runHillCmd(t, args...)
	if code != 0 {
		t.Fatalf("robocom hill %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errs)
	}
	return out
}

var hillRobots = []string{"../../robots/mine.rob", "../../robots/roamer.rob", "../../robots/virus.rob", "../../robots/wall.rob", "../../robots/hive.rob"}

func tournamentJSONOf(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := tournamentMain(append([]string{"-json", "-q"}, args...), &out, &errb); code != 0 {
		t.Fatalf("robocom tournament %v: exit %d: %s", args, code, errb.String())
	}
	return out.String()
}

// TestHillMatchesTournament: programs added to a hill in two batches give the same standings
// and pairings, byte for byte in JSON, as a tournament of the same files in the same order.
func TestHillMatchesTournament(t *testing.T) {
	h := filepath.Join(t.TempDir(), "robo.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "3", "-seed", "11", "-opt", "board=12")
	mustHill(t, "add", h, hillRobots[0], hillRobots[1], hillRobots[2])
	out := mustHill(t, "add", h, hillRobots[3], hillRobots[4])
	if playedPairings(out) != 7 {
		t.Errorf("the second add should play the 7 new pairings only:\n%s", out)
	}
	got := showTournament(t, h)
	want := tournamentJSONOf(t, append([]string{"-seed", "11", "-rounds", "3", "-opt", "board=12"}, hillRobots...)...)
	if got != want {
		t.Fatalf("hill show -json differs from robocom tournament -json:\n--- hill\n%s\n--- tournament\n%s", got, want)
	}
	// Adding the same content again is recognised, under another file name too.
	dup := filepath.Join(t.TempDir(), "copy.rob")
	src, _ := os.ReadFile(hillRobots[1])
	os.WriteFile(dup, src, 0o644)
	out = mustHill(t, "add", h, dup)
	if !strings.Contains(out, "on the hill already") || strings.Contains(out, "played") {
		t.Errorf("adding a copy:\n%s", out)
	}
	if again := showTournament(t, h); again != want {
		t.Error("adding a copy changed the standings")
	}
}

// TestHillCoreWarMatchesTournament: Redcode programs added to a Core War hill in two batches
// give the same standings and pairings, byte for byte in JSON, as robocom tournament -json of
// the same files in the same order: both play battle k of every pairing with seed + k − 1.
func TestHillCoreWarMatchesTournament(t *testing.T) {
	var files []string
	for _, n := range []string{"dwarf.red", "imp.red", "paper.red", "scanner.red"} {
		files = append(files, filepath.Join("../../robots/core", n))
	}
	h := filepath.Join(t.TempDir(), "core.hill")
	mustHill(t, "create", h, "-game", "core", "-lang", "redcode", "-rounds", "3", "-seed", "11")
	mustHill(t, "add", h, files[0], files[1])
	out := mustHill(t, "add", h, files[2], files[3])
	if playedPairings(out) != 5 {
		t.Errorf("the second add should play the 5 new pairings only:\n%s", out)
	}
	got := showTournament(t, h)
	want := tournamentJSONOf(t, append([]string{"-seed", "11", "-rounds", "3"}, files...)...)
	if got != want {
		t.Fatalf("hill show -json differs from robocom tournament -json:\n--- hill\n%s\n--- tournament\n%s", got, want)
	}
	// The parts of robocom tournament -shard of the same files go into a hill too; parts
	// played with another seed or other Core War parameters are refused.
	dir := t.TempDir()
	shards := func(name string, args ...string) []string {
		var parts []string
		for k := 0; k < 2; k++ {
			p := filepath.Join(dir, fmt.Sprintf("%s%d.jsonl", name, k))
			var out, errb bytes.Buffer
			if code := tournamentMain(append(append(args, "-q", "-shard", fmt.Sprintf("%d/2", k), "-o", p), files...), &out, &errb); code != 0 {
				t.Fatalf("tournament -shard: %s", errb.String())
			}
			parts = append(parts, p)
		}
		return parts
	}
	imported := filepath.Join(dir, "imported.hill")
	mustHill(t, "create", imported, "-game", "core", "-lang", "redcode", "-rounds", "3", "-seed", "11")
	mustHill(t, append([]string{"add", "-noplay", imported}, files...)...)
	for _, c := range []struct {
		parts []string
		msg   string
	}{
		{shards("seed", "-seed", "12", "-rounds", "3"), "not a part of this hill: seed 12"},
		{shards("cycles", "-seed", "11", "-rounds", "3", "-cycles", "5000"), "other Core War parameters"},
	} {
		if code, _, errs := runHillCmd(t, append([]string{"import", imported}, c.parts...)...); code != 1 || !strings.Contains(errs, c.msg) {
			t.Errorf("hill import %v: exit %d %q, want 1 and %q", c.parts, code, errs, c.msg)
		}
	}
	mustHill(t, append([]string{"import", imported}, shards("t", "-seed", "11", "-rounds", "3")...)...)
	if got := showTournament(t, imported); got != want {
		t.Fatalf("imported Core War tournament parts differ from the tournament:\n%s\n---\n%s", got, want)
	}
}

// TestHillSizeAndReturn: a full hill pushes the last-ranked program off; its results stay, and
// adding it again brings it back without playing.
func TestHillSizeAndReturn(t *testing.T) {
	h := filepath.Join(t.TempDir(), "small.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "2", "-seed", "5", "-size", "3")
	out := mustHill(t, "add", h, hillRobots[0], hillRobots[1], hillRobots[2], hillRobots[3])
	if strings.Count(out, "pushed off:") != 1 {
		t.Fatalf("4 programs on a hill of 3: one should be pushed off:\n%s", out)
	}
	var res tournamentJSON
	if err := json.Unmarshal([]byte(mustHill(t, "show", h, "-json")), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Programs) != 3 || len(res.Pairings) != 3 {
		t.Fatalf("after the push: %d programs, %d pairings", len(res.Programs), len(res.Pairings))
	}
	// The one pushed off was last among the four: its points are at most anyone's on the hill.
	off := out[strings.Index(out, "pushed off: ")+len("pushed off: "):]
	off = off[:strings.Index(off, " (#")]
	remove := res.Programs[0].Name
	mustHill(t, "remove", h, remove)
	out = mustHill(t, "add", h, hillRobots[0], hillRobots[1], hillRobots[2], hillRobots[3])
	if !strings.Contains(out, off+" is back") || !strings.Contains(out, remove+" is back") {
		t.Errorf("re-adding: %s", out)
	}
	if strings.Contains(out, "played") {
		t.Errorf("re-adding programs whose results are stored should play nothing:\n%s", out)
	}
	// The history of a program pushed off and back lists its 3 opponents with every round.
	hist := mustHill(t, "show", h, "-program", off)
	if !strings.Contains(hist, "3 pairings stored") || !strings.Contains(hist, "in all: ") {
		t.Errorf("history of %s:\n%s", off, hist)
	}
	var recs []struct{ Wins, Draws, Losses, Rounds int }
	json.Unmarshal([]byte(mustHill(t, "show", h, "-program", off, "-json")), &recs)
	total := 0
	for _, r := range recs {
		if r.Wins+r.Draws+r.Losses != r.Rounds || r.Rounds != 2 {
			t.Errorf("history record %+v", r)
		}
		total += r.Rounds
	}
	if len(recs) != 3 || total != 6 {
		t.Errorf("history: %+v", recs)
	}
	// The totals line agrees with its numbers ("1 draws" before).
	var w, d, l int
	for _, r := range recs {
		w, d, l = w+r.Wins, d+r.Draws, l+r.Losses
	}
	count := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprint(n, " ", many)
	}
	if want := "in all: " + count(w, "win", "wins") + ", " + count(d, "draw", "draws") + ", " + count(l, "loss", "losses") + "\n"; !strings.Contains(hist, want) {
		t.Errorf("history of %s does not end %q:\n%s", off, want, hist)
	}
	if code, _, errs := runHillCmd(t, "remove", h, "nobody"); code != 1 || !strings.Contains(errs, `no program named "nobody"`) {
		t.Errorf("removing a stranger: %d %q", code, errs)
	}
	// An empty -program (a script's empty variable) is a mistake, not the standings.
	if code, out, errs := runHillCmd(t, "show", h, "-program", ""); code != 2 || out != "" || !strings.Contains(errs, "-program needs a name") {
		t.Errorf("show -program '': %d %q %q", code, out, errs)
	}
}

// TestHillAddSeveralIsAddingOneByOne: one add of several programs is several adds, each
// program challenging the hill that the one before left (KOTH's queue): the same programs
// pushed off, the same ages, the same pairings stored.
func TestHillAddSeveralIsAddingOneByOne(t *testing.T) {
	dir := t.TempDir()
	batch, single := filepath.Join(dir, "batch.hill"), filepath.Join(dir, "single.hill")
	for _, h := range []string{batch, single} {
		mustHill(t, "create", h, "-game", "robocom", "-rounds", "2", "-seed", "3", "-size", "2")
	}
	out := mustHill(t, append([]string{"add", batch}, hillRobots...)...)
	for _, f := range hillRobots {
		mustHill(t, "add", single, f)
	}
	if n := strings.Count(out, "pushed off:"); n != len(hillRobots)-2 {
		t.Errorf("%d programs on a hill of 2: %d pushed off, want %d:\n%s", len(hillRobots), n, len(hillRobots)-2, out)
	}
	for _, show := range [][]string{{"-all"}, {"-json"}} {
		a := mustHill(t, append([]string{"show", batch}, show...)...)
		b := mustHill(t, append([]string{"show", single}, show...)...)
		// (the time added differs, and only that)
		a = addedRE.ReplaceAllString(strings.ReplaceAll(a, "batch.hill", "X"), "T")
		b = addedRE.ReplaceAllString(strings.ReplaceAll(b, "single.hill", "X"), "T")
		if a != b {
			t.Errorf("show %v after one add of %d programs:\n%s\nafter %d adds:\n%s", show, len(hillRobots), a, len(hillRobots), b)
		}
	}
}

var addedRE = regexp.MustCompile(`\d{4}-\d\d-\d\d \d\d:\d\d`)

func TestHillPairingAndErrors(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "x.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "4", "-seed", "2")
	mustHill(t, "add", h, hillRobots[0], hillRobots[1])
	out := mustHill(t, "show", h, "-pairing", "Roamer", "Mine")
	if !strings.Contains(out, "4 rounds stored of 4") {
		t.Errorf("pairing:\n%s", out)
	}
	var p struct{ Rounds []hill.Round }
	json.Unmarshal([]byte(mustHill(t, "show", h, "-pairing", "Mine", "Roamer", "-json")), &p)
	if len(p.Rounds) != 4 || p.Rounds[3].Seed != 5 {
		t.Errorf("pairing JSON: %+v (round k plays with seed + k − 1)", p)
	}
	bad := filepath.Join(dir, "bad.rob")
	os.WriteFile(bad, []byte("bank main\n  frob 1\n"), 0o644)
	code, _, errs := runHillCmd(t, "add", h, bad)
	if code != 1 || !strings.Contains(errs, "bad.rob:2:") {
		t.Errorf("a program with an error: exit %d, %q", code, errs)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"create", h, "-game", "robocom"}, 1, "exists already"},
		{[]string{"create", filepath.Join(dir, "y.hill")}, 2, "-game robocom or -game core"},
		{[]string{"create", filepath.Join(dir, "y.hill"), "-game", "core", "-opt", "board=3"}, 2, "RoboCom's"},
		{[]string{"create", filepath.Join(dir, "y.hill"), "-game", "robocom", "-coresize", "30"}, 2, "Core War parameter"},
		{[]string{"show", filepath.Join(dir, "none.hill")}, 1, "does not exist"},
		{[]string{"create", "", "-game", "robocom"}, 2, "name is empty"},
		{[]string{"show", ""}, 2, "give the hill file first (its name is empty)"},
		{[]string{"add", "", filepath.Join(dir, "none.rob")}, 2, "its name is empty"},
		{[]string{"show", bad}, 1, "not a hill"},
		{[]string{"add", h, filepath.Join(dir, "none.rob")}, 1, "none.rob: no such file"},
		{[]string{"frob"}, 2, "unknown command"},
		// (as tournament -shard -json: it wrote the part and ignored -json)
		{[]string{"play", h, "-shard", "0/1", "-json", "-o", filepath.Join(dir, "p.jsonl")}, 2, "-json prints the standings"},
	} {
		code, _, errs := runHillCmd(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("hill %v: exit %d %q, want %d and %q", c.args, code, errs, c.code, c.msg)
		}
	}
}

// TestHillCoreWar: a Redcode hill plays its pairings and its JSON has the shape of robocom
// tournament -json for Core War; the pairing seeds follow the hill's rule (round k of every
// pairing with seed + k − 1).
func TestHillCoreWar(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "core.hill")
	mustHill(t, "create", h, "-game", "core", "-lang", "cw", "-coresize", "2000", "-rounds", "2", "-seed", "3")
	var files []string
	for _, n := range []string{"dwarf.cw", "imp.cw", "replicator.cw"} {
		files = append(files, filepath.Join("../../robots/core", n))
	}
	mustHill(t, append([]string{"add", h}, files...)...)
	var res coreTournamentOut
	if err := json.Unmarshal([]byte(mustHill(t, "show", h, "-json")), &res); err != nil {
		t.Fatal(err)
	}
	if res.System != "round-robin" || len(res.Programs) != 3 || len(res.Pairings) != 3 {
		t.Fatalf("got %+v", res)
	}
	for _, pg := range res.Pairings {
		if pg.AWins+pg.BWins+pg.Draws != 2 {
			t.Errorf("pairing %+v did not play 2 battles", pg)
		}
	}
	if code, _, errs := runHillCmd(t, "add", h, "../../robots/core/bomber.vna"); code != 1 || !strings.Contains(errs, "not a .cw program") {
		t.Errorf("a .vna program on a .cw hill: %d %q", code, errs)
	}
}

// TestHillChild is the child process of the hill's crash and concurrency tests: it runs the
// command line in ROBOCOM_HILL_CHILD (one argument a line).
func TestHillChild(t *testing.T) {
	args := os.Getenv("ROBOCOM_HILL_CHILD")
	if args == "" {
		t.Skip("the child of TestHillKilled and TestHillConcurrent")
	}
	os.Exit(run(strings.Split(args, "\n")))
}

func hillChild(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHillChild$")
	cmd.Env = append(os.Environ(), "ROBOCOM_HILL_CHILD="+strings.Join(args, "\n"))
	return cmd
}

// storedPairings counts the pairings with all rounds stored, reading the file as another
// process would.
// killableAdd starts, in a child, a hill add that plays for a while: the hill holds four
// programs not yet played (add -noplay), the child adds a fifth, and plays the six pairings
// the four lack before it adds the fifth and plays its four (each program challenges the hill
// the one before left).
func killableAdd(t *testing.T, ctx context.Context, h string) *exec.Cmd {
	t.Helper()
	mustHill(t, append([]string{"add", "-noplay", h}, hillRobots[:4]...)...)
	return hillChild(ctx, "hill", "add", "-q", h, hillRobots[4])
}

// storedPrograms is how many programs the hill at path holds, on it or pushed off.
func storedPrograms(t *testing.T, path string) int {
	return countHill(t, path, `SELECT COUNT(*) FROM program`)
}

// storedPairings is how many pairings the hill at path has rounds of.
func storedPairings(t *testing.T, path string) int {
	return countHill(t, path, `SELECT COUNT(*) FROM (SELECT a, b FROM bout GROUP BY a, b)`)
}

// countHill is query's count on the hill at path, read beside a process writing it; 0 before
// its tables exist.
func countHill(t *testing.T, path, query string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(query).Scan(&n); err != nil {
		if strings.Contains(err.Error(), "no such table") {
			return 0
		}
		t.Fatal(err)
	}
	return n
}

func integrity(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var s string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&s); err != nil || s != "ok" {
		t.Fatalf("integrity_check: %q %v", s, err)
	}
	var partial int
	db.QueryRow(`SELECT COUNT(*) FROM (SELECT a, b FROM bout GROUP BY a, b HAVING COUNT(*) <> (SELECT rounds FROM hill))`).Scan(&partial)
	if partial != 0 {
		t.Fatalf("%d pairings are stored with only some of their rounds", partial)
	}
}

// TestHillKilled kills `hill add` with SIGKILL while it plays: the file stays whole, holds
// only complete pairings, and `hill play` finishes the rest with the tournament's result.
func TestHillKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a few hundred bouts")
	}
	h := filepath.Join(t.TempDir(), "killed.hill")
	const rounds = "40"
	mustHill(t, "create", h, "-game", "robocom", "-rounds", rounds, "-seed", "21")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := killableAdd(t, ctx, h)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	for storedPairings(t, h) == 0 {
		select {
		case err := <-exited:
			t.Fatalf("hill add ended (%v) before storing a pairing: %s", err, errb.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	cmd.Process.Signal(syscall.SIGKILL)
	err := <-exited
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
		t.Fatalf("hill add finished (%v) before it could be killed: make the test's hill slower", err)
	}
	stored, n := storedPairings(t, h), storedPrograms(t, h)
	t.Logf("killed with %d programs and %d of their %d pairings stored", n, stored, n*(n-1)/2)
	if stored >= n*(n-1)/2 {
		t.Fatal("every pairing was stored before the kill: the test shows nothing")
	}
	integrity(t, h)
	out := mustHill(t, "play", h)
	if !strings.Contains(out, "played") {
		t.Errorf("hill play after the kill played nothing:\n%s", out)
	}
	integrity(t, h)
	got := showTournament(t, h)
	want := tournamentJSONOf(t, append([]string{"-seed", "21", "-rounds", rounds}, hillRobots[:n]...)...)
	if got != want {
		t.Fatalf("after kill and play, hill show -json differs from the tournament:\n%s\n---\n%s", got, want)
	}
}

// TestHillConcurrent runs two `hill add` processes on one hill at once: both finish, the file
// is whole, and the standings are the tournament's.
func TestHillConcurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a few hundred bouts")
	}
	h := filepath.Join(t.TempDir(), "two.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "8", "-seed", "4")
	mustHill(t, "add", h, hillRobots[0], hillRobots[1])
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var cmds []*exec.Cmd
	var outs []*bytes.Buffer
	for _, files := range [][]string{{hillRobots[2], hillRobots[3]}, {hillRobots[4]}} {
		cmd := hillChild(ctx, append([]string{"hill", "add", "-q", h}, files...)...)
		var b bytes.Buffer
		cmd.Stdout, cmd.Stderr = &b, &b
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs = append(cmds, cmd), append(outs, &b)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("hill add %d: %v\n%s", i, err, outs[i])
		}
	}
	integrity(t, h)
	// Each add played what it found missing; the later one may have found pairings the other
	// had not stored yet, so a last play fills any gap.
	mustHill(t, "play", h)
	got := showTournament(t, h)
	var res tournamentJSON
	json.Unmarshal([]byte(got), &res)
	// The order of addition decides the tournament to compare with.
	byIndex := make([]string, len(res.Programs))
	for _, p := range res.Programs {
		byIndex[p.Index] = p.File
	}
	want := tournamentJSONOf(t, append([]string{"-seed", "4", "-rounds", "8"}, byIndex...)...)
	if got != want {
		t.Fatalf("two adds at once: hill show -json differs from the tournament:\n%s\n---\n%s", got, want)
	}
}

// TestHillShards plays a hill's missing pairings in 3 parts and imports them: the same
// standings as the tournament. Missing, overlapping and foreign parts are refused.
func TestHillShards(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "parts.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "3", "-seed", "8")
	mustHill(t, append([]string{"add", "-noplay", h}, hillRobots...)...)
	var parts []string
	for k := 0; k < 3; k++ {
		p := filepath.Join(dir, fmt.Sprintf("part%d.jsonl", k))
		mustHill(t, "play", h, "-shard", fmt.Sprintf("%d/3", k), "-o", p)
		parts = append(parts, p)
	}
	other := filepath.Join(dir, "other.hill")
	mustHill(t, "create", other, "-game", "robocom", "-rounds", "3", "-seed", "9")
	mustHill(t, append([]string{"add", "-noplay", other}, hillRobots...)...)
	twice := filepath.Join(dir, "twice.jsonl") // a tournament of one program given twice
	if code := tournamentMain([]string{"-seed", "8", "-rounds", "3", "-q", "-shard", "0/1", "-o", twice, hillRobots[0], hillRobots[1], hillRobots[0]}, io.Discard, io.Discard); code != 0 {
		t.Fatalf("tournament -shard of a program given twice: status %d", code)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"import", h, parts[0], parts[2]}, "part 1 of 3 is missing"},
		{[]string{"import", h, parts[0], parts[1], parts[1], parts[2]}, "overlapping parts"},
		{[]string{"import", other, parts[0], parts[1], parts[2]}, "not a part of this hill: seed 8"},
		{[]string{"import", h, hillRobots[0]}, "not a tournament part of this version"},
		// (it said "programs Mine and Mine are not in the order they were added")
		{[]string{"import", h, twice}, "programs 1 and 3 are the same program, Mine: a hill holds it once"},
	} {
		if code, _, errs := runHillCmd(t, c.args...); code != 1 || !strings.Contains(errs, c.msg) {
			t.Errorf("hill %v: exit %d %q, want 1 and %q", c.args, code, errs, c.msg)
		}
	}
	if n := storedPairings(t, h); n != 0 {
		t.Fatalf("refused imports stored %d pairings", n)
	}
	// In any order.
	if out := mustHill(t, "import", h, parts[2], parts[0], parts[1]); !strings.Contains(out, "imported 10 pairings (30 bouts) from 3 parts\n") || strings.Contains(out, "already") {
		t.Errorf("import:\n%s", out)
	}
	// Again: nothing is imported, and the report says so (it said "imported 10 pairings").
	if out := mustHill(t, "import", h, parts[0], parts[1], parts[2]); !strings.Contains(out, "imported 0 pairings (0 bouts) from 3 parts\n10 pairings in them were stored already") {
		t.Errorf("the same parts imported again:\n%s", out)
	}
	got := showTournament(t, h)
	want := tournamentJSONOf(t, append([]string{"-seed", "8", "-rounds", "3"}, hillRobots...)...)
	if got != want {
		t.Fatalf("imported parts differ from the tournament:\n%s\n---\n%s", got, want)
	}
	// Parts of robocom tournament -shard of the same programs go into a hill too.
	tparts := []string{filepath.Join(dir, "t0.jsonl"), filepath.Join(dir, "t1.jsonl")}
	for k, p := range tparts {
		var out, errb bytes.Buffer
		if code := tournamentMain(append([]string{"-seed", "9", "-rounds", "3", "-q", "-shard", fmt.Sprintf("%d/2", k), "-o", p}, hillRobots...), &out, &errb); code != 0 {
			t.Fatalf("tournament -shard: %s", errb.String())
		}
	}
	mustHill(t, "import", other, tparts[0], tparts[1])
	if got, want := showTournament(t, other), tournamentJSONOf(t, append([]string{"-seed", "9", "-rounds", "3"}, hillRobots...)...); got != want {
		t.Fatalf("imported tournament parts differ from the tournament:\n%s\n---\n%s", got, want)
	}
}

// TestHillPartsOfNothing: every one of N parts of hill play -shard is written, also when
// the part has nothing to play (more parts than bouts; every pairing stored; fewer than two
// programs), so that a script that plays N parts and imports them all finds every file; the
// parts of nothing are imported as nothing, leaving the hill as it was. With every pairing
// stored, hill play -shard wrote no part ("no part to play") and the import failed on the
// missing file.
func TestHillPartsOfNothing(t *testing.T) {
	for _, c := range []struct {
		name     string
		played   []string // added and played
		noplay   []string // added with -noplay
		parts    int
		imported string
		pairings int // stored after the import
	}{
		{"one bout in three parts", nil, hillRobots[:2], 3, "imported 1 pairing (1 bout) from 3 parts\n", 1},
		{"every pairing stored", hillRobots[:2], nil, 3, "imported 0 pairings (0 bouts) from 3 parts\n", 1},
		{"one program", nil, hillRobots[:1], 2, "imported 0 pairings (0 bouts) from 2 parts\n", 0},
		{"no program", nil, nil, 2, "imported 0 pairings (0 bouts) from 2 parts\n", 0},
	} {
		dir := t.TempDir()
		h := filepath.Join(dir, "n.hill")
		mustHill(t, "create", h, "-game", "robocom", "-rounds", "1", "-seed", "4")
		if len(c.played) > 0 {
			mustHill(t, append([]string{"add", "-q", h}, c.played...)...)
		}
		if len(c.noplay) > 0 {
			mustHill(t, append([]string{"add", "-noplay", h}, c.noplay...)...)
		}
		before := showTournament(t, h)
		var parts []string
		for k := range c.parts {
			p := filepath.Join(dir, fmt.Sprintf("part%d.jsonl", k))
			mustHill(t, "play", h, "-q", "-shard", fmt.Sprintf("%d/%d", k, c.parts), "-o", p)
			parts = append(parts, p)
		}
		out := mustHill(t, append([]string{"import", h}, parts...)...)
		if !strings.HasPrefix(out, c.imported) {
			t.Errorf("%s: import printed\n%s\nwant it to start %q", c.name, out, c.imported)
		}
		if n := storedPairings(t, h); n != c.pairings {
			t.Errorf("%s: %d pairings stored, want %d", c.name, n, c.pairings)
		}
		if c.pairings == 0 || c.played != nil {
			if after := showTournament(t, h); after != before {
				t.Errorf("%s: the import of nothing changed the hill:\n%s\n---\n%s", c.name, before, after)
			}
		}
	}
}

// TestHillRC3: a RoboCom 3 hill (rc3m) plays RC3 programs as the tournament does, and refuses
// a classic hill's RC3 program with the loader's sentence naming the set.
func TestHillRC3(t *testing.T) {
	rc3 := []string{"../../robots/rc3/factory.rob", "../../robots/rc3/hunter.rob", "../../robots/rc3/walker.rob"}
	h := filepath.Join(t.TempDir(), "rc3.hill")
	mustHill(t, "create", h, "-game", "robocom", "-options", "rc3m", "-rounds", "2", "-seed", "5")
	mustHill(t, append([]string{"add", h}, rc3...)...)
	got := showTournament(t, h)
	want := tournamentJSONOf(t, append([]string{"-options", "rc3m", "-seed", "5", "-rounds", "2"}, rc3...)...)
	if got != want {
		t.Fatalf("rc3m hill show -json differs from the tournament:\n--- hill\n%s\n--- tournament\n%s", got, want)
	}
	classic := filepath.Join(t.TempDir(), "classic.hill")
	mustHill(t, "create", classic, "-game", "robocom", "-rounds", "1")
	if code, _, errs := runHillCmd(t, "add", classic, rc3[0]); code == 0 || !strings.Contains(errs, "classic") {
		t.Errorf("an RC3 program on a classic hill: exit %d, %q", code, errs)
	}
}

// TestHillAtRest: after a command that plays (its workers leave several connections in the
// pool) the hill is a plain database again, without -wal and -shm beside it, and show, which
// only reads, adds nothing there either.
func TestHillAtRest(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "rest.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "1", "-seed", "5")
	mustHill(t, append([]string{"add", "-q", h}, hillRobots...)...)
	files := func() []string {
		es, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		return names
	}
	if got := files(); len(got) != 1 {
		t.Fatalf("after add the folder holds %q, want the hill alone", got)
	}
	db, err := sql.Open("sqlite", "file:"+h+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	var mode string
	err = db.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
	db.Close()
	if err != nil || mode != "delete" {
		t.Fatalf("the hill at rest is in journal mode %q (%v), want delete", mode, err)
	}
	mustHill(t, "show", h)
	if got := files(); len(got) != 1 {
		t.Fatalf("after show the folder holds %q, want the hill alone", got)
	}
}

// TestHillHostileNamesAndValues: a newline in a file name cannot start a line of its own in
// what hill add prints (a program added, a program that does not load), and rules that can
// never play, or values out of range, are usage mistakes of hill create (status 2).
func TestHillHostileNamesAndValues(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "n.hill")
	mustHill(t, "create", h, "-game", "core", "-rounds", "1")
	fake := filepath.Join(dir, "a.red)\nadded Fake (#99, fake.red")
	bad := filepath.Join(dir, "b\nfake: ok.red")
	if err := os.WriteFile(fake, []byte(";name Imp\nmov 0, 1\nend\n"), 0o644); err != nil {
		t.Skip(err) // a file system that refuses newlines in names
	}
	if err := os.WriteFile(bad, []byte("garbage !!\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, errs := runHillCmd(t, "add", "-noplay", h, fake, bad)
	for _, line := range strings.Split(out+errs, "\n") {
		if strings.HasPrefix(line, "added Fake") || strings.HasPrefix(line, "fake: ok.red") {
			t.Errorf("a file name made a line of its own: %q\nstdout:\n%sstderr:\n%s", line, out, errs)
		}
	}
	if !strings.Contains(out, `a.red)\nadded Fake`) {
		t.Errorf("the added program's file name is not shown escaped:\n%s", out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-mindist", "99999"}, "do not fit in a core of 8000 cells"},
		{[]string{"-d", "4001"}, "do not fit in a core of 8000 cells"},
		{[]string{"-rounds", "0"}, "-rounds must be at least 1"},
		{[]string{"-size", "-1"}, "-size must be 0 (no limit) or more"},
	} {
		args := append([]string{"create", filepath.Join(dir, "x.hill"), "-game", "core"}, c.args...)
		if code, _, errs := runHillCmd(t, args...); code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("hill create %v: status %d, %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
	mustHill(t, "create", filepath.Join(dir, "fits.hill"), "-game", "core", "-d", "4000")
}

// TestHillCreateOffersOnlyItsFlags: hill create stores the rules and prints one line, so it
// neither takes nor lists -json and -q (it used to accept both and ignore them, and its help
// said -json printed the result as JSON); the rules' flags stay.
func TestHillCreateOffersOnlyItsFlags(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []struct {
		args          []string
		code          int
		want, notWant string // in stderr, or stdout for -h
	}{
		{[]string{"-json"}, 2, "flag provided but not defined: -json", ""},
		{[]string{"-q"}, 2, "flag provided but not defined: -q", ""},
		{[]string{"-h"}, 0, "\n  -rounds", "\n  -json"},
		{[]string{"-h"}, 0, "\n  -opt", "\n  -q"},
		{[]string{"-rounds", "3", "-opt", "board=20"}, 0, "", "defined"},
	} {
		h := filepath.Join(dir, fmt.Sprintf("%d.hill", i))
		code, out, errs := runHillCmd(t, append([]string{"create", h, "-game", "robocom"}, c.args...)...)
		if c.args[0] == "-h" {
			errs = out
		}
		if code != c.code || !strings.Contains(errs, c.want) || c.notWant != "" && strings.Contains(errs, c.notWant) {
			t.Errorf("hill create %v: exit %d, output %q; want exit %d, %q and not %q", c.args, code, errs, c.code, c.want, c.notWant)
		}
	}
}

// TestHillShowNoTrailingSpaces: no line of hill show's tables ends in spaces (show -all
// padded its last column, the date, to the header's width and beyond).
func TestHillShowNoTrailingSpaces(t *testing.T) {
	h := filepath.Join(t.TempDir(), "x.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "2", "-seed", "1")
	mustHill(t, "add", h, hillRobots[0], hillRobots[1], hillRobots[2])
	for _, args := range [][]string{
		{"show", h},
		{"show", h, "-all"},
		{"show", h, "-pairing", "Mine", "Roamer"},
		{"show", h, "-program", "Mine"},
	} {
		out := mustHill(t, args...)
		for i, line := range strings.Split(out, "\n") {
			if strings.HasSuffix(line, " ") {
				t.Errorf("hill %v: line %d ends in spaces: %q", args, i+1, line)
			}
		}
	}
}

// A Core War hill of format 2 played p-space warriors' rounds from empty p-space; opened to
// be written by this version (format 3), such pairings' results are dropped and the next play
// plays them again with p-space kept: Counter, which counts its rounds in p-space and dies
// from its second, then loses two of three rounds to Duck instead of drawing all three.
func TestOldHillReplaysPSpacePairings(t *testing.T) {
	dir := t.TempDir()
	counter, duck := pspacePair+"counter.red", pspacePair+"duck.red"
	imp := filepath.Join(dir, "imp.red")
	os.WriteFile(imp, []byte(";name Imp\n;assert 1\nMOV 0, 1\n"), 0o644)
	h := filepath.Join(dir, "old.hill")
	mustHill(t, "create", h, "-game", "core", "-lang", "redcode", "-rounds", "3", "-seed", "5", "-size", "0", "-s", "400", "-c", "500", "-d", "50")
	mustHill(t, "add", "-q", h, counter, duck, imp)
	// What format 2 stored: every round of Counter's pairings a draw, as from empty p-space.
	db, err := sql.Open("sqlite", "file:"+h)
	if err != nil {
		t.Fatal(err)
	}
	var duckWins, impBouts int
	db.QueryRow(`SELECT COUNT(*) FROM bout WHERE a = 1 AND b = 2 AND winner = 1`).Scan(&duckWins)
	if duckWins != 2 {
		t.Fatalf("this version: Duck won %d rounds of 3 against Counter, want 2", duckWins)
	}
	if _, err := db.Exec(`UPDATE bout SET winner = -1 WHERE a = 1 AND b = 2; UPDATE hill SET format = 2`); err != nil {
		t.Fatal(err)
	}
	db.QueryRow(`SELECT COUNT(*) FROM bout WHERE a = 2 AND b = 3`).Scan(&impBouts)
	db.Close()
	out := mustHill(t, "play", h)
	if playedPairings(out) != 2 {
		t.Errorf("hill play on the old hill played %d pairings, want Counter's 2 again:\n%s", playedPairings(out), out)
	}
	db, err = sql.Open("sqlite", "file:"+h+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var format, after int
	db.QueryRow(`SELECT format FROM hill`).Scan(&format)
	db.QueryRow(`SELECT COUNT(*) FROM bout WHERE a = 1 AND b = 2 AND winner = 1`).Scan(&duckWins)
	db.QueryRow(`SELECT COUNT(*) FROM bout WHERE a = 2 AND b = 3`).Scan(&after)
	if format != 3 || duckWins != 2 || after != impBouts {
		t.Errorf("after play: format %d, Duck's wins over Counter %d (want 2), Duck–Imp rounds %d (kept: %d)", format, duckWins, after, impBouts)
	}
}

// TestHillNameWithTrailingSpace: many hill warriors carry a space after their name
// (";name Arrow \r"); pMARS keeps it and so does the hill, but the standings cannot show it,
// so the name the user reads there must find the program in remove and show.
func TestHillNameWithTrailingSpace(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "core.hill")
	mustHill(t, "create", h, "-game", "core", "-rounds", "2", "-seed", "3")
	arrow := filepath.Join(dir, "arrow.red")
	if err := os.WriteFile(arrow, []byte(";redcode-94\r\n;name Arrow \r\n;author A\r\nmov 0, 1\r\nend\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustHill(t, "add", h, arrow, "../../robots/core/dwarf.red")
	if out := mustHill(t, "show", h, "-program", "Arrow"); !strings.Contains(out, "#1") {
		t.Errorf("show -program Arrow:\n%s", out)
	}
	mustHill(t, "show", h, "-pairing", "Arrow", "#2")
	// A second version: the name means the version on the hill, in -program and -pairing.
	if err := os.WriteFile(arrow, []byte(";redcode-94\r\n;name Arrow \r\n;author A\r\nmov 0, 2\r\nend\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustHill(t, "add", h, arrow)
	if out := mustHill(t, "show", h, "-program", "Arrow"); !strings.Contains(out, "version 2 (#3") {
		t.Errorf("show -program Arrow after version 2:\n%s", out)
	}
	if out := mustHill(t, "show", h, "-pairing", "Arrow", "#2"); !strings.Contains(out, "Arrow  (#3)") {
		t.Errorf("show -pairing Arrow #2 after version 2:\n%s", out)
	}
	if out := mustHill(t, "remove", h, "Arrow"); !strings.Contains(out, "#3") {
		t.Errorf("remove Arrow: %q", out)
	}
}

// TestHillPastNewLimitsStillOpens: a .cw hill made with more threads than the engines now take
// (a limit added after such hills could be made) opens and shows its results; adding or
// playing says why it cannot (it was "not a hill" and its results out of reach).
func TestHillPastNewLimitsStillOpens(t *testing.T) {
	h := filepath.Join(t.TempDir(), "old.hill")
	mustHill(t, "create", h, "-game", "core", "-lang", "cw", "-coresize", "2000", "-rounds", "2", "-seed", "3")
	mustHill(t, "add", h, "../../robots/core/dwarf.cw", "../../robots/core/imp.cw")
	mustHill(t, "add", "-noplay", h, "../../robots/core/impkiller.cw") // (two pairings left to play)
	before := mustHill(t, "show", h)
	// As a build before the limit wrote it: 20,000 threads.
	db, err := sql.Open("sqlite", "file:"+h)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE hill SET params = replace(params, '"Threads":64', '"Threads":20000')`); err != nil {
		t.Fatal(err)
	}
	var params string
	db.QueryRow(`SELECT params FROM hill`).Scan(&params)
	db.Close()
	if !strings.Contains(params, `"Threads":20000`) {
		t.Fatalf("the test did not set the threads: %s", params)
	}
	table := func(s string) string { return s[strings.Index(s, "#  score"):] } // (the heading names the threads)
	if after := mustHill(t, "show", h); !strings.Contains(after, "20000 threads") || table(after) != table(before) {
		t.Errorf("hill show after the limit:\n%s\nbefore:\n%s", after, before)
	}
	code, _, errs := runHillCmd(t, "add", h, "../../robots/core/replicator.cw")
	if code != 1 || !strings.Contains(errs, "rules are past what robocom plays now") || !strings.Contains(errs, "at most 16384, not 20000") {
		t.Errorf("adding to the hill past the limit: %d %q", code, errs)
	}
	if show := mustHill(t, "show", h); !strings.Contains(show, "not played, and they cannot be") || strings.Contains(show, "plays them") {
		t.Errorf("hill show advises playing what cannot be played:\n%s", show)
	}
	// Removing is refused too: a program removed could never come back.
	if code, _, errs := runHillCmd(t, "remove", h, "Imp"); code != 1 || !strings.Contains(errs, "rules are past what robocom plays now") {
		t.Errorf("removing from the hill past the limit: %d %q", code, errs)
	}
}

// A hill's reports count bouts in words that agree with their numbers, as the other counts
// beside them do: "played 1 pairing (1 bouts)".
func TestHillReportsCountOneBout(t *testing.T) {
	h := filepath.Join(t.TempDir(), "one.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "1", "-seed", "11")
	if out := mustHill(t, "add", h, "../../robots/mine.rob", "../../robots/wall.rob"); !strings.Contains(out, "played 1 pairing (1 bout)\n") {
		t.Errorf("hill add:\n%s", out)
	}
}

// TestHillMessagesEscapeNames: the hill's own path, a program's name and a part's names reach
// the terminal escaped in every hill message, a tab and a newline too, as every other name
// does: "hill remove" printed a name's tab raw, the standings' heading and "robocom hill play
// HILL plays them" the hill's path with its newline, and "hill import" a part's program
// names as the part spelled them.
func TestHillMessagesEscapeNames(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "h\nfake: line.hill")
	if err := os.WriteFile(filepath.Join(dir, "probe\n"), nil, 0o644); err != nil {
		t.Skip(err) // a file system without newlines in names
	}
	tab := filepath.Join(dir, "tab.red")
	os.WriteFile(tab, []byte(";redcode-94\n;name A\tB\n;assert 1\nmov 0, 1\nend\n"), 0o644)
	dwarf := filepath.Join(dir, "dwarf.red")
	os.WriteFile(dwarf, []byte(";redcode-94\n;name Dwarf\n;assert 1\nadd #4, 3\nmov 2, @2\njmp -2\ndat #0, #0\nend\n"), 0o644)
	mustHill(t, "create", h, "-game", "core", "-rounds", "2", "-seed", "1")
	mustHill(t, "add", "-noplay", h, tab, dwarf)
	part := filepath.Join(dir, "p.jsonl")
	mustHill(t, "play", h, "-shard", "0/1", "-o", part)
	b, _ := os.ReadFile(part)
	forged := filepath.Join(dir, "forged.jsonl")
	at := bytes.Index(b, []byte(`"sha256":"`)) + len(`"sha256":"`) // (a program the hill does not store)
	b[at] = "10"[map[bool]int{true: 1, false: 0}[b[at] == '0']]
	os.WriteFile(forged, bytes.Replace(b, []byte(`"name":"A\tB"`), []byte(`"name":"A\nfake: line"`), 1), 0o644)
	var out strings.Builder
	for _, args := range [][]string{
		{"show", h},
		{"import", h, forged},
		{"remove", h, "#1"},
	} {
		_, o, e := runHillCmd(t, args...)
		out.WriteString(o + e)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "fake: line") || strings.Contains(line, "\t") {
			t.Errorf("a name printed a line or a tab of its own: %q\n%s", line, out.String())
		}
	}
	for _, want := range []string{`removed A\tB (#1)`, `h\nfake: line.hill plays them`, `program A\nfake: line`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("%q not in:\n%s", want, out.String())
		}
	}
}

// TestHillShowJSONOfFewPrograms: hill show -json of a hill with fewer than two programs lists
// no pairings as an empty list, for both games: a Core War hill printed "pairings": null,
// which a page iterating the pairings fails on, where a RoboCom hill printed [].
func TestHillShowJSONOfFewPrograms(t *testing.T) {
	dir := t.TempDir()
	imp := filepath.Join(dir, "imp.red")
	os.WriteFile(imp, []byte(";redcode-94\n;name Imp\n;assert 1\nmov 0, 1\nend\n"), 0o644)
	for _, c := range []struct {
		game, program string
	}{{"robocom", hillRobots[0]}, {"core", imp}} {
		h := filepath.Join(dir, c.game+".hill")
		mustHill(t, "create", h, "-game", c.game, "-rounds", "2", "-seed", "1")
		for _, add := range []bool{false, true} {
			if add {
				mustHill(t, "add", h, c.program)
			}
			var got struct {
				Programs []json.RawMessage `json:"programs"`
				Pairings []json.RawMessage `json:"pairings"`
			}
			out := mustHill(t, "show", h, "-json")
			if err := json.Unmarshal([]byte(out), &got); err != nil || got.Programs == nil || got.Pairings == nil {
				t.Errorf("%s hill, program added %v: programs or pairings not a list (%v):\n%s", c.game, add, err, out)
			}
		}
	}
}

// TestHillAddSaysWhatItFinished: an add on a hill with pairings left unplayed (an add or play
// interrupted, add -noplay, or another add that has stored its program and not yet claimed
// its pairings) plays them first and says whose they were, before the new program's line; it
// printed "played 1 pairing (2 bouts)" alone, which read as the new program's pairings. (The
// words do not say why they were missing: with two adds at once, "an add interrupted" was
// untrue; TestHillConcurrentFull.)
func TestHillAddSaysWhatItFinished(t *testing.T) {
	h := filepath.Join(t.TempDir(), "f.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "2", "-seed", "1")
	mustHill(t, "add", "-noplay", h, hillRobots[0], hillRobots[1])
	out := mustHill(t, "add", h, hillRobots[2])
	want := "played 1 pairing (2 bouts) that programs added before still lacked\nadded "
	if !strings.HasPrefix(out, want) || playedPairings(out) != 3 {
		t.Errorf("the add's report does not begin with %q:\n%s", want, out)
	}
	if out := mustHill(t, "add", h, hillRobots[3]); strings.Contains(out, "before") {
		t.Errorf("an add with nothing left before says it finished something:\n%s", out)
	}
}

// TestHillInterruptedWhileWaitingForALock: SIGTERM (or Ctrl-C) ends a hill play within a
// moment also while it waits for another program's lock on the hill, as it does between
// bouts; it waited for the lock (up to a minute) before it looked at the signal, and then
// again to give up its claims.
func TestHillInterruptedWhileWaitingForALock(t *testing.T) {
	h := filepath.Join(t.TempDir(), "locked.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "2", "-seed", "4")
	mustHill(t, "add", "-noplay", h, hillRobots[0], hillRobots[1])
	other, err := sql.Open("sqlite", "file:"+h+"?_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, err := other.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(context.Background(), `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(context.Background(), `ROLLBACK`)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := hillChild(ctx, "hill", "play", "-q", h)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // (it has opened the hill and waits to claim the pairing)
	cmd.Process.Signal(syscall.SIGTERM)
	start := time.Now()
	cmd.Wait()
	if d := time.Since(start); d > 10*time.Second || cmd.ProcessState.ExitCode() != 143 || !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("SIGTERM while waiting for a lock: status %d after %v: %s", cmd.ProcessState.ExitCode(), d, errb.String())
	}
}

// hill add -noplay -json prints the standings as JSON, as -json says, with the pairings still
// to play marked as not counted ("interrupted", as hill show -json marks them); it printed
// nothing on standard output.
func TestHillAddNoPlayJSON(t *testing.T) {
	h := filepath.Join(t.TempDir(), "robo.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "1", "-seed", "1")
	out := mustHill(t, "add", h, "-noplay", "-json", hillRobots[0], hillRobots[1])
	var res tournamentJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("hill add -noplay -json printed %q: %v", out, err)
	}
	if len(res.Programs) != 2 || !res.Interrupted || res.RoundsPlayed != 0 {
		t.Errorf("got %+v, want 2 programs and no round counted", res)
	}
	if show := mustHill(t, "show", "-json", h); show != out {
		t.Errorf("add -noplay -json printed\n%s\nhill show -json prints\n%s", out, show)
	}
}
