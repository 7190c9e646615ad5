//go:build !linux

package redcode

// apart is apartFromHeap outside Linux (see apart_linux.go).
func apart(n int) ([]byte, func()) { return apartFromHeap(n), nil }
