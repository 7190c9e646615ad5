package corewin

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"robocom/corewars"
	"robocom/corewars/play"
)

// testRecipe loads sample programs of one language into a recipe.
func testRecipe(t testing.TB, lang play.Language, seed int64, files ...string) *recipe {
	t.Helper()
	p := play.Defaults(lang)
	rc := &recipe{params: p, seed: seed}
	for _, f := range files {
		src, err := readSample(f)
		if err != nil {
			t.Fatal(err)
		}
		pr, err := play.Load(f, src, p)
		if err != nil {
			t.Fatal(err)
		}
		rc.progs, rc.copies = append(rc.progs, pr), append(rc.copies, 1)
	}
	return rc
}

// engineState is everything an inspector can see of a game, to compare two games.
func engineState(e corewars.Engine) string {
	var b strings.Builder
	fmt.Fprintf(&b, "cycle %d over %v next %d\n", e.Cycle(), e.Over(), e.Next())
	for p := 0; p < e.Processes(); p++ {
		fmt.Fprintf(&b, "%+v %v\n", e.Process(p), e.Threads(p, nil, -1))
	}
	for a := 0; a < e.Size(); a++ {
		fmt.Fprintf(&b, "%d %+v\n", a, e.Cell(a))
	}
	return b.String()
}

// runnerWith starts a runner on the recipe's game, paused.
func runnerWith(t *testing.T, rc *recipe) *runner {
	t.Helper()
	g, err := rc.build()
	if err != nil {
		t.Fatal(err)
	}
	r := newRunner(nil)
	t.Cleanup(r.Close)
	r.setRecipe(rc)
	r.reset(g)
	return r
}

func (r *runner) state() (s string) {
	r.withEngine(func(e corewars.Engine) { s = engineState(e) })
	return s
}

// waitPaused waits until the runner stopped (a hit, the end of a block).
func waitPaused(t *testing.T, r *runner) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for r.Running() {
		if time.Now().After(deadline) {
			t.Fatal("the game did not stop")
		}
		time.Sleep(time.Millisecond)
	}
	r.Read(func(corewars.Engine, bool) {})
}

func TestRewindIsAFreshGameAtThatCycle(t *testing.T) {
	for _, tc := range []struct {
		lang  play.Language
		files []string
	}{
		{play.Redcode, []string{"dwarf.red", "paper.red"}},
		{play.CW, []string{"dwarf.cw", "replicator.cw"}},
		{play.VNA, []string{"bomber.vna", "bomb_evader.vna"}},
	} {
		t.Run(tc.lang.String(), func(t *testing.T) {
			rc := testRecipe(t, tc.lang, 7, tc.files...)
			r := runnerWith(t, rc)
			r.SetSpeed(0)
			r.block(120)
			waitPaused(t, r)
			r.stepInstr(1) // into time slice 120 (every game here has two processes)
			r.back()       // to its beginning
			fresh := func(c int) string {
				g, _ := rc.build()
				g.Run(c)
				return engineState(g)
			}
			if got, want := r.state(), fresh(120); got != want {
				t.Fatalf("back from inside slice 120 is not a fresh game at 120:\n%.300s\nwant\n%.300s", got, want)
			}
			r.back()
			if r.state() != fresh(119) {
				t.Fatal("← 1 cycle from 120 is not a fresh game at 119")
			}
			r.seek(40, nil)
			if r.state() != fresh(40) {
				t.Fatal("seeking back to 40 is not a fresh game at 40")
			}
			r.seek(100, nil) // forward again, within what was played
			if r.state() != fresh(100) {
				t.Fatal("seeking forward to 100 is not a fresh game at 100")
			}
			r.seek(5000, nil) // beyond the furthest moment reached: stops there, one step into 120
			g, _ := rc.build()
			g.Run(120)
			g.Step()
			if r.state() != engineState(g) {
				t.Fatal("seeking past the furthest moment did not stop at it, one step into slice 120")
			}
		})
	}
}

// BenchmarkRewind measures going back near the start of an 80,000-cycle Redcode round: a
// rebuild and a replay of the whole round.
func BenchmarkRewind(b *testing.B) {
	rc := testRecipe(b, play.Redcode, 3, "imp.red", "imp.red")
	for b.Loop() {
		g, err := rc.build()
		if err != nil {
			b.Fatal(err)
		}
		if n := g.Run(80000); n != 80000 {
			b.Fatalf("the round lasted %d cycles", n)
		}
	}
}
