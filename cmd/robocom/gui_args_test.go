//go:build !nogui

package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"
)

func names(n int, ext string) []string {
	var out []string
	for i := range n {
		out = append(out, fmt.Sprintf("p%d%s", i, ext))
	}
	return out
}

// The window takes as many programs as the mode they open in plays at once.
func TestWindowArgsLimits(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // "" = accepted
	}{
		{nil, ""},
		{names(5, ".rob"), ""},
		{names(6, ".rob"), "at most 5 RoboCom programs play at once; 6 were given"},
		{append(names(4, ".rob"), "x.rbi", "y.rbi"), "at most 5 RoboCom programs"},
		{names(8, ".cw"), ""},
		{append(append(names(3, ".red"), names(3, ".vna")...), names(2, ".cw")...), ""},
		{names(9, ".red"), "at most 8 Core War programs play at once in the window; 9 were given"},
		{append(names(5, ".cw"), "x.rob"), "p0.cw is a Corewars (.cw) program, not a RoboCom one; the window opens RoboCom programs (.rob, .rbi) or Core War programs (.red, .cw, .vna), not both"},
		{[]string{"a.rob", "b.red"}, "b.red is a Redcode (.red) program, not a RoboCom one"},
	} {
		err := windowArgsError(c.args)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%v: %v, want accepted", c.args, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}

// A window that cannot open says which displays were tried (Gio names only Wayland) and what
// to do instead; other window errors pass through unchanged.
func TestWindowError(t *testing.T) {
	wl := fmt.Errorf("wayland: wl_display_connect failed: no such file or directory")
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	tests := []struct {
		err  error
		env  map[string]string
		want []string
	}{
		{wl, map[string]string{"DISPLAY": ":99"}, []string{`X11 display ":99"`, "wl_display_connect failed", "xvfb-run", "robocom battle"}},
		{wl, nil, []string{"no display is set", "robocom help"}},
		{wl, map[string]string{"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, []string{`Wayland display "wayland-0" nor to the X11 display ":0"`}},
	}
	for _, tt := range tests {
		got := windowError(tt.err, env(tt.env))
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("env %v: message %q lacks %q", tt.env, got, w)
			}
		}
	}
	other := fmt.Errorf("x11: some other failure")
	if got := windowError(other, env(map[string]string{"DISPLAY": ":0"})); got != other.Error() {
		t.Errorf("another window error became %q", got)
	}
}

// robocom -seed N FILE... fixes the window's first seed; other flags are still refused.
func TestWindowFlags(t *testing.T) {
	for _, c := range []struct {
		args  []string
		files []string
		seed  int64
		err   string
	}{
		{[]string{"a.rob"}, []string{"a.rob"}, 0, ""},
		{[]string{"-seed", "17", "a.red", "b.red"}, []string{"a.red", "b.red"}, 17, ""},
		{[]string{"--seed=-4", "a.rob"}, []string{"a.rob"}, -4, ""},
		{[]string{"-seed", "x", "a.rob"}, nil, 0, `invalid value "x" for flag -seed`},
		{[]string{"-seed"}, nil, 0, "flag needs an argument: -seed"},
	} {
		files, seed, err := windowFlags(c.args)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("windowFlags(%q) = error %v, want %q", c.args, err, c.err)
			}
			continue
		}
		if err != nil || seed != c.seed || strings.Join(files, " ") != strings.Join(c.files, " ") {
			t.Errorf("windowFlags(%q) = %q, %d, %v; want %q, %d", c.args, files, seed, err, c.files, c.seed)
		}
	}
	for arg, want := range map[string]bool{"-seed": true, "--seed=3": true, "-s": false, "-seeds": false, "---seed": false, "-h": false} {
		if isWindowFlag(arg) != want {
			t.Errorf("isWindowFlag(%q) = %v", arg, !want)
		}
	}
}

// TestWindowFlagsHelp: robocom -seed 3 -h asks for the help (it said "flag: help requested"
// on standard error with status 2); openArena prints the usage for it.
func TestWindowFlagsHelp(t *testing.T) {
	if _, _, err := windowFlags([]string{"-seed", "3", "-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("windowFlags(-seed 3 -h) = %v, want flag.ErrHelp", err)
	}
}
