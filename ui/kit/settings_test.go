package kit

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

// TestSettingsDamagedKeptAsBad: a damaged file is copied to settings.json.bad before the
// defaults are used, and the error says so; a BOM is not damage.
func TestSettingsDamagedKeptAsBad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	damaged := []byte(`{"players": ["disk:a.rob"], "speed": 3,`)
	os.WriteFile(path, damaged, 0o644)
	st, err := OpenSettings(path)
	if err == nil || !strings.Contains(err.Error(), "kept as "+path+".bad") {
		t.Fatalf("error %v does not say where the damaged file went", err)
	}
	if b, _ := os.ReadFile(path + ".bad"); string(b) != string(damaged) {
		t.Fatalf("settings.json.bad holds %q", b)
	}
	if err := st.Update(func(s *Settings) { s.Speed = 2 }); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenSettings(path); err != nil {
		t.Errorf("the file saved after the damage does not read: %v", err)
	}
	if b, _ := os.ReadFile(path + ".bad"); string(b) != string(damaged) {
		t.Error("the saved copy of the damaged file changed")
	}
	// A byte-order mark before good JSON is accepted.
	os.WriteFile(path, []byte("\uFEFF{\"speed\": 5, \"speed_set\": true}"), 0o644)
	if st, err := OpenSettings(path); err != nil || st.Get().Speed != 5 {
		t.Errorf("a file with a BOM: %v %+v", err, st.Get())
	}
	// A FIFO is refused at once and never replaced.
	fifo := filepath.Join(dir, "fifo.json")
	if syscallMkfifo(fifo) == nil {
		st, err := OpenSettings(fifo)
		if err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("a FIFO settings file: %v", err)
		}
		st.Update(func(s *Settings) { s.Speed = 1 })
		if fi, _ := os.Lstat(fifo); fi.Mode()&os.ModeNamedPipe == 0 {
			t.Error("the FIFO was replaced by a file")
		}
	}
}

// TestSettingsSymlinkStaysLink: saving through a symbolic link replaces the file it points
// to; the link stays a link.
func TestSettingsSymlinkStaysLink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "robocom.json")
	os.MkdirAll(filepath.Dir(real), 0o755)
	os.WriteFile(real, []byte(`{"speed": 1, "speed_set": true}`), 0o600)
	link := filepath.Join(dir, "settings.json")
	if err := os.Symlink("dotfiles/robocom.json", link); err != nil {
		t.Skip(err)
	}
	st, err := OpenSettings(link)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Update(func(s *Settings) { s.Speed = 9 }); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("settings.json is no longer a link: %v %v", fi.Mode(), err)
	}
	again, _ := OpenSettings(real)
	if again.Get().Speed != 9 {
		t.Errorf("the target holds %+v", again.Get())
	}
	if fi, _ := os.Stat(real); fi.Mode().Perm() != 0o600 {
		t.Errorf("the target's permissions became %v", fi.Mode().Perm())
	}
}

func TestSettingsWindowSizeClamped(t *testing.T) {
	for _, c := range []struct{ w, h, ww, wh int }{
		{1000000000, 1000000000, maxWindowW, maxWindowH},
		{10, 10, minWindowW, minWindowH},
		{1200, 800, 1200, 800},
	} {
		w, h, ok := Settings{WindowW: c.w, WindowH: c.h}.WindowSize()
		if !ok || w != c.ww || h != c.wh {
			t.Errorf("WindowSize of %dx%d = %dx%d %v", c.w, c.h, w, h, ok)
		}
	}
	if _, _, ok := (Settings{}).WindowSize(); ok {
		t.Error("no size remembered, yet ok")
	}
}
