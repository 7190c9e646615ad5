package core

import (
	"io/fs"
	"testing"
)

func TestEmbedded(t *testing.T) {
	names, err := fs.Glob(FS, "*")
	if err != nil || len(names) != 11 {
		t.Errorf("embedded %v (%v), want the 11 samples", names, err)
	}
	red, _ := fs.Glob(FS, "*.red")
	if len(red) != 4 {
		t.Errorf("embedded Redcode samples %v, want 4", red)
	}
}
