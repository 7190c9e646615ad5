package arena

import (
	"fmt"
	"reflect"
	"testing"

	"robocom/robolang"
)

// TestRingChains: rings whose tasks run TURNs, JUMPs and COMPs on numbers ahead (ringChain)
// while another task of the robot sleeps (the turn passes on to them off their phase), ends
// them (BREAK, INIT in a full ring), dies, or replaces the bank they run in (RTRANS), and while another robot deactivates the ring and transfers a
// bank into it. Each game is played against one without skips (Config.noSkip, no chains),
// with and without an event handler (a TURN is private only without), looked at every cycle
// (every look settles the rings: chains are replayed) and every 37 cycles (chains live
// through the ring's own changes); robots and instruction counts must be equal at each look.
func TestRingChains(t *testing.T) {
	east, west := Placement{Fixed: true, X: 1, Y: 1, Dir: East}, Placement{Fixed: true, X: 2, Y: 1, Dir: West}
	games := []struct {
		name     string
		maxTasks int
		places   []Placement
		srcs     []string
	}{
		{"break", 10, nil, []string{"Init 1, @b\nInit 1, @b\n@a\nAdd #1, 1\nComp #1, 7\nJump @a\nBreak\n@s\nAdd #3, 1\nJump @s\n@b\nTurn 1\nJump -1\n"}},
		{"init in a full ring", 3, nil, []string{"Init 1, @b\nInit 1, @c\n@a\nAdd #1, 1\nComp #1, 9\nJump @a\nSet #1, 0\nInit 1, @c\nJump @a\n@b\nTurn 1\nJump -1\n@c\nTurn 0\nComp 1, 2\nJump -2\n"}},
		{"sleep", 10, nil, []string{"Init 1, @b\nInit 1, @b\n@a\nAdd #1, 1\nComp #1, 5\nJump @a\nSleep 30\nSet #1, 0\nJump @a\n@b\nTurn 1\nJump -1\n"}},
		{"die", 10, nil, []string{"Init 1, @b\nInit 1, @b\n@a\nAdd #1, 1\nComp #1, 11\nJump @a\nDie\n@b\nTurn 1\nComp $Banks, 7\nJump -2\n"}},
		{"rtrans", 10, nil, []string{"Bank Main\nInit 1, @b\nCreate 2, 2, 0\nTrans 2, 2\n@a\nAdd #1, 1\nComp #1, 6\nJump @a\nRTrans 2, 1\n@s\nAdd #3, 1\nJump @s\n@b\nTurn 1\nJump -1\nBank Two\nTurn 0\nJump 1\nTurn 0\nJump -3\n"}},
		{"deactivated, transferred into", 10, []Placement{east, west}, []string{
			"Init 1, @b\nInit 1, @b\n@a\nAdd #1, 1\nJump @a\n@b\nTurn 1\nJump -1\n",
			"Bank Main\n@y\nAdd #1, 1\nComp #1, 40\nJump @y\nSet %Active, 0\nSet %Active, 1\nTrans 2, 1\nSet #1, 0\nJump @y\nBank Two\nTurn 0\nComp 3, 3\nJump -2\nJump -3\n"}},
	}
	for _, gm := range games {
		for _, every := range []int{1, 37} {
			for _, events := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/every %d/events %v", gm.name, every, events), func(t *testing.T) {
					var progs []*robolang.Program
					for i, s := range gm.srcs {
						progs = append(progs, parseRC3(t, fmt.Sprintf("P%d", i), s))
					}
					o := RC3M()
					o.MaxTasks, o.Timeout = gm.maxTasks, 3000
					var evs, slowEvs []Event
					cfg := Config{Programs: progs, Options: o, Seed: 1, Places: gm.places}
					slowCfg := cfg
					slowCfg.noSkip = true
					if events {
						cfg.OnEvent = func(e Event) { evs = append(evs, e) }
						slowCfg.OnEvent = func(e Event) { slowEvs = append(slowEvs, e) }
					}
					g, err := New(cfg)
					if err != nil {
						t.Fatal(err)
					}
					slow, _ := New(slowCfg)
					chained := 0 // looks that found a chain running ahead
					for !g.Over() {
						g.RunUntil(g.Cycle() + every)
						slow.RunUntil(slow.Cycle() + every)
						for i := range g.robots {
							if r := &g.robots[i]; r.alive && r.mt != nil {
								for _, tk := range r.mt.list {
									if tk.chainN != 0 {
										chained++
									}
								}
							}
						}
						checkTasks(t, g)
						if a, b := g.Instructions(), slow.Instructions(); a != b {
							t.Fatalf("cycle %d: %d instructions, %d without skips", g.Cycle(), a, b)
						}
						if a, b := g.Robots(), slow.Robots(); !reflect.DeepEqual(a, b) {
							t.Fatalf("cycle %d: the robots differ from those of the game without skips:\n%+v\n%+v", g.Cycle(), a, b)
						}
					}
					if !reflect.DeepEqual(evs, slowEvs) {
						t.Fatal("the events differ from those of the game without skips")
					}
					if a, b := g.Result(), slow.Result(); !reflect.DeepEqual(a, b) {
						t.Fatalf("results differ:\n%+v\n%+v", a, b)
					}
					if chained == 0 {
						t.Error("no chain ran ahead")
					}
				})
			}
		}
	}
}
