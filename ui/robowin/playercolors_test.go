package robowin

import (
	"image/color"
	"math"
	"path/filepath"
	"testing"

	"robocom/ui/kit"
)

// A program keeps its colour between launches whatever its place in the list: remove the
// first of two players and add another, and the survivor must not take colour 0 on the
// next launch (it did: colours were handed out by position).
func TestColorsFollowProgramsBetweenLaunches(t *testing.T) {
	st, _ := kit.OpenSettings(filepath.Join(t.TempDir(), "settings.json"))
	cfg := Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: testFS(), Home: "."}}, Settings: st,
		Files: []string{"test:p1.rob", "test:p2.rob", "test:p3.rob"}}
	u := New(cfg)
	u.RemovePlayer(0)
	u.AddPlayer("test:p4.rob") // takes the freed colour 0
	u.Recolor(1)               // p3 moves on from colour 2
	want := map[string]int{}
	for _, p := range u.Players() {
		want[p.Path] = p.Color
	}
	u.Close()
	if want["test:p4.rob"] != 0 || want["test:p2.rob"] != 1 || want["test:p3.rob"] == 2 {
		t.Fatalf("unexpected colours before relaunch: %v", want)
	}
	s := st.Get()
	for _, files := range [][]string{s.Players, {"test:p3.rob", "test:p4.rob", "test:p2.rob"}} {
		cfg.Files = files
		u2 := New(cfg)
		for _, p := range u2.Players() {
			if p.Color != want[p.Path] {
				t.Errorf("launched with %v: %s has colour %d, had %d", files, p.Path, p.Color, want[p.Path])
			}
		}
		u2.Close()
	}
}

// A remembered colour another player already has is not taken twice.
func TestRememberedColorNotShared(t *testing.T) {
	st, _ := kit.OpenSettings(filepath.Join(t.TempDir(), "settings.json"))
	if err := st.Update(func(s *Settings) {
		s.PlayerColors = map[string]int{"test:p1.rob": 3, "test:p2.rob": 3}
	}); err != nil {
		t.Fatal(err)
	}
	u := New(Config{Load: LoadProgram, NewGame: NewArenaGame, Options: ArenaOptions{},
		Roots: []Root{{Name: "test", FS: testFS(), Home: "."}}, Settings: st,
		Files: []string{"test:p1.rob", "test:p2.rob"}})
	defer u.Close()
	ps := u.Players()
	if len(ps) != 2 || ps[0].Color != 3 || ps[1].Color == 3 {
		t.Errorf("colours %d and %d; want 3 for the first and another for the second", ps[0].Color, ps[1].Color)
	}
}

// An RBI player is marked as such in the players list; others are not.
func TestRBIPlayerMarked(t *testing.T) {
	h := newHarness(t, "test:p1.rob", "test:p2.rob")
	if h.shows("RBI") {
		t.Fatal("an RBI badge before any RBI player")
	}
	sealed := *h.u.players[1].Prog
	sealed.Hidden = true
	h.u.players[1].Prog = &sealed
	h.frame()
	if !h.shows("RBI") {
		t.Errorf("the RBI player is not marked; texts: %q", h.texts())
	}
}

// contrast is the WCAG contrast ratio of two opaque colours.
func contrast(a, b color.NRGBA) float64 {
	lum := func(c color.NRGBA) float64 {
		ch := func(v uint8) float64 {
			s := float64(v) / 255
			if s <= 0.04045 {
				return s / 12.92
			}
			return math.Pow((s+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
	}
	la, lb := lum(a), lum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// Messages on the window's background (the refused option set was light grey on off-white)
// are readable: at least WCAG AA's 4.5:1.
func TestNoticesReadable(t *testing.T) {
	th := testTheme()
	for _, isErr := range []bool{false, true} {
		if c := contrast(noticeColor(th, isErr), th.Bg); c < 4.5 {
			t.Errorf("notice (error %v) has contrast %.2f on the background, want ≥ 4.5", isErr, c)
		}
	}
	if c := contrast(color.NRGBA{0xDD, 0xDD, 0xDD, 0xFF}, th.Bg); c >= 4.5 {
		t.Errorf("the old light grey reads %.2f: the test no longer checks anything", c)
	}
}
