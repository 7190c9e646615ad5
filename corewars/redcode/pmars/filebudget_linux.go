package pmars

import (
	"os"
	"strings"
	"syscall"
)

// fileBudget is how many more files this process may open: the soft limit on open files less
// those open now, as pMARS would find it when its parameter files name each other. The Go
// runtime's own descriptors (its poller's) are not counted, since pMARS has none. Unknown, it
// is taken as elsewhere (filebudget_other.go).
func fileBudget() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return commonFileBudget
	}
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return commonFileBudget
	}
	open := 0
	for _, e := range ents {
		target, err := os.Readlink("/proc/self/fd/" + e.Name())
		if err != nil || strings.HasPrefix(target, "anon_inode:") || strings.HasPrefix(target, "/sys/fs/cgroup/") {
			continue // (the folder read just now is gone already; the poller's; the runtime's CPU quota files)
		}
		open++
	}
	return int(min(lim.Cur, 1<<20)) - open
}
