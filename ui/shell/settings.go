package shell

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"sync"
)

// Settings are what the window remembers between runs.
type Settings struct {
	LastFolder    string   `json:"last_folder,omitempty"`    // picker folder, "root:dir"
	RecentFolders []string `json:"recent_folders,omitempty"` // newest first
	Players       []string `json:"players,omitempty"`        // "root:path" of the last players
	Options       string   `json:"options,omitempty"`        // option set name or file
	WindowW       int      `json:"window_w,omitempty"`       // in dp
	WindowH       int      `json:"window_h,omitempty"`
	Speed         int      `json:"speed"` // index into the speed steps
	SpeedSet      bool     `json:"speed_set,omitempty"`

	// The Core War mode (added later: older files lack these fields and load as before).
	Mode        string       `json:"mode,omitempty"`         // ModeCoreWar, or "" / ModeRoboCom
	CorePlayers []CorePlayer `json:"core_players,omitempty"` // in order
	CoreFolder  string       `json:"core_folder,omitempty"`  // its picker's folder, "root:dir"

	// PlayerColors is the palette index each program ("root:path") had, so a program keeps
	// its colour between launches whatever its place in the list.
	PlayerColors map[string]int `json:"player_colors,omitempty"`
}

// The window's modes as kept in Settings.Mode.
const (
	ModeRoboCom = "robocom"
	ModeCoreWar = "corewar"
)

// CorePlayer is one player of the Core War mode.
type CorePlayer struct {
	Path   string `json:"path"`   // "root:path"
	Copies int    `json:"copies"` // how many copies play (.cw programs), at least 1
}

// SettingsStore keeps Settings in a JSON file, written atomically (temp file + rename).
type SettingsStore struct {
	path string
	mu   sync.Mutex
	s    Settings
}

// DefaultSettingsPath is os.UserConfigDir()/robocom/settings.json.
func DefaultSettingsPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "robocom", "settings.json"), nil
}

// OpenSettings reads the settings file at path; a missing file gives empty settings, a
// damaged one an error (and empty settings, so the window still opens).
func OpenSettings(path string) (*SettingsStore, error) {
	st := &SettingsStore{path: path}
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return st, nil
	}
	if err != nil {
		return st, fmt.Errorf("cannot read the settings: %w", err)
	}
	if err := json.Unmarshal(b, &st.s); err != nil {
		st.s = Settings{}
		return st, fmt.Errorf("the settings file %s is damaged (%v); starting with defaults", path, err)
	}
	return st, nil
}

// Path is the settings file.
func (st *SettingsStore) Path() string { return st.path }

// Get returns a copy of the settings.
func (st *SettingsStore) Get() Settings {
	st.mu.Lock()
	defer st.mu.Unlock()
	s := st.s
	s.RecentFolders = append([]string(nil), s.RecentFolders...)
	s.Players = append([]string(nil), s.Players...)
	s.CorePlayers = append([]CorePlayer(nil), s.CorePlayers...)
	s.PlayerColors = maps.Clone(s.PlayerColors)
	return s
}

// Update changes the settings with f and saves them.
func (st *SettingsStore) Update(f func(*Settings)) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	f(&st.s)
	return writeFileAtomic(st.path, st.s)
}

// writeFileAtomic writes v as JSON to a temporary file next to path and renames it over
// path, so a crash leaves either the old or the new file, never half of one.
func writeFileAtomic(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, append(b, '\n'))
}

// WriteFileAtomic writes data to path through a temporary file and a rename.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	serr := f.Sync()
	cerr := f.Close()
	if err := firstErr(werr, serr, cerr); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
