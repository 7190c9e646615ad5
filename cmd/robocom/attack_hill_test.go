package main

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// hillAttacks are TestAttacks' hostile hills and parts (issue 19): hill paths holding URI
// characters, reading files that are not hills (left byte for byte as they were), a hill in a
// read-only folder, damaged rows, views and triggers, a part with a 100 MB header line, a
// part missing a field, and a tournament too large to merge.
func hillAttacks(t *testing.T, bin, work string) []attack {
	run := func(args ...string) {
		t.Helper()
		c := exec.Command(bin, args...)
		c.Dir = work
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("robocom %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	sqlExec := func(file string, stmts ...string) {
		t.Helper()
		db, err := sql.Open("sqlite", "file:"+filepath.Join(work, file))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for _, s := range stmts {
			if _, err := db.Exec(s); err != nil {
				t.Fatalf("%s: %s: %v", file, s, err)
			}
		}
	}
	hill := func(name string) {
		run("hill", "create", name, "-game", "robocom", "-seed", "1", "-rounds", "2")
		run("hill", "add", name, "-noplay", "a.rob", "hive.rob")
	}
	// Files left as they were: every file in the folder, by hash, before and after.
	sums := func(dir string) map[string][32]byte {
		m := map[string][32]byte{}
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
			m[e.Name()] = sha256.Sum256(b)
		}
		return m
	}
	same := func(dir string, before map[string][32]byte) func(t *testing.T, _, _ string) {
		return func(t *testing.T, _, _ string) {
			after := sums(dir)
			if len(after) != len(before) {
				t.Errorf("%s holds %d files, was %d", dir, len(after), len(before))
			}
			for n, s := range before {
				if after[n] != s {
					t.Errorf("%s changed", filepath.Join(dir, n))
				}
			}
		}
	}
	os.Mkdir(filepath.Join(work, "foreign"), 0o755)
	sqlExec("foreign/notes.db", `CREATE TABLE notes (x)`, `INSERT INTO notes VALUES ('keep me')`)
	os.WriteFile(filepath.Join(work, "foreign/empty.hill"), nil, 0o644)
	foreign := sums(filepath.Join(work, "foreign"))

	os.Mkdir(filepath.Join(work, "uri"), 0o755)
	hill("uri/h?x=1#frag%41 é.hill")
	uri := sums(filepath.Join(work, "uri"))

	os.Mkdir(filepath.Join(work, "ro"), 0o755)
	hill("ro/h.hill")
	os.Chmod(filepath.Join(work, "ro/h.hill"), 0o444)
	os.Chmod(filepath.Join(work, "ro"), 0o555)
	t.Cleanup(func() { os.Chmod(filepath.Join(work, "ro"), 0o755) })
	ro := sums(filepath.Join(work, "ro"))

	os.Mkdir(filepath.Join(work, "bad"), 0o755)
	hill("bad/winner.hill")
	sqlExec("bad/winner.hill", `PRAGMA ignore_check_constraints = 1`, `INSERT INTO bout VALUES (1, 2, 1, 1, 7, 10)`)
	hill("bad/rounds.hill")
	sqlExec("bad/rounds.hill", `UPDATE hill SET rounds = -5`)
	hill("bad/type.hill")
	sqlExec("bad/type.hill", `UPDATE program SET added = 'yesterday' WHERE id = 2`)
	hill("bad/blob.hill")
	sqlExec("bad/blob.hill", `UPDATE program SET source = zeroblob(100000000) WHERE id = 1`)
	hill("bad/view.hill")
	sqlExec("bad/view.hill", `DROP TABLE bout`, `CREATE VIEW bout AS SELECT 1 AS a, 2 AS b, 1 AS round, 1 AS seed, 0 AS winner, 0 AS cycles`)
	hill("bad/trigger.hill")
	sqlExec("bad/trigger.hill", `CREATE TRIGGER t AFTER INSERT ON bout BEGIN DELETE FROM program; END`)
	bad := sums(filepath.Join(work, "bad"))

	// Parts: a 100 MB header line; a header without its seed.
	big := append([]byte(`{"format":"robocom-tournament-part/1","programs":[`), bytes.Repeat([]byte(" "), 100<<20)...)
	os.WriteFile(filepath.Join(work, "bighead.jsonl"), append(big, "]}\n"...), 0o644)
	run("tournament", "-seed", "1", "-shard", "0/1", "-o", "whole.jsonl", "a.rob", "hive.rob")
	whole, _ := os.ReadFile(filepath.Join(work, "whole.jsonl"))
	os.WriteFile(filepath.Join(work, "noseed.jsonl"), bytes.Replace(whole, []byte(`"seed":1,"rounds"`), []byte(`"rounds"`), 1), 0o644)
	many := []string{"tournament", "-seed", "1", "-shard", "0/4", "-o", "many.jsonl"}
	for range 2049 {
		many = append(many, "a.rob")
	}

	return []attack{
		{name: "hill path ? # %41", args: []string{"hill", "show", "uri/h?x=1#frag%41 é.hill"}, status: 0, want: "Hive", check: same(filepath.Join(work, "uri"), uri)},
		{name: "hill show foreign SQLite", args: []string{"hill", "show", "foreign/notes.db"}, status: 1, want: "foreign/notes.db is not a hill: it has no hill table", check: same(filepath.Join(work, "foreign"), foreign)},
		{name: "hill add foreign SQLite", args: []string{"hill", "add", "foreign/notes.db", "a.rob"}, status: 1, want: "is not a hill", check: same(filepath.Join(work, "foreign"), foreign)},
		{name: "hill show empty file", args: []string{"hill", "show", "foreign/empty.hill"}, status: 1, want: "foreign/empty.hill is empty, not a hill", check: same(filepath.Join(work, "foreign"), foreign)},
		{name: "hill show read-only folder", args: []string{"hill", "show", "ro/h.hill"}, status: 0, want: "Hive", asNobody: true, check: same(filepath.Join(work, "ro"), ro)},
		{name: "hill play -shard read-only folder", args: []string{"hill", "play", "ro/h.hill", "-shard", "0/1"}, status: 0, want: `"format":"robocom-tournament-part/1"`, asNobody: true, check: same(filepath.Join(work, "ro"), ro)},
		{name: "hill add read-only", args: []string{"hill", "add", "ro/h.hill", "c.rob"}, status: 1, want: "robocom hill add: cannot write ro/h.hill: permission denied; make the file writable (chmod u+w), or copy it", asNobody: true, check: same(filepath.Join(work, "ro"), ro)},
		{name: "hill winner out of range", args: []string{"hill", "show", "bad/winner.hill"}, status: 1, want: "bad/winner.hill is not a hill: a round of programs #1 and #2 is damaged", check: same(filepath.Join(work, "bad"), bad)},
		{name: "hill rounds negative", args: []string{"hill", "show", "bad/rounds.hill"}, status: 1, want: "-rounds must be at least 1", check: same(filepath.Join(work, "bad"), bad)},
		{name: "hill text in a number", args: []string{"hill", "show", "bad/type.hill"}, status: 1, want: "program row #2 is damaged", check: same(filepath.Join(work, "bad"), bad)},
		{name: "hill 100 MB blob", args: []string{"hill", "play", "bad/blob.hill"}, status: 1, want: "program row #1 is damaged", check: same(filepath.Join(work, "bad"), bad)},
		{name: "hill view", args: []string{"hill", "show", "bad/view.hill"}, status: 1, want: "holds a view", check: same(filepath.Join(work, "bad"), bad)},
		{name: "hill trigger", args: []string{"hill", "add", "bad/trigger.hill", "c.rob"}, status: 1, want: "holds a trigger", check: same(filepath.Join(work, "bad"), bad)},
		{name: "part 100 MB header", args: []string{"merge", "bighead.jsonl"}, status: 1, want: "a line longer than"},
		{name: "part without seed", args: []string{"merge", "noseed.jsonl"}, status: 1, want: `the header has no "seed"`},
		{name: "tournament 2049 programs", args: many, status: 2, want: "at most 2048 programs"},
	}
}
