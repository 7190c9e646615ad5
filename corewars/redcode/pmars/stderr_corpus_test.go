package pmars

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// stderrCorpusDir holds pMARS 0.9.2's own stdout, stderr and exit status for
// cases that pin its messages (its README says how they were made).
const stderrCorpusDir = corpusDir + "/stderr"

// TestStderrCorpus runs every case of the stderr corpus the way its README
// says (cwd = the warriors folder, empty stdin) and requires stdout, stderr and
// the exit status to equal pMARS's byte for byte.
func TestStderrCorpus(t *testing.T) {
	index, err := filepath.Abs(filepath.Join(stderrCorpusDir, "INDEX.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(index); err != nil {
		t.Skip("stderr corpus not present:", err)
	}
	dir := filepath.Dir(index)
	rows := readTSV(t, index)
	t.Chdir(filepath.Join(dir, "..", "warriors"))
	type tally struct{ ok, all int }
	classes := map[string]*tally{}
	for _, r := range rows {
		if len(r) != 4 {
			t.Fatalf("INDEX.tsv: bad row %q", r)
		}
		id, class, wantRC := r[0], r[1], r[3]
		var args []string
		if r[2] != "" {
			args = strings.Split(r[2], " ")
		}
		wantOut, err1 := os.ReadFile(filepath.Join(dir, id+".out"))
		wantErr, err2 := os.ReadFile(filepath.Join(dir, id+".err"))
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", id, err1, err2)
		}
		var out, errb bytes.Buffer
		rc := Run(args, bytes.NewReader(nil), &out, &errb)
		if classes[class] == nil {
			classes[class] = &tally{}
		}
		classes[class].all++
		switch {
		case strconv.Itoa(rc) != wantRC:
			t.Errorf("%s (%s): exit status %d, pMARS %s", id, r[2], rc, wantRC)
		case out.String() != string(wantOut):
			t.Errorf("%s (%s): stdout differs: %s", id, r[2], firstDiff(out.String(), string(wantOut)))
		case errb.String() != string(wantErr):
			t.Errorf("%s (%s): stderr differs: %s", id, r[2], firstDiff(errb.String(), string(wantErr)))
		default:
			classes[class].ok++
		}
	}
	names := make([]string, 0, len(classes))
	for c := range classes {
		names = append(names, c)
	}
	sort.Strings(names)
	var summary []string
	for _, c := range names {
		summary = append(summary, c+" "+strconv.Itoa(classes[c].ok)+"/"+strconv.Itoa(classes[c].all))
	}
	t.Log("identical per class:", strings.Join(summary, ", "))
}
