package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"robocom/cmd/robocom/internal/slurmtest"
)

const julyDir = "../../../shared/corpus/robocom/july1998"

var (
	builtOnce sync.Once
	builtPath string
	builtErr  error
)

// buildHeadless builds the headless binary once for the tests that run it as a program
// (a Slurm job, a Kubernetes pod's shell command).
func buildHeadless(t testing.TB) string {
	t.Helper()
	builtOnce.Do(func() {
		dir, err := os.MkdirTemp("", "robocom-bin-")
		if err != nil {
			builtErr = err
			return
		}
		builtPath = filepath.Join(dir, "robocom")
		cmd := exec.Command("go", "build", "-tags", "nogui", "-o", builtPath, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			builtErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if builtErr != nil {
		t.Fatal(builtErr)
	}
	return builtPath
}

func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == "kubectl" { // TestKubernetesRecipe's stand-in
		os.Exit(fakeKubectl(os.Args[1:]))
	}
	code := m.Run()
	if builtPath != "" {
		os.RemoveAll(filepath.Dir(builtPath))
	}
	os.Exit(code)
}

// runBinary runs the built robocom and returns its standard output.
func runBinary(t *testing.T, bin string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("robocom %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.String()
}

// TestSlurmTournament submits the July tournament to a real single-node Slurm cluster as a
// job array with the shipped script, merges the parts, and compares the result, text and
// JSON, byte for byte with the tournament on one machine. Then it does the same for a hill's
// missing pairings and hill import. It skips where Slurm cannot run (slurmtest.Start says why).
func TestSlurmTournament(t *testing.T) {
	if _, err := os.Stat(julyDir); err != nil {
		t.Skipf("the July corpus is not at %s", julyDir)
	}
	if testing.Short() {
		t.Skip("starts a Slurm cluster")
	}
	c := slurmtest.Start(t)
	bin := buildHeadless(t)
	script, err := filepath.Abs("../../docs/cluster/tournament.sbatch")
	if err != nil {
		t.Fatal(err)
	}
	july, _ := filepath.Abs(julyDir)
	args := []string{"tournament", "-seed", "1998", "-rounds", "2", july}
	wantText := runBinary(t, bin, args...)
	wantJSON := runBinary(t, bin, append(args, "-json")...)

	work := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	const tasks = 4
	parts := filepath.Join(work, "parts")
	start := time.Now()
	if _, err := c.SubmitArray(ctx, tasks, work, []string{"ROBOCOM=" + bin}, script, append([]string{parts}, args...)...); err != nil {
		t.Fatalf("%v\n%s", err, c.TaskLogs())
	}
	t.Logf("%d-task array job of the July tournament (2 rounds): %v", tasks, time.Since(start).Round(time.Millisecond))
	// sbatch's status is not proof (MinJobAge): each part must be there, whole.
	var files []string
	for k := 0; k < tasks; k++ {
		p := filepath.Join(parts, fmt.Sprintf("part-%d.jsonl", k))
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("task %d wrote no part: %v\n%s", k, err, c.TaskLogs())
		}
		files = append(files, p)
	}
	if got := runBinary(t, bin, append([]string{"merge"}, files...)...); got != wantText {
		t.Fatalf("merged parts differ from one machine's tournament:\n%s\n---\n%s", got, wantText)
	}
	if got := runBinary(t, bin, append([]string{"merge", "-json"}, files...)...); got != wantJSON {
		t.Fatalf("merge -json differs from tournament -json:\n%s\n---\n%s", got, wantJSON)
	}

	// A hill: programs stored without playing, the pairings played by the array, imported.
	h := filepath.Join(work, "july.hill")
	runBinary(t, bin, "hill", "create", h, "-game", "robocom", "-rounds", "2", "-seed", "1998")
	some, _ := filepath.Glob(filepath.Join(july, "*.rob"))
	some = some[:8]
	runBinary(t, bin, append([]string{"hill", "add", "-noplay", h}, some...)...)
	hparts := filepath.Join(work, "hill-parts")
	if _, err := c.SubmitArray(ctx, 3, work, []string{"ROBOCOM=" + bin}, script, hparts, "hill", "play", h); err != nil {
		t.Fatalf("%v\n%s", err, c.TaskLogs())
	}
	hfiles, _ := filepath.Glob(filepath.Join(hparts, "part-*.jsonl"))
	if len(hfiles) != 3 {
		t.Fatalf("the hill's array wrote %d parts, not 3\n%s", len(hfiles), c.TaskLogs())
	}
	runBinary(t, bin, append([]string{"hill", "import", h}, hfiles...)...)
	got := withoutHillFields(t, runBinary(t, bin, "hill", "show", h, "-json"))
	if want := runBinary(t, bin, append([]string{"tournament", "-json", "-seed", "1998", "-rounds", "2"}, some...)...); got != want {
		t.Fatalf("hill played by the array differs from the tournament:\n%s\n---\n%s", got, want)
	}
}

// BenchmarkSlurmJuly plays the July tournament (10 rounds a pairing, as in README) as a job
// array of 1, 2 and 4 tasks on the single-node cluster, merges and checks the result; run it
// with -benchtime=1x (one tournament takes about a minute on two cores):
//
//	go test -run '^$' -bench SlurmJuly -benchtime=1x ./cmd/robocom
//
// sbatch --wait polls after 2, 10, 42, 74 … s, so the time includes up to that much waiting;
// the "s/last-part" metric is when the last part was written, which it does not.
func BenchmarkSlurmJuly(b *testing.B) {
	if _, err := os.Stat(julyDir); err != nil {
		b.Skipf("the July corpus is not at %s", julyDir)
	}
	c := slurmtest.Start(b)
	bin := buildHeadless(b)
	script, _ := filepath.Abs("../../docs/cluster/tournament.sbatch")
	july, _ := filepath.Abs(julyDir)
	args := []string{"tournament", "-seed", "1998", "-rounds", "10", july}
	for _, tasks := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("tasks=%d", tasks), func(b *testing.B) {
			var lastPart time.Duration
			for i := 0; i < b.N; i++ {
				work := b.TempDir()
				parts := filepath.Join(work, "parts")
				start := time.Now()
				if _, err := c.SubmitArray(context.Background(), tasks, work, []string{"ROBOCOM=" + bin}, script, append([]string{parts}, args...)...); err != nil {
					b.Fatalf("%v\n%s", err, c.TaskLogs())
				}
				b.StopTimer()
				files, _ := filepath.Glob(filepath.Join(parts, "part-*.jsonl"))
				if len(files) != tasks {
					b.Fatalf("%d parts, not %d\n%s", len(files), tasks, c.TaskLogs())
				}
				var latest time.Time
				for _, f := range files {
					if st, err := os.Stat(f); err == nil && st.ModTime().After(latest) {
						latest = st.ModTime()
					}
				}
				lastPart += latest.Sub(start)
				cmd := exec.Command(bin, append([]string{"merge"}, files...)...)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("merge: %v\n%s", err, out)
				}
				b.StartTimer()
			}
			b.ReportMetric(lastPart.Seconds()/float64(b.N), "s/last-part")
		})
	}
}

// TestSbatchScriptSteps runs docs/cluster/tournament.sbatch outside Slurm, as Slurm would
// start one task of a stepped array (--array=0-6:2): task 4 writes part 2 of 4. It refused
// every step, though -shard auto divides by SLURM_ARRAY_TASK_STEP.
func TestSbatchScriptSteps(t *testing.T) {
	script, _ := filepath.Abs("../../docs/cluster/tournament.sbatch")
	for _, c := range []struct {
		id, min, max, step, count string
		status                    int
		want                      string
	}{
		{"4", "0", "6", "2", "4", 0, "-shard auto -o OUT/part-2.jsonl"},
		{"6", "0", "6", "", "7", 0, "-shard auto -o OUT/part-6.jsonl"},
		{"7", "1", "7", "3", "3", 0, "-shard auto -o OUT/part-2.jsonl"},
		{"4", "0", "7", "2", "4", 2, "are not 4 numbers 2 apart"},
	} {
		dir := t.TempDir()
		cmd := exec.Command("sh", script, "OUT", "tournament", "-seed", "1", "a.rob")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "ROBOCOM=echo", "SLURM_ARRAY_TASK_ID="+c.id, "SLURM_ARRAY_TASK_MIN="+c.min,
			"SLURM_ARRAY_TASK_MAX="+c.max, "SLURM_ARRAY_TASK_COUNT="+c.count, "SLURM_ARRAY_TASK_STEP="+c.step)
		out, _ := cmd.CombinedOutput()
		if st := cmd.ProcessState.ExitCode(); st != c.status || !strings.Contains(string(out), c.want) {
			t.Errorf("task %s of %s-%s:%s (%s tasks): status %d, want %d with %q:\n%s", c.id, c.min, c.max, c.step, c.count, st, c.status, c.want, out)
		}
	}
}
