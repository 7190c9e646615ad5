package main

import (
	"os"
	"os/signal"

	"robocom/corewars/redcode/pmars"
)

// runMars is "robocom mars" (CLI.md): a drop-in for pMARS 0.9.2 with its
// options, output bytes and exit statuses. Interrupted (Ctrl-C, SIGINT), it stops with
// pMARS's status 4 (PMARS-DETAILS 13.3) and prints no result.
func runMars(args []string) int {
	interrupted := make(chan os.Signal, 1)
	signal.Notify(interrupted, os.Interrupt)
	defer signal.Stop(interrupted)
	done := make(chan int, 1)
	go func() { done <- pmars.Run(args, os.Stdin, os.Stdout, os.Stderr) }()
	select {
	case status := <-done:
		return status
	case <-interrupted:
		return 4
	}
}
