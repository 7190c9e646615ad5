//go:build !unix

package kit

import "errors"

func syscallMkfifo(string) error { return errors.New("no FIFOs on this system") }
