package pmars

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestPINSharing(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pin5 := write("pin5.red", ";assert 1\npin 5\njmp 0\n")
	pin0 := write("pin0.red", ";assert 1\npin 0\njmp 0\n")
	none := write("none.red", ";assert 1\njmp 0\n")
	tests := []struct {
		files []string
		want  int // -Q 2000: W - distinct p-spaces + 1
	}{
		{[]string{pin5, pin5}, 2},
		{[]string{none, none}, 1},
		{[]string{pin5, none}, 1},
		{[]string{pin0, none}, 2}, // a later PIN-less warrior joins PIN 0
		{[]string{none, pin0}, 1}, // an earlier one does not
	}
	for _, tc := range tests {
		args := append([]string{"-b", "-r", "1", "-c", "10", "-F", "200", "-Q", "2000"}, tc.files...)
		if _, errs, rc := runPMARS(t, args...); rc != tc.want {
			t.Errorf("%v: -Q 2000 = %d, want %d %s", tc.files, rc, tc.want, errs)
		}
	}
	// p-space persists across rounds: this warrior survives round 1 only if
	// cell 1 is still 0, and sets it; round 2 then dies.
	once := write("once.red", ";assert 1\n ldp.ab #1, #0\n jmz.b 2, -1\n dat 0, 0\n stp.ab #1, #1\n jmp 0\n")
	out, errs, _ := runPMARS(t, "-b", "-k", "-r", "2", "-c", "50", "-F", "200", once, testdata+"/jmp0.red")
	if out != "0 1\n1 1\n" {
		t.Errorf("p-space persistence: %q %s", out, errs)
	}
}

func TestStdinAndParameterFile(t *testing.T) {
	imp, _ := os.ReadFile(testdata + "/imp.red")
	dwarf, _ := os.ReadFile(testdata + "/dwarf.red")
	var out, errb bytes.Buffer
	rc := Run([]string{"-b", "-r", "10", "-F", "500", "2-"}, bytes.NewReader(append(append([]byte{}, imp...), dwarf...)), &out, &errb)
	want := "Imp by A. K. Dewdney scores 6\nDwarf by A. K. Dewdney scores 18\nResults: 0 4 6\n"
	if rc != 0 || out.String() != want {
		t.Errorf("2- from stdin: rc %d %q %s", rc, out.String(), errb.String())
	}
	dir := t.TempDir()
	opts := filepath.Join(dir, "opts")
	os.WriteFile(opts, []byte("-b ; brief\n-r 10 -F 500\n../testdata/imp.red ../testdata/dwarf.red\n$\n-k\n"), 0o644)
	out.Reset()
	errb.Reset()
	rc = Run([]string{"-@", opts}, strings.NewReader(""), &out, &errb)
	if rc != 0 || out.String() != want {
		t.Errorf("-@: rc %d %q %s", rc, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if rc = Run([]string{"-b", "-o", "-r", "10", "-F", "500", testdata + "/imp.red", testdata + "/dwarf.red"}, nil, &out, &errb); rc != 0 || !strings.HasPrefix(out.String(), "Dwarf") || !strings.HasSuffix(out.String(), "Results: 4 0 6\n") {
		t.Errorf("-o: rc %d %q %s", rc, out.String(), errb.String())
	}
}

// TestParameterWords: how pMARS reads the words of a -@ file.
func TestParameterWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"-r 0 -b x.red\n", []string{"-r", "0", "-b", "x.red", ""}},
		{"\"a b\" c", []string{" a b", "c", ""}},                                                     // the opening quote becomes a blank
		{"\"x.red\" y", []string{" x.red", "y", ""}},                                                 // a closing quote in the word is dropped
		{"\"x.red\ny", []string{" x.red\ny", ""}},                                                    // no closing quote: to the end
		{"a ; c \"d\"\n\"e\" f", []string{"a", "\"e\"", "f", ""}},                                    // after a comment, quotes are literal
		{"a $ b", []string{"a", "$"}},                                                                // "$" ends the file
		{"; " + strings.Repeat("x", 120) + " w\nz", []string{strings.Repeat("x", 22), "w", "z", ""}}, // a comment line is read 99 characters at a time
	}
	for _, tc := range tests {
		if got, _ := parameterWords(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parameterWords(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzParameterWords: any parameter file splits into words without a panic;
// the input ends at the first "$" or empty word and only there.
func FuzzParameterWords(f *testing.F) {
	for _, s := range []string{"-r 0 -b x.red\n", "\"a b\" c", "\"x.red\" y", "\"x.red\ny", "a ; c \"d\"\n\"e\" f",
		"a $ b", "\"\"", "\"", ";", "; x\n;y\n\"z\"", "-@ - \"$\" $"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, used := parameterWords(s)
		if used < 0 || used > len(s) {
			t.Fatalf("%q: read %d bytes", s, used)
		}
		if len(words) == 0 || !endOfInput(words[len(words)-1]) {
			t.Fatalf("%q: %q does not end the input", s, words)
		}
		for _, w := range words[:len(words)-1] {
			if endOfInput(w) {
				t.Fatalf("%q: input ended early in %q", s, words)
			}
		}
	})
}

// TestOptionsFromStdin: "-@ -" reads options from standard input up to "$";
// warriors read from "-" start right after it. A word "x-" is not N warriors.
func TestOptionsFromStdin(t *testing.T) {
	var out, errb bytes.Buffer
	in := "-r 0 -b - $\n;redcode\n;name From stdin\n;assert 1\ndat 1\n"
	if rc := Run([]string{"-@", "-"}, strings.NewReader(in), &out, &errb); rc != 0 || errb.String() != "[Reading from standard input until EOF or \"$\"]\n" {
		t.Errorf("-@ -: rc %d %q", rc, errb.String())
	}
	out.Reset()
	errb.Reset()
	if rc := Run([]string{"-@", "-"}, strings.NewReader("-r 0 -Z\n"), &out, &errb); rc != 2 ||
		!strings.HasSuffix(errb.String(), "\nUnknown option \"-Z\"\nThe error is located in \"standard input\"\n") {
		t.Errorf("-@ - with an error: rc %d %q", rc, errb.String())
	}
	errb.Reset()
	if rc := Run([]string{"-r", "0", "x-"}, strings.NewReader(""), &out, &errb); rc != 2 || !strings.HasSuffix(errb.String(), "\nUnknown option \"x\"\n") {
		t.Errorf("x-: rc %d %q", rc, errb.String())
	}
}

// TestUsageMessages: after the usage text pMARS prints every failed check,
// and "-@" needs a file name as the next word.
func TestUsageMessages(t *testing.T) {
	tests := []struct {
		args []string
		tail string
	}{
		{[]string{"-f", "-F", "200", "-l", "10", "-d", "5", "-S", "30", "-s", "20", "a.red", "b.red"},
			"$\n\nOnly one of -f and -F can be given\n\nWarrior distance cannot be smaller than warrior length\n\nP-space is bigger than core\n"},
		{[]string{"-P", "-r", "0"}, "$\n\nPermutation cannot be used in multiwarrior battles\n\nNo warrior file specified\n"},
		{[]string{"-@x"}, "$\n\nCannot open parameter file\n"},
		{[]string{"-r", "0", "-@"}, "$\n\nCannot open parameter file\n"},
		// a folder opens (fopen) and reads as an empty parameter file
		{[]string{"-@", testdata}, "$\n\nNo warrior file specified\n"},
		{[]string{"-Q", "-1", "a.red"}, "$\n\nBad argument for \"-Q\" switch\n"},
	}
	for _, tc := range tests {
		_, errs, rc := runPMARS(t, tc.args...)
		if rc != 2 || !strings.HasSuffix(errs, tc.tail) || strings.Count(errs, "pMARS v0.9.2") != 1 {
			t.Errorf("%v: rc %d, stderr ends %q", tc.args, rc, errs[max(0, len(errs)-200):])
		}
	}
}

// TestQueryWithoutBattle: -Q answers even when no round is played
// (PMARS-DETAILS.md 13.3, "-Q given: the query value, replacing the above").
// pMARS exits through returninfo() after a failed check of the values (they
// are stored before the checks) and after an assembly error or a missing file;
// W is then the number of warriors on the command line and every score is 0.
// A parse error comes before -Q is stored, so it stays 2.
func TestQueryWithoutBattle(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.red")
	if err := os.WriteFile(bad, []byte(";redcode\n foo 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	imp, dwarf, none := testdata+"/imp.red", testdata+"/dwarf.red", testdata+"/none.red"
	tests := []struct {
		args []string
		want int
	}{
		// a check after parsing fails: exit status 2 without -Q
		{[]string{"-s", "50", imp, dwarf}, 2},
		{[]string{"-Q", "1000", "-s", "50", imp, dwarf}, 92},
		{[]string{"-Q", "2", "-s", "50", imp, dwarf}, 0},
		{[]string{"-Q", "102", "-s", "50", imp, dwarf}, 2},
		{[]string{"-Q", "2000", "-s", "50", imp, dwarf}, 3}, // no p-space yet: W + 1
		{[]string{"-Q", "1000", "-P", imp, dwarf, imp}, 92},
		{[]string{"-Q", "1000"}, 92}, // no warrior file
		{[]string{"-Q", "3", "-s", "50", imp, dwarf}, 255},
		// a parse error: -Q was never stored
		{[]string{"-Q", "1000", "-s", "0", imp}, 2},
		// assembly error or missing file: 3, with -Q over all W warriors
		{[]string{"-b", bad, imp}, 3},
		{[]string{"-b", "-Q", "1", bad, imp}, 0},
		{[]string{"-b", "-Q", "2", imp, bad}, 0},
		{[]string{"-b", "-Q", "102", imp, bad}, 2},
		{[]string{"-b", "-o", "-Q", "101", bad, imp}, 1},
		{[]string{"-b", "-Q", "3", bad, imp}, 255},
		{[]string{"-b", "-Q", "1000", bad, imp}, 92},
		{[]string{"-b", "-Q", "2", imp, none}, 0},
	}
	for _, tc := range tests {
		if _, errs, rc := runPMARS(t, tc.args...); rc != tc.want {
			t.Errorf("%v: exit status %d, want %d\n%s", tc.args, rc, tc.want, errs)
		}
	}
}

// TestCombinedOutputOrder: with standard output and standard error on one pipe or file
// ("pmars ... 2>&1"), pMARS's standard output is the C library's, buffered in blocks of
// 4096 bytes, while its messages go out at once: a later warrior's warnings come before
// the earlier warrior's listing, or inside it once 4096 bytes of it are out. The expected
// texts are pMARS 0.9.2's (stdout and stderr to one file).
func TestCombinedOutputOrder(t *testing.T) {
	dir := t.TempDir()
	warn := filepath.Join(dir, "warn.red")
	if err := os.WriteFile(warn, []byte(";redcode\n;name Warn\n jmp 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var both bytes.Buffer
	rc := Run([]string{"-r", "1", "-F", "500", testdata + "/imp.red", warn}, nil, &both, &both)
	want := "Warning:\n        Missing ';assert'. Warrior may not work with the current setting\nNumber of warnings: 1\n\n" +
		"Program \"Imp\" (length 1) by \"A. K. Dewdney\"\n\n       ORG      START\nSTART  MOV.I  $     0, $     1     \n\n" +
		"Program \"Warn\" (length 1) by \"Anonymous\"\n\n       ORG      START\nSTART  JMP.B  $     0, $     0     \n\n" +
		"Imp by A. K. Dewdney scores 1\nWarn by Anonymous scores 1\nResults: 0 0 1\n"
	if rc != 0 || both.String() != want {
		t.Errorf("2>&1: rc %d\n%q\nwant\n%q", rc, both.String(), want)
	}
	// A listing of 200 instructions: its first 4096 bytes are out before the warning
	// (pMARS printed it after "       DAT.F  $   111, $   111    ", at byte 4096).
	var src strings.Builder
	src.WriteString(";redcode\n;name Long\n;assert 1\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&src, " dat %d, %d\n", i, i)
	}
	long := filepath.Join(dir, "long.red")
	if err := os.WriteFile(long, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-r", "1", "-F", "500", "-l", "200", "-d", "200", long, warn}
	out, errs, _ := runPMARS(t, args...)
	both.Reset()
	Run(args, nil, &both, &both)
	if len(out) != 7437 || both.String() != out[:4096]+errs+out[4096:] {
		t.Errorf("2>&1 with a long listing: stdout %d bytes, the warning at byte %d, want at 4096",
			len(out), strings.Index(both.String(), "Warning"))
	}
}
