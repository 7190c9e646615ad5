package pmars

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"robocom/corewars/redcode"
)

// parseCases are pMARS command lines and what ParseArgs makes of them
// (PMARS-DETAILS.md 15): every option of the table, its range ends, the
// toggles, groups, and the errors. The fuzz test starts from them.
var parseCases = []struct {
	args  string
	set   func(st *redcode.Settings) // what the options change in DefaultSettings
	files []string
	err   string
}{
	{args: "a.red b.red", files: []string{"a.red", "b.red"}},
	{args: "-r 0", set: func(st *redcode.Settings) { st.Rounds = 0 }},
	{args: "-r 2147483647", set: func(st *redcode.Settings) { st.Rounds = 1<<31 - 1 }},
	{args: "-r 2147483648", err: `Option "-r" value must be in the range 0 - 2147483647`},
	{args: "-s 1", set: func(st *redcode.Settings) { st.CoreSize = 1 }},
	{args: "-s 1073741824", set: func(st *redcode.Settings) { st.CoreSize = 1 << 30 }},
	{args: "-s 0", err: `Option "-s" value must be in the range 1 - 1073741824`},
	{args: "-s 55440 -c 500000 -p 10000 -l 200 -d 200", set: func(st *redcode.Settings) {
		st.CoreSize, st.Cycles, st.MaxProcesses, st.MaxLength, st.MinDistance = 55440, 500000, 10000, 200, 200
	}},
	{args: "-c 9223372036854775807", set: func(st *redcode.Settings) { st.Cycles = 1<<63 - 1 }},
	// pMARS reads a number with strtol, which gives 2^63-1 for one too large: -c takes it,
	// the others are out of their range.
	{args: "-c 9223372036854775808", set: func(st *redcode.Settings) { st.Cycles = 1<<63 - 1 }},
	{args: "-c 99999999999999999999", set: func(st *redcode.Settings) { st.Cycles = 1<<63 - 1 }},
	{args: "-r 99999999999999999999", err: `Option "-r" value must be in the range 0 - 2147483647`},
	{args: "-p 0", err: `Option "-p" value must be in the range 1 - 2147483647`},
	{args: "-l 1000", set: func(st *redcode.Settings) { st.MaxLength = 1000 }},
	{args: "-l 1001", err: `Option "-l" value must be in the range 1 - 1000`},
	{args: "-d 29826161", set: func(st *redcode.Settings) { st.MinDistance = 29826161 }},
	{args: "-d 0", err: `Option "-d" value must be in the range 1 - 29826161`},
	{args: "-F 0", set: func(st *redcode.Settings) {}},
	{args: "-F 1073741824", set: func(st *redcode.Settings) { st.FixedPos = 1 << 30 }},
	{args: "-F 1073741825", err: `Option "-F" value must be in the range 0 - 1073741824`},
	{args: "-S 500", set: func(st *redcode.Settings) { st.PSpaceSize = 500 }},
	{args: "-S 0", err: `Option "-S" value must be in the range 1 - 1073741824`},
	{args: "-Q 1000", set: func(st *redcode.Settings) { st.Query, st.HasQuery = 1000, true }},
	{args: "-Q -1", err: `Bad argument for "-Q" switch`},
	{args: "-= W*S", set: func(st *redcode.Settings) { st.Formula = "W*S" }},
	{args: "-=", err: `Bad argument for "-=" switch`},
	{args: "-b -k -8 -f -o -P -V -e", set: func(st *redcode.Settings) {
		st.Brief, st.KotH, st.Strict88, st.FixedSeries, st.SortByScore, st.Permute, st.Verbose = true, true, true, true, true, true, true
	}},
	{args: "-b -b", set: func(st *redcode.Settings) {}},
	{args: "-bk8fo", set: func(st *redcode.Settings) {
		st.Brief, st.KotH, st.Strict88, st.FixedSeries, st.SortByScore = true, true, true, true, true
	}},
	{args: "-bk -F 500 x.red", set: func(st *redcode.Settings) { st.Brief, st.KotH, st.FixedPos = true, true, 500 }, files: []string{"x.red"}},
	{args: "-Fb 500", err: `Bad argument for "-F" switch`},
	{args: "-r", err: `Bad argument for "-r" switch`},
	{args: "-r +5", err: `Bad argument for "-r" switch`},
	{args: "-r 5x", err: `Bad argument for "-r" switch`},
	{args: "-r 3 $ -b", set: func(st *redcode.Settings) { st.Rounds = 3 }},
	{args: "-x", err: `Unknown option "-x"`},
	{args: "-bx", err: `Unknown option "-bx"`},
	{args: "- 2- x.red", files: []string{"-", "2-", "x.red"}},
	{args: "0-", err: `Unknown option "0"`},
	{args: "-@", err: "Cannot open parameter file"},
	{args: "-@x", err: "Cannot open parameter file"},
	{args: "-@ opts", set: func(st *redcode.Settings) { st.Brief, st.Rounds = true, 7 }, files: []string{"w.red"}},
	{args: "-@ bad", err: "Unknown option \"-Z\"\nThe error is located in \"bad\""},
	{args: "-@ missing", err: "Cannot open parameter file"},
	// Every file open at the error names itself, innermost first; not the one that would not open.
	{args: "-@ outer", err: "Cannot open parameter file\nThe error is located in \"inner\"\nThe error is located in \"outer\""},
	{args: "-@ c1", set: func(st *redcode.Settings) { st.Rounds, st.Brief = 0, true }, files: []string{"w.red"}},
	{args: strings.Repeat("w.red ", 36) + "w.red", err: `Too many parameters "w.red"`},
}

// parameterFiles are the -@ files of parseCases: c1 names c2 ... names c40 (pMARS nests
// files as deep as it may open them).
var parameterFiles = map[string]string{"opts": "-b -r 7 w.red\n", "bad": "-r 2 -Z\n",
	"outer": "-b -@ inner\n", "inner": "-@ missing -r 3\n", "self": "-@ self\n"}

func init() {
	for i := 1; i < 40; i++ {
		parameterFiles[fmt.Sprintf("c%d", i)] = fmt.Sprintf("-@ c%d\n", i+1)
	}
	parameterFiles["c40"] = "-r 0 -b w.red\n"
}

// TestParameterFileNamesItself: a file that names itself nests until no more files could be
// open (pMARS holds each open), each level naming itself in the message, and no further
// than maxNested; a large one stops sooner, at the memory its words may take.
func TestParameterFileNamesItself(t *testing.T) {
	_, _, err := ParseArgs([]string{"-@", "self"}, readParameterFile)
	lines := strings.Split(err.Error(), "\n")
	if lines[0] != "Cannot open parameter file" || lines[1] != `The error is located in "self"` {
		t.Fatalf("error %.200q", err)
	}
	if n := len(lines) - 1; n < 100 || n > maxNested || n > fileBudget()+8 {
		t.Errorf("%d levels, want as many as the files the process may open (%d) and at most %d", n, fileBudget(), maxNested)
	}
	big := "-@ big " + strings.Repeat("-b ", 300000) // (900 kB, 300,002 words)
	_, _, err = ParseArgs([]string{"-@", "big"}, func(string) ([]byte, error) { return []byte(big), nil })
	size := len(big) + 300002*16
	if n := strings.Count(err.Error(), "\n"); n != maxHeldWords/size {
		t.Errorf("a 900 kB file naming itself: %d levels, want %d", n, maxHeldWords/size)
	}
}

func readParameterFile(name string) ([]byte, error) {
	if s, ok := parameterFiles[name]; ok {
		return []byte(s), nil
	}
	return nil, errMissing
}

type missingError struct{}

func (missingError) Error() string { return "no such file" }

var errMissing error = missingError{}

// TestParseArgs: the table of options gives the same settings, files and
// messages as pMARS for every option.
func TestParseArgs(t *testing.T) {
	for _, tc := range parseCases {
		st, files, err := ParseArgs(strings.Fields(tc.args), readParameterFile)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: error %v, want %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		want := redcode.DefaultSettings()
		if tc.set != nil {
			tc.set(want)
		}
		if !reflect.DeepEqual(st, want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.args, *st, *want)
		}
		if !reflect.DeepEqual(files, tc.files) {
			t.Errorf("%q: files %q, want %q", tc.args, files, tc.files)
		}
	}
}

// usageWant is pMARS 0.9.2's usage text (PMARS-DETAILS.md 15), padding blanks included.
const usageWant = "pMARS v0.9.2, 25/12/00, corewar simulator with ICWS'94 extensions\n" +
	"Copyright (C) 1993-95 Albert Ma, Na'ndor Sieben, Stefan Strack and Mintardjo Wangsaw\n" +
	"SERVER version without debugger\n" +
	"Usage:\n" +
	"   pmars [options] file1 [files ..]\n" +
	"   The special file - stands for standard input\n" +
	"\n" +
	"Options:\n" +
	"  -r # Rounds to play [1]              -e   (disabled in SERVER version)  \n" +
	"  -s # Size of core [8000]             -b   Brief mode (no source listings)\n" +
	"  -c # Cycles until tie [80000]        -V   Verbose assembly              \n" +
	"  -p # Max. processes [8000]           -k   Output in KotH format         \n" +
	"  -l # Max. warrior length [100]       -8   Enforce ICWS'88 rules         \n" +
	"  -d # Min. warriors distance          -f   Fixed position series         \n" +
	"  -F # Fixed position of warrior #2    -o   Sort result output by score   \n" +
	"  -S # Size of P-space [1/16th core]   -P   Permutate starting positions  \n" +
	"  -= $ Score formula $ [(W*W-1)/S]     -@ $ Read options from file $\n"

func TestUsageText(t *testing.T) {
	if got := UsageText(); got != usageWant {
		t.Errorf("usage text:\n%q\nwant\n%q", got, usageWant)
	}
}

// TestOptionRows: each row of options is whole for its kind, each letter is
// there once, and each option with a usage line is in the usage text, in order.
func TestOptionRows(t *testing.T) {
	seen := map[byte]bool{}
	at := 0
	for _, o := range options {
		if seen[o.letter] {
			t.Errorf("-%c: two rows", o.letter)
		}
		seen[o.letter] = true
		whole := map[kind]bool{toggle: o.flag != nil, number: o.setNum != nil && o.min <= o.max, text: o.setText != nil, params: true, inert: true}[o.kind]
		if !whole {
			t.Errorf("-%c: the row lacks what its kind needs", o.letter)
		}
		if o.usage == "" {
			continue
		}
		entry := "  -" + string(o.letter) + " " + string(o.typeMark()) + " "
		i := strings.Index(UsageText()[at:], entry)
		if i < 0 {
			t.Errorf("-%c: %q not in the usage text after byte %d", o.letter, entry, at)
			continue
		}
		at += i + len(entry)
	}
}

// FuzzParseArgs: any command line gives settings or a usage error, never a
// panic, and the same answer twice.
func FuzzParseArgs(f *testing.F) {
	for _, tc := range parseCases {
		f.Add(tc.args)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		st, files, err := ParseArgs(args, readParameterFile)
		st2, files2, err2 := ParseArgs(args, readParameterFile)
		if err != nil {
			if _, ok := err.(*UsageError); !ok {
				t.Fatalf("%q: %T %v is not a usage error", line, err, err)
			}
			if err2 == nil || err2.Error() != err.Error() {
				t.Fatalf("%q: %v, then %v", line, err, err2)
			}
			return
		}
		if !reflect.DeepEqual(st, st2) || !reflect.DeepEqual(files, files2) {
			t.Fatalf("%q: two parses differ", line)
		}
		if len(files) > 36 {
			t.Fatalf("%q: %d warrior files", line, len(files))
		}
	})
}
