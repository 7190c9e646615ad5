//go:build !nogui && !(linux || freebsd)

package main

// quietWaylandProbe has nothing to do where Gio has no Wayland backend.
func quietWaylandProbe() {}
