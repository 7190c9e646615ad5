package robolang

import (
	"fmt"
	"sort"
	"strings"
)

// Error is one load error: where it is and what is wrong.
type Error struct {
	File string // the file name as given to Parse; may be empty
	Pos  Pos    // zero when the error concerns the whole file
	Msg  string
}

// Error formats the error as "file:line:col: message", leaving out what is unknown.
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(":")
	}
	if e.Pos.Line > 0 {
		fmt.Fprintf(&b, "%d:%d:", e.Pos.Line, e.Pos.Col)
	}
	if b.Len() > 0 {
		b.WriteString(" ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ErrorList is a list of load errors. The zero value is an empty list, ready to use.
type ErrorList []*Error

// Add appends an error.
func (l *ErrorList) Add(file string, pos Pos, msg string) {
	*l = append(*l, &Error{File: file, Pos: pos, Msg: msg})
}

func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l ErrorList) Less(i, j int) bool {
	a, b := l[i], l[j]
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Pos.Line != b.Pos.Line {
		return a.Pos.Line < b.Pos.Line
	}
	if a.Pos.Col != b.Pos.Col {
		return a.Pos.Col < b.Pos.Col
	}
	return a.Msg < b.Msg
}

// Sort orders the list by file, line, column and message. The sort is stable so that
// errors at one position keep the order they were found in when their messages tie.
func (l ErrorList) Sort() { sort.Stable(l) }

// Error prints every error on its own line.
func (l ErrorList) Error() string {
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

// Err returns nil for an empty list, else the list itself as an error.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
