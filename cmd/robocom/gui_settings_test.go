//go:build !nogui

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// Files given on the command line are remembered as what the window opened: their mode, and
// Core War players as the RoboCom mode remembers its own (`robocom dwarf.red imp.red`
// left the older mode and players, and the next plain `robocom` opened those). The store
// holds them until the window opens, and the next save writes them.
func TestGivenFilesAreRemembered(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte(`{"mode": "robocom", "core_players": [{"path": "disk:old.red", "copies": 2}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := kit.OpenSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	st.Hold()
	rememberGiven(st, true, corewin.Memory{Players: []string{"disk:tmp/dwarf.red", "disk:tmp/imp.red"}, Copies: []int{1, 1}, Folder: "bundled:core"})
	if b, _ := os.ReadFile(path); strings.Contains(string(b), "dwarf") {
		t.Fatalf("written before the window opened: %s", b)
	}
	st.Opened()
	if err := st.Update(func(*kit.Settings) {}); err != nil { // (the next save: a quit, a change)
		t.Fatal(err)
	}
	again, err := kit.OpenSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	files, copies, _, coreFirst := coreStart(nil, nil, again.Get())
	if !coreFirst || !slices.Equal(files, []string{"disk:tmp/dwarf.red", "disk:tmp/imp.red"}) || !slices.Equal(copies, []int{1, 1}) {
		t.Errorf("the next plain start opens core first %v with %v %v, want the given Dwarf and Imp", coreFirst, files, copies)
	}
	rememberGiven(again, false, corewin.Memory{})
	if _, _, _, coreFirst := coreStart(nil, nil, again.Get()); coreFirst {
		t.Error("RoboCom files given: the next plain start opens the Core War mode")
	}
	if f, _, _, _ := coreStart(nil, nil, again.Get()); len(f) != 2 {
		t.Errorf("RoboCom files given: the Core War players became %v", f)
	}
}

// Core War files given on the command line open the picker in their folder, not in the one
// remembered (as the RoboCom mode's Config.Folder); a plain start keeps the remembered one.
func TestGivenCoreFilesOpenThePickerThere(t *testing.T) {
	s := kit.Settings{CoreFolder: "bundled:core"}
	dir := strings.TrimPrefix(filepath.ToSlash(t.TempDir()), "/")
	if _, _, folder, _ := coreStart([]string{"/" + dir + "/dwarf.red"}, []string{"disk:" + dir + "/dwarf.red"}, s); folder != "disk:"+dir {
		t.Errorf("given disk:%s/dwarf.red, the picker opens in %q, want disk:%s", dir, folder, dir)
	}
	// A folder that is not there (a mistyped path) keeps the one remembered.
	if _, _, folder, _ := coreStart([]string{"/nonexistent/x/dwarf.red"}, []string{"disk:nonexistent/x/dwarf.red"}, s); folder != "bundled:core" {
		t.Errorf("given a file in a folder that is not there, the picker opens in %q, want the remembered bundled:core", folder)
	}
	if _, _, folder, _ := coreStart(nil, nil, s); folder != "bundled:core" {
		t.Errorf("a plain start opens the picker in %q, want the remembered bundled:core", folder)
	}
}
