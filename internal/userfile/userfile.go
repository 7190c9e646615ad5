// Package userfile is the one way RoboCom Arena reads a file the user named: a program, an
// option set, the window's settings, a pMARS parameter file or a Core War source. It reads
// only regular files, never blocks (a FIFO or a device is refused before any read waits) and
// never reads more than the cap of the kind of file, so no file can hang a command or the
// window or fill the memory. Every refusal is one plain sentence that names the file and
// says what to do.
//
// It imports nothing but the standard library and internal/termtext (which escapes file names
// in its sentences and imports only the standard library), so robolang, arena, corewars, cmd
// and ui can all use it.
package userfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"syscall"

	"robocom/internal/termtext"
)

// A Kind is a kind of file with its size cap.
type Kind struct {
	Noun string // "a program", as in "x is too big for a program"
	Max  int64  // bytes; a larger file is refused
}

// The kinds and their caps. The caps are far above any real file of the kind and far below
// what would strain the machine; see RATIONALE.md "Reading the user's files".
var (
	// Program: a .rob or .rbi file. 50 banks of 1000 instructions with long comments stay
	// below 4 MB; 16 MB also admits RBI's largest payload.
	Program = Kind{"a program", 16 << 20}
	// OptionSet: a saved option set (a few dozen "key = value" lines).
	OptionSet = Kind{"an option set", 1 << 20}
	// Settings: the window's settings.json.
	Settings = Kind{"a settings file", 1 << 20}
	// Params: a pMARS parameter file (mars -@ FILE).
	Params = Kind{"a parameter file", 1 << 20}
	// CoreSource: a Core War program (.red, .cw, .vna), or all the warriors read from
	// standard input at once.
	CoreSource = Kind{"a Core War program", 1 << 20}
	// TournamentPart: a part of a tournament played in parts (robocom merge, hill import).
	// It is read a line at a time through Open, so its size is not capped.
	TournamentPart = Kind{"a tournament part", math.MaxInt64}
	// Hill: a hill's SQLite file, opened (without blocking, its type checked) before SQLite
	// opens it; a hill grows with its results, so its size is not capped.
	Hill = Kind{"a hill", math.MaxInt64}
)

// Error is a refusal or a failed read; Error() is the sentence for the user. It unwraps to
// the operating system's error when there is one (so errors.Is(err, fs.ErrNotExist) holds).
type Error struct {
	Path string
	Msg  string // the sentence, starting with the path
	Err  error  // the underlying error, if any
}

// Error is the sentence, escaped as termtext escapes text for a terminal: the sentences are
// one line each, so a newline or a control character in them came from a file's name.
func (e *Error) Error() string { return termtext.Escape(e.Msg) }
func (e *Error) Unwrap() error { return e.Err }

// ErrTooBig and ErrNotRegular are what refusals unwrap to when no system error caused them.
var (
	ErrTooBig     = errors.New("file too big")
	ErrNotRegular = errors.New("not a regular file")
)

// Read reads the file at path as kind k. It opens without blocking (O_NONBLOCK where the
// system has it), checks on the open file that it is a regular file within the cap, and
// reads at most the cap plus one byte, so a file that grows while read is refused too.
func Read(path string, k Kind) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, osError(path, k, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, osError(path, k, err)
	}
	if err := check(path, k, st); err != nil {
		return nil, err
	}
	return readCapped(f, path, k)
}

// ReadFS reads name from fsys as kind k; display is how the file is named to the user. It
// stats before opening, so a FIFO or device is refused before an open or a read could block.
func ReadFS(fsys fs.FS, name, display string, k Kind) ([]byte, error) {
	if !fs.ValidPath(name) { // (fs.FS says only "invalid argument")
		return nil, &Error{display, fmt.Sprintf("%s is not a path inside its folder (one without a leading /, .. or empty parts); check the name", display), fs.ErrInvalid}
	}
	st, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, osError(display, k, err)
	}
	if err := check(display, k, st); err != nil {
		return nil, err
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, osError(display, k, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil {
		if err := check(display, k, st); err != nil {
			return nil, err
		}
	}
	return readCapped(f, display, k)
}

// ReadStream reads a stream (standard input) of at most k.Max bytes; name names it to the
// user ("standard input"). More than the cap is refused without reading further.
func ReadStream(r io.Reader, name string, k Kind) ([]byte, error) {
	return readCapped(r, name, k)
}

// Open opens the file at path as kind k for a caller that reads it as a stream, holding only
// a little of it at a time (a tournament part, line by line). Like Read it opens without
// blocking and refuses what is not a regular file within the cap; it reads nothing itself.
func Open(path string, k Kind) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, osError(path, k, err)
	}
	st, err := f.Stat()
	if err == nil {
		err = check(path, k, st)
	} else {
		err = osError(path, k, err)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// Check says whether path could be read as kind k (a regular file within the cap) without
// reading it; it never blocks.
func Check(path string, k Kind) error {
	st, err := os.Stat(path)
	if err != nil {
		return osError(path, k, err)
	}
	return check(path, k, st)
}

// ReadDir lists the folder path (a tournament's folder of programs), its failure a sentence
// naming the folder and what to do, as Read's for a file.
func ReadDir(path string) ([]fs.DirEntry, error) {
	ents, err := os.ReadDir(path)
	if err == nil {
		return ents, nil
	}
	if errors.Is(err, fs.ErrPermission) {
		return nil, &Error{path, fmt.Sprintf("%s: permission denied; make the folder readable (chmod u+rx) or copy it somewhere you can read", path), err}
	}
	return nil, osError(path, Kind{Noun: "programs"}, err)
}

func readCapped(r io.Reader, name string, k Kind) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, k.Max+1))
	if err != nil {
		return nil, osError(name, k, err)
	}
	if int64(len(data)) > k.Max {
		return nil, &Error{name, fmt.Sprintf("%s is too big for %s (more than %s); name a smaller file", name, k.Noun, size(k.Max)), ErrTooBig}
	}
	return data, nil
}

func check(name string, k Kind, st fs.FileInfo) error {
	m := st.Mode()
	var what string
	switch {
	case m.IsRegular():
		if st.Size() > k.Max {
			return &Error{name, fmt.Sprintf("%s is too big for %s (%s, at most %s); name a smaller file", name, k.Noun, size(st.Size()), size(k.Max)), ErrTooBig}
		}
		return nil
	case m.IsDir():
		return &Error{name, fmt.Sprintf("%s is a folder, not %s; name a file in it", name, k.Noun), ErrNotRegular}
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	default:
		what = "not a regular file"
		return &Error{name, fmt.Sprintf("%s is %s; name a regular file holding %s", name, what, k.Noun), ErrNotRegular}
	}
	return &Error{name, fmt.Sprintf("%s is %s, not a regular file; save %s to a file and name that file", name, what, k.Noun), ErrNotRegular}
}

// osError phrases an operating-system error as a sentence naming the file.
func osError(name string, k Kind, err error) error {
	var msg string
	switch {
	case name == "":
		msg = "the file name is empty; name a file holding " + k.Noun
	case errors.Is(err, fs.ErrNotExist):
		msg = fmt.Sprintf("%s: no such file; check the name and the folder", name)
	case errors.Is(err, fs.ErrPermission):
		msg = fmt.Sprintf("%s: permission denied; make the file readable (chmod u+r) or copy it somewhere you can read", name)
	case errors.Is(err, syscall.ELOOP):
		msg = fmt.Sprintf("%s: too many levels of symbolic links (a link loop); point the link at a real file", name)
	case errors.Is(err, syscall.ENOTDIR):
		msg = fmt.Sprintf("%s: a part of the path is not a folder; check the name", name)
	case errors.Is(err, syscall.ENAMETOOLONG):
		msg = fmt.Sprintf("%s: the name is too long; check the name", Excerpt(name, 60))
	case errors.Is(err, syscall.EISDIR):
		msg = fmt.Sprintf("%s is a folder, not %s; name a file in it", name, k.Noun)
	default:
		msg = fmt.Sprintf("cannot read %s: %v", name, Unwrap(err))
	}
	return &Error{name, msg, err}
}

func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// TrimBOM drops a UTF-8 byte-order mark from the start of a text file's bytes: Windows
// editors (Notepad among them) write one, and a reader that keeps it sees a first word that
// starts with an invisible U+FEFF.
func TrimBOM(text []byte) []byte { return bytes.TrimPrefix(text, []byte("\uFEFF")) }

// Excerpt shortens s for an error message: at most max bytes (cut on a UTF-8 boundary),
// with "…" and the full length when cut, so a 10 MB token is never echoed whole.
func Excerpt(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:cut], len(s))
}

// Create opens path for writing an output (a trace), creating or truncating it, without
// blocking: a FIFO nobody reads is refused at once (instead of waiting for a reader), one
// that is read works as a pipe.
func Create(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|openNonblock, 0o666)
	if errors.Is(err, syscall.ENXIO) {
		return nil, &Error{path, fmt.Sprintf("%s is a named pipe (FIFO) that no program reads; start the reader first or name a file", path), err}
	}
	if err != nil {
		if _, serr := os.Lstat(path); errors.Is(serr, fs.ErrNotExist) {
			return nil, folderError(path, filepath.Dir(path), err) // the folder is the problem
		}
		return nil, writeError(path, err)
	}
	return f, nil
}
