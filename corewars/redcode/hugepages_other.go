//go:build !linux

package redcode

// adviseHugePages does nothing outside Linux (see hugepages_linux.go).
func adviseHugePages(s []uint32) {}
