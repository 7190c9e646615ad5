//go:build ignore

// gen_untracked regenerates the MOV.I cases in sim.go and then
// sim_untracked.go (a copy of Machine.run without the last-writer
// bookkeeping, for batch battles). Run "go generate" after editing run;
// TestGeneratedCode checks that both are up to date.
package main

import (
	"fmt"
	"os"

	"robocom/corewars/redcode/internal/gen"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func writeFile(name string, data []byte) error {
	if err := os.WriteFile(name+".tmp", data, 0o644); err != nil {
		return err
	}
	return os.Rename(name+".tmp", name)
}

func run() error {
	src, err := os.ReadFile("sim.go")
	if err != nil {
		return err
	}
	if src, err = gen.SpliceMOVI(src); err != nil {
		return err
	}
	if err := writeFile("sim.go", src); err != nil {
		return err
	}
	out, err := gen.Generate(src)
	if err != nil {
		return err
	}
	return writeFile("sim_untracked.go", out)
}
