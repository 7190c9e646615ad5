package corewars

import (
	"fmt"
	"sort"
	"strings"

	"robocom/internal/userfile"
)

// SourceError is a load error at a place in a program: file:line:col: message.
type SourceError struct {
	File string // as given to the assembler
	Line int    // 1-based
	Col  int    // 1-based byte column
	Msg  string
}

func (e *SourceError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// MaxErrors is how many errors an assembler reports before it gives up on a file.
const MaxErrors = 10

// ErrorList is the errors of one file, one per line at most. The zero value is ready to use.
type ErrorList []*SourceError

// Add records an error unless the line already has one or the list is full.
func (l *ErrorList) Add(file string, line, col int, format string, args ...any) {
	if len(*l) > MaxErrors {
		return
	}
	for _, e := range *l {
		if e.Line == line {
			return
		}
	}
	if len(*l) == MaxErrors {
		*l = append(*l, &SourceError{file, line, col, "too many errors, giving up"})
		return
	}
	for i, a := range args {
		// A quoted token is cut to a short excerpt: an error about a 1 MB line of commas
		// is one short line, not the whole line echoed.
		if s, ok := a.(string); ok && len(s) > maxQuoted {
			args[i] = userfile.Excerpt(s, 60)
		}
	}
	*l = append(*l, &SourceError{file, line, col, fmt.Sprintf(format, args...)})
}

// maxQuoted bounds the bytes of a string in an error message (the lists of known words are
// shorter); a longer one is cut to 60 bytes.
const maxQuoted = 200

// Err sorts the list by position and returns it as an error, or nil if it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].Line != l[j].Line {
			return l[i].Line < l[j].Line
		}
		return l[i].Col < l[j].Col
	})
	return l
}

// Error is every error, one per line.
func (l ErrorList) Error() string {
	var sb strings.Builder
	for i, e := range l {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(e.Error())
	}
	return sb.String()
}
