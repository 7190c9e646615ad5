package cw

import (
	"strings"
	"testing"
)

func addSeeds(f *testing.F) {
	for _, tc := range asmCases {
		f.Add([]byte(tc.src))
	}
	for _, tc := range asmErrors {
		f.Add([]byte(tc.src))
	}
	for _, tc := range machineCases {
		f.Add([]byte(tc.src))
	}
}

// FuzzAssemble: the assembler never panics, and what it accepts is a well-formed program.
func FuzzAssemble(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Assemble("f.cw", src)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.cw:") {
				t.Fatalf("error without position: %v", err)
			}
			return
		}
		if len(p.Code) == 0 || len(p.Code) != len(p.Lines) || p.Start < 0 || p.Start >= len(p.Code) || p.Code[p.Start].Op == Data {
			t.Fatalf("malformed program %+v", p)
		}
		for i, in := range p.Code {
			if in.Op >= numOps || (in.Op != Data && (in.AM > Ind || in.BM > Ind)) {
				t.Fatalf("cell %d malformed: %+v", i, in)
			}
		}
	})
}

// FuzzMachine: any program that assembles runs against itself and a looping thread spawner
// without crashing the machine, within the thread limit, with consistent ownership counts.
func FuzzMachine(f *testing.F) {
	addSeeds(f)
	spawner := "a: fork a\nb: info 2, p\nmove a, [p]\njump a\np: data 0"
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Assemble("f.cw", src)
		if err != nil {
			return
		}
		s, err := Assemble("s.cw", []byte(spawner))
		if err != nil {
			t.Fatal(err)
		}
		cfg := DefaultConfig()
		cfg.Size = 97 + len(p.Code)*4
		cfg.MaxThreads = 8
		cfg.MaxCycles = 400
		cfg.AllowSelfMove = len(src)%2 == 0
		cfg.Seed = int64(len(src))
		m, err := New(cfg, []*Program{p, s}, []int{2, 1})
		if err != nil {
			return // does not fit: a plain error, fine
		}
		for m.Step() {
			total := 0
			for i := 0; i < m.Processes(); i++ {
				st := m.Process(i)
				if st.Threads > cfg.MaxThreads || (st.Threads == 0) == st.Alive {
					t.Fatalf("process %d: %+v", i, st)
				}
				total += st.Cells
			}
			owned := 0
			for a := 0; a < m.Size(); a++ {
				if m.Owner(a) >= 0 {
					owned++
				}
			}
			if owned != total {
				t.Fatalf("cells owned %d, statistics say %d", owned, total)
			}
		}
		if m.Cycle() > cfg.MaxCycles {
			t.Fatalf("ran %d slices past the limit %d", m.Cycle(), cfg.MaxCycles)
		}
	})
}
