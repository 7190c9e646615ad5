// Command robocom is RoboCom Arena: with no subcommand it opens the arena window; the
// subcommands run battles, tournaments, checks and the Core War MARS headless.
// See ../shared/spec/CLI.md (the public contract) and README.md.
package main

import (
	"fmt"
	"os"
	"sort"
	"strings"
)

// A command runs one subcommand with its arguments and returns the exit status:
// 0 success, 1 failure of the job (a program that does not load, ...), 2 bad usage.
type command struct {
	run     func(args []string) int
	summary string
}

// commands are the subcommands; each lives in its own file.
var commands = map[string]command{
	"battle":     {runBattle, "run 1 to 5 RoboCom programs headless"},
	"tournament": {runTournament, "play every pairing of RoboCom programs, print a ranking"},
	"hill":       {runHill, "a standing set of programs in a file: add challengers, keep every result"},
	"check":      {runCheck, "load programs and report every load error"},
	"rbi":        {runRBI, "save a program as RBI, or show an RBI file's header"},
	"core":       {runCore, "a Core War battle in Redcode, .cw or VNA code"},
	"mars":       {runMars, "a drop-in for pMARS 0.9.2"},
	"merge":      {runMerge, "the result of a tournament played in parts (tournament -shard)"},
}

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "help", "-h", "-help", "--help":
			usage(os.Stdout)
			return 0
		}
		if c, ok := commands[args[0]]; ok {
			return c.run(args[1:])
		}
		if strings.HasPrefix(args[0], "-") {
			fmt.Fprintf(os.Stderr, "robocom: unknown flag %s\n", args[0])
			usage(os.Stderr)
			return 2
		}
	}
	// No subcommand: the arguments are program files for the window.
	return openArena(args)
}

func usage(f *os.File) {
	fmt.Fprintln(f, "usage: robocom [FILE.rob|FILE.rbi ...]   open the arena window")
	fmt.Fprintln(f, "       robocom COMMAND [options] ...")
	fmt.Fprintln(f, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(f, "  %-11s %s\n", n, commands[n].summary)
	}
}

// notBuilt is what a subcommand says until it exists: plainly, with exit status 2.
func notBuilt(name string) int {
	fmt.Fprintf(os.Stderr, "robocom %s: not built yet in this version\n", name)
	return 2
}
