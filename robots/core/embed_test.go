package core

import (
	"io/fs"
	"testing"
)

func TestEmbedded(t *testing.T) {
	names, err := fs.Glob(FS, "*")
	if err != nil || len(names) != 7 {
		t.Errorf("embedded %v (%v), want the 7 samples", names, err)
	}
}
