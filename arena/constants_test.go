package arena

import (
	"testing"

	"robocom/robolang"
)

// Constant reads what the robot's own instructions read: a program that copies each
// constant into a variable finds the same values.
func TestConstantMatchesProgram(t *testing.T) {
	consts := []robolang.Const{robolang.ConstBanks, robolang.ConstMobile, robolang.ConstInstrSet, robolang.ConstFields,
		robolang.ConstTime, robolang.ConstAge, robolang.ConstGeneration, robolang.ConstTasks, robolang.ConstInstrPos}
	src := "@l\n"
	for i, c := range consts {
		src += "Set #" + itoa(i+1) + ", " + robolang.ConstNames[c] + "\n"
	}
	src += "Jump @l\n"
	g := newRC3Game(t, RC3M(), nil, src)
	for !g.Over() && g.Cycle() < 200 {
		g.Step()
	}
	// After a full pass of the SETs the variables hold what the constants were then; the
	// time-dependent ones moved on since, so compare the steady ones and check the clock's.
	v, ok := g.Robot(1)
	if !ok {
		t.Fatal("robot 1 is gone")
	}
	for i, c := range consts {
		got, ok := g.Constant(1, c)
		if !ok {
			t.Fatalf("Constant(1, %s) not ok", robolang.ConstNames[c])
		}
		switch c {
		case robolang.ConstTime, robolang.ConstAge:
			if int(v.Vars[i]) > got || got-int(v.Vars[i]) > 40 {
				t.Errorf("%s = %d, the program read %d not long ago", robolang.ConstNames[c], got, v.Vars[i])
			}
		case robolang.ConstInstrPos:
			// Where the SET stands, not where the robot stands now.
		default:
			if got != int(v.Vars[i]) {
				t.Errorf("%s = %d, the program reads %d", robolang.ConstNames[c], got, v.Vars[i])
			}
		}
	}
	if _, ok := g.Constant(999, robolang.ConstTime); ok {
		t.Error("Constant of a robot that does not exist is ok")
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}

// In a classic game every constant has a value (the debugger asks for all of them).
func TestConstantClassic(t *testing.T) {
	p, err := robolang.Parse("s.rob", []byte("Name S\nBank Main\n@l\nTurn 1\nJump @l\n"), robolang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Config{Programs: []*robolang.Program{p}, Options: Classic(), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.Step()
	for c := robolang.Const(1); int(c) < len(robolang.ConstNames); c++ {
		if _, ok := g.Constant(1, c); !ok {
			t.Errorf("Constant(1, %s) not ok in a classic game", robolang.ConstNames[c])
		}
	}
	if v, _ := g.Constant(1, robolang.ConstTasks); v != 1 {
		t.Errorf("$Tasks in a classic game = %d, want 1", v)
	}
}
