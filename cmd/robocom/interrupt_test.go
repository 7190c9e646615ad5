package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptChild is the child process of TestInterrupt; it runs only there, the command
// line coming in ROBOCOM_INTERRUPT_CHILD (one argument a line).
func TestInterruptChild(t *testing.T) {
	args := os.Getenv("ROBOCOM_INTERRUPT_CHILD")
	if args == "" {
		t.Skip("the child of TestInterrupt")
	}
	os.Exit(run(strings.Split(args, "\n")))
}

// interruptChild starts the command in a child process, waits until its output holds
// after (or for a while if after is empty), sends sig, and returns its output and exit
// status.
func interruptChild(t *testing.T, sig syscall.Signal, after string, args ...string) ([]byte, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestInterruptChild$")
	cmd.Env = append(os.Environ(), "ROBOCOM_INTERRUPT_CHILD="+strings.Join(args, "\n"))
	var errb bytes.Buffer
	cmd.Stderr = &errb
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	r := bufio.NewReader(stdout)
	if after == "" {
		time.Sleep(1500 * time.Millisecond)
	} else {
		for !strings.Contains(out.String(), after) {
			line, err := r.ReadString('\n')
			out.WriteString(line)
			if err != nil {
				t.Fatalf("%v: the output ended before %q: %s\n%s", args, after, out.String(), errb.String())
			}
		}
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	rest, _ := r.ReadString(0)
	out.WriteString(rest)
	err = cmd.Wait()
	var exit *exec.ExitError
	code := 0
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(errb.String(), "panic") {
		t.Errorf("%v: %s", args, errb.String())
	}
	return out.Bytes(), code
}

// TestInterrupt: SIGINT or SIGTERM ends battle, tournament and core at a round boundary with
// the totals of the finished rounds, marked as interrupted, and status 128 + the signal.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs child processes")
	}
	hive, mine, roamer := "../../robots/hive.rob", "../../robots/mine.rob", "../../robots/roamer.rob"
	dwarf, imp := "../../robots/core/dwarf.cw", "../../robots/core/imp.cw"

	t.Run("battle json", func(t *testing.T) {
		out, code := interruptChild(t, syscall.SIGINT, `"round": 3,`, "battle", "-json", "-seed", "1", "-rounds", "1000000000", hive, mine)
		if code != 130 {
			t.Errorf("exit status %d, want 130", code)
		}
		var res battleJSON
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("not one JSON document: %v\n%s", err, out)
		}
		if !res.Interrupted || len(res.Rounds) < 3 {
			t.Fatalf("interrupted %v after %d rounds", res.Interrupted, len(res.Rounds))
		}
		for i, r := range res.Rounds {
			if r.Round != i+1 || r.Seed != int64(1+i) {
				t.Errorf("round %d is %d with seed %d", i+1, r.Round, r.Seed)
			}
		}
		for _, tot := range res.Totals {
			if tot.Wins+tot.Draws+tot.Losses != len(res.Rounds) || tot.Points != 3*tot.Wins+tot.Draws {
				t.Errorf("totals %+v over %d rounds", tot, len(res.Rounds))
			}
		}
	})
	t.Run("battle trace", func(t *testing.T) {
		// The partial trace holds the rounds the result counts, whole, then at most the round
		// the interruption cut short.
		trace := filepath.Join(t.TempDir(), "t.jsonl")
		out, code := interruptChild(t, syscall.SIGINT, `"round": 3,`, "battle", "-json", "-seed", "1", "-rounds", "1000000000", "-trace", trace, "../../robots/wall.rob")
		var res battleJSON
		if err := json.Unmarshal(out, &res); err != nil || code != 130 || !res.Interrupted {
			t.Fatalf("exit %d, %v: %s", code, err, out)
		}
		data, err := os.ReadFile(trace + ".partial")
		if err != nil {
			t.Fatal(err)
		}
		last := 0
		for _, line := range strings.SplitAfter(string(data), "\n") {
			var e struct{ Round int }
			if line == "" {
				continue
			}
			if !strings.HasSuffix(line, "\n") || json.Unmarshal([]byte(line), &e) != nil {
				t.Fatalf("not a whole trace line: %q", line)
			}
			last = e.Round
		}
		if last != len(res.Rounds) && last != len(res.Rounds)+1 {
			t.Errorf("the partial trace ends in round %d; the result counts %d rounds", last, len(res.Rounds))
		}
	})
	t.Run("battle text SIGTERM", func(t *testing.T) {
		out, code := interruptChild(t, syscall.SIGTERM, "round 2 ", "battle", "-seed", "1", "-rounds", "1000000000", hive, mine)
		if code != 143 {
			t.Errorf("exit status %d, want 143", code)
		}
		if !bytes.Contains(out, []byte("\ninterrupted after ")) || !bytes.Contains(out, []byte("of 1000000000 rounds\n\ntotals over ")) {
			t.Errorf("no interrupted totals:\n%s", out[max(0, len(out)-400):])
		}
	})
	t.Run("tournament", func(t *testing.T) {
		out, code := interruptChild(t, syscall.SIGINT, "", "tournament", "-json", "-seed", "1", "-rounds", "100000000", hive, mine, roamer)
		if code != 130 {
			t.Errorf("exit status %d, want 130", code)
		}
		var res tournamentJSON
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if !res.Interrupted || res.Rounds != 100000000 {
			t.Fatalf("%+v", res)
		}
		bouts, wins := 0, 0
		for _, pg := range res.Pairings {
			bouts += pg.AWins + pg.BWins + pg.Draws
		}
		for _, s := range res.Programs {
			wins += s.Wins
		}
		if bouts != res.RoundsPlayed || (res.RoundsPlayed > 0 && res.Pairings[0].AWins+res.Pairings[0].BWins+res.Pairings[0].Draws != bouts) {
			t.Errorf("%d bouts played, the pairings hold %d (the first %+v)", res.RoundsPlayed, bouts, res.Pairings[0])
		}
		if wins > bouts {
			t.Errorf("%d wins in %d bouts", wins, bouts)
		}
	})
	t.Run("core", func(t *testing.T) {
		out, code := interruptChild(t, syscall.SIGINT, `"round": 3,`, "core", "-json", "-seed", "1", "-rounds", "1000000000", dwarf, imp)
		if code != 130 {
			t.Errorf("exit status %d, want 130", code)
		}
		var res coreResult
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if !res.Interrupted || len(res.Rounds) < 3 {
			t.Fatalf("interrupted %v after %d rounds", res.Interrupted, len(res.Rounds))
		}
		for _, tot := range res.Totals {
			if tot.Wins+tot.Draws+tot.Losses != len(res.Rounds) {
				t.Errorf("totals %+v over %d rounds", tot, len(res.Rounds))
			}
		}
	})
	t.Run("tournament part", func(t *testing.T) {
		part := filepath.Join(t.TempDir(), "part.jsonl")
		_, code := interruptChild(t, syscall.SIGINT, "", "tournament", "-seed", "1", "-rounds", "100000000", "-shard", "0/1", "-o", part, hive, mine)
		if code != 130 {
			t.Errorf("exit status %d, want 130", code)
		}
		// Nothing under the part's name: the bouts finished are in part.jsonl.partial.
		if _, err := os.Stat(part); !os.IsNotExist(err) {
			t.Errorf("an interrupted part left a file under its name: %v", err)
		}
		var out, errb bytes.Buffer
		if code := mergeMain([]string{part + ".partial"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "is a partial part") {
			t.Errorf("merge of an interrupted part: exit %d: %s", code, errb.String())
		}
	})
	t.Run("core tournament", func(t *testing.T) {
		out, code := interruptChild(t, syscall.SIGINT, "", "tournament", "-seed", "1", "-rounds", "100000000", dwarf, imp, "../../robots/core/impkiller.cw")
		if code != 130 || !bytes.Contains(out, []byte("interrupted after ")) {
			t.Errorf("exit status %d:\n%s", code, out)
		}
	})
}

// TestCountsCannotOverflow: round counts whose totals would not fit are refused up front
// with a sentence, before anything is played.
func TestCountsCannotOverflow(t *testing.T) {
	hive, mine, roamer := "../../robots/hive.rob", "../../robots/mine.rob", "../../robots/roamer.rob"
	dwarf, imp, killer := "../../robots/core/dwarf.cw", "../../robots/core/imp.cw", "../../robots/core/impkiller.cw"
	for _, args := range [][]string{
		{"battle", "-rounds", "9223372036854775807", hive, mine},
		{"battle", "-rounds", "3074457345618258603", hive},
		{"tournament", "-rounds", "6148914691236517206", hive, mine, roamer},
		{"tournament", "-rounds", "9223372036854775807", hive, mine},
		{"core", "-rounds", "9223372036854775807", dwarf, imp},
		{"tournament", "-rounds", "6148914691236517206", dwarf, imp, killer},
	} {
		var out, errb bytes.Buffer
		var code int
		done := make(chan struct{})
		go func() {
			defer close(done)
			switch args[0] {
			case "battle":
				code = battleMain(args[1:], &out, &errb)
			case "tournament":
				code = tournamentMain(args[1:], &out, &errb)
			case "core":
				code = coreMain(args[1:], &out, &errb)
			}
		}()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("%v still runs", args)
		}
		if code != 2 || out.Len() != 0 || !strings.Contains(errb.String(), "more") || !strings.Contains(errb.String(), "than can be counted") {
			t.Errorf("%v: exit %d, %q\n%s", args, code, out.String(), errb.String())
		}
	}
}

// heapProbe is a standard output that notes the live heap after every nth write (battle and
// core flush once a round).
type heapProbe struct {
	n, writes int
	heap      []uint64
}

func (h *heapProbe) Write(b []byte) (int, error) {
	h.writes++
	if h.writes%h.n == 0 {
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		h.heap = append(h.heap, ms.HeapAlloc)
	}
	return len(b), nil
}

// TestManyRoundsInConstantMemory: battle -json and core -json over 10,000 rounds keep the
// same live heap from the first thousand rounds to the last (every round used to be kept
// until the end).
func TestManyRoundsInConstantMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 10,000 rounds twice")
	}
	for _, args := range [][]string{
		{"battle", "-json", "-q", "-seed", "1", "-rounds", "10000", "-opt", "timeout=50", "../../robots/hive.rob", "../../robots/mine.rob"},
		{"core", "-json", "-q", "-seed", "1", "-rounds", "10000", "-cycles", "20", "-size", "200", "../../robots/core/dwarf.cw", "../../robots/core/imp.cw"},
	} {
		probe := &heapProbe{n: 1000}
		var errb bytes.Buffer
		var code int
		if args[0] == "battle" {
			code = battleMain(args[1:], probe, &errb)
		} else {
			code = coreMain(args[1:], probe, &errb)
		}
		if code != 0 || len(probe.heap) < 9 {
			t.Fatalf("%v: exit %d, %d samples: %s", args, code, len(probe.heap), errb.String())
		}
		first, last := probe.heap[0], probe.heap[len(probe.heap)-1]
		if last > first+512<<10 {
			t.Errorf("%s: the live heap grew from %d to %d bytes over %d rounds", args[0], first, last, 10000)
		}
	}
}

// TestPartialTraceNote: the note after an interrupted battle says which rounds its trace
// holds, the one cut short included.
func TestPartialTraceNote(t *testing.T) {
	for _, c := range []struct {
		played, traced int
		want           string
	}{
		{3, 3, "the trace of the 3 rounds played is in t.partial"},
		{1, 1, "the trace of the 1 round played is in t.partial"},
		{0, 1, "the trace of round 1, stopped before its end (the result counts no round), is in t.partial"},
		{4, 5, "the trace of the 4 rounds played, then of round 5 stopped before its end (the result does not count it), is in t.partial"},
	} {
		if got := partialTraceNote("t.partial", c.played, c.traced); got != c.want {
			t.Errorf("partialTraceNote(%d, %d) = %q, want %q", c.played, c.traced, got, c.want)
		}
	}
}
