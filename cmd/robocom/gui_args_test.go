//go:build !nogui

package main

import (
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
		{append(names(5, ".cw"), "x.rob"), "at most 5 RoboCom programs"},
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
