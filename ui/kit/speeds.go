package kit

import (
	"fmt"
	"strconv"
	"strings"
)

// Speeds are the speed steps of both windows, in cycles (RoboCom) or time slices (Core War)
// per second; 0 is "as fast as the machine goes". Settings.Speed is an index into it.
var Speeds = []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 0}

// SpeedLabel is how speed step i is shown: "200/s", or "max".
func SpeedLabel(i int) string {
	i = ClampSpeed(i)
	if Speeds[i] == 0 {
		return "max"
	}
	return fmt.Sprintf("%d/s", Speeds[i])
}

// ClampSpeed keeps a speed step inside the table.
func ClampSpeed(i int) int { return min(max(i, 0), len(Speeds)-1) }

// BlockRefused is what both windows say when the Run field holds no whole number of at least
// 1 (BlockCycles): Run, N and Enter in the field then play nothing.
const BlockRefused = "The block size must be a whole number of at least 1 cycle."

// BlockCycles reads a Run field: the cycles (time slices) to play, false when text is no
// whole number of at least 1.
func BlockCycles(text string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(text))
	return n, err == nil && n >= 1
}
