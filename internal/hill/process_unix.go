//go:build unix

package hill

import "syscall"

// processRunning says whether a process of this id exists on this machine.
func processRunning(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
