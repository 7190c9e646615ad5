package arena

import (
	"fmt"
	"reflect"
	"testing"

	"robocom/robolang"
)

// TestFarIdle: a board where every robot sleeps far (lone robots and rings), for
// durations at the wheels' boundaries and fetched at several phases of a coarse slot, with
// the time limit just before, at and after the wake: the game equals one without skips
// (every robot visited every cycle), event by event, run in steps of several sizes, and a
// snapshot taken at the stop before and at the slot boundaries plays on the same.
func TestFarIdle(t *testing.T) {
	durs := []int{255, 256, 257, 511, 512, 513, 65279, 65280, 65281, 65534, 65535, 65536, 65537, 65791, 65792, 65793, 70000}
	for _, d := range durs {
		for _, phase := range []int{0, 1, 100, 254, 255} {
			for _, tasks := range []int{1, 3} {
				src := fmt.Sprintf("Set #1, %d\n", phase)
				for k := 1; k < tasks; k++ {
					src += "Init 1, @s\n"
				}
				src += "@w\nSub #1, 1\nComp #1, 0\nJump @w\n@s\nSleep 0\nAdd #2, 1\nSleep 0\nAdd #2, 1\nJump @s\n"
				p := parseRC3(t, "Sleeper", src)
				o := RC3M()
				o.MaxDuration = 0
				o.Cost[robolang.OpSleep] = d
				// The wake happens near 2d + phase*something: try limits around the first two.
				for _, tl := range []int{0, -1, 1} {
					o.Timeout = 3*d + 600
					if tl != 0 {
						o.Timeout = d + 2*phase + 10 + tl
					}
					play := func(noSkip bool, step int) ([]string, Result, int64) {
						var ev []string
						g, err := New(Config{Programs: []*robolang.Program{p, p}, Options: o, Seed: int64(d + phase), noSkip: noSkip,
							OnEvent: func(e Event) { ev = append(ev, fmt.Sprintf("%+v", e)) }})
						if err != nil {
							t.Fatal(err)
						}
						for !g.Over() {
							g.RunUntil(g.Cycle() + step)
						}
						return ev, g.Result(), g.Instructions()
					}
					wantEv, wantRes, wantIn := play(true, 1<<30)
					for _, step := range []int{1 << 30, 255, 256, 65536, 997} {
						ev, res, in := play(false, step)
						if !reflect.DeepEqual(ev, wantEv) || !reflect.DeepEqual(res, wantRes) || in != wantIn {
							t.Fatalf("sleep %d, phase %d, %d tasks, timeout %d, step %d: %d events, %d instructions; want %d, %d (%s)",
								d, phase, tasks, o.Timeout, step, len(ev), in, len(wantEv), wantIn, firstDiff(ev, wantEv))
						}
					}
					// Snapshots at cycles around the coarse slots' boundaries.
					var ev []string
					g, _ := New(Config{Programs: []*robolang.Program{p, p}, Options: o, Seed: int64(d + phase),
						OnEvent: func(e Event) { ev = append(ev, fmt.Sprintf("%+v", e)) }})
					type mark struct {
						s    *Snapshot
						from int
					}
					var marks []mark
					for _, at := range []int{5, 255, 256, 257, 511, 512, d, d + 1, d + 255, d + 256, 65535, 65536, 65537} {
						if at <= g.Cycle() || at >= o.Timeout {
							continue
						}
						g.RunUntil(at)
						checkFarBooks(t, g)
						marks = append(marks, mark{g.Snapshot(), len(ev)})
					}
					g.Run()
					all := append([]string(nil), ev...)
					for _, m := range marks {
						g.Restore(m.s)
						ev = ev[:0]
						g.Run()
						if !reflect.DeepEqual(ev, all[m.from:]) {
							t.Fatalf("sleep %d, phase %d, %d tasks: restored at %d, %d events, want %d (%s)", d, phase, tasks, m.s.Cycle(), len(ev), len(all)-m.from, firstDiff(ev, all[m.from:]))
						}
					}
				}
			}
		}
	}
}
