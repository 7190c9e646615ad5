package corewin

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gioui.org/f32"
	"gioui.org/io/input"
	"gioui.org/io/key"
	"gioui.org/io/pointer"
	"gioui.org/io/semantic"
)

// editorBounds is where the program editor is on screen: the largest text field.
func (h *harness) editorBounds() (image.Rectangle, bool) {
	var best image.Rectangle
	var walk func(ns []input.SemanticNode)
	walk = func(ns []input.SemanticNode) {
		for _, n := range ns {
			if b := n.Desc.Bounds; n.Desc.Class == semantic.Editor && b.Dx()*b.Dy() > best.Dx()*best.Dy() {
				best = b
			}
			walk(n.Children)
		}
	}
	walk(h.r.AppendSemantics(nil))
	return best, !best.Empty()
}

// openInEditor writes src to a file, opens the Core War mode with it as the only player and
// opens it in the editor with the Edit button; the harness is returned after a few frames.
func openInEditor(t *testing.T, name, src string) (*Window, *harness, string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	w := newDiskWindow(t, file)
	if len(w.players) != 1 {
		t.Fatalf("%s did not load: %q", name, w.Errors())
	}
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Edit")
	if w.tab != tabEditor {
		t.Fatal("Edit did not open the editor tab")
	}
	h.frame()
	h.frame()
	return w, h, file
}

// focusEditor clicks into the editor's text, as a user does before typing.
func (h *harness) focusEditor(t *testing.T) {
	t.Helper()
	b, ok := h.editorBounds()
	if !ok {
		t.Fatal("no editor on screen")
	}
	h.click(f32.Pt(float32(b.Min.X+4), float32(b.Min.Y+6)))
	if !h.r.Source().Focused(&h.w.editor.ed) {
		t.Fatal("clicking the text did not give the editor the keyboard")
	}
}

// typeText inserts text at rune offset at, as the window does for typing and pasting: the
// edit, then the caret after it.
func (h *harness) typeText(at int, text string) {
	end := at + len([]rune(text))
	h.r.Queue(key.EditEvent{Range: key.Range{Start: at, End: at}, Text: text},
		key.SelectionEvent{Start: end, End: end})
}

func TestEditorIsNotModifiedWhenOpened(t *testing.T) {
	src, err := readSample("dwarf.cw")
	if err != nil {
		t.Fatal(err)
	}
	w, h, _ := openInEditor(t, "dwarf.cw", string(src))
	if got := w.editor.Title(); got != "dwarf.cw" {
		t.Fatalf("title %q right after opening, want %q", got, "dwarf.cw")
	}
	if _, ok := h.findText("dwarf.cw (modified)"); ok {
		t.Fatal("\"(modified)\" is on screen for a file just opened")
	}
	// Typing changes it; taking the change back makes it the file's text again.
	h.focusEditor(t)
	h.typeText(0, "x")
	h.frame()
	h.frame()
	if _, ok := h.findText("dwarf.cw (modified)"); !ok {
		t.Fatalf("no \"(modified)\" after typing; title %q", w.editor.Title())
	}
	h.r.Queue(key.EditEvent{Range: key.Range{Start: 0, End: 1}, Text: ""})
	h.frame()
	h.frame()
	if got := w.editor.Title(); got != "dwarf.cw" {
		t.Fatalf("title %q once the text is the file's again", got)
	}
	// Opening the file again after a change shows the change (opening another asks first,
	// and then starts unmodified: TestEditAnotherProgramAsksBeforeDiscardingChanges).
	h.typeText(0, "y")
	h.frame()
	w.OpenEditor(w.players[0].path)
	h.frame()
	h.frame()
	if got := w.editor.Title(); got != "dwarf.cw (modified)" || !strings.HasPrefix(w.editor.ed.Text(), "y") {
		t.Fatalf("title %q after opening the file again", got)
	}
}

// A tab-indented Redcode warrior, as many published ones are.
const tabbedImp = ";redcode-94\n;name Tabbed\n;author test\n\tmov.i\t0,\t1\n\tend\n"

func TestEditorExpandsTabsToTabStops(t *testing.T) {
	w, h, file := openInEditor(t, "tabbed.red", tabbedImp)
	text := w.editor.ed.Text()
	want := ";redcode-94\n;name Tabbed\n;author test\n        mov.i   0,      1\n        end\n"
	if text != want {
		t.Fatalf("editor text\n%q\nwant tabs expanded to stops every %d columns:\n%q", text, tabWidth, want)
	}
	if w.editor.Title() != "tabbed.red" {
		t.Fatalf("title %q: expanding the tabs is not a change of the user's", w.editor.Title())
	}
	if _, ok := h.findText("The file's tabs are shown as spaces"); !ok {
		t.Fatal("the editor does not say that the tabs are shown as spaces")
	}
	if len(w.editor.Errors()) != 0 {
		t.Fatalf("errors %v in the expanded text", w.editor.Errors())
	}
	// Saving without a change leaves the file's own tabs alone.
	if err := w.editor.Save(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(file); string(got) != tabbedImp {
		t.Fatalf("saving the unchanged text rewrote the file as %q", got)
	}
	// A pasted tab becomes spaces to the next stop, and the caret stays after the paste.
	h.focusEditor(t)
	line4 := len([]rune(";redcode-94\n;name Tabbed\n;author test\n"))
	w.editor.ed.SetCaret(line4, line4)
	h.typeText(line4, "x:\t")
	h.frame()
	h.frame()
	text = w.editor.ed.Text()
	if strings.Contains(text, "\t") || !strings.Contains(text, "\nx:      "+strings.Repeat(" ", 8)+"mov.i") {
		t.Fatalf("after pasting \"x:\\t\" at line 4: %q", text)
	}
	if start, end := w.editor.ed.Selection(); start != line4+8 || end != start {
		t.Fatalf("caret at %d..%d after the paste, want %d", start, end, line4+8)
	}
	// The Tab key inserts spaces to the next stop and keeps the keyboard in the editor.
	w.editor.ed.SetCaret(line4+1, line4+1) // after "x"
	h.r.Queue(key.Event{Name: key.NameTab, State: key.Press}, key.Event{Name: key.NameTab, State: key.Release})
	h.frame()
	h.frame()
	if text := w.editor.ed.Text(); !strings.Contains(text, "\nx       :"+strings.Repeat(" ", 14)+"mov.i") {
		t.Fatalf("after Tab behind \"x\": %q", text)
	}
	if !h.r.Source().Focused(&w.editor.ed) {
		t.Fatal("Tab took the keyboard away from the editor")
	}
	if w.editor.Title() != "tabbed.red (modified)" {
		t.Fatalf("title %q after typing", w.editor.Title())
	}
}

func TestExpandTabs(t *testing.T) {
	for _, c := range []struct {
		in        string
		caret     int
		out       string
		wantCaret int
	}{
		{"a\tb", 2, "a       b", 8},
		{"\t\tx", 1, "                x", 8},
		{"1234567\tx\n\ty", 9, "1234567 x\n        y", 9},
		{"été\tx", 4, "été     x", 8},
		{"no tabs", 3, "no tabs", 3},
		{"a\t", 2, "a       ", 8},
	} {
		out, caret := expandTabs(c.in, c.caret)
		if out != c.out || caret != c.wantCaret {
			t.Errorf("expandTabs(%q, %d) = %q, %d; want %q, %d", c.in, c.caret, out, caret, c.out, c.wantCaret)
		}
	}
}

func TestEditorLongLinesScrollSideways(t *testing.T) {
	long := "#" + strings.Repeat(" a long comment that runs far past the panel's edge", 6)
	src := "title Long\nimp: move imp, next\nnext: data 0\n" + long + "\n"
	w, h, _ := openInEditor(t, "long.cw", src)
	e := &w.editor
	view := e.viewW
	if view <= 0 {
		t.Fatal("the editor's view was not laid out")
	}
	// The long line does not wrap: the editor is as wide as the line, wider than its view.
	if e.textW <= view || len(strings.Split(e.ed.Text(), "\n")) != 5 {
		t.Fatalf("editor %d px wide in a %d px view", e.textW, view)
	}
	// End on the long line: the view scrolls sideways to show the caret.
	h.focusEditor(t)
	start := len([]rune("title Long\nimp: move imp, next\nnext: data 0\n"))
	e.ed.SetCaret(start, start)
	h.frame()
	h.r.Queue(key.Event{Name: key.NameEnd, State: key.Press})
	h.frame()
	h.frame()
	if caret, _ := e.ed.Selection(); caret != start+len([]rune(long)) {
		t.Fatalf("End put the caret at %d, want the end of the long line %d", caret, start+len([]rune(long)))
	}
	x := int(e.ed.CaretCoords().X) - e.hscroll.Position.Offset
	if e.hscroll.Position.Offset == 0 || x < 0 || x > view {
		t.Fatalf("caret %d px into the text, scrolled by %d: %d px into a %d px view", int(e.ed.CaretCoords().X), e.hscroll.Position.Offset, x, view)
	}
	// Home scrolls back.
	h.r.Queue(key.Event{Name: key.NameHome, State: key.Press})
	h.frame()
	h.frame()
	if e.hscroll.Position.Offset != 0 {
		t.Fatalf("after Home the view is still scrolled by %d", e.hscroll.Position.Offset)
	}
	// A sideways wheel (or Shift+wheel) over the text scrolls it too, and the caret does not
	// pull it back while it stays put.
	b, ok := h.editorBounds()
	if !ok {
		t.Fatal("no editor on screen")
	}
	p := f32.Pt(float32(b.Min.X+20), float32(b.Min.Y+10))
	h.r.Queue(pointer.Event{Kind: pointer.Move, Position: p, Source: pointer.Mouse},
		pointer.Event{Kind: pointer.Scroll, Position: p, Scroll: f32.Pt(120, 0), Source: pointer.Mouse})
	h.frame()
	h.frame()
	if e.hscroll.Position.Offset <= 0 {
		t.Fatal("a sideways wheel did not scroll the text")
	}
}

func TestEditorFollowsTheCaretDownAndUp(t *testing.T) {
	var b strings.Builder
	b.WriteString("title Tall\nimp: move imp, next\nnext: data 0\n")
	for i := 0; i < 100; i++ {
		b.WriteString("# a comment line, to make the program taller than the panel\n")
	}
	w, h, _ := openInEditor(t, "tall.cw", b.String())
	e := &w.editor
	if e.panelH <= 0 || e.codeTop <= 0 {
		t.Fatalf("panel %d px high, code from %d px: not laid out", e.panelH, e.codeTop)
	}
	// caretInView reports whether the caret's line is inside the panel's visible part.
	caretInView := func() bool {
		y := e.codeTop + int(e.ed.CaretCoords().Y) - w.panelList.Position.Offset
		return y-16 >= 0 && y+4 <= e.panelH
	}
	h.focusEditor(t)
	e.ed.SetCaret(0, 0)
	h.frame()
	press := func(name key.Name, n int) {
		for i := 0; i < n; i++ {
			h.r.Queue(key.Event{Name: name, State: key.Press}, key.Event{Name: name, State: key.Release})
			h.frame()
		}
		h.frame()
	}
	press(key.NameDownArrow, 102)
	if line, _ := e.ed.CaretPos(); line != 102 {
		t.Fatalf("the caret is on line %d after 102 × Down, want 102 (0-based)", line)
	}
	if w.panelList.Position.Offset == 0 || !caretInView() {
		t.Fatalf("caret on line 103 at %d px into the tab; the panel scrolled by %d of its %d px: not in view",
			e.codeTop+int(e.ed.CaretCoords().Y), w.panelList.Position.Offset, e.panelH)
	}
	press(key.NameUpArrow, 102)
	if !caretInView() {
		t.Fatalf("back on line 1 the panel is still scrolled by %d", w.panelList.Position.Offset)
	}
}

// Edit on another player while the editor's text is modified asks before the other program
// replaces it (the confirm bar, as other replacing changes ask); Cancel keeps the text and
// Discard opens the other program. Edit on the program being edited shows its changes. It
// replaced the text at once: the changes were lost.
func TestEditAnotherProgramAsksBeforeDiscardingChanges(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.red", "bundled:scanner.red")
	h := newHarness(w)
	h.frame()
	h.clickLabel(t, "Edit") // Dwarf's: the top-most
	if w.tab != tabEditor || w.editor.Title() != "dwarf.red" {
		t.Fatalf("Edit opened tab %d, title %q", w.tab, w.editor.Title())
	}
	h.frame()
	h.focusEditor(t)
	h.typeText(0, "; mine\n")
	h.frame()
	h.frame()
	if _, ok := h.findText("dwarf.red (modified)"); !ok {
		t.Fatalf("no \"dwarf.red (modified)\" after typing; title %q", w.editor.Title())
	}
	edited := w.editor.ed.Text()
	editScanner := func() {
		t.Helper()
		h.clickLabel(t, "Players")
		h.clickBelow(t, "Edit", "Edit") // Scanner's, below Dwarf's
	}
	editScanner()
	q := "Discard the changes to dwarf.red?"
	h.asked(t, q)
	if w.editor.ed.Text() != edited || !strings.HasSuffix(w.editor.path, "dwarf.red") {
		t.Fatalf("Edit on Scanner replaced the modified text before the answer: %q", w.editor.Title())
	}
	h.clickLabel(t, "Cancel")
	if w.confirm.Question() != "" || w.editor.ed.Text() != edited || w.editor.Title() != "dwarf.red (modified)" {
		t.Fatalf("after Cancel: pending %q, title %q", w.confirm.Question(), w.editor.Title())
	}
	// Edit on Dwarf again shows the changes, without a question.
	h.clickLabel(t, "Players")
	h.clickLabel(t, "Edit")
	if w.tab != tabEditor || w.confirm.Question() != "" || w.editor.ed.Text() != edited {
		t.Fatalf("Edit on the program being edited: tab %d, pending %q, title %q", w.tab, w.confirm.Question(), w.editor.Title())
	}
	editScanner()
	h.asked(t, q)
	h.clickLabel(t, "Discard")
	h.frame()
	if w.tab != tabEditor || w.editor.Title() != "scanner.red" || w.confirm.Question() != "" {
		t.Fatalf("after Discard: tab %d, title %q, pending %q", w.tab, w.editor.Title(), w.confirm.Question())
	}
	if _, ok := h.findText("scanner.red"); !ok {
		t.Fatal("the editor does not show scanner.red after Discard")
	}
	// Unmodified, Edit on another program opens it at once.
	h.clickLabel(t, "Players")
	h.clickLabel(t, "Edit")
	if w.confirm.Question() != "" || w.editor.Title() != "dwarf.red" {
		t.Fatalf("Edit with no changes: pending %q, title %q", w.confirm.Question(), w.editor.Title())
	}
}

// Unsaved names the program whose text in the editor is modified and not saved, for the
// question before the window closes; "" before any change and again once saved.
func TestUnsavedNamesTheModifiedProgram(t *testing.T) {
	src, err := readSample("dwarf.red")
	if err != nil {
		t.Fatal(err)
	}
	w, h, _ := openInEditor(t, "dwarf.red", string(src))
	if got := w.Unsaved(); got != "" {
		t.Fatalf("Unsaved() = %q right after opening, want \"\"", got)
	}
	h.focusEditor(t)
	h.typeText(0, "; mine\n")
	h.frame()
	if got := w.Unsaved(); got != "dwarf.red" {
		t.Fatalf("Unsaved() = %q after typing, want \"dwarf.red\"", got)
	}
	h.clickLabel(t, "Save and reload")
	if got := w.Unsaved(); got != "" {
		t.Fatalf("Unsaved() = %q after saving, want \"\"", got)
	}
}

// AskQuit asks in the confirm bar, with no game under way too; Cancel keeps the window,
// Quit calls quit once.
func TestAskQuitAsksInTheConfirmBar(t *testing.T) {
	w := newTestWindow(t, "bundled:dwarf.red", "bundled:scanner.red")
	h := newHarness(w)
	h.frame()
	if w.snap.underWay() {
		t.Fatal("a game is under way at the start")
	}
	quits := 0
	q := "Quit without saving dwarf.red?"
	w.AskQuit(q, func() { quits++ })
	h.frame()
	h.asked(t, q)
	h.clickLabel(t, "Cancel")
	if quits != 0 || w.confirm.Question() != "" {
		t.Fatalf("after Cancel: quit called %d times, pending %q", quits, w.confirm.Question())
	}
	w.AskQuit(q, func() { quits++ })
	h.frame()
	h.asked(t, q)
	h.clickLabel(t, "Quit")
	if quits != 1 || w.confirm.Question() != "" {
		t.Fatalf("after Quit: quit called %d times, pending %q", quits, w.confirm.Question())
	}
}

// The errors follow the text as it is typed, as in the RoboCom editor: they stayed as the
// last Check left them, each under the line now at its number.
func TestEditorChecksAsYouType(t *testing.T) {
	w, h, _ := openInEditor(t, "mine.red", ";name Mine\nMOV 0, 1\n")
	h.focusEditor(t)
	codeTop := w.editor.codeTop
	h.typeText(len([]rune(";name Mine\nMOV 0, 1\n")), "FOO 1, 2\n")
	h.frame()
	if errs := w.editor.Errors(); len(errs) == 0 || errs[0].Line != 3 {
		t.Fatalf("after typing a bad line: errors %v, want one at line 3", errs)
	}
	// The errors are listed under the code, so that the text being typed stays where it is.
	if w.editor.codeTop != codeTop {
		t.Errorf("the code moved from %d to %d px down the tab when an error came", codeTop, w.editor.codeTop)
	}
	h.typeText(0, "\n")
	h.frame()
	if errs := w.editor.Errors(); len(errs) == 0 || errs[0].Line != 4 {
		t.Fatalf("after a line more above it: errors %v, want the error at line 4", errs)
	}
}

// What became of a Save stays on the editor's status line while the text is typed in: the
// check as you type rewrote the whole line at every key, so a save that failed no longer
// said so, nor did a save waiting for its reload to be answered over the core, and the
// answer then never said that the players were reloaded.
func TestTypingKeepsWhatBecameOfTheSave(t *testing.T) {
	w, h, file := openInEditor(t, "mine.red", ";name Mine\nMOV 0, 1\n")
	h.runABlock(t)
	h.focusEditor(t)
	h.typeText(0, ";x\n")
	h.frame()
	h.clickLabel(t, "Save and reload")
	h.asked(t, "Reload mine.red and restart the game?")
	h.typeText(0, "\n")
	h.frame()
	if _, ok := h.findText(savedWaiting); !ok {
		t.Fatalf("after typing the editor says %q, not that the reload waits for an answer", w.editor.statusLine())
	}
	h.clickLabel(t, "Reload")
	h.frame()
	if _, ok := h.findText("Saved; the players were reloaded."); !ok {
		t.Fatalf("after Reload the editor says %q", w.editor.statusLine())
	}
	// A save that fails: its error stays while the text is typed in.
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(file, 0o755); err != nil { // (root writes anywhere: a folder in its place refuses)
		t.Fatal(err)
	}
	h.clickLabel(t, "Save and reload")
	want := file + " is a folder"
	if _, ok := h.findText(want); !ok {
		t.Fatalf("the failed save says %q", w.editor.statusLine())
	}
	h.typeText(0, "\n")
	h.frame()
	if _, ok := h.findText(want); !ok || !strings.HasSuffix(w.editor.statusLine(), "to write. No errors; 1 warning, listed under the code.") {
		t.Fatalf("after typing the editor says %q, not the save's error and the check's result", w.editor.statusLine())
	}
}
