//go:build !nogui && !linux

package main

// hasDesktopPortal is false off Linux: the system dialog of gioui.org/x/explorer is not wired
// there yet (its picks would need mapping to the picker's roots), so the in-app picker serves.
func hasDesktopPortal() bool { return false }
