package arena

import (
	"testing"
	"unsafe"
)

// TestRobotSize: a robot is four whole cache lines (RATIONALE.md "Arena scheduling"); the
// RC3 fields took some of its padding and must not have grown it.
func TestRobotSize(t *testing.T) {
	if s := unsafe.Sizeof(robot{}); s != 256 {
		t.Errorf("robot is %d bytes, want 256", s)
	}
}

// TestInstrSize: two compiled instructions share a cache line; the flags compile works out
// must fit in the padding.
func TestInstrSize(t *testing.T) {
	if s := unsafe.Sizeof(cinstr{}); s != 32 {
		t.Errorf("cinstr is %d bytes, want 32", s)
	}
}
