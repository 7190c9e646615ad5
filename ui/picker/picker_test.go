package picker

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func testRoots() []Root {
	files := fstest.MapFS{
		"progs/b.rob":       {Data: []byte("x")},
		"progs/A.rbi":       {Data: []byte("x")},
		"progs/notes.txt":   {Data: []byte("x")},
		"progs/.hidden.rob": {Data: []byte("x")},
		"progs/sub/c.rob":   {Data: []byte("x")},
		"progs/empty/x.txt": {Data: []byte("x")},
	}
	return []Root{{Name: "test", FS: files, Home: "/progs"}, {Name: "none"}}
}

func isRob(name string) bool {
	return strings.HasSuffix(name, ".rob") || strings.HasSuffix(name, ".rbi")
}

func TestBrowse(t *testing.T) {
	var p Browser
	p.Init(testRoots(), isRob, ".rob/.rbi")
	if got := p.Location(); got != "test:progs" {
		t.Errorf("starts in %q, want the first root's home test:progs", got)
	}
	// Folders first, then accepted files, case-insensitively sorted; hidden and other files left out.
	if got, want := p.Entries(), []string{"empty/", "sub/", "A.rbi", "b.rob"}; !slices.Equal(got, want) {
		t.Errorf("entries %v, want %v", got, want)
	}
	if got, want := p.Files(), []string{"test:progs/A.rbi", "test:progs/b.rob"}; !slices.Equal(got, want) {
		t.Errorf("files %v, want %v", got, want)
	}
	p.Open("test:/progs/empty/")
	if p.Entries(); p.Location() != "test:progs/empty" || p.Note != "No folders or .rob/.rbi files here." || p.Err != "" {
		t.Errorf("in %s: note %q, error %q", p.Location(), p.Note, p.Err)
	}
	p.Open("test:missing")
	if p.Entries(); !strings.HasPrefix(p.Err, "Cannot list test/missing: ") {
		t.Errorf("a missing folder says %q", p.Err)
	}
	p.Open("elsewhere:progs") // an unknown root changes nothing
	if p.Location() != "test:missing" {
		t.Errorf("an unknown root moved the picker to %s", p.Location())
	}
	p.Open("none:.")
	if p.Entries(); p.Err != "No programs are bundled with this build." {
		t.Errorf("a root without files says %q", p.Err)
	}
}

func TestRecentFolders(t *testing.T) {
	var p Browser
	p.Init(testRoots(), isRob, ".rob/.rbi")
	p.Restore("test:progs/sub", []string{"test:a", "test:b"})
	if p.Location() != "test:progs/sub" {
		t.Fatalf("restored to %s", p.Location())
	}
	for _, d := range []string{"c", "d", "e", "f", "a"} {
		p.Open("test:" + d)
		p.Remember()
	}
	want := []string{"test:a", "test:f", "test:e", "test:d", "test:c", "test:b"}
	if got := p.Recent(); !slices.Equal(got, want) {
		t.Errorf("recent %v, want %v (newest first, no repeats, six at most)", got, want)
	}
}
