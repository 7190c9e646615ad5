//go:build !unix

package ui

import "errors"

func syscallMkfifo(string) error { return errors.New("no FIFOs on this system") }
