package main

import (
	"bytes"
	"flag"
	"regexp"
	"strings"
	"testing"
)

// helpProbes are command lines that make each command parse its flag sets (some commands
// have one per kind of program or per subcommand); -h stops them there.
var helpProbes = map[string][][]string{
	"battle":     {{"-h"}},
	"tournament": {{"-h"}, {"-h", "x.red"}},
	"check":      {{"-h"}},
	"rbi":        {{"-h"}},
	"core":       {{"-h"}},
	"merge":      {{"-h"}},
	"hill":       {{"create", "-h"}, {"add", "-h"}, {"remove", "-h"}, {"show", "-h"}, {"play", "-h"}, {"import", "-h"}},
}

// TestHelpListsEveryFlag: robocom help CMD names every flag of every flag set CMD parses,
// and the fuzz test's list of CMD's flags holds them all.
func TestHelpListsEveryFlag(t *testing.T) {
	var sets []*flag.FlagSet
	flagSetParsed = func(fs *flag.FlagSet) { sets = append(sets, fs) }
	defer func() { flagSetParsed = nil }()
	for name, probes := range helpProbes {
		if _, ok := commands[name]; !ok {
			t.Errorf("%s is not a command", name)
		}
		sets = sets[:0]
		for _, args := range probes {
			var out bytes.Buffer
			robocomMain(append([]string{name}, args...), strings.NewReader(""), &out, &out)
		}
		if len(sets) < len(probes) {
			t.Errorf("%s: %d flag sets parsed by %d probes", name, len(sets), len(probes))
		}
		var help bytes.Buffer
		if code := robocomMain([]string{"help", name}, strings.NewReader(""), &help, &help); code != 0 {
			t.Errorf("help %s: exit %d", name, code)
		}
		fuzz := map[string]bool{}
		for _, f := range fuzzFlags[name] {
			fuzz[strings.TrimRight(f, "#$")] = true
		}
		for _, fs := range sets {
			fs.VisitAll(func(f *flag.Flag) {
				mention := regexp.MustCompile(`(^|[\s\[(,])-` + regexp.QuoteMeta(f.Name) + `\b`)
				if !mention.MatchString(help.String()) {
					t.Errorf("robocom help %s does not mention -%s (%s)", name, f.Name, fs.Name())
				}
				if _, listed := fuzzFlags[name]; listed && !fuzz["-"+f.Name] {
					t.Errorf("fuzzFlags[%q] lacks -%s", name, f.Name)
				}
			})
		}
	}
	for name := range commands {
		if _, ok := helpProbes[name]; !ok && name != "mars" {
			t.Errorf("%s has no help probe", name)
		}
	}
}

// TestHelpTournamentShowsCoreWarFlags: the Core War options of robocom tournament are in
// its help, where they were hidden.
func TestHelpTournamentShowsCoreWarFlags(t *testing.T) {
	var help bytes.Buffer
	robocomMain([]string{"help", "tournament"}, strings.NewReader(""), &help, &help)
	for _, f := range []string{"-coresize", "-s", "-cycles", "-c", "-threads", "-p", "-maxlength", "-l", "-mindist", "-d", "-swiss", "-dialect"} {
		if !regexp.MustCompile(`\n  ` + f + `\b`).MatchString(help.String()) {
			t.Errorf("help tournament lacks %s", f)
		}
	}
}

// TestHelpListsFuzzedFlags: the flags the fuzz test gives each command, pMARS's included
// (it parses no flag.FlagSet), are in robocom help CMD; pMARS leaves -Q out of its
// usage text, and so do we.
func TestHelpListsFuzzedFlags(t *testing.T) {
	for name, flags := range fuzzFlags {
		var help bytes.Buffer
		robocomMain([]string{"help", name}, strings.NewReader(""), &help, &help)
		for _, f := range flags {
			f = strings.TrimRight(f, "#$")
			if f == "-h" || f == "--" || name == "mars" && f == "-Q" {
				continue
			}
			if !regexp.MustCompile(`(^|[\s\[(,])` + regexp.QuoteMeta(f) + `([^\w-]|$)`).MatchString(help.String()) {
				t.Errorf("robocom help %s does not mention %s", name, f)
			}
		}
	}
}

// TestHelpEveryHillCommand: robocom help hill shows every hill subcommand's usage, and each
// subcommand's -h prints it with status 0 on standard output, as every command's -h (hill
// import used to answer -h with a usage error that sent the reader back to -h, and help
// hill left it out; all six printed it on standard error).
func TestHelpEveryHillCommand(t *testing.T) {
	var help bytes.Buffer
	if code := robocomMain([]string{"help", "hill"}, strings.NewReader(""), &help, &help); code != 0 {
		t.Fatalf("help hill: exit %d", code)
	}
	for _, sub := range hillCommands {
		if !strings.Contains(help.String(), "\nusage: robocom hill "+sub+" ") {
			t.Errorf("robocom help hill lacks the usage of hill %s:\n%s", sub, help.String())
		}
		code, out, errs := runHillCmd(t, sub, "-h")
		if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: robocom hill "+sub+" ") {
			t.Errorf("robocom hill %s -h: exit %d, stdout %q, stderr %q", sub, code, out, errs)
		}
	}
}

// TestHelpTournamentSummaryNamesCoreWar: robocom help's line for tournament says it takes
// Core War programs too (round-robin and Swiss), as its own help does.
func TestHelpTournamentSummaryNamesCoreWar(t *testing.T) {
	var help bytes.Buffer
	robocomMain([]string{"help"}, strings.NewReader(""), &help, &help)
	if !regexp.MustCompile(`\n  tournament .*Core War`).MatchString(help.String()) {
		t.Errorf("robocom help's tournament line does not mention Core War:\n%s", help.String())
	}
}

// TestHelpExtraWords: robocom help takes one command (and for hill one of its commands):
// a word more is a usage mistake naming it, status 2 and nothing on standard output, as
// every command refuses arguments it does not take; "help battle extra" printed battle's
// help and ignored "extra".
func TestHelpExtraWords(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		out    string // standard output starts with it
		err    string // standard error
	}{
		{[]string{"help", "battle", "extra"}, 2, "", "robocom help: \"extra\" after battle is not understood; help takes one command\nrun 'robocom help battle' for its options\n"},
		{[]string{"help", "battle", "-h", "x.rob"}, 2, "", "robocom help: \"-h x.rob\" after battle is not understood; help takes one command\nrun 'robocom help battle' for its options\n"},
		{[]string{"help", "mars", "-r"}, 2, "", "robocom help: \"-r\" after mars is not understood; help takes one command\nrun 'robocom help mars' for its options\n"},
		{[]string{"help", "help", "x\x1b[2J"}, 2, "", "robocom help: \"x\\x1b[2J\" after help is not understood; help takes one command\nrun 'robocom help help' for its options\n"},
		{[]string{"help", "hill", "bogus"}, 2, "", "robocom help: \"bogus\" after hill is not understood; help takes one command, and for hill one of its commands (create, add, remove, show, play, import)\nrun 'robocom help hill' for its options\n"},
		{[]string{"help", "hill", "play", "x.hill"}, 2, "", "robocom help: \"x.hill\" after hill play is not understood; help takes one command\nrun 'robocom help hill play' for its options\n"},
		{[]string{"help", "nosuch", "extra"}, 2, "", "robocom help: nosuch is not a command. Run robocom help for the commands.\n"}, // (the first mistake first)
		{[]string{"help", "batle"}, 2, "", "robocom help: batle is not a command; did you mean battle? Run robocom help for the commands.\n"},
		// hill's commands have help of their own, as "robocom hill play -h" prints it.
		{[]string{"help", "hill", "play"}, 0, "usage: robocom hill play", ""},
		{[]string{"help", "battle"}, 0, "usage: robocom battle", ""},
	} {
		var out, errb bytes.Buffer
		code := robocomMain(c.args, strings.NewReader(""), &out, &errb)
		errs := errb.String()
		if code != c.status || !strings.HasPrefix(out.String(), c.out) || (c.out == "") != (out.Len() == 0) || errs != c.err {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want %d, %q…, %q", c.args, code, out.String(), errb.String(), c.status, c.out, c.err)
		}
	}
}
