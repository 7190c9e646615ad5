package arena

import (
	"fmt"
	"os"
	"reflect"
	"runtime/pprof"
	"testing"
	"time"

	"robocom/robolang"
)

// genProgram builds a valid classic program from fuzz bytes: up to 4 banks of up to 12
// instructions, any opcode, operands of every kind the instruction accepts. Values are
// kept mostly small so that banks, sets and jumps hit interesting cases.
func genProgram(data []byte) *robolang.Program {
	i := 0
	next := func() int {
		if i >= len(data) {
			return 0
		}
		b := int(data[i])
		i++
		return b
	}
	classic := []robolang.Opcode{robolang.OpAdd, robolang.OpSub, robolang.OpSet, robolang.OpComp, robolang.OpJump,
		robolang.OpBJump, robolang.OpTurn, robolang.OpMove, robolang.OpDie, robolang.OpScan, robolang.OpTrans, robolang.OpCreate}
	operand := func(write bool) robolang.Operand {
		k := next()
		if write {
			switch k % 4 {
			case 0:
				return robolang.Operand{Kind: robolang.KindActive}
			case 1:
				return robolang.Operand{Kind: robolang.KindRemote, Value: int16(robolang.RemoteActive)}
			default:
				return robolang.Operand{Kind: robolang.KindVar, Value: int16(1 + next()%20)}
			}
		}
		switch k % 8 {
		case 0:
			return robolang.Operand{Kind: robolang.KindVar, Value: int16(1 + next()%20)}
		case 1:
			return robolang.Operand{Kind: robolang.KindActive}
		case 2:
			return robolang.Operand{Kind: robolang.KindConst, Value: int16(1 + next()%4)}
		case 3:
			return robolang.Operand{Kind: robolang.KindRemote, Value: int16(1 + next()%4)}
		case 4:
			return robolang.Operand{Kind: robolang.KindNumber, Value: int16(int8(next())) * 200}
		default:
			return robolang.Operand{Kind: robolang.KindNumber, Value: int16(next()%7 - 2)}
		}
	}
	p := &robolang.Program{Name: "fuzz"}
	nb := 1 + next()%4
	for b := 0; b < nb; b++ {
		var code []robolang.Instr
		ni := next() % 13
		for k := 0; k < ni; k++ {
			op := classic[next()%len(classic)]
			in := robolang.Instr{Op: op, N: uint8(len(robolang.Instructions[op].Args))}
			for a, mode := range robolang.Instructions[op].Args {
				in.Args[a] = operand(mode == robolang.ArgWrite)
			}
			code = append(code, in)
		}
		p.Banks = append(p.Banks, robolang.Bank{Code: code})
	}
	return p
}

// FuzzGame runs random valid programs and checks the invariants: no panic, never two
// robots on a field, at most n² robots, the scheduler's books balanced.
func FuzzGame(f *testing.F) {
	f.Add([]byte{0, 5, 11, 2, 1, 1, 0, 10, 1, 2, 3, 6}, uint8(2), int64(1))
	f.Add([]byte{3, 12, 11, 2, 2, 1, 5, 10, 1, 1, 0, 3, 4, 6, 1, 0, 7, 0, 8, 1, 2, 0, 9}, uint8(1), int64(7))
	f.Add([]byte{1, 4, 11, 1, 2, 6, 6, 0, 10, 5, 1, 7, 4, 1}, uint8(3), int64(3))
	for _, tc := range engineCases { // the table's programs too, as raw bytes
		f.Add([]byte(tc.progs[0]), uint8(len(tc.progs)), int64(len(tc.name)))
	}
	f.Fuzz(func(t *testing.T, data []byte, nprog uint8, seed int64) {
		// A game here takes milliseconds; one that runs on is a hang, which go test -fuzz
		// would only report as a worker that stopped answering: say where it is, and why.
		wd := time.AfterFunc(10*time.Second, func() {
			pprof.Lookup("goroutine").WriteTo(os.Stdout, 2)
			panic(fmt.Sprintf("WATCHDOG: input %x %d %d", data, nprog, seed))
		})
		defer wd.Stop()
		k := 1 + int(nprog)%3
		var progs []*robolang.Program
		for j := 0; j < k; j++ {
			off := j * len(data) / k
			progs = append(progs, genProgram(data[off:]))
		}
		o := Classic()
		o.Board = 4 + int(seed&3)
		o.FirstMobile = seed&4 != 0
		o.Timeout = 3000
		g, err := New(Config{Programs: progs, Options: o, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := New(Config{Programs: progs, Options: o, Seed: seed})
		plain.noPrefetch = true         // the plain reading of the rules: no prefetch, no chains,
		plain.quiet = nil               // no dormant robots
		step := 97 + 500*int(seed>>3&3) // (a look wakes the dormant robots: some games look rarely)
		for !g.Over() {
			g.RunUntil(g.Cycle() + step)
			checkInvariants(t, g)
			plain.RunUntil(plain.Cycle() + step)
			if a, b := g.Robots(), plain.Robots(); !reflect.DeepEqual(a, b) {
				t.Fatalf("cycle %d: the robots differ from the plain engine's:\n%+v\n%+v", g.Cycle(), a, b)
			}
		}
		if a, b := g.Result(), plain.Result(); !reflect.DeepEqual(a, b) {
			t.Fatalf("the result differs from the plain engine's:\n%+v\n%+v", a, b)
		}
		if s := g.Snapshot(); s.Cycle() != g.Cycle() {
			t.Fatal("snapshot cycle")
		}
	})
}
