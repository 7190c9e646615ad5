// Command robocom-mars is `robocom mars` alone (CLI.md: a drop-in for pMARS 0.9.2, the same
// options, output bytes and exit statuses), for hills and scripts that start it once per
// battle: holding only the MARS, it starts in about a third of the headless robocom's time
// (RATIONALE.md, "Redcode speed"). Both run cli.Mars.
package main

import (
	"os"

	"robocom/cmd/internal/cli"
)

func main() { os.Exit(cli.Mars(os.Args[1:])) }
