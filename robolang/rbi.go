package robolang

import (
	"errors"
	"io"
)

// rbiMagic starts every RBI file.
var rbiMagic = [4]byte{'R', 'B', 'I', 0x1A}

// ReadRBI reads an RBI program. Not written yet: see the RBI section of docs/rbi.md.
func ReadRBI(r io.Reader) (*Program, error) {
	return nil, errors.New("RBI files cannot be loaded yet in this version")
}
