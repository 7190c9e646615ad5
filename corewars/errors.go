package corewars

import (
	"fmt"

	"robocom/internal/srcerr"
	"robocom/internal/userfile"
)

// MaxErrors is how many errors an assembler reports before it gives up on a file.
const MaxErrors = 10

// Errors collects the errors of one file the way the Core War assemblers report them: one
// per line at most, and after MaxErrors a last one saying the assembler gave up. The zero
// value is ready to use; Err gives the errors as a srcerr.List, the error list both games
// share.
type Errors struct {
	list srcerr.List
}

// Add records an error unless the line already has one or the list is full.
func (l *Errors) Add(file string, line, col int, format string, args ...any) {
	if len(l.list) > MaxErrors {
		return
	}
	for _, e := range l.list {
		if e.Line == line {
			return
		}
	}
	if len(l.list) == MaxErrors {
		l.list.Add(file, line, col, "too many errors, giving up")
		return
	}
	for i, a := range args {
		// A quoted token is cut to a short excerpt: an error about a 1 MB line of commas
		// is one short line, not the whole line echoed.
		if s, ok := a.(string); ok && len(s) > maxQuoted {
			args[i] = userfile.Excerpt(s, 60)
		}
	}
	l.list.Add(file, line, col, fmt.Sprintf(format, args...))
}

// maxQuoted bounds the bytes of a string in an error message (the lists of known words are
// shorter); a longer one is cut to 60 bytes.
const maxQuoted = 200

// Len is the number of errors recorded.
func (l *Errors) Len() int { return len(l.list) }

// Err sorts the errors by place and returns them as a srcerr.List, or nil if there are none.
func (l *Errors) Err() error {
	l.list.Sort()
	return l.list.Err()
}
