package main

// Helpers shared by the subcommands: flags that may stand between the program files, the
// option set from -options/-opt, -place, seeds, program loading (RoboCom and Core War) and
// the messages of usage and load errors.

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"robocom/arena"
	"robocom/cmd/internal/cli"
	"robocom/corewars/play"
	"robocom/internal/srcerr"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
	"robocom/robolang"
)

// listFlag collects a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// flagSetParsed, when a test sets it, is told each flag set a command parses: the help test
// checks that robocom help CMD lists every flag of them.
var flagSetParsed func(*flag.FlagSet)

// parseInterspersed parses flags that may appear before, between or after the positional
// arguments (robocom battle a.rob -seed 3 b.rob), returning the positional ones. "--" ends
// the flags. -h, in every form the flag package knows and wherever it stands as a flag (not
// as a flag's value: "-o -h" names a file), prints the command's usage (fs.Usage, which
// writes to fs.Output()) on stdout and returns flag.ErrHelp: help asked for is the output
// asked for, so "| less" shows it. A wrong flag is reported as every other usage mistake is
// (usageError: the one wrong thing and where the options are), where the flag package would
// print its message and then the whole option list.
func parseInterspersed(fs *flag.FlagSet, args []string, stdout io.Writer) ([]string, error) {
	if flagSetParsed != nil {
		flagSetParsed(fs)
	}
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	failed := func(err error) error {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout) // where the usage closures write (fs.Output()); put back by the defer
			if usage != nil {
				usage()
			} else {
				fs.PrintDefaults()
			}
			return err
		}
		usageError(out, fs.Name())("%s", err)
		return err
	}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, failed(err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		// The flag package takes a "--" among the flags itself: what follows it is all
		// positional, not only its first argument ("robocom battle -- -a.rob -b.rob" read
		// -b.rob as a flag, and "robocom rbi -- -x.rob -o y" wrote y).
		if endedByDashes(fs, args[:len(args)-len(rest)]) {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// endedByDashes reports whether the flags fs.Parse read (read, the arguments it consumed)
// ended with "--" rather than with a flag's value that is "--" (-o --).
func endedByDashes(fs *flag.FlagSet, read []string) bool {
	for i := 0; i < len(read); i++ {
		a := read[i]
		if a == "--" {
			return i == len(read)-1
		}
		if takesValue(fs, a) {
			i++ // its value
		}
	}
	return false
}

// givenFlags are the names of the flags fs parsed from the arguments (given, even if to
// their default or to ""), as the flag package's Visit sees them.
func givenFlags(fs *flag.FlagSet) map[string]bool {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	return given
}

// flagName is the name of the flag that argument a gives, as the flag package reads it
// ("-o", "--o" and "-o=x" give "o"; inline says the value came after "="); ok is false for
// an argument that is no flag ("x.rob", "-", "--").
func flagName(a string) (name string, inline, ok bool) {
	if len(a) < 2 || a[0] != '-' || a == "--" {
		return "", false, false
	}
	name, _, inline = strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
	return name, inline, name != ""
}

// takesValue reports whether the argument a is one of fs's flags that takes the next
// argument as its value (-o FILE, not -q, -o=FILE or a flag fs does not have).
func takesValue(fs *flag.FlagSet, a string) bool {
	name, inline, ok := flagName(a)
	if !ok || inline {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// flagArgs splits a command's arguments as parseInterspersed reads them, before parsing:
// the flags before a "--" (a value of one of sets' flags goes with its flag, whatever it
// looks like: "-o -s" names a file) and the other arguments.
func flagArgs(args []string, sets ...*flag.FlagSet) (flags, rest []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flags, append(rest, args[i+1:]...)
		}
		if _, _, ok := flagName(a); !ok {
			rest = append(rest, a)
			continue
		}
		flags = append(flags, a)
		for _, fs := range sets {
			if takesValue(fs, a) {
				i++ // its value
				break
			}
		}
	}
	return flags, rest
}

// gameFlags are the battle options shared by battle and tournament.
type gameFlags struct {
	seed    int64
	seedSet bool
	rounds  int
	options optionSetFlag
	opts    listFlag
	places  listFlag
	json    bool
	quiet   bool
}

// register registers the rules (registerRules) and the output flags -json and -q, for the
// commands that play and print a result.
func (f *gameFlags) register(fs *flag.FlagSet, defaultRounds int, withPlace bool) {
	f.registerRules(fs, defaultRounds, withPlace)
	fs.BoolVar(&f.json, "json", false, "print the result as JSON")
	fs.BoolVar(&f.quiet, "q", false, "no progress line on a terminal")
}

// registerRules registers only the flags that say what is played (-seed, -rounds, -options,
// -opt, and -place if withPlace): a command that stores them and prints no result (hill
// create) must not offer -json and -q, which it would ignore.
func (f *gameFlags) registerRules(fs *flag.FlagSet, defaultRounds int, withPlace bool) {
	seedFlag(fs, "seed of round 1 (round k uses seed+k-1); default random, always printed", &f.seed, &f.seedSet)
	fs.IntVar(&f.rounds, "rounds", defaultRounds, "rounds a pairing") // battle: "rounds to play"
	f.options = "classic"
	fs.Var(&f.options, "options", "option set `SET`: classic, rc3, rc3m, or a saved set FILE")
	fs.Var(&f.opts, "opt", "override one rule value, KEY=VALUE (repeatable); keys: "+strings.Join(arena.Keys(), ", "))
	if withPlace {
		fs.Var(&f.places, "place", "X,Y,DIR: fix the first robot of the next program in order (repeatable)")
	}
}

// optionSet builds the option set from -options and -opt.
func (f *gameFlags) optionSet() (*arena.Options, error) {
	o, err := arena.ResolveOptions(string(f.options))
	if err != nil {
		return nil, err
	}
	for _, kv := range f.opts {
		if err := o.SetPair(kv); err != nil {
			return nil, fmt.Errorf("-opt %s: %v", kv, err)
		}
	}
	return o, nil
}

// language is what the loader accepts under the option set o: the RC3 forms only when its
// instructions are rc3 (RC3.md 2); a refusal names the set.
func language(o *arena.Options) robolang.Options {
	return robolang.Options{RC3: o.RC3, Set: o.Name}
}

// langFlags are -rc3 and -options of the commands that load a program without playing it
// (check, rbi): the language it is read in.
type langFlags struct {
	rc3 bool
	set optionSetFlag // "": not given
}

func (f *langFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.rc3, "rc3", false, "accept the RC3 instructions and constants")
	fs.Var(&f.set, "options", "read the program in the language of option set `SET`: classic, rc3, rc3m, or a saved set file")
}

// optionSetFlag is -options of every command that takes it (gameFlags, langFlags): a
// built-in set's name or a saved set's file. An empty value is refused when parsed, as an
// output flag's is: CLI.md names no empty set, and "" read as classic without a word (a
// script's unset variable, -options "$SET", played the classic rules).
type optionSetFlag string

func (o *optionSetFlag) Set(s string) error {
	return setNonEmpty(o, s, "needs an option set: classic, rc3, rc3m or a saved set's file (leave -options out for classic)")
}

func (o *optionSetFlag) String() string { return flagText(o) }

// language is the loader's language: classic unless -rc3, or an option set whose
// instructions are rc3.
func (f *langFlags) language() (robolang.Options, error) {
	lang := robolang.Options{RC3: f.rc3}
	if f.set != "" {
		o, err := arena.ResolveOptions(string(f.set))
		if err != nil {
			return lang, err
		}
		lang = language(o)
		lang.RC3 = lang.RC3 || f.rc3
	}
	return lang, nil
}

// placements parses the -place flags.
func (f *gameFlags) placements(programs int) ([]arena.Placement, error) {
	if len(f.places) > programs {
		return nil, fmt.Errorf("%d -place flags for %d programs", len(f.places), programs)
	}
	var out []arena.Placement
	for _, s := range f.places {
		parts := strings.Split(s, ",")
		if len(parts) != 3 {
			return nil, fmt.Errorf("-place %q: expected X,Y,DIR (for example 3,5,N)", s)
		}
		x, err1 := strconv.Atoi(strings.TrimSpace(parts[0]))
		y, err2 := strconv.Atoi(strings.TrimSpace(parts[1]))
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("-place %q: X and Y must be whole numbers", s)
		}
		d, err := arena.ParseDir(strings.TrimSpace(parts[2]))
		if err != nil {
			return nil, fmt.Errorf("-place %q: %v", s, err)
		}
		out = append(out, arena.Placement{Fixed: true, X: x, Y: y, Dir: d})
	}
	return out, nil
}

// seedFlag defines -seed on fs, the seed of round 1 in every command and the window: seed
// takes its value and set whether it was given.
func seedFlag(fs *flag.FlagSet, usage string, seed *int64, set *bool) {
	fs.Func("seed", usage, func(s string) error {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("-seed needs a whole number, not %q", s)
		}
		*seed, *set = n, true
		return nil
	})
}

// resolveSeed returns -seed, or a fresh random seed.
func (f *gameFlags) resolveSeed() int64 {
	if f.seedSet {
		return f.seed
	}
	return randomSeed()
}

// randomSeed is the seed of a command run without -seed: small and positive, easy to retype
// (every command prints the seed it played).
func randomSeed() int64 {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 1
	}
	return int64(binary.LittleEndian.Uint32(b[:]) >> 1)
}

// loadPrograms loads every file in the language lang (classic if none is given; see
// language), printing all load errors (file:line:col: message) to stderr. It reports false if
// any program failed.
func loadPrograms(stderr io.Writer, paths []string, lang ...robolang.Options) ([]*robolang.Program, bool) {
	var progs []*robolang.Program
	ok := true
	var opt robolang.Options
	if len(lang) > 0 {
		opt = lang[0]
	}
	for _, path := range paths {
		p, err := robolang.LoadFile(path, opt)
		if err != nil {
			ok = false
			printLoadErrors(stderr, err)
			continue
		}
		progs = append(progs, p)
	}
	return progs, ok
}

// printUnreadable prints the sentence of each program argument that names nothing to read
// ("file: why", as loadPrograms prints a missing program's: not a usage mistake) and returns
// 1, the status of a program that does not load.
func printUnreadable(stderr io.Writer, errs []error) int {
	for _, err := range errs {
		printLoadErrors(stderr, err)
	}
	return 1
}

// loadCorePrograms loads every Core War program file with the parameters p, printing all
// the errors (the file's own as "file: why", as a RoboCom program's, the program's as
// file:line:col: message) and the assembler's warnings to stderr. It reports false
// if any program failed: a battle or tournament starts only when every program loads.
func loadCorePrograms(stderr io.Writer, files []string, p play.Params) ([]*play.Program, bool) {
	var progs []*play.Program
	ok := true
	for _, file := range files {
		src, err := userfile.Read(file, userfile.CoreSource)
		if err != nil { // "file: why", as a RoboCom program's (robocom battle, check)
			printLoadErrors(stderr, err)
			ok = false
			continue
		}
		prog, err := play.Load(file, src, p)
		if err != nil {
			printLoadErrors(stderr, err)
			ok = false
			continue
		}
		printWarnings(stderr, prog.Warnings.Err())
		progs = append(progs, prog)
	}
	return progs, ok
}

// usageError returns the reporter of a usage mistake in subcommand cmd: the one wrong thing
// and where the options are (the full option list would bury it); it returns exit status 2.
func usageError(stderr io.Writer, cmd string) func(format string, a ...any) int {
	return func(format string, a ...any) int {
		fmt.Fprintf(stderr, "robocom "+cmd+": "+format+"\n", escapeArgs(a)...)
		fmt.Fprintf(stderr, "run 'robocom %s -h' for the options\n", cmd)
		return 2
	}
}

// outputFlag is a flag naming a file to write. "-" is standard output, as "-" is standard
// input for the programs read (robocom mars -); an empty name is refused when the flag is
// parsed, where it would otherwise read as "not given" and the output go elsewhere or
// nowhere without a word.
type outputFlag string

func (o *outputFlag) Set(s string) error {
	return setNonEmpty(o, s, "needs a file name (- for standard output)")
}

func (o *outputFlag) String() string { return flagText(o) }

// setNonEmpty is the Set of a string flag that refuses an empty value with the sentence
// need: read as "not given", "" would send the work elsewhere without a word.
func setNonEmpty[T ~string](dst *T, s, need string) error {
	if s == "" {
		return errors.New(need)
	}
	*dst = T(s)
	return nil
}

// flagText is the String of such a flag (the flag package calls it on a nil one too).
func flagText[T ~string](p *T) string {
	if p == nil {
		return ""
	}
	return string(*p)
}

// toStdout tells whether the output is standard output.
func (o outputFlag) toStdout() bool { return o == "-" }

// file is the file named, "" for standard output or when the flag was not given.
func (o outputFlag) file() string {
	if o.toStdout() {
		return ""
	}
	return string(o)
}

// checkOutputPath refuses an output file (a trace, an RBI file) that would replace an input:
// one of the inputs itself, or an existing program file (.rob, .rbi, .red, .cw, .vna; keep
// lists extensions that may be replaced, such as .rbi for robocom rbi). "battle -trace a.rob
// b.rob", a slip for "-trace t.jsonl a.rob b.rob", would otherwise overwrite a.rob. example
// is a name the message suggests instead ("trace.jsonl").
func checkOutputPath(flagName, example, path string, inputs []string, keep ...string) error {
	st, err := os.Stat(path)
	if err != nil {
		return nil // a new file (an unwritable place is reported when it is created)
	}
	for _, in := range inputs {
		if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) {
			return fmt.Errorf("%s %s names one of the input files; writing it would destroy that file. Name a new file (for example %s)", flagName, termtext.Escape(path), example)
		}
	}
	ext := strings.ToLower(filepath.Ext(path))
	if slices.Contains(keep, ext) {
		return nil
	}
	switch ext {
	case ".rob", ".rbi", ".red", ".cw", ".vna":
		if st.Mode().IsRegular() {
			return fmt.Errorf("%s %s is an existing program file; writing it would replace the program. Name a new file (for example %s), or delete %s first", flagName, termtext.Escape(path), example, termtext.Escape(path))
		}
	}
	return nil
}

// printLoadErrors prints the errors of a program that does not load, one a line: each entry of
// a srcerr.List as "file:line:col: message" with its file name and message escaped (the
// stream keeps newlines for the lines it lays out, so a newline in a file name would start a
// line of its own and could fake one), any other error as one escaped sentence.
func printLoadErrors(w io.Writer, err error) {
	var list srcerr.List
	if !errors.As(err, &list) {
		fmt.Fprintln(w, errText(err))
		return
	}
	for _, e := range list {
		fmt.Fprintln(w, e.Escaped(""))
	}
}

// printWarnings prints the assembler's warnings of a program that loads (play.Program.Warnings,
// hill.AddResult.Warnings), one a line, as printLoadErrors prints errors but marked:
// "file:line: warning: message", or "file: warning: message" for one about the whole file.
// The program is played all the same; the user (a KOTH player adding a warrior) is told, as
// pMARS tells.
func printWarnings(w io.Writer, warnings error) {
	if warnings == nil {
		return
	}
	var list srcerr.List
	if !errors.As(warnings, &list) {
		fmt.Fprintf(w, "warning: %s\n", errText(warnings))
		return
	}
	for _, e := range list {
		fmt.Fprintln(w, e.Escaped("warning: "))
	}
}

// escapeArgs escapes the strings and errors among a, a message's arguments: a message is one
// line, and a file name or a user's word in it must not break it (termtext.Writer keeps
// newlines, which the program's own layout needs).
func escapeArgs(a []any) []any {
	out := make([]any, len(a))
	for i, v := range a {
		switch v := v.(type) {
		case string:
			out[i] = termtext.Escape(v)
		case error:
			out[i] = termtext.Escape(v.Error())
		default:
			out[i] = v
		}
	}
	return out
}

// errText is err's sentence for a terminal, escaped (see escapeArgs).
func errText(err error) string { return termtext.Escape(err.Error()) }

// failed prints "PREFIX: err" and returns status 1, except for a failed write to standard
// output, which the process reports once at its end (cli.CheckedWriter.Status): the same
// failure printed twice, once in Go's words, said less than once.
func failed(stderr io.Writer, prefix string, err error) int {
	if !cli.IsOutputError(err) {
		fmt.Fprintf(stderr, "%s: %s\n", prefix, errText(err))
	}
	return 1
}
