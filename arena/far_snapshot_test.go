package arena

import (
	"fmt"
	"reflect"
	"testing"
)

// farPending reports whether the game has far visits pending (coarse wheel or heap).
func farPending(g *Game) bool { return len(g.flatFar()) > 0 || len(g.overflow) > 0 }

// checkFarBooks checks the far scheduler's books between cycles: farNext is the next slot's
// first cycle; every coarse entry lies in the slot its cycle names, within 256 slots of
// farNext and not before it; every robot waiting far has exactly one live entry, due r.due.
func checkFarBooks(t testing.TB, g *Game) {
	t.Helper()
	c := uint32(g.cycle)
	if g.farNext%wheelSize != 0 || g.farNext <= c || g.farNext > c+wheelSize {
		t.Fatalf("cycle %d: farNext %d", g.cycle, g.farNext)
	}
	live := map[int32]int{}
	for i, s := range g.far {
		for _, e := range s {
			if int(e.due()>>wheelBits&(farSlots-1)) != i || e.due() < g.farNext || e.due()>>wheelBits-g.farNext>>wheelBits >= farSlots {
				t.Fatalf("cycle %d: entry due %d in slot %d (farNext %d)", g.cycle, e.due(), i, g.farNext)
			}
			if int(e.slot) >= len(g.robots) {
				t.Fatalf("cycle %d: entry for slot %d of %d", g.cycle, e.slot, len(g.robots))
			}
			if r := g.waitingFor(e); r != nil {
				live[e.slot]++
				if r.due != e.due() {
					t.Fatalf("cycle %d: robot %d due %d, its entry %d", g.cycle, r.id, r.due, e.due())
				}
			}
		}
	}
	for _, e := range g.overflow {
		if int(e.slot) >= len(g.robots) {
			continue
		}
		if r := g.waitingFor(e); r != nil {
			live[e.slot]++
			if r.due != e.due() || e.due() < c+wheelSize {
				t.Fatalf("cycle %d: robot %d due %d, its heap entry %d", g.cycle, r.id, r.due, e.due())
			}
		}
	}
	for i := range g.robots {
		r := &g.robots[i]
		if want := map[bool]int{true: 1, false: 0}[r.sched == schedOverflow]; live[int32(i)] != want {
			t.Fatalf("cycle %d: robot %d (sched %d, due %d) has %d live far entries", g.cycle, r.id, r.sched, r.due, live[int32(i)])
		}
	}
}

// TestFarSnapshots plays games with far visits, checking the far books at every stop,
// takes full and delta snapshots at stops where far visits are pending, and restores each
// (into the same game after its end, and into another game of the same rules partway through
// its own play): the restored game must play on with the same events and result.
func TestFarSnapshots(t *testing.T) {
	loadFarPrograms(t)
	n := farGames(60)
	tested := 0
	for i := 0; i < n; i++ {
		var events []string
		rec := func(e Event) { events = append(events, fmt.Sprintf("%+v", e)) }
		g, err := farGame(i, rec)
		if err != nil {
			continue
		}
		type mark struct {
			s    *Snapshot
			from int
		}
		var marks []mark
		var base *Snapshot
		steps := []int{1, 37, 255, 256, 257, 1000, 65535, 65536}
		for k := 0; !g.Over(); k++ {
			g.RunUntil(g.Cycle() + steps[(i+k)%len(steps)])
			checkFarBooks(t, g)
			if farPending(g) && len(marks) < 6 && k%3 == 0 {
				var s *Snapshot
				if base == nil {
					s = g.Snapshot()
					base = s
				} else {
					s = g.SnapshotSince(base)
				}
				marks = append(marks, mark{s, len(events)})
			}
		}
		res := g.Result()
		all := append([]string(nil), events...)
		for mi, m := range marks {
			tested++
			events = events[:0]
			g.Restore(m.s)
			checkFarBooks(t, g)
			for !g.Over() {
				g.RunUntil(g.Cycle() + 300)
				checkFarBooks(t, g)
			}
			if !reflect.DeepEqual(events, all[m.from:]) {
				t.Fatalf("game %d, snapshot %d at cycle %d: restored game played differently: %d events, want %d (first diff %s)",
					i, mi, m.s.Cycle(), len(events), len(all)-m.from, firstDiff(events, all[m.from:]))
			}
			if got := g.Result(); !reflect.DeepEqual(got, res) {
				t.Fatalf("game %d, snapshot %d: restored result differs", i, mi)
			}
			// Into another game of the same rules, partway through its own play.
			var ev2 []string
			g2, _ := farGame(i, func(e Event) { ev2 = append(ev2, fmt.Sprintf("%+v", e)) })
			g2.RunUntil(m.s.Cycle()/2 + 700)
			g2.Restore(m.s)
			ev2 = ev2[:0]
			g2.Run()
			if !reflect.DeepEqual(ev2, all[m.from:]) {
				t.Fatalf("game %d, snapshot %d at cycle %d: restored into another game, it played differently: %d events, want %d (first diff %s)",
					i, mi, m.s.Cycle(), len(ev2), len(all)-m.from, firstDiff(ev2, all[m.from:]))
			}
		}
	}
	t.Logf("%d snapshots with far visits pending restored", tested)
}

func firstDiff(a, b []string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("#%d: %s / want %s", i, a[i], b[i])
		}
	}
	return "(one is a prefix of the other)"
}
