//go:build unix

package robowin

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used (all its threads, the collector's
// too): on a machine shared by several jobs it tells the work a seek did, which wall time
// does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
