package robolang

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"robocom/internal/userfile"
)

// LoadFile loads a program from a .rob source file or an .rbi file. An RBI file is
// recognised by its magic bytes (whatever its extension); a file named .rbi without them is
// refused. Source errors come back as a srcerr.List; problems with the file itself (missing,
// unreadable, damaged RBI) as one plain sentence.
func LoadFile(path string, opt Options) (*Program, error) {
	data, err := userfile.Read(path, userfile.Program)
	if err != nil {
		return nil, err
	}
	return LoadBytes(path, data, opt)
}

// LoadBytes is LoadFile on a file already read (the window reads through its own roots, a
// hill keeps programs in its database): the one place that tells RBI from source and checks
// both. Bytes read elsewhere are held to the same cap as a program file.
func LoadBytes(path string, data []byte, opt Options) (*Program, error) {
	if max := userfile.Program.Max; int64(len(data)) > max {
		return nil, fmt.Errorf("%s is too big for %s (%d bytes, at most %d)", path, userfile.Program.Noun, len(data), max)
	}
	if bytes.HasPrefix(data, rbiMagic[:]) {
		p, err := ReadRBI(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if p.RC3 && !opt.RC3 {
			return nil, fmt.Errorf("%s: the program uses RC3 instructions: %s", path, opt.needsRC3())
		}
		p.File, p.Source = path, data
		if p.Name == "" {
			p.Name = nameFromFile(path)
		}
		return p, nil
	}
	if strings.EqualFold(filepath.Ext(path), ".rbi") {
		return nil, fmt.Errorf("%s: %w", path, ErrRBINotRBI) // the one sentence rbi -info says too
	}
	p, err := Parse(path, data, opt)
	if err != nil {
		return nil, err
	}
	p.Source = data
	return p, nil
}
