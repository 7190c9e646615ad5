// Package termtext makes text that came from files and arguments (a program's name and
// author, a file name, a hill's row, a part's header) safe to print on a terminal. A
// terminal takes control characters as commands (ESC starts sequences that move the
// cursor, retitle the window, or on some terminals answer back as if typed) and shows
// bidirectional overrides as reordered text, so a name could rewrite what the user sees.
// Such characters are printed visibly escaped instead, the way Go writes them in strings
// (\x1b, \u202e), and so are the characters that show as nothing, with which one name could
// pass for another; every other character, of any script, passes unchanged.
//
// JSON output needs none of this: encoding/json already escapes the control characters.
package termtext

import (
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Escape is s with every character a terminal would act on written visibly: the C0 control
// characters (tab and newline too: in a name they would fake columns and lines), DEL, the C1
// control characters, the bidirectional controls U+200E, U+200F, U+061C, U+202A–U+202E and
// U+2066–U+2069, the line and paragraph separators U+2028 and U+2029, the characters that
// show as nothing and would make one name look like another (soft hyphen U+00AD, U+180E,
// zero-width space U+200B, word joiner and invisible operators U+2060–U+2064, U+FEFF), and
// each byte that is not UTF-8. Text without them is returned as it is.
func Escape(s string) string {
	for i := 0; i < len(s); {
		if s[i] >= 0x20 && s[i] < 0x7f {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if needsEscape(r, n, false) {
			return string(appendEscaped(nil, s, false))
		}
		i += n
	}
	return s
}

// Writer escapes as Escape the text written through it to W, except newline and tab: it is
// for a stream of lines the program lays out itself (a table, error messages) whose parts
// from files were not each escaped. It holds back at most the 3 bytes of a character cut
// between two writes; Flush writes them (escaped, if the stream ends there).
type Writer struct {
	W       io.Writer
	partial []byte // the start of a character the next write completes
	buf     []byte
}

// Write escapes p and writes it on. It reports all of p written when the escaped text was.
func (w *Writer) Write(p []byte) (int, error) {
	data := p
	if len(w.partial) > 0 {
		data = append(w.partial, p...)
		w.partial = nil
	}
	// Hold back a character cut at the end (at most 3 bytes of a 4-byte one).
	cut := len(data)
	for i := len(data) - 1; i >= 0 && i >= len(data)-3; i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				cut = i
			}
			break
		}
	}
	w.buf = appendEscaped(w.buf[:0], string(data[:cut]), true)
	if cut < len(data) {
		w.partial = append([]byte(nil), data[cut:]...)
	}
	if len(w.buf) == 0 {
		return len(p), nil
	}
	if _, err := w.W.Write(w.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes a held-back cut character, escaped: the stream ended inside it.
func (w *Writer) Flush() error {
	if len(w.partial) == 0 {
		return nil
	}
	b := appendEscaped(nil, string(w.partial), true)
	w.partial = nil
	_, err := w.W.Write(b)
	return err
}

// Unwrap is the stream written to, for what draws on the terminal itself (a progress line).
func (w *Writer) Unwrap() io.Writer { return w.W }

func appendEscaped(b []byte, s string, keepLines bool) []byte {
	start := 0 // s[start:i] is safe and not yet appended
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !needsEscape(r, n, keepLines) {
			i += n
			continue
		}
		b = append(b, s[start:i]...)
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, `\x`...)
			b = appendHex(b, uint32(c), 2)
		case r < 0x80:
			switch r {
			case '\n':
				b = append(b, `\n`...)
			case '\t':
				b = append(b, `\t`...)
			case '\r':
				b = append(b, `\r`...)
			case 0x7f:
				// DEL as \u007f, not \x7f: it is the one control encoding/json leaves raw in
				// a string, and -json output passes through here (\x is no JSON escape).
				b = append(b, `\u007f`...)
			default:
				b = append(b, `\x`...)
				b = appendHex(b, uint32(r), 2)
			}
		default:
			b = append(b, `\u`...)
			b = appendHex(b, uint32(r), 4)
		}
		i += n
		start = i
	}
	return append(b, s[start:]...)
}

func needsEscape(r rune, n int, keepLines bool) bool {
	switch {
	case r == utf8.RuneError && n == 1:
		return true
	case r == '\n' || r == '\t':
		return !keepLines
	case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069,
		r == 0x2028, r == 0x2029:
		return true
	case r == 0x00ad, r == 0x180e, r == 0x200b, r >= 0x2060 && r <= 0x2064, r == 0xfeff:
		// Invisible: "\u200bPhq" printed as "Phq" beside the real Phq. Zero-width joiners
		// (U+200C, U+200D) stay: scripts and emoji need them.
		return true
	}
	return false
}

func appendHex(b []byte, v uint32, digits int) []byte {
	h := strconv.FormatUint(uint64(v), 16)
	for range digits - len(h) {
		b = append(b, '0')
	}
	return append(b, h...)
}

// List is names as a sentence names them: "a", "a and b", "a, b and c".
func List(names []string) string {
	switch n := len(names); n {
	case 0:
		return ""
	case 1:
		return names[0]
	default:
		return strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
}

// CountNoun is a count and its noun for a sentence: "1 round", "3 rounds", "0 pairings".
func CountNoun[N ~int | ~int64](n N, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.FormatInt(int64(n), 10) + " " + noun + "s"
}

// Clip is s cut to at most n columns of a terminal (Width), the last of them "…" when it was
// wider: a name from a file shown where width is short (a table cell, a window title), whole
// elsewhere. A wide character that would straddle the limit is left out, and combining marks
// stay with the character before them. Characters that take no column are bounded too: at
// most clipRunes a column (a name of one letter and 1,500 accents would otherwise pass whole,
// a table row thousands of characters long); and the cut does not end on a zero-width joiner,
// which would join the "…" to the emoji before it.
func Clip(s string, n int) string {
	if Width(s) <= n && utf8.RuneCountInString(s) <= clipRunes*n {
		return s
	}
	w, end, runes := 0, 0, 0 // s[:end] is w columns wide, runes characters, and fits beside the "…"
	for end < len(s) {
		r, size := utf8.DecodeRuneInString(s[end:])
		rw := runeWidth(r)
		if w+rw > n-1 || runes >= clipRunes*(n-1) {
			break
		}
		w += rw
		end += size
		runes++
	}
	return strings.TrimRight(s[:end], "\u200d") + "…"
}

// clipRunes is how many characters Clip keeps a column at most: a letter with two or three
// combining marks (Vietnamese written decomposed, say) still passes whole.
const clipRunes = 4
