package arena

import (
	"reflect"
	"strings"
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
	if s := unsafe.Sizeof(mt); s <= 704 || s > 768 {
		t.Errorf("tasks is %d bytes, want 705..768 (the allocator's 768-byte class)", s)
	}
}

// TestTasksSameAsFields: tasks.sameAs compares every field of a ring but the arrays behind
// its slices; a field added to tasks must be added there too (or here, said why not), or a
// snapshot could keep a ring that changed in it.
func TestTasksSameAsFields(t *testing.T) {
	compared := "first list cur period awake seized since next dirty one kbuf keys mins inline"
	var names []string
	rt := reflect.TypeOf(tasks{})
	for i := range rt.NumField() {
		names = append(names, rt.Field(i).Name)
	}
	if got := strings.Join(names, " "); got != compared {
		t.Errorf("tasks has the fields %q; sameAs was written for %q", got, compared)
	}
}
