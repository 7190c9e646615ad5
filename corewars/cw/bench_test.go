package cw

import (
	"testing"

	"robocom/corewars"
)

// BenchmarkStep measures one instruction of a busy game: a bomber, a replicating forker
// and an imp-like mover in the default 10000-cell core.
func BenchmarkStep(b *testing.B) {
	bomber := mustAssemble(b, "l: info 2, p\nmove bomb, [p]\njump l\np: data 0\nbomb: data 0")
	forker := mustAssemble(b, "a: fork a\nadd 1, x\nloop c, a\njump a\nx: data 0\nc: data 1000")
	mover := mustAssemble(b, "s: data 0\nd: data 7\nl: movei s, d\njump l")
	cfg := DefaultConfig()
	cfg.MaxCycles = MaxCycles
	newGame := func() *Machine {
		m, err := New(cfg, []*Program{bomber, forker, mover}, []int{1, 1, 1})
		if err != nil {
			b.Fatal(err)
		}
		return m
	}
	m := newGame()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if !m.Step() {
			b.StopTimer()
			m = newGame()
			b.StartTimer()
		}
	}
}

// The hot loop allocates nothing, also with an event handler installed.
func TestStepAllocatesNothing(t *testing.T) {
	p := mustAssemble(t, "a: fork a\nl: info 2, p\nmove a, [p]\njump l\np: data 0")
	cfg := DefaultConfig()
	m, err := New(cfg, []*Program{p, p}, []int{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	m.SetEventHandler(func(corewars.Event) { n++ })
	if avg := testing.AllocsPerRun(2000, func() { m.Step() }); avg != 0 {
		t.Errorf("Step allocates %.2f times per call", avg)
	}
	if n == 0 {
		t.Error("no events seen")
	}
}
