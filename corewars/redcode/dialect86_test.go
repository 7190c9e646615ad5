package redcode

import (
	"os"
	"strings"
	"testing"
)

func load86(t *testing.T, name string) *Warrior {
	t.Helper()
	src, err := os.ReadFile("testdata/86/" + name)
	if err != nil {
		t.Fatal(err)
	}
	w, errs := Assemble86(name, src, 8000)
	if len(errs) > 0 {
		t.Fatalf("%s: %v", name, errs)
	}
	return w
}

func TestDialect86Examples(t *testing.T) {
	mice := load86(t, "mice.war")
	// Same code as the '94 Mice listing in the corpus (lazy.lst), START at 1.
	want := "" +
		"       ORG      START\n" +
		"       DAT.F  #     0, #     0     \n" +
		"START  MOV.AB #    12, $    -1     \n" +
		"       MOV.I  @    -2, <     5     \n" +
		"       DJN.B  $    -1, $    -3     \n" +
		"       SPL.B  @     3, $     0     \n" +
		"       ADD.AB #   653, $     2     \n" +
		"       JMZ.B  $    -5, $    -6     \n" +
		"       DAT.F  #     0, #   833     \n\n"
	if got := mice.Listing(8000); !strings.HasSuffix(got, want) {
		t.Errorf("mice listing:\n%s", got)
	}
	imp, stomper := load86(t, "imp.war"), load86(t, "stomper.war")

	// Mice alone multiplies.
	m, _ := NewMachine(Settings{CoreSize: 8000, MaxProcesses: 64, Cycles: 20000}, []*Warrior{mice})
	m.LoadRound([]int{0}, 0)
	m.RunRound()
	if !m.Alive(0) || m.ProcessCount(0) < 2 {
		t.Errorf("mice: alive %v, %d processes", m.Alive(0), m.ProcessCount(0))
	}
	// Imp against Imp Stomper placed right above it: the document says the
	// stomper kills the imp or both end as imps (never the stomper alone dying).
	for first := 0; first < 2; first++ {
		m, _ = NewMachine(Settings{CoreSize: 8000, MaxProcesses: 64, Cycles: 20000}, []*Warrior{stomper, imp})
		m.LoadRound([]int{0, 8000 - 3}, first)
		m.RunRound()
		if !m.Alive(0) {
			t.Errorf("first=%d: the stomper died", first)
		}
	}
}

func TestDialect86Errors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"FOO 1 2\n", "x.war:1:1: unknown instruction \"FOO\""},
		{"MOV 1\n", "x.war:1:1: MOV takes 2 argument(s), found 1"},
		{"JMP LOOP\n", "x.war:1:5: undefined label LOOP"},
		{"MOV 0 #1\n", "x.war:1:7: MOV cannot write to an immediate B argument"},
		{"A1: DAT 0\n", "x.war:1:1: label \"A1\" must be letters only"},
		{"MOV 0 $1\n", "x.war:1:7: bad argument \"$1\""},
		{"MOV 0A !\n", "x.war:1:5: bad argument \"0A\""}, // once panicked (FuzzLoadAndPlay)
		{"JMP !\n", "x.war:1:5: bad argument \"!\""},
	}
	for _, tc := range tests {
		_, errs := Assemble86("x.war", []byte(tc.src), 8000)
		if len(errs) == 0 || !strings.HasPrefix(errs[0].Error(), tc.want) {
			t.Errorf("%q: %v, want %s", tc.src, errs, tc.want)
		}
	}
}

// FuzzAssemble86: any source gives a warrior or errors, never a panic, and a warrior it
// gives has only fields within the core.
func FuzzAssemble86(f *testing.F) {
	for _, name := range []string{"imp.war", "mice.war", "stomper.war"} {
		if src, err := os.ReadFile("testdata/86/" + name); err == nil {
			f.Add(src)
		}
	}
	for _, s := range []string{"FOO 1 2\n", "MOV 1\n", "JMP LOOP\n", "MOV 0 #1\n", "A1: DAT 0\n",
		"MOV 0 $1\n", "MOV 0A !\n", "START: SPL 0\nJMP -1\n", "1.  MOV 0 1\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		const size = 400
		w, errs := Assemble86("f.war", src, size)
		if len(errs) > 0 {
			return
		}
		for _, in := range w.Code {
			if in.A < 0 || in.A >= size || in.B < 0 || in.B >= size {
				t.Fatalf("field outside the core: %+v", in)
			}
		}
	})
}
