package termtext

import (
	"io"
	"os"

	"golang.org/x/term"
)

// IsTerminal reports whether w is, or writes on (through Unwrap), a terminal. Other character
// devices (/dev/null, /dev/full) are not terminals.
func IsTerminal(w io.Writer) bool {
	for {
		u, ok := w.(interface{ Unwrap() io.Writer })
		if !ok {
			break
		}
		w = u.Unwrap()
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
