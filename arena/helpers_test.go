package arena

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"robocom/robolang"
)

var bankLine = regexp.MustCompile(`(?im)^\s*bank\b`)

// parse assembles a program written in a Go string ("Bank" lines may be left out for a
// one-bank program).
func parse(t testing.TB, name, src string) *robolang.Program {
	t.Helper()
	if !bankLine.MatchString(src) {
		src = "Bank Main\n" + src
	}
	p, err := robolang.Parse(name+".rob", []byte("Name "+name+"\n"+src), robolang.Options{})
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return p
}

// at is a fixed placement.
func at(x, y int, d Dir) Placement { return Placement{Fixed: true, X: x, Y: y, Dir: d} }

// testGame is a game with its event log.
type testGame struct {
	*Game
	t      testing.TB
	events []Event
}

func newGame(t testing.TB, opts *Options, places []Placement, srcs ...string) *testGame {
	t.Helper()
	tg := &testGame{t: t}
	var progs []*robolang.Program
	for i, s := range srcs {
		progs = append(progs, parse(t, fmt.Sprintf("P%d", i), s))
	}
	g, err := New(Config{Programs: progs, Options: opts, Seed: 1, Places: places,
		OnEvent: func(e Event) { tg.events = append(tg.events, e) }})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	tg.Game = g
	return tg
}

// to runs cycle by cycle (Step, no skipping) until cycle c.
func (tg *testGame) to(c int) *testGame {
	for tg.Cycle() < c && tg.Step() {
	}
	return tg
}

// robot returns the view of robot id, failing if it is not alive.
func (tg *testGame) robot(id int) RobotView {
	tg.t.Helper()
	v, ok := tg.Robot(id)
	if !ok || !v.Alive {
		tg.t.Fatalf("cycle %d: robot %d is not alive", tg.Cycle(), id)
	}
	return v
}

// expectVar checks #v of robot id.
func (tg *testGame) expectVar(id, v int, want int16) {
	tg.t.Helper()
	if got := tg.robot(id).Vars[v-1]; got != want {
		tg.t.Errorf("cycle %d: robot %d #%d = %d, want %d", tg.Cycle(), id, v, got, want)
	}
}

// expectDeath checks that robot id died in cycle c of reason why.
func (tg *testGame) expectDeath(id, c int, why Reason) {
	tg.t.Helper()
	for _, d := range tg.Deaths() {
		if d.Robot == id {
			if d.Cycle != c || d.Reason != why {
				tg.t.Errorf("robot %d died in cycle %d of %s, want cycle %d of %s", id, d.Cycle, d.Reason, c, why)
			}
			return
		}
	}
	tg.t.Errorf("robot %d did not die (cycle %d), want cycle %d of %s", id, tg.Cycle(), c, why)
}

// log renders the events of kinds other than spawn compactly: "cycle:robot:event[:detail]".
func (tg *testGame) log() string {
	var parts []string
	for _, e := range tg.events {
		s := fmt.Sprintf("%d:%d:%s", e.Cycle, e.Robot, e.Kind)
		switch e.Kind {
		case EvSpawn:
			s += fmt.Sprintf(":%d,%d%s", e.X, e.Y, e.Dir)
			if e.Cycle == 0 {
				continue
			}
		case EvMove:
			s += fmt.Sprintf(":%d,%d", e.X, e.Y)
		case EvTurn:
			s += ":" + e.Dir.String()
		case EvTrans:
			s += fmt.Sprintf(":%d:%d>%d", e.Target, e.FromBank, e.ToBank)
		case EvActivate, EvDeactivate:
			s += fmt.Sprintf(":%d", e.Target)
		case EvDeath:
			s += ":" + e.Reason.String()
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}
