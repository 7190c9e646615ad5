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

// TestRC3Playable: a classic program plays under rc3 and rc3m; an RC3 program is refused
// under classic.
func TestRC3Playable(t *testing.T) {
	p := parse(t, "P", "JUMP 0")
	for _, o := range []*Options{RC3(), RC3M()} {
		g, err := New(Config{Programs: []*robolang.Program{p}, Options: o})
		if err != nil {
			t.Fatalf("%s: %v", o.Name, err)
		}
		g.RunUntil(100)
		if g.Instructions() != 100 { // JUMP costs 1 under rc3
			t.Errorf("%s: %d instructions in 100 cycles, want 100", o.Name, g.Instructions())
		}
	}
	q, err := robolang.Parse("q.rob", []byte("Bank A\nRANDOM #1, 1, 6\n"), robolang.Options{RC3: true})
	if err != nil {
		t.Fatal("rc3 parse:", err)
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
	f.Add("\uFEFFboard = 20\n")
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

// TestRC3OptionValues: the built-in rc3 and rc3m sets have RC3.md 1's values, classic keeps
// ROBOCOM.md's (with the RC3 keys at rc3's values, unused), and the new keys save and load.
func TestRC3OptionValues(t *testing.T) {
	want := map[string]string{
		"instructions": "rc3", "max-tasks": "1", "max-duration": "1500", "remote-cost": "6",
		"board": "16", "timeout": "80000", "elim-trigger": "5000", "first-mobile": "0",
		"cost.add": "2", "cost.sub": "2", "cost.set": "2", "cost.comp": "2", "cost.jump": "1", "cost.bjump": "2",
		"cost.turn": "8", "cost.move": "20", "cost.die": "1", "cost.scan": "8", "cost.trans": "14", "cost.trans-per-instr": "1",
		"cost.create": "100", "cost.create-per-bank": "25", "cost.create-mobile-factor": "1", "cost.create-mobile": "120",
		"cost.create-set1": "40", "cost.create-set2": "100", "cost.ajump": "1", "cost.rtrans": "14", "cost.rtrans-per-instr": "1",
		"cost.farscan": "10", "cost.farscan-per-field": "3", "cost.random": "1", "cost.mul": "2", "cost.div": "2",
		"cost.mod": "2", "cost.min": "2", "cost.max": "2", "cost.init": "2", "cost.quit": "1", "cost.seize": "1",
		"cost.resume": "1", "cost.break": "1", "cost.sleep": "0",
	}
	rc3, rc3m, classic := Builtin("rc3"), Builtin("rc3m"), Classic()
	for k, v := range want {
		if got, _ := rc3.Get(k); got != v {
			t.Errorf("rc3 %s = %s, want %s", k, got, v)
		}
		wm := v
		if k == "max-tasks" {
			wm = "10"
		}
		if got, _ := rc3m.Get(k); got != wm {
			t.Errorf("rc3m %s = %s, want %s", k, got, wm)
		}
	}
	for k, v := range map[string]string{"instructions": "classic", "max-tasks": "1", "max-duration": "0", "remote-cost": "8",
		"cost.add": "6", "cost.create-mobile": "0", "cost.create-mobile-factor": "2", "cost.create-set2": "80",
		"cost.ajump": "1", "cost.rtrans-per-instr": "1", "cost.farscan-per-field": "3", "cost.init": "2", "cost.sleep": "0"} {
		if got, _ := classic.Get(k); got != v {
			t.Errorf("classic %s = %s, want %s", k, got, v)
		}
	}
	text, _ := rc3m.MarshalText()
	back, err := ParseOptions("x", text)
	if err != nil {
		t.Fatal(err)
	}
	back.Name = rc3m.Name
	if *back != *rc3m {
		t.Errorf("rc3m does not survive saving:\n%+v\n%+v", back, rc3m)
	}
	if rc3m.Name != "rc3m" || rc3.Name != "rc3" {
		t.Errorf("names %q %q", rc3.Name, rc3m.Name)
	}
	for _, bad := range []string{"max-tasks=0", "max-tasks=101", "max-duration=-1", "max-duration=1000001", "instructions=rc3m"} {
		if err := Classic().SetPair(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestParseOptionsHostile: a key given twice and an over-long line are errors that give the
// line; a special file is refused by LoadOptions without blocking.
func TestParseOptionsHostile(t *testing.T) {
	// A byte-order mark (Notepad writes one) is not part of the first key.
	if o, err := ParseOptions("t", []byte("\uFEFFboard = 20\r\n")); err != nil || o.Board != 20 {
		t.Errorf("ParseOptions with a byte-order mark: %v, board %v", err, o)
	}
	cases := []struct{ text, want string }{
		{"board = 20\ntimeout = 100\nBoard = 30\n", "line 3: Board given twice (first on line 1)"},
		{"name = a\n# c\nname = b\n", "line 3: name given twice (first on line 1)"},
		{"board = 20\n" + strings.Repeat("#", 70000) + "\n", "line 2: the line is 70000 bytes long"},
		{"board = " + strings.Repeat("9", 1<<20) + "\n", "line 1: the line is"},
		{"timeout = " + strings.Repeat("9", 1000) + "\n", "… (1000 bytes)"},
		{"board = 20 ; bigger\n", "line 1: option board needs a whole number, not \"20 ; bigger\" (a comment in an option set starts with '#', not ';')"},
		// A whole line of ';' comment, the commonest: it said 'expected "key = value"', or,
		// with an '=' in it, that ";timeout" is an unknown option, and listed all 40.
		{"; my set\nboard = 20\n", "line 1: \"; my set\" is not an option: a comment in an option set starts with '#', not ';'"},
		{"board = 20\n;timeout = 5000\n", "line 2: \";timeout = 5000\" is not an option: a comment in an option set starts with '#', not ';'"},
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
