package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"sync"

	"robocom/internal/termtext"
	"robocom/internal/userfile"
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

	// OptionsText is the rules in use when their values were edited and not saved as a set:
	// the text of an option set file ("key = value" lines, as `robocom battle -options`
	// reads), so edited rules come back at the next launch; Options then names the set they
	// were edited from. The window parses it as it parses an option set file, and a text
	// that does not parse gives Options' set with a notice.
	OptionsText string `json:"options_text,omitempty"`

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

	held     bool   // Hold was called and Opened not yet: changes stay in memory
	readOnly bool   // the file could not be read (a FIFO, too big, ...): never replace it
	saved    []byte // the settings as last read or written (JSON); nil: write on the next Update
}

// DefaultSettingsPath is os.UserConfigDir()/robocom/settings.json.
func DefaultSettingsPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "robocom", "settings.json"), nil
}

// OpenSettings reads the settings file at path (through userfile); a missing file gives
// empty settings. A file starting with a UTF-8 byte-order mark (some editors add one) is
// read without it. A damaged file is copied beside as path.bad, so nothing the user had is
// lost, and the defaults are used (the error says so); the next save replaces the damaged
// file. A file that cannot be read at all (a FIFO, too big, unreadable) gives defaults and
// is never written over.
func OpenSettings(path string) (*SettingsStore, error) {
	st := &SettingsStore{path: path}
	b, err := userfile.Read(path, userfile.Settings)
	if errors.Is(err, fs.ErrNotExist) {
		st.saved, _ = marshalSettings(st.s)
		return st, nil
	}
	if err != nil {
		st.readOnly = true
		return st, fmt.Errorf("%v; starting with the defaults, and the settings will not be saved", err)
	}
	if err := json.Unmarshal(userfile.TrimBOM(b), &st.s); err != nil {
		st.s = Settings{}
		bad := path + ".bad"
		if werr := saveFile(bad, b); werr != nil {
			st.readOnly = true // keep the only copy rather than overwrite it
			return st, fmt.Errorf("the settings file %s is damaged (%v) and could not be copied to %s (%v); starting with the defaults, and the settings will not be saved", path, err, bad, werr)
		}
		return st, fmt.Errorf("the settings file %s is damaged (%v); it is kept as %s and the window starts with the defaults", path, err, bad)
	}
	st.saved, _ = marshalSettings(st.s)
	return st, nil
}

// Hold keeps every change in memory until Opened: a launch that fails before its window
// opens (no display, bad arguments) leaves the file as it was, byte for byte.
func (st *SettingsStore) Hold() {
	st.mu.Lock()
	st.held = true
	st.mu.Unlock()
}

// Opened says the window is open: from now on, changes are saved.
func (st *SettingsStore) Opened() {
	st.mu.Lock()
	st.held = false
	st.mu.Unlock()
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

// Update changes the settings with f and saves them: only when they differ from what the
// file holds (so the file changes only with what the user changed), not while held, and
// never over a file that could not be read.
func (st *SettingsStore) Update(f func(*Settings)) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	f(&st.s)
	if st.held || st.readOnly {
		return nil
	}
	b, err := marshalSettings(st.s)
	if err != nil {
		return err
	}
	if st.saved != nil && bytes.Equal(b, st.saved) {
		return nil
	}
	if err := saveFile(st.path, b); err != nil {
		return err
	}
	st.saved = b
	return nil
}

func marshalSettings(s Settings) ([]byte, error) {
	b, err := json.MarshalIndent(s, "", "  ")
	return append(b, '\n'), err
}

// Window sizes used from the settings are clamped to these bounds (in dp): a size of 1e9
// in a hand-edited file must not ask the system for a window larger than any screen.
const (
	minWindowW, minWindowH = 640, 480
	maxWindowW, maxWindowH = 7680, 4320
)

// WindowSize is the remembered window size, clamped to sane bounds; ok is false when none
// was remembered.
func (s Settings) WindowSize() (w, h int, ok bool) {
	if s.WindowW <= 0 || s.WindowH <= 0 {
		return 0, 0, false
	}
	return min(max(s.WindowW, minWindowW), maxWindowW), min(max(s.WindowH, minWindowH), maxWindowH), true
}

// saveFile writes the settings through userfile's atomic writer (a link stays a link),
// creating the settings folder on a first launch.
func saveFile(path string, data []byte) error {
	if err := MakeConfigFolder(filepath.Dir(path)); err != nil {
		return err
	}
	return userfile.WriteFile(path, data, 0o644)
}

// MakeConfigFolder creates dir, a folder of the window's own under the user's config folder
// (the settings' folder, the saved option sets'), with its parents: on a first launch none of
// them exists, and the user cannot create them from the window. Folders the user names are
// never created.
func MakeConfigFolder(dir string) error {
	err := os.MkdirAll(dir, 0o755)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("cannot create the folder %s: %v", termtext.Escape(pe.Path), pe.Err)
	}
	return err
}
