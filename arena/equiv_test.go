package arena

import (
	"fmt"
	"hash/fnv"
	"os"
	"testing"
)

// TestEventDigest prints a digest of the full event stream of many July games; used to
// check that a scheduler change keeps every game identical (ARENA_DIGEST=1).
func TestEventDigest(t *testing.T) {
	if os.Getenv("ARENA_DIGEST") == "" {
		t.Skip("set ARENA_DIGEST=1")
	}
	progs := julyPrograms(t)
	for i := 0; i < len(progs); i++ {
		j := (i*7 + 3) % len(progs)
		if j == i {
			continue
		}
		for seed := int64(1); seed <= 2; seed++ {
			h := fnv.New64a()
			g, err := New(Config{Programs: progs[i : i+1 : i+1], Seed: seed})
			_ = g
			g, err = New(Config{Programs: append(progs[i:i+1:i+1], progs[j]), Seed: seed,
				OnEvent: func(e Event) { fmt.Fprintf(h, "%+v\n", e) }})
			if err != nil {
				t.Fatal(err)
			}
			g.Run()
			r := g.Result()
			fmt.Printf("%s vs %s seed %d: %x cycles %d instr %d\n", progs[i].Name, progs[j].Name, seed, h.Sum64(), r.Cycles, r.Instructions)
		}
	}
}
