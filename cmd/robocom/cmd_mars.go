package main

import (
	"os"

	"robocom/corewars/redcode"
)

// runMars is "robocom mars" (CLI.md): a drop-in for pMARS 0.9.2 with its
// options, output bytes and exit statuses.
func runMars(args []string) int {
	return redcode.RunPMARS(args, os.Stdin, os.Stdout, os.Stderr)
}
