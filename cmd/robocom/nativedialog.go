//go:build !nogui

package main

import (
	"errors"
	"path/filepath"
	"strings"

	"gioui.org/x/explorer"

	"robocom/ui/robowin"
)

// nativeDialog is the system's file dialog for the RoboCom picker, through ex; its pick is
// returned as a path in the picker's "disk" root.
func nativeDialog(ex *explorer.Explorer) *robowin.NativeDialog {
	return &robowin.NativeDialog{
		Available: hasDesktopPortal,
		Choose: func() (string, error) {
			f, err := ex.ChooseFile(".rob", ".rbi")
			if err != nil {
				return "", err
			}
			defer f.Close()
			named, ok := f.(interface{ Name() string })
			if !ok {
				return "", errors.New("the system dialog gave no file name")
			}
			return diskLocation(named.Name())
		},
	}
}

// diskLocation is a file's place in the picker's "disk" root (the file system from /).
func diskLocation(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	return "disk:" + strings.TrimPrefix(filepath.ToSlash(abs), "/"), nil
}
