package redcodeengine

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robocom/corewars/redcode"
)

// boutWarriors are small warriors that die at different times (at once, by bombing, by a
// lost split race) or survive to the cycle limit, so that rounds end in every way.
var boutWarriors = []string{
	";name Dwarf\nADD #4, 3\nMOV 2, @2\nJMP -2\nDAT #0, #0\n",
	";name Imp\nMOV 0, 1\n",
	";name Die\nDAT 0, 0\n",
	";name Late\nMOV 0, 1\nMOV 0, 1\nDAT 0, 0\n",
	";name Split\nSPL 0\nMOV 0, 1\n",
	";name Stone\nMOV <2, 3\nADD #7, -1\nJMP -2\nDAT 0, 0\n",
	";name Quick\nJMP 1\nJMP 1\nJMP 1\nJMP 1\nDAT 0, 0\n",
}

// stepped plays New's round step by step, checking the machine's Slices against Cycle after
// every step, and returns the winner and Cycle.
func stepped(t *testing.T, cfg redcode.Settings, seed int64, ws []*redcode.Warrior) (int, int64) {
	t.Helper()
	e, err := New(cfg, seed, ws)
	if err != nil {
		t.Fatal(err)
	}
	for e.Step() {
		if got := e.m.Slices(); got != e.Cycle() {
			t.Fatalf("seed %d after %d instructions: Slices %d, Cycle %d", seed, e.Executed(), got, e.Cycle())
		}
	}
	winner := -1
	for i := range ws {
		if e.Process(i).Alive {
			if winner >= 0 {
				return -1, e.Cycle()
			}
			winner = i
		}
	}
	return winner, e.Cycle()
}

// TestBoutIsTheSteppedRound: Bout's fast round has the stepped round's winner and time
// slices, for 2 to 4 warriors of every kind of ending, and Slices agrees with Cycle at every
// step.
func TestBoutIsTheSteppedRound(t *testing.T) {
	ws, cfg := smallRounds(t)
	ends := map[string]bool{}
	for n := 2; n <= 4; n++ {
		for seed := int64(0); seed < 60; seed++ {
			pick := pickWarriors(ws, n, seed)
			wantWinner, wantSlices := stepped(t, cfg, seed, pick)
			winner, slices, stopped, err := Bout(cfg, seed, pick, nil)
			if err != nil || stopped {
				t.Fatal(err, stopped)
			}
			if winner != wantWinner || slices != wantSlices {
				t.Errorf("%d warriors, seed %d: Bout %d after %d slices, stepped %d after %d", n, seed, winner, slices, wantWinner, wantSlices)
			}
			ends[fmt.Sprint(winner >= 0, slices == cfg.Cycles)] = true
		}
	}
	if len(ends) < 3 {
		t.Errorf("the rounds ended in too few ways to check much: %v", ends)
	}
	if _, _, stopped, err := Bout(cfg, 0, ws[:2], func() bool { return true }); !stopped || err != nil {
		t.Errorf("a stopped bout: stopped %v, %v", stopped, err)
	}
}

// TestBoutCorpus: the same on real warriors of the corpus under the '94 hill settings.
func TestBoutCorpus(t *testing.T) {
	cfg := redcode.Defaults()
	for _, pair := range benchPairs(t) {
		ws := []*redcode.Warrior{corpusWarrior(t, pair[0], 2), corpusWarrior(t, pair[1], 2)}
		for seed := int64(0); seed < 2; seed++ {
			wantWinner, wantSlices := stepped(t, cfg, seed, ws)
			winner, slices, _, err := Bout(cfg, seed, ws, nil)
			if err != nil || winner != wantWinner || slices != wantSlices {
				t.Errorf("%s seed %d: Bout %d after %d slices (%v), stepped %d after %d", pair, seed, winner, slices, err, wantWinner, wantSlices)
			}
		}
	}
}

// smallRounds are boutWarriors assembled for a 400-cell core, with settings under which
// their rounds end in every way within 3000 cycles.
func smallRounds(t *testing.T) ([]*redcode.Warrior, redcode.Settings) {
	const size = 400
	ws := make([]*redcode.Warrior, len(boutWarriors))
	for i, src := range boutWarriors {
		ws[i] = warrior(t, size, src)
	}
	cfg := redcode.Defaults()
	cfg.CoreSize, cfg.MinDistance, cfg.PSpaceSize, cfg.Cycles, cfg.MaxProcesses = size, 20, 0, 3000, 64
	return ws, cfg
}

// pickWarriors is n of ws, a different choice for every seed.
func pickWarriors(ws []*redcode.Warrior, n int, seed int64) []*redcode.Warrior {
	var pick []*redcode.Warrior
	for j := 0; j < n; j++ {
		pick = append(pick, ws[(int(seed)*(j+3)+j*j)%len(ws)])
	}
	return pick
}

// benchPairs is bench-pairs.txt's pairs of file names (the first four with -short); the test
// is skipped without the corpus.
func benchPairs(t *testing.T) [][2]string {
	data, err := os.ReadFile(filepath.Join(corpusDir, "bench-pairs.txt"))
	if err != nil {
		t.Skip("no corpus")
	}
	var pairs [][2]string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if f := strings.Fields(line); len(f) == 2 && !strings.HasPrefix(line, "#") {
			pairs = append(pairs, [2]string{f[0], f[1]})
		}
	}
	if testing.Short() {
		pairs = pairs[:4]
	}
	return pairs
}

// corpusWarrior is the corpus's warrior name assembled for battles of n warriors.
func corpusWarrior(t *testing.T, name string, n int) *redcode.Warrior {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(corpusDir, "warriors/fsh94nop0.3", name))
	if err != nil {
		t.Fatal(err)
	}
	w, diag := redcode.Assemble(src, redcode.DefaultConfig(n))
	if diag.Failed() {
		t.Fatalf("%s: %s", name, diag.Stderr())
	}
	return w
}

// TestBoutReusedMachine: bouts one after another reuse their machines (Machine.Reuse) and
// still play as a fresh one: a warrior that dies if its p-space is not empty lives after a
// bout in which another warrior wrote its p-space from the same slot, also with PINs that
// share a p-space in one bout and not in the next; and a bout with other settings or
// another number of warriors gets a machine of its own.
func TestBoutReusedMachine(t *testing.T) {
	const size = 400
	writer := warrior(t, size, ";name Writer\nSTP.AB #7, #1\nJMP 0\n")
	reader := warrior(t, size, ";name Reader\nLDP.AB #1, t\nJMN die, t\nJMP 0\ndie DAT 0, 0\nt DAT 0, 0\n")
	pinned := func(src string) *redcode.Warrior { return warrior(t, size, ";pin 5\n"+src) }
	pWriter := pinned(";name PWriter\nSTP.AB #7, #1\nJMP 0\n")
	pReader := pinned(";name PReader\nLDP.AB #1, t\nJMN die, t\nJMP 0\ndie DAT 0, 0\nt DAT 0, 0\n")
	cfg := redcode.Defaults()
	cfg.CoreSize, cfg.MinDistance, cfg.PSpaceSize, cfg.Cycles, cfg.MaxProcesses = size, 20, 0, 300, 64
	other := cfg
	other.Cycles = 500
	for k, c := range []struct {
		cfg redcode.Settings
		ws  []*redcode.Warrior
	}{
		{cfg, []*redcode.Warrior{writer, writer}},
		{cfg, []*redcode.Warrior{reader, reader}}, // both live: their p-spaces are new
		{cfg, []*redcode.Warrior{pWriter, pReader}},
		{cfg, []*redcode.Warrior{writer, reader}},
		{cfg, []*redcode.Warrior{pReader, pWriter}}, // shared: the reader may die
		{other, []*redcode.Warrior{reader, writer}},
		{cfg, []*redcode.Warrior{reader, writer, reader}},
		{cfg, []*redcode.Warrior{reader, reader}},
	} {
		for seed := int64(0); seed < 3; seed++ {
			wantWinner, wantSlices := stepped(t, c.cfg, seed, c.ws)
			winner, slices, _, err := Bout(c.cfg, seed, c.ws, nil)
			if err != nil || winner != wantWinner || slices != wantSlices {
				t.Errorf("bout %d seed %d: %d after %d slices (%v), a fresh machine %d after %d", k, seed, winner, slices, err, wantWinner, wantSlices)
			}
		}
	}
	if w, s, _, _ := Bout(cfg, 0, []*redcode.Warrior{reader, reader}, nil); w != -1 || s != cfg.Cycles {
		t.Errorf("two readers after the writers: %d after %d slices, want both alive to the end", w, s)
	}
}

// TestBoutDropsBigQueues: a bout whose queues grew past pooledQueues (a warrior splitting to
// a million processes) leaves its machine to the collector, not to the next bout.
func TestBoutDropsBigQueues(t *testing.T) {
	const size = 400
	splitter := warrior(t, size, ";name Splitter\nSPL 0\nJMP -1\n")
	cfg := redcode.Defaults()
	cfg.CoreSize, cfg.MinDistance, cfg.PSpaceSize, cfg.Cycles, cfg.MaxProcesses = size, 20, 0, 600000, 1<<20
	if _, _, _, err := Bout(cfg, 1, []*redcode.Warrior{splitter, splitter}, nil); err != nil {
		t.Fatal(err)
	}
	if m, _ := machines.Get().(*redcode.Machine); m != nil && m.QueueBytes() > pooledQueues {
		t.Errorf("a machine with %d bytes of queues was kept for the next bout", m.QueueBytes())
	}
}
