package kit

import (
	"errors"
	"fmt"
	"strings"

	"robocom/internal/srcerr"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
)

// ErrorLines are a program's load errors as both windows list them, one a line, as the
// commands print them ("file:line:col: message"), with file names and messages escaped by
// termtext, the one escape of text from files: a newline in a file name would otherwise
// split an error in two, and a bidirectional override would reorder the line. An error that
// is not a srcerr.List (the file could not be read) is one line naming file.
func ErrorLines(file string, err error) []string {
	var list srcerr.List
	if !errors.As(err, &list) {
		return []string{fmt.Sprintf("%s: %s", termtext.Escape(file), termtext.Escape(err.Error()))}
	}
	out := make([]string, 0, len(list))
	for _, e := range list {
		out = append(out, e.Escaped(""))
	}
	return out
}

// UnreadableLine is the error line of a program file that could not be read, in the form
// and escaping of ErrorLines: "file: cannot read the file: reason".
func UnreadableLine(file string, err error) string {
	return fmt.Sprintf("%s: cannot read the file: %s", termtext.Escape(file), termtext.Escape(userfile.Unwrap(err).Error()))
}

// DropErrorsOf is lines without those about file, as ErrorLines and UnreadableLine name it
// (escaped), for a file that loads now or is loaded again; it reuses lines' array.
func DropErrorsOf(lines []string, file string) []string {
	prefix := termtext.Escape(file) + ":"
	kept := lines[:0]
	for _, e := range lines {
		if !strings.HasPrefix(e, prefix) {
			kept = append(kept, e)
		}
	}
	return kept
}

// OldVersionNote says that the players named (escaped names) play the program loaded before,
// because their files do not load now: a save or an edit elsewhere broke them, and without
// this the game would restart as though the new version were in it. "" when names is empty.
func OldVersionNote(names []string) string {
	if len(names) == 0 {
		return ""
	}
	verb, its := "does", "its"
	if len(names) > 1 {
		verb, its = "do", "their"
	}
	return fmt.Sprintf("%s %s not load now (errors below), so the game plays %s version loaded before.", termtext.List(names), verb, its)
}

// RestartNote is the status line after Restart read the players' files again: stale, the
// sentence of the files that do not load now ("" if none), then RereadNote of the players
// whose new code plays; "" when neither has anything to say. Both modes say it so.
func RestartNote(stale string, changed []string) string {
	switch {
	case len(changed) == 0:
		return stale
	case stale == "":
		return RereadNote(changed)
	}
	return stale + " " + RereadNote(changed)
}

// RereadNote says that Restart read the players' files again and found new programs in those
// of the players named (escaped names).
func RereadNote(names []string) string {
	return "Read again from the files: " + termtext.List(names) + ". The series restarts with the new code."
}
