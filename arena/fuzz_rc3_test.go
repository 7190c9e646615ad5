package arena

import (
	"fmt"
	"reflect"
	"testing"

	"robocom/robolang"
)

// genProgramRC3 builds a valid RC3 program from fuzz bytes, like genProgram, with every
// instruction (the multitasking ones more often) and every operand kind of RC3.md 2.
func genProgramRC3(data []byte) *robolang.Program {
	i := 0
	next := func() int {
		if i >= len(data) {
			return 0
		}
		b := int(data[i])
		i++
		return b
	}
	ops := []robolang.Opcode{robolang.OpAdd, robolang.OpSub, robolang.OpSet, robolang.OpComp, robolang.OpJump,
		robolang.OpBJump, robolang.OpTurn, robolang.OpMove, robolang.OpDie, robolang.OpScan, robolang.OpTrans, robolang.OpCreate,
		robolang.OpAJump, robolang.OpRTrans, robolang.OpFarScan, robolang.OpRandom, robolang.OpMul, robolang.OpDiv,
		robolang.OpMod, robolang.OpMin, robolang.OpMax, robolang.OpInit, robolang.OpQuit, robolang.OpSeize,
		robolang.OpResume, robolang.OpBreak, robolang.OpSleep,
		robolang.OpInit, robolang.OpInit, robolang.OpSleep, robolang.OpQuit, robolang.OpSeize, robolang.OpResume}
	operand := func(write bool) robolang.Operand {
		k := next()
		if write {
			switch k % 7 {
			case 0:
				return robolang.Operand{Kind: robolang.KindActive}
			case 1:
				return robolang.Operand{Kind: robolang.KindRemote, Value: int16(robolang.RemoteActive)}
			case 2:
				return robolang.Operand{Kind: robolang.KindIndirect, Value: int16(1 + next()%20)}
			case 3:
				return robolang.Operand{Kind: robolang.KindVar, Value: int16(robolang.VarPub + next()%2)}
			default:
				return robolang.Operand{Kind: robolang.KindVar, Value: int16(1 + next()%20)}
			}
		}
		switch k % 11 {
		case 0:
			return robolang.Operand{Kind: robolang.KindVar, Value: int16(1 + next()%20)}
		case 1:
			return robolang.Operand{Kind: robolang.KindActive}
		case 2:
			return robolang.Operand{Kind: robolang.KindConst, Value: int16(1 + next()%14)}
		case 3:
			return robolang.Operand{Kind: robolang.KindRemote, Value: int16(1 + next()%5)}
		case 4:
			return robolang.Operand{Kind: robolang.KindNumber, Value: int16(int8(next())) * 200}
		case 5:
			return robolang.Operand{Kind: robolang.KindIndirect, Value: int16(1 + next()%20)}
		case 6:
			return robolang.Operand{Kind: robolang.KindVar, Value: int16(robolang.VarPub + next()%2)}
		default:
			return robolang.Operand{Kind: robolang.KindNumber, Value: int16(next()%7 - 2)}
		}
	}
	p := &robolang.Program{Name: "fuzz", RC3: true}
	nb := 1 + next()%4
	for b := 0; b < nb; b++ {
		var code []robolang.Instr
		ni := next() % 13
		for k := 0; k < ni; k++ {
			op := ops[next()%len(ops)]
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

// checkTasks checks the multitasking invariants of a plain game between cycles: at most
// max-tasks tasks per robot, distinct numbers below the next one, a cursor in the ring whose
// state the robot's fields hold, at most one seized task (one that exists), and no tasks left
// in a dead robot.
func checkTasks(t testing.TB, g *Game) {
	t.Helper()
	g.settleAll() // (a lone robot's entry is written when it is settled)
	for i := range g.robots {
		r := &g.robots[i]
		mt := r.mt
		if mt == nil {
			t.Fatalf("cycle %d: robot %d of a plain game has no tasks", g.cycle, r.id)
		}
		if !r.alive {
			if len(mt.list) != 0 {
				t.Fatalf("cycle %d: dead robot %d keeps %d tasks", g.cycle, r.id, len(mt.list))
			}
			continue
		}
		if len(mt.list) < 1 || len(mt.list) > g.opts.MaxTasks {
			t.Fatalf("cycle %d: robot %d has %d tasks (max-tasks %d)", g.cycle, r.id, len(mt.list), g.opts.MaxTasks)
		}
		if mt.cur < 0 || mt.cur >= len(mt.list) {
			t.Fatalf("cycle %d: robot %d cursor %d of %d", g.cycle, r.id, mt.cur, len(mt.list))
		}
		seen := map[int32]bool{}
		for _, tk := range mt.list {
			if seen[tk.num] || tk.num < 1 || tk.num >= mt.next {
				t.Fatalf("cycle %d: robot %d task numbers %+v (next %d)", g.cycle, r.id, mt.list, mt.next)
			}
			seen[tk.num] = true
			if tk.inProgress && tk.rem < 1 {
				t.Fatalf("cycle %d: robot %d task %d in progress with %d left", g.cycle, r.id, tk.num, tk.rem)
			}
		}
		if mt.seized != 0 && !seen[mt.seized] {
			t.Fatalf("cycle %d: robot %d seized task %d does not exist", g.cycle, r.id, mt.seized)
		}
		c := mt.list[mt.cur]
		if c.bank != r.bank || c.pos != r.pos || c.dir != r.dir || c.inProgress != r.inProgress || c.rem != r.rem {
			t.Fatalf("cycle %d: robot %d fields differ from its cursor task %+v", g.cycle, r.id, c)
		}
		if mt.one { // (ringOneDue trusts it: every change of the ring clears it)
			awake := 0
			for _, tk := range mt.list {
				if !tk.asleep {
					awake++
				}
			}
			if len(mt.list) < 2 || mt.seized != 0 || awake != len(mt.list) || int(mt.awake) != awake || g.noPrefetch {
				t.Fatalf("cycle %d: robot %d marked a ring of awake tasks, none seized: %d tasks, %d awake (%d at the rebase), seized %d",
					g.cycle, r.id, len(mt.list), awake, mt.awake, mt.seized)
			}
		}
	}
}

// FuzzRC3Game runs random valid RC3 programs with several tasks: no panic, the engine's
// invariants and checkTasks hold, the game equals one that visits every robot in every cycle
// (no skips: Config.noSkip; robots, instruction counts and events, or no events for seeds with
// bit 3 set: a TURN runs ahead only without a handler), and a game restored from a snapshot
// plays on exactly as the original.
func FuzzRC3Game(f *testing.F) {
	f.Add([]byte{0, 9, 21, 3, 1, 0, 26, 1, 5, 22, 27, 0, 28, 1, 2, 23, 24, 25, 0}, uint8(1), int64(1))
	f.Add([]byte{2, 12, 21, 5, 1, 2, 26, 3, 0, 14, 2, 1, 0, 3, 15, 1, 7, 9, 21, 4, 0, 28, 0, 0, 8, 11, 3, 1, 2}, uint8(2), int64(6))
	f.Add([]byte{1, 6, 29, 0, 1, 27, 2, 2, 16, 1, 4, 5, 12, 1, 3, 1, 22, 0, 21, 0, 0, 10}, uint8(3), int64(11))
	for _, src := range rc3FuzzSeeds {
		f.Add([]byte(src), uint8(len(src)), int64(len(src)))
	}
	f.Fuzz(func(t *testing.T, data []byte, nprog uint8, seed int64) {
		k := 1 + int(nprog)%3
		var progs []*robolang.Program
		for j := 0; j < k; j++ {
			off := j * len(data) / k
			progs = append(progs, genProgramRC3(data[off:]))
		}
		o := RC3M()
		o.Board = 4 + int(seed&3)
		o.FirstMobile = seed&4 != 0
		o.MaxTasks = 1 + int(uint64(seed)>>3)%12
		o.Timeout = 2000
		var events []string
		cfg := Config{Programs: progs, Options: o, Seed: seed, OnEvent: func(e Event) {
			if (e.Kind == EvSpawn) != (e.Task == 0) { // RC3.md 9: every line but spawn has the task
				t.Fatalf("event %+v: task %d", e, e.Task)
			}
			events = append(events, fmt.Sprintf("%+v", e))
		}}
		var slowEvents []string
		slowCfg := Config{Programs: progs, Options: o, Seed: seed, noSkip: true,
			OnEvent: func(e Event) { slowEvents = append(slowEvents, fmt.Sprintf("%+v", e)) }}
		if seed&8 != 0 { // without a handler, where TURNs run ahead in chains too (fastTask)
			cfg.OnEvent, slowCfg.OnEvent = nil, nil
		}
		g, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		slow, _ := New(slowCfg)
		var snap *Snapshot
		mark := 0
		for !g.Over() {
			g.RunUntil(g.Cycle() + 37)
			checkInvariants(t, g)
			checkTasks(t, g)
			slow.RunUntil(slow.Cycle() + 37)
			if a, b := g.Robots(), slow.Robots(); !reflect.DeepEqual(a, b) {
				t.Fatalf("cycle %d: the robots differ from those of the game without skips:\n%+v\n%+v", g.Cycle(), a, b)
			}
			if a, b := g.Instructions(), slow.Instructions(); a != b {
				t.Fatalf("cycle %d: %d instructions, %d without skips", g.Cycle(), a, b)
			}
			if snap == nil && g.Cycle() >= 300 {
				snap, mark = g.Snapshot(), len(events)
			}
		}
		if !reflect.DeepEqual(events, slowEvents) {
			t.Fatal("the events differ from those of the game without skips")
		}
		if snap == nil {
			return
		}
		want := append([]string(nil), events[mark:]...)
		res := g.Result()
		events = events[:0]
		g.Restore(snap)
		g.Run()
		if !reflect.DeepEqual(events, want) && !(len(events) == 0 && len(want) == 0) {
			t.Fatalf("restored game played differently: %d events, want %d", len(events), len(want))
		}
		if got := g.Result(); !reflect.DeepEqual(got, res) {
			t.Fatalf("restored game's result differs:\n%+v\n%+v", got, res)
		}
	})
}

// rc3FuzzSeeds are the worked examples' programs, as raw bytes for FuzzRC3Game.
var rc3FuzzSeeds = []string{
	"Init 1, @b\n@a\nAdd #1, 1\nJump @a\n@b\nAdd #2, 1\nJump @b\n",
	"Seize\nInit 1, @w\nAdd #1, 1\nAdd #1, 1\nResume\n@z\nAdd #3, 1\nJump @z\n@w\nAdd #2, 1\nJump @w\n",
	"Init 1, @t2\nTurn 1\nBreak\nScan #2\nJump 0\n@t2\nScan #1\nJump @t2\n",
}

// TestRingOneFlag: a ring of awake tasks, none seized, leaves the state ringOneDue trusts
// (tasks.one) when a task seizes, quits down to one task, sleeps or starts another; checkTasks
// checks the flag after every cycle, and the game is played against one without skips.
func TestRingOneFlag(t *testing.T) {
	for _, src := range []string{
		"Init 1, @b\n@a\nAdd #1, 1\nComp #1, 40\nJump @a\nSeize\n@s\nAdd #3, 1\nJump @s\n@b\nAdd #2, 1\nJump @b\n",
		"Init 1, @b\n@a\nAdd #1, 1\nJump @a\n@b\nAdd #2, 1\nComp #2, 30\nJump @b\nQuit\n",
		"Init 1, @b\n@a\nAdd #1, 1\nComp #1, 20\nJump @a\nSleep 15\nSet #1, 0\nJump @a\n@b\nAdd #2, 1\nJump @b\n",
		"Init 1, @b\n@a\nAdd #1, 1\nComp #1, 25\nJump @a\nInit 1, @c\nSet #1, 0\nJump @a\n@b\nAdd #2, 1\nJump @b\n@c\nAdd #3, 1\nJump @c\n",
		"Init 1, @b\n@a\nAdd #1, 1\nComp #1, 25\nJump @a\nSeize\nAdd #4, 1\nResume\nSet #1, 0\nJump @a\n@b\nAdd #2, 1\nJump @b\n",
		"Init 1, @b\nInit 1, @b\n@a\nAdd #1, 1\nComp #1, 5\nJump @a\nBreak\n@s\nAdd #3, 1\nJump @s\n@b\nAdd #2, 1\nJump @b\n",
	} {
		o := RC3M()
		o.Timeout = 1500
		p := parseRC3(t, "Ring", src)
		g, err := New(Config{Programs: []*robolang.Program{p}, Options: o, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		slow, _ := New(Config{Programs: []*robolang.Program{p}, Options: o, Seed: 1, noSkip: true})
		for !g.Over() {
			g.Step()
			slow.Step()
			checkTasks(t, g)
			if a, b := g.Robots(), slow.Robots(); !reflect.DeepEqual(a, b) {
				t.Fatalf("%q, cycle %d: the robots differ from those of the game without skips:\n%+v\n%+v", src, g.Cycle(), a, b)
			}
		}
	}
}
