package kit

import (
	"errors"
	"fmt"

	"robocom/internal/srcerr"
	"robocom/internal/termtext"
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
