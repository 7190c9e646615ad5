package robolang

import (
	"path/filepath"
	"testing"
)

const corpusDir = "../../shared/corpus/robocom/july1998"

// corpusFiles lists the July 1998 programs, skipping the test when the corpus is absent.
func corpusFiles(t testing.TB) []string {
	files, _ := corpusGlob()
	if len(files) == 0 {
		t.Skipf("corpus %s not present", corpusDir)
	}
	return files
}

func TestCorpusLoads(t *testing.T) {
	files := corpusFiles(t)
	if len(files) != 38 {
		t.Errorf("found %d corpus programs, want 38", len(files))
	}
	for _, f := range files {
		p, err := LoadFile(f, Options{})
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if p.Name == "" || len(p.Banks) == 0 {
			t.Errorf("%s: name %q, %d banks", f, p.Name, len(p.Banks))
		}
	}
}

func corpusGlob() ([]string, error) { return filepath.Glob(filepath.Join(corpusDir, "*.rob")) }
