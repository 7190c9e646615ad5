package robowin

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"robocom/internal/termtext"
	"robocom/ui/kit"
)

// needFullPath refuses a file typed without its folder (g2rel.rob, ~/a.rob): it would be read
// or written in the working directory, which for a window started from a menu is anywhere,
// and the player loaded from it could not be found again (the window keeps disk players by
// full path). The sentence suggests the path in folder, or in the user's documents folder
// when folder is not a full path itself.
func needFullPath(path, folder string) error {
	if filepath.IsAbs(path) {
		return nil
	}
	like := path
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			like = filepath.Join(home, rest)
		}
	}
	if !filepath.IsAbs(like) {
		if !filepath.IsAbs(folder) {
			folder = kit.DocumentsDir()
		}
		like = filepath.Join(folder, like)
	}
	return fmt.Errorf("%s is not a full path: give the file with its folder, like %s", termtext.Escape(path), termtext.Escape(like))
}

// secondPress is a Save button's "press again to replace it": the first press onto a file
// that would be replaced asks, the second press of the same save replaces it. What "the
// same" is, the caller's key says (the path; for an option set, also the rules).
type secondPress struct{ armed string }

// again reports whether the press before asked about key (this press confirms it); if not,
// it remembers key, and the caller asks.
func (p *secondPress) again(key string) bool {
	if p.armed == key {
		return true
	}
	p.armed = key
	return false
}

// reset forgets the question: the save went ahead or needed none.
func (p *secondPress) reset() { p.armed = "" }
