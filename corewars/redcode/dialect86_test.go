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
	m, _ := NewMachine(MachineConfig{CoreSize: 8000, MaxProcesses: 64, Cycles: 20000}, []*Warrior{mice})
	m.LoadRound([]int{0}, 0)
	m.RunRound()
	if !m.Alive(0) || m.ProcessCount(0) < 2 {
		t.Errorf("mice: alive %v, %d processes", m.Alive(0), m.ProcessCount(0))
	}
	// Imp against Imp Stomper placed right above it: the document says the
	// stomper kills the imp or both end as imps (never the stomper alone dying).
	for first := 0; first < 2; first++ {
		m, _ = NewMachine(MachineConfig{CoreSize: 8000, MaxProcesses: 64, Cycles: 20000}, []*Warrior{stomper, imp})
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
	}
	for _, tc := range tests {
		_, errs := Assemble86("x.war", []byte(tc.src), 8000)
		if len(errs) == 0 || !strings.HasPrefix(errs[0].Error(), tc.want) {
			t.Errorf("%q: %v, want %s", tc.src, errs, tc.want)
		}
	}
}
