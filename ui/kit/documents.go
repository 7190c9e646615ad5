package kit

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
)

// DocumentsDir is where a copy of a bundled program, or its RBI, is saved by default: the
// user's documents folder (XDG's, else ~/Documents when it exists), else the home folder.
// Never the working directory, which for a window started from a menu is anywhere.
func DocumentsDir() string {
	home, err := os.UserHomeDir()
	if err != nil {
		return os.TempDir()
	}
	if d := xdgDocuments(home); d != "" {
		return d
	}
	if st, err := os.Stat(filepath.Join(home, "Documents")); err == nil && st.IsDir() {
		return filepath.Join(home, "Documents")
	}
	return home
}

// xdgDocuments reads XDG_DOCUMENTS_DIR from the environment or from user-dirs.dirs, if it
// names an existing folder other than the home folder itself.
func xdgDocuments(home string) string {
	d := os.Getenv("XDG_DOCUMENTS_DIR")
	if d == "" {
		cfg := os.Getenv("XDG_CONFIG_HOME")
		if cfg == "" {
			cfg = filepath.Join(home, ".config")
		}
		if f, err := os.Open(filepath.Join(cfg, "user-dirs.dirs")); err == nil {
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				if v, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "XDG_DOCUMENTS_DIR="); ok {
					d = strings.Trim(v, `"`)
				}
			}
			f.Close()
		}
	}
	d = strings.Replace(d, "$HOME", home, 1)
	if d == "" || !filepath.IsAbs(d) || filepath.Clean(d) == filepath.Clean(home) {
		return ""
	}
	if st, err := os.Stat(d); err != nil || !st.IsDir() {
		return ""
	}
	return d
}
