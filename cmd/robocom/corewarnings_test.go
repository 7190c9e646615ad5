package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCoreWarningsOnStderr: core, tournament and hill add print the assembler's warnings of a
// Redcode warrior that loads (here pMARS's missing ;assert) on stderr, once, as
// "file: warning: message" with the file name escaped, and play or add it all the same: the
// exit status, stdout (text and -json) and the rest of stderr are those of the same warrior
// with an ;assert, which has no warnings.
func TestCoreWarningsOnStderr(t *testing.T) {
	const (
		imp   = ";name Imp\nMOV 0, 1\n"
		dwarf = ";name Dwarf\n;assert CORESIZE == 8000\nADD #4, 3\nMOV 2, @2\nJMP -2\nDAT #0, #0\n"
		msg   = "warning: Missing ';assert'. Warrior may not work with the current setting\n"
	)
	hillAdd := func(t *testing.T, args ...string) (int, string, string) {
		mustHill(t, "create", "w.hill", "-game", "core", "-rounds", "2", "-seed", "3")
		return runHillCmd(t, append([]string{"add", "w.hill"}, args...)...)
	}
	commands := []struct {
		name string
		run  func(t *testing.T, imp string) (int, string, string) // imp: the Imp's file, beside dwarf.red
	}{
		{"core", func(t *testing.T, imp string) (int, string, string) {
			return runCoreT("-seed", "5", "-rounds", "3", imp, "dwarf.red")
		}},
		{"core -json", func(t *testing.T, imp string) (int, string, string) {
			return runCoreT("-seed", "5", "-rounds", "3", "-json", imp, "dwarf.red")
		}},
		{"tournament", func(t *testing.T, imp string) (int, string, string) {
			return runCoreTournament(t, "-seed", "5", "-rounds", "2", imp, "dwarf.red")
		}},
		{"tournament -json", func(t *testing.T, imp string) (int, string, string) {
			return runCoreTournament(t, "-seed", "5", "-rounds", "2", "-json", imp, "dwarf.red")
		}},
		{"hill add", func(t *testing.T, imp string) (int, string, string) { return hillAdd(t, imp, "dwarf.red") }},
		{"hill add -json", func(t *testing.T, imp string) (int, string, string) { return hillAdd(t, "-json", imp, "dwarf.red") }},
		{"hill add -noplay", func(t *testing.T, imp string) (int, string, string) { return hillAdd(t, "-noplay", imp, "dwarf.red") }},
	}
	files := []struct{ name, shown string }{
		{"imp.red", "imp.red"},
		{"imp\x1b[31m.red", `imp\x1b[31m.red`},
		{"imp.red\nfake.red", `imp.red\nfake.red`},
	}
	// run plays the command in a folder of its own holding dwarf.red and the Imp as file.
	run := func(t *testing.T, run func(*testing.T, string) (int, string, string), file, src string) (int, string, string) {
		t.Chdir(t.TempDir())
		if err := os.WriteFile("dwarf.red", []byte(dwarf), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return run(t, file)
	}
	for _, c := range commands {
		for _, f := range files {
			t.Run(c.name+"/"+f.shown, func(t *testing.T) {
				if err := os.WriteFile(filepath.Join(t.TempDir(), f.name), nil, 0o644); err != nil {
					t.Skip(err) // a file system that refuses the name
				}
				var code, wcode int
				var out, wout, errs, werrs string
				t.Run("with assert", func(t *testing.T) {
					code, out, errs = run(t, c.run, f.name, imp+";assert 1\n")
				})
				t.Run("without assert", func(t *testing.T) {
					wcode, wout, werrs = run(t, c.run, f.name, imp)
				})
				if code != 0 || !strings.Contains(out+errs, "Imp") {
					t.Fatalf("with an ;assert: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
				}
				if strings.Contains(errs, "warning") {
					t.Errorf("a warrior with an ;assert is warned of:\n%s", errs)
				}
				line := f.shown + ": " + msg
				if n := strings.Count(werrs, line); n != 1 {
					t.Errorf("stderr has the line %q %d times, want once:\n%s", line, n, werrs)
				}
				if rest := strings.Replace(werrs, line, "", 1); wcode != code || wout != out || rest != errs {
					t.Errorf("the warning changed more than stderr's warning line: exit %d, want %d\nstdout:\n%s\nwant:\n%s\nstderr without it:\n%s\nwant:\n%s",
						wcode, code, wout, out, rest, errs)
				}
			})
		}
	}
}
