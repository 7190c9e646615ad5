package corewin

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"gioui.org/f32"
	"gioui.org/font/gofont"
	"gioui.org/font/opentype"
	"gioui.org/io/input"
	"gioui.org/io/pointer"
	"gioui.org/io/semantic"
	"github.com/go-text/typesetting/font"
)

// smallSize is what the Core War mode gets of an 800×600 window, under the mode bar.
var smallSize = image.Pt(800, 570)

// atSize lays the harness out at size until the test ends.
func atSize(t *testing.T, size image.Point) {
	old := winSize
	winSize = size
	t.Cleanup(func() { winSize = old })
}

// semanticNodes are every node on screen, depth first.
func (h *harness) semanticNodes() []input.SemanticNode {
	var out []input.SemanticNode
	var walk func(ns []input.SemanticNode)
	walk = func(ns []input.SemanticNode) {
		for _, n := range ns {
			out = append(out, n)
			walk(n.Children)
		}
	}
	walk(h.r.AppendSemantics(nil))
	return out
}

// checkNoOverlap fails when a button, check box or radio button runs off the window or
// cannot be clicked in its middle because something else that takes clicks lies on top: at
// a small size, rows that do not fit would run into each other. (Buttons have tight bounds;
// labels' run far below their text, and editors' span their whole text, also the part a
// list scrolls away, so they are checked only as what may lie on top.)
func checkNoOverlap(t *testing.T, h *harness, where string) {
	t.Helper()
	nodes := h.semanticNodes()
	byID := map[input.SemanticID]input.SemanticNode{}
	for _, n := range nodes {
		byID[n.ID] = n
	}
	// related: one is the other or contains it.
	related := func(a, b input.SemanticID) bool {
		for _, pair := range [][2]input.SemanticID{{a, b}, {b, a}} {
			for id := pair[0]; ; {
				if id == pair[1] {
					return true
				}
				n, ok := byID[id]
				if !ok || n.ParentID == id {
					break
				}
				id = n.ParentID
			}
		}
		return false
	}
	takesClicks := func(n input.SemanticNode) bool {
		switch n.Desc.Class {
		case semantic.Button, semantic.Editor, semantic.CheckBox, semantic.RadioButton:
			return true
		}
		return n.Desc.Gestures&input.ClickGesture != 0
	}
	win := image.Rectangle{Max: winSize}
	checked := 0
	for _, n := range nodes {
		switch n.Desc.Class {
		case semantic.Button, semantic.CheckBox, semantic.RadioButton:
		default:
			continue
		}
		b := n.Desc.Bounds
		if b.Min.X < 0 || b.Max.X > win.Max.X {
			t.Errorf("%s: %q at %v runs off the %v window", where, label(byID, n), b, winSize)
			continue
		}
		if !b.In(win) {
			continue // scrolled partly out of the panel
		}
		if b.Dx() < 8 {
			t.Errorf("%s: %q at %v is squeezed to nothing", where, label(byID, n), b)
			continue
		}
		c := b.Min.Add(b.Max).Div(2)
		id, ok := h.r.SemanticAt(f32.Pt(float32(c.X), float32(c.Y)))
		if !ok {
			continue
		}
		if hit := byID[id]; !related(id, n.ID) {
			// The hit may be a label inside something clickable: find what takes the click.
			for p := hit; ; {
				if p.Desc.Bounds == b && p.Desc.Label == "" {
					break // the button's own tooltip area (kit.Tipped), laid over it and passing clicks through
				}
				if takesClicks(p) {
					t.Errorf("%s: %q at %v is covered in its middle by %q at %v", where, label(byID, n), b, label(byID, p), p.Desc.Bounds)
					break
				}
				q, ok := byID[p.ParentID]
				if !ok || p.ParentID == p.ID {
					break
				}
				p = q
			}
		}
		checked++
	}
	if checked < 5 {
		t.Errorf("%s: only %d buttons checked: the check proves little", where, checked)
	}
}

// label is a node's label, or its first labelled descendant's.
func label(byID map[input.SemanticID]input.SemanticNode, n input.SemanticNode) string {
	if n.Desc.Label != "" {
		return n.Desc.Label
	}
	for _, c := range n.Children {
		if l := label(byID, c); l != "" {
			return l
		}
	}
	return n.Desc.Description
}

// drawable are the runes the window's fonts (the Go fonts) have glyphs for.
func checkDrawable(t *testing.T, h *harness, where string) {
	t.Helper()
	var faces []*font.Face
	for _, f := range gofont.Collection() {
		if of, ok := f.Face.(opentype.Face); ok {
			faces = append(faces, of.Face())
		}
	}
	for _, n := range h.semanticNodes() {
		for _, r := range n.Desc.Label {
			if r == '\n' || r == '\t' {
				continue
			}
			ok := false
			for _, f := range faces {
				if _, has := f.NominalGlyph(r); has {
					ok = true
					break
				}
			}
			if !ok {
				t.Errorf("%s: %q has %q (U+%04X), which the Go fonts draw as a box", where, n.Desc.Label, r, r)
			}
		}
	}
}

// At 800×600, and at the 640×480 the window can be made, every tab's rows fit the panel's
// width without running into each other, and every label can be drawn.
func TestSmallWindowNothingOverlaps(t *testing.T) {
	for _, size := range []image.Point{smallSize, minSize} {
		t.Run(fmt.Sprintf("%dx%d", size.X, size.Y), func(t *testing.T) { checkSmallWindow(t, size) })
	}
}

// minSize is what the Core War mode gets of the smallest window (cmd/robocom's MinSize).
var minSize = image.Pt(640, 450)

func checkSmallWindow(t *testing.T, size image.Point) {
	atSize(t, size)
	for _, lang := range [][]string{
		{"bundled:dwarf.cw", "bundled:impkiller.cw", "bundled:replicator.cw", "bundled:imp.cw"},
		{"bundled:dwarf.red", "bundled:paper.red", "bundled:scanner.red", "bundled:imp.red"},
	} {
		w := newTestWindow(t, lang...)
		h := newHarness(w)
		h.frame()
		h.clickLabel(t, "Run")
		h.settle(t)
		h.clickLabel(t, "Statistics")
		h.clickLabel(t, "1. ") // a traced process, for the Trace tab
		h.clickLabel(t, "Step")
		h.settle(t)
		for _, tab := range tabNames {
			h.clickLabel(t, tab)
			if tab == "Players" {
				h.clickLabel(t, "Add program")
			}
			if tab == "Editor" {
				w.OpenEditor(lang[0])
				h.frame()
			}
			where := w.Language().String() + ", " + tab
			checkNoOverlap(t, h, where)
			checkDrawable(t, h, where)
		}
		// The line under the core wraps rather than cutting its text at half of 800 px; at
		// 1280 px it has one line.
		if w.coreV.infoMaxLines < 2 {
			t.Errorf("the line under the core has %d line at %v; the hint does not fit one", w.coreV.infoMaxLines, size)
		}
	}
}

// At 800×600 the open picker does not fit under the controls: the wheel scrolls it to its
// last file, which can then be clicked.
func TestSmallWindowPanelScrolls(t *testing.T) {
	atSize(t, smallSize)
	w := newTestWindow(t, "bundled:dwarf.red", "bundled:paper.red", "bundled:imp.red")
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Add program")
	end := "scanner.red" // the picker's last line, the last Redcode file of robots/core
	// (A label's bounds are loose below: its top says where it is.)
	visible := func(text string) bool {
		b, ok := h.findText(text)
		return ok && b.Min.Y+20 <= winSize.Y
	}
	if visible(end) {
		t.Fatal("the whole picker fits at 800×600: the test proves nothing")
	}
	p := f32.Pt(600, 450) // over the panel's list
	for i := 0; i < 40 && !visible(end); i++ {
		h.r.Queue(pointer.Event{Kind: pointer.Scroll, Position: p, Scroll: f32.Pt(0, 60), Source: pointer.Mouse})
		h.frame()
	}
	if !visible(end) {
		t.Fatal("the wheel did not scroll the picker to its end")
	}
	h.clickLabel(t, "scanner.red")
	if n := len(w.players); n != 4 || !strings.HasSuffix(w.players[3].path, "scanner.red") {
		t.Fatalf("clicking scanner.red after scrolling: %d players", n)
	}
	// The controls above the tabs stay where they were.
	if b, ok := h.find("Start"); !ok || b.Min.Y < 0 {
		t.Fatal("the Start button scrolled away with the panel")
	}
}

func TestCellInfoLines(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.cw", "bundled:imp.cw")
	h := newHarness(w)
	h.frame()
	if w.coreV.infoMaxLines != 1 {
		t.Errorf("the line under the core has %d lines at %v, want 1", w.coreV.infoMaxLines, winSize)
	}
}

// TestSmallWindowKeepsTheCoreWithAnInspector: an inspector open in a small window leaves the
// core at least 140 px wide (it was a 130 px sliver at 800×600, 50 px at 640×450 and gone at
// 560×420): the
// panel goes under the core and its inspectors.
func TestSmallWindowKeepsTheCoreWithAnInspector(t *testing.T) {
	for _, size := range []image.Point{smallSize, minSize, {560, 420}} {
		t.Run(fmt.Sprintf("%dx%d", size.X, size.Y), func(t *testing.T) {
			atSize(t, size)
			w, h := redcodeDuel(t)
			h.frame()
			if _, ok := h.findText("Process 0 · "); !ok {
				t.Fatal("no panel of process 0 in view")
			}
			if wide := w.core.cell * float32(w.core.side); wide < 140 {
				t.Errorf("the core is drawn %.0f px wide with an inspector open", wide)
			}
			checkNoOverlap(t, h, "an inspector open")
		})
	}
}

// Each tab opens where it was scrolled to: the tabs share one scrolled list, and a tab
// opened at the offset of the one left. At 800×600, after the picker scrolled down in the
// Players tab, the Statistics opened with its header and first lines out of sight.
func TestTabsKeepTheirOwnScroll(t *testing.T) {
	atSize(t, smallSize)
	w := newTestWindow(t, "bundled:dwarf.red", "bundled:paper.red", "bundled:imp.red", "bundled:scanner.red")
	h := newHarness(w)
	h.frame()
	w.InspectProcess(0) // the panel goes under the core, the tabs get less height
	h.frame()
	h.clickLabel(t, "Add program")
	p := f32.Pt(600, 500) // over the panel's list
	for i := 0; i < 40; i++ {
		h.r.Queue(pointer.Event{Kind: pointer.Scroll, Position: p, Scroll: f32.Pt(0, 60), Source: pointer.Mouse})
		h.frame()
	}
	scrolled := w.panelList.Position
	if scrolled.Offset == 0 && scrolled.First == 0 {
		t.Fatal("the Players tab did not scroll: the test proves nothing")
	}
	h.clickLabel(t, "Statistics")
	h.frame()
	if pos := w.panelList.Position; pos.First != 0 || pos.Offset != 0 {
		t.Errorf("the Statistics, never scrolled, open scrolled by %d px, where the Players tab left the list", pos.Offset)
	}
	h.clickLabel(t, "Players")
	h.frame()
	if w.panelList.Position.Offset != scrolled.Offset {
		t.Errorf("back in Players the list is at %d, was scrolled to %d", w.panelList.Position.Offset, scrolled.Offset)
	}
}
