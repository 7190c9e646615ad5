//go:build !unix

package hill

// processRunning cannot tell here; a claim then waits out its heartbeat (ClaimTTL).
func processRunning(pid int) bool { return true }

// fileSizeLimit is the largest file this process may write: no limit is known here.
func fileSizeLimit() int64 { return 0 }
