// Command robocom is RoboCom Arena: with no subcommand it opens the arena window; the
// subcommands run battles, tournaments, checks and the Core War MARS headless.
// See ../shared/spec/CLI.md (the public contract) and README.md.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"robocom/cmd/internal/cli"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
)

// A command runs one subcommand with its arguments and returns the exit status:
// 0 success, 1 failure of the job (a program that does not load, ...), 2 bad usage.
type command struct {
	main    func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	summary string
}

// commands are the subcommands; each lives in its own file.
var commands = map[string]command{
	"battle": {func(a []string, _ io.Reader, o, e io.Writer) int { return battleMain(a, o, e) },
		"run 1 to 5 RoboCom programs headless"},
	"tournament": {func(a []string, _ io.Reader, o, e io.Writer) int { return tournamentMain(a, o, e) },
		"play every pairing of RoboCom or Core War programs, print a ranking"},
	"hill": {func(a []string, _ io.Reader, o, e io.Writer) int { return hillMain(a, o, e) },
		"a standing set of programs in a file: add challengers, keep every result"},
	"check": {func(a []string, _ io.Reader, o, e io.Writer) int { return checkMain(a, o, e) },
		"load programs and report every load error"},
	"rbi": {func(a []string, _ io.Reader, o, e io.Writer) int { return rbiMain(o, e, a) },
		"save a program as RBI, or show an RBI file's header"},
	"core": {func(a []string, _ io.Reader, o, e io.Writer) int { return coreMain(a, o, e) },
		"a Core War battle in Redcode, .cw or VNA code"},
	"mars": {cli.MarsMain, "a drop-in for pMARS 0.9.2"},
	"merge": {func(a []string, _ io.Reader, o, e io.Writer) int { return mergeMain(a, o, e) },
		"the result of a tournament played in parts (tournament -shard)"},
}

func main() {
	os.Exit(run(os.Args[1:]))
}

// run is robocom with the process's standard streams. Standard output goes through a writer
// that remembers a failed write (a full disk, > /dev/full): then the command fails with a
// message and status 1 instead of exiting 0 with its output lost. Both streams escape the
// control characters in what they print (termtext), so a program's name or a file name can
// never drive the user's terminal; mars prints what pMARS prints, byte for byte.
func run(args []string) int {
	if len(args) > 0 && args[0] == "mars" {
		return cli.Mars(args[1:])
	}
	out := &cli.CheckedWriter{W: os.Stdout}
	stdout := &termtext.Writer{W: out}
	status := robocomMain(args, os.Stdin, stdout, escapedStderr)
	stdout.Flush()
	escapedStderr.Flush()
	return out.Status(status, os.Stderr)
}

// escapedStderr is the process's standard error, escaped (see run); the window's launch writes to
// it too.
var escapedStderr = &termtext.Writer{W: os.Stderr}

// robocomMain is robocom ARGS with the given streams; it opens the window when no
// subcommand is named (the fuzz test never gets there: it always names one).
func robocomMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if args[0] == "help" && len(args) > 1 {
			return helpFor(args[1], args[2:], stdout, stderr)
		}
		if args[0] == "help" || isHelpFlag(args[0]) {
			usage(stdout)
			return 0
		}
		if c, ok := commands[args[0]]; ok {
			return c.main(args[1:], stdin, stdout, stderr)
		}
		if !isWindowFlag(args[0]) {
			if strings.HasPrefix(args[0], "-") {
				fmt.Fprintf(stderr, "robocom: unknown flag %s\n", args[0])
				usage(stderr)
				return 2
			}
			if msg := notACommand(args[0]); msg != "" {
				fmt.Fprintf(stderr, "robocom: %s\n", msg)
				return 2
			}
		}
	}
	// No subcommand: the arguments are program files for the window.
	return openArena(args)
}

// hillCommands are robocom hill's subcommands, in the order of its usage text.
var hillCommands = []string{"create", "add", "remove", "show", "play", "import"}

// helpFor is "robocom help COMMAND": the command's own help, on standard output; "robocom
// help hill SUBCOMMAND" is that hill command's. More words than that are a usage mistake
// (status 2) naming them, as every command refuses arguments it does not take: help printed
// after words it ignored would look like their answer.
func helpFor(name string, extra []string, stdout, stderr io.Writer) int {
	_, ok := commands[name]
	if !ok && name != "help" {
		// One line, as robocom bogus says it, not the whole usage after it.
		fmt.Fprintf(stderr, "robocom help: %s is not a command", termtext.Escape(name))
		if near := nearestCommand(name); near != "" {
			fmt.Fprintf(stderr, "; did you mean %s?", near)
		} else {
			fmt.Fprint(stderr, ".")
		}
		fmt.Fprintln(stderr, " Run robocom help for the commands.")
		return 2
	}
	if name == "hill" && len(extra) > 0 && slices.Contains(hillCommands, extra[0]) {
		if len(extra) == 1 {
			return hillMain([]string{extra[0], "-h"}, stdout, stdout)
		}
		name, extra = "hill "+extra[0], extra[1:]
	}
	if len(extra) > 0 {
		what := "one command"
		if name == "hill" {
			what = "one command, and for hill one of its commands (" + strings.Join(hillCommands, ", ") + ")"
		}
		fmt.Fprintf(stderr, "robocom help: %q after %s is not understood; help takes %s\nrun 'robocom help %s' for its options\n",
			strings.Join(extra, " "), name, what, name) // (%q: quoted, its controls escaped)
		return 2
	}
	if name == "help" { // "robocom help help": the general help, which says how help works
		usage(stdout)
		return 0
	}
	c := commands[name]
	if name == "mars" { // pMARS's -h is a usage error; the help itself is its usage text
		fmt.Fprint(stdout, marsUsage())
		return 0
	}
	if name == "hill" { // the overview, then each subcommand's options
		hillMain([]string{"-h"}, stdout, stdout)
		for _, sub := range hillCommands {
			var b bytes.Buffer
			if hillMain([]string{sub, "-h"}, &b, &b) == 0 {
				fmt.Fprintf(stdout, "\n%s", b.Bytes())
			}
		}
		return 0
	}
	return c.main([]string{"-h"}, strings.NewReader(""), stdout, stdout)
}

// notACommand says why the first argument is neither a command nor a program file: a word
// that names no file, is no program file name, and is not a command is most likely a typo of
// one ("robocom batle a.rob"). It returns "" when the argument may be a program for the window.
func notACommand(arg string) string {
	if _, err := os.Stat(arg); !errors.Is(err, fs.ErrNotExist) {
		return "" // a file (or something the window will explain)
	}
	switch strings.ToLower(filepath.Ext(arg)) {
	case ".rob", ".rbi", ".red", ".cw", ".vna":
		return "" // a program file name: the window says it is missing
	}
	msg := fmt.Sprintf("%s is not a command (and no such file)", termtext.Escape(userfile.Excerpt(arg, 60)))
	if near := nearestCommand(arg); near != "" {
		return msg + fmt.Sprintf("; did you mean %s? Run robocom help for the commands.", near)
	}
	return msg + ". Run robocom help for the commands."
}

// nearestCommand is the command within two edits of s (a typo), or "".
func nearestCommand(s string) string {
	if len(s) > 20 {
		return ""
	}
	best, bestD := "", 3
	for name := range commands {
		if d := editDistance(strings.ToLower(s), name); d < bestD || d == bestD && name < best {
			best, bestD = name, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance (insertions, deletions, substitutions).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func usage(f io.Writer) {
	fmt.Fprintln(f, "usage: robocom [-seed N] [FILE ...]      open the arena window (-seed: the first round's seed)")
	fmt.Fprintln(f, "       robocom COMMAND [options] ...")
	fmt.Fprintln(f, "       robocom help COMMAND             a command's options")
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

// isHelpFlag tells whether arg asks for help in any form the flag package takes: -h, --h,
// -help, --help, with or without "=value".
func isHelpFlag(arg string) bool {
	name, _, ok := flagName(arg)
	return ok && (name == "h" || name == "help")
}

// isWindowFlag tells whether arg is one of the window's own flags (robocom -seed N FILE...),
// which the window build parses (windowFlags).
func isWindowFlag(arg string) bool {
	name, _, _ := strings.Cut(arg, "=")
	return name == "-seed" || name == "--seed"
}
