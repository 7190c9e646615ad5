//go:build !nogui && (linux || freebsd)

package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFallbackRuntimeDir(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		name string
		env  func(string) string
		want string // "" when none is needed
	}{
		{"a session's own runtime directory", env("XDG_RUNTIME_DIR", "/run/user/1000", "USER", "ann"), ""},
		{"a Wayland display asked for", env("WAYLAND_DISPLAY", "wayland-0", "USER", "ann"), ""},
		{"a Wayland socket handed over", env("WAYLAND_SOCKET", "3", "USER", "ann"), ""},
		{"none at all (ssh -X, Xvfb)", env("USER", "ann"), "/tmp/runtime-ann"},
		{"an empty one, as bad as none to libwayland", env("XDG_RUNTIME_DIR", "", "USER", "ann"), "/tmp/runtime-ann"},
		{"a relative one, refused by libwayland", env("XDG_RUNTIME_DIR", "run", "USER", "ann"), "/tmp/runtime-ann"},
		{"no user name", env(), "/tmp/runtime-1000"},
		{"a user name that is not a file name", env("USER", "a/b"), "/tmp/runtime-1000"},
	} {
		got, ok := fallbackRuntimeDir(c.env, "/tmp", 1000)
		if ok != (c.want != "") || got != c.want {
			t.Errorf("%s: %q, %v; want %q", c.name, got, ok, c.want)
		}
	}
}

func TestPrivateDir(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "runtime-me")
	if err := privateDir(dir, os.Getuid()); err != nil {
		t.Fatalf("a new directory: %v", err)
	}
	if st, err := os.Stat(dir); err != nil || st.Mode().Perm() != 0o700 {
		t.Fatalf("made %v (%v), want a 0700 directory", st.Mode(), err)
	}
	if err := privateDir(dir, os.Getuid()); err != nil {
		t.Fatalf("the same directory again: %v", err)
	}
	if err := privateDir(dir, os.Getuid()+1); err == nil {
		t.Error("accepted a directory owned by another user")
	}
	open := filepath.Join(base, "runtime-open")
	os.Mkdir(open, 0o755)
	os.Chmod(open, 0o755)
	if err := privateDir(open, os.Getuid()); err == nil {
		t.Error("accepted a directory others can read")
	}
	link := filepath.Join(base, "runtime-link")
	os.Symlink(dir, link)
	if err := privateDir(link, os.Getuid()); err == nil {
		t.Error("accepted a symbolic link")
	}
	file := filepath.Join(base, "runtime-file")
	os.WriteFile(file, nil, 0o600)
	if err := privateDir(file, os.Getuid()); err == nil {
		t.Error("accepted a file")
	}
}
