//go:build !unix

package shell

import "errors"

func syscallMkfifo(string) error { return errors.New("no FIFOs on this system") }
