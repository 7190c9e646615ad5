//go:build cgo

package robowin

import (
	"robocom/arena"

	"flag"
	"image"
	"path/filepath"
	"testing"

	"gioui.org/layout"

	"robocom/robolang"
	"robocom/ui/internal/goldentest"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden images in testdata/refs")

// Programs of the golden board: a factory of mobile, active Super robots, a builder that
// leaves inactive Advanced robots behind, and a lone spinner.
var goldenSources = []string{
	"Name Factory\nBank Main\n@l\nCreate 2, 1, 1\nTrans 1, 1\nSet %Active, 1\nTurn 1\nJump @l\n",
	"Name Sleepers\nBank Main\n@l\nCreate 1, 1, 0\nTurn 0\nJump @l\n",
	"Name Spinner\nBank Main\n@l\nTurn 1\nJump @l\n",
}

// goldenGame plays the golden game to a fixed cycle and returns its board.
func goldenGame(t testing.TB, cycles int) (int, []arena.RobotView, []Team) {
	t.Helper()
	var progs []*robolang.Program
	for i, src := range goldenSources {
		p, err := LoadProgram("golden.rob", []byte(src), GameOptions{})
		if err != nil {
			t.Fatalf("program %d: %v", i, err)
		}
		progs = append(progs, p)
	}
	g, err := NewArenaGame(progs, ArenaOptions{}.Default(), 7)
	if err != nil {
		t.Fatal(err)
	}
	for g.Cycle() < cycles && !g.Over() {
		g.Step()
	}
	teams := make([]Team, len(progs))
	for i, p := range progs {
		teams[i] = Team{Name: p.Name, Color: paletteColor(i)}
	}
	return g.Size(), g.Robots(nil), teams
}

// renderBoard draws a board headless; it skips the test when there is no headless GPU.
func renderBoard(t testing.TB, size image.Point, n int, robots []arena.RobotView, teams []Team, selected int) *image.RGBA {
	t.Helper()
	th := testTheme()
	st := &BoardState{Selected: selected}
	return goldentest.Render(t, size, func(gtx layout.Context) { Board(th, st, n, robots, teams).Layout(gtx) })
}

func TestGoldenBoard(t *testing.T) {
	n, robots, teams := goldenGame(t, 900)
	if len(robots) < 10 {
		t.Fatalf("the golden game has only %d robots; the programs no longer build", len(robots))
	}
	img := renderBoard(t, image.Pt(400, 400), n, robots, teams, robots[0].ID)
	goldentest.Compare(t, img, filepath.Join("testdata", "refs", t.Name()+".png"), 16, *updateGolden)
}

// TestBoardLayersFollowChanges: the recorded robot layers are replayed only while nothing
// they show changed; after turning, moving and deactivating robots the board must look
// exactly like one drawn from scratch.
func TestBoardLayersFollowChanges(t *testing.T) {
	n, robots, teams := goldenGame(t, 900)
	w := goldentest.NewWindow(t, image.Pt(400, 400))
	th := testTheme()
	draw := func(st *BoardState, rs []arena.RobotView) *image.RGBA {
		return w.Draw(t, func(gtx layout.Context) { Board(th, st, n, rs, teams).Layout(gtx) })
	}
	st := &BoardState{}
	draw(st, robots)
	changed := append([]arena.RobotView(nil), robots...)
	changed[0].Dir = (changed[0].Dir + 1) % 4
	changed[1].X = (changed[1].X + 3) % n
	changed[2].Active = 0
	changed = changed[:len(changed)-1] // one robot died
	got := draw(st, changed)
	want := draw(&BoardState{}, changed)
	diff := 0
	for i := range got.Pix {
		if got.Pix[i] != want.Pix[i] {
			diff++
		}
	}
	if diff != 0 {
		goldentest.WritePNG(filepath.Join("testdata", "refs", t.Name()+"-bad.png"), got)
		t.Errorf("%d bytes differ between the updated board and one drawn afresh", diff)
	}
	same := draw(st, changed)
	for i := range same.Pix {
		if same.Pix[i] != want.Pix[i] {
			t.Fatal("replaying the unchanged layers draws a different board")
		}
	}
}
