//go:build !unix

package robowin

import "errors"

func syscallMkfifo(string) error { return errors.New("no FIFOs on this system") }
