//go:build unix

package userfile

import "syscall"

// openNonblock makes opening a FIFO return at once instead of waiting for a writer; it
// changes nothing for regular files.
const openNonblock = syscall.O_NONBLOCK
