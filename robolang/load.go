package robolang

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"robocom/robolang/userfile"
)

// LoadFile loads a program from a .rob source file or an .rbi file. An RBI file is
// recognised by its magic bytes (whatever its extension); a file named .rbi without them is
// refused. Source errors come back as an ErrorList; problems with the file itself (missing,
// unreadable, damaged RBI) as one plain sentence.
func LoadFile(path string, opt Options) (*Program, error) {
	data, err := userfile.Read(path, userfile.Program)
	if err != nil {
		return nil, err
	}
	return LoadBytes(path, data, opt)
}

// LoadBytes is LoadFile on a file already read (the window reads through its own roots):
// the one place that tells RBI from source and checks both.
func LoadBytes(path string, data []byte, opt Options) (*Program, error) {
	if bytes.HasPrefix(data, rbiMagic[:]) {
		p, err := ReadRBI(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if p.RC3 && !opt.RC3 {
			return nil, fmt.Errorf("%s: the program uses RC3 instructions; it needs the rc3 option set", path)
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
