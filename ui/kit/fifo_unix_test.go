//go:build unix

package kit

import "syscall"

func syscallMkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
