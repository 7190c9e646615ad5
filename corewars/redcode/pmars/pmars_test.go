package pmars

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// corpusDir is the shared pMARS corpus (absent in a plain clone: tests skip).
const corpusDir = "../../../../shared/corpus/redcode"

// testdata is the engine's self-contained test set.
const testdata = "../testdata"

func needCorpus(t testing.TB) {
	if _, err := os.Stat(filepath.Join(corpusDir, "expected.tsv")); err != nil {
		t.Skip("corpus not present:", err)
	}
}

func readTSV(t testing.TB, path string) [][]string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	first := true
	for sc.Scan() {
		if first {
			first = false
			continue
		}
		rows = append(rows, strings.Split(sc.Text(), "\t"))
	}
	return rows
}

func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var x, y string
		if i < len(g) {
			x = g[i]
		}
		if i < len(w) {
			y = w[i]
		}
		if x != y {
			return "line " + strconv.Itoa(i+1) + ":\n got  " + strconv.Quote(x) + "\n want " + strconv.Quote(y)
		}
	}
	return "same"
}

func runPMARS(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	rc := Run(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), rc
}

// TestScoreIsACInt: the score sums wrap at 32 bits, as pMARS's C int does, and a number in
// the formula too large for 64 bits is 2^63-1, as its sscanf reads it (PMARS-DETAILS.md 6.2;
// the values pMARS 0.9.2 prints).
func TestScoreIsACInt(t *testing.T) {
	dir := t.TempDir()
	dat := filepath.Join(dir, "dat.red")
	if err := os.WriteFile(dat, []byte("dat 0, 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ formula, want string }{
		{"2147483648", "-2147483648"},           // one win: 2^31 as an int
		{"4294967297", "1"},                     // 2^32 + 1
		{"99999999999999999999", "-1"},          // 2^63-1, its low 32 bits
		{"(W*W-1)/S*1000000000", "-1294967296"}, // 3·10^9
	} {
		out, errs, rc := runPMARS(t, "-b", "-F", "300", "-=", tc.formula, dat, dat)
		if want := "Unknown by Anonymous scores 0\nUnknown by Anonymous scores " + tc.want + "\nResults: 0 1 0\n"; rc != 0 || out != want {
			t.Errorf("-= %s: rc %d %q, want %q %s", tc.formula, rc, out, want, errs)
		}
	}
}

func TestOutputVectors(t *testing.T) {
	imp, dwarf := testdata+"/imp.red", testdata+"/dwarf.red"
	out, _, rc := runPMARS(t, "-b", "-r", "10", "-F", "500", imp, dwarf, imp)
	want := "Imp by A. K. Dewdney scores 18\n  Results: 0 1 7 2\nDwarf by A. K. Dewdney scores 30\n  Results: 1 2 7 0\nImp by A. K. Dewdney scores 18\n  Results: 0 1 7 2\n"
	if out != want || rc != 0 {
		t.Errorf("3 warriors: rc %d\n%s", rc, out)
	}
	out, _, _ = runPMARS(t, "-b", "-k", "-r", "10", "-F", "500", imp, dwarf, imp)
	if out != "18 0 1 7 2\n30 1 2 7 0\n18 0 1 7 2\n" {
		t.Errorf("-k: %q", out)
	}
	_, errs, rc := runPMARS(t, "-d", "0", imp)
	if rc != 2 || !strings.HasSuffix(errs, "\nOption \"-d\" value must be in the range 1 - 29826161\n") || !strings.HasPrefix(errs, "pMARS v0.9.2") {
		t.Errorf("-d 0: rc %d %q", rc, errs)
	}
	if _, errs, rc = runPMARS(t, "-b", testdata+"/none.red"); rc != 3 || errs != "Error:\n        Unable to open file '"+testdata+"/none.red'\n" {
		t.Errorf("missing file: rc %d %q", rc, errs)
	}
	if _, _, rc = runPMARS(t, "-b", "-Q", "1000", imp); rc != 92 {
		t.Errorf("-Q 1000: %d", rc)
	}
}

// TestCorpusStderr runs "mars -r 0" on every listed warrior that has a pMARS
// .err file and compares stderr byte for byte and the exit status.
func TestCorpusStderr(t *testing.T) {
	needCorpus(t)
	rows := readTSV(t, filepath.Join(corpusDir, "listings/INDEX.tsv"))
	ok, bad := 0, 0
	for _, r := range rows {
		if len(r) < 4 || strings.Contains(r[2], "vs itself") {
			continue
		}
		errFile := filepath.Join(corpusDir, "listings", strings.TrimSuffix(r[0], ".lst")+".err")
		want, err := os.ReadFile(errFile)
		if err != nil {
			continue
		}
		args := append(strings.Fields(r[2]), filepath.Join(corpusDir, "warriors", r[1]))
		var out, errb strings.Builder
		rc := Run(args, strings.NewReader(""), &out, &errb)
		wantRC := 0
		if r[3] == "error3" {
			wantRC = 3
		}
		if errb.String() != string(want) || rc != wantRC {
			bad++
			t.Errorf("%s: exit %d (want %d), stderr differs: %s", r[1], rc, wantRC, firstDiff(errb.String(), string(want)))
			continue
		}
		ok++
	}
	t.Logf("stderr: %d identical, %d differ", ok, bad)
}

func TestTestdataListings(t *testing.T) {
	for _, r := range readTSV(t, testdata+"/listings.tsv") {
		args := append(strings.Fields(r[2]), filepath.Join(testdata+"/warriors", r[1]))
		var out, errb strings.Builder
		rc := Run(args, strings.NewReader(""), &out, &errb)
		if r[3] == "error3" {
			want, err := os.ReadFile(filepath.Join(testdata+"/listings", strings.TrimSuffix(r[0], ".lst")+".err"))
			if err != nil {
				t.Fatal(err)
			}
			if rc != 3 || errb.String() != string(want) {
				t.Errorf("%s: exit %d, stderr %s", r[1], rc, firstDiff(errb.String(), string(want)))
			}
			continue
		}
		want, err := os.ReadFile(filepath.Join(testdata+"/listings", r[0]))
		if err != nil {
			t.Fatal(err)
		}
		if rc != 0 || out.String() != string(want) {
			t.Errorf("%s: exit %d, listing %s", r[1], rc, firstDiff(out.String(), string(want)))
		}
	}
}

// TestMissingFileEcho: pMARS's file message goes through printf too.
func TestMissingFileEcho(t *testing.T) {
	if _, errs, rc := runPMARS(t, "-r", "0", "no%%such.red"); rc != 3 || errs != "Error:\n        Unable to open file 'no%such.red'\n" {
		t.Errorf("rc %d %q", rc, errs)
	}
}
