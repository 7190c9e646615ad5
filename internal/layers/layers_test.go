package layers

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// The rules, as import path prefixes: a package under from may not depend, directly or
// not, on anything under one of its forbidden prefixes.
var rules = []struct {
	from      string
	forbidden []string
	why       string
}{
	{"robocom/arena", []string{"gioui.org", "robocom/ui", "robocom/corewars", "robocom/cmd"}, "the RoboCom engine knows no window and no Core War"},
	{"robocom/robolang", []string{"gioui.org", "robocom/ui", "robocom/corewars", "robocom/arena", "robocom/cmd"}, "the RoboCom language is below the board"},
	{"robocom/corewars", []string{"gioui.org", "robocom/ui", "robocom/arena", "robocom/robolang", "robocom/cmd"}, "the Core War engines know no window and no RoboCom"},
	{"robocom/internal", []string{"gioui.org", "robocom/ui", "robocom/arena", "robocom/robolang", "robocom/corewars", "robocom/cmd"}, "what both games share belongs to neither"},
	{"robocom/ui/kit", []string{"robocom/arena", "robocom/robolang", "robocom/corewars", "robocom/ui/robowin", "robocom/ui/corewin", "robocom/ui/shell"}, "the kit is below both windows"},
	{"robocom/ui/picker", []string{"robocom/arena", "robocom/robolang", "robocom/corewars", "robocom/ui/robowin", "robocom/ui/corewin", "robocom/ui/shell"}, "the picker is below both windows"},
	{"robocom/ui/robowin", []string{"robocom/corewars", "robocom/ui/corewin", "robocom/ui/shell"}, "the RoboCom window knows nothing of Core War"},
	{"robocom/ui/corewin", []string{"robocom/arena", "robocom/robolang", "robocom/ui/robowin", "robocom/ui/shell"}, "the Core War window knows nothing of RoboCom"},
	{"robocom/robots", []string{"gioui.org", "robocom/ui"}, "the sample programs are data"},
}

func under(path, prefix string) bool {
	return path == prefix || strings.HasPrefix(path, prefix+"/")
}

func TestImportsGoDown(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	// One line a package: its path, then every package it depends on.
	cmd := exec.Command(goTool, "list", "-deps=false", "-f", "{{.ImportPath}} {{join .Deps \" \"}}", "robocom/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	checked := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		pkg, deps := fields[0], fields[1:]
		for _, r := range rules {
			if !under(pkg, r.from) {
				continue
			}
			checked++
			for _, d := range deps {
				for _, f := range r.forbidden {
					if under(d, f) {
						t.Errorf("%s depends on %s: %s", pkg, d, r.why)
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d packages matched the rules; has the module been renamed?", checked)
	}
}
