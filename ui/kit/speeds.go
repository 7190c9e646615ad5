package kit

import "fmt"

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
