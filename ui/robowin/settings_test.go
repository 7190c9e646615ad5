package robowin

import (
	"path/filepath"
	"strings"
	"testing"

	"robocom/ui/shell"
)

func TestUIRemembersPlayersAndFolder(t *testing.T) {
	dir := t.TempDir()
	st, _ := shell.OpenSettings(filepath.Join(dir, "settings.json"))
	cfg := Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: testFS(), Home: "."}}, Settings: st}
	u := New(cfg)
	u.playersPanel.picker.Open("test:sub")
	u.AddPlayer("test:sub/inner.rob")
	u.playersPanel.picker.remember()
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
