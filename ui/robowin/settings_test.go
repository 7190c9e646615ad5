package robowin

import (
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
