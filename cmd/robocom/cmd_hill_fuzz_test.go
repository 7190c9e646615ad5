package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzHillImport feeds arbitrary part files to hill import: a sentence and exit status 1 for
// anything that is not a part of the hill, never a panic or a hang.
func FuzzHillImport(f *testing.F) {
	dir := f.TempDir()
	h := filepath.Join(dir, "f.hill")
	for _, args := range [][]string{
		{"create", h, "-game", "robocom", "-rounds", "2", "-seed", "1"},
		{"add", "-noplay", h, hillRobots[0], hillRobots[1], hillRobots[2]},
	} {
		var out, errb bytes.Buffer
		if code := hillMain(args, &out, &errb); code != 0 {
			f.Fatalf("hill %v: %s", args, errb.String())
		}
	}
	for _, spec := range []string{"0/1", "0/2", "1/2"} {
		var out, errb bytes.Buffer
		if code := hillMain([]string{"play", h, "-shard", spec}, &out, &errb); code != 0 {
			f.Fatalf("hill play -shard %s: %s", spec, errb.String())
		}
		f.Add(out.Bytes())
		f.Add(bytes.Replace(out.Bytes(), []byte(`"winner":`), []byte(`"winner":7`), 1))
		if i := bytes.IndexByte(out.Bytes(), '\n'); i > 0 {
			f.Add(out.Bytes()[:i+1])
		}
	}
	f.Add([]byte(""))
	f.Add([]byte("{}\n"))
	f.Add([]byte(`{"format":"robocom-tournament-part/1","game":"robocom","shards":1,"programs":[],"pairings":[{"a":0,"b":5,"seed":1}]}` + "\n"))
	// A plan of nothing, as hill play -shard writes when every pairing is stored; and one
	// that also names programs (the part of a hill that has some).
	f.Add([]byte(`{"format":"robocom-tournament-part/1","game":"robocom","shard":0,"shards":1,"from":0,"to":0,"bouts":0,"seed":1,"rounds":2,"options":{},"programs":[],"pairings":[]}` + "\n"))
	f.Add([]byte(`{"format":"robocom-tournament-part/1","game":"robocom","shard":0,"shards":2,"from":0,"to":0,"bouts":0,"seed":1,"rounds":2,"options":{},"programs":[{"name":"A","sha256":"00"}],"pairings":[]}` + "\n"))
	part := filepath.Join(dir, "part.jsonl")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(part, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := hillMain([]string{"import", h, part}, &out, &errb)
		if code != 0 && code != 1 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		if code == 1 && (errb.Len() == 0 || strings.Contains(errb.String(), "panic")) {
			t.Fatalf("a refusal without a sentence: %q", errb.String())
		}
	})
}
