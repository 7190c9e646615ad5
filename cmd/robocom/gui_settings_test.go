//go:build !nogui

package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"robocom/ui/corewin"
	"robocom/ui/kit"
)

// The Core War mode's players, copies, folder and the mode chosen last survive a restart,
// in the same settings file as the RoboCom mode's, which an older file still fills.
func TestCoreWarSettingsPersist(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	path, err := kit.DefaultSettingsPath()
	if err != nil {
		t.Fatal(err)
	}
	if path != filepath.Join(dir, "robocom", "settings.json") {
		t.Fatalf("settings path %s is not under XDG_CONFIG_HOME", path)
	}
	// A file written before the Core War fields existed.
	old := `{"last_folder": "disk:home", "players": ["bundled:a.rob"], "speed": 3, "speed_set": true}`
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := kit.OpenSettings(path)
	if err != nil {
		t.Fatalf("an older settings file does not load: %v", err)
	}
	files, copies, folder, coreFirst := coreStart(nil, nil, st.Get())
	if len(files) != 0 || len(copies) != 0 || folder != "" || coreFirst {
		t.Errorf("an older file starts the Core War mode with %v %v %q %v, want nothing remembered", files, copies, folder, coreFirst)
	}

	rememberCore(st, corewin.Memory{Players: []string{"bundled:core/dwarf.cw", "disk:x/imp.cw"}, Copies: []int{3, 1}, Folder: "disk:x"})
	rememberMode(st, true)

	st2, err := kit.OpenSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	s := st2.Get()
	if s.LastFolder != "disk:home" || !slices.Equal(s.Players, []string{"bundled:a.rob"}) || s.Speed != 3 {
		t.Errorf("the RoboCom settings were lost: %+v", s)
	}
	files, copies, folder, coreFirst = coreStart(nil, nil, s)
	if !slices.Equal(files, []string{"bundled:core/dwarf.cw", "disk:x/imp.cw"}) || !slices.Equal(copies, []int{3, 1}) || folder != "disk:x" || !coreFirst {
		t.Errorf("restored %v %v %q core first %v", files, copies, folder, coreFirst)
	}
	// Files on the command line decide the mode; Core War files replace the remembered players.
	if _, _, _, coreFirst := coreStart([]string{"a.rob"}, nil, s); coreFirst {
		t.Error("RoboCom files on the command line opened the Core War mode")
	}
	if files, _, _, coreFirst := coreStart([]string{"z.red"}, []string{"disk:z.red"}, s); !coreFirst || !slices.Equal(files, []string{"disk:z.red"}) {
		t.Errorf("Core War files on the command line gave %v, core first %v", files, coreFirst)
	}
	rememberMode(st2, false)
	st3, _ := kit.OpenSettings(path)
	if _, _, _, coreFirst := coreStart(nil, nil, st3.Get()); coreFirst {
		t.Error("after switching back to RoboCom, the next run opens in Core War")
	}
}
