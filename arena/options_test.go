package arena

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"robocom/robolang"
)

func TestOptionsSet(t *testing.T) {
	ok := []struct{ kv string }{
		{"board=4"}, {"board=200"}, {"timeout=1"}, {"elim-trigger=0"}, {"elim-trigger=32767"},
		{"first-mobile=1"}, {"remote-cost=0"}, {"cost.move=10"}, {"cost.ajump=3"}, {"cost.trans-per-instr=3"},
		{"cost.create-per-bank=20"}, {"cost.create-mobile-factor=2"}, {"cost.create-set1=40"}, {"cost.create-set2=80"},
		{" COST.ADD = 7 "},
	}
	for _, c := range ok {
		if err := Classic().SetPair(c.kv); err != nil {
			t.Errorf("%s: %v", c.kv, err)
		}
	}
	bad := []struct{ kv, msg string }{
		{"board=3", "4..200"}, {"board=201", "4..200"}, {"elim-trigger=32768", "0..32767"}, {"first-mobile=2", "0 or 1"},
		{"cost.move=-1", "0.."}, {"cost.fly=3", "unknown option"}, {"colour=red", "unknown option"}, {"timeout=ten", "whole number"},
		{"timeout", "KEY=VALUE"}, {"timeout=0", "1.."},
	}
	for _, c := range bad {
		err := Classic().SetPair(c.kv)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %v, want one mentioning %q", c.kv, err, c.msg)
		}
	}
	o := Classic()
	o.SetPair("cost.move=10")
	if o.Cost[robolang.OpMove] != 10 {
		t.Error("cost.move not set")
	}
}

func TestClassicValues(t *testing.T) {
	o := Classic()
	if o.Board != 16 || o.Timeout != 80000 || o.ElimTrigger != 5000 || o.FirstMobile || o.RemoteCost != 8 ||
		o.TransPerInstr != 3 || o.CreatePerBank != 20 || o.CreateMobileFactor != 2 || o.CreateSet1 != 40 || o.CreateSet2 != 80 {
		t.Errorf("classic = %+v", o)
	}
	want := map[robolang.Opcode]int{robolang.OpAdd: 6, robolang.OpSub: 6, robolang.OpSet: 5, robolang.OpComp: 3,
		robolang.OpJump: 2, robolang.OpBJump: 5, robolang.OpTurn: 5, robolang.OpMove: 18, robolang.OpDie: 1,
		robolang.OpScan: 6, robolang.OpTrans: 5, robolang.OpCreate: 50}
	for op, c := range want {
		if o.Cost[op] != c {
			t.Errorf("%s costs %d, want %d", op, o.Cost[op], c)
		}
	}
}

func TestOptionsSaveLoad(t *testing.T) {
	o := Classic()
	o.Name = "fast"
	for _, kv := range []string{"board=20", "cost.move=9", "first-mobile=1", "elim-trigger=300", "cost.create-set2=7"} {
		if err := o.SetPair(kv); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "fast.opts")
	if err := o.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := ResolveOptions(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, o) {
		t.Errorf("round trip:\n%+v\n%+v", got, o)
	}
	text, _ := os.ReadFile(path)
	if !strings.Contains(string(text), "cost.move = 9") {
		t.Errorf("saved text is not readable key = value:\n%s", text)
	}
	// A partial file keeps classic's other values; errors name the line.
	p2 := filepath.Join(t.TempDir(), "p.opts")
	os.WriteFile(p2, []byte("# mine\nboard = 8\n"), 0o644)
	if got, err := LoadOptions(p2); err != nil || got.Board != 8 || got.Timeout != 80000 || got.Name != "p" {
		t.Errorf("partial: %+v %v", got, err)
	}
	os.WriteFile(p2, []byte("board = 8\nspeed = 3\n"), 0o644)
	if _, err := LoadOptions(p2); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("bad key: %v", err)
	}
	if _, err := ResolveOptions("no-such-set"); err == nil {
		t.Error("unknown set accepted")
	}
}

func TestRC3NotPlayable(t *testing.T) {
	p := parse(t, "P", "JUMP 0")
	_, err := New(Config{Programs: []*robolang.Program{p}, Options: RC3()})
	if err == nil || !strings.Contains(err.Error(), "not implemented") {
		t.Errorf("rc3: %v", err)
	}
	q, err := robolang.Parse("q.rob", []byte("Bank A\nRANDOM #1, 1, 6\n"), robolang.Options{RC3: true})
	if err != nil {
		t.Skip("rc3 parse:", err)
	}
	if _, err := New(Config{Programs: []*robolang.Program{q}}); err == nil || !strings.Contains(err.Error(), "RC3") {
		t.Errorf("RC3 program under classic: %v", err)
	}
}

// FuzzParseOptions: the option file parser never panics; what it accepts is valid and
// survives a save/load round trip unchanged.
func FuzzParseOptions(f *testing.F) {
	text, _ := Classic().MarshalText()
	f.Add(string(text))
	f.Add("board = 8\n# comment\ncost.move=3\n")
	f.Add("name = x\ninstructions = rc3\nfirst-mobile = 1\n")
	f.Add("board = 3\n")
	f.Add("speed\n")
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOptions("f", []byte(s))
		if err != nil {
			return
		}
		if err := o.Validate(); err != nil {
			t.Fatalf("accepted an invalid set: %v", err)
		}
		text, _ := o.MarshalText()
		o2, err := ParseOptions("f", text)
		if err != nil {
			t.Fatalf("saved set does not load: %v\n%s", err, text)
		}
		if *o2 != *o {
			t.Fatalf("round trip changed the set:\n%+v\n%+v", o, o2)
		}
	})
}

// TestParseOptionsHostile: a key given twice and an over-long line are errors that give the
// line; a special file is refused by LoadOptions without blocking.
func TestParseOptionsHostile(t *testing.T) {
	cases := []struct{ text, want string }{
		{"board = 20\ntimeout = 100\nBoard = 30\n", "line 3: Board given twice (first on line 1)"},
		{"name = a\n# c\nname = b\n", "line 3: name given twice (first on line 1)"},
		{"board = 20\n" + strings.Repeat("#", 70000) + "\n", "line 2: the line is 70000 bytes long"},
		{"board = " + strings.Repeat("9", 1<<20) + "\n", "line 1: the line is"},
		{"timeout = " + strings.Repeat("9", 1000) + "\n", "… (1000 bytes)"},
	}
	for _, c := range cases {
		_, err := ParseOptions("t", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) || len(err.Error()) > 300 {
			t.Errorf("ParseOptions(%.30q…) = %v, want %q in a short message", c.text, err, c.want)
		}
	}
	if _, err := LoadOptions("/dev/zero"); err == nil || !strings.Contains(err.Error(), "is a device, not a regular file") {
		t.Errorf("LoadOptions(/dev/zero) = %v", err)
	}
}
