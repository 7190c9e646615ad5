//go:build !nogui

package main

import (
	"fmt"
	"os"
)

// openArena opens the arena window. Until the window exists it says so.
func openArena(args []string) int {
	fmt.Fprintln(os.Stderr, "robocom: the arena window is not built yet in this version; use a subcommand (robocom help).")
	return 2
}
