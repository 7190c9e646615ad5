package corewin

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"robocom/ui/internal/goldentest"
)

const (
	impNoAssert = ";name Imp\nMOV 0, 1\n"
	impAssert   = ";name Imp\n;assert CORESIZE == 8000\nMOV 0, 1\n"
	missing     = "Missing ';assert'. Warrior may not work with the current setting"
)

// labelsWith are the labels on screen that hold text anywhere.
func (h *harness) labelsWith(text string) []string {
	var out []string
	for _, n := range goldentest.Semantics(&h.r) {
		if strings.Contains(n.Desc.Label, text) {
			out = append(out, n.Desc.Label)
		}
	}
	sort.Strings(out)
	return out
}

// diskWindow opens the Core War mode on a folder holding files (name → source), with players.
func diskWindow(t *testing.T, files map[string]string, players ...string) (*Window, *harness) {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Skip(err) // a file system that refuses the name
		}
	}
	w := New(Config{Roots: []Root{{Name: "disk", FS: os.DirFS(dir), Home: "."}}, Files: players, Seed: 1})
	t.Cleanup(w.Close)
	h := newHarness(w)
	h.frame()
	return w, h
}

// A warrior picked in the Players tab that the assembler warns of (pMARS's missing ;assert)
// is added all the same, and the user is told: the status line says it as news, in the
// notice colour's state, and the Players tab lists it as a warning, in the form robocom core
// prints on stderr. A warrior with an ;assert is added without a word of warning.
func TestAddingAWarriorWithoutAssertWarns(t *testing.T) {
	for _, c := range []struct {
		file, src string
		news      string // the status line after the pick
		listed    string // the Players tab's line; "" for none
	}{
		{"noassert.red", impNoAssert, "noassert.red: 1 warning: " + missing, "noassert.red: warning: " + missing},
		{"clean.red", impAssert, "", ""},
		{"relab.red", ";assert 1\nlab MOV 0, 1\nlab DAT 0, 0\nFOR 2\n",
			"relab.red: 2 warnings, the first: line 3: Ignored, redefinition of label 'lab'",
			"relab.red:3: warning: Ignored, redefinition of label 'lab'"},
	} {
		t.Run(c.file, func(t *testing.T) {
			w, h := diskWindow(t, map[string]string{c.file: c.src})
			h.clickLabel(t, "Add program")
			h.clickLabel(t, c.file)
			h.frame()
			if len(w.players) != 1 || w.players[0].prog.Name != "Imp" && c.file != "relab.red" {
				t.Fatalf("%s was not added: %d players, errors %q", c.file, len(w.players), w.Errors())
			}
			if len(w.Errors()) != 0 {
				t.Errorf("load errors %q", w.Errors())
			}
			if got := w.Message(); got != c.news {
				t.Errorf("status line %q, want %q", got, c.news)
			}
			if c.news == "" {
				if got := h.labelsWith("warning"); len(got) != 0 {
					t.Errorf("a warrior without warnings is warned of on screen: %q", got)
				}
				return
			}
			if !w.msgInfo {
				t.Error("the warning is on the status line as a refusal (error colour), not as news")
			}
			if _, ok := h.findText(c.news); !ok {
				t.Errorf("the status line's %q is not on screen", c.news)
			}
			if got := h.labelsWith(c.listed); len(got) != 1 || got[0] != c.listed {
				t.Errorf("the Players tab lists %q, want the one line %q", got, c.listed)
			}
			if _, ok := h.findText("Load warnings"); !ok {
				t.Error("no \"Load warnings\" heading above the warnings")
			}
			// The player is playable: the list and the line stay once the picker is closed.
			h.clickLabel(t, "Players")
			if got := h.labelsWith(c.listed); len(got) != 1 {
				t.Errorf("with the picker closed the Players tab lists %q", got)
			}
		})
	}
}

// Reloading the players (new parameters) keeps the list of their warnings in step: a warrior
// still without ;assert is still listed once; removing it takes its warning away.
func TestReloadAndRemoveKeepWarningsInStep(t *testing.T) {
	w, h := diskWindow(t, map[string]string{"noassert.red": impNoAssert, "clean.red": impAssert}, "disk:noassert.red", "disk:clean.red")
	listed := "noassert.red: warning: " + missing
	if len(w.players) != 2 {
		t.Fatalf("%d players, errors %q", len(w.players), w.Errors())
	}
	if got := h.labelsWith(listed); len(got) != 1 {
		t.Fatalf("at start the Players tab lists %q", got)
	}
	h.clickLabel(t, "Parameters")
	h.clickLabel(t, "Apply and restart")
	h.clickLabel(t, "Players")
	if got := h.labelsWith(": warning:"); len(got) != 1 || got[0] != listed {
		t.Errorf("after a reload the Players tab lists %q, want %q once", got, listed)
	}
	h.clickLabel(t, "Remove") // the first player's, the warned one
	if len(w.players) != 1 {
		t.Fatalf("%d players after Remove", len(w.players))
	}
	if got := h.labelsWith(": warning:"); len(got) != 0 {
		t.Errorf("the removed player's warning is still listed: %q", got)
	}
}

// A file name that would break or rewrite a line on screen (an escape character, a
// newline, a right-to-left override) is escaped in the warnings as termtext escapes it for
// robocom core's stderr.
func TestWarningsEscapeTheFileName(t *testing.T) {
	for _, c := range []struct{ name, shown string }{
		{"no\x1bassert.red", `no\x1bassert.red`},
		{"imp.red\nfake.red", `imp.red\nfake.red`},
		{"imp\u202eder.red", `imp\u202eder.red`},
	} {
		t.Run(c.shown, func(t *testing.T) {
			w, h := diskWindow(t, map[string]string{c.name: impNoAssert}, "disk:"+c.name)
			if len(w.players) != 1 {
				t.Fatalf("%d players, errors %q", len(w.players), w.Errors())
			}
			if want := c.shown + ": 1 warning: " + missing; w.Message() != want {
				t.Errorf("status line %q, want %q", w.Message(), want)
			}
			want := c.shown + ": warning: " + missing
			if got := h.labelsWith(": warning:"); len(got) != 1 || got[0] != want {
				t.Errorf("the Players tab lists %q, want %q", got, want)
			}
		})
	}
}

// The editor's check shows the warnings of the source being edited as it shows errors: each
// under its source line (or alone, for the whole file), marked "warning:", with the count in
// its status; a source that no longer has any shows none.
func TestEditorCheckShowsWarnings(t *testing.T) {
	w, h, _ := openInEditor(t, "noassert.red", impNoAssert)
	if got := w.editor.Warnings(); len(got) != 1 || got[0].Msg != missing {
		t.Fatalf("the editor's warnings %v, want the missing ;assert", got)
	}
	if len(w.editor.Errors()) != 0 || w.editor.status != "No errors; 1 warning, listed under the code." {
		t.Errorf("errors %v, status %q", w.editor.Errors(), w.editor.status)
	}
	if _, ok := h.findText("warning: " + missing); !ok {
		t.Errorf("the warning is not under the editor's buttons; labels: %q", h.labelsWith("warning"))
	}
	if _, ok := h.findText("No errors; 1 warning, listed under the code."); !ok {
		t.Error("the editor's status does not count the warning")
	}
	// A label defined twice: the warning under its line, at the line's number.
	w.editor.SetText(";assert 1\nlab MOV 0, 1\nlab DAT 0, 0\n")
	h.clickLabel(t, "Check")
	want := "   3 | lab DAT 0, 0\n       warning: Ignored, redefinition of label 'lab'" // no column, no caret
	if got := h.labelsWith("       warning:"); len(got) != 1 || got[0] != want {
		t.Errorf("after Check the editor shows %q, want %q", got, want)
	}
	// Fixed: nothing.
	w.editor.SetText(impAssert)
	h.clickLabel(t, "Check")
	if len(w.editor.Warnings()) != 0 || w.editor.status != "No errors." {
		t.Errorf("a clean source: warnings %v, status %q", w.editor.Warnings(), w.editor.status)
	}
	for _, l := range h.labelsWith("warning") {
		if l != w.Message() { // (the status line's news of the file's load, which stays ten seconds)
			t.Errorf("a clean source is warned of on screen: %q", l)
		}
	}
}

// Add all here adds a folder's warriors, those warned of too, and its news counts them; the
// Players tab lists each warning.
func TestAddAllCountsTheWarned(t *testing.T) {
	w, h := diskWindow(t, map[string]string{"noassert.red": impNoAssert, "clean.red": impAssert, "relab.red": ";assert 1\nlab MOV 0, 1\nlab DAT 0, 0\n"})
	h.clickLabel(t, "Add program")
	h.clickLabel(t, "Add all here")
	h.frame()
	if len(w.players) != 3 {
		t.Fatalf("%d players, errors %q", len(w.players), w.Errors())
	}
	if want := "Added 3 programs. 2 with warnings, listed below."; w.Message() != want || !w.msgInfo {
		t.Errorf("status line %q (news %v), want %q as news", w.Message(), w.msgInfo, want)
	}
	want := []string{"noassert.red: warning: " + missing, "relab.red:3: warning: Ignored, redefinition of label 'lab'"}
	if got := h.labelsWith(": warning:"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the Players tab lists %q, want %q", got, want)
	}
}

// A program that does not load is listed in the Players tab as robocom core prints it, its
// file name escaped like a warning's: one line each error, however the name is spelled (a
// newline in it once split the error in two), and fixing the file clears its errors.
func TestLoadErrorsEscapeTheFileName(t *testing.T) {
	const broken = ";name Broken\n;assert 1\nFOO 0, 1\n"
	for _, c := range []struct{ name, shown string }{
		{"bad.red", "bad.red"},
		{"bad\x1b[31m.red", `bad\x1b[31m.red`},
		{"imp.red\nfake.red", `imp.red\nfake.red`},
		{"bad\u202eder.red", `bad\u202eder.red`},
	} {
		t.Run(c.shown, func(t *testing.T) {
			w, h := diskWindow(t, map[string]string{c.name: broken}, "disk:"+c.name)
			if len(w.players) != 0 {
				t.Fatalf("%d players from a broken file", len(w.players))
			}
			errs := w.Errors()
			if len(errs) != 1 || !strings.HasPrefix(errs[0], c.shown+":3: ") {
				t.Fatalf("load errors %q, want one line starting %q", errs, c.shown+":3: ")
			}
			if got := h.labelsWith(c.shown + ":3: "); len(got) != 1 {
				t.Errorf("the Players tab shows %q, want the one error line", got)
			}
			w.session.clearErrorsFor(c.name)
			if len(w.Errors()) != 0 {
				t.Errorf("clearing %q's errors left %q", c.name, w.Errors())
			}
		})
	}
}

// rawControl reports the first character of s a text shaper would act on rather than show: a
// control character or a bidirectional override.
func rawControl(s string) (rune, bool) {
	for _, r := range s {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			return r, true
		}
	}
	return 0, false
}

// noRawLabels fails the test if a label on screen holds a control character or a
// bidirectional override raw.
func (h *harness) noRawLabels(t *testing.T, where string) {
	t.Helper()
	for _, n := range goldentest.Semantics(&h.r) {
		if r, raw := rawControl(n.Desc.Label); raw {
			t.Errorf("%s: label %q holds %U raw", where, n.Desc.Label, r)
		}
	}
}

// TestWarriorNamesShownEscaped: a warrior's ;name line reaches the Players tab, the title, the
// Statistics tab, the inspector and the status line escaped, as file names and errors do and
// as robocom core prints it: a right-to-left override in it reversed the name on screen
// ("Evilm13]□gniK") and ESC showed as a box.
func TestWarriorNamesShownEscaped(t *testing.T) {
	const shown = `Evil\u202eKing\x1b[31m`
	w, h := diskWindow(t, map[string]string{
		"evil.red":   ";name Evil\u202eKing\x1b[31m\n;assert 1\nMOV 0, 1\n",
		"dwarf.red":  ";name Dwarf\n;assert 1\nADD #4, 3\nMOV 2, @2\nJMP -2\nDAT #0, #0\n",
		"a\x1bb.txt": "not a program",
	}, "disk:evil.red", "disk:dwarf.red")
	if len(w.players) != 2 {
		t.Fatalf("%d players, errors %q", len(w.players), w.Errors())
	}
	if got := w.players[0].prog.Name; got != shown {
		t.Errorf("name %q, want %q", got, shown)
	}
	if len(h.labelsWith(shown)) == 0 {
		t.Errorf("the Players tab does not show %q", shown)
	}
	h.noRawLabels(t, "Players")
	if r, raw := rawControl(w.Title()); raw {
		t.Errorf("title %q holds %U raw", w.Title(), r)
	}
	h.runABlock(t)
	h.clickLabel(t, "Statistics")
	h.frame()
	if len(h.labelsWith(shown)) == 0 {
		t.Errorf("the Statistics tab does not show %q", shown)
	}
	h.noRawLabels(t, "Statistics")
	w.insp.open(0) // the evil warrior's inspector
	h.frame()
	h.noRawLabels(t, "inspector")
	w.session.AddPlayer("disk:a\x1bb.txt")
	if r, raw := rawControl(w.Message()); raw || !strings.Contains(w.Message(), `a\x1bb.txt`) {
		t.Errorf("status line %q: raw %U, want the file named escaped", w.Message(), r)
	}
}

// What the window says of its command line's files is said together: a refusal of one file
// stayed hidden behind what was said of the next (the status line kept the last sentence).
func TestStartSaysEveryRefusalAndWarning(t *testing.T) {
	w, _ := diskWindow(t, map[string]string{"imp.red": impNoAssert, "hive.rob": "Name Hive\n", "dwarf.cw": "Dwarf\n"},
		"disk:hive.rob", "disk:imp.red", "disk:dwarf.cw")
	want := "hive.rob is not a Core War program: the Core War mode plays .red, .cw and .vna files. " +
		"imp.red: 1 warning: " + missing + ". " +
		"dwarf.cw is Corewars (.cw), the players are Redcode (.red): one game is in one language. Remove the players to switch."
	if got := w.Message(); got != want {
		t.Errorf("status line %q,\nwant %q", got, want)
	}
	if w.msgInfo {
		t.Error("the status line says two refusals in the colour of news")
	}
}

// Two warriors of one name (two versions of Imp) are told apart in the tournament's table by
// their files, as the RoboCom window tells its players apart: both rows said "Imp".
func TestTournamentTellsWarriorsOfOneNameApart(t *testing.T) {
	w, h := diskWindow(t, map[string]string{"imp.red": impAssert, "imp2.red": impAssert}, "disk:imp.red", "disk:imp2.red")
	w.params.Cycles = 500 // (the core stays 8000: the warriors assert it)
	h.clickLabel(t, "Tournament")
	w.tourney.battles.SetText("1")
	h.clickLabel(t, "Play tournament")
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if res, running := w.tourney.Result(); res != nil && !running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the tournament did not finish")
		}
	}
	h.frame()
	for _, name := range []string{"Imp (imp.red)", "Imp (imp2.red)"} {
		if got := h.labelsWith(name); len(got) == 0 {
			t.Errorf("no %q on screen: %q", name, h.labelsWith("Imp"))
		}
	}
}
