package robowin

import (
	"testing"

	"robocom/arena"
)

// BenchmarkPublishSync200 is what a frame costs the two goroutines besides drawing, on a
// 200×200 board of factories grown to about 17,000 robots: the simulation goroutine's
// publish of the robots (Game.Robots) and the window's copy of them (Runner.Sync). "board"
// is what the window publishes, "full" full views of every robot (what it published before).
func BenchmarkPublishSync200(b *testing.B) {
	t := bigTape(b, 30000)
	eng := t.eng
	for _, c := range []struct {
		name   string
		robots func([]arena.RobotView) []arena.RobotView
	}{
		{"board", t.Robots},
		{"full", func(dst []arena.RobotView) []arena.RobotView { return append(dst, eng.Robots()...) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			var pub, ui []arena.RobotView
			b.ReportAllocs()
			for b.Loop() {
				pub = c.robots(pub[:0])
				ui = append(ui[:0], pub...)
			}
			b.ReportMetric(float64(len(ui)), "robots")
		})
	}
}
