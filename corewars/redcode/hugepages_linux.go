package redcode

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back s with transparent huge pages where it
// can (they are "madvise" by default on Debian and Ubuntu); it changes only
// how fast s's pages are first touched, so a refusal is ignored.
func adviseHugePages(s []uint32) {
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*4)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
