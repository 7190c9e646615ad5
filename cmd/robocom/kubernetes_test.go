package main

import (
	"bytes"
	"debug/elf"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The parts of the Kubernetes API that docs/cluster's YAML files use, field by field, so that
// a strict decode refuses a misspelt or misplaced field as the API server would.
type (
	k8sMeta struct {
		Name   string            `yaml:"name"`
		Labels map[string]string `yaml:"labels"`
	}
	k8sHead struct {
		APIVersion string `yaml:"apiVersion"`
		Kind       string `yaml:"kind"`
	}
	k8sPVC struct {
		APIVersion string  `yaml:"apiVersion"`
		Kind       string  `yaml:"kind"`
		Metadata   k8sMeta `yaml:"metadata"`
		Spec       struct {
			AccessModes      []string     `yaml:"accessModes"`
			StorageClassName *string      `yaml:"storageClassName"`
			Resources        k8sResources `yaml:"resources"`
			VolumeMode       *string      `yaml:"volumeMode"`
			Selector         *k8sSelector `yaml:"selector"`
			DataSource       *k8sTypedRef `yaml:"dataSource"`
			VolumeName       string       `yaml:"volumeName"`
		} `yaml:"spec"`
	}
	k8sSelector struct {
		MatchLabels map[string]string `yaml:"matchLabels"`
	}
	k8sTypedRef struct {
		Kind string `yaml:"kind"`
		Name string `yaml:"name"`
	}
	k8sPod struct {
		APIVersion string     `yaml:"apiVersion"`
		Kind       string     `yaml:"kind"`
		Metadata   k8sMeta    `yaml:"metadata"`
		Spec       k8sPodSpec `yaml:"spec"`
	}
	k8sJob struct {
		APIVersion string  `yaml:"apiVersion"`
		Kind       string  `yaml:"kind"`
		Metadata   k8sMeta `yaml:"metadata"`
		Spec       struct {
			CompletionMode          string `yaml:"completionMode"`
			Completions             *int   `yaml:"completions"`
			Parallelism             *int   `yaml:"parallelism"`
			BackoffLimit            *int   `yaml:"backoffLimit"`
			BackoffLimitPerIndex    *int   `yaml:"backoffLimitPerIndex"`
			ActiveDeadlineSeconds   *int64 `yaml:"activeDeadlineSeconds"`
			TTLSecondsAfterFinished *int   `yaml:"ttlSecondsAfterFinished"`
			Template                struct {
				Metadata k8sMeta    `yaml:"metadata"`
				Spec     k8sPodSpec `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	k8sPodSpec struct {
		RestartPolicy   string `yaml:"restartPolicy"`
		SecurityContext struct {
			RunAsNonRoot   *bool  `yaml:"runAsNonRoot"`
			RunAsUser      *int64 `yaml:"runAsUser"`
			RunAsGroup     *int64 `yaml:"runAsGroup"`
			FSGroup        *int64 `yaml:"fsGroup"`
			SeccompProfile struct {
				Type string `yaml:"type"`
			} `yaml:"seccompProfile"`
		} `yaml:"securityContext"`
		Containers []k8sContainer `yaml:"containers"`
		Volumes    []struct {
			Name                  string `yaml:"name"`
			PersistentVolumeClaim *struct {
				ClaimName string `yaml:"claimName"`
				ReadOnly  bool   `yaml:"readOnly"`
			} `yaml:"persistentVolumeClaim"`
			EmptyDir *struct {
				Medium    string `yaml:"medium"`
				SizeLimit string `yaml:"sizeLimit"`
			} `yaml:"emptyDir"`
		} `yaml:"volumes"`
	}
	k8sContainer struct {
		Name       string   `yaml:"name"`
		Image      string   `yaml:"image"`
		Command    []string `yaml:"command"`
		Args       []string `yaml:"args"`
		WorkingDir string   `yaml:"workingDir"`
		Env        []struct {
			Name  string `yaml:"name"`
			Value string `yaml:"value"`
		} `yaml:"env"`
		SecurityContext struct {
			AllowPrivilegeEscalation *bool `yaml:"allowPrivilegeEscalation"`
			ReadOnlyRootFilesystem   *bool `yaml:"readOnlyRootFilesystem"`
			RunAsNonRoot             *bool `yaml:"runAsNonRoot"`
			Privileged               *bool `yaml:"privileged"`
			Capabilities             struct {
				Add  []string `yaml:"add"`
				Drop []string `yaml:"drop"`
			} `yaml:"capabilities"`
		} `yaml:"securityContext"`
		Resources    k8sResources `yaml:"resources"`
		VolumeMounts []struct {
			Name      string `yaml:"name"`
			MountPath string `yaml:"mountPath"`
			SubPath   string `yaml:"subPath"`
			ReadOnly  bool   `yaml:"readOnly"`
		} `yaml:"volumeMounts"`
	}
	k8sResources struct {
		Requests map[string]string `yaml:"requests"`
		Limits   map[string]string `yaml:"limits"`
	}
)

// k8sQuantity reads the quantities the recipe uses: a number, or one with m (thousandths),
// Ki, Mi or Gi.
func k8sQuantity(s string) (float64, error) {
	mult := 1.0
	for _, u := range []struct {
		suffix string
		m      float64
	}{{"Ki", 1 << 10}, {"Mi", 1 << 20}, {"Gi", 1 << 30}, {"m", 1e-3}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.m
			break
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	return v * mult, err
}

// k8sDocs decodes every YAML document of a file strictly: each into the type its kind names.
func k8sDocs(t *testing.T, path string) []any {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []any
	for i, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(string(src), -1) {
		var head k8sHead
		if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
			t.Fatalf("%s, document %d: %v", path, i+1, err)
		}
		var v any
		switch head.APIVersion + " " + head.Kind {
		case "v1 PersistentVolumeClaim":
			v = &k8sPVC{}
		case "v1 Pod":
			v = &k8sPod{}
		case "batch/v1 Job":
			v = &k8sJob{}
		default:
			t.Fatalf("%s, document %d: %s %s is not a kind the recipe uses", path, i+1, head.APIVersion, head.Kind)
		}
		dec := yaml.NewDecoder(strings.NewReader(doc))
		dec.KnownFields(true)
		if err := dec.Decode(v); err != nil {
			t.Fatalf("%s, document %d (%s): %v", path, i+1, head.Kind, err)
		}
		out = append(out, v)
	}
	return out
}

// checkPodSpec checks what every pod of the recipe must have: a non-root user, no privilege
// escalation, a read-only root file system, no capabilities, resources within their limits,
// mounts of declared volumes, the volume claim of storage.yaml. It returns the pod's user.
func checkPodSpec(t *testing.T, where string, s *k8sPodSpec, claim, image string, job bool) (uid, gid int64) {
	t.Helper()
	sc := s.SecurityContext
	if sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser == 0 || sc.RunAsGroup == nil || sc.FSGroup == nil {
		t.Errorf("%s: the pod must run as a non-root user and group (runAsNonRoot, runAsUser, runAsGroup, fsGroup)", where)
		return 0, 0
	}
	if sc.SeccompProfile.Type != "RuntimeDefault" {
		t.Errorf("%s: seccompProfile is %q, not RuntimeDefault", where, sc.SeccompProfile.Type)
	}
	if job && s.RestartPolicy != "Never" {
		t.Errorf("%s: restartPolicy %q; a Job with backoffLimitPerIndex needs Never", where, s.RestartPolicy)
	}
	volumes := map[string]bool{}
	for _, v := range s.Volumes {
		volumes[v.Name] = true
		if (v.PersistentVolumeClaim == nil) == (v.EmptyDir == nil) {
			t.Errorf("%s: volume %s is not one claim or emptyDir", where, v.Name)
		}
		if v.PersistentVolumeClaim != nil && v.PersistentVolumeClaim.ClaimName != claim {
			t.Errorf("%s: volume %s claims %q, not %q of storage.yaml", where, v.Name, v.PersistentVolumeClaim.ClaimName, claim)
		}
	}
	if len(s.Containers) != 1 {
		t.Fatalf("%s: %d containers, not 1", where, len(s.Containers))
	}
	c := s.Containers[0]
	if c.Image != image {
		t.Errorf("%s: image %q, but storage.yaml's shell pod has %q: one image for the recipe", where, c.Image, image)
	}
	csc := c.SecurityContext
	if csc.AllowPrivilegeEscalation == nil || *csc.AllowPrivilegeEscalation || csc.ReadOnlyRootFilesystem == nil || !*csc.ReadOnlyRootFilesystem ||
		!slices.Equal(csc.Capabilities.Drop, []string{"ALL"}) || len(csc.Capabilities.Add) > 0 || (csc.Privileged != nil && *csc.Privileged) {
		t.Errorf("%s: the container must set allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, drop [ALL] and add nothing", where)
	}
	for _, r := range []string{"cpu", "memory"} {
		req, err1 := k8sQuantity(c.Resources.Requests[r])
		lim, err2 := k8sQuantity(c.Resources.Limits[r])
		if err1 != nil || err2 != nil || req <= 0 || lim < req {
			t.Errorf("%s: %s request %q and limit %q: both needed, the request at most the limit", where, r, c.Resources.Requests[r], c.Resources.Limits[r])
		}
		if job && r == "cpu" && (lim < 2 || lim != float64(int(lim))) {
			t.Errorf("%s: a CPU limit of %s; Go sets GOMAXPROCS to it rounded up and at least 2, so give a whole number of at least 2", where, c.Resources.Limits[r])
		}
	}
	tmp := false
	for _, m := range c.VolumeMounts {
		if !volumes[m.Name] {
			t.Errorf("%s: a mount of volume %q, which the pod does not declare", where, m.Name)
		}
		tmp = tmp || m.MountPath == "/tmp"
	}
	if !tmp {
		t.Errorf("%s: no writable /tmp under a read-only root file system", where)
	}
	return *sc.RunAsUser, *sc.RunAsGroup
}

// fakeCluster is what the kubectl stand-in knows: the pods' users and each Job's pods.
type fakeCluster struct {
	Pods map[string][2]int64 // pod name: uid, gid
	Jobs map[string]fakeJob  // by file name
}

type fakeJob struct {
	Name        string
	Completions int
	Argv        []string
	UID, GID    int64
	ReadOnly    []string // folders mounted read-only
}

const fakeKubeVar = "ROBOCOM_FAKE_KUBE"

// fakeKubectl stands in for kubectl in TestKubernetesRecipe (TestMain runs it when the test
// binary is started as "kubectl"): exec runs the command here as the pod's user, create and
// apply of a Job run its pods one after the other with JOB_COMPLETION_INDEX, each as the
// Job's user with its read-only mounts made unwritable; wait and delete do nothing.
func fakeKubectl(args []string) int {
	var c fakeCluster
	b, err := os.ReadFile(os.Getenv(fakeKubeVar))
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "kubectl stand-in:", err)
		return 2
	}
	run := func(argv []string, uid, gid int64, env ...string) int {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
		cmd.Env = append(os.Environ(), env...)
		if os.Geteuid() == 0 {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
		}
		if err := cmd.Run(); err != nil {
			fmt.Fprintf(os.Stderr, "kubectl stand-in: %s: %v\n", strings.Join(argv, " "), err)
			return 1
		}
		return 0
	}
	if len(args) == 0 {
		return 2
	}
	switch args[0] {
	case "wait", "delete":
		return 0
	case "apply", "create":
		if len(args) != 3 || args[1] != "-f" {
			break
		}
		j, ok := c.Jobs[filepath.Base(args[2])]
		if !ok {
			return 0 // the volume and the shell pod: there is nothing to start here
		}
		for _, d := range j.ReadOnly {
			os.Chmod(d, 0o555)
			defer os.Chmod(d, 0o755)
			files, _ := filepath.Glob(filepath.Join(d, "*"))
			for _, f := range files {
				os.Chmod(f, 0o444)
				defer os.Chmod(f, 0o644)
			}
		}
		for k := 0; k < j.Completions; k++ {
			if st := run(j.Argv, j.UID, j.GID, fmt.Sprintf("JOB_COMPLETION_INDEX=%d", k)); st != 0 {
				fmt.Fprintf(os.Stderr, "kubectl stand-in: pod %d of job %s failed\n", k, j.Name)
				return st
			}
		}
		return 0
	case "exec":
		rest := args[1:]
		if len(rest) > 0 && rest[0] == "-i" {
			rest = rest[1:]
		}
		if len(rest) < 3 || rest[1] != "--" {
			break
		}
		u, ok := c.Pods[rest[0]]
		if !ok {
			fmt.Fprintf(os.Stderr, "kubectl stand-in: no pod %s\n", rest[0])
			return 1
		}
		return run(rest[2:], u[0], u[1])
	}
	fmt.Fprintf(os.Stderr, "kubectl stand-in: %s is not a command the recipe uses\n", strings.Join(args, " "))
	return 2
}

// TestKubernetesRecipe checks docs/cluster's Kubernetes recipe as far as can be done without
// a cluster: the YAML files decode strictly into the API's fields and every pod has the
// recipe's security context, resources and mounts; the Containerfile's go build line builds a
// static binary; and the README's block of commands runs as it stands, with a stand-in for
// kubectl that runs each pod's command here (the Jobs' pods once per completion index, as
// the pods' user, /data a temporary folder, read-only mounts unwritable). The tournament it
// merges must be the single run's, byte for byte, and the hill it imports the tournament's.
func TestKubernetesRecipe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	const dir = "../../docs/cluster"
	var (
		claim, image string
		shellUser    [2]int64
	)
	for _, d := range k8sDocs(t, filepath.Join(dir, "storage.yaml")) {
		switch d := d.(type) {
		case *k8sPVC:
			claim = d.Metadata.Name
			if !slices.Equal(d.Spec.AccessModes, []string{"ReadWriteMany"}) {
				t.Errorf("storage.yaml: access modes %v; the Job's pods on several nodes each write a part: ReadWriteMany", d.Spec.AccessModes)
			}
			if _, err := k8sQuantity(d.Spec.Resources.Requests["storage"]); err != nil {
				t.Errorf("storage.yaml: the claim requests no storage: %v", err)
			}
		case *k8sPod:
			image = d.Spec.Containers[0].Image
			shellUser[0], shellUser[1] = checkPodSpec(t, "storage.yaml "+d.Metadata.Name, &d.Spec, claim, image, false)
			if d.Metadata.Name != "robocom-shell" {
				t.Errorf("storage.yaml: the pod is %s; the README's commands exec in robocom-shell", d.Metadata.Name)
			}
		}
	}
	if claim == "" || image == "" {
		t.Fatal("storage.yaml: no PersistentVolumeClaim or no shell pod")
	}

	// The Containerfile: its go build line, run here, makes the binary the Jobs run.
	cf, err := os.ReadFile(filepath.Join(dir, "Containerfile"))
	if err != nil {
		t.Fatal(err)
	}
	build := regexp.MustCompile(`(?m)^RUN (CGO_ENABLED=0 go build .* -o (\S+) \./cmd/robocom)$`).FindSubmatch(cf)
	if build == nil {
		t.Fatal("Containerfile: no line RUN CGO_ENABLED=0 go build ... -o FILE ./cmd/robocom")
	}
	out := string(build[2])
	if !regexp.MustCompile(`(?m)^COPY --from=build ` + regexp.QuoteMeta(out) + ` /usr/local/bin/robocom$`).Match(cf) {
		t.Errorf("Containerfile: the image does not take %s as /usr/local/bin/robocom", out)
	}
	if user := fmt.Sprintf("USER %d:%d", shellUser[0], shellUser[1]); !bytes.Contains(cf, []byte("\n"+user+"\n")) {
		t.Errorf("Containerfile: no %q, the pods' user", user)
	}
	// Folders the pods' user can enter (t.TempDir makes them 0700).
	open := func(p string) string {
		for d := p; d != os.TempDir() && d != "/" && d != "."; d = filepath.Dir(d) {
			os.Chmod(d, 0o755)
		}
		return p
	}
	bin := open(filepath.Join(t.TempDir(), "bin"))
	os.Mkdir(bin, 0o755)
	cmd := exec.Command("/bin/sh", "-c", strings.Replace(string(build[1]), out, filepath.Join(bin, "robocom"), 1))
	cmd.Dir = "../.."
	if o, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("Containerfile's %s: %v\n%s", build[1], err, o)
	}
	robocom := filepath.Join(bin, "robocom")
	ef, err := elf.Open(robocom)
	if err != nil {
		t.Fatal(err)
	}
	libs, _ := ef.ImportedLibraries()
	for _, p := range ef.Progs {
		if p.Type == elf.PT_INTERP {
			libs = append(libs, "an interpreter")
		}
	}
	ef.Close()
	if len(libs) > 0 {
		t.Fatalf("the Containerfile's binary is not static (it needs %v); busybox has no C library for it", libs)
	}

	// The Jobs, with /data in a folder of the test owned by the pods' user (fsGroup).
	data := open(filepath.Join(t.TempDir(), "data"))
	os.Mkdir(data, 0o755)
	os.Chown(data, int(shellUser[0]), int(shellUser[1]))
	cluster := fakeCluster{Pods: map[string][2]int64{"robocom-shell": shellUser}, Jobs: map[string]fakeJob{}}
	seedRounds := ""
	for _, name := range []string{"tournament-job.yaml", "hill-job.yaml"} {
		docs := k8sDocs(t, filepath.Join(dir, name))
		if len(docs) != 1 {
			t.Fatalf("%s: %d documents, not one Job", name, len(docs))
		}
		j, ok := docs[0].(*k8sJob)
		if !ok {
			t.Fatalf("%s is not a Job", name)
		}
		s := &j.Spec
		if s.CompletionMode != "Indexed" || s.Completions == nil || *s.Completions < 1 {
			t.Fatalf("%s: not an Indexed Job with completions", name)
		}
		if s.TTLSecondsAfterFinished == nil || *s.TTLSecondsAfterFinished <= 0 {
			t.Errorf("%s: no ttlSecondsAfterFinished: finished Jobs would stay", name)
		}
		if s.Parallelism != nil && (*s.Parallelism < 1 || *s.Parallelism > *s.Completions) {
			t.Errorf("%s: parallelism %d of %d completions", name, *s.Parallelism, *s.Completions)
		}
		uid, gid := checkPodSpec(t, name, &s.Template.Spec, claim, image, true)
		c := s.Template.Spec.Containers[0]
		argv := append(append([]string{}, c.Command...), c.Args...)
		if len(argv) != 3 || argv[0] != "/bin/sh" || argv[1] != "-c" {
			t.Fatalf("%s: the container runs %q, not /bin/sh -c COMMAND", name, argv)
		}
		n := *s.Completions
		if !strings.Contains(argv[2], fmt.Sprintf("-shard auto/%d ", n)) {
			t.Fatalf("%s: the command does not split into the %d completions: %s", name, n, argv[2])
		}
		if sr := regexp.MustCompile(`-seed \d+ -rounds \d+`).FindString(argv[2]); sr != "" {
			seedRounds = sr
		}
		argv[2] = strings.ReplaceAll(argv[2], "/data", data)
		fj := fakeJob{Name: j.Metadata.Name, Completions: n, Argv: argv, UID: uid, GID: gid}
		for _, m := range c.VolumeMounts {
			if m.ReadOnly {
				fj.ReadOnly = append(fj.ReadOnly, strings.Replace(m.MountPath, "/data", data, 1))
			}
		}
		cluster.Jobs[name] = fj
	}
	if seedRounds == "" {
		t.Fatal("tournament-job.yaml: no -seed N -rounds N in the command")
	}

	// The README's block, run as it stands in a folder with july1998/ (a few programs) and
	// my.hill, with kubectl the stand-in.
	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "`TestKubernetesRecipe` runs this block")
	_, after, ok2 := strings.Cut(after, "```sh\n")
	block, _, ok3 := strings.Cut(after, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README.md: no ```sh block after the sentence that TestKubernetesRecipe runs it")
	}
	block = strings.ReplaceAll(block, "/data", data)
	work := open(t.TempDir())
	progs := filepath.Join(work, "july1998")
	os.Mkdir(progs, 0o755)
	for _, f := range hillRobots {
		src, _ := os.ReadFile(f)
		os.WriteFile(filepath.Join(progs, filepath.Base(f)), src, 0o644)
	}
	rounds := strings.Fields(seedRounds)[3]
	runBinary(t, robocom, "hill", "create", filepath.Join(work, "my.hill"), "-game", "robocom", "-rounds", rounds, "-seed", "1")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	kubectl := filepath.Join(bin, "kubectl")
	if err := os.Symlink(self, kubectl); err != nil {
		t.Fatal(err)
	}
	conf, _ := json.Marshal(cluster)
	confPath := filepath.Join(work, "fake-cluster.json")
	os.WriteFile(confPath, conf, 0o644)
	sh := exec.Command("/bin/sh", "-e", "-c", block)
	sh.Dir = work
	sh.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), fakeKubeVar+"="+confPath)
	o, blockErr := sh.CombinedOutput()
	got, err := os.ReadFile(filepath.Join(work, "result.txt"))
	if err != nil {
		t.Fatalf("the README's Kubernetes block wrote no result.txt: %v\n%s", blockErr, o)
	}
	if want := runBinary(t, robocom, append(append([]string{"tournament"}, strings.Fields(seedRounds)...), progs)...); string(got) != want {
		t.Fatalf("the pods' parts merge to:\n%s\nnot the tournament's:\n%s", got, want)
	}
	if blockErr != nil {
		t.Fatalf("the README's Kubernetes block: %v\n%s", blockErr, o)
	}
	// The programs as the block added them, relative to its folder.
	files, _ := filepath.Glob(filepath.Join(progs, "*.rob"))
	for i, f := range files {
		files[i], _ = filepath.Rel(work, f)
	}
	tour := exec.Command(robocom, append([]string{"tournament", "-json", "-seed", "1", "-rounds", rounds}, files...)...)
	tour.Dir = work
	wantb, err := tour.Output()
	if err != nil {
		t.Fatalf("robocom tournament: %v", err)
	}
	want := string(wantb)
	if got := withoutHillFields(t, runBinary(t, robocom, "hill", "show", filepath.Join(work, "my.hill"), "-json")); got != want {
		t.Fatalf("the hill the pods played differs from the tournament:\n%s\n---\n%s", got, want)
	}
}
