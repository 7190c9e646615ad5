package redcode

import (
	"os"

	"path/filepath"
	"robocom/corewars/redcode/internal/gen"
	"slices"
	"strings"
	"testing"
)

// FuzzAssemble: random sources never panic or hang the assembler, and what
// assembles lists and has fields inside the core.
func FuzzAssemble(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*.red")
	more, _ := filepath.Glob("testdata/warriors/*/*.red")
	paths = append(paths, more...)
	for _, p := range paths {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src, false)
		}
	}
	for _, s := range []string{
		"x EQU 1+2\nDAT #x*2, #x\n", "DAT #1 2, 3 4\n", "i FOR 3\nlab&i dat #i, lab&i\nROF\n",
		"x dat 0,0\nx dat 1,1\ndat 2,2\n", "jmp q\n", "ORG 0\na dat 0\nb dat 1\nEND b\n",
		";assert 1+2*3==7\n", "dat #1+2*3==7, 0\n", "nop\n", "jmz 1\n", "% dat 1\n",
		"mac EQU mov 0, 1\n    EQU add #1, 2\n    EQU sub\ntop mac #3, 4\n", "DAT #z=3+4, #z*2\n",
		"a EQU b\nb EQU a\ndat a\n", "for 0\nrof\n", "pin 5\ndat 0\n", "mov.i#0,1\n", "mov <1, }2\n",
		"CORESIZE equ 5\ndat CORESIZE\n", "mov 0, tt\n", "x equ 7\n;assert x%2==0\nmov 0, x\n",
		"q equ (1 % CORESIZE)\ndat q\n", "i for 65536\ndat i\nrof\n", "a b c d e f g h dat 0\n",
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, src []byte, strict bool) {
		cfg := DefaultConfig(2)
		cfg.Strict88 = strict
		cfg.Verbose = len(src)%2 == 1 // the -V trace too, on half of the inputs
		w, diag := Assemble(src, cfg)
		_ = diag.Stderr()
		if w == nil {
			if !diag.Failed() {
				t.Fatal("no warrior but no error")
			}
			return
		}
		if len(w.Code) > cfg.MaxLength {
			t.Fatalf("%d instructions > max length", len(w.Code))
		}
		for _, in := range w.Code {
			if in.A < 0 || in.A >= cfg.CoreSize || in.B < 0 || in.B >= cfg.CoreSize || in.Op >= numOpcodes || in.Mod >= numModifiers || in.AMode >= numModes || in.BMode >= numModes {
				t.Fatalf("bad instruction %+v", in)
			}
		}
		if l := w.Listing(cfg.CoreSize); !strings.HasPrefix(l, "Program \"") {
			t.Fatalf("bad listing %q", l)
		}
	})
}

// FuzzSimulate: random warriors never crash the simulator; process counts
// stay within the limit and every event is consistent.
func FuzzSimulate(f *testing.F) {
	f.Add([]byte{0x00, 0x11, 0x22, 0x33, 0x44, 0x55}, []byte{0xb0, 0x01, 0x02, 0x03}, uint16(97), uint8(7), uint8(3))
	f.Add([]byte("spl 0 mov 0 1"), []byte("djn -1 <3 dat"), uint16(8000), uint8(64), uint8(2))
	f.Add([]byte{0x58, 0, 0, 0, 0, 0x20, 0x30, 0x40}, []byte{0x88, 7, 7, 7, 7, 7}, uint16(11), uint8(1), uint8(4))
	f.Fuzz(func(t *testing.T, code1, code2 []byte, size uint16, procs uint8, nw uint8) {
		S := int(size)%4000 + 1
		p := int(procs)%100 + 1
		n := int(nw)%4 + 1
		decode := func(b []byte) *Warrior {
			w := &Warrior{Name: "fuzz", Author: "fuzz"}
			for i := 0; i+5 <= len(b) && len(w.Code) < 20; i += 5 {
				in := Instruction{Op: Opcode(b[i] % uint8(numOpcodes)), Mod: Modifier(b[i+1] % uint8(numModifiers)),
					AMode: Mode(b[i+2] % uint8(numModes)), BMode: Mode(b[i+2] / 8 % uint8(numModes)),
					A: int(b[i+3]) * 37 % S, B: int(b[i+4]) * 53 % S}
				if b[i+1]&0x80 != 0 {
					// the forms with specialised paths
					f := fastForms[int(b[i])%len(fastForms)]
					in.Op, in.Mod, in.AMode, in.BMode = f.Op, f.Mod, f.AMode, f.BMode
				}
				w.Code = append(w.Code, in)
			}
			if len(w.Code) > 0 {
				w.Start = int(b[0]) % len(w.Code)
			}
			return w
		}
		var ws []*Warrior
		for i := 0; i < n; i++ {
			if i%2 == 0 {
				ws = append(ws, decode(code1))
			} else {
				ws = append(ws, decode(code2))
			}
		}
		m, err := NewMachine(Settings{CoreSize: S, MaxProcesses: p, Cycles: 300}, ws)
		if err != nil {
			t.Fatal(err)
		}
		ref, _ := NewMachine(Settings{CoreSize: S, MaxProcesses: p, Cycles: 300}, ws)
		ref.generic = true
		fast, _ := NewMachine(Settings{CoreSize: S, MaxProcesses: p, Cycles: 300}, ws)
		fast.TrackOwners(false)
		pos := make([]int, n)
		for i := range pos {
			pos[i] = i * S / n
		}
		for round := 0; round < 2; round++ {
			m.LoadRound(pos, round%n)
			ref.LoadRound(pos, round%n)
			fast.LoadRound(pos, round%n)
			fast.RunRound()
			for steps := 0; !m.RoundOver(); steps++ {
				// The budget is W*300; pMARS's negative-budget quirk runs up to
				// W*300 more, and its formula raises a negative budget at each
				// later death, so allow W times the budget twice over.
				if steps > 2*n*n*300+10 {
					t.Fatalf("round did not end within the budget (%d steps)", steps)
				}
				ev := m.Step()
				ref.Step()
				if ev.RoundOver != ref.RoundOver() || (steps%8 == 0 || ev.RoundOver) && !sameState(m, ref) {
					t.Fatalf("round %d step %d: specialised and general paths differ", round, steps)
				}
				if ev.WarriorDied && !ev.ProcessDied {
					t.Fatal("warrior died without a process dying")
				}
				for i := 0; i < n; i++ {
					if c := m.ProcessCount(i); c > p || (c == 0) == m.Alive(i) {
						t.Fatalf("warrior %d: %d processes (limit %d), alive %v", i, c, p, m.Alive(i))
					}
				}
			}
		}
		for i := 0; i < S; i++ {
			if m.core[i] != fast.core[i] {
				t.Fatalf("cell %d: RunRound without owners differs from Step", i)
			}
		}
		for i := 0; i < S; i++ {
			in, owner := m.Cell(i)
			if in.A >= S || in.B >= S || owner >= n {
				t.Fatalf("cell %d: %+v owner %d", i, in, owner)
			}
		}
	})
}

// fastForms are instruction forms with a specialised path in the simulator.
var fastForms = func() []Instruction {
	var out []Instruction
	for op := Opcode(0); op < numOpcodes; op++ {
		for mod := Modifier(0); mod < numModifiers; mod++ {
			for am := Mode(0); am < numModes; am++ {
				for bm := Mode(0); bm < numModes; bm++ {
					if fastKind(uint8(op)<<3|uint8(mod), uint8(am)<<3|uint8(bm)) != fastNone {
						out = append(out, Instruction{Op: op, Mod: mod, AMode: am, BMode: bm})
					}
				}
			}
		}
	}
	return out
}()

// sameState compares core fields, owners, queues and turn of two machines
// (the fast-path byte aside).
func sameState(a, b *Machine) bool {
	for i := range a.core {
		x, y := a.core[i], b.core[i]
		if x.a != y.a || x.b != y.b || !sameInstr(&x, &y) || a.owner[i] != b.owner[i] {
			return false
		}
	}
	for i := range a.ws {
		pa, pb := a.Processes(i), b.Processes(i)
		if len(pa) != len(pb) || a.ws[i].alive != b.ws[i].alive {
			return false
		}
		for k := range pa {
			if pa[k] != pb[k] {
				return false
			}
		}
	}
	return a.cur == b.cur && a.budget == b.budget && a.executed == b.executed
}

// TestGeneratedCode: run_gen.go, run_untracked_gen.go and fast_gen.go are what
// internal/gen writes from run.tmpl (run "go generate ./corewars/redcode"
// after editing the template).
func TestGeneratedCode(t *testing.T) {
	fast, err := gen.FastKinds()
	if err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(gen.FastKindsFile); err != nil || string(got) != string(fast) {
		t.Errorf("%s is stale: run go generate ./corewars/redcode", gen.FastKindsFile)
	}
	for i, f := range gen.Files {
		want, err := gen.Generate(i)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s is stale: run go generate ./corewars/redcode", f.Name)
		}
	}
}

// TestLoadReducesFields: a warrior whose fields are outside the core (made for
// a larger core, or by hand) is loaded with its fields reduced mod S, as the
// batch loop, which indexes the core without bounds checks, requires; it then
// plays as its reduced self would.
func TestLoadReducesFields(t *testing.T) {
	const S = 80
	raw := &Warrior{Name: "raw", Code: []Instruction{
		{Op: MOV, Mod: ModI, AMode: BIndirect, BMode: APostinc, A: -1, B: 7999},
		{Op: ADD, Mod: ModAB, AMode: Immediate, BMode: Direct, A: S + 3, B: -2*S - 1},
		{Op: DJN, Mod: ModB, AMode: Direct, BMode: BPredec, A: -2, B: 3*S + 5},
	}}
	reduced := &Warrior{Name: "reduced", Code: []Instruction{
		{Op: MOV, Mod: ModI, AMode: BIndirect, BMode: APostinc, A: S - 1, B: 7999 % S},
		{Op: ADD, Mod: ModAB, AMode: Immediate, BMode: Direct, A: 3, B: S - 1},
		{Op: DJN, Mod: ModB, AMode: Direct, BMode: BPredec, A: S - 2, B: 5},
	}}
	imp := &Warrior{Name: "imp", Code: []Instruction{{Op: MOV, Mod: ModI, AMode: Direct, BMode: Direct, A: 0, B: 1}}}
	var cores [2][]Instruction
	for i, w := range []*Warrior{raw, reduced} {
		m, err := NewMachine(Settings{CoreSize: S, MaxProcesses: 8, Cycles: 500}, []*Warrior{w, imp})
		if err != nil {
			t.Fatal(err)
		}
		m.TrackOwners(false)
		m.LoadRound([]int{0, S / 2}, 0)
		for a := 0; a < 3; a++ {
			if in, _ := m.Cell(a); in != reduced.Code[a] {
				t.Errorf("%s: cell %d loaded as %+v, want %+v", w.Name, a, in, reduced.Code[a])
			}
		}
		m.RunRound()
		for a := 0; a < S; a++ {
			in, _ := m.Cell(a)
			cores[i] = append(cores[i], in)
		}
	}
	if !slices.Equal(cores[0], cores[1]) {
		t.Error("the raw warrior played differently from its reduced self")
	}
}
