package userfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// An Output is a file the program writes for the user (an RBI file, an option set, the
// settings, a tournament part, a saved program). Its bytes go to a temporary file in the
// target's own folder, and Commit puts that file in place with one rename, so a crash, a
// full disk or an interruption leaves either the old file or the new one, never half of one,
// and never a stray temporary file.
//
// Only a regular file is ever created or replaced: a target that exists as a folder, a
// device node, a FIFO or a socket is refused before anything is written and stays as it was
// (so "-o /dev/null" run as root does not turn /dev/null into a file). A symbolic link stays
// a link: the file it points to is replaced, in that file's folder.
type Output struct {
	f    *os.File
	name string      // as the user named it, for messages
	path string      // the file replaced: name, or the file name's links lead to
	perm fs.FileMode // of the new file: the replaced file's, or the caller's for a new one
	err  error       // the first failed write; Commit reports it
	// existed tells whether the target was there when NewOutput started: a file that appears
	// only while the work runs was written by someone else (Existed).
	existed bool
}

// WriteFile writes data to the file at path as an Output: all of it or nothing. A new file
// gets perm; a replaced one keeps its own permissions.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	o, err := NewOutput(path, perm)
	if err != nil {
		return err
	}
	if _, err := o.Write(data); err != nil {
		o.Abort()
		return err
	}
	return o.Commit()
}

// NewOutput starts writing the file at path (perm for a new file, as WriteFile). The
// refusals and a folder that cannot be written are reported here, before the caller does
// any work whose result would have nowhere to go.
func NewOutput(path string, perm fs.FileMode) (*Output, error) {
	if path == "" {
		return nil, &Error{path, "the file name is empty; name the file to write", fs.ErrInvalid}
	}
	target, err := linkTarget(path)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(target)
	existed := err == nil
	switch {
	case err == nil:
		if err := checkTarget(path, st); err != nil {
			return nil, err
		}
		perm = st.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return nil, writeError(path, err)
	}
	dir := filepath.Dir(target)
	f, err := os.CreateTemp(dir, "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return nil, folderError(path, dir, err)
	}
	// CreateTemp makes the file private (0600); the result is a file like any other.
	if err := f.Chmod(perm); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, writeError(path, err)
	}
	return &Output{f: f, name: path, path: target, perm: perm, existed: existed}, nil
}

// Write writes to the temporary file. After a failed write every later one fails with the
// same error, so a caller may check only at Commit, or stop at once.
func (o *Output) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	if o.f == nil {
		return 0, &Error{o.name, fmt.Sprintf("cannot write %s: the output is closed", o.name), os.ErrClosed}
	}
	n, err := o.f.Write(p)
	if err != nil {
		o.err = writeError(o.name, err)
	}
	return n, o.err
}

// Commit puts what was written in place: it syncs the file, renames it over the target and
// syncs the folder, so the new file survives a crash right after. On any failure the target
// is as it was and the temporary file is gone.
func (o *Output) Commit() error { return o.commit(false) }

// CommitNew is Commit for a file that is created once (a hill): it puts the file in place
// only if nothing is there yet, and otherwise fails with an error that is fs.ErrExist,
// leaving what is there as it was.
func (o *Output) CommitNew() error { return o.commit(true) }

func (o *Output) commit(onlyNew bool) error {
	if o.f == nil {
		return &Error{o.name, fmt.Sprintf("cannot write %s: the output is closed", o.name), os.ErrClosed}
	}
	f, tmp := o.f, o.f.Name()
	o.f = nil
	defer os.Remove(tmp) // after a rename there is nothing left to remove
	err := o.err
	if err == nil {
		if serr := f.Sync(); serr != nil {
			err = writeError(o.name, serr)
		}
	}
	if cerr := f.Close(); err == nil && cerr != nil {
		err = writeError(o.name, cerr)
	}
	if err != nil {
		return err
	}
	if onlyNew {
		// A link, unlike a rename, fails when the name exists.
		lerr := link(tmp, o.path)
		if lerr != nil && linkUnsupported(lerr) {
			// A file system without hard links (FAT, some network ones): look, then rename;
			// only a file that appears between the two is replaced.
			if _, serr := os.Lstat(o.path); serr == nil {
				lerr = fs.ErrExist
			} else {
				lerr = os.Rename(tmp, o.path)
			}
		}
		if lerr != nil {
			if errors.Is(lerr, fs.ErrExist) {
				return &Error{o.name, fmt.Sprintf("%s exists already; it was left as it was", o.name), lerr}
			}
			return folderError(o.name, filepath.Dir(o.path), lerr)
		}
	} else {
		// The target may have been replaced by something else while the work ran.
		if st, serr := os.Lstat(o.path); serr == nil {
			if err := checkTarget(o.name, st); err != nil {
				return err
			}
		}
		if rerr := os.Rename(tmp, o.path); rerr != nil {
			return folderError(o.name, filepath.Dir(o.path), rerr)
		}
	}
	if err := syncDir(filepath.Dir(o.path)); err != nil {
		return writeError(o.name, err)
	}
	return nil
}

// link is os.Link; a test makes it fail as on a file system without hard links.
var link = os.Link

// linkUnsupported tells whether os.Link failed because the file system has no hard links.
func linkUnsupported(err error) bool {
	return errors.Is(err, errors.ErrUnsupported) || errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.ENOSYS) ||
		errors.Is(err, syscall.EOPNOTSUPP) || errors.Is(err, syscall.ENOTSUP)
}

// Existed tells whether the target was there when NewOutput started writing: a caller that
// must not replace a file someone else wrote meanwhile commits with CommitNew when it was not.
func (o *Output) Existed() bool { return o.existed }

// CommitAside is Commit to the target's name with suffix added, the target staying as it
// was: for a file whose own name promises it is complete (a tournament part) when the work
// that writes it was stopped early.
func (o *Output) CommitAside(suffix string) error {
	o.name, o.path = o.name+suffix, o.path+suffix
	return o.commit(false)
}

// Abort drops what was written: the target stays as it was. It does nothing after Commit,
// so "defer o.Abort()" is the way to clean up on every early return.
func (o *Output) Abort() {
	if o.f == nil {
		return
	}
	o.f.Close()
	os.Remove(o.f.Name())
	o.f = nil
}

// Name is the path as the caller named it.
func (o *Output) Name() string { return o.name }

// TempName is the temporary file's path, for a writer that opens the file itself (SQLite
// writes a new hill through its own file handle); "" after Commit or Abort.
func (o *Output) TempName() string {
	if o.f == nil {
		return ""
	}
	return o.f.Name()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	// Some file systems cannot sync a folder; the rename has happened all the same.
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return err
	}
	return nil
}

// checkTarget refuses an existing target that is not a regular file.
func checkTarget(name string, st fs.FileInfo) error {
	m := st.Mode()
	var what string
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return &Error{name, fmt.Sprintf("%s is a folder; name a file in it to write", name), ErrNotRegular}
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	case m&fs.ModeSymlink != 0:
		what = "a symbolic link"
	default:
		what = "not a regular file"
	}
	return &Error{name, fmt.Sprintf("%s is %s, not a regular file; it was left as it was. Name a new file or a regular file to replace", name, what), ErrNotRegular}
}

// linkTarget follows symbolic links from path to the file they name (which need not exist
// yet, then it is created); path itself when it is no link.
func linkTarget(path string) (string, error) {
	for range 40 { // as the kernel, give up on a loop
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		to, err := os.Readlink(path)
		if err != nil {
			return "", writeError(path, err)
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
	return "", &Error{path, fmt.Sprintf("%s: too many levels of symbolic links (a link loop); point the link at a real file", path), syscall.ELOOP}
}

// folderError phrases a failure to create or rename in dir: the user must hear which
// folder it is, never the temporary file's name.
func folderError(name, dir string, err error) error {
	var msg string
	switch {
	case errors.Is(err, fs.ErrPermission):
		msg = fmt.Sprintf("cannot write %s: the folder %s is not writable (permission denied); name a file in a folder you can write", name, dir)
	case errors.Is(err, syscall.EROFS):
		msg = fmt.Sprintf("cannot write %s: the folder %s is on a read-only file system; name a file elsewhere", name, dir)
	case errors.Is(err, fs.ErrNotExist) && isFolder(dir):
		// (a folder that takes no new files says ENOENT too: /proc, /sys)
		msg = fmt.Sprintf("cannot write %s: the folder %s takes no new files (%v); name a file elsewhere", name, dir, Unwrap(err))
	case errors.Is(err, fs.ErrNotExist):
		msg = fmt.Sprintf("cannot write %s: the folder %s does not exist; create it first", name, dir)
	case errors.Is(err, syscall.ENOTDIR):
		msg = fmt.Sprintf("cannot write %s: %s is not a folder; check the name", name, dir)
	default:
		return writeError(name, err)
	}
	return &Error{name, msg, err}
}

func isFolder(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// writeError phrases a failed write as a sentence naming the file the user named.
func writeError(name string, err error) error {
	var ue *Error
	if errors.As(err, &ue) {
		return err
	}
	return &Error{name, fmt.Sprintf("cannot write %s: %v", name, Unwrap(err)), err}
}

// Unwrap is the error the system gave under a path error (*fs.PathError, *os.LinkError,
// *os.SyscallError): "no space left on device" rather than "write .x.123.tmp: no space left
// on device", whose file name the user never chose. It looks only at err itself, so a
// sentence that already names the file (an *Error) is returned as it is.
func Unwrap(err error) error {
	switch e := err.(type) {
	case *fs.PathError:
		return e.Err
	case *os.LinkError:
		return e.Err
	case *os.SyscallError:
		return e.Err
	}
	return err
}
