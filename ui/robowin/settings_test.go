package robowin

import (
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robocom/ui/kit"
)

func TestUIRemembersPlayersAndFolder(t *testing.T) {
	dir := t.TempDir()
	st, _ := kit.OpenSettings(filepath.Join(dir, "settings.json"))
	cfg := Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: testFS(), Home: "."}}, Settings: st}
	u := New(cfg)
	u.playersPanel.picker.Open("test:sub")
	u.AddPlayer("test:sub/inner.rob")
	u.playersPanel.picker.Remember()
	u.Close()
	s := st.Get()
	if strings.Join(s.Players, ",") != "test:sub/inner.rob" || s.LastFolder != "test:sub" {
		t.Fatalf("remembered %+v", s)
	}
	cfg.Files = s.Players
	u2 := New(cfg)
	defer u2.Close()
	if len(u2.Players()) != 1 || u2.Players()[0].Name() != "Inner" || u2.playersPanel.picker.Location() != "test:sub" {
		t.Errorf("reopened with players %v in %s", u2.Players(), u2.playersPanel.picker.Location())
	}
}

// TestSettingsHeldUntilOpened: changes made before the window opened (a launch that then
// fails: no display) leave the file byte for byte; after Opened they are saved.
func TestSettingsHeldUntilOpened(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	orig := []byte("{\"players\": [\"disk:home/me/a.rob\", \"bundled:b.rob\"],   \"speed\": 3, \"speed_set\": true}\n")
	os.WriteFile(path, orig, 0o644)
	st, err := kit.OpenSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	st.Hold()
	// What a launch does before its window opens: New adds the command line's players,
	// Close saves.
	u := New(Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: testFS(), Home: "."}}, Settings: st, Files: []string{"test:p1.rob"}})
	u.Close()
	if b, _ := os.ReadFile(path); string(b) != string(orig) {
		t.Fatalf("a launch whose window never opened rewrote the settings:\n%s", b)
	}
	// An update that changes nothing writes nothing, opened or not.
	st.Opened()
	st2, _ := kit.OpenSettings(path)
	st2.Update(func(*kit.Settings) {})
	if b, _ := os.ReadFile(path); string(b) != string(orig) {
		t.Fatalf("an update without a change rewrote the settings:\n%s", b)
	}
	if err := st.Update(func(s *kit.Settings) { s.Speed = 4 }); err != nil {
		t.Fatal(err)
	}
	again, _ := kit.OpenSettings(path)
	if s := again.Get(); s.Speed != 4 || len(s.Players) != 1 {
		t.Errorf("after the window opened the change was not saved: %+v", s)
	}
}

// newSettingsHarness opens the window with the settings file at path, as a launch does, and
// the players files (p1 and p2 when none are given).
func newSettingsHarness(t *testing.T, path string, files ...string) (*harness, *kit.SettingsStore) {
	t.Helper()
	if files == nil {
		files = []string{"test:p1.rob", "test:p2.rob"}
	}
	st, err := kit.OpenSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, size: image.Pt(1280, 860)}
	h.u = New(Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: testFS(), Home: "."}}, Settings: st, Files: files})
	t.Cleanup(h.u.Close)
	h.frame()
	return h, st
}

// Rules edited in the Options tab come back at the next launch, for a built-in set and for a
// saved one: the settings kept only the name of the set they were edited from, so the board
// edited to 10 was 16 again.
func TestEditedRulesAreRemembered(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	setBoard := func(h *harness, v string) {
		board := h.u.tabbed.optEd.fields["board"]
		h.typeInto(board, board, v, true)
	}
	h, st := newSettingsHarness(t, path)
	h.optionsIn(filepath.Join(dir, "options"))
	h.clickLabel("rc3m")
	setBoard(h, "10")
	if h.u.opts.Name != "edited rc3m" {
		t.Fatalf("rules in use %q after editing rc3m", h.u.opts.Name)
	}
	h.u.Close()
	if s := st.Get(); s.Options != "rc3m" || s.OptionsText == "" {
		t.Fatalf("the settings keep options %q and text %q", s.Options, s.OptionsText)
	}
	h, _ = newSettingsHarness(t, path)
	if v, _ := h.u.opts.Get("board"); v != 10 || h.u.opts.Name != "edited rc3m" || !h.u.opts.RC3() {
		t.Fatalf("next launch: rules %q, board %d, rc3 %v", h.u.opts.Name, v, h.u.opts.RC3())
	}
	if v, _ := h.u.opts.Get("max-tasks"); v != 10 {
		t.Errorf("next launch: max-tasks %d, want rc3m's 10", v)
	}
	if m := h.u.Message(); m != "" {
		t.Errorf("next launch says %q", m)
	}

	// Edited values of a saved set, too; the Save as box names the set they came from.
	s := h.optionsIn(filepath.Join(dir, "options"))
	h.typeInto(&s.nameEd, &s.nameEd, "mine", false)
	h.clickLabel("Save")
	setBoard(h, "9")
	file := filepath.Join(dir, "options", "mine"+optionFileExt)
	if h.u.opts.Name != "edited "+file {
		t.Fatalf("rules in use %q after editing mine (message %q)", h.u.opts.Name, s.msg)
	}
	if !h.shows("Rules in use: edited mine") {
		t.Errorf("the Options tab does not say the rules are mine edited: %q", h.texts())
	}
	h.u.Close()
	h, _ = newSettingsHarness(t, path)
	if v, _ := h.u.opts.Get("board"); v != 9 || h.u.opts.Name != "edited "+file {
		t.Fatalf("next launch: rules %q, board %d", h.u.opts.Name, v)
	}
	if got := h.u.tabbed.optEd.nameEd.Text(); got != "mine" {
		t.Errorf("next launch: the Save as box holds %q", got)
	}
}

// Edited rules in a damaged or hand-edited settings file fall back with a notice: to the
// set they were edited from, or to the default when that does not load either.
// Why the rules fell back stays in view when a player does not load either: that player's
// notice replaced it at once, and the window said only that the player did not load.
func TestRulesNoticeOutlivesAFailedPlayer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	b, _ := json.Marshal(map[string]string{"options": "rc3m", "options_text": "board = 999\n"})
	os.WriteFile(path, b, 0o644)
	h, _ := newSettingsHarness(t, path, "test:p1.rob", "test:gone.rob")
	const why = "The rules edited last time did not load"
	if !strings.Contains(h.u.Message(), why) && !strings.Contains(strings.Join(h.u.Errors(), "\n"), why) {
		t.Errorf("notice %q and errors %q do not say why the rules fell back", h.u.Message(), h.u.Errors())
	}
	if !h.shows(why) {
		t.Errorf("why the rules fell back is not on screen: %q", h.texts())
	}
}

func TestRememberedEditedRulesThatDoNotLoad(t *testing.T) {
	for _, c := range []struct {
		name, options, text string
		board               int
		want                []string
	}{
		{"out of range", "rc3m", "board = 999\n", 16, []string{"The rules edited last time did not load (line 1: option board must be in 4..200, not 999)", "using rc3m."}},
		{"not an option file", "rc3m", "\x1b]0;owned\x07\n", 16, []string{`line 1: expected "key = value", got "\x1b]0;owned\a"`, "using rc3m."}},
		{"neither loads", "/nonexistent/x.options", "cost.move = -1\n", 16, []string{"The rules edited last time did not load (line 1: option cost.move", "the option set used last time did not load either", "using the default."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.json")
			b, _ := json.Marshal(map[string]string{"options": c.options, "options_text": c.text})
			os.WriteFile(path, b, 0o644)
			h, _ := newSettingsHarness(t, path)
			if v, _ := h.u.opts.Get("board"); v != c.board || strings.HasPrefix(h.u.opts.Name, "edited") {
				t.Errorf("rules %q, board %d", h.u.opts.Name, v)
			}
			if strings.ContainsRune(h.u.Message(), 0x1b) {
				t.Errorf("the notice %q holds an escape character", h.u.Message())
			}
			for _, w := range c.want {
				if !strings.Contains(h.u.Message(), w) {
					t.Errorf("the notice %q does not say %q", h.u.Message(), w)
				}
			}
		})
	}
}
