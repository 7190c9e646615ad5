package bouts

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// testPart is a whole round robin of three programs, 2 rounds a pairing, in one part: its
// header line, then its six bout lines.
func testPart(t *testing.T) string { return testPartOf(t, 0, 1) }

// testPartOf is part k of n of testPart's tournament.
func testPartOf(t *testing.T, k, n int) string {
	t.Helper()
	h := &PartHeader{Format: PartFormat, Game: "robocom", Shard: k, Shards: n, Seed: 5, Rounds: 2,
		Options: map[string]string{"name": "classic"}}
	for _, f := range []string{"a.rob", "b.rob", "c.rob"} {
		h.Programs = append(h.Programs, PartProgram{Name: f, File: f, SHA256: strings.Repeat(f[:1], 64)})
	}
	plan := h.Plan()
	h.Bouts = plan.Bouts()
	h.From, h.To = Shard(h.Bouts, k, n)
	var b bytes.Buffer
	pw, err := NewPartWriter(&b, h)
	if err != nil {
		t.Fatal(err)
	}
	for g := h.From; g < h.To; g++ {
		b := plan.Bout(g)
		if err := pw.Write(Result{Pairing: b.Pairing, A: b.A, B: b.B, Round: b.Round, Seed: b.Seed, Winner: b.A, Cycles: 100}); err != nil {
			t.Fatal(err)
		}
	}
	if err := pw.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// readPart reads the part text data as a file and all its bouts; it returns the first error.
func readPart(t *testing.T, data string) error {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.jsonl")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	parts, err := ReadParts([]string{path}, false)
	if err != nil {
		return err
	}
	return parts[0].Each(func(Result) error { return nil })
}

// TestPartRefusesNullAndWrongTypes: null in any field, of the header or a bout, is refused
// (never read as 0 or ""), as is a value of the wrong type, with a sentence naming the file,
// the line and the field.
func TestPartRefusesNullAndWrongTypes(t *testing.T) {
	part := testPart(t)
	if err := readPart(t, part); err != nil {
		t.Fatalf("the part itself: %v", err)
	}
	for _, c := range []struct {
		old, new string
		want     string
	}{
		{`"winner":0,`, `"winner":null,`, `p.jsonl:2: the bout's "winner" is null`},
		{`"cycles":100}`, `"cycles":null}`, `p.jsonl:2: the bout's "cycles" is null`},
		{`"pairing":0,`, `"pairing":"0",`, `p.jsonl:2: the bout's "pairing" is a string; it must be a whole number`},
		{`"winner":0,`, `"winner":0.5,`, `p.jsonl:2: the bout's "winner" is 0.5; it must be a whole number`},
		{`"seed":5,`, `"seed":null,`, `p.jsonl:1: the header's "seed" is null`},
		{`"name":"classic"`, `"name":null`, `p.jsonl:1: the header's "options.name" is null`},
		{`"name":"b.rob"`, `"name":null`, `p.jsonl:1: the header's "programs[1].name" is null`},
		{`"shards":1,`, `"shards":[1],`, `p.jsonl:1: the header's "shards" is a list; it must be a whole number`},
		{`"options":{"name":"classic"}`, `"options":{"name":1}`, `p.jsonl:1: the header's "options" is a number; it must be a string`},
		{`"seed":5,`, `"seed":5,"extra":1,`, `p.jsonl:1: the header has a field "extra" that this version does not know`},
	} {
		data := strings.Replace(part, c.old, c.new, 1)
		if data == part {
			t.Fatalf("%s is not in the part", c.old)
		}
		err := readPart(t, data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s → %s: %v; want %q", c.old, c.new, err, c.want)
		}
	}
}

// TestPartRefusesTrailingText: nothing may follow the JSON value on a line of a part, after
// the header or a bout.
func TestPartRefusesTrailingText(t *testing.T) {
	part := testPart(t)
	head, _, _ := strings.Cut(part, "\n")
	for _, c := range []struct {
		old, new string
		want     string
	}{
		{head + "\n", head + " trailing garbage\n", `p.jsonl:1: the header is followed by "trailing garbage" on its line`},
		{`"cycles":100}` + "\n", `"cycles":100} {}` + "\n", `p.jsonl:2: the bout is followed by "{}" on its line`},
		{`"cycles":100}` + "\n", `"cycles":100}x` + "\n", `p.jsonl:2: the bout is followed by "x" on its line`},
		{`"cycles":100}` + "\n", `"cycles":100} ` + strings.Repeat("z", 30) + "\n", `followed by "zzzzzzzzzzzzzzzzzzzz…"`},
		{`"cycles":100}` + "\n", `"cycles":100}` + " \r\n", ""}, // white space is no text
	} {
		data := strings.Replace(part, c.old, c.new, 1)
		if data == part {
			t.Fatalf("%s is not in the part", c.old)
		}
		err := readPart(t, data)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%q: %v; want %q", c.new, err, c.want)
		}
	}
}

// openFiles counts the process's open files (Linux), or -1.
func openFiles() int {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(fds)
}

// TestReadPartsKeepsFewFilesOpen: reading many parts keeps at most one open at a time (a
// merge of 1300 parts failed with "too many open files" under ulimit -n 1024), and a part
// changed between its header check and the reading of its bouts is refused.
func TestReadPartsKeepsFewFilesOpen(t *testing.T) {
	if openFiles() < 0 {
		t.Skip("no /proc/self/fd to count open files")
	}
	for _, n := range []int{1, 3, 40} {
		dir := t.TempDir()
		var paths []string
		for k := range n {
			p := filepath.Join(dir, fmt.Sprintf("part-%d.jsonl", k))
			if err := os.WriteFile(p, []byte(testPartOf(t, k, n)), 0o644); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, p)
		}
		before := openFiles()
		parts, err := ReadParts(paths, false)
		if err != nil {
			t.Fatalf("%d parts: %v", n, err)
		}
		if open := openFiles() - before; open != 0 {
			t.Errorf("%d parts: %d files open after ReadParts", n, open)
		}
		most := 0
		for _, p := range parts {
			err := p.Each(func(Result) error { most = max(most, openFiles()-before); return nil })
			if err != nil {
				t.Fatalf("%d parts: %v", n, err)
			}
		}
		if open := openFiles() - before; open != 0 || most > 1 {
			t.Errorf("%d parts: %d files open after reading, %d at most while reading; want 0 and 1", n, open, most)
		}
	}
	// A part replaced by another after ReadParts.
	dir := t.TempDir()
	p := filepath.Join(dir, "p.jsonl")
	os.WriteFile(p, []byte(testPart(t)), 0o644)
	parts, err := ReadParts([]string{p}, false)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(p, []byte(strings.Replace(testPart(t), `"seed":5,`, `"seed":6,`, 1)), 0o644)
	if err := parts[0].Each(func(Result) error { return nil }); err == nil || !strings.Contains(err.Error(), "changed while it was read") {
		t.Errorf("a part changed after ReadParts: %v", err)
	}
}

// TestLongLineMemory: a line past the bound is refused having allocated about the bound, not
// a multiple of it (a 70 MB line without a newline took 252 MB), and a line just within the
// bound is read whole.
func TestLongLineMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes files of 64 MB")
	}
	for _, c := range []struct {
		name string
		size int // bytes of the line, newline included when there is one
		nl   bool
		want string
	}{
		{"too long, no newline", maxPartLine + 6<<20, false, "a line longer than"},
		{"too long", maxPartLine + 1, true, "a line longer than"},
		{"just within", maxPartLine, true, "not a tournament part of this version"},
	} {
		line := bytes.Repeat([]byte{' '}, c.size)
		line[0] = '{'
		if c.nl {
			line[c.size-2], line[c.size-1] = '}', '\n'
		}
		path := filepath.Join(t.TempDir(), "long.jsonl")
		if err := os.WriteFile(path, line, 0o644); err != nil {
			t.Fatal(err)
		}
		line = nil
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		p := &Part{Path: path}
		_, err := p.open()
		p.Close()
		runtime.ReadMemStats(&after)
		if c.want == "not a tournament part of this version" && err == nil {
			_, err = ReadParts([]string{path}, false)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want %q", c.name, err, c.want)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 2*maxPartLine+1<<20 {
			t.Errorf("%s: reading the line allocated %d MB; the bound is %d MB", c.name, alloc>>20, maxPartLine>>20)
		}
	}
}

// TestSameTournamentNamesOneOption: parts played with different options are told apart by
// the same sentence every time: the option set's name if it differs, else the first key
// (in order) that differs.
func TestSameTournamentNamesOneOption(t *testing.T) {
	base := map[string]string{"name": "classic", "board": "16", "timeout": "80000", "mutation": "0"}
	with := func(kv ...string) map[string]string {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			if kv[i+1] == "" {
				delete(m, kv[i])
			} else {
				m[kv[i]] = kv[i+1]
			}
		}
		return m
	}
	for _, c := range []struct {
		other map[string]string
		want  string
	}{
		{with("name", "rc3", "board", "20", "timeout", "5000"), `option name is "classic" in one and "rc3"`},
		{with("board", "20", "timeout", "5000", "mutation", "1"), `option board is "16" in one and "20"`},
		{with("timeout", "5000", "mutation", "1"), `option mutation is "0" in one and "1"`},
		{with("board", "", "timeout", "5000"), `different keys (board is in one only)`},
		{with("extra", "1", "timeout", "5000"), `different keys (extra is in one only)`},
	} {
		p := &Part{Path: "a.jsonl", Header: PartHeader{Options: base}}
		q := &Part{Path: "b.jsonl", Header: PartHeader{Options: c.other}}
		for range 20 { // map order differs from run to run
			if err := sameTournament(p, q); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("%v: %v; want %q", c.other, err, c.want)
			}
		}
	}
}

// TestEmptyPlanPart: a part whose list of pairings is empty (a hill with every pairing
// stored, or with fewer than two programs) is written with "pairings":[], kept apart from a
// part without the list (the round robin), and read back as a plan of no bouts, whatever
// its number of programs; every one of its N parts is such a part. An empty list was
// refused, and omitempty wrote it as no list, which reads as the round robin.
func TestEmptyPlanPart(t *testing.T) {
	for _, programs := range []int{0, 1, 3} {
		dir := t.TempDir()
		var paths []string
		for k := range 2 {
			h := &PartHeader{Format: PartFormat, Game: "robocom", Shard: k, Shards: 2, Seed: 5, Rounds: 2,
				Options: map[string]string{"name": "classic"}, Programs: []PartProgram{}, Pairings: []Pairing{}}
			for i := range programs {
				f := fmt.Sprintf("%c.rob", 'a'+i)
				h.Programs = append(h.Programs, PartProgram{Name: f, File: f, SHA256: strings.Repeat(f[:1], 64)})
			}
			var b bytes.Buffer
			pw, err := NewPartWriter(&b, h)
			if err != nil {
				t.Fatalf("%d programs: %v", programs, err)
			}
			pw.Flush()
			if !strings.Contains(b.String(), `"pairings":[]`) || strings.Count(b.String(), "\n") != 1 {
				t.Errorf("%d programs: the part is %q; want its header alone, with \"pairings\":[]", programs, b.String())
			}
			paths = append(paths, filepath.Join(dir, fmt.Sprintf("p%d.jsonl", k)))
			os.WriteFile(paths[k], b.Bytes(), 0o644)
		}
		parts, err := ReadParts(paths, false)
		if err != nil {
			t.Fatalf("%d programs: %v", programs, err)
		}
		for _, p := range parts {
			if p.Header.Pairings == nil || p.Header.RoundRobin() || p.Header.Plan().Bouts() != 0 {
				t.Errorf("%d programs: %s reads as a plan of %d bouts (round robin: %v)", programs, p.Path, p.Header.Plan().Bouts(), p.Header.RoundRobin())
			}
			if err := p.Each(func(r Result) error { return fmt.Errorf("a bout %+v", r) }); err != nil {
				t.Errorf("%d programs: %s: %v", programs, p.Path, err)
			}
		}
	}
	// Without the list the plan is still the round robin: no "pairings" is written.
	if part := testPart(t); strings.Contains(part, `"pairings"`) {
		t.Errorf("a tournament's part names pairings: %s", part)
	}
	// An empty plan holds no bout: a header that says otherwise is refused.
	head, _, _ := strings.Cut(testPart(t), "\n")
	bad := strings.TrimSuffix(head, "}") + `,"pairings":[]}` + "\n"
	if err := readPart(t, bad); err == nil || !strings.Contains(err.Error(), "should hold bouts 0 to 0") {
		t.Errorf("an empty list of pairings in a header of 6 bouts: %v", err)
	}
}
