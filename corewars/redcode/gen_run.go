//go:build ignore

// gen_run writes run_gen.go and run_untracked_gen.go (Machine.run and
// Machine.runUntracked) from internal/gen/run.tmpl, and fast_gen.go. Run "go generate" after
// editing the template; TestGeneratedCode checks that they are up to date.
package main

import (
	"fmt"
	"os"

	"robocom/corewars/redcode/internal/gen"
)

func main() {
	out, err := gen.FastKinds()
	if err == nil {
		err = writeFile(gen.FastKindsFile, out)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for i, f := range gen.Files {
		out, err := gen.Generate(i)
		if err == nil {
			err = writeFile(f.Name, out)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

// writeFile replaces name through a temporary file, so a failed write leaves the old one.
func writeFile(name string, data []byte) error {
	if err := os.WriteFile(name+".tmp", data, 0o644); err != nil {
		return err
	}
	return os.Rename(name+".tmp", name)
}
