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

// TestTasksLayout: a ring's header fields that a turn reads are its first cache line, and
// the whole ring is one allocation of the 704-byte class, whose objects start lines
// (tasks.go).
func TestTasksLayout(t *testing.T) {
	var mt tasks
	if o := unsafe.Offsetof(mt.kbuf); o != 64 {
		t.Errorf("the keys start at byte %d, want 64 (the header is one line)", o)
	}
	if s := unsafe.Sizeof(mt); s <= 640 || s > 704 {
		t.Errorf("tasks is %d bytes, want 641..704 (the allocator's 704-byte class)", s)
	}
}
