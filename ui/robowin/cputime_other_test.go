//go:build !unix

package robowin

import "time"

// cpuTime is 0 where getrusage is missing: the benchmarks report 0 processor time.
func cpuTime() time.Duration { return 0 }
