package main

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"robocom/internal/hill"
)

// hillFields are the fields hill show -json adds to each program of the tournament's JSON.
var hillFields = []string{"id", "version", "author", "age", "score", "pct_wins", "pct_losses", "pct_ties"}

// withoutHillFields is hill show -json less the hill's own fields: byte for byte what
// robocom tournament -json prints for the same programs when the tournament's fields agree.
func withoutHillFields(t testing.TB, s string) string {
	t.Helper()
	var out bytes.Buffer
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("hill show -json is not an object: %s", s)
	}
	out.WriteByte('{')
	for first := true; dec.More(); first = false {
		key, _ := dec.Token()
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			t.Fatalf("hill show -json: %v", err)
		}
		if !first {
			out.WriteByte(',')
		}
		k, _ := json.Marshal(key)
		out.Write(k)
		out.WriteByte(':')
		if key != "programs" {
			var c bytes.Buffer
			json.Compact(&c, val)
			out.Write(c.Bytes())
			continue
		}
		var progs []json.RawMessage
		json.Unmarshal(val, &progs)
		out.WriteByte('[')
		for j, p := range progs {
			if j > 0 {
				out.WriteByte(',')
			}
			pd := json.NewDecoder(bytes.NewReader(p))
			pd.Token()
			out.WriteByte('{')
			n := 0
			for pd.More() {
				pk, _ := pd.Token()
				var pv json.RawMessage
				pd.Decode(&pv)
				if slices.Contains(hillFields, pk.(string)) {
					continue
				}
				if n > 0 {
					out.WriteByte(',')
				}
				n++
				b, _ := json.Marshal(pk)
				out.Write(b)
				out.WriteByte(':')
				var c bytes.Buffer
				json.Compact(&c, pv)
				out.Write(c.Bytes())
			}
			out.WriteByte('}')
		}
		out.WriteByte(']')
	}
	out.WriteByte('}')
	var ind bytes.Buffer
	if err := json.Indent(&ind, out.Bytes(), "", "  "); err != nil {
		t.Fatalf("hill show -json: %v", err)
	}
	ind.WriteByte('\n')
	return ind.String()
}

// showTournament is hill show -json of a hill, less the hill's own fields.
func showTournament(t *testing.T, h string) string {
	t.Helper()
	return withoutHillFields(t, mustHill(t, "show", h, "-json"))
}

// hillRows are hill show -json's programs with the tournament's and the hill's fields.
type hillRow struct {
	Index, Points, Wins, Draws, Losses int
	Name                               string
	ID                                 int64
	Version, Age                       int
	Author                             string
	Score, PctWins, PctLosses, PctTies float64
}

func hillRows(t *testing.T, h string) []hillRow {
	t.Helper()
	var res struct {
		Programs []struct {
			hillRow
			PctWins   float64 `json:"pct_wins"`
			PctLosses float64 `json:"pct_losses"`
			PctTies   float64 `json:"pct_ties"`
		}
	}
	if err := json.Unmarshal([]byte(mustHill(t, "show", h, "-json")), &res); err != nil {
		t.Fatal(err)
	}
	var rows []hillRow
	for _, p := range res.Programs {
		r := p.hillRow
		r.PctWins, r.PctLosses, r.PctTies = p.PctWins, p.PctLosses, p.PctTies
		rows = append(rows, r)
	}
	return rows
}

// TestHillKothStandings: a Core War hill shows KOTH's columns: the score in points per 100
// rounds beside the raw points, %W/%L/%T of the rounds played, the author and the age (how
// many programs joined after it); hill show -json carries the same.
func TestHillKothStandings(t *testing.T) {
	var files []string
	for _, n := range []string{"dwarf.red", "imp.red", "paper.red", "scanner.red"} {
		files = append(files, filepath.Join("../../robots/core", n))
	}
	h := filepath.Join(t.TempDir(), "koth.hill")
	const rounds = 5
	mustHill(t, "create", h, "-game", "core", "-lang", "redcode", "-rounds", strconv.Itoa(rounds), "-seed", "11")
	mustHill(t, "add", h, files[0], files[1])
	mustHill(t, "add", h, files[2])
	mustHill(t, "add", h, files[3])
	rows := hillRows(t, h)
	if len(rows) != 4 {
		t.Fatalf("%d rows", len(rows))
	}
	played := rounds * (len(rows) - 1)
	for _, r := range rows {
		if r.Points != 3*r.Wins+r.Draws || r.Wins+r.Draws+r.Losses != played {
			t.Errorf("%s: %d points of %d/%d/%d", r.Name, r.Points, r.Wins, r.Draws, r.Losses)
		}
		if want := float64(int(100*float64(r.Points)/float64(played)*100+0.5)) / 100; r.Score != want {
			t.Errorf("%s: KOTH score %v, want %v (%d points in %d rounds, per 100 rounds)", r.Name, r.Score, want, r.Points, played)
		}
		if pw := 100 * float64(r.Wins) / float64(played); r.PctWins < pw-0.01 || r.PctWins > pw+0.01 {
			t.Errorf("%s: %%W %v, want %.2f", r.Name, r.PctWins, pw)
		}
		if sum := r.PctWins + r.PctLosses + r.PctTies; sum < 99.9 || sum > 100.1 {
			t.Errorf("%s: %%W+%%L+%%T = %v", r.Name, sum)
		}
		// Joined in the order added: the first has seen 3 join after it, the last none.
		if want := 3 - int(r.ID-1); r.Age != want {
			t.Errorf("%s (#%d): age %d, want %d", r.Name, r.ID, r.Age, want)
		}
		if r.Author != "RoboCom Arena samples" || r.Version != 1 {
			t.Errorf("%s: author %q, version %d", r.Name, r.Author, r.Version)
		}
	}
	out := mustHill(t, "show", h)
	if !regexp.MustCompile(`#\s+score\s+points\s+%W/ %L/ %T\s+name\s+author\s+age`).MatchString(out) {
		t.Errorf("hill show's table has no KOTH header:\n%s", out)
	}
	first := rows[0]
	line := regexp.MustCompile(`(?m)^\s*1\s+` + regexp.QuoteMeta(strconv.FormatFloat(first.Score, 'f', 1, 64)) + `\s+` + strconv.Itoa(first.Points) + `\s.*` + regexp.QuoteMeta(first.Name) + `\s+RoboCom Arena samples\s+` + strconv.Itoa(first.Age) + `\s*$`)
	if !line.MatchString(out) {
		t.Errorf("hill show's first row does not show %+v:\n%s", first, out)
	}
}

// TestHillVersions: a program whose name is on the hill with other code replaces it as a new
// version (age 0, the old version's results kept); -program lists the versions; a full hill
// prints the table a program fell from.
func TestHillVersions(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "v.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "2", "-seed", "5", "-size", "3")
	mustHill(t, "add", h, hillRobots[0], hillRobots[1], hillRobots[3])
	src, _ := os.ReadFile(hillRobots[0]) // Mine
	v2 := filepath.Join(dir, "mine2.rob")
	os.WriteFile(v2, append(src, []byte("; version 2: the same code, other bytes\n")...), 0o644)
	out := mustHill(t, "add", h, v2)
	if !strings.Contains(out, "added Mine version 2") || !strings.Contains(out, "it replaces Mine version 1 (#1") {
		t.Errorf("adding a new version:\n%s", out)
	}
	if strings.Contains(out, "pushed off") {
		t.Errorf("a new version replaces the old one; nothing is pushed off:\n%s", out)
	}
	rows := hillRows(t, h)
	names := map[string]int{}
	for _, r := range rows {
		names[r.Name]++
		if r.Name == "Mine" && (r.Version != 2 || r.Age != 0 || r.ID != 4) {
			t.Errorf("the new version: %+v", r)
		}
	}
	if len(rows) != 3 || names["Mine"] != 1 {
		t.Errorf("after a new version: %d rows, %d named Mine", len(rows), names["Mine"])
	}
	hist := mustHill(t, "show", h, "-program", "Mine")
	if !strings.Contains(hist, "Mine version 2 (#4") || !regexp.MustCompile(`version 1\s+#1\s.*off the hill`).MatchString(hist) ||
		!regexp.MustCompile(`version 2\s+#4\s.*on the hill`).MatchString(hist) {
		t.Errorf("hill show -program Mine does not list both versions:\n%s", hist)
	}
	if old := mustHill(t, "show", h, "-program", "#1"); !strings.Contains(old, "Mine version 1 (#1") || !strings.Contains(old, "Roamer") {
		t.Errorf("the old version's results are gone:\n%s", old)
	}
	// A newcomer on the full hill: the push-off shows the table it fell from, then the hill.
	out = mustHill(t, "add", h, hillRobots[2])
	i := strings.Index(out, "pushed off: ")
	if i < 0 || !strings.Contains(out[i:], "<- pushed off") {
		t.Fatalf("a push-off without its table:\n%s", out)
	}
	table := out[i : strings.Index(out[i:], "\nhill ")+i]
	rowRE := regexp.MustCompile(`(?m)^\s+\d+\s+\d+\s+\d+/`)
	if n := len(rowRE.FindAllString(table, -1)); n != 4 {
		t.Errorf("the table it fell from has %d programs, not 4:\n%s", n, table)
	}
	final := out[strings.LastIndex(out, "\nhill "):]
	if n := len(rowRE.FindAllString(final, -1)); n != 3 {
		t.Errorf("the hill after the push-off shows %d programs, not 3:\n%s", n, final)
	}
}

var playedRE = regexp.MustCompile(`played (\d+) pairings?`)

// playedPairings is the sum of the "played N pairings" lines of a report.
func playedPairings(out string) int {
	n := 0
	for _, m := range playedRE.FindAllStringSubmatch(out, -1) {
		k, _ := strconv.Atoi(m[1])
		n += k
	}
	return n
}

// TestHillConcurrentFull runs two `hill add`s at once on a hill that one of their programs
// will overflow: the pairings are claimed, so the adds together play each new pairing once and
// each reports only its own; one program is pushed off, once; neither calls itself
// interrupted nor shows more programs than the hill holds.
func TestHillConcurrentFull(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a few hundred bouts")
	}
	h := filepath.Join(t.TempDir(), "full.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "8", "-seed", "4", "-size", "4")
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
	all := outs[0].String() + outs[1].String()
	if n := playedPairings(all); n != 9 {
		t.Errorf("the two adds played %d pairings between them, not the 9 new ones:\n%s\n---\n%s", n, outs[0], outs[1])
	}
	if n := strings.Count(all, "pushed off: "); n != 1 {
		t.Errorf("%d push-offs reported, not 1:\n%s\n---\n%s", n, outs[0], outs[1])
	}
	if strings.Contains(all, "interrupted") {
		t.Errorf("an add calls itself interrupted:\n%s\n---\n%s", outs[0], outs[1])
	}
	rowRE := regexp.MustCompile(`(?m)^\s+\d+\s+\d+\s+\d+/`)
	for i, o := range outs {
		s := o.String()
		final := s[strings.LastIndex(s, "\nhill "):]
		if n := len(rowRE.FindAllString(final, -1)); n > 4 {
			t.Errorf("add %d's report shows %d programs on a hill of 4:\n%s", i, n, s)
		}
	}
	if out := mustHill(t, "play", h); playedPairings(out) != 0 {
		t.Errorf("hill play after both adds still played:\n%s", out)
	}
	if res := hillRows(t, h); len(res) != 4 {
		t.Fatalf("%d programs on a hill of 4", len(res))
	}
}

// TestHillShowDuringAdd: while an add plays, hill show says its pairings are being played by
// another process; once the add is killed they are pairings left by an interrupted one, and
// hill play takes them over at once and plays only those.
func TestHillShowDuringAdd(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a few hundred bouts")
	}
	h := filepath.Join(t.TempDir(), "busy.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "40", "-seed", "21")
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
	during := mustHill(t, "show", h)
	cmd.Process.Signal(syscall.SIGKILL)
	<-exited
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
		t.Fatal("hill add finished before it could be killed: make the test's hill slower")
	}
	if !strings.Contains(during, "being played by another process") || strings.Contains(during, "interrupted") {
		t.Errorf("hill show during an add:\n%s", during)
	}
	after := mustHill(t, "show", h)
	if strings.Contains(after, "being played by another process") || !strings.Contains(after, "an add or play was interrupted") {
		t.Errorf("hill show after the add was killed:\n%s", after)
	}
	stored, programs := storedPairings(t, h), storedPrograms(t, h)
	left := programs*(programs-1)/2 - stored
	start := time.Now()
	out := mustHill(t, "play", h)
	if n := playedPairings(out); n != left {
		t.Errorf("hill play played %d pairings, not the %d the killed add left:\n%s", n, left, out)
	}
	if strings.Contains(out, "waiting") || time.Since(start) > hill.ClaimTTL {
		t.Errorf("hill play waited for the killed add's claims:\n%s", out)
	}
}

// stopPart runs a robocom command that writes a part to out in a child process, and sends it
// SIGTERM (as a cluster's time limit does) once it has started playing.
func stopPart(t *testing.T, out string, args ...string) (status int, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := hillChild(ctx, args...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	for {
		if tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".*")); len(tmps) == 1 {
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("%v ended (%v) before it started its part: %s", args, err, errb.String())
		case <-time.After(5 * time.Millisecond):
		}
	}
	time.Sleep(100 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM)
	<-exited
	return cmd.ProcessState.ExitCode(), errb.String()
}

// TestPartStopped: a part stopped by SIGTERM writes nothing under its name; the bouts it
// finished are in NAME.partial, which merge refuses with a sentence. hill import takes a
// partial part, storing the pairings it holds whole; hill play then plays the rest, and the
// hill equals the tournament.
func TestPartStopped(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a few hundred bouts")
	}
	dir := t.TempDir()
	part := filepath.Join(dir, "part-0.jsonl")
	status, errs := stopPart(t, part, append([]string{"tournament", "-seed", "21", "-rounds", "300", "-q", "-shard", "0/1", "-o", part}, hillRobots...)...)
	if status != 143 || !strings.Contains(errs, "part-0.jsonl.partial") {
		t.Fatalf("a stopped part: exit %d, %q", status, errs)
	}
	if _, err := os.Stat(part); !os.IsNotExist(err) {
		t.Fatalf("a stopped part left a file under its name: %v", err)
	}
	var out, errb bytes.Buffer
	if code := mergeMain([]string{part + ".partial"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "is a partial part") || out.Len() > 0 {
		t.Errorf("merge of a partial part: exit %d, %q %q", code, errb.String(), out.String())
	}

	// A hill's part 0 of 2 stopped after 25 of its 50 bouts: pairings 0 and 1 whole, 2 half.
	h := filepath.Join(dir, "stopped.hill")
	mustHill(t, "create", h, "-game", "robocom", "-rounds", "10", "-seed", "21")
	mustHill(t, append([]string{"add", "-noplay", h}, hillRobots...)...)
	hp := []string{filepath.Join(dir, "hp-0.jsonl"), filepath.Join(dir, "hp-1.jsonl")}
	for k, p := range hp {
		mustHill(t, "play", h, "-q", "-shard", fmt.Sprintf("%d/2", k), "-o", p)
	}
	whole, _ := os.ReadFile(hp[0])
	lines := strings.SplitAfter(string(whole), "\n")
	os.WriteFile(hp[0]+".partial", []byte(strings.Join(lines[:1+25], "")), 0o644)
	if code, _, errs := runHillCmd(t, "import", h, hp[1]); code != 1 || !strings.Contains(errs, "part 0 of 2 is missing") {
		t.Errorf("hill import without part 0: exit %d, %q", code, errs)
	}
	imp := mustHill(t, "import", h, hp[0]+".partial", hp[1])
	if !strings.Contains(imp, "imported 7 pairings (70 bouts)") || !strings.Contains(imp, "1 partial part stopped early: 3 pairings") {
		t.Fatalf("hill import of a partial part and a whole one:\n%s", imp)
	}
	// Its report is the hill as it stands, every program in it (nobody else is adding one).
	if want := fmt.Sprintf("%d programs, %d pairings", len(hillRobots), len(hillRobots)*(len(hillRobots)-1)/2); !strings.Contains(imp, want) || strings.Contains(imp, "another process") {
		t.Errorf("hill import's report, want %q and no other process:\n%s", want, imp)
	}
	if stored := storedPairings(t, h); stored != 7 {
		t.Errorf("%d pairings stored, not 7", stored)
	}
	integrity(t, h)
	if played := playedPairings(mustHill(t, "play", h)); played != 3 {
		t.Errorf("hill play played %d pairings, not the 3 left", played)
	}
	want := tournamentJSONOf(t, append([]string{"-seed", "21", "-rounds", "10"}, hillRobots...)...)
	if got := showTournament(t, h); got != want {
		t.Fatalf("the hill differs from the tournament:\n%s\n---\n%s", got, want)
	}
}

// TestHillShowLongNames: a name or author of hundreds of characters is clipped in the table
// (it widened every row past any terminal), two names clipped alike are told apart by their
// numbers, and -json keeps the whole names.
func TestHillShowLongNames(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "long.hill")
	mustHill(t, "create", h, "-game", "core", "-lang", "redcode", "-rounds", "1", "-seed", "1")
	long := strings.Repeat("L", 200) // (pMARS reads at most 249 characters of a name)
	var files []string
	for i, name := range []string{long + "a", long + "b", "Short"} {
		f := filepath.Join(dir, fmt.Sprintf("w%d.red", i))
		os.WriteFile(f, []byte(fmt.Sprintf(";name %s\n;author %s\nmov 0, %d\n", name, long, i+1)), 0o644)
		files = append(files, f)
	}
	mustHill(t, append([]string{"add", h}, files...)...)
	out := mustHill(t, "show", h)
	for _, line := range strings.Split(out, "\n")[3:] { // (the first lines name the hill's path)
		if n := utf8.RuneCountInString(line); n > 150 {
			t.Errorf("a line of %d characters: %.80q…", n, line)
		}
	}
	if !strings.Contains(out, strings.Repeat("L", 39)+"… #1") || !strings.Contains(out, strings.Repeat("L", 39)+"… #2") || !strings.Contains(out, "  Short  ") {
		t.Errorf("names clipped alike are not told apart:\n%s", out)
	}
	if js := mustHill(t, "show", h, "-json"); !strings.Contains(js, long+"a") || !strings.Contains(js, `"author": "`+long+`"`) {
		t.Errorf("-json lost the whole names")
	}
}

// TestHillShowNamesAlikeButForSpaces: "Phq" and "Phq " are two programs (a name is kept as the
// warrior gives it) that look the same in the table, so their rows carry their numbers, as
// names clipped alike do; a name alike no other is shown as it is.
func TestHillShowNamesAlikeButForSpaces(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "alike.hill")
	mustHill(t, "create", h, "-game", "core", "-lang", "redcode", "-rounds", "1", "-seed", "1")
	var files []string
	for i, name := range []string{"Phq", "Phq ", "Other"} {
		f := filepath.Join(dir, fmt.Sprintf("w%d.red", i))
		os.WriteFile(f, []byte(fmt.Sprintf(";name %s\n;assert 1\nmov 0, %d\n", name, i+1)), 0o644)
		files = append(files, f)
	}
	mustHill(t, append([]string{"add", h}, files...)...)
	out := mustHill(t, "show", h)
	if !strings.Contains(out, "  Phq #1  ") || !strings.Contains(out, "  Phq  #2  ") || !strings.Contains(out, "  Other  ") {
		t.Errorf("names alike but for a space are not told apart:\n%s", out)
	}
}

// TestHillRanksByScoreWhilePairingsMissing: while some pairings are missing (an add or play
// interrupted, or still going on), the programs have played different numbers of rounds, and
// the table ranks by the score it prints, not by the raw points (a hostile review found
// 58.3 ranked above 100.0).
func TestHillRanksByScoreWhilePairingsMissing(t *testing.T) {
	h := filepath.Join(t.TempDir(), "missing.hill")
	mustHill(t, "create", h, "-game", "core", "-lang", "redcode", "-rounds", "20", "-seed", "7")
	var files []string
	for _, n := range []string{"dwarf.red", "imp.red", "paper.red", "scanner.red"} {
		files = append(files, filepath.Join("../../robots/core", n))
	}
	mustHill(t, append([]string{"add", h}, files...)...)
	db, err := sql.Open("sqlite", "file:"+h)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DELETE FROM bout WHERE (a, b) IN ((1, 3), (1, 2), (2, 3))`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	rows := hillRows(t, h)
	for i := 1; i < len(rows); i++ {
		if rows[i].Score > rows[i-1].Score {
			t.Errorf("%s (score %.1f, %d points) ranked below %s (score %.1f, %d points)",
				rows[i].Name, rows[i].Score, rows[i].Points, rows[i-1].Name, rows[i-1].Score, rows[i-1].Points)
		}
	}
	out := mustHill(t, "show", h)
	var scores []float64
	for _, line := range strings.Split(out, "\n") {
		var rank int
		var score float64
		if n, _ := fmt.Sscanf(line, "%d %f", &rank, &score); n == 2 {
			scores = append(scores, score)
		}
	}
	if len(scores) != 4 || !slices.IsSortedFunc(scores, func(a, b float64) int { return cmp.Compare(b, a) }) {
		t.Errorf("the table's scores are not in order: %v\n%s", scores, out)
	}
}

// TestHillShowEscapesNames: a name holding a tab or the byte 0xff (text/tabwriter's escape,
// which the tables used) comes out escaped in -program's and -pairing's tables, as in the
// standings, and the columns stay whole.
func TestHillShowEscapesNames(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "names.hill")
	mustHill(t, "create", h, "-game", "core", "-lang", "redcode", "-rounds", "2", "-seed", "1")
	ff, tab := filepath.Join(dir, "ff.red"), filepath.Join(dir, "tab.red")
	os.WriteFile(ff, []byte(";redcode-94\n;name Bad\xffName\n;assert 1\nmov 0, 4\nend\n"), 0o644)
	os.WriteFile(tab, []byte(";redcode-94\n;name Tab\tName\n;assert 1\nmov 0, 5\nend\n"), 0o644)
	mustHill(t, "add", h, ff, tab, "../../robots/core/dwarf.red")
	for _, args := range [][]string{{"-program", "Dwarf"}, {"-pairing", "#1", "#2"}, {"-pairing", "#2", "Dwarf"}} {
		out := mustHill(t, append([]string{"show", h}, args...)...)
		if strings.Contains(out, "\t") || strings.Contains(out, "\xff") {
			t.Errorf("show %v: a raw tab or 0xff byte\n%q", args, out)
		}
		for _, want := range []string{`Bad\xffName`, `Tab\tName`} {
			if args[0] == "-pairing" && args[2] == "Dwarf" && want == `Bad\xffName` {
				continue
			}
			if !strings.Contains(out, want) {
				t.Errorf("show %v: no %s\n%s", args, want, out)
			}
		}
	}
}
