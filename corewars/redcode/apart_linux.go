package redcode

import "syscall"

// apart returns n zeroed bytes at the start of a stretch of address space, aligned to
// apartSpan and as many spans long as n needs, that holds nothing else, and the function
// that gives them back. They are mapped from the system rather than taken from the Go heap:
// the 4 MB such a stretch takes from the heap would start a garbage collection in a process
// that has allocated little (robocom-mars), and its page faults cost about a millisecond.
func apart(n int) ([]byte, func()) {
	b, err := syscall.Mmap(-1, 0, roundUp(n, apartSpan)+apartSpan,
		syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return apartFromHeap(n), nil
	}
	off := spanOffset(b)
	return b[off : off+n : off+n], func() { _ = syscall.Munmap(b) }
}
