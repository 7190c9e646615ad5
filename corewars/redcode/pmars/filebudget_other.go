//go:build !linux

package pmars

// fileBudget is how many more files this process may open (filebudget_linux.go); elsewhere it
// is taken as the common limit of 1024 files less the three standard streams.
func fileBudget() int { return commonFileBudget }
