package match

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// files serves sources from memory.
func files(m map[string]string) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		if src, ok := m[name]; ok {
			return []byte(src), nil
		}
		return nil, &os.PathError{Op: "open", Path: name, Err: os.ErrNotExist}
	}
}

var srcs = files(map[string]string{
	"a.cw": "l: jump l", "b.cw": "l: jump m", "c.CW": "x: move x, y\ny: data 0",
	"a.vna": "JUMP 0", "b.vna": "JUMP foo(1)",
	"a.red": ";name A\nJMP 0\n", "b.red": "FOO 1\n",
})

func TestDefaults(t *testing.T) {
	for _, c := range []struct {
		file string
		want Settings
	}{
		{"a.cw", Settings{CW, 10000, 100000, 64, 1, ""}},
		{"a.vna", Settings{VNA, 200, 100000, 4, 1, ""}},
		{"a.red", Settings{Redcode, 8000, 80000, 8000, 1, "94"}},
	} {
		m, err := Load([]string{c.file, c.file}, Options{}, srcs)
		if err != nil {
			t.Fatal(err)
		}
		if m.Settings != c.want {
			t.Errorf("%s: %+v, want %+v", c.file, m.Settings, c.want)
		}
		g, err := m.Game(1)
		if err != nil || g.Processes() != 2 || g.Size() != c.want.Size {
			t.Errorf("%s: game %v, %v", c.file, g, err)
		}
	}
	m, err := Load([]string{"a.cw", "c.CW"}, Options{Size: 500, Cycles: 9, Threads: 3, Copies: 4}, srcs)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Settings{CW, 500, 9, 3, 4, ""}); m.Settings != want {
		t.Errorf("%+v, want %+v", m.Settings, want)
	}
	if g, _ := m.Game(1); g.Processes() != 8 {
		t.Errorf("%d processes, want 8", g.Processes())
	}
}

func TestLoadErrors(t *testing.T) {
	var opt *OptionError
	for _, c := range []struct {
		files []string
		opt   Options
		want  string
	}{
		{nil, Options{}, "no program given"},
		{[]string{"a.cw", "a.vna"}, Options{}, "different languages"},
		{[]string{"a.txt"}, Options{}, `unknown language ".txt"`},
		{[]string{"a.vna"}, Options{Copies: 2}, "copies are for .cw programs"},
		{[]string{"a.red"}, Options{Dialect: "86"}, "'86 dialect is not supported"},
		{[]string{"a.cw"}, Options{Dialect: "88"}, "a dialect is for Redcode"},
		{[]string{"a.cw"}, Options{Size: -1}, "must not be negative"},
	} {
		_, err := Load(c.files, c.opt, srcs)
		if !errors.As(err, &opt) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %+v: %v, want an OptionError with %q", c.files, c.opt, err, c.want)
		}
	}
	// Every file is tried; all their errors come back together.
	var le *LoadError
	_, err := Load([]string{"b.cw", "missing.cw", "a.cw"}, Options{}, srcs)
	if !errors.As(err, &le) || len(le.Messages) != 2 || le.Messages[0] != `b.cw:1:9: undefined label "m"` || le.Messages[1] != "cannot read missing.cw: file does not exist" {
		t.Errorf("%#v", err)
	}
	_, err = Load([]string{"b.vna"}, Options{}, srcs)
	if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), "b.vna:1:6: unknown function") {
		t.Errorf("%v", err)
	}
	_, err = Load([]string{"b.red", "a.red"}, Options{}, srcs)
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "b.red:1: error: ") {
		t.Errorf("%v", err)
	}
}
