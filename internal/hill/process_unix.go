//go:build unix

package hill

import "syscall"

// processRunning says whether a process of this id exists on this machine.
func processRunning(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}

// fileSizeLimit is the largest file this process may write (ulimit -f), 0 when unlimited.
func fileSizeLimit() int64 {
	var r syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_FSIZE, &r) != nil || r.Cur > 1<<62 { // (RLIM_INFINITY is all ones)
		return 0
	}
	return int64(r.Cur)
}
