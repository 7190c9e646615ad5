//go:build !unix

package hill

// processRunning cannot tell here; a claim then waits out its heartbeat (ClaimTTL).
func processRunning(pid int) bool { return true }
