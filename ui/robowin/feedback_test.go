package robowin

import (
	"fmt"
	"image"
	"strings"
	"testing"
	"testing/fstest"
)

// At 1280×800 the refusal of a sixth program shows in the window, where the user picks.
func TestRefusalVisibleAt1280x800(t *testing.T) {
	m := testFS()
	for i := 10; i < 60; i++ { // a folder of many programs: the picker's list is at its tallest
		m[fmt.Sprintf("q%d.rob", i)] = &fstest.MapFile{Data: []byte(spinner(fmt.Sprintf("Q%d", i)))}
	}
	h := &harness{t: t, size: image.Pt(1280, 800)}
	h.u = New(Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: m, Home: "."}}})
	t.Cleanup(h.u.Close)
	h.frame()
	h.clickLabel("Add program…")
	for i := 1; i <= 6; i++ {
		h.clickLabel(fmt.Sprintf("p%d.rob", i))
	}
	msg := h.u.Message()
	if !strings.Contains(msg, "At most 5") {
		t.Fatalf("no refusal: %q", msg)
	}
	b, ok := h.findText(msg)
	if !ok {
		t.Fatalf("the refusal %q is not laid out in view: %q", msg, h.texts())
	}
	// The controls and players (the picker) scroll in the part of the panel above the tabs.
	tabs, ok := h.find("Graph")
	if !ok {
		t.Fatal("no Graph tab")
	}
	if b.Min.Y < 0 || b.Min.Y+20 > tabs.Min.Y { // (a label's bounds are loose at the bottom)
		t.Errorf("the refusal is drawn at y %d, below the picker's part of the panel (it ends at %d)", b.Min.Y, tabs.Min.Y)
	}
}
