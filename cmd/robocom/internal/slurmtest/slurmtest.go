// Package slurmtest starts a real single-node Slurm cluster for a test: Debian's munged,
// slurmctld and slurmd, run directly (no systemd, no cgroups), with their key, config, state
// and logs in a temporary folder. Tests submit job arrays to it with sbatch and the cluster
// stops when the test ends.
//
// It needs Linux, root, and the packages slurmctld, slurmd, slurm-client and munge
// (`.ci/install-deps test` installs them); without them Start skips the test with a sentence
// saying what is missing, unless ROBOCOM_SLURM_REQUIRED=1 asks for a failure instead.
//
// Several runs on one machine (two `go test` processes) take turns through a lock file. Every
// process the cluster starts, down to the jobs' own processes, carries the environment
// variable ROBOCOM_SLURMTEST; whoever holds the lock next ends any such process left over by a
// run that was killed (job steps outlive a slurmd killed with -9).
package slurmtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// markerVar is set in the environment of every process the cluster starts (and so inherited by
// job steps and the jobs), so leftovers of a killed run can be found and ended.
const markerVar = "ROBOCOM_SLURMTEST"

// lockPath serialises clusters on one machine: only its holder may end marked processes.
var lockPath = filepath.Join(os.TempDir(), "robocom-slurmtest.lock")

// A Cluster is a running single-node Slurm cluster.
type Cluster struct {
	Dir  string // temporary folder: slurm.conf, munge/, state/, spool/, log/
	Conf string // path of slurm.conf
	Node string // the node's name

	t       testing.TB
	lock    *os.File
	daemons []*daemon
}

type daemon struct {
	name string
	cmd  *exec.Cmd
	done chan struct{} // closed when the process has been waited for
	log  string        // its own log file, shown when the test fails
}

// Start starts munged, slurmctld and slurmd and waits until the node is idle. The cluster is
// stopped by t.Cleanup. It skips t when Slurm cannot run here.
func Start(t testing.TB) *Cluster {
	t.Helper()
	if reason := unavailable(); reason != "" {
		if os.Getenv("ROBOCOM_SLURM_REQUIRED") == "1" {
			t.Fatalf("Slurm test cannot run and ROBOCOM_SLURM_REQUIRED=1: %s", reason)
		}
		t.Skipf("Slurm test skipped: %s", reason)
	}
	c := &Cluster{t: t, Node: "robonode"}
	c.lock = takeLock(t)
	t.Cleanup(c.Stop)
	endMarkedProcesses()
	removeStaleDirs()

	dir, err := os.MkdirTemp("", "robocom-slurmtest-")
	if err != nil {
		t.Fatal(err)
	}
	// munged runs as the munge user, which must reach its folder inside this one.
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	c.Dir = dir
	c.startMunge()
	c.writeConf()
	c.startDaemon("slurmctld", "slurmctld", "-D", "-i", "-f", c.Conf)
	c.startDaemon("slurmd", "slurmd", "-D", "-N", c.Node, "-f", c.Conf)
	c.waitIdle(60 * time.Second)
	return c
}

// unavailable says why no cluster can start here, or "" when one can.
func unavailable() string {
	if runtime.GOOS != "linux" {
		return "a Slurm cluster is only started on Linux"
	}
	if os.Getenv("ROBOCOM_SLURM") == "off" {
		return "ROBOCOM_SLURM=off"
	}
	var missing []string
	for _, b := range []string{"munged", "slurmctld", "slurmd", "sbatch", "sinfo"} {
		if _, err := exec.LookPath(b); err != nil {
			missing = append(missing, b)
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf("%s not installed (Debian packages slurmctld slurmd slurm-client munge; `.ci/install-deps test` installs them)", strings.Join(missing, ", "))
	}
	if os.Geteuid() != 0 {
		return "the daemons must run as root (slurmd starts jobs as their user), and this test is not root"
	}
	if _, err := user.Lookup("munge"); err != nil {
		return "there is no munge user (the munge package creates it)"
	}
	return ""
}

// takeLock waits up to 15 minutes for another cluster on this machine to finish.
func takeLock(t testing.TB) *os.File {
	f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatalf("cannot open the Slurm test lock: %v", err)
	}
	deadline := time.Now().Add(15 * time.Minute)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return f
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) || time.Now().After(deadline) {
			f.Close()
			t.Fatalf("another Slurm test cluster holds %s: %v", lockPath, err)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// endMarkedProcesses kills every process carrying markerVar and waits until each is gone or a
// zombie (the init of a container may never reap them; a zombie holds no port or file).
func endMarkedProcesses() {
	pids := markedProcesses()
	for _, pid := range pids {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	deadline := time.Now().Add(10 * time.Second)
	for _, pid := range pids {
		for running(pid) && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
	}
}

func markedProcesses() []int {
	ents, _ := os.ReadDir("/proc")
	self := os.Getpid()
	var pids []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil {
			continue
		}
		for _, kv := range bytes.Split(env, []byte{0}) {
			if bytes.HasPrefix(kv, []byte(markerVar+"=")) {
				pids = append(pids, pid)
				break
			}
		}
	}
	return pids
}

// running reports whether pid is a live process: present and neither zombie nor dead. kill -0
// succeeds on a zombie, so the state letter in /proc/PID/stat decides.
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// "pid (comm) S ...": comm may hold spaces and parentheses; the state follows the last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) {
		return false
	}
	switch b[i+2] {
	case 'Z', 'X', 'x':
		return false
	}
	return true
}

// removeStaleDirs removes the folders of earlier clusters; the lock says none is running.
func removeStaleDirs() {
	old, _ := filepath.Glob(filepath.Join(os.TempDir(), "robocom-slurmtest-*"))
	for _, d := range old {
		os.RemoveAll(d)
	}
}

func (c *Cluster) env() []string {
	return append(os.Environ(), "SLURM_CONF="+c.Conf, markerVar+"="+c.Dir)
}

// Env is the environment for running Slurm's client commands against this cluster.
func (c *Cluster) Env() []string { return c.env() }

func (c *Cluster) startMunge() {
	t := c.t
	u, err := user.Lookup("munge")
	if err != nil {
		t.Fatal(err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	md := filepath.Join(c.Dir, "munge")
	// munged insists: its folder executable by all (0711), its key readable by it alone.
	if err := os.Mkdir(md, 0o711); err != nil {
		t.Fatal(err)
	}
	key := make([]byte, 1024)
	rand.Read(key)
	keyFile := filepath.Join(md, "munge.key")
	if err := os.WriteFile(keyFile, key, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{md, keyFile} {
		if err := os.Chown(p, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(md, 0o711); err != nil { // the umask may have narrowed Mkdir's mode
		t.Fatal(err)
	}
	sock := filepath.Join(md, "munge.socket")
	d := c.startDaemonAs("munged", &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)},
		"munged", "-F", "--key-file="+keyFile, "--socket="+sock, "--pid-file="+filepath.Join(md, "munged.pid"),
		"--log-file="+filepath.Join(md, "munged.log"), "--seed-file="+filepath.Join(md, "munged.seed"))
	deadline := time.Now().Add(15 * time.Second)
	for {
		if _, err := os.Stat(sock); err == nil {
			return
		}
		select {
		case <-d.done:
			t.Fatalf("munged stopped at start:\n%s", tail(d.log, 20))
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("munged made no socket in 15 s:\n%s", tail(d.log, 20))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// freePort asks the kernel for a free TCP port on 127.0.0.1, so two machines' worth of tests or
// a system Slurm on the standard ports do not collide with this cluster.
func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func (c *Cluster) writeConf() {
	t := c.t
	for _, d := range []string{"state", "spool", "log"} {
		if err := os.Mkdir(filepath.Join(c.Dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	// slurmctld only runs on the host its SlurmctldHost names: the short host name, with the
	// address given so that no DNS is needed.
	host, _, _ = strings.Cut(host, ".")
	ctldPort := freePort(t)
	dPort := freePort(t)
	for dPort == ctldPort {
		dPort = freePort(t)
	}
	p := func(name string) string { return filepath.Join(c.Dir, name) }
	conf := fmt.Sprintf(`# A single-node cluster for robocom's tests: no systemd, no cgroups, no accounting.
ClusterName=robocomtest
SlurmctldHost=%s(127.0.0.1)
SlurmctldPort=%d
SlurmdPort=%d
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=%s
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MailProg=/bin/true
ReturnToService=2
# A finished job's record goes after 2 s, so that sbatch --wait is not left polling; a failed
# array task may then go unreported, which is why the tests check the jobs' output themselves.
MinJobAge=2
KillWait=5
StateSaveLocation=%s
SlurmdSpoolDir=%s
SlurmctldPidFile=%s
SlurmdPidFile=%s
SlurmctldLogFile=%s
SlurmdLogFile=%s
NodeName=%s NodeAddr=127.0.0.1 CPUs=%d State=UNKNOWN
PartitionName=main Nodes=%s Default=YES MaxTime=INFINITE State=UP
`, host, ctldPort, dPort, p("munge/munge.socket"), p("state"), p("spool"), p("slurmctld.pid"), p("slurmd.pid"),
		p("log/slurmctld.log"), p("log/slurmd.log"), c.Node, runtime.NumCPU(), c.Node)
	c.Conf = p("slurm.conf")
	if err := os.WriteFile(c.Conf, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
}

func (c *Cluster) startDaemon(name string, argv ...string) *daemon {
	return c.startDaemonAs(name, nil, argv...)
}

func (c *Cluster) startDaemonAs(name string, cred *syscall.Credential, argv ...string) *daemon {
	t := c.t
	logPath := filepath.Join(c.Dir, name+".out")
	out, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = c.env()
	cmd.Dir = c.Dir
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Credential: cred}
	if err := cmd.Start(); err != nil {
		out.Close()
		t.Fatalf("cannot start %s: %v", name, err)
	}
	out.Close()
	d := &daemon{name: name, cmd: cmd, done: make(chan struct{}), log: logPath}
	go func() { cmd.Wait(); close(d.done) }()
	c.daemons = append(c.daemons, d)
	return d
}

// waitIdle waits until sinfo shows the node idle.
func (c *Cluster) waitIdle(limit time.Duration) {
	t := c.t
	deadline := time.Now().Add(limit)
	var last string
	for time.Now().Before(deadline) {
		for _, d := range c.daemons {
			select {
			case <-d.done:
				t.Fatalf("%s stopped at start:\n%s\n%s", d.name, tail(d.log, 20), c.Logs())
			default:
			}
		}
		cmd := exec.Command("sinfo", "-h", "-n", c.Node, "-o", "%T")
		cmd.Env = c.env()
		out, err := cmd.CombinedOutput()
		last = strings.TrimSpace(string(out))
		if err == nil && last == "idle" {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("the Slurm node is not idle after %v (sinfo: %q)\n%s", limit, last, c.Logs())
}

// SubmitArray runs `sbatch --array=0-(n-1) --wait` with the script and its arguments, in dir
// and with extra environment variables, and returns sbatch's output. Each task's output goes to
// Dir/log/task-JOB_TASK.out. sbatch's exit status alone does not prove every task succeeded
// (see MinJobAge above): check what the tasks wrote.
func (c *Cluster) SubmitArray(ctx context.Context, n int, dir string, extraEnv []string, script string, args ...string) (string, error) {
	argv := []string{"--array=0-" + strconv.Itoa(n-1), "--wait", "--parsable",
		"--chdir=" + dir, "--output=" + filepath.Join(c.Dir, "log", "task-%A_%a.out"), script}
	cmd := exec.CommandContext(ctx, "sbatch", append(argv, args...)...)
	cmd.Env = append(c.env(), extraEnv...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("sbatch %s: %v\n%s", strings.Join(append(argv, args...), " "), err, out)
	}
	return string(out), nil
}

// TaskLogs returns the array tasks' output files, for a failing test to show.
func (c *Cluster) TaskLogs() string {
	var b strings.Builder
	files, _ := filepath.Glob(filepath.Join(c.Dir, "log", "task-*.out"))
	for _, f := range files {
		fmt.Fprintf(&b, "--- %s\n%s", filepath.Base(f), tail(f, 20))
	}
	return b.String()
}

// Logs returns the end of each daemon's log.
func (c *Cluster) Logs() string {
	var b strings.Builder
	for _, f := range []string{"munge/munged.log", "log/slurmctld.log", "log/slurmd.log", "slurmctld.out", "slurmd.out", "munged.out"} {
		p := filepath.Join(c.Dir, f)
		if _, err := os.Stat(p); err == nil {
			fmt.Fprintf(&b, "--- %s\n%s", f, tail(p, 15))
		}
	}
	return b.String()
}

// Stop ends the daemons (TERM, then KILL after 5 s), then every job process left, and removes
// the folder unless the test failed.
func (c *Cluster) Stop() {
	if c.lock == nil {
		return
	}
	if c.t.Failed() && c.Dir != "" {
		c.t.Logf("Slurm cluster folder %s kept; daemon logs:\n%s%s", c.Dir, c.Logs(), c.TaskLogs())
	}
	for i := len(c.daemons) - 1; i >= 0; i-- {
		d := c.daemons[i]
		d.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-d.done:
		case <-time.After(5 * time.Second):
			d.cmd.Process.Kill()
			<-d.done
		}
	}
	c.daemons = nil
	endMarkedProcesses() // job steps and jobs outlive slurmd
	if !c.t.Failed() && c.Dir != "" {
		os.RemoveAll(c.Dir)
	}
	c.lock.Close() // releases the flock
	c.lock = nil
}

func tail(path string, lines int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Sprintf("(%v)\n", err)
	}
	ls := strings.SplitAfter(string(b), "\n")
	if len(ls) > lines {
		ls = ls[len(ls)-lines:]
	}
	return strings.Join(ls, "")
}
