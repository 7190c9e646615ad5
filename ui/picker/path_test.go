package picker

import (
	"strings"
	"testing"
)

// A typed path is resolved in the words of the window's Kind.
func TestResolveTypedSpeaksTheKind(t *testing.T) {
	var p State
	p.Setup(testRoots(), Kind{Accept: isRob, Exts: ".rob/.rbi", Either: ".rob or .rbi"})
	for _, c := range []struct {
		typed, loc string
		dir        bool
		err        string
	}{
		{typed: "sub", loc: "test:progs/sub", dir: true},
		{typed: "b.rob", loc: "test:progs/b.rob"},
		{typed: "test:/progs/sub/c.rob", loc: "test:progs/sub/c.rob"},
		{typed: "notes.txt", err: "test/progs/notes.txt is not a program: programs end in .rob or .rbi"},
		{typed: "nope.rob", err: "nope.rob: no such file or folder (test/progs/nope.rob)"},
		{typed: "  ", err: "type the path of a .rob or .rbi file, or of a folder, then Enter"},
		{typed: "/abs/x.rob", err: "/abs/x.rob: this window does not read programs from the disk"},
	} {
		loc, dir, err := resolveTyped(&p, c.typed)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%q: error %v, want %q", c.typed, err, c.err)
			}
			continue
		}
		if err != nil || loc != c.loc || dir != c.dir {
			t.Errorf("%q: %q dir %v err %v, want %q dir %v", c.typed, loc, dir, err, c.loc, c.dir)
		}
	}
}

// Add all here hands over the folder's program files once.
func TestAddAllOnce(t *testing.T) {
	var p State
	p.Setup(testRoots(), Kind{Accept: isRob, AddAll: true})
	p.all = p.Files() // as a click on Add all here does
	if got := p.AddAll(); len(got) != 2 {
		t.Fatalf("Add all gave %v, want the two programs of test:progs", got)
	}
	if got := p.AddAll(); got != nil {
		t.Fatalf("Add all gave %v a second time", got)
	}
}

// Whatever is typed, resolving it neither panics nor names a place outside the roots.
func FuzzResolveTyped(f *testing.F) {
	for _, s := range []string{"sub", "b.rob", "test:/progs/sub/c.rob", "notes.txt", "nope.rob", "  ", "/abs/x.rob", "~", "~/x", "none:x", "test:../..", "..", "a\x00b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, typed string) {
		var p State
		p.Setup(testRoots(), Kind{Accept: isRob, Either: ".rob or .rbi"})
		loc, _, err := resolveTyped(&p, typed)
		if err == nil && !strings.HasPrefix(loc, "test:") {
			t.Fatalf("%q resolved to %q, outside the roots", typed, loc)
		}
	})
}
