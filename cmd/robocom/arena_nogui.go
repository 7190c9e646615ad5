//go:build nogui

package main

import (
	"fmt"
	"os"
)

// openArena in the nogui build: there is no window to open.
func openArena(args []string) int {
	fmt.Fprintln(os.Stderr, "robocom: this build has no window (built with -tags nogui).")
	fmt.Fprintln(os.Stderr, "Build without the nogui tag (make build) to get the arena window, or use a subcommand; robocom help lists them.")
	return 2
}
