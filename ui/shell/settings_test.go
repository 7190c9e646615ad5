package shell

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSettingsRoundTripAndAtomicWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "robocom", "settings.json")
	st, err := OpenSettings(path)
	if err != nil {
		t.Fatalf("a missing file must give empty settings, got %v", err)
	}
	err = st.Update(func(s *Settings) {
		s.LastFolder = "disk:home/me/robots"
		s.RecentFolders = []string{"disk:home/me/robots", "bundled:."}
		s.Players = []string{"bundled:mine.rob", "disk:home/me/robots/a.rob"}
		s.Options = "classic"
		s.WindowW, s.WindowH = 1200, 800
	})
	if err != nil {
		t.Fatal(err)
	}
	again, err := OpenSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	got := again.Get()
	if got.LastFolder != "disk:home/me/robots" || len(got.Players) != 2 || got.WindowW != 1200 || got.Options != "classic" {
		t.Errorf("read back %+v", got)
	}
	// Only the settings file is left in the folder: no temporary files.
	des, _ := os.ReadDir(filepath.Dir(path))
	if len(des) != 1 {
		t.Errorf("folder holds %d entries, want only settings.json", len(des))
	}
}

func TestSettingsDamagedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	os.WriteFile(path, []byte("{not json"), 0o644)
	st, err := OpenSettings(path)
	if err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("a damaged file must be reported, got %v", err)
	}
	if st == nil || st.Get().LastFolder != "" {
		t.Errorf("a damaged file must give empty settings")
	}
}

// FuzzOpenSettings: any settings file opens without a panic, and what it gives can be
// written back and read again unchanged.
func FuzzOpenSettings(f *testing.F) {
	f.Add([]byte(`{"last_folder":"disk:home/me","recent_folders":["bundled:."],"players":["bundled:mine.rob"],"options":"classic","window_w":1200,"window_h":800,"speed":7,"speed_set":true}`))
	f.Add([]byte(`{not json`))
	f.Add([]byte(``))
	f.Add([]byte(`{"speed": -5, "players": [1, 2]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "settings.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		st, _ := OpenSettings(path)
		s := st.Get()
		if err := st.Update(func(*Settings) {}); err != nil {
			t.Fatal(err)
		}
		again, err := OpenSettings(path)
		if err != nil {
			t.Fatalf("rewritten settings do not read: %v", err)
		}
		a, b := fmt.Sprintf("%+v", s), fmt.Sprintf("%+v", again.Get())
		if a != b {
			t.Errorf("round trip changed the settings:\n%s\n%s", a, b)
		}
	})
}
