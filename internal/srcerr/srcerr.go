// Package srcerr is the one error list of the assemblers of both games, RoboCom's robolang
// and Core War's Redcode, CW and VNA, shaped like go/scanner's: an Error is a message at a
// place in a source file, a List holds a file's errors and is itself the error returned.
// The windows and the commands show any program's errors alike because they are one type.
//
// It imports nothing but the standard library and termtext (the one escape of text from
// files), so that neither game imports the other.
package srcerr

import (
	"sort"
	"strconv"
	"strings"

	"robocom/internal/termtext"
)

// Error is one error in a program's source.
type Error struct {
	File string // as given to the assembler; may be empty
	Line int    // 1-based; 0 when the error concerns the whole file
	Col  int    // 1-based byte column; 0 when not known (pMARS's messages give none)
	Msg  string
}

// Escaped is what Error writes with the file name and the message escaped for a terminal
// or a window (termtext.Escape: a newline in a file name must not start a line of its own),
// and mark before the message: "warning: " for an assembler's warning, "" for an error.
func (e *Error) Escaped(mark string) string {
	shown := *e
	shown.File, shown.Msg = termtext.Escape(e.File), mark+termtext.Escape(e.Msg)
	return shown.Error()
}

// Error is "file:line:col: message", leaving out what is unknown.
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteByte(':')
	}
	if e.Line > 0 {
		b.WriteString(strconv.Itoa(e.Line))
		b.WriteByte(':')
		if e.Col > 0 {
			b.WriteString(strconv.Itoa(e.Col))
			b.WriteByte(':')
		}
	}
	if b.Len() > 0 {
		b.WriteByte(' ')
	}
	b.WriteString(e.Msg)
	return b.String()
}

// List is the errors of a program. The zero value is an empty list, ready to use.
type List []*Error

// Add appends an error.
func (l *List) Add(file string, line, col int, msg string) {
	*l = append(*l, &Error{File: file, Line: line, Col: col, Msg: msg})
}

func (l List) Len() int      { return len(l) }
func (l List) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l List) Less(i, j int) bool {
	a, b := l[i], l[j]
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	if a.Col != b.Col {
		return a.Col < b.Col
	}
	return a.Msg < b.Msg
}

// Sort orders the list by file, line, column and message. The sort is stable so that
// errors at one place keep the order they were found in when their messages tie.
func (l List) Sort() { sort.Stable(l) }

// Error is every error on a line of its own.
func (l List) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err is nil for an empty list, else the list itself as an error.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
