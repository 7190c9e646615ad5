package arena

import (
	"fmt"
	"hash/fnv"
	"math/rand"
	"os"
	"strings"
	"testing"

	"robocom/robolang"
)

// farCosts are instruction costs around the wheels' boundaries (255/256, 65535/65536) and
// beyond, so that visits land exactly at c+255, c+256, c+65535, c+65536, ...
var farCosts = []int{1, 2, 200, 254, 255, 256, 257, 300, 511, 512, 513, 1000, 4000, 30000,
	65279, 65280, 65281, 65535, 65536, 65537, 65791, 65792, 70000, 131072, 200000}

// farGame builds game i of the differential run: random programs, random far costs.
func farGame(i int, onEvent func(Event)) (*Game, error) {
	rng := rand.New(rand.NewSource(int64(i)))
	data := make([]byte, 60)
	rng.Read(data)
	rc3 := i%2 == 1
	var o *Options
	if rc3 {
		o = RC3M()
		o.MaxDuration = 0
		o.MaxTasks = 1 + rng.Intn(12)
	} else {
		o = Classic()
	}
	o.Board = 4 + rng.Intn(4)
	o.FirstMobile = rng.Intn(2) == 0
	o.Timeout = 150000 + rng.Intn(250000)
	for op := robolang.Opcode(1); op < robolang.NumOpcodes; op++ {
		if o.Cost[op] > 0 && rng.Intn(4) == 0 {
			o.Cost[op] = farCosts[rng.Intn(len(farCosts))]
		}
	}
	if rng.Intn(3) == 0 {
		o.CreatePerBank = farCosts[rng.Intn(len(farCosts))]
	}
	if rng.Intn(3) == 0 {
		o.TransPerInstr = farCosts[rng.Intn(8)]
	}
	k := 1 + rng.Intn(3)
	var progs []*robolang.Program
	if i%4 >= 2 && len(farJuly) > 0 { // July programs (under rc3m rules for i%4 == 3), or the crowd
		o.Board = 8 + rng.Intn(9)
		o.Timeout = 100000 + rng.Intn(150000)
		for j := 0; j < 2; j++ {
			progs = append(progs, farJuly[rng.Intn(len(farJuly))])
		}
		if rc3 && rng.Intn(2) == 0 {
			progs[0] = farCrowd[rng.Intn(len(farCrowd))]
		}
		k = 0
	}
	for j := 0; j < k; j++ {
		off := j * len(data) / k
		if rc3 {
			progs = append(progs, genProgramRC3(data[off:]))
		} else {
			progs = append(progs, genProgram(data[off:]))
		}
	}
	return New(Config{Programs: progs, Options: o, Seed: int64(i)})
}

var farJuly, farCrowd []*robolang.Program

func loadFarPrograms(t testing.TB) {
	if farJuly == nil {
		farJuly = julyPrograms(t)
		for _, n := range []string{"1", "2", "4", "9", "10"} {
			farCrowd = append(farCrowd, parseRC3(t, "Crowd", strings.ReplaceAll(crowdRC3Src, "NTASKS", n)))
		}
	}
}

// farGames is how many games a far test plays: $ARENA_FAR_N, else def.
func farGames(def int) int {
	if s := os.Getenv("ARENA_FAR_N"); s != "" {
		fmt.Sscan(s, &def)
	}
	return def
}

// farDigestOut is the file a digest test writes ($ARENA_FAR_OUT; the test is skipped without
// it) and how many games it plays, the programs loaded.
func farDigestOut(t *testing.T) (*os.File, int) {
	out := os.Getenv("ARENA_FAR_OUT")
	if out == "" {
		t.Skip("ARENA_FAR_OUT not set")
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	loadFarPrograms(t)
	return f, farGames(300)
}

// TestFarDigest writes, for games with far visits, a digest of each game's events
// (with a handler) and of its robots and result along the way (without one, in steps of
// several sizes), to $ARENA_FAR_OUT: run it on two versions of the engine and compare.
func TestFarDigest(t *testing.T) {
	f, n := farDigestOut(t)
	for i := 0; i < n; i++ {
		h := fnv.New64a()
		g, err := farGame(i, func(e Event) { fmt.Fprintf(h, "%+v\n", e) })
		if err != nil {
			fmt.Fprintf(f, "%d err %v\n", i, err)
			continue
		}
		g.Run()
		fmt.Fprintf(h, "%+v %d %d\n", g.Result(), g.Instructions(), g.Cycle())
		ev := h.Sum64()

		h2 := fnv.New64a()
		g2, _ := farGame(i, nil)
		steps := []int{1, 97, 255, 256, 4096, 65536, 1 << 30}
		step := steps[i%len(steps)]
		for k := 0; !g2.Over(); k++ {
			if step == 1 && k > 3000 {
				step = 65536
			}
			g2.RunUntil(g2.Cycle() + step)
			fmt.Fprintf(h2, "%d %d %+v\n", g2.Cycle(), g2.Instructions(), g2.Robots())
		}
		fmt.Fprintf(h2, "%+v\n", g2.Result())
		fmt.Fprintf(f, "%d %016x %016x cycle %d instr %d\n", i, ev, h2.Sum64(), g.Cycle(), g.Instructions())
		g.Release()
		g2.Release()
	}
}

// TestFarDebugDigest is TestFarDigest with the debugger's changes between stops
// (SetActive off and on, SetVar: freeze, wake, refetch, redo of far visits), to $ARENA_FAR_OUT.
func TestFarDebugDigest(t *testing.T) {
	f, n := farDigestOut(t)
	for i := 0; i < n; i++ {
		h := fnv.New64a()
		handler := func(e Event) { fmt.Fprintf(h, "%+v\n", e) }
		if i%3 == 2 {
			handler = nil // (classic: the quiet walk)
		}
		g, err := farGame(i, handler)
		if err != nil {
			fmt.Fprintf(f, "%d err %v\n", i, err)
			continue
		}
		rng := rand.New(rand.NewSource(int64(i) * 7))
		steps := []int{1, 37, 255, 256, 257, 3000, 65535, 65536, 65537}
		for k := 0; !g.Over() && k < 400; k++ {
			g.RunUntil(g.Cycle() + steps[rng.Intn(len(steps))])
			rs := g.Robots()
			fmt.Fprintf(h, "%d %d %+v\n", g.Cycle(), g.Instructions(), rs)
			if len(rs) == 0 {
				continue
			}
			for j := rng.Intn(3); j > 0; j-- {
				r := rs[rng.Intn(len(rs))]
				switch rng.Intn(4) {
				case 0:
					fmt.Fprintln(h, g.SetActive(r.ID, 0))
				case 1:
					fmt.Fprintln(h, g.SetActive(r.ID, 1))
				case 2:
					fmt.Fprintln(h, g.SetVar(r.ID, 1+rng.Intn(20), int16(rng.Intn(5))))
				case 3:
					fmt.Fprintln(h, g.SetActive(r.ID, int16(2+rng.Intn(3))))
				}
			}
		}
		g.Run()
		fmt.Fprintf(h, "%+v %d %d\n", g.Result(), g.Instructions(), g.Cycle())
		fmt.Fprintf(f, "%d %016x cycle %d instr %d\n", i, h.Sum64(), g.Cycle(), g.Instructions())
		g.Release()
	}
}
