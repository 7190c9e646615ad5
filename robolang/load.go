package robolang

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxFileSize bounds what LoadFile reads: 50 banks of 1000 instructions with generous
// comments stay far below it, and a huge file given by mistake is refused at once.
const maxFileSize = 16 << 20

// LoadFile loads a program from a .rob source file or an .rbi file. An RBI file is
// recognised by its magic bytes (whatever its extension); a file named .rbi without them is
// refused. Source errors come back as an ErrorList; problems with the file itself (missing,
// unreadable, damaged RBI) as one plain sentence.
func LoadFile(path string, opt Options) (*Program, error) {
	data, err := readFileLimited(path)
	if err != nil {
		return nil, err
	}
	return Load(path, data, opt)
}

// Load is LoadFile for a file's bytes already read (a program kept in a hill's database):
// an RBI program by its magic bytes, anything else as source; path names it in errors.
func Load(path string, data []byte, opt Options) (*Program, error) {
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("%s is too big for a program (%d bytes, at most %d)", path, len(data), maxFileSize)
	}
	if bytes.HasPrefix(data, rbiMagic[:]) {
		p, err := ReadRBI(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if p.RC3 && !opt.RC3 {
			return nil, fmt.Errorf("%s: the program uses RC3 instructions: %s", path, opt.needsRC3())
		}
		p.File = path
		if p.Name == "" {
			p.Name = nameFromFile(path)
		}
		return p, nil
	}
	if strings.EqualFold(filepath.Ext(path), ".rbi") {
		return nil, fmt.Errorf("%s: not an RBI file (it does not start with the RBI signature)", path)
	}
	return Parse(path, data, opt)
}

func readFileLimited(path string) ([]byte, error) {
	// Stat first: opening a FIFO would block, and a device may never end.
	st, err := os.Stat(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a program file", path)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	if st.Size() > maxFileSize {
		return nil, fmt.Errorf("%s is too big for a program (%d bytes, at most %d)", path, st.Size(), maxFileSize)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, fileError(path, err)
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("%s is too big for a program (more than %d bytes)", path, maxFileSize)
	}
	return data, nil
}

// fileError phrases an operating-system error as a plain sentence.
func fileError(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: no such file", path)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s: permission denied", path)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot read %s: %v", path, err)
}
