package robowin

import (
	"fmt"
	"time"
)

// speedMeter measures the cycles per second the game reaches while it runs, from the
// snapshots the window draws: the speed asked (1000/s) is only an upper bound, and a big
// board reaches far less.
type speedMeter struct {
	t0        time.Time
	game, c0  int
	rate      float64 // cycles per second over the last period
	valid     bool    // rate was measured during the current run
	wasActive bool
}

// meterPeriod is how long a measurement lasts: long enough to smooth the frames' jitter,
// short enough to follow a change of speed.
const meterPeriod = time.Second

func (m *speedMeter) sample(now time.Time, game, cycle int, running bool) {
	if !running || game != m.game || !m.wasActive || cycle < m.c0 {
		m.t0, m.game, m.c0, m.wasActive = now, game, cycle, running
		if !running {
			m.valid = false
		}
		return
	}
	if d := now.Sub(m.t0); d >= meterPeriod {
		m.rate = float64(cycle-m.c0) / d.Seconds()
		m.valid = true
		m.t0, m.c0 = now, cycle
	}
}

// roundRate writes a rate with two or three significant digits.
func roundRate(r float64) string {
	switch {
	case r >= 100:
		return fmt.Sprintf("%d", int(r+0.5)/10*10)
	case r >= 10:
		return fmt.Sprintf("%d", int(r+0.5))
	}
	return fmt.Sprintf("%.1f", r)
}
