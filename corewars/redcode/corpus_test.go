package redcode

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// corpusDir is the shared pMARS corpus (absent in a plain clone: tests skip).
const corpusDir = "../../../shared/corpus/redcode"

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

// testConfig builds an assembler Config from pMARS options of the corpus.
func testConfig(t testing.TB, opts string, warriors int) Config {
	cfg := DefaultConfig(warriors)
	cfg.MinDistance = 0
	f := strings.Fields(opts)
	for i := 0; i < len(f); i++ {
		num := func() int {
			i++
			n, err := strconv.Atoi(f[i])
			if err != nil {
				t.Fatalf("bad option value in %q", opts)
			}
			return n
		}
		switch f[i] {
		case "-s":
			cfg.CoreSize = num()
		case "-p":
			cfg.MaxProcesses = num()
		case "-c":
			cfg.Cycles = int64(num())
		case "-l":
			cfg.MaxLength = num()
		case "-d":
			cfg.MinDistance = num()
		case "-r":
			cfg.Rounds = num()
		case "-8":
			cfg.Strict88 = true
		}
	}
	if cfg.MinDistance == 0 {
		cfg.MinDistance = cfg.MaxLength
	}
	cfg.PSpaceSize = DefaultPSpaceSize(cfg.CoreSize)
	cfg.InitialRegs['w'-'a'] = int64(warriors)
	cfg.InitialRegs['s'-'a'] = int64(warriors)
	return cfg
}

func TestCorpusListings(t *testing.T) {
	needCorpus(t)
	rows := readTSV(t, filepath.Join(corpusDir, "listings/INDEX.tsv"))
	ok, bad, rejOK, rejBad := 0, 0, 0, 0
	for _, r := range rows {
		if len(r) < 4 {
			continue
		}
		src, err := os.ReadFile(filepath.Join(corpusDir, "warriors", r[1]))
		if err != nil {
			t.Fatal(err)
		}
		// "(vs itself)": the warrior's listing from a run against itself.
		opts, nw := r[2], 1
		if strings.HasSuffix(opts, " (vs itself)") {
			opts, nw = strings.TrimSuffix(opts, " (vs itself)"), 2
		}
		cfg := testConfig(t, opts, nw)
		w, diag := Assemble(src, cfg)
		switch r[3] {
		case "ok":
			want, err := os.ReadFile(filepath.Join(corpusDir, "listings", r[0]))
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if w != nil {
				got = w.Listing(cfg.CoreSize)
			}
			if got != string(want) {
				bad++
				if bad <= 25 {
					t.Errorf("%s (%s): listing differs: %s\n%s", r[1], r[2], firstDiff(got, string(want)), diag.Stderr())
				}
			} else {
				ok++
			}
		case "error3":
			if w == nil {
				rejOK++
			} else {
				rejBad++
				t.Errorf("%s: assembled, pMARS rejects it", r[1])
			}
		}
	}
	t.Logf("listings: %d identical, %d differ; rejections: %d agree, %d differ", ok, bad, rejOK, rejBad)
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
