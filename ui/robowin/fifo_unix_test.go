//go:build unix

package robowin

import "syscall"

func syscallMkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
